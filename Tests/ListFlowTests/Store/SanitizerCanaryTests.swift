import Foundation
import ListFlow
import Synchronization
import TestSupport
import Testing

/// Whether the deliberate races run: only `scripts/tsan` sets `LISTFLOW_TSAN_CANARY=1`.
let sanitizerCanariesEnabled = ProcessInfo.processInfo.environment["LISTFLOW_TSAN_CANARY"] == "1"

/// Deliberate data races that `scripts/tsan` runs one at a time and expects the thread sanitizer to report: they
/// prove that its suppressions and lock annotations hide nothing in code that the store runs. Skipped unless
/// `LISTFLOW_TSAN_CANARY=1`, so a plain `swift test` never runs them.
@Suite("Sanitizer canaries: races the thread sanitizer must report", .enabled(if: sanitizerCanariesEnabled))
struct SanitizerCanaryTests {
  @Test("a race between a Store.update body and a task outside the store", .timeLimit(.minutes(60)))
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
