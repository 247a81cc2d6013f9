import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// What a ``ViewportListView`` shows after random lists (rows put in, taken out, moved, updated, their cell types
/// changed, sections changed), some of whose rows the engine cannot make a cell for (a binder whose reuse
/// identifier another cell type holds): the first rows of the first section, one line each, as a fresh viewport
/// of the final list shows them and as a ``RecordingListView`` of it shows its first rows (a row without a cell
/// as a placeholder line, never left out so that the rows after it move up).
@MainActor
@Suite struct ViewportFreshPropertyTests {
  /// Random sections, some rows drawn by a binder that takes the reuse identifier of `RowCell` for another cell
  /// type: every view registers `RowCell` first (``register(_:)``), so those rows get no cell.
  static func sections(_ random: inout SeededRandom) -> [ListSectionSnapshot] {
    RandomLists.sections(&random).map { section in
      var snapshot = section.snapshot
      let items = snapshot.elements.map { binder -> CellBinder in
        guard random.below(6) == 0, let row = binder.model as? TestRow else { return binder }
        return CellBinder(
          cell: AlternateRowCell.self, value: row, id: ListIdentifier(row.id), reuseIdentifier: RowCell.reuseIdentifier
        ) { $0.bind($1) }
      }
      snapshot.elements = CellBinderList(items)
      return snapshot
    }
  }

  /// `view`, with `RowCell` registered under its reuse identifier before any row is shown.
  static func register<View: ListView>(_ view: View) -> View {
    view.reusePool.register(RowCell.self)
    return view
  }

  static func run(seed: UInt64, steps: Int) throws -> String? {
    var random = SeededRandom(seed: seed)
    let rowCount = random.below(8)
    let feed = SectionsFeed(sections: sections(&random))
    let view = register(ViewportListView(rowCount: rowCount))
    let engine = try ListEngine(view: view, showing: feed)
    for step in 0..<steps {
      let context = "seed \(seed) step \(step), \(rowCount) rows"
      if random.below(5) == 0 { view.reloadData() } else { feed.update(to: sections(&random)) }
      let fresh = register(ViewportListView(rowCount: rowCount))
      let freshEngine = try ListEngine(view: fresh, showing: SectionsFeed(sections: engine.snapshot))
      let recording = register(RecordingListView())
      let recordingEngine = try ListEngine(view: recording, showing: SectionsFeed(sections: engine.snapshot))
      let firstRows = recording.sections.first.map { Array($0.rows.prefix(rowCount).map(\.textRepresentation)) } ?? []
      if let difference = ListExpectations.difference(view.renderedLines, firstRows) {
        return "\(context): the first rows \(difference)"
      }
      if view.renderedLines != fresh.renderedLines || view.visibleRows != fresh.visibleRows {
        return "\(context): \(view.renderedLines), a fresh viewport \(fresh.renderedLines)"
      }
      if view.visibleRows != Array(recording.visibleRows.filter { $0.section == 0 }.prefix(rowCount)) {
        return "\(context): visible rows \(view.visibleRows)"
      }
      withExtendedLifetime((freshEngine, recordingEngine)) {}
    }
    withExtendedLifetime(engine) {}
    return nil
  }

  @Test("a viewport shows the first rows of the final list, a row without a cell as a placeholder line")
  func freshViewportAgrees() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 30, deep: 400) {
      if let failure = try Self.run(seed: seed, steps: DeepPass.cases(quick: 20, deep: 60)) { failures.append(failure) }
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }
}
