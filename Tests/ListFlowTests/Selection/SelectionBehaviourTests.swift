import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// The selection API's single behaviours: modes, the user's select and deselect, re-entrant calls, bad input.
@MainActor
@Suite("Selection as state")
struct SelectionBehaviourTests {
  static func rows(_ ids: [Int]) -> [ListSection<CellBinder>] {
    [ListSection(id: "main", items: ids.map { TestRow(id: $0, version: 0, isAlternate: false).cellBinder })]
  }

  func makeController(
    _ view: RecordingListView, delegate: SyncDelegate = SyncDelegate()
  ) throws
    -> (ListController<[ListSection<CellBinder>]>, ListEngine)
  {
    let controller = ListController<[ListSection<CellBinder>]>(
      configuration: ListControllerConfiguration(backgroundDiffThreshold: .max))
    return (controller, try ListEngine(view: view, showing: controller, delegate: delegate))
  }

  @Test("a selection value obeys its mode: single replaces, none ignores, lowering keeps the newest")
  func valueModes() {
    var selection = ListSelection(mode: .single)
    selection.select("a")
    selection.select("b")
    #expect(selection.identifiers == ["b"])
    var none = ListSelection(mode: .none)
    let changed = none.select("a")
    #expect(!changed)
    #expect(none.isEmpty)
    var many = ListSelection(mode: .multiple, identifiers: ["a", "b", "c", "b"])
    #expect(many.identifiers == ["a", "b", "c"])
    let isSelected = many.toggle("b")
    #expect(!isSelected)
    many.mode = .single
    #expect(many == ListSelection(mode: .single, identifiers: ["c"]))
  }

  @Test("in mode none the user's selection reaches didSelectRow and no selection is kept", .timeLimit(.minutes(60)))
  func noneKeepsNothing() async throws {
    let view = RecordingListView()
    var selected: [ItemPath] = []
    var delegate = SyncDelegate()
    delegate.didSelectRow = { path, _ in selected.append(path) }
    let (controller, engine) = try makeController(view, delegate: delegate)
    await controller.apply(Self.rows([1, 2, 3]))
    try engine.selectRow(at: ItemPath(item: 1, section: 0))
    engine.select(1)
    #expect(selected == [ItemPath(item: 1, section: 0)])
    #expect(engine.selection.isEmpty)
    #expect(view.selectionChanges.isEmpty)
  }

  @Test(
    "the user's select joins the selection before didSelectRow; deselectsAutomatically keeps it out",
    .timeLimit(.minutes(60)))
  func userSelection() async throws {
    let view = RecordingListView()
    var events: [String] = []
    var delegate = SyncDelegate()
    delegate.didChangeSelection = { events.append("change \($0)") }
    delegate.didSelectRow = { path, _ in events.append("select \(path.item)") }
    delegate.didDeselectRow = { path, _ in events.append("deselect \(path.item)") }
    let (controller, engine) = try makeController(view, delegate: delegate)
    engine.selectionMode = .single
    await controller.apply(Self.rows([1, 2, 3]))
    try engine.selectRow(at: ItemPath(item: 0, section: 0))
    try engine.selectRow(at: ItemPath(item: 2, section: 0))
    #expect(events == ["change +[1] -[]", "select 0", "change +[3] -[1]", "select 2"])
    #expect(view.renderedSelection == ["[ ] r1 v0", "[ ] r2 v0", "[x] r3 v0"])
    events = []
    try engine.toggleSelection(ofRowAt: ItemPath(item: 2, section: 0))
    #expect(events == ["change +[] -[3]"], "a toggle changes the selection; it is not a choice of the row")
    events = []
    engine.selectionMode = .multiple
    try engine.toggleSelection(ofRowAt: ItemPath(item: 0, section: 0))
    try engine.toggleSelection(ofRowAt: ItemPath(item: 1, section: 0))
    try engine.selectRow(at: ItemPath(item: 2, section: 0))
    #expect(
      events == ["change +[1] -[]", "change +[2] -[]", "select 2"], "in multi-select, Enter leaves the selection")
    #expect(engine.selection.identifiers == [1, 2])
    engine.selectionMode = .single
    engine.clearSelection()
    events = []
    engine.delegate.deselectsAutomatically = true
    try engine.selectRow(at: ItemPath(item: 1, section: 0))
    #expect(events == ["select 1", "deselect 1"])
    #expect(engine.selection.isEmpty)
  }

  @Test("a selection kept in app state is restored by identity, unknown identities left out", .timeLimit(.minutes(60)))
  func restore() async throws {
    let view = RecordingListView()
    let (controller, engine) = try makeController(view)
    await controller.apply(Self.rows([1, 2, 3]))
    engine.setSelection(ListSelection(mode: .multiple, identifiers: [3, 99, 1]))
    #expect(engine.selection == ListSelection(mode: .multiple, identifiers: [3, 1]))
    #expect(engine.selectedRows == [ItemPath(item: 0, section: 0), ItemPath(item: 2, section: 0)])
    await controller.apply(Self.rows([3, 2]))
    #expect(engine.selection == ListSelection(mode: .multiple, identifiers: [3]))
    #expect(view.selectionChanges.last?.removed == [1])
  }

  @Test(
    "selection calls from delegate closures during a change are applied after it, in order", .timeLimit(.minutes(60)))
  func reentrant() async throws {
    for seed in DeepPass.seeds(quick: 12, deep: 60) {
      var random = SeededRandom(seed: seed)
      let view = RecordingListView()
      var delegate = SyncDelegate()
      var engineBox: ListEngine?
      var depth = 0
      var maxDepth = 0
      var calls: [ListIdentifier] = []
      delegate.didInsertRows = { paths in
        guard let engine = engineBox, let path = paths.first else { return }
        // Read the row as the delegate sees it now, during the stage.
        if let id = try? engine.row(at: path).id { calls.append(id) }
        try? engine.select(rowAt: path)
      }
      var addedCount = 0
      delegate.didChangeSelection = { change in
        addedCount += change.added.count
        depth += 1
        maxDepth = max(maxDepth, depth)
        defer { depth -= 1 }
        // A selection call from the selection callback: queued, never recursive.
        if let first = change.added.first, random.next() % 2 == 0 { engineBox?.deselect(first) }
      }
      let (controller, engine) = try makeController(view, delegate: delegate)
      engineBox = engine
      engine.selectionMode = .multiple
      for _ in 0..<6 {
        await controller.apply(RandomLists.sections(&random))
        #expect(view.inconsistencies.isEmpty, "seed \(seed)")
        #expect(view.selectedRows == engine.selectedRows, "seed \(seed)")
        let shown = Set(engine.snapshot.flatMap { $0.elements.map(\.id) })
        #expect(engine.selection.identifiers.allSatisfy { shown.contains($0) }, "seed \(seed)")
      }
      #expect(maxDepth <= 1, "seed \(seed)")
      // Every row selected from didInsertRows reached the selection (later calls may deselect it again).
      #expect(addedCount >= Set(calls).count, "seed \(seed)")
    }
  }

  @Test("out-of-range positions throw a typed error and leave the selection as it was")
  func badInput() async throws {
    let view = RecordingListView()
    let (controller, engine) = try makeController(view)
    engine.selectionMode = .multiple
    await controller.apply(Self.rows([1]))
    engine.select(1)
    #expect(throws: ListFlowError.self) { try engine.select(rowAt: ItemPath(item: 5, section: 0)) }
    #expect(throws: ListFlowError.self) { try engine.deselect(rowAt: ItemPath(item: 0, section: 3)) }
    #expect(engine.selection.identifiers == [1])
    #expect(engine.isRowSelected(at: ItemPath(item: 9, section: 9)) == false)
  }
}
