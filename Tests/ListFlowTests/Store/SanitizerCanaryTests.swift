import Foundation
import ListFlow
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

/// Whether the deliberate races run: only `scripts/tsan` sets `LISTFLOW_TSAN_CANARY=1`.
let sanitizerCanariesEnabled = ProcessInfo.processInfo.environment["LISTFLOW_TSAN_CANARY"] == "1"

/// Deliberate data races that `scripts/tsan` runs one at a time and expects the thread sanitizer to report: they
/// prove that its suppressions and lock annotations hide nothing in code that the store runs. Skipped unless
/// `LISTFLOW_TSAN_CANARY=1`, so a plain `swift test` never runs them.
@Suite("Sanitizer canaries: races the thread sanitizer must report", .enabled(if: sanitizerCanariesEnabled))
struct SanitizerCanaryTests {
  @Test("a race between a Store.update body and a task outside the store", .timeLimit(.minutes(20)))
  func raceInsideUpdateBody() async {
    let store = Store(0)
    let counter = UnsynchronisedCounter()
    await onTwoThreads {
      store.update { state in
        state += 1
        counter.value += 1  // races with the other thread: the store's locks order nothing outside the store
      }
    } and: {
      counter.value += 1
    }
  }
}
