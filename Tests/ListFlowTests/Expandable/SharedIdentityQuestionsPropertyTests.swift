import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases (60 seeds in the quick pass, 400 in the deep pass, for each wiring: the tree alone, after another
/// feed's section, or through a filter with no query): a tree whose identities come from a small pool, so that a
/// node is listed under two parents (one copy a leaf, the other with children, say). While a change is applied
/// (from `didApply`), the trees change in a way that moves rows but keeps every node, so the feeds are ahead of the
/// list shown; then every row shown is asked whether it is expanded and how deep it is. The oracle is the row shown
/// at the position asked: its answers before the change (no node changed whether it can expand, its depth, or the
/// expanded identities), whatever copy of its identity the change moved to its place.
@MainActor
@Suite("Expansion and depth asked during a change, of rows that share an identity")
struct SharedIdentityQuestionsPropertyTests {
  typealias Node = QueuedExpandSharedIdentityPropertyTests.Node
  typealias Wiring = QueuedExpandSharedIdentityPropertyTests.Wiring

  @Test(
    "isRowExpanded and depth asked in didApply answer for the row shown, whatever rows share its identity",
    arguments: Wiring.allCases)
  func questionsAboutSharedIdentity(wiring: Wiring) throws {
    var failed = 0
    for seed in DeepPass.seeds(quick: 60, deep: 400) {
      var random = SeededRandom(seed: seed)
      let pool = 3 + random.below(6)
      func make(depth: Int) -> Node {
        let count = depth > 0 && random.below(3) > 0 ? random.below(4) : 0
        return Node(
          FeedCostPropertyTests.Item(id: 1 + random.below(pool), version: 0),
          children: (0..<count).map { _ in make(depth: depth - 1) })
      }
      var roots = (0..<(2 + random.below(4))).map { _ in make(depth: 1 + random.below(3)) }
      var nextID = 1000
      let feed = OutlineFeed(
        id: "tree", outline: Outline(roots, expanded: Set((1...pool).filter { _ in random.below(3) > 0 }))
      ) { row in FeedCostPropertyTests.text(FeedCostPropertyTests.rowText(row)) }
      let view = RecordingListView()
      let engine: ListEngine
      let section: Int
      switch wiring {
      case .alone, .afterASection:
        let shown = try FeedCostPropertyTests.show(feed, on: view, wiring == .alone ? .alone : .composed)
        (engine, section) = (shown.0, shown.1.count)
      case .filtered:
        (engine, section) = (try ListEngine(view: view, showing: FilteredFeed(feed)), 0)
      }
      var failure: String?
      var log: [String] = []
      var isArmed = false
      engine.delegate.didApply = { _ in
        guard isArmed else { return }
        isArmed = false
        // The answers for the rows shown, before the feeds move ahead.
        let expected = feed.rows.map { row in (expanded: row.isExpandable ? row.isExpanded : nil, depth: row.depth) }
        guard engine.numberOfRows(inSection: section) == expected.count else {
          failure = "the list shown is not the feed's rows"
          return
        }
        for _ in 0..<(1 + random.below(2)) {
          log.append(QueuedExpandSharedIdentityPropertyTests.shift(&roots, nextID: &nextID, &random))
        }
        feed.outline.roots = roots
        for (item, answer) in expected.enumerated() {
          let path = ItemPath(item: item, section: section)
          let expanded = engine.isRowExpanded(at: path)
          let depth = engine.depth(ofRowAt: path)
          if expanded != answer.expanded || depth != answer.depth {
            failure =
              "row \(item): expanded \(String(describing: expanded)), depth \(depth); the row shown: expanded \(String(describing: answer.expanded)), depth \(answer.depth)"
            return
          }
        }
      }
      for step in 0..<8 {
        isArmed = true
        log.append(QueuedExpandSharedIdentityPropertyTests.shift(&roots, nextID: &nextID, &random))
        feed.outline.roots = roots
        if let failure {
          failed += 1
          if failed <= 3 { Issue.record("seed \(seed), \(wiring), step \(step): \(failure) after \(log.suffix(6))") }
          break
        }
      }
    }
    #expect(failed == 0, "\(failed) seeds failed")
  }
}
