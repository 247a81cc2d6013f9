import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Job control as a shell, a script or a window manager drives it: random runs of `SIGTSTP`, `SIGCONT` and
/// resizes sent to the fixture in a real pseudo-terminal, some as fast as they come, some while the program is
/// giving the terminal back. However they interleave, once the last `SIGCONT` is sent the program runs (a stop
/// asked for before a `SIGCONT` is not served after it, as with the default action) with the terminal taken again
/// at the last size, and `SIGTERM` then gives the terminal back as it was found.
@Suite(.serialized, .timeLimit(.minutes(60)))
struct PseudoTerminalJobControlTests {
  enum Action {
    case stop
    case stopWhileHeld
    case stopAndWait
    case proceed
    case resize
  }

  static let actions = WeightedChoice<Action>([
    ("send SIGTSTP", weight: 2, .stop),
    ("send SIGTSTP with the output held, SIGCONT once it is taken, then let the output go", weight: 3, .stopWhileHeld),
    ("send SIGTSTP and wait until it is taken", weight: 1, .stopAndWait),
    ("send SIGCONT", weight: 2, .proceed),
    ("resize the terminal", weight: 2, .resize),
  ])

  /// How a round ends: with a `SIGCONT`, sent alone or while the program is giving the terminal back.
  static let lastActions = WeightedChoice<Action>([
    ("send SIGCONT", weight: 1, .proceed),
    ("send SIGTSTP with the output held, SIGCONT once it is taken, then let the output go", weight: 3, .stopWhileHeld),
  ])

  /// Whether a signal sent to the process waits for a thread to take it (`ShdPnd` in `/proc/<pid>/status`).
  static func isPending(_ signal: Int32, _ pid: pid_t) -> Bool {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("ShdPnd:") }),
      let mask = UInt64(line.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16)
    else { return false }
    return mask & (1 << UInt64(signal - 1)) != 0
  }

  /// Whether the process is stopped now (state `T` in `/proc/<pid>/stat`).
  static func isStopped(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return false }
    return stat[end...].dropFirst(2).first == "T"
  }

  /// Whether every thread of the process sleeps or is stopped: none is running or waiting to run, so a signal taken
  /// has been handled (a thread between taking a signal and running its handler is runnable) and a decision to
  /// stop has been carried out.
  static func isIdle(_ pid: pid_t) -> Bool {
    guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return false }
    return threads.allSatisfy { thread in
      guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { return true }  // the thread has ended
      return stat[end...].dropFirst(2).first != "R"
    }
  }

  @Test("after any run of SIGTSTP, SIGCONT and resizes, the last SIGCONT leaves the program running, taken, repainted")
  func randomJobControl() throws {
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 2, deep: 20) {
      var random = SeededRandom(seed: seed)
      let terminal = try PseudoTerminal(
        executable: PseudoTerminal.executable(named: "TerminalFixture"), columns: 60, rows: 20)
      terminal.waitForScreen(containing: "1/40")
      var size = (columns: 60, rows: 20)
      var done: [String] = []
      var running = true
      for _ in 0..<4 where running {
        for _ in 0..<random.below(4) {
          let action = Self.actions.pick(using: &random)
          done.append(action.name)
          Self.perform(action.value, on: terminal, size: &size, random: &random, context: "seed \(seed): \(done)")
        }
        let last = Self.lastActions.pick(using: &random)
        done.append(last.name)
        // The last SIGCONT is sent once the program is idle: with the signals before it handled, and a stop they
        // asked for carried out or dropped (see `perform`).
        terminal.wait(for: "the program idle (seed \(seed): \(done))") { Self.isIdle($0.pid) }
        Self.perform(last.value, on: terminal, size: &size, random: &random, context: "seed \(seed): \(done)")
        // A resize to another number of rows comes through the relay after the signals before it: the list drawn
        // at that size shows the program ran on past them (a repaint at the old size could be from before).
        size = (columns: 30 + random.below(51), rows: 8 + (size.rows - 8 + 1 + random.below(16)) % 17)
        done.append("resize the terminal to \(size)")
        terminal.resize(columns: size.columns, rows: size.rows)
        let taken = terminal.wait(for: "the list at \(size) after the last SIGCONT (seed \(seed): \(done))") {
          terminal in
          Self.isStopped(terminal.pid) || terminal.exitStatus != nil
            || (terminal.screen.usesAlternateScreen && terminal.isRaw
              && terminal.screen.lines.last?.contains("1/40") == true)
        }
        let stopped = Self.isStopped(terminal.pid)
        #expect(!stopped, "stopped after the last SIGCONT (seed \(seed): \(done))")
        running = taken && !stopped && terminal.exitStatus == nil
      }
      guard running else { continue }
      terminal.send(SIGTERM)
      let status = try #require(terminal.waitForExit())
      #expect(WaitStatus.exitCode(status) == 128 + SIGTERM, "status \(status) (seed \(seed): \(done))")
      PseudoTerminalTests.expectRestored(terminal)
    }
  }

  @Test(
    "a SIGTSTP taken as the last session ends still stops the program, with the terminal given back",
    .disabled(if: ThreadSanitizer.isOn, "the sanitizer's runtime defers signal handlers and drops one reset meanwhile"))
  func stopAsTheSessionEnds() throws {
    // The relay takes the signal while the session holds the terminal and serves it on its own queue, before or
    // after the session ends: after, the stop is served as the default action would, not dropped.
    for run in 0..<DeepPass.cases(quick: 2, deep: 10) {
      let terminal = try PseudoTerminal(
        executable: PseudoTerminal.executable(named: "TerminalFixture"), columns: 60, rows: 20)
      terminal.waitForScreen(containing: "1/40")
      terminal.type("z")
      terminal.wait(for: "the program to stop (run \(run))") { $0.isStopped || $0.exitStatus != nil }
      #expect(terminal.isStopped, "not stopped (run \(run))")
      terminal.continueProgram()
      // Typed once the session has ended for good (a line typed while it held the terminal would be its key).
      terminal.waitForScreen(containing: "session ended")
      terminal.type("q\n")
      let status = try #require(terminal.waitForExit())
      #expect(WaitStatus.exitCode(status) == 0, "status \(status) (run \(run))")
      PseudoTerminalTests.expectRestored(terminal, normalScreenBlank: false)  // the line typed is echoed
    }
  }

  static func perform(
    _ action: Action, on terminal: PseudoTerminal, size: inout (columns: Int, rows: Int),
    random: inout SeededRandom, context: String
  ) {
    switch action {
    case .stop: terminal.send(SIGTSTP)
    case .stopWhileHeld:
      // While the output is held (`tcflow`), giving the terminal back blocks on its first write: the `SIGCONT`
      // comes after the `SIGTSTP` was taken and is taken before the program could stop.
      //
      // Taken means handled: the program is idle too. A handler runs a little after the kernel hands its signal to
      // a thread, and the program decides to stop a little before it stops; a `SIGCONT` sent into either gap, or
      // let go before its handler ran, comes too late, as a `SIGCONT` sent just before the default action's stop
      // would (the program's documentation says so). Those gaps last microseconds, unless the machine is so busy
      // that the thread waits for a processor: the test waits them out rather than race the scheduler.
      tcflow(terminal.slave, TCOOFF)
      terminal.send(SIGTSTP)
      terminal.wait(for: "SIGTSTP taken, or the program stopped (\(context))") { terminal in
        Self.isStopped(terminal.pid) || (!Self.isPending(SIGTSTP, terminal.pid) && Self.isIdle(terminal.pid))
      }
      terminal.send(SIGCONT)
      terminal.wait(for: "SIGCONT taken (\(context))") { !Self.isPending(SIGCONT, $0.pid) && Self.isIdle($0.pid) }
      tcflow(terminal.slave, TCOON)
    case .stopAndWait:
      terminal.send(SIGTSTP)
      terminal.wait(for: "SIGTSTP taken, or the program stopped (\(context))") { terminal in
        Self.isStopped(terminal.pid) || !Self.isPending(SIGTSTP, terminal.pid)
      }
    case .proceed: terminal.send(SIGCONT)
    case .resize:
      size = (columns: 30 + random.below(51), rows: 8 + random.below(17))
      terminal.resize(columns: size.columns, rows: size.rows)
    }
  }
}
