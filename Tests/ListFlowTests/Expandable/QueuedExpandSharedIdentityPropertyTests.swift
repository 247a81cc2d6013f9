import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases (60 seeds in the quick pass, 400 in the deep pass, for each wiring: the tree alone, after another
/// feed's section, or through a filter with no query): a tree whose identities come from a small pool, so that a
/// node is listed under two parents (one copy a leaf, the other with children, say). While a change is applied
/// (from `didApply`), an expansion or a collapse is asked for a random row, often one whose identity another
/// visible row has, then the trees change in a way that moves rows but keeps every node (new nodes put in before
/// others). The oracle is the row asked about: a row with children expands or collapses as asked (by its identity,
/// as every copy does), and a leaf, which can do neither, leaves the expansion as it was, as the same request made
/// outside a change does.
@MainActor
@Suite("Queued expansions of rows that share an identity")
struct QueuedExpandSharedIdentityPropertyTests {
  typealias Item = FeedCostPropertyTests.Item
  typealias Node = Outline<Item>.Node

  static var tree: TreePaths<Node> { TreePaths(children: \.children) }

  enum Shift { case root, sibling, content }

  static let shifts = WeightedChoice<Shift>([
    ("a new root put in before others", weight: 2, .root),
    ("a new node put in among its siblings", weight: 3, .sibling),
    ("a node's content changed", weight: 1, .content),
  ])

  /// Changes the trees without taking a node out or giving a node its first child (nor taking its last): every
  /// row keeps its node and whether it can expand, but rows move.
  static func shift(_ roots: inout [Node], nextID: inout Int, _ random: inout SeededRandom) -> String {
    let choice = shifts.pick(using: &random)
    let all = tree.all(roots)
    nextID += 1
    switch choice.value {
    case .root:
      roots.insert(Node(Item(id: nextID, version: 0)), at: random.below(min(2, roots.count + 1)))
    case .sibling:
      guard !all.isEmpty else { return choice.name }
      let path = all[random.below(all.count)]
      let node = Node(Item(id: nextID, version: 0))
      tree.changeChildren(&roots, of: Array(path.dropLast())) { $0.insert(node, at: random.below(path.last! + 1)) }
    case .content:
      guard !all.isEmpty else { return choice.name }
      tree.change(&roots, at: all[random.below(all.count)][...]) { $0.element.version += 1 }
    }
    return choice.name
  }

  /// How the tree is shown: alone, after another feed's section in a composite, or through a filter with no query.
  enum Wiring: CaseIterable { case alone, afterASection, filtered }

  /// A case's trees, shown as `wiring` says: a random forest whose identities come from a small pool (so that a
  /// node is listed under two parents), some of them expanded.
  ///
  /// - Returns: The roots, the feed, its view and engine, and the section of the list that shows the tree.
  static func show(
    _ wiring: Wiring, _ random: inout SeededRandom
  ) throws -> (roots: [Node], feed: OutlineFeed<Item>, view: RecordingListView, engine: ListEngine, section: Int) {
    let pool = 3 + random.below(6)
    func make(depth: Int) -> Node {
      let count = depth > 0 && random.below(3) > 0 ? random.below(4) : 0
      return Node(
        Item(id: 1 + random.below(pool), version: 0), children: (0..<count).map { _ in make(depth: depth - 1) })
    }
    let roots = (0..<(2 + random.below(4))).map { _ in make(depth: 1 + random.below(3)) }
    let feed = OutlineFeed(
      id: "tree", outline: Outline(roots, expanded: Set((1...pool).filter { _ in random.below(3) > 0 }))
    ) { row in FeedCostPropertyTests.text(FeedCostPropertyTests.rowText(row)) }
    let view = RecordingListView()
    switch wiring {
    case .alone, .afterASection:
      let shown = try FeedCostPropertyTests.show(feed, on: view, wiring == .alone ? .alone : .composed)
      return (roots, feed, view, shown.0, shown.1.count)
    case .filtered:
      return (roots, feed, view, try ListEngine(view: view, showing: FilteredFeed(feed)), 0)
    }
  }

  @Test(
    "an expansion asked for in didApply acts on the row asked about, whatever rows share its identity",
    arguments: Wiring.allCases)
  func queuedExpansionOfSharedIdentity(wiring: Wiring) throws {
    var failed = 0
    for seed in DeepPass.seeds(quick: 60, deep: 400) {
      var random = SeededRandom(seed: seed)
      let shown = try Self.show(wiring, &random)
      var roots = shown.roots
      let (feed, view, engine, section) = (shown.feed, shown.view, shown.engine, shown.section)
      var nextID = 1000
      var failures: [String] = []
      var log: [String] = []
      var asked: (id: Int, expand: Bool, isExpandable: Bool, expandedBefore: Bool)?
      var isArmed = false
      engine.delegate.didApply = { _ in
        guard isArmed else { return }
        isArmed = false
        let rows = feed.rows
        guard !rows.isEmpty else { return }
        // Half the time a row whose identity another visible row has.
        let shared = rows.indices.filter { index in rows.filter { $0.element.id == rows[index].element.id }.count > 1 }
        let item = !shared.isEmpty && random.oneIn(2) ? shared[random.below(shared.count)] : random.below(rows.count)
        let row = rows[item]
        let expand = random.oneIn(2)
        asked = (row.element.id, expand, row.isExpandable, feed.outline.expanded.contains(row.element.id))
        log.append(
          "\(expand ? "expand" : "collapse") \(row.element.id) at \(item) (\(row.isExpandable ? "parent" : "leaf"))")
        _ = engine.setExpanded(expand, forRowAt: ItemPath(item: item, section: section))
        for _ in 0..<(1 + random.below(2)) { log.append(Self.shift(&roots, nextID: &nextID, &random)) }
        feed.outline.roots = roots
      }
      for step in 0..<8 {
        asked = nil
        isArmed = true
        log.append(Self.shift(&roots, nextID: &nextID, &random))
        feed.outline.roots = roots
        let context = "seed \(seed), \(wiring), step \(step): \(log.suffix(6))"
        if let asked {
          let isExpanded = feed.outline.expanded.contains(asked.id)
          let expected = asked.isExpandable ? asked.expand : asked.expandedBefore
          if isExpanded != expected {
            failures.append(
              "\(context): \(asked.id) is \(isExpanded ? "expanded" : "collapsed"), expected \(expected ? "expanded" : "collapsed")"
            )
          }
        }
        if view.renderedLines != ListRendering.lines(of: engine.snapshot) || !view.inconsistencies.isEmpty {
          failures.append("\(context): the view does not follow the changes")
        }
        if !failures.isEmpty { break }
      }
      if !failures.isEmpty {
        failed += 1
        if failed <= 3 { Issue.record("\(failures[0])") }
      }
    }
    #expect(failed == 0, "\(failed) seeds failed")
  }
}
