import Foundation
import ListFlowTerminal
import Testing

/// The multi-select, filtered fixture list (`TerminalFixture --select`) in a real pseudo-terminal: space toggles
/// rows, `/` narrows them as the query is typed, Escape clears the filter and then quits, and the terminal is
/// given back as it was found.
@Suite(.serialized, .timeLimit(.minutes(60)))
struct PseudoTerminalSelectionTests {
  static func fixture() throws -> PseudoTerminal {
    try PseudoTerminal(
      executable: PseudoTerminal.executable(named: "TerminalFixture"), arguments: ["--select"], rows: 12)
  }

  @Test("space toggles the row under the cursor and the marks follow; q gives the terminal back")
  func spaceToggles() throws {
    let terminal = try Self.fixture()
    terminal.waitForScreen(containing: "1/5")
    terminal.type(" jj ")
    terminal.waitForScreen(containing: "selected apple,cherry")
    #expect(Array(terminal.screen.lines[1...3]) == ["  ✓ apple", "    banana", "▸ ✓ cherry"])
    terminal.type(" ")
    terminal.wait(for: "cherry deselected") { $0.screen.lines[3] == "▸   cherry" }
    terminal.type("q")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  @Test("/ and typed text narrow the rows, enter keeps the filter, escape clears it and then quits")
  func filterThenEscape() throws {
    let terminal = try Self.fixture()
    terminal.waitForScreen(containing: "1/5")
    terminal.type(" /an")
    terminal.waitForScreen(containing: "/an_")
    terminal.wait(for: "the filtered rows") { Array($0.screen.lines[1...3]) == ["▸   banana", "    mango", ""] }
    terminal.type("\u{7F}")  // Backspace
    terminal.waitForScreen(containing: "/a_")
    terminal.type("n\r")
    terminal.waitForScreen(containing: "/an  / edit - esc clear")
    terminal.type("\u{1B}")
    terminal.wait(for: "every row back, apple still selected") { terminal in
      terminal.screen.lines[1].hasSuffix("✓ apple") && terminal.screen.lines[5].hasSuffix("peach")
    }
    #expect(terminal.exitStatus == nil)
    terminal.type("\u{1B}")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  @Test("escape strings and Alt keys run no command; a 10 KB paste of marks and bidi controls fills the filter")
  func hostileInput() throws {
    let terminal = try Self.fixture()
    terminal.waitForScreen(containing: "1/5")
    // Strings a terminal sends, whose payloads name commands (move, toggle, delete, quit), and Alt keys.
    terminal.type(
      "\u{1B}]0;jj q\u{07}\u{1B}Pd q\u{1B}\\\u{1B}_ jq\u{1B}\\\u{1B}^q\u{07}\u{1B}Xd\u{07}\u{1B}q\u{1B}d\u{1B} \u{1B}j")
    terminal.type("j")
    terminal.waitForScreen(containing: "2/5")
    #expect(terminal.exitStatus == nil)
    #expect(!terminal.screen.lines.contains { $0.contains("selected") || $0.contains("✓") })
    // A paste of 10 KB of combining marks, then bidi controls, into the filter: it keeps 256 scalars.
    terminal.type("/")
    terminal.waitForScreen(containing: "/_")
    let marks = String(repeating: "\u{301}\u{316}", count: 2_500)
    terminal.type("\u{1B}[200~a" + marks + "\u{202E}\u{2066}q\u{1B}[201~")
    terminal.wait(for: "no row matches the pasted query") { $0.screen.lines.last?.hasPrefix(" 0/0") == true }
    #expect(terminal.exitStatus == nil)
    terminal.type("\u{1B}")
    terminal.wait(for: "every row back") { $0.screen.lines.last?.contains("/5  ") == true }
    terminal.type("q")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  @Test("the Demo selects processes with space and filters them with /; escape brings every process back")
  func demoSelectAndFilter() throws {
    let terminal = try PseudoTerminal(
      executable: PseudoTerminal.executable(named: "Demo"), arguments: ["--interval", "60000"], columns: 80, rows: 24)
    terminal.wait(for: "the status bar") { PseudoTerminalTests.position(in: $0.screen.lines.last ?? "") == 1 }
    let pid = try #require(PseudoTerminalTests.moveToProcess(terminal), "no process row reached")
    terminal.type(" ")
    terminal.wait(for: "process \(pid) marked") { terminal in
      terminal.screen.lines.contains { $0.hasPrefix("▸ ✓ ") && PseudoTerminalTests.pid(in: $0) == pid }
    }
    terminal.type("/zzqqzz")
    terminal.waitForScreen(containing: "/zzqqzz_")
    terminal.wait(for: "every process hidden") { terminal in
      !terminal.screen.lines.dropLast().contains { PseudoTerminalTests.pid(in: $0) != nil }
    }
    terminal.type("\u{1B}")
    terminal.wait(for: "process \(pid) back, still marked") { terminal in
      terminal.screen.lines.contains { $0.contains("✓ ") && PseudoTerminalTests.pid(in: $0) == pid }
    }
    terminal.type("q")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }
}
