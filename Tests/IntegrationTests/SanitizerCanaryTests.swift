import Foundation
import Synchronization
import TestSupport
import Testing

/// A counter with no synchronisation at all: two tasks that both change it race.
final class UnsynchronisedCounter: @unchecked Sendable {
  var value = 0
}

/// Runs `first` and `second` on two new threads and returns once both are done, without ordering them for the
/// thread sanitizer: the threads are only created (an edge from this task to each) and report their end through
/// a relaxed atomic (no edge). Two tasks could run one after the other on the same thread, which is no race.
func onTwoThreads(_ first: @escaping @Sendable () -> Void, and second: @escaping @Sendable () -> Void) async {
  let done = Atomic(0)
  for body in [first, second] {
    Thread {
      body()
      done.add(1, ordering: .relaxed)
    }.start()
  }
  // A bounded wait (the threads' bodies are a few instructions; 10 million yields are seconds even under the
  // sanitizer), not an awaited event: any event the threads signalled would order them for the sanitizer.
  let finished = await yieldUntil(maximumYields: 10_000_000) { done.load(ordering: .relaxed) == 2 }
  precondition(finished, "onTwoThreads: the two threads did not finish within 10 million yields")
}

/// Deliberate data races that `scripts/tsan` runs one at a time and expects the thread sanitizer to report: they
/// prove that no suppression hides a race in a closure that a test helper runs. Skipped unless
/// `LISTFLOW_TSAN_CANARY=1`, so a plain `swift test` never runs them.
@Suite(
  "Sanitizer canaries: races the thread sanitizer must report",
  .enabled(if: ProcessInfo.processInfo.environment["LISTFLOW_TSAN_CANARY"] == "1"))
struct SanitizerCanaryTests {
  @Test("a race inside an action that DiffHook runs", .timeLimit(.minutes(20)))
  func raceInsideDiffHookAction() async {
    let hook = DiffHook()
    let counter = UnsynchronisedCounter()
    hook.on(revision: 0) { counter.value += 1 }  // races with `outside`
    await onTwoThreads {
      hook.pass(TodoState.initial)
    } and: {
      counter.value += 1
    }
  }
}
