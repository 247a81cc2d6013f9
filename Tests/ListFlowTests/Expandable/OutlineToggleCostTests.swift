import ListFlow
import ListFlowTesting
import Synchronization
import TestSupport
import Testing

/// Expanding or collapsing one row of an ``OutlineFeed`` costs the rows it shows or hides, not the outline:
/// counted in reads of the elements' identities (a walk of the visible rows reads each of them), over random
/// expansions, collapses, headers set and changes of the trees, some of which give two nodes one identity. A row whose
/// identity another visible row has is walked and diffed; every step checks the rows shown against a walk of
/// the outline made by the test.
@MainActor
@Suite struct OutlineToggleCostTests {
  /// Counts reads, from any thread.
  final class Reads: Sendable {
    let count = Atomic<Int>(0)
    func take() -> Int { count.exchange(0, ordering: .relaxed) }
  }

  /// A node's element, whose identity reads are counted.
  struct Item: Sendable, Differentiable {
    var id: Int
    var version: Int
    let reads: Reads
    var differenceIdentifier: Int {
      reads.count.add(1, ordering: .relaxed)
      return id
    }
    func isContentEqual(to source: Item) -> Bool { id == source.id && version == source.version }
  }

  typealias Node = Outline<Item>.Node

  static func text(_ row: Outline<Item>.Row) -> String {
    let marker = row.isExpandable ? (row.isExpanded ? "-" : "+") : " "
    return "\(String(repeating: ".", count: row.depth))\(marker)\(row.element.id) v\(row.element.version)"
  }

  /// A feed of `outline` whose rows show ``text(_:)``, identified by their elements' identities.
  static func feed(_ outline: Outline<Item>) -> OutlineFeed<Item> {
    OutlineFeed(id: "tree", outline: outline) { row in
      CellBinder(cell: TextCell.self, value: text(row), id: ListIdentifier(row.element.id)) { $0.title = $1 }
    }
  }

  /// Checks that `feed` and `view` (after the sibling's rows) show the visible rows of `roots` under the feed's
  /// expanded identities, as the test walks them, and that the view saw no inconsistency; returns those rows.
  @discardableResult
  static func expectShown(
    _ feed: OutlineFeed<Item>, roots: [Node], on view: RecordingListView, after sibling: [[String]],
    _ context: String
  ) -> [Outline<Item>.Row] {
    let expected = Outline(roots, expanded: feed.outline.expanded).rows
    let texts = expected.map(text)
    #expect(ListExpectations.difference(feed.rows.map(text), texts) == nil, "\(context)")
    let shown = FeedCostPropertyTests.shown(view)
    #expect(Array(shown.dropLast()) == sibling, "\(context)")
    #expect(ListExpectations.difference(shown.last ?? [], texts) == nil, "\(context)")
    #expect(view.inconsistencies.isEmpty, "\(context)")
    return expected
  }

  /// `roots` trees of three levels under each root (8 children, each with 0 to 5 children of its own).
  static func trees(roots: Int, nextID: inout Int, reads: Reads, using random: inout SeededRandom) -> [Node] {
    func node(depth: Int) -> Node {
      let id = nextID
      nextID += 1
      let count = depth == 0 ? 8 : depth == 1 ? random.below(6) : 0
      return Node(Item(id: id, version: 0, reads: reads), children: (0..<count).map { _ in node(depth: depth + 1) })
    }
    return (0..<roots).map { _ in node(depth: 0) }
  }

  enum Operation { case expand, collapse, toggleShared, change, duplicate, header }

  static let operations = WeightedChoice<Operation>([
    ("expand a collapsed row", weight: 6, .expand),
    ("collapse an expanded row", weight: 5, .collapse),
    ("expand or collapse a row whose identity another visible row has", weight: 3, .toggleShared),
    ("change a node's content and set the trees", weight: 1, .change),
    ("give a node another node's identity and set the trees", weight: 1, .duplicate),
    ("set the header (sometimes the same again)", weight: 1, .header),
  ])

  /// Runs random operations on an outline of `roots` roots (most of them expanded) shown on a recording view
  /// alone or after a sibling, checking every step's rows; returns, for each expansion or collapse of a row no
  /// other visible row shares an identity with (but the first, which counts the visible rows' hashes), the
  /// identity reads it made and the rows it showed or hid.
  static func toggles(
    roots rootCount: Int, seed: UInt64, placement: FeedCostPropertyTests.Placement
  ) throws -> [(reads: Int, rows: Int)] {
    var random = SeededRandom(seed: seed)
    let reads = Reads()
    var nextID = 0
    var roots = trees(roots: rootCount, nextID: &nextID, reads: reads, using: &random)
    var outline = Outline(roots)
    for (index, root) in roots.enumerated() where index % 4 != 0 { outline.expand(root.element.id) }
    let feed = Self.feed(outline)
    let view = RecordingListView(historyLimit: 2)
    let (engine, sibling) = try FeedCostPropertyTests.show(feed, on: view, placement)
    var results: [(reads: Int, rows: Int)] = []
    var first = true
    for step in 0..<DeepPass.cases(quick: 30, deep: 80) {
      let operation = operations.pick(using: &random)
      let context = "\(rootCount) roots, \(placement), seed \(seed), step \(step): \(operation.name)"
      let before = Outline(roots, expanded: feed.outline.expanded).rows
      var unique: Bool?
      _ = reads.take()
      switch operation.value {
      case .expand, .collapse:
        let expanding = operation.value == .expand
        let candidates = before.indices.filter { before[$0].isExpandable && before[$0].isExpanded != expanding }
        guard let position = candidates.isEmpty ? nil : candidates[random.below(candidates.count)] else { continue }
        unique = before.count { $0.element.id == before[position].element.id } == 1
        _ = reads.take()
        #expect(feed.setExpanded(expanding, forRowAt: ItemPath(item: position, section: 0)), "\(context)")
      case .toggleShared:
        let counts = Dictionary(before.map { ($0.element.id, 1) }, uniquingKeysWith: +)
        let candidates = before.indices.filter {
          before[$0].isExpandable && counts[before[$0].element.id, default: 0] > 1
        }
        guard let position = candidates.isEmpty ? nil : candidates[random.below(candidates.count)] else { continue }
        #expect(feed.toggleRow(at: position), "\(context)")
      case .change:
        let root = random.below(roots.count)
        roots[root].children[random.below(8)].element.version += 1
        feed.outline.roots = roots
      case .duplicate:
        // A child of an expanded root takes the identity of a child of another; both may have children.
        let shown = roots.indices.filter { feed.outline.expanded.contains(roots[$0].element.id) }
        guard !shown.isEmpty else { continue }
        let (from, to) = (shown[random.below(shown.count)], shown[random.below(shown.count)])
        roots[to].children[random.below(8)].element.id = roots[from].children[random.below(8)].element.id
        feed.outline.roots = roots
      case .header:
        let text = "header \(random.below(3))"
        feed.header = CellBinder(cell: TextCell.self, value: text, id: ListIdentifier("header")) { $0.title = $1 }
        // A header reads no row.
        #expect(reads.take() == 0, "\(context)")
        #expect((view.sections.last?.header as? TextCell)?.title == text, "\(context)")
      }
      let made = reads.take()
      let expected = expectShown(feed, roots: roots, on: view, after: sibling, context)
      if unique == true {
        if !first { results.append((made, abs(expected.count - before.count))) }
        first = false
      }
    }
    withExtendedLifetime(engine) {}
    return results
  }

  @Test(
    "expanding or collapsing a row reads a few identities per row it shows or hides, a header none",
    arguments: FeedCostPropertyTests.Placement.allCases)
  func toggleCostsItsRows(placement: FeedCostPropertyTests.Placement) throws {
    for seed in DeepPass.seeds(from: 0x0E7A, quick: 1, deep: 4) {
      for roots in DeepPass.isOn ? [200, 2_000] : [200] {
        let toggles = try Self.toggles(roots: roots, seed: seed, placement: placement)
        #expect(toggles.count >= 5, "\(roots) roots, seed \(seed): too few toggles to count")
        for (index, toggle) in toggles.enumerated() {
          // A walk of the visible rows reads at least one identity per row: 1,000 and more at 200 roots.
          #expect(
            toggle.reads <= 6 * toggle.rows + 40,
            "\(roots) roots, \(placement), seed \(seed), toggle \(index): \(toggle.reads) reads, \(toggle.rows) rows")
        }
      }
    }
  }
}
