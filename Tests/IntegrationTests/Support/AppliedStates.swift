/// The states a controller showed, in order, recorded from `SyncDelegate.didApply`; tests wait on them.
@MainActor
final class AppliedStates<State: Sendable> {
  private struct Waiter {
    let predicate: (State) -> Bool
    let continuation: CheckedContinuation<Void, Never>
  }

  /// Every state shown, in the order the controller applied them.
  private(set) var states: [State] = []
  private var waiters: [Waiter] = []

  /// Records a state the controller just showed and releases the waiters it satisfies.
  func record(_ state: State?) {
    guard let state else { return }
    states.append(state)
    let ready = waiters.filter { $0.predicate(state) }
    waiters.removeAll { $0.predicate(state) }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Returns once the controller shows a state for which `predicate` holds (at once if the last one does).
  ///
  /// Wait only for a state the store is sure to publish last, or one it publishes before waiting ends:
  /// coalescing may skip intermediate states.
  func wait(until predicate: @escaping (State) -> Bool) async {
    if let last = states.last, predicate(last) { return }
    await withCheckedContinuation { continuation in
      waiters.append(Waiter(predicate: predicate, continuation: continuation))
    }
  }
}
