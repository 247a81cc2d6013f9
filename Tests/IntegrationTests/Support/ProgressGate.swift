import Synchronization

/// A counter that tasks can wait on: `wait(untilAtLeast:)` returns once `advance` has brought it that far.
///
/// It tells a test that something happened on another task without sleeping. Waiting is not cancellable: every
/// test advances its gates as far as it waits on them.
final class ProgressGate: Sendable {
  private struct Waiter {
    let target: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var value = 0
    var waiters: [Waiter] = []
  }

  private let state = Mutex(State())

  /// The value so far.
  var value: Int { state.withLock { $0.value } }

  /// Adds `step` to the value and releases the waiters it satisfies.
  func advance(by step: Int = 1) {
    let ready = state.withLock { state -> [Waiter] in
      state.value += max(step, 0)
      let value = state.value
      let ready = state.waiters.filter { $0.target <= value }
      state.waiters.removeAll { $0.target <= value }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Returns once the value is at least `target`.
  func wait(untilAtLeast target: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isReady = state.withLock { state -> Bool in
        if state.value >= target { return true }
        state.waiters.append(Waiter(target: target, continuation: continuation))
        return false
      }
      if isReady { continuation.resume() }
    }
  }
}
