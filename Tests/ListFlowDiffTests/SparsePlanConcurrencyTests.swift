import ListFlowDiff
import Synchronization
import TestSupport
import Testing

/// A count that two threads add to.
private final class Count: Sendable {
  private let atomic = Atomic(0)
  var value: Int { atomic.load(ordering: .relaxed) }
  func add(_ amount: Int) { atomic.add(amount, ordering: .relaxed) }
}

/// The sparse plan made on two threads at once, as two controllers diff their states off the main actor: from a
/// source whose sections hold no element, the plan's map of source positions is empty. An empty array made with
/// `Array(unsafeUninitializedCapacity: 0)` is the runtime's one shared empty array, whose count the initialiser
/// writes, so two such plans at once were a data race that `scripts/tsan` reported (this suite's name puts it in
/// that run). Under a plain build the test checks the plans only.
@Suite("Sparse plan on two threads: no shared empty array is written")
struct SparsePlanConcurrencyTests {
  typealias Section = ArraySection<String, Int>

  /// Plans from an empty section to one with `count` elements, many times over; returns how many were wrong.
  static func plan(_ count: Int, times: Int) -> Int {
    let source = [Section(model: "a", elements: [])]
    let target = [Section(model: "a", elements: Array(0..<count))]
    let targetHashes = target[0].elements.map(\.differenceHash)
    var wrong = 0
    for _ in 0..<times {
      guard
        let plan = _SectionedPlan(sparseSource: source, target: target, sourceHashes: [], targetHashes: targetHashes)
      else {
        wrong += 1
        continue
      }
      let stages = plan.stages(source: source, target: target, targetData: target)
      if stages.last?.data != target || stages.reduce(0, { $0 + $1.elementInserted.count }) != count { wrong += 1 }
    }
    return wrong
  }

  @Test("plans from empty sources made on two threads at once are right, and share no written array")
  func emptySourcesOnTwoThreads() async {
    let wrong = Count()
    await onTwoThreads {
      wrong.add(Self.plan(1, times: 2_000))
    } and: {
      wrong.add(Self.plan(2, times: 2_000))
    }
    #expect(wrong.value == 0)
  }
}
