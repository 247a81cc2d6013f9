import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// The edges of applying states: cancellation, reload requests, throwing sequences, large first states.
@Suite("ListController edges", .serialized, .timeLimit(.minutes(60)))
@MainActor
struct ControllerEdgeTests {
  static func rows(_ ids: [Int]) -> [TestRow] { ids.map { TestRow(id: $0, version: 0, isAlternate: false) } }

  @Test("a cancelled reloading state that a newer state supersedes keeps its reload request")
  func cancelledReloadIsKept() async throws {
    let view = RecordingListView()
    let gate = await DiffGate.acquire(blocked: 2)
    let controller = ListController<[TestRow]>(configuration: ListControllerConfiguration(backgroundDiffThreshold: 0)) {
      rows in
      gate.pass()
      return [ListSection(id: ListIdentifier.mainSection, items: rows.map(\.cellBinder))]
    }
    let engine = try ListEngine(view: view, showing: controller, reloadThreshold: .max)
    var arrivals = gate.arrivals.makeAsyncIterator()
    let first = Task { await controller.apply(Self.rows([1])) }
    await arrivals.next()
    gate.open()
    await first.value
    #expect(view.reloadCount == 1)

    let reloading = Task { await controller.apply(Self.rows([1, 2]), reloading: true) }
    await arrivals.next()  // its diff is held
    let newer = Task { await controller.apply(Self.rows([1, 2, 3])) }
    #expect(await yieldUntil { controller.hasPendingState }, "the newer state was never queued behind the reload")
    reloading.cancel()
    gate.open()
    await reloading.value
    await newer.value
    #expect(view.renderedLines == ["r1 v0", "r2 v0", "r3 v0"])
    #expect(view.reloadCount == 2, "the newer state is shown by the reload the cancelled one asked for")
    withExtendedLifetime(engine) {}
  }

  @Test("run over a sequence that throws on cancellation stops cleanly, reporting nothing")
  func runStopsCleanlyOnThrownCancellation() async throws {
    let view = RecordingListView()
    var failures: [ListFlowError] = []
    var delegate = SyncDelegate()
    delegate.didFail = { failures.append($0) }
    let controller = ListController<[TestRow]>()
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: [TestRow].self)
    continuation.yield(Self.rows([1]))
    continuation.finish(throwing: CancellationError())
    await controller.run(stream)
    #expect(view.renderedLines == ["r1 v0"])
    #expect(failures.isEmpty)
    #expect(engine.lastError == nil)
  }

  @Test("the first state is prepared off the main actor, whatever its size")
  func firstStateOffTheMainActor() async throws {
    let controller = ListController<[TestRow]>()
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: controller)
    await controller.apply(Self.rows(Array(0..<10)))
    #expect(controller.statistics.backgroundDiffs == 1)
    await controller.apply(Self.rows(Array(0..<11)))
    #expect(controller.statistics.backgroundDiffs == 1, "a small list shown: the next state is diffed in place")
    withExtendedLifetime(engine) {}
  }
}
