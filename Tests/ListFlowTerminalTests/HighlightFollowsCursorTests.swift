import ListFlow
import ListFlowTerminal
import ListFlowTesting
import TestSupport
import Testing

/// The row under the cursor is the highlighted row, whatever moved it there: a key, a change that deleted the
/// cursor's row, or rows moving around it. Highlight events reach their own rows: a row loses the highlight only
/// after it gained it.
@MainActor
@Suite struct HighlightFollowsCursorTests {
  /// A step of ``highlightFollowsCursor()``.
  enum Step { case key, delete, insert, shuffle }

  /// The steps of ``highlightFollowsCursor()``, by weight.
  static let steps = WeightedChoice<Step>([
    ("move the cursor down or up", weight: 1, .key),
    ("delete a row", weight: 1, .delete),
    ("insert a row", weight: 1, .insert),
    ("shuffle the rows", weight: 1, .shuffle),
  ])

  @Test("after random changes and cursor moves, exactly the cursor's row is highlighted, and events reach their rows")
  func highlightFollowsCursor() async throws {
    let seed = terminalFuzzSeed
    var random = SeededRandom(seed: seed)
    for round in 0..<40 {
      let output = CapturingOutput()
      let view = TerminalListView(output: output, mode: .screen(TerminalSize(columns: 30, rows: 8)))
      var delegate = SyncDelegate()
      var lit = Set<ListIdentifier>()
      var strayEvents: [String] = []
      delegate.didHighlightRow = { _, row in
        if !lit.insert(row.id).inserted { strayEvents.append("highlight twice \(row.id)") }
      }
      delegate.didUnhighlightRow = { _, row in
        if lit.remove(row.id) == nil { strayEvents.append("unhighlight of \(row.id), never highlighted") }
      }
      let list = ListController<[Int]> { (ids: [Int]) in
        let rows = ids.map { id in
          CellBinder(cell: TextCell.self, value: id, id: ListIdentifier(id)) { cell, id in cell.title = "row \(id)" }
        }
        return [ListSection(id: "rows", items: rows)]
      }
      let engine = try ListEngine(view: view, showing: list, delegate: delegate)
      var ids = Array(0..<Int.random(in: 1...12, using: &random))
      var next = ids.count
      await list.apply(ids)
      for step in 0..<30 {
        let context = "seed \(seed) round \(round) step \(step)"
        switch Self.steps.pick(using: &random).value {
        case .key:
          view.handle(.character(Bool.random(using: &random) ? "j" : "k"))
        case .delete where !ids.isEmpty:
          ids.remove(at: Int.random(in: ids.indices, using: &random))
        case .insert:
          ids.insert(next, at: Int.random(in: 0...ids.count, using: &random))
          next += 1
        case .delete, .shuffle:
          ids.shuffle(using: &random)  // (a shuffle when there is no row to delete)
        }
        await list.apply(ids)
        let cursorRow = view.selectedRow.flatMap { ids.indices.contains($0.item) ? ids[$0.item] : nil }
        let shownLit = lit.intersection(ids.map { ListIdentifier($0) })
        #expect(shownLit == Set(cursorRow.map { [ListIdentifier($0)] } ?? []), "\(context)")
        #expect(strayEvents.isEmpty, "\(context): \(strayEvents)")
      }
      withExtendedLifetime(engine) {}
    }
  }
}
