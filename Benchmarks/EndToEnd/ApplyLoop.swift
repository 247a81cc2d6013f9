import ListFlow
import ListFlowTesting
import TestSupport

/// A closed-loop end-to-end scenario: a first list of generated rows, then successive states, each published to
/// a `Store` and applied through `ListController` (rows declared as values, ``EndToEndState/makeController(view:)``)
/// to each of its views.
///
/// The producer makes a state, publishes it, then waits for its `didApply` before making the next one, so every
/// state is applied, none is coalesced away, and the latency of each is its own: from the store mutation to the
/// `didApply` of that state. Figures: `states_per_s` (states applied over the time of the whole loop, the
/// producer's work included), `p50_ms` and `p99_ms` (of the latencies of every timed run, nearest rank), and
/// `producer_ms` (the mean time the producer takes to make a state, part of the loop's time but of no state's
/// latency), and `reloads` (how many of a run's states the controller showed by reloading the view instead of
/// applying batches, the most of any timed run). The first state, whose rows are all new, is shown before the
/// clock starts.
///
/// `--states N` (``BenchmarkContext/stateCount``) replaces ``stateCount``, for profiling.
struct ApplyLoop: Sendable {
  /// The scenario's name.
  var name: String
  /// One line for `--list`.
  var summary: String
  /// The number of states after the first.
  var stateCount: Int
  /// The views, one result each.
  var views: [EndToEndViewKind]
  /// Makes the first state from a generator seeded with 42.
  var first: @Sendable (inout SeededRandom) -> EndToEndState
  /// Makes the next state out of the current one, drawing from the same generator.
  var change: @Sendable (inout EndToEndState, inout SeededRandom) -> Void

  /// The scenario, for the registry.
  var scenario: BenchmarkScenario {
    BenchmarkScenario(name: name, summary: summary) { context in await measure(context) }
  }

  /// The figures of one run: how long the loop took, the latency of every state, and how long the producer
  /// took to make the states.
  private struct Run: Sendable {
    var elapsed: Duration
    var latencies: [Duration]
    var producing: Duration
    var reloads: Int
  }

  private func measure(_ context: BenchmarkContext) async -> [BenchmarkResult] {
    let states = context.stateCount ?? stateCount
    return await EndToEndViewKind.measureEach(views, scenario: name, context: context, changes: states) { kind in
      await runOnce(kind, states: states)
    } summarise: { result, timed in
      let latencies = timed.flatMap(\.latencies).map(BenchmarkContext.milliseconds).sorted()
      let seconds = timed.map { BenchmarkContext.milliseconds($0.elapsed) / 1_000 }.reduce(0, +)
      result.extra["states_per_s"] = .double(Double(timed.count * states) / seconds)
      result.extra["p50_ms"] = .double(Self.percentile(latencies, 0.50))
      result.extra["p99_ms"] = .double(Self.percentile(latencies, 0.99))
      let producing = timed.map { BenchmarkContext.milliseconds($0.producing) }.reduce(0, +)
      result.extra["producer_ms"] = .double(producing / Double(timed.count * states))
      result.extra["reloads"] = .int(timed.map(\.reloads).max() ?? 0)
    }
  }

  /// The value below which `fraction` of the sorted values fall (nearest rank).
  static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((fraction * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }

  @MainActor
  private func runOnce(_ kind: EndToEndViewKind, states stateCount: Int) async -> Run {
    var random = SeededRandom(seed: 42)
    var state = first(&random)
    let store = Store(state)
    let view = kind.makeView()
    let (controller, engine) = EndToEndState.makeController(view: view)
    let applied = AppliedSequence()
    let clock = ContinuousClock()
    var published: [ContinuousClock.Instant] = Array(repeating: clock.now, count: stateCount + 1)
    var latencies: [Duration] = []
    latencies.reserveCapacity(stateCount)
    engine.delegate.didApply = { [weak controller] _ in
      guard let sequence = controller?.state?.sequence else { return }
      if sequence > 0 { latencies.append(published[sequence].duration(to: clock.now)) }
      applied.record(sequence)
    }

    let updates = store.updates()
    let running = Task { await controller.run(updates) }
    await applied.wait(for: 0)  // the first state, every row new: not one of the states measured
    let firstReloads = engine.reloadCount
    let start = clock.now
    var producing = Duration.zero
    for sequence in stride(from: 1, through: stateCount, by: 1) {
      let making = clock.now
      change(&state, &random)
      state.sequence = sequence
      published[sequence] = clock.now
      producing += making.duration(to: published[sequence])
      store.state = state
      await applied.wait(for: sequence)
    }
    let elapsed = start.duration(to: clock.now)
    running.cancel()
    await running.value
    precondition(
      controller.state == state && EndToEndViewKind.shows(view, state), "\(name): the last state was not shown")
    return Run(
      elapsed: elapsed, latencies: latencies, producing: producing,
      reloads: engine.reloadCount - firstReloads)
  }
}
