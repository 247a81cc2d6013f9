import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A session already restored, while another one is open, takes nothing more from the terminal: its
/// `keys()` stream ends at once and its `onResize` handler is never called, so every key and every resize reaches
/// the open session. The fixture's `r` makes such a session (and keeps it alive); random keys and resizes follow.
@Suite(.serialized, .timeLimit(.minutes(60)))
struct PseudoTerminalRestoredSessionTests {
  enum Action {
    case down
    case up
    case resize
  }

  static let actions = WeightedChoice<Action>([
    ("type j", weight: 3, .down),
    ("type k", weight: 2, .up),
    ("resize the terminal", weight: 2, .resize),
  ])

  /// Whether a restored session drew what it must not: a key it read, or a resize it was told of.
  static func leaked(_ terminal: PseudoTerminal) -> Bool {
    terminal.outputText.contains("stolen") || terminal.outputText.contains("late resize")
  }

  @Test("a restored session's keys end at once and it hears no resize; every key and resize reaches the open one")
  func restoredSession() throws {
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 2, deep: 10) {
      var random = SeededRandom(seed: seed)
      let terminal = try PseudoTerminal(
        executable: PseudoTerminal.executable(named: "TerminalFixture"), columns: 60, rows: 20)
      terminal.waitForScreen(containing: "1/40")
      terminal.type("r")
      var position = 1
      var done: [String] = []
      let count = 2 + random.below(5)
      for step in 0..<count {
        var action = Self.actions.pick(using: &random)
        // The last step is a key: its frame comes after every resize call made before it.
        if step == count - 1 && action.value == .resize { action = Self.actions.options[0] }
        done.append(action.name)
        switch action.value {
        case .down:
          terminal.type("j")
          position = min(position + 1, 40)
        case .up:
          terminal.type("k")
          position = max(position - 1, 1)
        case .resize:
          terminal.resize(columns: 30 + random.below(51), rows: 8 + random.below(17))
        }
        let expected = "\(position)/40"
        terminal.wait(for: "\(expected) on the status bar (seed \(seed): \(done))") { terminal in
          Self.leaked(terminal) || terminal.screen.lines.last?.contains(expected) == true
        }
      }
      let leaked = Self.leaked(terminal)
      #expect(!leaked, "the restored session read a key or heard a resize (seed \(seed): \(done))")
      guard !leaked else { continue }
      terminal.wait(for: "the restored session's keys to end (seed \(seed))") {
        $0.outputText.contains("late keys ended")
      }
      terminal.type("q")
      try PseudoTerminalTests.expectCleanExit(terminal)
    }
  }
}
