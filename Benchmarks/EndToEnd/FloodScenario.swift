import ListFlow
import ListFlowTesting
import TestSupport

/// `flood` of Benchmarks/README.md: a producer publishes 100,000 states as fast as it can to a consumer that takes
/// 1 ms per state (a store subscriber whose states go through `ListController` to `RecordingListView`, contender
/// `listflow`, or to a 50-row ``ViewportListView`` that records nothing, `listflow-viewport`).
///
/// Each state is a new 1,000-item array (16 KB): were the states queued instead of coalesced, the run would
/// hold 1.6 GB. `peak_mb` is the memory the process gains during a run; `final_state_matches` says whether the
/// list finally shown is the last state published.
enum FloodScenario {
  static let name = "flood"
  static let stateCount = 100_000

  static let scenario = BenchmarkScenario(
    name: name, summary: "100,000 states published at full speed to a 1 ms-per-state consumer"
  ) { context in
    try await measure(context)
  }

  /// The figures of one run.
  private struct Run: Sendable {
    var finalStateMatches: Bool
    var statesShown: Int
  }

  private static func measure(_ context: BenchmarkContext) async throws -> [BenchmarkResult] {
    await EndToEndViewKind.measureEach(scenario: name, context: context, changes: nil, runOnce: runOnce) {
      result, timed in
      result.extra["final_state_matches"] = .bool(timed.allSatisfy(\.finalStateMatches))
      result.extra["states_shown"] = .int(timed.map(\.statesShown).max() ?? 0)
    }
  }

  @MainActor
  private static func runOnce(_ kind: EndToEndViewKind) async -> Run {
    var random = SeededRandom(seed: 42)
    let first = EndToEndState(sections: [random.newItems(1_000)])
    let store = Store(first)
    let view = kind.makeView()
    let (controller, _) = EndToEndState.makeController(view: view)

    // The consumer: 1 ms per state, then the controller applies it.
    let states = store.updates().map { state in
      try? await Task.sleep(for: .milliseconds(1))
      return state
    }
    let consuming = Task { await controller.run(states) }
    let producing = Task.detached {
      var state = first
      for sequence in 1...stateCount {
        state.sequence = sequence
        state.sections[0][sequence % 1_000].payload += 1
        store.state = state
      }
      store.finish()
      return state
    }
    let last = await producing.value
    await consuming.value  // the stream ends after its last state
    let matches = controller.state == last && EndToEndViewKind.shows(view, last)
    return Run(finalStateMatches: matches, statesShown: controller.statistics.appliedStates)
  }
}
