import Foundation
import Testing

@testable import ListFlowTerminal

#if canImport(Glibc)
import Glibc
#endif

/// The fixture program and the Demo, run interactively in a real pseudo-terminal: keys, resize, signals, suspend,
/// crashes. After each way out, the terminal's settings are those from before, the restoring bytes were written,
/// and the screen (parsed by `VirtualTerminal`) is the normal one, untouched.
@Suite(.serialized, .timeLimit(.minutes(60)))
struct PseudoTerminalTests {
  static let restoreSequence =
    EscapeSequence.resetAttributes + EscapeSequence.enableLineWrap + EscapeSequence.showCursor
    + EscapeSequence.disableMouseReporting + EscapeSequence.disableBracketedPaste + EscapeSequence.leaveAlternateScreen

  static func fixture(
    rows: Int = 20, locale: String = "C.UTF-8", environment: [String] = []
  ) throws -> PseudoTerminal {
    try PseudoTerminal(
      executable: PseudoTerminal.executable(named: "TerminalFixture"), rows: rows, locale: locale,
      environment: environment)
  }

  /// Swift's backtracer on, as a user has it (on Linux it is on by default; the suite's programs turn it off
  /// unless a test asks for it).
  static let backtracerOn = ["SWIFT_BACKTRACE=enable=yes"]

  /// Waits for the program to end. On a terminal, Swift's backtracer asks for a key after the backtrace (for
  /// 30 s): any key but space and D lets it go on, so the test presses one when it asks.
  static func waitForExitAfterBacktrace(
    _ terminal: PseudoTerminal, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int32? {
    terminal.wait(for: "the end, or the backtracer's prompt", sourceLocation: sourceLocation) { terminal in
      terminal.exitStatus != nil || terminal.outputText.contains("key to quit")
    }
    if terminal.exitStatus == nil { terminal.type("q") }
    return terminal.waitForExit(sourceLocation: sourceLocation)
  }

  /// Checks that the terminal was given back before a backtrace was printed, and that nothing of the list was
  /// drawn after that: the screen's modes are reset, the normal screen shows (the backtrace on it).
  static func expectRestoredBeforeBacktrace(
    _ terminal: PseudoTerminal, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(terminal.settingsAreRestored, "terminal settings differ from before", sourceLocation: sourceLocation)
    let text = terminal.outputText
    let lastRestore = text.range(of: restoreSequence, options: .backwards)
    #expect(lastRestore != nil, "the restoring sequence was not written", sourceLocation: sourceLocation)
    if let lastRestore {
      let after = text[lastRestore.upperBound...]
      for drawing in [EscapeSequence.enterAlternateScreen, EscapeSequence.hideCursor, "row 0", "Fixture list"] {
        #expect(
          !after.contains(drawing), "\(drawing.debugDescription) written after the restore",
          sourceLocation: sourceLocation)
      }
    }
    let screen = terminal.screen
    let (alternate, cursor, wraps) = (screen.usesAlternateScreen, screen.cursorVisible, screen.wraps)
    #expect(!alternate, "still on the alternate screen", sourceLocation: sourceLocation)
    #expect(cursor, "cursor hidden", sourceLocation: sourceLocation)
    #expect(wraps, "line wrap off", sourceLocation: sourceLocation)
    let (mouse, sgrMouse) = (screen.reportsMouse, screen.usesSGRMouse)
    #expect(!mouse && !sgrMouse, "mouse reporting left on", sourceLocation: sourceLocation)
  }

  /// Waits for the program to exit, and checks that it exited with status 0 and gave the terminal back.
  static func expectCleanExit(_ terminal: PseudoTerminal, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let status = try #require(terminal.waitForExit(), sourceLocation: sourceLocation)
    #expect(WaitStatus.exitCode(status) == 0, sourceLocation: sourceLocation)
    expectRestored(terminal, sourceLocation: sourceLocation)
  }

  /// Checks that the terminal was given back as it was found.
  static func expectRestored(
    _ terminal: PseudoTerminal, normalScreenBlank: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(terminal.settingsAreRestored, "terminal settings differ from before", sourceLocation: sourceLocation)
    let text = terminal.outputText
    let lastRestore = text.range(of: restoreSequence, options: .backwards)
    let lastSetup = text.range(of: EscapeSequence.enterAlternateScreen, options: .backwards)
    #expect(lastRestore != nil, "the restoring sequence was not written", sourceLocation: sourceLocation)
    if let lastRestore, let lastSetup {
      #expect(lastRestore.lowerBound > lastSetup.lowerBound, sourceLocation: sourceLocation)
      let after = text[lastRestore.upperBound...]
      #expect(
        !after.contains("\u{1B}"), "drawn after the restore: \(after.debugDescription)", sourceLocation: sourceLocation)
    }
    let screen = terminal.screen
    let (alternate, cursor, wraps, attributes) =
      (screen.usesAlternateScreen, screen.cursorVisible, screen.wraps, screen.attributesSet)
    #expect(!alternate, "still on the alternate screen", sourceLocation: sourceLocation)
    #expect(cursor, "cursor hidden", sourceLocation: sourceLocation)
    #expect(wraps, "line wrap off", sourceLocation: sourceLocation)
    #expect(!attributes, "attributes left set", sourceLocation: sourceLocation)
    let (mouse, sgrMouse) = (screen.reportsMouse, screen.usesSGRMouse)
    #expect(!mouse && !sgrMouse, "mouse reporting left on", sourceLocation: sourceLocation)
    let paste = screen.usesBracketedPaste
    #expect(!paste, "bracketed paste left on", sourceLocation: sourceLocation)
    let unsupported = screen.unsupported
    #expect(unsupported.isEmpty, "\(unsupported)", sourceLocation: sourceLocation)
    if normalScreenBlank {
      let lines = screen.lines
      #expect(lines.allSatisfy { $0.isEmpty }, "\(lines)", sourceLocation: sourceLocation)
    }
  }

  @Test("keys move, page, select and delete; q quits with status 0 and gives the terminal back")
  func keysThenQuit() throws {
    let terminal = try Self.fixture()
    terminal.waitForScreen(containing: "1/40")
    #expect(terminal.isRaw)
    let (alternate, cursor, wraps) =
      (terminal.screen.usesAlternateScreen, terminal.screen.cursorVisible, terminal.screen.wraps)
    #expect(alternate && !cursor && !wraps)
    let (mouse, sgrMouse, paste) =
      (terminal.screen.reportsMouse, terminal.screen.usesSGRMouse, terminal.screen.usesBracketedPaste)
    #expect(mouse && sgrMouse && paste)
    #expect(Array(terminal.screen.lines.prefix(4)) == ["Fixture list", "Fixture", "▸ row 0", "  row 1"])
    terminal.type("jjj")
    terminal.waitForScreen(containing: "4/40")
    #expect(terminal.screen.lines[5] == "▸ row 3")
    terminal.type("\u{1B}[B")
    terminal.waitForScreen(containing: "5/40")
    terminal.type("k\u{1B}[A")
    terminal.waitForScreen(containing: "3/40")
    terminal.type("\u{1B}[6~")  // a page is the list's height less one: 17 rows
    terminal.waitForScreen(containing: "20/40")
    #expect(terminal.screen.lines.contains("▸ row 19"))
    terminal.type("\u{1B}[5~")
    terminal.waitForScreen(containing: "3/40")
    terminal.type("\r")
    terminal.waitForScreen(containing: "selected row 2")
    terminal.type("d")
    terminal.waitForScreen(containing: "deleted row 2")
    terminal.waitForScreen(containing: "3/39")  // the status may be drawn before the list's update
    #expect(terminal.screen.lines.contains("▸ row 3"))
    #expect(terminal.screen.lines.contains { $0.contains("3/39") })
    terminal.type("q")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  @Test("mouse reports move the cursor by click and scroll by wheel; q gives the terminal back with the mouse off")
  func mouse() throws {
    let terminal = try Self.fixture()
    terminal.waitForScreen(containing: "1/40")
    terminal.type("\u{1B}[<0;5;6M\u{1B}[<0;5;6m")  // a click on screen row 6 (1-based): row 3
    terminal.waitForScreen(containing: "4/40")
    #expect(terminal.screen.lines[5] == "▸ row 3")
    terminal.type("\u{1B}[<0;5;6M")  // a second click selects it
    terminal.waitForScreen(containing: "selected row 3")
    terminal.type("\u{1B}[<65;1;1M\u{1B}[<65;1;1M")  // two wheel notches down: six lines
    terminal.wait(for: "the list scrolled") { $0.screen.lines[1].hasSuffix(" row 5") }
    terminal.type("\u{1B}[M#!!")  // an X10 release: nothing, and no stray keys
    terminal.type("q")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  @Test("the Demo with TERM=dumb writes plain lines with no escape code and exits 0")
  func demoDumbTerminal() throws {
    let terminal = try PseudoTerminal(
      executable: PseudoTerminal.executable(named: "Demo"), arguments: ["--ticks", "2", "--interval", "10"],
      columns: 80, rows: 24, term: "dumb")
    let status = try #require(terminal.waitForExit())
    #expect(WaitStatus.exitCode(status) == 0)
    #expect(!terminal.outputText.contains("\u{1B}"))
    #expect(terminal.outputText.contains("tick 1"))
    #expect(terminal.settingsAreRestored)
  }

  @Test("the Demo with NO_COLOR draws no colour, and still bold and inverse")
  func demoNoColor() throws {
    let terminal = try PseudoTerminal(
      executable: PseudoTerminal.executable(named: "Demo"), arguments: ["--interval", "60000"], columns: 80, rows: 24,
      environment: ["NO_COLOR=1"])
    terminal.waitForScreen(containing: "ListFlow Demo")
    terminal.wait(for: "the status bar") { $0.screen.lines[23].contains("1/") }
    let parameters = terminal.outputText.matches(of: /\x1B\[([0-9;]*)m/).flatMap { match in
      match.output.1.split(separator: ";").compactMap { Int($0) }
    }
    #expect(parameters.contains(7))
    #expect(!parameters.contains { (30...49).contains($0) || (90...107).contains($0) })
    terminal.type("q")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  @Test("a resize redraws the list at the new size")
  func resize() throws {
    let terminal = try Self.fixture()
    terminal.waitForScreen(containing: "1/40")
    terminal.resize(columns: 40, rows: 8)
    terminal.wait(for: "the status bar on row 8") { $0.screen.lines[7].contains("1/40") }
    #expect(Array(terminal.screen.lines.prefix(3)) == ["Fixture list", "Fixture", "▸ row 0"])
    #expect(terminal.screen.lines[6] == "  row 4")
    terminal.type("\u{03}")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  @Test("Ctrl-C quits with status 0 and gives the terminal back")
  func controlC() throws {
    let terminal = try Self.fixture()
    terminal.waitForScreen(containing: "1/40")
    terminal.type("\u{03}")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  @Test("Ctrl-Z gives the terminal back and stops; SIGCONT takes it again and repaints in full")
  func suspendAndContinue() throws {
    let terminal = try Self.fixture()
    terminal.waitForScreen(containing: "1/40")
    terminal.type("jj")
    terminal.waitForScreen(containing: "3/40")
    terminal.type("\u{1A}")
    #expect(terminal.waitForStop())
    terminal.wait(for: "the normal screen") { !$0.screen.usesAlternateScreen }
    Self.expectRestored(terminal)
    terminal.continueProgram()
    terminal.wait(for: "the list again") { $0.screen.usesAlternateScreen && $0.screen.lines.contains("▸ row 2") }
    #expect(terminal.isRaw)
    let (cursor, wraps, mouse) = (terminal.screen.cursorVisible, terminal.screen.wraps, terminal.screen.reportsMouse)
    #expect(!cursor && !wraps && mouse)
    #expect(Array(terminal.screen.lines.prefix(3)) == ["Fixture list", "Fixture", "  row 0"])
    terminal.type("j")
    terminal.waitForScreen(containing: "4/40")
    terminal.type("q")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  @Test(
    "SIGTSTP from outside suspends as Ctrl-Z does, with the backtracer off and on; SIGCONT resumes",
    arguments: [false, true])
  func externalStop(backtracer: Bool) throws {
    let terminal = try Self.fixture(environment: backtracer ? Self.backtracerOn : [])
    terminal.waitForScreen(containing: "1/40")
    terminal.send(SIGTSTP)
    #expect(terminal.waitForStop())
    terminal.wait(for: "the normal screen") { !$0.screen.usesAlternateScreen }
    Self.expectRestored(terminal)
    terminal.continueProgram()
    terminal.wait(for: "the list again") { $0.screen.usesAlternateScreen && $0.screen.lines.contains("▸ row 0") }
    #expect(terminal.isRaw)
    terminal.type("q")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  @Test("a lone Escape counts as Escape after a short wait, and quits")
  func loneEscape() throws {
    let terminal = try Self.fixture()
    terminal.waitForScreen(containing: "1/40")
    terminal.type("j\u{1B}")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  @Test("with a locale that is not UTF-8 the screen is drawn in ASCII only")
  func asciiOnlyLocale() throws {
    let terminal = try Self.fixture(locale: "C")
    terminal.waitForScreen(containing: "1/40")
    #expect(terminal.screen.lines.contains("? row 0"))
    let drawn = terminal.outputText
    #expect(drawn.unicodeScalars.allSatisfy { $0.isASCII })
    terminal.type("q")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  @Test("SIGTERM gives the terminal back and exits with 128 + 15")
  func terminate() throws {
    let terminal = try Self.fixture()
    terminal.waitForScreen(containing: "1/40")
    terminal.send(SIGTERM)
    let status = try #require(terminal.waitForExit())
    #expect(WaitStatus.exitCode(status) == 128 + SIGTERM)
    Self.expectRestored(terminal)
  }

  @Test("a Swift trap and abort() give the terminal back, then end the program by their signal", arguments: ["t", "a"])
  func crash(key: String) throws {
    let terminal = try Self.fixture()
    terminal.waitForScreen(containing: "1/40")
    terminal.type(key)
    let status = try #require(terminal.waitForExit())
    let signal = WaitStatus.signal(status)
    #expect(signal == (key == "a" ? SIGABRT : SIGILL) || signal == SIGTRAP, "status \(status)")
    Self.expectRestored(terminal, normalScreenBlank: false)
  }

  @Test(
    "a crash signal sent from outside, with the backtracer on: the terminal is given back, the program ends by it",
    .disabled(if: ThreadSanitizer.isOn, "the sanitizer's runtime takes over crash signals"),
    arguments: [SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP])
  func externalCrashSignal(signal: Int32) throws {
    let terminal = try Self.fixture(environment: Self.backtracerOn)
    terminal.waitForScreen(containing: "1/40")
    terminal.send(signal)
    let status = try #require(Self.waitForExitAfterBacktrace(terminal))
    #expect(WaitStatus.signal(status) == signal, "status \(status)")
    #expect(terminal.outputText.contains("Program crashed"), "the backtracer did not run")
    Self.expectRestoredBeforeBacktrace(terminal)
  }

  @Test(
    "a Swift trap and abort() with the backtracer on: the terminal is given back, the program ends by the signal",
    .disabled(if: ThreadSanitizer.isOn, "the sanitizer's runtime takes over crash signals"),
    arguments: ["t", "a"])
  func crashWithBacktracer(key: String) throws {
    let terminal = try Self.fixture(environment: Self.backtracerOn)
    terminal.waitForScreen(containing: "1/40")
    terminal.type(key)
    let status = try #require(Self.waitForExitAfterBacktrace(terminal))
    let signal = WaitStatus.signal(status)
    #expect(signal == (key == "a" ? SIGABRT : SIGILL) || signal == SIGTRAP, "status \(status)")
    Self.expectRestoredBeforeBacktrace(terminal)
  }

  @Test(
    "SIGTERM, SIGHUP, SIGQUIT and SIGINT from outside, with the backtracer on: the terminal is given back, exit 128 + n",
    arguments: [SIGTERM, SIGHUP, SIGQUIT, SIGINT])
  func externalEndSignal(signal: Int32) throws {
    let terminal = try Self.fixture(environment: Self.backtracerOn)
    terminal.waitForScreen(containing: "1/40")
    terminal.send(signal)
    let status = try #require(terminal.waitForExit())
    #expect(WaitStatus.exitCode(status) == 128 + signal, "status \(status)")
    Self.expectRestored(terminal)
  }

  @Test("a second session shares the terminal; the first one's settings come back at the end")
  func nestedSessions() throws {
    let terminal = try Self.fixture()
    terminal.waitForScreen(containing: "1/40")
    terminal.type("s")
    terminal.waitForScreen(containing: "nested")
    #expect(terminal.isRaw)
    let alternate = terminal.screen.usesAlternateScreen
    #expect(alternate)
    terminal.type("j")
    terminal.waitForScreen(containing: "2/40")
    terminal.type("q")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  @Test("the Demo runs interactively: keys move the cursor, q gives the terminal back")
  func demo() throws {
    let terminal = try PseudoTerminal(
      executable: PseudoTerminal.executable(named: "Demo"), arguments: ["--interval", "60000"], columns: 80, rows: 24)
    terminal.waitForScreen(containing: "ListFlow Demo")
    terminal.wait(for: "the status bar") { $0.screen.lines[23].contains("1/") }
    terminal.type("jj")
    terminal.wait(for: "the cursor on the third row") { $0.screen.lines[23].hasPrefix(" 3/") }
    terminal.type("k")
    terminal.wait(for: "the cursor on the second row") { $0.screen.lines[23].hasPrefix(" 2/") }
    #expect(terminal.screen.lines.filter { $0.hasPrefix("▸ ") }.count == 1)
    terminal.type("q")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  @Test("the Demo takes arrows, pages, j/k, d and enter, and is redrawn at a new size")
  func demoKeys() throws {
    let terminal = try PseudoTerminal(
      executable: PseudoTerminal.executable(named: "Demo"), arguments: ["--interval", "60000"], columns: 80, rows: 24)
    func position() -> Int? { Self.position(in: terminal.screen.lines.last ?? "") }
    terminal.wait(for: "the status bar") { _ in position() == 1 }
    terminal.type("\u{1B}[B\u{1B}[B")
    terminal.wait(for: "the cursor on the third row") { _ in position() == 3 }
    terminal.type("\u{1B}[6~")
    terminal.wait(for: "a page down") { _ in (position() ?? 0) > 3 }
    let paged = try #require(position())
    terminal.type("\u{1B}[5~")
    terminal.wait(for: "a page up") { _ in (position() ?? paged) < paged }
    terminal.type("k\u{1B}[A")
    terminal.wait(for: "two rows up") { _ in position() == 1 }

    // Down to a process (a row that shows a pid); `d` hides it.
    let pid = try #require(Self.moveToProcess(terminal), "no process row reached")
    terminal.type("d")
    terminal.wait(for: "process \(pid) hidden") { !Self.shows(pid: pid, $0.screen.lines) }
    // Another process; Enter pins it.
    _ = try #require(Self.moveToProcess(terminal), "no process row reached")
    terminal.type("\r")
    terminal.waitForScreen(containing: "Pinned")

    terminal.resize(columns: 60, rows: 12)
    terminal.wait(for: "the status bar on row 12") { $0.screen.lines[11].hasPrefix(" ") && position() != nil }
    #expect(terminal.screen.lines.filter { $0.hasPrefix("▸ ") }.count == 1)
    terminal.type("q")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  /// Moves the cursor down (`j`) until the selected row shows a pid; returns it.
  static func moveToProcess(_ terminal: PseudoTerminal) -> String? {
    for _ in 0..<40 {
      if let selected = terminal.screen.lines.first(where: { $0.hasPrefix("▸ ") }),
        let pid = Self.pid(in: selected)
      {
        return pid
      }
      let before = position(in: terminal.screen.lines.last ?? "") ?? 0
      terminal.type("j")
      guard terminal.wait(for: "the cursor one row down", until: { position(in: $0.screen.lines.last ?? "") != before })
      else { return nil }
    }
    return nil
  }

  /// The pid a row shows (`… pid 812 …`), if any.
  static func pid(in line: String) -> String? {
    let words = line.split(separator: " ")
    guard let index = words.firstIndex(of: "pid"), index + 1 < words.count else { return nil }
    return String(words[index + 1])
  }

  /// Whether any line shows `pid` as a process id.
  static func shows(pid: String, _ lines: [String]) -> Bool {
    lines.contains { Self.pid(in: $0) == pid }
  }

  /// The position shown by a status bar (` 3/41  …`).
  static func position(in statusBar: String) -> Int? {
    statusBar.dropFirst().split(separator: "/").first.flatMap { Int($0) }
  }

  @Test("the Demo shows the process under the cursor on two lines; a click moves the cursor; r, ? and the help screen")
  func demoFocusAndMouse() throws {
    let terminal = try PseudoTerminal(
      executable: PseudoTerminal.executable(named: "Demo"), arguments: ["--interval", "60000"], columns: 80, rows: 24)
    terminal.wait(for: "the status bar") { Self.position(in: $0.screen.lines.last ?? "") == 1 }
    let (mouse, sgrMouse) = (terminal.screen.reportsMouse, terminal.screen.usesSGRMouse)
    #expect(mouse && sgrMouse)
    let pid = try #require(Self.moveToProcess(terminal), "no process row reached")
    terminal.wait(for: "the details line of process \(pid)") { terminal in
      guard let index = terminal.screen.lines.firstIndex(where: { $0.hasPrefix("▸ ") }) else { return false }
      return index + 1 < terminal.screen.lines.count && terminal.screen.lines[index + 1].contains("s of CPU time")
    }
    // A click on the row two lines above the cursor's (a row of one line, or a header) moves the cursor there or
    // leaves it; a click on the last list line moves it down.
    let before = try #require(Self.position(in: terminal.screen.lines.last ?? ""))
    terminal.type("\u{1B}[<0;10;23M")
    terminal.wait(for: "the cursor moved by the click") { Self.position(in: $0.screen.lines.last ?? "") != before }
    // r reads /proc now, with a spinner line while it reads and a status message after.
    terminal.type("r")
    terminal.wait(for: "the status message after a refresh") { $0.screen.lines.last?.hasSuffix("refreshed") == true }
    // The help screen lists the key map.
    terminal.type("?")
    terminal.waitForScreen(containing: "Keys (any key closes this help)")
    #expect(terminal.screen.lines.contains { $0.hasPrefix(" k/up") && $0.hasSuffix("move the cursor up") })
    #expect(terminal.screen.lines.contains { $0.hasPrefix(" wheel") }, "the session reports the mouse")
    terminal.type("?")
    terminal.wait(for: "the list again") { !$0.screen.lines.contains(" Keys (any key closes this help)") }
    terminal.type("q")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  @Test("the Demo with --no-mouse leaves mouse reporting off, and its help screen does not list the mouse")
  func demoWithoutMouse() throws {
    let terminal = try PseudoTerminal(
      executable: PseudoTerminal.executable(named: "Demo"), arguments: ["--interval", "60000", "--no-mouse"],
      columns: 80, rows: 40)
    terminal.wait(for: "the status bar") { Self.position(in: $0.screen.lines.last ?? "") == 1 }
    #expect(!terminal.screen.reportsMouse)
    terminal.type("?")
    terminal.waitForScreen(containing: "Keys (any key closes this help)")
    #expect(terminal.screen.lines.contains { $0.hasPrefix(" j/down") })
    #expect(!terminal.screen.lines.contains { $0.hasPrefix(" wheel") || $0.hasPrefix(" click") })
    terminal.type("q")
    terminal.wait(for: "the list again") { !$0.screen.lines.contains(" Keys (any key closes this help)") }
    terminal.type("q")
    try PseudoTerminalTests.expectCleanExit(terminal)
  }

  @Test("the Demo gives the terminal back on SIGTERM")
  func demoTerminated() throws {
    let terminal = try PseudoTerminal(
      executable: PseudoTerminal.executable(named: "Demo"), arguments: ["--interval", "60000"], columns: 80, rows: 24)
    terminal.waitForScreen(containing: "ListFlow Demo")
    terminal.send(SIGTERM)
    let status = try #require(terminal.waitForExit())
    #expect(WaitStatus.exitCode(status) == 128 + SIGTERM)
    Self.expectRestored(terminal)
  }
}
