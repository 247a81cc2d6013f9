import ListFlow
import ListFlowTesting
import Testing

@Suite("Consistency of the view under random state sequences")
@MainActor
struct ConsistencyTests {
  /// Applies `sequences` random sequences of `length` states and checks the view after every stage and state.
  @discardableResult
  func run(
    seed: UInt64, sequences: Int, length: Int, configuration: ListControllerConfiguration
  ) async
    -> ListControllerStatistics
  {
    var random = SplitMix64(seed: seed)
    var total = ListControllerStatistics()
    for sequence in 0..<sequences {
      let view = RecordingListView()
      let controller = ListController<[ListSection<CellBinder>]>(view: view, configuration: configuration)
      var stageFailures: [String] = []
      view.didApplyBatch = { view, update in
        if let mismatch = view.countMismatch(with: controller.engine!) { stageFailures.append(mismatch) }
        let expected = ListRendering.lines(of: controller.snapshot)
        if view.renderedLines != expected {
          stageFailures.append("stage \(update.stage + 1): \(view.renderedLines) != \(expected)")
        }
      }
      for step in 0..<length {
        let state = RandomLists.sections(&random)
        await controller.apply(state)
        let context = "seed \(seed), sequence \(sequence), state \(step)"
        #expect(stageFailures.isEmpty, "\(context): \(stageFailures)")
        #expect(ListExpectations.mismatch(view, showing: state) == nil, "\(context)")
        if !stageFailures.isEmpty { return total }
      }
      #expect(view.errors.isEmpty)
      total.appliedStates += controller.statistics.appliedStates
      total.batches += controller.statistics.batches
      total.reloads += controller.statistics.reloads
      total.backgroundDiffs += controller.statistics.backgroundDiffs
    }
    return total
  }

  @Test("thousands of random states applied in batches keep counts and rows consistent after every stage")
  func batches() async {
    let statistics = await run(
      seed: 0x5EED_0001,
      sequences: 2_000,
      length: 8,
      configuration: ListControllerConfiguration(reloadThreshold: .max)
    )
    #expect(statistics.appliedStates == 16_000)
    #expect(statistics.reloads == 2_000)
    #expect(statistics.batches > 16_000)
  }

  @Test("random states diffed off the main actor are consistent too")
  func backgroundDiffs() async {
    let statistics = await run(
      seed: 0x5EED_0002,
      sequences: 150,
      length: 8,
      configuration: ListControllerConfiguration(reloadThreshold: .max, backgroundDiffThreshold: 0)
    )
    #expect(statistics.backgroundDiffs == 1_200)
  }

  @Test("random states with a low reload threshold mix reloads and batches consistently")
  func mixedReloads() async {
    let statistics = await run(
      seed: 0x5EED_0003,
      sequences: 150,
      length: 8,
      configuration: ListControllerConfiguration(reloadThreshold: 4)
    )
    #expect(statistics.reloads > 150)
    #expect(statistics.batches > 0)
  }

  @Test("random states with duplicate identities are shown exactly under the match-in-order policy")
  func duplicates() async {
    var random = SplitMix64(seed: 0x5EED_0004)
    for sequence in 0..<200 {
      let view = RecordingListView()
      let controller = ListController<[ListSection<CellBinder>]>(
        view: view,
        configuration: ListControllerConfiguration(reloadThreshold: .max)
      )
      for step in 0..<6 {
        let state = RandomLists.sections(&random, duplicates: true)
        await controller.apply(state)
        #expect(ListExpectations.mismatch(view, showing: state) == nil, "sequence \(sequence), state \(step)")
      }
    }
  }
}
