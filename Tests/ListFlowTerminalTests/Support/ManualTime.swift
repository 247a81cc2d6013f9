import ListFlow
import ListFlowTerminal
import Synchronization

/// A time a test moves by hand, read by a `TerminalClock`: timed parts of a view change only when the test
/// advances it and calls `tick()`.
final class ManualTime: Sendable {
  private let now = Mutex(Duration.zero)

  var clock: TerminalClock { TerminalClock { self.read() } }

  func read() -> Duration { now.withSanitizedLock { $0 } }

  func advance(by duration: Duration) { now.withSanitizedLock { $0 += duration } }

  /// Sets the time, to any value (a bad-value test sets extreme ones).
  func set(_ time: Duration) { now.withSanitizedLock { $0 = time } }
}
