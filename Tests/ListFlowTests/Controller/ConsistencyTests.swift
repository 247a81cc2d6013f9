import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@Suite("Consistency of the view under random state sequences")
@MainActor
struct ConsistencyTests {
  /// What the runs did, added up: the controllers' counters and the engines'.
  struct Totals {
    var appliedStates = 0
    var batches = 0
    var reloads = 0
    var backgroundDiffs = 0
  }

  /// Applies `sequences` random sequences of `length` states and checks the view after every stage and state.
  @discardableResult
  func run(
    seed: UInt64, sequences: Int, length: Int,
    configuration: ListControllerConfiguration = ListControllerConfiguration(), reloadThreshold: Int
  ) async throws -> Totals {
    var random = SeededRandom(seed: seed)
    var total = Totals()
    for sequence in 0..<sequences {
      let view = RecordingListView()
      let controller = ListController<[ListSection<CellBinder>]>(configuration: configuration)
      let engine = try ListEngine(view: view, showing: controller, reloadThreshold: reloadThreshold)
      var stageFailures: [String] = []
      view.didApplyBatch = { view, update in
        if let mismatch = view.countMismatch(with: engine) { stageFailures.append(mismatch) }
        let expected = ListRendering.lines(of: engine.snapshot)
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
      total.batches += engine.batchCount
      total.reloads += engine.reloadCount
      total.backgroundDiffs += controller.statistics.backgroundDiffs
    }
    return total
  }

  @Test("thousands of random states applied in batches keep counts and rows consistent after every stage")
  func batches() async throws {
    let statistics = try await run(
      seed: 0x5EED_0001,
      sequences: DeepPass.cases(quick: 60, deep: 2_000),
      length: 8,
      reloadThreshold: .max
    )
    let sequences = DeepPass.cases(quick: 60, deep: 2_000)
    #expect(statistics.appliedStates == 8 * sequences)
    #expect(statistics.reloads == sequences)
    #expect(statistics.batches > 8 * sequences)
  }

  @Test("random states diffed off the main actor are consistent too")
  func backgroundDiffs() async throws {
    let statistics = try await run(
      seed: 0x5EED_0002,
      sequences: 150,
      length: 8,
      configuration: ListControllerConfiguration(backgroundDiffThreshold: 0), reloadThreshold: .max
    )
    #expect(statistics.backgroundDiffs == 1_200)
  }

  @Test("random states with a low reload threshold mix reloads and batches consistently")
  func mixedReloads() async throws {
    let statistics = try await run(
      seed: 0x5EED_0003,
      sequences: 150,
      length: 8,
      reloadThreshold: 4
    )
    #expect(statistics.reloads > 150)
    #expect(statistics.batches > 0)
  }

  @Test("random states with duplicate identities are shown exactly under the match-in-order policy")
  func duplicates() async throws {
    var random = SeededRandom(seed: 0x5EED_0004)
    for sequence in 0..<DeepPass.cases(quick: 80, deep: 200) {
      let view = RecordingListView()
      let controller = ListController<[ListSection<CellBinder>]>()
      let engine = try ListEngine(view: view, showing: controller, reloadThreshold: .max)
      for step in 0..<6 {
        let state = RandomLists.sections(&random, duplicates: true)
        await controller.apply(state)
        #expect(ListExpectations.mismatch(view, showing: state) == nil, "sequence \(sequence), state \(step)")
      }
      withExtendedLifetime(engine) {}
    }
  }
}
