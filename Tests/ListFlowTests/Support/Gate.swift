import Dispatch
import ListFlow
import Synchronization

/// Holds the first `blocked` calls of a diff's section function until the test opens the gate, and tells the
/// test each time a call arrives; later calls pass straight through. A held call blocks one thread of the
/// cooperative pool, so the suites that use a gate are `.serialized`: at most one thread is held at a time.
final class DiffGate: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  private let remaining: Mutex<Int>
  let arrivals: AsyncStream<Void>
  private let arrivalsContinuation: AsyncStream<Void>.Continuation

  init(blocked: Int = 1) {
    remaining = Mutex(blocked)
    (arrivals, arrivalsContinuation) = AsyncStream.makeStream(of: Void.self)
  }

  /// Called inside the section function, off the main actor.
  func pass() {
    let blocks = remaining.withSanitizedLock { count in
      guard count > 0 else { return false }
      count -= 1
      return true
    }
    arrivalsContinuation.yield()
    if blocks { semaphore.wait() }
  }

  /// Lets one held call go on.
  func open() { semaphore.signal() }
}
