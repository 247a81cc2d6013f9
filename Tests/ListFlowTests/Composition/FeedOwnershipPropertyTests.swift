import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Who shows a feed: composites, filters and engines built and taken apart at random, against a model of who
/// shows what. A feed is shown by one thing at a time, a composite never contains itself (also through a filter),
/// a feed whose filter is gone can be shown again, and every engine's view shows its feed after the leaves change.
@MainActor
@Suite("Feed ownership: composites, filters and engines built at random")
struct FeedOwnershipPropertyTests {
  /// A feed of the test and what the model knows of it.
  enum Kind {
    case leaf(SectionsFeed<ListSectionSnapshot>)
    case composite(ComposedFeed<ListSectionSnapshot>)
    case filter(FilteredFeed)
  }

  struct Node {
    var kind: Kind
    /// The node that shows this one (a composite or a filter), or -1 for an engine, `nil` for nothing.
    var owner: Int?
    /// For a filter, the node it filters.
    var source: Int?
    /// For a composite, its children in order.
    var children: [Int] = []

    var feed: any ListFeed<ListSectionSnapshot> {
      switch kind {
      case .leaf(let feed): feed
      case .composite(let feed): feed
      case .filter(let feed): feed
      }
    }
  }

  static func sections(_ name: String, _ random: inout SeededRandom) -> [ListSectionSnapshot] {
    (0..<Int(random.next() % 3)).map { section in
      ListSection(
        id: "\(name).\(section)",
        items: (0..<Int(random.next() % 4)).map { row in
          SectionHeaderCell.makeBinder(
            value: "\(name).\(section).\(row)", id: ListIdentifier("\(name).\(section).\(row)"))
        }
      ).snapshot
    }
  }

  @Test("a feed is shown by one thing, a composite never holds itself, a gone filter frees its source")
  func ownership() throws {
    for seed in DeepPass.seeds(from: 0, quick: 60, deep: 600) {
      var random = SeededRandom(seed: seed)
      // Nodes are never removed from the array, except a filter let go (set to `nil`), so indices stay.
      var nodes: [Node?] = []
      var engines: [(view: RecordingListView, engine: ListEngine, node: Int)] = []
      var log: [String] = []
      func live() -> [Int] { nodes.indices.filter { nodes[$0] != nil } }
      func pick(_ indices: [Int]) -> Int? {
        indices.isEmpty ? nil : indices[Int(random.next() % UInt64(indices.count))]
      }
      /// Whether `node` is `composite` or shows it, through composites and filters.
      func contains(_ node: Int, _ composite: Int) -> Bool {
        var current: Int? = composite
        while let index = current, index >= 0 {
          if index == node { return true }
          current = nodes[index]?.owner
        }
        return false
      }
      for step in 0..<30 {
        let context = "seed \(seed), step \(step): \(log)"
        switch random.next() % 7 {
        case 0:
          let leaf = SectionsFeed(sections: Self.sections("L\(nodes.count)", &random))
          nodes.append(Node(kind: .leaf(leaf)))
          log.append("leaf \(nodes.count - 1)")
        case 1:
          nodes.append(Node(kind: .composite(ComposedFeed())))
          log.append("composite \(nodes.count - 1)")
        case 2:
          guard let source = pick(live()), let feed = nodes[source]?.feed else { continue }
          log.append("filter \(source)")
          do {
            let filter = try FilteredFeed(feed)
            #expect(nodes[source]?.owner == nil, "\(context)")
            let index = nodes.count
            nodes[source]?.owner = index
            nodes.append(Node(kind: .filter(filter), source: source))
          } catch {
            #expect(error == .alreadyComposed && nodes[source]?.owner != nil, "\(context)")
          }
        case 3:
          let composites = live().filter { if case .composite = nodes[$0]?.kind { true } else { false } }
          guard let parent = pick(composites), let child = pick(live()),
            case .composite(let composite) = nodes[parent]?.kind, let feed = nodes[child]?.feed
          else { continue }
          log.append("append \(child) to \(parent)")
          do {
            try composite.append(feed)
            #expect(!contains(child, parent) && nodes[child]?.owner == nil, "\(context)")
            nodes[child]?.owner = parent
            nodes[parent]?.children.append(child)
          } catch {
            let expected: ListFlowError = contains(child, parent) ? .cycle : .alreadyComposed
            #expect(error == expected, "\(context)")
            #expect(error == .cycle || nodes[child]?.owner != nil, "\(context)")
          }
        case 4:
          let composites = live().filter { if case .composite = nodes[$0]?.kind { true } else { false } }
          guard let parent = pick(composites), case .composite(let composite) = nodes[parent]?.kind,
            composite.childCount > 0
          else { continue }
          let index = Int(random.next() % UInt64(composite.childCount))
          guard let child = nodes[parent]?.children.remove(at: index) else { continue }
          log.append("remove \(child) from \(parent)")
          try composite.removeChild(at: index)
          nodes[child]?.owner = nil
        case 5:
          // A filter shown by nothing is let go: its source can be shown again.
          let filters = live().filter {
            if case .filter = nodes[$0]?.kind { nodes[$0]?.owner == nil } else { false }
          }
          guard let filter = pick(filters), let source = nodes[filter]?.source else { continue }
          log.append("drop filter \(filter)")
          nodes[filter] = nil
          nodes[source]?.owner = nil
        default:
          guard let node = pick(live()), let feed = nodes[node]?.feed else { continue }
          log.append("show \(node)")
          let view = RecordingListView()
          do {
            let engine = try ListEngine(view: view, showing: feed)
            #expect(nodes[node]?.owner == nil, "\(context)")
            nodes[node]?.owner = -1
            engines.append((view, engine, node))
          } catch {
            #expect(error == .alreadyComposed && nodes[node]?.owner != nil, "\(context)")
          }
        }
        for node in live() {
          #expect(nodes[node]?.feed.feedLink.isConnected == (nodes[node]?.owner != nil), "\(node): \(context)")
        }
      }
      // Every leaf changes; every engine's view shows its feed.
      for node in live() {
        if case .leaf(let leaf) = nodes[node]?.kind { leaf.update(to: Self.sections("L\(node)'", &random)) }
      }
      for (view, engine, node) in engines {
        guard let feed = nodes[node]?.feed else { continue }
        let context = "seed \(seed), engine of \(node): \(log)"
        #expect(view.renderedLines == ListRendering.lines(of: feed.displayedSections), "\(context)")
        #expect(ListRendering.lines(of: engine.snapshot) == view.renderedLines, "\(context)")
        #expect(view.inconsistencies.isEmpty, "\(context)")
      }
    }
  }
}
