import Dispatch
import ListFlow
import Synchronization

/// Holds the first `blocked` calls of a diff's section function until the test opens the gate, and tells the
/// test each time a call arrives; later calls pass straight through. A held call blocks one thread of the
/// cooperative pool, which has as few threads as the machine has cores: two gates held at once, from two suites
/// running in parallel, can starve it and hang the run. So gates take turns across every suite: ``acquire(blocked:)``
/// waits until no other gate is alive, and the gate gives its turn back when it is released.
final class DiffGate: Sendable {
  /// Waits for the turn, then makes a gate.
  ///
  /// - Parameter blocked: How many calls the gate holds.
  /// - Returns: The gate; the turn is given back when it is released.
  static func acquire(blocked: Int = 1) async -> DiffGate {
    await GateTurns.shared.enter()
    return DiffGate(blocked: blocked)
  }

  deinit { GateTurns.shared.leave() }

  private let semaphore = DispatchSemaphore(value: 0)
  private let remaining: Mutex<Int>
  let arrivals: AsyncStream<Void>
  private let arrivalsContinuation: AsyncStream<Void>.Continuation

  private init(blocked: Int) {
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

/// One gate alive at a time, across every suite: the waiting tests are resumed in order.
final class GateTurns: Sendable {
  static let shared = GateTurns()
  private let state = Mutex<(busy: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  /// Waits until no gate is alive.
  func enter() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let runs = state.withSanitizedLock { state in
        guard state.busy else {
          state.busy = true
          return true
        }
        state.waiters.append(waiter)
        return false
      }
      if runs { waiter.resume() }
    }
  }

  /// Gives the turn to the next waiting test, if any.
  func leave() {
    let next = state.withSanitizedLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiters.isEmpty else {
        state.busy = false
        return nil
      }
      return state.waiters.removeFirst()
    }
    next?.resume()
  }
}
