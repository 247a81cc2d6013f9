import Testing

@testable import ListFlowTerminal

/// TerminalListView driven by the real ListController and SyncDelegate.
@MainActor
@Suite struct TerminalControllerTests {
  struct Fruit: ListItemDataModel, Hashable, Titled, Subtitled {
    var name: String
    var color: String
    var identity: String { name }
    var tag: ListIdentifier? { ListIdentifier("fruit-\(name)") }
    var title: String? { name }
    var subtitle: String? { color }
  }

  static func sections(_ fruits: [Fruit], header: String = "Fruits") -> [ListSection<CellBinder>] {
    let headerBinder = CellBinder(cell: TextCell.self, value: header, id: "header") { cell, text in cell.title = text }
    return [
      ListSection(
        id: "fruits", header: headerBinder,
        items: fruits.map { fruit in
          CellBinder(
            data: fruit, map: { (_: Fruit, cell: TextCell) in cell.accessory = "ok" },
            style: fruit.name.hasPrefix("b") ? .bold : .plain
          )
        })
    ]
  }

  static let fruits = [Fruit(name: "apple", color: "red"), Fruit(name: "banana", color: "yellow")]

  @Test("a controller's states reach the terminal as change lines in plain mode")
  func plainLinesFromController() async throws {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .plain)
    let controller = ListController<[ListSection<CellBinder>]> { $0 }
    let engine = try ListEngine(view: view, showing: controller)
    await controller.apply(Self.sections(Self.fruits))
    await controller.apply(Self.sections([Fruit(name: "cherry", color: "dark red")] + Self.fruits.reversed()))
    let lines = output.text.split(separator: "\n").map(String.init)
    #expect(!output.text.contains("\u{1B}"))
    #expect(lines.contains("row 0:0 apple  red  ok"))
    #expect(lines.contains("insert 0:0 cherry  dark red  ok"))
    #expect(lines.contains { $0.hasPrefix("move ") && $0.hasSuffix("banana  yellow  ok") })
    withExtendedLifetime(engine) {}
  }

  @Test("keys reach SyncDelegate: highlight, selection with model and tag, delete edit action, end of list")
  func keysReachSyncDelegate() async throws {
    var events: [String] = []
    var delegate = SyncDelegate()
    delegate.didHighlightRow = { path, _ in events.append("highlight \(path)") }
    delegate.didSelectRow = { path, row in
      events.append("select \(path) \(row.model(as: Fruit.self)?.name ?? "?") \(row.tag?.description ?? "-")")
    }
    delegate.editActions = { _, _ in [.delete] }
    delegate.commitEdit = { action, path, _ in events.append("\(action.id) \(path)") }
    delegate.didReachEnd = { events.append("end") }
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .screen(TerminalSize(columns: 40, rows: 10)), title: "T")
    let controller = ListController<[ListSection<CellBinder>]> { $0 }
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    await controller.apply(Self.sections(Self.fruits))
    view.handle(.down)
    view.handle(.enter)
    view.handle(.character("d"))
    // The empty list, shown when the engine was made, has its end on screen; the first row is under the cursor,
    // and so highlighted, from the first rows on, which bring the end on screen again.
    #expect(
      events == ["end", "highlight 0:0", "end", "highlight 0:1", "select 0:1 banana fruit-banana", "delete 0:1"])
    var screen = ScreenModel(columns: 40, rows: 10)
    screen.feed(output.text)
    #expect(screen.unsupported.isEmpty)
    #expect(screen.text.hasPrefix("T\nFruits\n  apple  red"))
    #expect(screen.text.contains("▸ banana  yellow"))
    #expect(screen.cells[3][2].attributes.bold)
    withExtendedLifetime(engine) {}
  }

  @Test("an unchanged state writes nothing; a content change rewrites one row")
  func minimalRepaintThroughController() async throws {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .screen(TerminalSize(columns: 40, rows: 10)))
    let controller = ListController<[ListSection<CellBinder>]> { $0 }
    let engine = try ListEngine(view: view, showing: controller)
    await controller.apply(Self.sections(Self.fruits))
    _ = output.takeText()
    await controller.apply(Self.sections(Self.fruits))
    #expect(output.takeText() == "")
    await controller.apply(Self.sections([Self.fruits[0], Fruit(name: "banana", color: "green")]))
    let bytes = output.takeText()
    #expect(bytes.hasPrefix(EscapeSequence.moveCursor(row: 3, column: 0)))
    #expect(bytes.matches(of: /\x1B\[\d+;\d+H/).count == 1)
    withExtendedLifetime(engine) {}
  }
}
