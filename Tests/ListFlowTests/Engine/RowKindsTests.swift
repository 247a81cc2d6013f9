import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A stage's updated rows are split into reconfigured (same cell type) and reloaded (another cell type) by making
/// each row's binders before and after the stage: for the delegate, only when the app set
/// `didReconfigureRows` or `didReloadRows`, then for every updated row; for a view, only for the rows it shows.
@Suite("Updated rows split into reconfigured and reloaded: all of them for the delegate, the shown ones for a view")
@MainActor
struct RowKindsTests {
  /// A row on the rows path whose cell type follows `isAlternate`.
  struct KindRow: Differentiable, Equatable, Sendable {
    var id: Int
    var version: Int
    var isAlternate: Bool
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: KindRow) -> Bool { self == source }
    var binder: CellBinder { TestRow(id: id, version: version, isAlternate: isAlternate).cellBinder }
  }

  /// Random updates of `rows`: about a third of them get a new version, half of those a new cell type too.
  /// Returns the positions updated with the same cell type and with another.
  static func update(_ rows: inout [KindRow], using random: inout SeededRandom) -> (same: [Int], other: [Int]) {
    var same: [Int] = []
    var other: [Int] = []
    for index in rows.indices where random.oneIn(3) {
      let flips = random.oneIn(2)
      rows[index].version += 1
      if flips {
        rows[index].isAlternate.toggle()
        other.append(index)
      } else {
        same.append(index)
      }
    }
    return (same, other)
  }

  @Test("the delegate gets every updated row: reconfigured when its cell type stays, reloaded when it changes")
  func delegateGetsEverySplit() async throws {
    for seed in DeepPass.seeds(quick: 20, deep: 100) {
      var random = SeededRandom(seed: seed)
      var reconfigured: [ItemPath] = []
      var reloaded: [ItemPath] = []
      var delegate = SyncDelegate()
      delegate.didReconfigureRows = { reconfigured += $0 }
      delegate.didReloadRows = { reloaded += $0 }
      let controller = ListController<[KindRow]>(rows: { [ListSection(id: "s", items: $0)] }) { $0.binder }
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: controller, delegate: delegate, reloadThreshold: .max)
      var rows = (0..<(1 + random.below(80))).map { KindRow(id: $0, version: 0, isAlternate: random.oneIn(2)) }
      await controller.apply(rows)
      for step in 0..<4 {
        reconfigured = []
        reloaded = []
        let expected = Self.update(&rows, using: &random)
        await controller.apply(rows)
        #expect(reconfigured.map(\.item).sorted() == expected.same, "seed \(seed), step \(step)")
        #expect(reloaded.map(\.item).sorted() == expected.other, "seed \(seed), step \(step)")
        #expect(view.inconsistencies.isEmpty, "seed \(seed), step \(step): \(view.inconsistencies)")
        #expect(view.renderedLines == rows.map { ($0.isAlternate ? "alt " : "") + "r\($0.id) v\($0.version)" })
      }
      withExtendedLifetime(engine) {}
    }
  }

  @Test("without those closures, updating rows makes binders for the rows on screen only, however many changed")
  func viewSplitsOnlyShownRows() async throws {
    let shown = 20
    for seed in DeepPass.seeds(quick: 10, deep: 50) {
      var random = SeededRandom(seed: seed)
      let calls = CallCounter()
      let controller = ListController<[KindRow]>(rows: { [ListSection(id: "s", items: $0)] }) { row in
        calls.add()
        return row.binder
      }
      let view = ViewportListView(rowCount: shown)
      let engine = try ListEngine(view: view, showing: controller, reloadThreshold: .max)
      var rows = (0..<(500 + random.below(1_500))).map {
        KindRow(id: $0, version: 0, isAlternate: random.oneIn(2))
      }
      await controller.apply(rows)
      for step in 0..<3 {
        let before = calls.value
        _ = Self.update(&rows, using: &random)
        await controller.apply(rows)
        let made = calls.value - before
        // The viewport makes the cells it shows again; splitting every updated row would make two binders each.
        #expect(made <= 2 * shown + 4, "seed \(seed), step \(step): \(made) binders for \(shown) rows shown")
        #expect(
          view.renderedLines == rows.prefix(shown).map { ($0.isAlternate ? "alt " : "") + "r\($0.id) v\($0.version)" })
      }
      withExtendedLifetime(engine) {}
    }
  }
}
