import Foundation
import ListFlow
import ListFlowTerminal
import ListFlowTesting
import Testing

// The examples of ListFlowTerminal's DocC articles. `scripts/check-examples` checks that every swift block of an
// article appears in a test line for line. Examples that take over a real terminal are compiled here but not run
// (`TerminalArticle`); the pseudo-terminal suites run the same calls through `TerminalFixture` and the Demo.

/// A message of the articles' inbox.
struct Message: Hashable, Sendable, ListItemDataModel {
  var identity: String { text }
  var text: String
  var time: String
  var isUnread: Bool
  var tag: ListIdentifier? { ListIdentifier(text) }
}

/// Article code that needs a real terminal: compiled, never called by a test.
@MainActor
enum TerminalArticle {
  static func landing(delegate: SyncDelegate, sections: [ListSection<CellBinder>]) async throws {
    let size = TerminalSession.size() ?? TerminalSize(columns: 80, rows: 24)
    let view = TerminalListView(output: StandardOutput(), mode: .screen(size), title: "Inbox")
    let controller = ListController<[ListSection<CellBinder>]> { $0 }
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    await controller.apply(sections)
    withExtendedLifetime(engine) {}
  }

  static func takeOver() async throws {
    let session = try TerminalSession()
    defer { session.restore() }
    let view = TerminalListView(
      output: StandardOutput(), mode: .screen(session.size ?? TerminalSize(columns: 80, rows: 24)))
    session.onResize { size in Task { @MainActor in view.resize(to: size) } }
    for await key in session.keys() where view.handle(key) == .quit { break }
  }
}

@MainActor
@Suite("The ListFlowTerminal articles' examples", .timeLimit(.minutes(60)))
struct TerminalArticleTests {
  @Test("choosing the mode: a test process's standard streams are not a terminal unless isatty says so")
  func chooseMode() {
    let interactive =
      TerminalSession.isTerminal(STDOUT_FILENO) && TerminalSession.isTerminal(STDIN_FILENO)
      && !TerminalEnvironment.process.isDumb
    let isDumb = getenv("TERM").map { String(cString: $0) == "dumb" } ?? false
    #expect(interactive == (isatty(STDOUT_FILENO) == 1 && isatty(STDIN_FILENO) == 1 && !isDumb))
  }

  func item(for message: Message) -> CellBinder {
    CellBinder(
      data: message, map: { (message: Message, cell: TextCell) in cell.accessory = message.time },
      style: message.isUnread ? .bold : .dimmed)
  }

  @Test("driving the view: a mapper fills the accessory and a style makes unread messages bold")
  func styledItem() throws {
    let cell = TextCell()
    try item(for: Message(text: "hi", time: "09:12", isUnread: true)).configure(cell)
    #expect(cell.accessory == "09:12")
    #expect(cell.titleStyle.isBold)
  }

  @Test("testing what is drawn: plain mode writes one line per change")
  func plainLines() async throws {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .plain)
    let list = ListController<[String]> { (names: [String]) in
      let rows = names.map { name in
        CellBinder(cell: TextCell.self, value: name, id: ListIdentifier(name)) { $0.title = $1 }
      }
      return [ListSection(id: "fruits", items: rows)]
    }
    let engine = try ListEngine(view: view, showing: list)
    await list.apply(["apple", "cherry"])
    await list.apply(["apple", "cherry", "date"])
    #expect(output.text.contains("insert 0:2 date"))
    withExtendedLifetime(engine) {}
  }
}
