import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@Suite(
  "ListController concurrency: ordered, coalescing, cancellable application of states", .serialized,
  .timeLimit(.minutes(60)))
@MainActor
struct ControllerConcurrencyTests {
  static func rows(_ ids: [Int], version: Int = 0) -> [TestRow] {
    ids.map { TestRow(id: $0, version: version, isAlternate: false) }
  }

  /// A controller whose every diff runs off the main actor through `gate`.
  func makeController(
    _ view: RecordingListView, gate: DiffGate, delegate: SyncDelegate = SyncDelegate()
  ) throws
    -> (ListController<[TestRow]>, ListEngine)
  {
    let controller = ListController<[TestRow]>(
      configuration: ListControllerConfiguration(backgroundDiffThreshold: 0)
    ) { rows in
      gate.pass()
      return [ListSection(id: ListIdentifier.mainSection, items: rows.map(\.cellBinder))]
    }
    return (controller, try ListEngine(view: view, showing: controller, delegate: delegate, reloadThreshold: .max))
  }

  @Test("a state arriving during a diff supersedes the states not yet started; the last state is shown")
  func supersede() async throws {
    let view = RecordingListView()
    let gate = await DiffGate.acquire()
    var shown: [[String]] = []
    var delegate = SyncDelegate()
    delegate.didApply = { _ in shown.append(view.renderedLines) }
    let (controller, engine) = try makeController(view, gate: gate, delegate: delegate)
    var arrivals = gate.arrivals.makeAsyncIterator()

    let first = Task { await controller.apply(Self.rows([1])) }
    await arrivals.next()  // the first diff is running, held by the gate
    let second = Task { await controller.apply(Self.rows([1, 2])) }
    #expect(await yieldUntil { controller.hasPendingState }, "the second state was never queued behind the first")
    let third = Task { await controller.apply(Self.rows([1, 2, 3])) }
    #expect(
      await yieldUntil { controller.statistics.supersededStates > 0 }, "the third state never superseded the second")
    gate.open()
    await first.value
    await second.value
    await third.value

    // The empty list first (shown when the engine was made), then the first state and the last.
    #expect(shown == [[], ["r1 v0"], ["r1 v0", "r2 v0", "r3 v0"]])
    #expect(controller.statistics.appliedStates == 2)
    #expect(controller.statistics.supersededStates == 1)
    #expect(!controller.isApplying)
    #expect(view.inconsistencies.isEmpty)
    withExtendedLifetime(engine) {}
  }

  @Test("cancelling the applying task mid-diff leaves the view on the last applied state")
  func cancelMidDiff() async throws {
    let view = RecordingListView()
    let gate = await DiffGate.acquire(blocked: 2)
    let (controller, engine) = try makeController(view, gate: gate)
    var arrivals = gate.arrivals.makeAsyncIterator()
    let initial = Task { await controller.apply(Self.rows([1, 2])) }
    await arrivals.next()
    gate.open()
    await initial.value

    let cancelled = Task { await controller.apply(Self.rows([3])) }
    await arrivals.next()
    cancelled.cancel()
    gate.open()
    await cancelled.value

    #expect(view.renderedLines == ["r1 v0", "r2 v0"])
    #expect(controller.state == Self.rows([1, 2]))
    #expect(controller.statistics.cancelledStates == 1)
    #expect(!controller.isApplying)
    await controller.apply(Self.rows([2, 4]))
    #expect(view.renderedLines == ["r2 v0", "r4 v0"])
    withExtendedLifetime(engine) {}
  }

  @Test("when the applying task is cancelled, a waiting caller takes over and its state is shown")
  func handOffAfterCancellation() async throws {
    let view = RecordingListView()
    let gate = await DiffGate.acquire()
    let (controller, engine) = try makeController(view, gate: gate)
    var arrivals = gate.arrivals.makeAsyncIterator()
    let runner = Task { await controller.apply(Self.rows([1])) }
    await arrivals.next()
    let waiting = Task { await controller.apply(Self.rows([5, 6])) }
    #expect(await yieldUntil { controller.hasPendingState }, "the waiting state was never queued")
    runner.cancel()
    gate.open()
    await runner.value
    await waiting.value
    #expect(view.renderedLines == ["r5 v0", "r6 v0"])
    #expect(controller.statistics.appliedStates == 1)
    #expect(!controller.isApplying)
    withExtendedLifetime(engine) {}
  }

  @Test("run consumes a finite stream in order and returns when it ends")
  func runFiniteStream() async throws {
    let view = RecordingListView()
    var applied: [Int] = []
    var delegate = SyncDelegate()
    delegate.didApply = { $0.target.first.map { applied.append($0.elements.count) } }
    let controller = ListController<[TestRow]>()
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    let (stream, continuation) = AsyncStream.makeStream(of: [TestRow].self)
    for count in 1...5 { continuation.yield(Self.rows(Array(0..<count))) }
    continuation.finish()
    await controller.run(stream)
    #expect(applied == [1, 2, 3, 4, 5])
    #expect(view.renderedLines.count == 5)
    withExtendedLifetime(engine) {}
  }

  @Test("run stops when its task is cancelled, and an error ending the stream is reported")
  func runCancelledAndFailing() async throws {
    let view = RecordingListView()
    var failures: [ListFlowError] = []
    var delegate = SyncDelegate()
    delegate.didFail = { failures.append($0) }
    let controller = ListController<[TestRow]>()
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    let (stream, continuation) = AsyncStream.makeStream(of: [TestRow].self)
    continuation.yield(Self.rows([1]))
    let task = Task { await controller.run(stream) }
    #expect(await yieldUntil { controller.state != nil }, "run never applied the stream's first state")
    task.cancel()
    await task.value
    continuation.yield(Self.rows([2]))
    #expect(controller.state == Self.rows([1]))

    struct Broken: Error {}
    let (failing, failingContinuation) = AsyncThrowingStream.makeStream(of: [TestRow].self)
    failingContinuation.yield(Self.rows([7]))
    failingContinuation.finish(throwing: Broken())
    await controller.run(failing)
    #expect(view.renderedLines == ["r7 v0"])
    #expect(failures.count == 1)
    if case .stateStreamFailed = failures.first {} else { Issue.record("expected stateStreamFailed, got \(failures)") }
    withExtendedLifetime(engine) {}
  }

  @Test("a row moved by the user while a state is diffed is taken into account before applying")
  func moveDuringDiff() async throws {
    let view = RecordingListView()
    let gate = await DiffGate.acquire(blocked: 2)
    var delegate = SyncDelegate()
    delegate.canMoveRow = { _, _ in true }
    let (controller, engine) = try makeController(view, gate: gate, delegate: delegate)
    var arrivals = gate.arrivals.makeAsyncIterator()
    let initial = Task { await controller.apply(Self.rows([1, 2, 3])) }
    await arrivals.next()
    gate.open()
    await initial.value

    let update = Task { await controller.apply(Self.rows([1, 2, 3], version: 1)) }
    await arrivals.next()
    try? view.moveRow(Move(source: ItemPath(item: 0, section: 0), target: ItemPath(item: 2, section: 0)))
    gate.open()
    await update.value
    #expect(view.inconsistencies.isEmpty)
    #expect(view.renderedLines == ["r1 v1", "r2 v1", "r3 v1"])
    withExtendedLifetime(engine) {}
  }
}
