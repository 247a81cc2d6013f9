import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A cell that shows a value read from outside its row's content, so that only an explicit update refreshes it.
@MainActor
final class ClockCell: BindableCell {
  static var now = 0
  var text = ""
  func bind(_ name: String) { text = "\(name) @\(Self.now)" }
  var textRepresentation: String { text }
}

@MainActor
@Suite("Explicit updates: rows reconfigured or reloaded by identity, and the animation hint", .serialized)
struct ExplicitUpdateTests {
  func makeList() async throws -> (RecordingListView, ListController<[CellBinder]>, ListEngine) {
    let view = RecordingListView()
    let controller = ListController<[CellBinder]>()
    let engine = try ListEngine(view: view, showing: controller)
    ClockCell.now = 0
    await controller.apply(["a", "b", "c"].map { ClockCell.makeBinder(value: $0, id: $0) })
    return (view, controller, engine)
  }

  @Test("reconfigure shows a new cell in place, filled afresh; content that did not change is refreshed")
  func reconfigureFillsANewCell() async throws {
    let (view, _, engine) = try await makeList()
    let before = view.sections[0].rows[1]
    ClockCell.now = 1
    engine.reconfigureRows(["b"])
    #expect(view.sections[0].rows[1] !== before)
    #expect(view.renderedLines == ["a @0", "b @1", "c @0"])
    #expect(view.updates.last?.reconfiguredRows == [ItemPath(item: 1, section: 0)])
    #expect(view.configuredCells.last?.isReconfigured == true)
    #expect(view.inconsistencies.isEmpty)
  }

  @Test("reload gives each row's cell back to the reuse pool and shows one dequeued anew")
  func reloadReplacesTheCell() async throws {
    let (view, _, engine) = try await makeList()
    let pulled = view.configuredCells.count
    ClockCell.now = 2
    engine.reloadRows(["c", "a"])
    #expect(view.configuredCells[pulled...].map(\.isReconfigured) == [false, false])
    #expect(view.renderedLines == ["a @2", "b @0", "c @2"])
    #expect(view.updates.last?.reloadedRows == [ItemPath(item: 0, section: 0), ItemPath(item: 2, section: 0)])
    #expect(view.updates.last?.reconfiguredRows == [])
    #expect(view.inconsistencies.isEmpty)
  }

  @Test("unknown identities are reported as unknownRows and skipped; the known ones are refreshed")
  func unknownIdentities() async throws {
    let (view, _, engine) = try await makeList()
    var failures: [ListFlowError] = []
    engine.delegate.didFail = { failures.append($0) }
    let batches = view.updates.count
    engine.reconfigureRows(["zz"])
    #expect(failures == [.unknownRows(["zz"])])
    #expect(view.updates.count == batches)
    ClockCell.now = 3
    engine.reloadRows(["yy", "a", "yy"])
    #expect(failures.last == .unknownRows(["yy"]))
    #expect(view.renderedLines == ["a @3", "b @0", "c @0"])
    engine.reconfigureRows([])
    #expect(view.updates.count == batches + 1)
  }

  @Test("a request made while a change is applied waits for it, and is applied after it")
  func queuedDuringAChange() async throws {
    let (view, controller, engine) = try await makeList()
    var asked = false
    engine.delegate.willApply = { _ in
      if !asked {
        asked = true
        ClockCell.now = 4
        engine.reconfigureRows(["a"])
      }
    }
    await controller.apply(["a", "c"].map { ClockCell.makeBinder(value: $0, id: $0) })
    #expect(view.renderedLines == ["a @4", "c @0"])
    #expect(view.updates.suffix(2).map(\.reconfiguredRows) == [[], [ItemPath(item: 0, section: 0)]])
    #expect(view.inconsistencies.isEmpty)
  }

  @Test("a composed controller refreshes rows of any child by identity")
  func composedController() async throws {
    let child = ListController<[CellBinder]>()
    await child.apply(["x", "y"].map { ClockCell.makeBinder(value: $0, id: $0) })
    let composite = ComposedFeed<ListSectionSnapshot>()
    try composite.append(child)
    let view = RecordingListView()
    let composed = try ListEngine(view: view, showing: composite)
    ClockCell.now = 5
    composed.reconfigureRows(["y"])
    composed.reloadRows(["x"])
    #expect(view.renderedLines == ["x @5", "y @5"])
    #expect(view.updates.map(\.reconfiguredRows.count) == [1, 0])
    #expect(view.updates.map(\.reloadedRows.count) == [0, 1])
  }

  /// An update of ``freshCellsAndAnimationHint()``.
  enum Update { case apply, reconfigure, reload }

  /// The updates of ``freshCellsAndAnimationHint()``, by weight.
  static let updates = WeightedChoice<Update>([
    ("apply a new state", weight: 1, .apply),
    ("reconfigure rows", weight: 1, .reconfigure),
    ("reload rows", weight: 1, .reload),
  ])

  @Test(
    "random states, reconfigures and reloads: every cell shown is a fresh cell; each batch carries its hint",
    .timeLimit(.minutes(60)))
  func freshCellsAndAnimationHint() async throws {
    for seed in DeepPass.seeds(quick: 40, deep: 200) {
      var random = SeededRandom(seed: seed)
      let view = RecordingListView()
      let controller = ListController<[ListSection<CellBinder>]>(
        configuration: ListControllerConfiguration(backgroundDiffThreshold: .max))
      let engine = try ListEngine(view: view, showing: controller)
      var transitions: [SyncDelegate.Transition] = []
      engine.delegate.didApply = { transitions.append($0) }
      for step in 0..<10 {
        let animated = random.next() % 2 == 0
        let batchesBefore = view.updates.count
        let transitionsBefore = transitions.count
        let ids = engine.snapshot.flatMap { $0.elements.map(\.id) }
        var asked = ids.filter { _ in random.next() % 3 == 0 }
        if random.next() % 4 == 0 { asked.append(ListIdentifier(1000 + step)) }
        switch Self.updates.pick(using: &random).value {
        case .apply: await controller.apply(FreshCellPropertyTests.state(&random), animated: animated)
        case .reconfigure: engine.reconfigureRows(asked, animated: animated)
        case .reload: engine.reloadRows(asked, animated: animated)
        }
        let fresh = ListRendering.lines(of: engine.snapshot)
        let newBatches = view.updates[batchesBefore...]
        let newTransitions = transitions[transitionsBefore...]
        let hintsRight =
          newBatches.allSatisfy { $0.animated == animated }
          && newTransitions.allSatisfy { $0.animated == ($0.isReload ? false : animated) }
        #expect(view.renderedLines == fresh, "seed \(seed), step \(step)")
        #expect(hintsRight, "seed \(seed), step \(step)")
        #expect(view.inconsistencies.isEmpty, "seed \(seed), step \(step)")
        if view.renderedLines != fresh || !hintsRight || !view.inconsistencies.isEmpty { return }
      }
    }
  }

  @Test("a reload is never animated; a diff animates by default")
  func defaults() async throws {
    let view = RecordingListView()
    let controller = ListController<[CellBinder]>()
    let engine = try ListEngine(view: view, showing: controller)
    var transitions: [SyncDelegate.Transition] = []
    engine.delegate.didApply = { transitions.append($0) }
    await controller.apply([ClockCell.makeBinder(value: "a", id: "a")])
    await controller.apply([ClockCell.makeBinder(value: "b", id: "b")])
    await controller.apply([ClockCell.makeBinder(value: "c", id: "c")], reloading: true)
    // The first reload showed the empty list, when the engine was made: the first state is a diff.
    #expect(transitions.map(\.animated) == [true, true, false])
    let everyBatchAnimates = view.updates.allSatisfy { $0.animated }
    #expect(everyBatchAnimates)
  }
}
