import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A program started with `SIGINT`, `SIGHUP`, `SIGQUIT` and `SIGTSTP` ignored (a background job of a shell with no
/// job control, `nohup`) keeps them ignored while its session is open: random runs of those signals and of Ctrl-Z
/// typed neither end nor stop it, the keys typed after each still act, and `SIGTERM` (not ignored) then gives the
/// terminal back as it was found.
@Suite(.serialized, .timeLimit(.minutes(60)))
struct PseudoTerminalIgnoredSignalsTests {
  enum Action {
    case signal(Int32)
    case controlZ
  }

  static let actions = WeightedChoice<Action>([
    ("send SIGHUP", weight: 2, .signal(SIGHUP)),
    ("send SIGINT", weight: 2, .signal(SIGINT)),
    ("send SIGQUIT", weight: 1, .signal(SIGQUIT)),
    ("send SIGTSTP", weight: 2, .signal(SIGTSTP)),
    ("type Ctrl-Z", weight: 2, .controlZ),
  ])

  @Test("signals the program started ignoring stay ignored; Ctrl-Z does not stop it; SIGTERM still gives back")
  func ignoredSignalsStayIgnored() throws {
    for seed in DeepPass.seeds(from: terminalFuzzSeed &+ 0x16, quick: 2, deep: 10) {
      var random = SeededRandom(seed: seed)
      let terminal = try PseudoTerminal(
        executable: PseudoTerminal.executable(named: "TerminalFixture"), arguments: ["--ignore-signals"],
        columns: 60, rows: 20)
      terminal.waitForScreen(containing: "1/40")
      var done: [String] = []
      var row = 1
      for _ in 0..<5 {
        let action = Self.actions.pick(using: &random)
        done.append(action.name)
        switch action.value {
        case .signal(let signal): terminal.send(signal)
        case .controlZ: terminal.type("\u{1A}")
        }
        // The keys typed after it act: the program runs, reading keys.
        row += 1
        terminal.type("j")
        let moved = terminal.wait(for: "the cursor on row \(row) (seed \(seed): \(done))") { terminal in
          terminal.exitStatus != nil || PseudoTerminalJobControlTests.isStopped(terminal.pid)
            || terminal.screen.lines.last?.contains("\(row)/40") == true
        }
        #expect(terminal.exitStatus == nil, "ended by \(done) (seed \(seed)): \(terminal.exitStatus ?? 0)")
        #expect(!PseudoTerminalJobControlTests.isStopped(terminal.pid), "stopped by \(done) (seed \(seed))")
        guard moved, terminal.exitStatus == nil, !PseudoTerminalJobControlTests.isStopped(terminal.pid) else { break }
      }
      if PseudoTerminalJobControlTests.isStopped(terminal.pid) { terminal.continueProgram() }
      guard terminal.exitStatus == nil else { continue }
      terminal.send(SIGTERM)
      let status = try #require(terminal.waitForExit())
      #expect(WaitStatus.exitCode(status) == 128 + SIGTERM, "status \(status) (seed \(seed): \(done))")
      PseudoTerminalTests.expectRestored(terminal)
    }
  }
}
