import ListFlow
import Synchronization

/// A counter that tasks can wait on, so that an async test learns that something happened without sleeping.
///
/// `wait(untilAtLeast:)` returns once ``advance(by:)`` or ``advance(to:)`` has brought the value that far. A test
/// uses it to make a consumer deterministically slower than a producer, or to wait until a background task
/// reached a point.
///
/// ```swift
/// let gate = ProgressGate()
/// let consumer = Task { for await state in store.updates() { await gate.wait(untilAtLeast: state.count) } }
/// gate.advance(to: 100)  // the consumer may now take states up to 100
/// ```
///
/// Waiting is not cancellable: a test advances its gates as far as it waits on them.
public final class ProgressGate: Sendable {
  private struct Waiter {
    let target: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var value = 0
    var waiters: [Waiter] = []
  }

  private let state = Mutex(State())

  /// Creates a gate at 0.
  public init() {}

  /// The value so far.
  public var value: Int { state.withSanitizedLock { $0.value } }

  /// Raises the value to `newValue` (never lowers it) and releases the waiters it satisfies.
  ///
  /// - Parameter newValue: The new value.
  public func advance(to newValue: Int) {
    raise { max($0, newValue) }
  }

  /// Adds `step` (when positive) to the value, stopping at `Int.max`, and releases the waiters it satisfies.
  ///
  /// - Parameter step: How far to advance.
  public func advance(by step: Int = 1) {
    raise { value in
      let (sum, overflow) = value.addingReportingOverflow(max(step, 0))
      return overflow ? .max : sum
    }
  }

  private func raise(_ newValue: (Int) -> Int) {
    let ready = state.withSanitizedLock { state -> [Waiter] in
      state.value = newValue(state.value)
      let value = state.value
      let ready = state.waiters.filter { $0.target <= value }
      state.waiters.removeAll { $0.target <= value }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Returns once the value is at least `target`.
  ///
  /// - Parameter target: The value to wait for.
  public func wait(untilAtLeast target: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isReady = state.withSanitizedLock { state -> Bool in
        if state.value >= target { return true }
        state.waiters.append(Waiter(target: target, continuation: continuation))
        return false
      }
      if isReady { continuation.resume() }
    }
  }
}
