/// The time source of a ``TerminalListView``'s timed parts: status messages that go away and the spinner.
///
/// It gives a monotonic time, as a `Duration` since any fixed origin. Programs use ``continuous``; tests pass a
/// clock they move by hand, then call ``TerminalListView/tick()``, so nothing waits for real time.
///
/// ```swift
/// let time = Mutex(Duration.zero)
/// let clock = TerminalClock { time.withLock { $0 } }
/// ```
public struct TerminalClock: Sendable {
  /// The time now, since the clock's origin.
  public let now: @Sendable () -> Duration

  /// Creates a clock from a function that reads the time.
  ///
  /// - Parameter now: The time now, since a fixed origin; it should never go back.
  public init(now: @escaping @Sendable () -> Duration) {
    self.now = now
  }

  /// The system's monotonic clock (`ContinuousClock`), from the moment this clock was made.
  public static var continuous: TerminalClock {
    let origin = ContinuousClock.now
    return TerminalClock { ContinuousClock.now - origin }
  }
}
