import Foundation
import ListFlowTerminal
import Testing

/// An app's own command, run in a real pseudo-terminal: the fixture adds `o open` to the standard key map, and
/// it shows in the help line, on the `?` screen and in `--help`, and reaches the app with the row under the cursor.
@Suite(.serialized, .timeLimit(.minutes(60)))
struct PseudoTerminalCommandTests {
  static func fixture(_ arguments: [String] = []) throws -> PseudoTerminal {
    try PseudoTerminal(
      executable: PseudoTerminal.executable(named: "TerminalFixture"), arguments: arguments, columns: 100, rows: 30)
  }

  @Test("an app command shows in the help line and on the ? screen, and acts on the row under the cursor")
  func appCommand() throws {
    let terminal = try Self.fixture()
    terminal.waitForScreen(containing: "1/40")
    // On the first row nothing moves up, and the fixture has no refresh handler: neither is offered.
    let helpLine = "j down - enter select - d delete - ? help - q quit - o open"
    #expect(terminal.screen.lines.last?.contains(" 1/40  " + helpLine) == true, "\(terminal.screen.lines)")
    terminal.type("jjj")
    terminal.waitForScreen(containing: "4/40")
    terminal.waitForScreen(containing: "k up - j down")
    terminal.type("o")
    terminal.waitForScreen(containing: "opened row 3 #3")
    terminal.type("?")
    terminal.waitForScreen(containing: "Keys (any key closes this help)")
    let lines = terminal.screen.lines
    #expect(lines.contains { $0.hasPrefix(" o ") && $0.hasSuffix("open the row under the cursor") }, "\(lines)")
    #expect(!lines.contains { $0.contains("ask for fresh data") }, "\(lines)")
    terminal.type("x")
    terminal.waitForScreen(containing: "▸ row 3")
    terminal.type("q")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  @Test("--help lists the app command with the built-in ones")
  func helpText() throws {
    let terminal = try Self.fixture(["--help"])
    let status = try #require(terminal.waitForExit())
    #expect(WaitStatus.exitCode(status) == 0)
    let lines = terminal.screen.lines
    #expect(lines.contains { $0.hasPrefix("o ") && $0.hasSuffix("open the row under the cursor") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("k/up ") && $0.hasSuffix("move the cursor up") }, "\(lines)")
  }
}
