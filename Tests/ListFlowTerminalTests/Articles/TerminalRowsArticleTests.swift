import ListFlow
import ListFlowTerminal
import ListFlowTesting
import Synchronization
import Testing

// The examples of the articles "Rows of several lines", "Keys, help and the mouse" and "Status messages and the
// spinner". `scripts/check-examples` checks that each swift block appears here line for line.

/// An order of the multi-line rows article.
struct Order: Hashable, Sendable {
  var id: Int
  var title: String
  var items: Int
  var total: String
}

// The article's cell type, verbatim.
final class GaugeCell: TerminalCell {
  nonisolated static var preferredHeight: Int? { 2 }
  var label = ""
  var percent = 0
  func line(width: Int) -> StyledLine { StyledLine(label, style: .bold) }
  func lines(width: Int) -> [StyledLine] {
    let filled = max(0, min(width, width * percent / 100))
    return [line(width: width), StyledLine(String(repeating: "#", count: filled))]
  }
}

/// Article code that needs a real terminal or real time: compiled, never called by a test.
@MainActor
enum KeysAndStatusArticle {
  static func mouse(view: TerminalListView) async throws {
    let session = try TerminalSession(reportsMouse: true)
    defer { session.restore() }
    for await key in session.keys() where view.handle(key) == .quit { break }
  }

  static func timers(view: TerminalListView, session: TerminalSession) async {
    let timers = Task { await view.runTimers() }
    defer { timers.cancel() }
    for await key in session.keys() where view.handle(key) == .quit { break }
  }
}

@MainActor
@Suite("The terminal articles' examples: rows of several lines, keys and mouse, status and spinner")
struct TerminalRowsArticleTests {
  static let size = TerminalSize(columns: 30, rows: 8)

  @Test("a binder of height 2 draws its detail line under the title")
  func detailLine() throws {
    let order = Order(id: 1, title: "Order 1", items: 3, total: "12 EUR")

    // The article's code:
    let binder = CellBinder(cell: TextCell.self, value: order, id: ListIdentifier(order.id)) { cell, order in
      cell.title = order.title
      cell.detailLines = ["\(order.items) items · \(order.total)"]
    }
    .height(2)

    let cell = TextCell()
    try binder.configure(cell)
    #expect(binder.height == 2)
    #expect(cell.lines(width: 30).map(\.text) == ["Order 1", "  3 items · 12 EUR"])
  }

  @Test("a cell type of two lines draws a gauge under its label on every row")
  func gaugeCell() async throws {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .screen(Self.size), title: "Gauges")
    let list = ListController<[Int]> { (values: [Int]) in
      let rows = values.map { value in
        CellBinder(cell: GaugeCell.self, value: value, id: ListIdentifier(value)) { cell, value in
          cell.label = "load \(value)%"
          cell.percent = value
        }
      }
      return [ListSection(id: "gauges", items: rows)]
    }
    let engine = try ListEngine(view: view, showing: list)
    await list.apply([50, 100])
    var screen = ScreenModel(columns: Self.size.columns, rows: Self.size.rows)
    screen.feed(output.text)
    let lines = screen.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      Array(lines[1...4]) == [
        "▸ load 50%", "  " + String(repeating: "#", count: 14), "  load 100%", "  " + String(repeating: "#", count: 28),
      ])
    withExtendedLifetime(engine) {}
  }

  @Test("an app command added to the key map acts on the row under the cursor and shows in the help")
  func addCommand() throws {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .screen(Self.size))
    let tree = OutlineFeed(
      id: "files", outline: Outline([Outline.Node("src", children: [Outline.Node("main.swift")]), Outline.Node("doc")])
    ) { row in
      CellBinder(cell: TextCell.self, value: row.element, id: ListIdentifier(row.element)) { cell, name in
        cell.title = name
      }
    }
    let composite = ComposedFeed<ListSectionSnapshot>()
    try composite.append(tree)
    let controller = try ListEngine(view: view, showing: composite)

    // The article's code:
    let expandAll = TerminalCommand(
      "expandAll", keys: [.character("e")], shortHelp: "expand all", help: "expand every directory",
      isAvailable: { _ in !tree.outline.roots.isEmpty }
    ) { context in
      tree.outline.expandAll()
      context.view.postStatus("expanded all, cursor on \(context.rowIdentity.map { "\($0)" } ?? "nothing")")
    }
    view.keyMap.add(expandAll)

    #expect(view.handle(.character("e")) == expandAll)
    #expect(tree.rows.map(\.element) == ["src", "main.swift", "doc"])
    #expect(controller.snapshot[0].elements.count == 3)
    #expect(view.currentStatusMessage?.hasPrefix("expanded all, cursor on ") == true)
    #expect(view.keyMap.helpLine.hasSuffix("q quit - e expand all"))
    #expect(view.keyMap.helpLines.contains { $0.hasPrefix("e ") && $0.hasSuffix("expand every directory") })

    // The article's code:
    view.keyMap.add(.refresh, keys: [.character("u")])
    view.keyMap.remove(.delete)

    #expect(view.keyMap.command(for: .character("u")) == .refresh)
    #expect(view.keyMap.command(for: .character("r")) == nil)
    #expect(view.keyMap.command(for: .character("d")) == nil)

    // The article's code:
    let keysHelp = KeyMap.standard.helpLines.map { "  " + $0 }.joined(separator: "\n")

    #expect(keysHelp.contains("  ?"))
  }

  @Test("an app command commits an edit action other than delete, to the feed that owns the row, at its position")
  func commitOtherEditAction() async throws {
    let output = CapturingOutput()
    let size = TerminalSize(columns: 120, rows: 8)
    let view = TerminalListView(output: output, mode: .screen(size))
    var committed: [String] = []
    var delegate = SyncDelegate()
    delegate.editActions = { _, _ in [.delete, SyncDelegate.EditAction(id: "archive", title: "Archive")] }
    delegate.commitEdit = { action, path, row in committed.append("\(action.id) \(path) \(row.id)") }
    let banner = ListController<[String]>(rows: { [ListSection(id: "banner", items: $0)] }) { line in
      CellBinder(cell: TextCell.self, value: line, id: ListIdentifier(line)) { cell, text in cell.title = text }
    }
    let mail = ListController<[String]>(delegate: delegate, rows: { [ListSection(id: "mail", items: $0)] }) { line in
      CellBinder(cell: TextCell.self, value: line, id: ListIdentifier(line)) { cell, text in cell.title = text }
    }
    let composite = ComposedFeed<ListSectionSnapshot>()
    try composite.append(banner)
    try composite.append(mail)
    let engine = try ListEngine(view: view, showing: composite)
    await banner.apply(["welcome"])
    await mail.apply(["m1", "m2"])

    // The article's code:
    let archive = SyncDelegate.EditAction(id: "archive", title: "Archive")
    let archiveRow = TerminalCommand(
      "archive", keys: [.character("a")], shortHelp: "archive", help: "archive the row",
      isAvailable: { context in
        guard let path = context.row, let actions = try? context.view.dataSource?.editActions(forRowAt: path) else {
          return false
        }
        return actions.contains(archive)
      }
    ) { context in
      guard let path = context.row, let dataSource = context.view.dataSource else { return }
      do { try dataSource.commitEdit(archive, forRowAt: path) } catch { context.view.postStatus("\(error)") }
    }
    view.keyMap.add(archiveRow)

    // On the banner, whose feed offers no edit action, the key does nothing and the help does not offer it.
    func helpLine() -> String {
      var screen = ScreenModel(columns: size.columns, rows: size.rows)
      screen.feed(output.text)
      return screen.text.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    }
    #expect(view.handle(.character("a")) == nil)
    #expect(committed.isEmpty)
    #expect(!helpLine().contains("a archive"))
    view.handle(.down)
    view.handle(.down)
    #expect(helpLine().contains("a archive"))
    #expect(view.handle(.character("a")) == archiveRow)
    #expect(committed == ["archive 0:1 m2"])
    withExtendedLifetime(engine) {}
  }

  @Test("a status message and a spinner, on a clock the test moves")
  func statusAndSpinner() {
    let size = Self.size

    // The article's code:
    let milliseconds = Atomic<Int>(0)
    let clock = TerminalClock { .milliseconds(milliseconds.load(ordering: .relaxed)) }
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(size), clock: clock)
    view.postStatus("saved", for: .seconds(2))
    milliseconds.store(2_000, ordering: .relaxed)
    view.tick()

    #expect(view.currentStatusMessage == nil)

    // The article's code:
    view.postStatus("saved", for: .seconds(2))
    view.startSpinner("loading page 3")

    #expect(view.currentStatusMessage == "saved")
    #expect(view.isSpinning)
    view.stopSpinner()
  }
}
