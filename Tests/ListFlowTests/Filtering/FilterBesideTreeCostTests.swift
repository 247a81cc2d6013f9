import ListFlowTesting
import Synchronization
import TestSupport
import Testing

@testable import ListFlow

/// A filter over a composite that holds a tree beside a long list: while a query is set, a change of the list's
/// rows costs its change, and a change of the tree costs the tree, not the list. Counted in reads of the list
/// rows' identities and in the list's binders made (a filter that went over every row of the composite makes
/// one per row), at 5,000 rows and at 50,000.
@MainActor
@Suite(.serialized) struct FilterBesideTreeCostTests {
  typealias Row = FilterChangeCostTests.TitledRow

  /// The identities read and binders made of the list's rows by each of a run of random changes, of the list
  /// (told edits of its first ten sections) or (`changingTree`) of the tree beside it (its trees changed, a row
  /// expanded or collapsed in place), under a query; checks after each change that the filter shows what a new
  /// filter over an equal composite shows.
  static func reads(rows: Int, seed: UInt64, changingTree: Bool) async throws -> [Int] {
    let reads = FilterChangeCostTests.Reads()
    var random = SeededRandom(seed: seed)
    // Binders made of the list's rows are counted with its identities.
    let controller = ListController<[ListSection<Row>]>(
      rows: { $0 },
      cell: { row in
        row.reads.identities.add(1, ordering: .relaxed)
        return FilterChangeCostTests.cell(row)
      })
    var sections = stride(from: 0, to: rows, by: 500).map { start in
      (start..<start + 500).map { Row(key: $0, version: 0, reads: reads) }
    }
    var selected: Set<Int> = []
    var nextKey = rows
    await controller.apply(sections.indices.map { ListSection(id: $0, items: sections[$0]) })
    var roots = TreeFilterPropertyTests.forest(&random)
    let expanded = Set((1...16).filter { _ in random.oneIn(2) })
    let tree = OutlineFeed(
      id: "tree", outline: Outline(roots, expanded: expanded), cell: TreeFilterPropertyTests.binder)
    let screen = ComposedFeed<ListSectionSnapshot>()
    let treeFirst = random.oneIn(2)
    try screen.append(treeFirst ? tree : controller)
    try screen.append(treeFirst ? controller : tree)
    let filter = try FilteredFeed(screen)
    let engine = try ListEngine(view: ViewportListView(rowCount: 20), showing: filter)
    // A first told edit, before the query (the list's first one indexes its rows).
    try controller.performEdits { edit in
      try FilterChangeCostTests.change(&sections, selected: &selected, nextKey: &nextKey, reads: reads, using: &random)(
        &edit)
    }
    filter.query = ["1", "v1", "a", "y"][Int(seed % 4)]
    var nextID = 100
    var counts: [Int] = []
    for _ in 0..<DeepPass.cases(quick: 8, deep: 16) {
      let before = reads.value
      if changingTree {
        let treeRows = tree.displayedSections[0].elements.count
        if random.oneIn(3), treeRows > 0 {
          let path = ItemPath(item: random.below(treeRows), section: 0)
          tree.setExpanded(tree.isRowExpanded(at: path) != true, forRowAt: path)
        } else {
          TreeFilterPropertyTests.change(&roots, nextID: &nextID, &random)
          tree.outline.roots = roots
        }
      } else {
        try controller.performEdits { edit in
          for _ in 0..<1 + random.below(8) {
            try FilterChangeCostTests.change(
              &sections, selected: &selected, nextKey: &nextKey, reads: reads, using: &random)(&edit)
          }
        }
      }
      counts.append(reads.value - before)
    }
    // What a new filter over an equal composite shows.
    let lists = SectionsFeed(sections: controller.displayedSections)
    let copy = OutlineFeed(id: "tree", outline: tree.outline, cell: TreeFilterPropertyTests.binder)
    let fresh = ComposedFeed<ListSectionSnapshot>()
    try fresh.append(treeFirst ? copy : lists)
    try fresh.append(treeFirst ? lists : copy)
    let oracle = try FilteredFeed(fresh, query: filter.query)
    #expect(FilterBesideTreePropertyTests.shown(filter) == FilterBesideTreePropertyTests.shown(oracle), "seed \(seed)")
    _ = engine
    return counts
  }

  /// A change of the list (`changingTree` false) or of the tree, each with its own seeds.
  @Test(
    "beside a tree, a change of a list (or, beside a list, a change of the tree) under a query reads as many list rows at 5,000 rows as at 50,000",
    arguments: [(false, UInt64(0xB351)), (true, UInt64(0x7EE5))])
  func changeBesideOtherChildCostsItsChange(changingTree: Bool, firstSeed: UInt64) async throws {
    for seed in DeepPass.seeds(from: firstSeed, quick: 2, deep: 8) {
      let small = try await Self.reads(rows: 5_000, seed: seed, changingTree: changingTree)
      let large = try await Self.reads(rows: 50_000, seed: seed, changingTree: changingTree)
      #expect(zip(small, large).allSatisfy { abs($0 - $1) <= 4 }, "seed \(seed): \(small) and \(large)")
    }
  }
}
