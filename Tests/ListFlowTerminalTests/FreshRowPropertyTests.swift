import ListFlowTerminal
import ListFlowTesting
import TestSupport
import Testing

/// After every apply, what the terminal shows for each row (characters and attributes) equals what a fresh view
/// shows for the same state: a redrawn or reconfigured row keeps no style its state no longer has.
@MainActor
@Suite struct FreshRowPropertyTests {
  static let size = TerminalSize(columns: 48, rows: 16)

  static let styles: [ListItemStyle<TextCell>] = [
    .plain, .bold, .dimmed, .underlined, .italic, .foreground(.yellow), .accessory(.cyan), .bold + .foreground(.red),
  ]

  /// A random state: rows with random styles and accessories, some with a detail line (two lines tall), some with
  /// highlighted title characters (as a filter marks them). Seven rows of at most two lines fit the screen.
  static func state(_ random: inout SeededRandom) -> [ListSection<CellBinder>] {
    let ids = (0..<7).filter { _ in random.next() % 3 != 0 }
    let rows = ids.map { id -> CellBinder in
      let style = styles[Int(random.next() % UInt64(styles.count))]
      let accessory = random.next() % 2 == 0 ? "" : "\(random.next() % 100)%"
      let detail = random.next() % 3 == 0 ? "details of \(id)" : nil
      let highlights = (0..<5).filter { _ in random.next() % 3 == 0 }
      var binder = CellBinder(
        data: Row(
          id: id, version: Int(random.next() % 2), accessory: accessory, detail: detail, highlights: highlights),
        map: { (row: Row, cell: TextCell) in
          cell.title = "row \(row.id) v\(row.version)"
          cell.accessory = row.accessory
          // Set only when there is something to show, as a mapper usually is: the reset clears the rest.
          if let detail = row.detail { cell.detailLines = [detail] }
          if !row.highlights.isEmpty { cell.titleHighlights = row.highlights }
        },
        style: style
      )
      binder.height = detail == nil ? 1 : 2
      return binder
    }
    return [ListSection(id: "rows", items: rows)]
  }

  struct Row: ListItemDataModel, Hashable {
    var id: Int
    var version: Int
    var accessory: String
    var detail: String?
    var highlights: [Int]
    var identity: Int { id }
  }

  /// The screen a view's bytes draw.
  static func screen(_ output: CapturingOutput) -> ScreenModel {
    var screen = ScreenModel(columns: size.columns, rows: size.rows)
    screen.feed(output.text)
    return screen
  }

  @Test(
    "random sequences (200 deep, 8 quick) of styled states, detail lines and highlights: every unselected line equals a fresh render",
    .timeLimit(.minutes(60)))
  func redrawnRowsEqualFreshRows() async throws {
    for seed in DeepPass.seeds(quick: 8, deep: 200) {
      var random = SeededRandom(seed: seed)
      let output = CapturingOutput()
      let view = TerminalListView(output: output, mode: .screen(Self.size))
      let controller = ListController<[ListSection<CellBinder>]>(
        configuration: ListControllerConfiguration(backgroundDiffThreshold: .max))
      let engine = try ListEngine(view: view, showing: controller)
      for step in 0..<6 {
        let state = Self.state(&random)
        await controller.apply(state)
        let freshOutput = CapturingOutput()
        let freshView = TerminalListView(output: freshOutput, mode: .screen(Self.size))
        let fresh = ListController<[ListSection<CellBinder>]>()
        let listEngine = try ListEngine(view: freshView, showing: fresh)
        await fresh.apply(state)
        let shown = Self.screen(output)
        let expected = Self.screen(freshOutput)
        // The list's lines (between the title and the status bar), leaving out the lines of the cursor's row in
        // either view.
        for line in 1..<(Self.size.rows - 1) {
          // Every line of the cursor's row is in inverse video; its first line starts with the marker.
          let selected = { (cells: [ScreenModel.Cell]) in
            cells.first?.text == "▸" || cells.first?.attributes.inverse == true
          }
          if selected(shown.cells[line]) || selected(expected.cells[line]) { continue }
          #expect(shown.cells[line] == expected.cells[line], "seed \(seed), state \(step), line \(line)")
          if shown.cells[line] != expected.cells[line] { return }
        }
        withExtendedLifetime(listEngine) {}
      }
      withExtendedLifetime(engine) {}
    }
  }
}
