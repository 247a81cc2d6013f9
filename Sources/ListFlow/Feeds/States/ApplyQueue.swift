/// The decisions of ``ListController``'s ordered, coalescing application of states, as a plain state machine.
///
/// One caller at a time is the *runner*: it applies the pending request, then the next, until none is left or
/// its task is cancelled. A request submitted while a runner works becomes the pending one, superseding a
/// pending request not yet started; its caller waits for a ``Handoff``. When the runner stops with a request
/// still pending, the first waiting caller takes over as runner, so no request and no continuation is left
/// behind.
struct ApplyQueue<Request> {
  /// What a waiting caller is told when it resumes.
  enum Handoff: Sendable {
    /// Its request, or a newer one, was shown; or it was dropped after a cancellation.
    case finished
    /// The runner stopped: the caller becomes the runner.
    case takeOver
  }

  typealias Waiter = CheckedContinuation<Handoff, Never>

  private(set) var isRunning = false
  private(set) var pending: Request?
  private var waiters: [Waiter] = []

  /// Submits a request. Returns `true` when the caller becomes the runner, `false` when it must wait; the
  /// second value is whether a pending request was superseded.
  mutating func submit(
    _ request: Request, merging merge: (Request, Request) -> Request
  ) -> (
    runs: Bool, superseded: Bool
  ) {
    if isRunning {
      let superseded = pending != nil
      pending = pending.map { merge($0, request) } ?? request
      return (false, superseded)
    }
    isRunning = true
    pending = request
    return (true, false)
  }

  /// Registers the continuation of a caller whose request is pending.
  mutating func wait(_ waiter: Waiter) { waiters.append(waiter) }

  /// Takes the pending request and the callers waiting for it.
  mutating func takeNext() -> (request: Request, waiters: [Waiter])? {
    guard let request = pending else { return nil }
    pending = nil
    defer { waiters = [] }
    return (request, waiters)
  }

  /// Gives back a request that was not shown because the runner was cancelled. A newer pending request wins,
  /// merged with the old one (so a reload the old one asked for is kept); the callers of the old one then wait for
  /// the newer one.
  ///
  /// - Returns: Whether the request given back was dropped for a newer one.
  mutating func putBack(
    _ request: Request, waiters returned: [Waiter], merging merge: (Request, Request) -> Request
  ) -> Bool {
    let isDropped = pending != nil
    pending = pending.map { merge(request, $0) } ?? request
    waiters = returned + waiters
    return isDropped
  }

  /// The runner stops: returns the caller that takes over, or `nil` when the queue is idle again. A pending
  /// request with no caller waiting (the cancelled runner's own) is dropped.
  mutating func finish() -> (heir: Waiter?, dropped: Bool) {
    if pending != nil, !waiters.isEmpty { return (waiters.removeFirst(), false) }
    let dropped = pending != nil
    pending = nil
    isRunning = false
    return (nil, dropped)
  }
}
