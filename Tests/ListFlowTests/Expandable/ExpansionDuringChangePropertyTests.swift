import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases (40 seeds in the quick pass, 300 in the deep pass): a tree in a composite, below a source whose
/// rows come and go, changed at random (trees changed in place, rows expanded and collapsed, the expansion set, the
/// source updated). While each change is applied (`willApply`, each batch's `didInsertRows` and `didDeleteRows`,
/// `didApply`), the engine is asked, for every row it shows, whether the row is expanded and how deep it is: a
/// view draws rows and its help line from these answers as it applies a change. The oracle is the tree's own row
/// of the same identity: the answers are about the row at that position in the list the engine shows, never
/// about the row the tree's newer list has there.
@MainActor
@Suite("Expansion and depth asked during a change are the row's shown")
struct ExpansionDuringChangePropertyTests {
  typealias File = TreeFilterPropertyTests.File

  /// A row's binder: its name indented by its depth, marked `+` when it can expand and `-` when it can collapse.
  static func cell(_ row: Outline<File>.Row) -> CellBinder {
    let mark = row.isExpandable ? (row.isExpanded ? " -" : " +") : ""
    let text = String(repeating: "  ", count: row.depth) + row.element.name + mark
    return SectionHeaderCell.makeBinder(value: text, id: row.element.id)
  }

  @Test("isRowExpanded and depth(ofRowAt:) answer for the row shown at the position", .timeLimit(.minutes(60)))
  func answersFollowTheListShown() throws {
    var failures: [String] = []
    var failingSeeds: Set<UInt64> = []
    for seed in DeepPass.seeds(quick: 40, deep: 300) {
      var random = SeededRandom(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 5)
      var log: [String] = []
      let tree = OutlineFeed(
        id: "tree", outline: Outline(TreeFilterPropertyTests.forest(&random)), cell: Self.cell)
      let source = SectionsFeed<ListSectionSnapshot>(sections: [ReentrancyPropertyTests.section("s", ["a"])])
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(source)
      try composite.append(tree)
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: composite)
      var nextID = 100
      func check(_ from: String) {
        // The tree's rows now, by identity.
        var rows: [ListIdentifier: Outline<File>.Row] = [:]
        for row in tree.rows { rows[ListIdentifier(row.element.id)] = row }
        for (section, content) in engine.snapshot.enumerated() {
          for item in content.elements.indices {
            let path = ItemPath(item: item, section: section)
            let id = content.elements[item].id
            guard let row = rows[id] else { continue }
            let expanded = engine.isRowExpanded(at: path)
            let depth = engine.depth(ofRowAt: path)
            if expanded != (row.isExpandable ? row.isExpanded : nil) || depth != row.depth {
              failingSeeds.insert(seed)
              failures.append(
                "seed \(seed), \(from): \(id) at \(path) told \(String(describing: expanded)), depth \(depth); "
                  + "it is \(row.isExpanded), depth \(row.depth); \(log)")
            }
          }
        }
      }
      engine.delegate.willApply = { _ in check("willApply") }
      engine.delegate.didInsertRows = { _ in check("didInsertRows") }
      engine.delegate.didDeleteRows = { _ in check("didDeleteRows") }
      engine.delegate.didApply = { _ in check("didApply") }
      let actions = WeightedChoice<@MainActor () -> Void>([
        (
          "change the trees in place", weight: 3,
          {
            log.append("change in place")
            TreeFilterPropertyTests.change(&tree.outline.roots, nextID: &nextID, &random)
          }
        ),
        (
          "toggle a row", weight: 3,
          {
            let index = random.below(max(1, tree.rows.count))
            log.append("toggle \(index)")
            tree.toggleRow(at: index)
          }
        ),
        (
          "set the expansion", weight: 1,
          {
            let expanded = Set((1...16).filter { _ in random.oneIn(2) })
            log.append("expanded \(expanded.sorted())")
            tree.outline.expanded = expanded
          }
        ),
        (
          "update the source", weight: 2,
          {
            let rows = (0..<random.below(4)).map { "r\($0)" }
            log.append("source \(rows)")
            source.update(to: rows.isEmpty ? [] : [ReentrancyPropertyTests.section("s", rows)])
          }
        ),
      ])
      for _ in 0..<8 {
        let action = actions.pick(using: &random)
        action.value()
      }
    }
    #expect(
      failures.isEmpty,
      "\(failures.count) answers wrong in \(failingSeeds.count) cases; first: \(failures.first ?? "")")
  }
}
