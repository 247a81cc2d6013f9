import Foundation
import Synchronization
import TestSupport
import Testing

/// Deliberate data races that `scripts/tsan` runs one at a time and expects the thread sanitizer to report: they
/// prove that no suppression hides a race in a closure that a test helper runs. Skipped unless
/// `LISTFLOW_TSAN_CANARY=1`, so a plain `swift test` never runs them.
@Suite(
  "Sanitizer canaries: races the thread sanitizer must report",
  .enabled(if: ProcessInfo.processInfo.environment["LISTFLOW_TSAN_CANARY"] == "1"))
struct SanitizerCanaryTests {
  @Test("a race inside an action that DiffHook runs", .timeLimit(.minutes(60)))
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
