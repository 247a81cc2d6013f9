import ListFlowTerminal

/// A list of rows of several lines, shown by a real `ListController` on a `TerminalListView` in screen mode, with
/// the screen replayed into a `ScreenModel` after every change.
@MainActor
struct TallRows {
  struct Row: Hashable, Sendable {
    var id: Int
    var height: Int
  }

  static let size = TerminalSize(columns: 40, rows: 12)
  let output = CapturingOutput()
  let view: TerminalListView
  let controller: ListController<[Row]>
  let engine: ListEngine
  var screen = ScreenModel(columns: TallRows.size.columns, rows: TallRows.size.rows)

  /// A row's binder: the title `row N`, one detail line per extra line of height (`detail N.1`, …).
  nonisolated static func binder(_ row: Row) -> CellBinder {
    CellBinder(cell: TextCell.self, value: row, id: ListIdentifier(row.id)) { cell, row in
      cell.title = "row \(row.id)"
      cell.detailLines = (1..<max(row.height, 1)).map { "detail \(row.id).\($0)" }
    }
    .height(row.height)
  }

  init(header: String? = nil, delegate: SyncDelegate = SyncDelegate()) throws {
    view = TerminalListView(output: output, mode: .screen(Self.size), title: "Tall")
    let headerBinder = header.map { text in
      CellBinder(cell: TextCell.self, value: text, id: "header") { cell, text in cell.title = text }
    }
    controller = ListController<[Row]> { rows in
      [ListSection(id: "rows", header: headerBinder, items: rows.map(Self.binder))]
    }
    engine = try ListEngine(view: view, showing: controller, delegate: delegate)
  }

  /// Replays what was written since the last call and returns the screen's lines.
  mutating func lines() -> [String] {
    screen.feed(output.takeText())
    return screen.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The cursor's screen row and the id of its row (`▸ row N`), if the cursor is on screen.
  mutating func cursor() -> (line: Int, id: Int)? {
    let lines = lines()
    guard let index = lines.firstIndex(where: { $0.hasPrefix("▸ row ") }) else { return nil }
    let id = lines[index].dropFirst("▸ row ".count).prefix { $0.isNumber }
    return Int(id).map { (index, $0) }
  }
}
