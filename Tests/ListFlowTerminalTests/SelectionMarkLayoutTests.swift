import ListFlow
import ListFlowTerminal
import ListFlowTesting
import TestSupport
import Testing

/// A row's selection mark takes columns of its own: the cell lays itself out in the columns left, so text aligned
/// to the right edge (an accessory) is never cut when it fits.
@MainActor
@Suite struct SelectionMarkLayoutTests {
  struct Row: Hashable, Sendable {
    var id: Int
    var title: String
    var accessory: String
  }

  @Test("in every selection mode, a row whose title and accessory fit shows both whole, the accessory at the right")
  func accessoryStaysWhole() async throws {
    let seed = terminalFuzzSeed
    var random = SeededRandom(seed: seed)
    for round in 0..<60 {
      let columns = Int.random(in: 30...90, using: &random)
      // TextCell gives its accessory at most a third of its width; the mark and the cursor column take 4.
      let accessoryLimit = (columns - 4) / 3 - 1
      let mode = [ListSelection.Mode.none, .single, .multiple].randomElement(using: &random) ?? .none
      let rows = (0..<Int.random(in: 1...6, using: &random)).map { id in
        Row(
          id: id, title: "row\(id)" + String(repeating: "t", count: Int.random(in: 0...8, using: &random)),
          accessory: String(repeating: "a", count: Int.random(in: 1...accessoryLimit, using: &random)) + "\(id)")
      }
      let output = CapturingOutput()
      let view = TerminalListView(output: output, mode: .screen(TerminalSize(columns: columns, rows: 12)))
      let list = ListController<[Row]> { (rows: [Row]) in
        let binders = rows.map { row in
          CellBinder(cell: TextCell.self, value: row, id: ListIdentifier(row.id)) { cell, row in
            cell.title = row.title
            cell.accessory = row.accessory
          }
        }
        return [ListSection(id: "rows", items: binders)]
      }
      let listEngine = try ListEngine(view: view, showing: list)
      listEngine.selectionMode = mode
      await list.apply(rows)
      if mode != .none, let first = rows.first { listEngine.select(ListIdentifier(first.id)) }
      view.render()
      var screen = ScreenModel(columns: columns, rows: 12)
      screen.feed(output.takeText())
      let lines = screen.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for row in rows {
        let context = "seed \(seed) round \(round) mode \(mode) columns \(columns) row \(row.id)"
        let line = lines.first { $0.contains(row.title + " ") }
        let trimmed = line.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        #expect(trimmed?.hasSuffix(row.accessory) == true, "\(context): \(line ?? "no line")")
        #expect(line.map { DisplayWidth.of($0) <= columns } == true, "\(context)")
      }
    }
  }
}
