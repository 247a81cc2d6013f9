import ListFlow
import ListFlowTesting

/// `apply10k` of BENCHMARKS.md: a 10,000-row list in 10 sections, 1,000 successive states with 1% random
/// changes each, published to a store and applied through `ListController` to `RecordingListView` (contender
/// `listflow`, as BENCHMARKS.md says) and to a 50-row ``ViewportListView`` (`listflow-viewport`).
///
/// The producer publishes a state, then waits for its `didApply` before making the next one (a closed loop),
/// so every state is applied, none is coalesced away, and the latency of each is its own: from the store
/// mutation to the `didApply` of that state.
enum Apply10kScenario {
  static let name = "apply10k"
  static let stateCount = 1_000

  static let scenario = BenchmarkScenario(
    name: name, summary: "10,000 rows, 1,000 states of 1% changes: store → controller → recording view"
  ) { context in
    try await measure(context)
  }

  /// The figures of one run: how long it took and the latency of every state.
  private struct Run: Sendable {
    var elapsed: Duration
    var latencies: [Duration]
  }

  private static func measure(_ context: BenchmarkContext) async throws -> [BenchmarkResult] {
    await EndToEndViewKind.measureEach(
      scenario: name, context: context, changes: stateCount, runOnce: runOnce
    ) { result, timed in
      let latencies = timed.flatMap(\.latencies).map(BenchmarkContext.milliseconds).sorted()
      let seconds = timed.map { BenchmarkContext.milliseconds($0.elapsed) / 1_000 }.reduce(0, +)
      result.extra["states_per_s"] = .double(Double(timed.count * stateCount) / seconds)
      result.extra["p50_ms"] = .double(percentile(latencies, 0.50))
      result.extra["p99_ms"] = .double(percentile(latencies, 0.99))
    }
  }

  /// The value below which `fraction` of the sorted values fall (nearest rank).
  static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((fraction * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }

  @MainActor
  private static func runOnce(_ kind: EndToEndViewKind) async -> Run {
    var random = SplitMix64(seed: 42)
    var state = EndToEndState(sections: (0..<10).map { _ in random.newItems(1_000) })
    let store = Store(state)
    let view = kind.makeView()
    let controller = EndToEndState.makeController(view: view)
    let applied = AppliedSequence()
    let clock = ContinuousClock()
    var published: [ContinuousClock.Instant] = Array(repeating: clock.now, count: stateCount + 1)
    var latencies: [Duration] = []
    latencies.reserveCapacity(stateCount)
    controller.delegate.didApply = { [weak controller] _ in
      guard let sequence = controller?.state?.sequence else { return }
      if sequence > 0 { latencies.append(published[sequence].duration(to: clock.now)) }
      applied.record(sequence)
    }

    let start = clock.now
    let states = store.updates()
    let running = Task { await controller.run(states) }
    await applied.wait(for: 0)
    for sequence in 1...stateCount {
      state.change(100, using: &random)  // 1% of 10,000 rows
      state.sequence = sequence
      published[sequence] = clock.now
      store.state = state
      await applied.wait(for: sequence)
    }
    let elapsed = start.duration(to: clock.now)
    running.cancel()
    await running.value
    precondition(
      controller.state == state && EndToEndViewKind.shows(view, state), "apply10k: the last state was not shown")
    return Run(elapsed: elapsed, latencies: latencies)
  }
}
