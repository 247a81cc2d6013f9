import ListFlow
import ListFlowTesting
import Testing

@Suite("SyncDelegate: changes, selection, display, scrolling, editing, moving and cell actions")
@MainActor
struct SyncDelegateTests {
  let rows = (1...3).map { TestRow(id: $0, version: 0, isAlternate: false) }

  @Test("change closures are called per stage in the documented order, between willApply and didApply")
  func changeDispatchOrder() async throws {
    var log: [String] = []
    var delegate = SyncDelegate()
    delegate.willApply = { log.append("willApply \($0)") }
    delegate.didApply = { log.append("didApply \($0)") }
    delegate.didDeleteSections = { log.append("deleteSections \($0)") }
    delegate.didInsertSections = { log.append("insertSections \($0)") }
    delegate.didMoveSections = { log.append("moveSections \($0)") }
    delegate.didUpdateSections = { log.append("updateSections \($0)") }
    delegate.didDeleteRows = { log.append("deleteRows \($0)") }
    delegate.didInsertRows = { log.append("insertRows \($0)") }
    delegate.didMoveRows = { log.append("moveRows \($0)") }
    delegate.didReconfigureRows = { log.append("reconfigureRows \($0)") }
    delegate.didReloadRows = { log.append("reloadRows \($0)") }
    let controller = ListController<[ListSection<TestRow>]>()
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate, reloadThreshold: .max)
    func row(_ id: Int, _ version: Int = 0, alternate: Bool = false) -> TestRow {
      TestRow(id: id, version: version, isAlternate: alternate)
    }
    await controller.apply([
      ListSection(id: "a", items: [row(1), row(2), row(3)]), ListSection(id: "b", items: [row(4), row(7)]),
      ListSection(id: "c", items: [row(5)]),
    ])
    log.removeAll()
    await controller.apply([
      ListSection(id: "d", items: [row(6)]), ListSection(id: "b", items: [row(4, 1), row(1)]),
      ListSection(id: "a", items: [row(3), row(2, alternate: true)]),
    ])
    #expect(
      log == [
        "willApply 4 stages, 8 changes",
        "reconfigureRows [1:0]", "reloadRows [0:1]",
        "deleteSections [2]", "deleteRows [1:1]",
        "insertSections [0]", "moveSections [1 -> 1]",
        "moveRows [2:0 -> 1:1, 2:2 -> 2:0]",
        "didApply 4 stages, 8 changes",
      ]
    )
    withExtendedLifetime(engine) {}
  }

  @Test("didSelectRow receives the row's model and tag; auto-deselect deselects in the view and tells the delegate")
  func selection() async throws {
    var selected: [String] = []
    var deselected: [ItemPath] = []
    var delegate = SyncDelegate()
    delegate.didSelectRow = { path, row in
      selected.append(
        "\(path) \(row.model(as: TextDataModel.self)?.text ?? "?") \(row.tag?.value(as: String.self) ?? "-")")
    }
    delegate.didDeselectRow = { path, _ in deselected.append(path) }
    let view = RecordingListView()
    let controller = ListController<[CellBinder]>()
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    await controller.apply([
      CellBinder(data: TextDataModel(text: "one", tag: "first"), map: TitleCellMapper.map),
      CellBinder(data: TextDataModel(text: "two"), map: TitleCellMapper.map),
    ])
    try view.selectRow(at: ItemPath(item: 0, section: 0))
    #expect(selected == ["0:0 one first"])
    #expect(view.deselectedRows.isEmpty)
    engine.delegate.deselectsAutomatically = true
    try view.selectRow(at: ItemPath(item: 1, section: 0))
    #expect(selected == ["0:0 one first", "0:1 two -"])
    #expect(view.deselectedRows == [ItemPath(item: 1, section: 0)])
    #expect(deselected == [ItemPath(item: 1, section: 0)])
    try engine.deselectRow(at: ItemPath(item: 0, section: 0))
    #expect(deselected.last == ItemPath(item: 0, section: 0))
  }

  @Test("highlight and unhighlight reach their closures")
  func highlight() async throws {
    var log: [String] = []
    var delegate = SyncDelegate()
    delegate.didHighlightRow = { path, _ in log.append("on \(path)") }
    delegate.didUnhighlightRow = { path, _ in log.append("off \(path)") }
    let controller = ListController<[TestRow]>()
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    await controller.apply(rows)
    try engine.highlightRow(at: ItemPath(item: 2, section: 0), isHighlighted: true)
    try engine.highlightRow(at: ItemPath(item: 2, section: 0), isHighlighted: false)
    #expect(log == ["on 0:2", "off 0:2"])
  }

  @Test("cells, headers and footers report will-display and did-end-displaying")
  func displayLifecycle() async throws {
    var log: [String] = []
    var delegate = SyncDelegate()
    delegate.willDisplayCell = { cell, path in log.append("show \(path) \(cell.textRepresentation)") }
    delegate.didEndDisplayingCell = { _, path in log.append("hide \(path)") }
    delegate.willDisplayHeader = { _, section in log.append("show header \(section)") }
    delegate.didEndDisplayingHeader = { _, section in log.append("hide header \(section)") }
    delegate.willDisplayFooter = { _, section in log.append("show footer \(section)") }
    delegate.didEndDisplayingFooter = { _, section in log.append("hide footer \(section)") }
    let controller = ListController<[ListSection<CellBinder>]>()
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    let header = SectionHeaderCell.makeBinder(value: "H", id: "h")
    let footer = SectionHeaderCell.makeBinder(value: "F", id: "f")
    await controller.apply([ListSection(id: 0, header: header, footer: footer, items: [rows[0].cellBinder])])
    #expect(log == ["show header 0", "show 0:0 r1 v0", "show footer 0"])
    log.removeAll()
    await controller.apply([])
    #expect(log == ["hide header 0", "hide 0:0", "hide footer 0"])
    withExtendedLifetime(engine) {}
  }

  @Test("scrolling reports offsets, and reaching the top or the end once each time the viewport gets there")
  func scrolling() async throws {
    var log: [String] = []
    var delegate = SyncDelegate()
    delegate.didScroll = { log.append("\($0.offset)") }
    delegate.didReachTop = { log.append("top") }
    delegate.didReachEnd = { log.append("end") }
    let view = RecordingListView()
    let controller = ListController<[TestRow]>()
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    for offset in [0, 5, 10, 10, 4, 0] {
      view.scroll(to: SyncDelegate.ScrollPosition(offset: offset, viewportHeight: 10, contentHeight: 20))
    }
    #expect(view.dataSource === engine)
    #expect(log == ["0", "top", "5", "10", "end", "10", "4", "0", "top"])
  }

  @Test("edit actions are offered only where editing is allowed, and committing one reaches the app")
  func editing() async throws {
    var committed: [String] = []
    var delegate = SyncDelegate()
    delegate.canEditRow = { path, _ in path.item != 1 }
    delegate.editActions = { _, _ in [.delete, SyncDelegate.EditAction(id: "archive", title: "Archive")] }
    delegate.commitEdit = { action, path, row in committed.append("\(action.id) \(path) \(row.id)") }
    let controller = ListController<[TestRow]>()
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    await controller.apply(rows)
    #expect(
      try engine.editActions(forRowAt: ItemPath(item: 0, section: 0)).map(\.title) == ["Delete", "Archive"])
    #expect(try engine.editActions(forRowAt: ItemPath(item: 1, section: 0)).isEmpty)
    try engine.commitEdit(.delete, forRowAt: ItemPath(item: 2, section: 0))
    #expect(throws: ListFlowError.rowNotEditable(ItemPath(item: 1, section: 0))) {
      try engine.commitEdit(.delete, forRowAt: ItemPath(item: 1, section: 0))
    }
    #expect(committed == ["delete 0:2 3"])
  }

  @Test(
    "a moved row updates the controller's model, the view stays consistent, and the app's next state diffs to nothing")
  func moving() async throws {
    var moves: [String] = []
    var delegate = SyncDelegate()
    delegate.canMoveRow = { _, _ in true }
    delegate.didMoveRow = { move, row in moves.append("\(move) \(row.id)") }
    let view = RecordingListView()
    let controller = ListController<[TestRow]>()
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    await controller.apply(rows)
    #expect(engine.canMoveRow(at: ItemPath(item: 0, section: 0)))
    #expect(!engine.canMoveRow(at: ItemPath(item: 9, section: 0)))
    try view.moveRow(Move(source: ItemPath(item: 0, section: 0), target: ItemPath(item: 2, section: 0)))
    #expect(moves == ["0:0 -> 0:2 1"])
    #expect(engine.snapshot[0].elements.map(\.id) == [2, 3, 1])
    #expect(view.renderedLines == ["r2 v0", "r3 v0", "r1 v0"])
    let batches = view.updates.count
    await controller.apply([rows[1], rows[2], rows[0]])
    #expect(view.updates.count == batches)
    #expect(ListExpectations.mismatch(view, showing: engine.snapshot) == nil)
  }

  @Test("a cell's typed action reaches the typed handler with the row's current position")
  func cellActions() async throws {
    var received: [String] = []
    var untyped: [String] = []
    var delegate = SyncDelegate()
    delegate.didReceiveCellAction = { untyped.append("\($0.action)") }
    delegate.onAction(ButtonCell.Action.self) { action, path, row in received.append("\(action) \(path) \(row.id)") }
    let view = RecordingListView()
    let controller = ListController<[CellBinder]>()
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    let buy = ButtonCell.makeBinder(value: "Buy", id: "buy")
    await controller.apply([buy])
    let cell = try #require(view.cell(at: ItemPath(item: 0, section: 0)) as? ButtonCell)
    await controller.apply([rows[0].cellBinder, buy])
    cell.press()
    #expect(received == ["pressed(\"Buy\") 0:1 buy"])
    #expect(untyped.isEmpty)
    await controller.apply([rows[0].cellBinder])
    cell.press()
    #expect(received.count == 1)
    withExtendedLifetime(engine) {}
  }
}
