import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases (40 seeds in the quick pass, 400 in the deep pass): trees whose elements are their own identity
/// (a `Hashable` value), some of them holding a NaN, so that their identity is not equal to itself and no set finds
/// it. Random expansions and collapses through the feed (by position), the engine, and the outline (by identity,
/// toggled, all at once). The oracle is a plain walk of the trees under the expansion the test keeps, in which a
/// node holding a NaN never expands: after every step the rows match it, every request says whether it changed the
/// row as the model does, the engine says a NaN row can neither expand nor collapse, and the expanded identities
/// hold no identity that is not equal to itself (they do not grow with each request); then a filter over the same
/// trees, queried and cleared, expands no such identity and gives back the expansion it found.
@MainActor
@Suite("Identities not equal to themselves in a tree")
struct OutlineUnexpandableIdentityPropertyTests {
  struct Reading: Hashable, Sendable, Differentiable {
    var id: Int
    var value: Double
  }
  typealias Node = Outline<Reading>.Node

  /// The visible rows of `nodes` (text, depth, expandability, expansion), a node holding a NaN never expanded.
  static func model(_ nodes: [Node], expanded: Set<Reading>, depth: Int = 0) -> [String] {
    nodes.flatMap { node -> [String] in
      let isExpanded = !node.children.isEmpty && !node.element.value.isNaN && expanded.contains(node.element)
      return [text(node.element, depth: depth, isExpandable: !node.children.isEmpty, isExpanded: isExpanded)]
        + (isExpanded ? model(node.children, expanded: expanded, depth: depth + 1) : [])
    }
  }

  static func text(_ element: Reading, depth: Int, isExpandable: Bool, isExpanded: Bool) -> String {
    let mark = isExpandable ? (isExpanded ? "-" : "+") : " "
    return "\(String(repeating: ".", count: depth))\(mark)\(element.id)"
  }

  static var tree: TreePaths<Node> { TreePaths(children: \.children) }

  enum Request { case feedRow, engineRow, expandID, toggleID, expandAll, collapseAll }

  static let requests = WeightedChoice<Request>([
    ("toggle a row through the feed", weight: 5, .feedRow),
    ("expand or collapse a row through the engine", weight: 4, .engineRow),
    ("expand a node's identity through the outline", weight: 3, .expandID),
    ("toggle a node's identity through the outline", weight: 3, .toggleID),
    ("expand all", weight: 1, .expandAll),
    ("collapse all", weight: 1, .collapseAll),
  ])

  @Test("a node whose identity holds a NaN stays collapsed, and every request about it says so")
  func nanIdentitiesStayCollapsed() throws {
    var failed = 0
    for seed in DeepPass.seeds(quick: 40, deep: 400) {
      var random = SeededRandom(seed: seed)
      var nextID = 0
      func make(depth: Int) -> Node {
        nextID += 1
        let count = depth > 0 && random.below(3) > 0 ? 1 + random.below(3) : 0
        return Node(
          Reading(id: nextID, value: random.oneIn(3) ? .nan : Double(random.below(5))),
          children: (0..<count).map { _ in make(depth: depth - 1) })
      }
      let roots = (0..<(1 + random.below(4))).map { _ in make(depth: 1 + random.below(3)) }
      var expanded: Set<Reading> = []
      let feed = OutlineFeed(id: "tree", outline: Outline(roots)) { row in
        FeedCostPropertyTests.text(
          Self.text(row.element, depth: row.depth, isExpandable: row.isExpandable, isExpanded: row.isExpanded))
      }
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: feed)
      var failures: [String] = []
      var log: [String] = []
      for step in 0..<20 {
        let request = Self.requests.pick(using: &random)
        log.append(request.name)
        let context = "seed \(seed), step \(step): \(log.suffix(4))"
        let rows = feed.rows
        let all = Self.tree.all(roots).map { Self.tree.node(at: $0, of: roots) }
        var expected: Bool?
        var result: Bool?
        switch request.value {
        case .feedRow, .engineRow:
          guard !rows.isEmpty else { continue }
          let item = random.below(rows.count)
          let row = rows[item]
          let canChange = row.isExpandable && !row.element.value.isNaN
          let want = request.value == .feedRow ? !row.isExpanded : random.oneIn(2)
          expected = canChange && row.isExpanded != want
          if expected == true {
            if want { expanded.insert(row.element) } else { expanded.remove(row.element) }
          }
          result =
            request.value == .feedRow
            ? feed.toggleRow(at: item) : engine.setExpanded(want, forRowAt: ItemPath(item: item, section: 0))
        case .expandID:
          let element = all[random.below(all.count)].element
          if !element.value.isNaN { expanded.insert(element) }
          feed.outline.expand(element)
        case .toggleID:
          let element = all[random.below(all.count)].element
          expected = !element.value.isNaN && !expanded.contains(element)
          if !element.value.isNaN, expanded.remove(element) == nil { expanded.insert(element) }
          result = feed.outline.toggle(element)
        case .expandAll:
          for node in all where !node.children.isEmpty && !node.element.value.isNaN { expanded.insert(node.element) }
          feed.outline.expandAll()
        case .collapseAll:
          expanded = []
          feed.outline.collapseAll()
        }
        if let expected, result != expected {
          failures.append("\(context): returned \(String(describing: result)), expected \(expected)")
        }
        if feed.outline.expanded.contains(where: { $0 != $0 }) {
          failures.append("\(context): the expanded identities hold \(feed.outline.expanded.count) identities")
        }
        let texts = Self.model(roots, expanded: expanded)
        if let difference = ListExpectations.difference(
          feed.rows.map {
            Self.text($0.element, depth: $0.depth, isExpandable: $0.isExpandable, isExpanded: $0.isExpanded)
          }, texts)
        {
          failures.append("\(context): rows \(difference)")
        }
        if let difference = ListExpectations.difference(
          view.sections.flatMap { $0.rows.map(\.textRepresentation) }, texts)
        {
          failures.append("\(context): view \(difference)")
        }
        for (item, row) in feed.rows.enumerated() {
          let answer = engine.isRowExpanded(at: ItemPath(item: item, section: 0))
          let want = row.isExpandable && !row.element.value.isNaN ? row.isExpanded : nil
          if answer != want {
            failures.append(
              "\(context): row \(item) answers \(String(describing: answer)), expected \(String(describing: want))")
            break
          }
        }
        if !view.inconsistencies.isEmpty { failures.append("\(context): \(view.inconsistencies)") }
        if !failures.isEmpty { break }
      }
      // A filter over the same trees expands the ancestors of its matches, but not a node holding a NaN.
      if failures.isEmpty {
        let filtered = OutlineFeed(id: "filtered", outline: Outline(roots)) { row in
          FeedCostPropertyTests.text(
            Self.text(row.element, depth: row.depth, isExpandable: row.isExpandable, isExpanded: row.isExpanded))
        }
        let filter = try FilteredFeed(filtered)
        let filterEngine = try ListEngine(view: RecordingListView(), showing: filter)
        for _ in 0..<3 {
          filter.query = "\(1 + random.below(nextID))"
          if filtered.outline.expanded.contains(where: { $0 != $0 }) {
            failures.append("seed \(seed) query '\(filter.query)': the filter expands an identity holding a NaN")
            break
          }
        }
        filter.query = ""
        if !filtered.outline.expanded.isEmpty {
          failures.append("seed \(seed): the filter leaves \(filtered.outline.expanded.count) identities expanded")
        }
        withExtendedLifetime(filterEngine) {}
      }
      withExtendedLifetime(engine) {}
      if !failures.isEmpty {
        failed += 1
        if failed <= 3 { Issue.record("\(failures[0])") }
      }
    }
    #expect(failed == 0, "\(failed) seeds failed")
  }
}
