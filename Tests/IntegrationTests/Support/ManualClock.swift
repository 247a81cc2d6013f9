import ListFlow
import ListFlowTesting
import Synchronization

/// A `Clock` whose time moves only when the test says so: sleepers wake when ``advance(by:)`` reaches their
/// deadline, never on their own.
final class ManualClock: Clock, Sendable {
  /// A point of the manual clock's time: the duration since it started.
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var nextID = 0
    var sleepers: [Int: Sleeper] = [:]
    var cancelled: Set<Int> = []
  }

  private let state = Mutex(State())
  /// Counts the calls to `sleep(until:tolerance:)` that started waiting (or returned at once).
  let sleepCalls = ProgressGate()

  var now: Instant { state.withSanitizedLock { $0.now } }
  var minimumResolution: Duration { .zero }

  /// Moves time forward and wakes the sleepers whose deadline it reaches.
  func advance(by duration: Duration) {
    let woken = state.withSanitizedLock { state -> [CheckedContinuation<Void, any Error>] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.value.deadline <= now }
      for id in due.keys { state.sleepers[id] = nil }
      return due.values.map(\.continuation)
    }
    for continuation in woken { continuation.resume() }
  }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withSanitizedLock { state -> Int in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        enum Outcome { case wait, wake, cancel }
        let outcome = state.withSanitizedLock { state -> Outcome in
          if state.cancelled.remove(id) != nil { return .cancel }
          if deadline <= state.now { return .wake }
          state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return .wait
        }
        switch outcome {
        case .wait: break
        case .wake: continuation.resume()
        case .cancel: continuation.resume(throwing: CancellationError())
        }
        sleepCalls.advance()
      }
    } onCancel: {
      let sleeper = state.withSanitizedLock { state -> Sleeper? in
        guard let sleeper = state.sleepers.removeValue(forKey: id) else {
          state.cancelled.insert(id)
          return nil
        }
        return sleeper
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }
}
