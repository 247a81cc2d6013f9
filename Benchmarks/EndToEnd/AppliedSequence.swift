/// The sequence number of the last state a controller applied; the producer of a scenario waits on it.
@MainActor
final class AppliedSequence {
  private var last = -1
  private var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []

  /// Records that the state with `sequence` was applied and wakes whoever waited for it (or an older one).
  func record(_ sequence: Int) {
    last = max(last, sequence)
    let ready = waiters.filter { $0.target <= last }
    waiters.removeAll { $0.target <= last }
    for waiter in ready { waiter.continuation.resume() }
  }

  /// Returns once the state with `sequence`, or a later one, was applied.
  func wait(for sequence: Int) async {
    if last >= sequence { return }
    await withCheckedContinuation { waiters.append((sequence, $0)) }
  }
}
