import ListFlowTerminal
import ListFlowTesting
import Testing

/// After every apply, what the terminal shows for each row (characters and attributes) equals what a fresh view
/// shows for the same state: a redrawn or reconfigured row keeps no style its state no longer has.
@MainActor
@Suite struct FreshRowPropertyTests {
  static let size = TerminalSize(columns: 48, rows: 16)

  static let styles: [ListItemStyle<TextCell>] = [
    .plain, .bold, .dimmed, .underlined, .italic, .foreground(.yellow), .accessory(.cyan), .bold + .foreground(.red),
  ]

  static func state(_ random: inout SplitMix64) -> [ListSection<CellBinder>] {
    let ids = (0..<10).filter { _ in random.next() % 3 != 0 }
    let rows = ids.map { id -> CellBinder in
      let style = styles[Int(random.next() % UInt64(styles.count))]
      let accessory = random.next() % 2 == 0 ? "" : "\(random.next() % 100)%"
      return ItemViewModel(
        data: Row(id: id, version: Int(random.next() % 2), accessory: accessory),
        map: { (row: Row, cell: TextCell) in
          cell.title = "row \(row.id) v\(row.version)"
          cell.accessory = row.accessory
        },
        style: style
      ).cellBinder
    }
    return [ListSection(id: "rows", items: rows)]
  }

  struct Row: ListItemDataModel, Hashable {
    var id: Int
    var version: Int
    var accessory: String
    var identity: Int { id }
  }

  /// The screen a view's bytes draw.
  static func screen(_ output: CapturingOutput) -> ScreenModel {
    var screen = ScreenModel(columns: size.columns, rows: size.rows)
    screen.feed(output.text)
    return screen
  }

  @Test("200 random sequences of styled states: every unselected row equals a fresh render", .timeLimit(.minutes(2)))
  func redrawnRowsEqualFreshRows() async {
    for seed in UInt64(1)...200 {
      var random = SplitMix64(seed: seed)
      let output = CapturingOutput()
      let view = TerminalListView(output: output, mode: .screen(Self.size))
      let controller = ListController<[ListSection<CellBinder>]>(
        view: view, configuration: ListControllerConfiguration(backgroundDiffThreshold: .max))
      for step in 0..<6 {
        let state = Self.state(&random)
        await controller.apply(state)
        let freshOutput = CapturingOutput()
        let freshView = TerminalListView(output: freshOutput, mode: .screen(Self.size))
        let fresh = ListController<[ListSection<CellBinder>]>(view: freshView)
        await fresh.apply(state)
        let shown = Self.screen(output)
        let expected = Self.screen(freshOutput)
        // The list's lines (between the title and the status bar), leaving out the selected row of either view,
        // which carries the cursor.
        for line in 1..<(Self.size.rows - 1) {
          let selected = { (cells: [ScreenModel.Cell]) in cells.first?.text == "▸" }
          if selected(shown.cells[line]) || selected(expected.cells[line]) { continue }
          #expect(shown.cells[line] == expected.cells[line], "seed \(seed), state \(step), line \(line)")
          if shown.cells[line] != expected.cells[line] { return }
        }
      }
    }
  }
}
