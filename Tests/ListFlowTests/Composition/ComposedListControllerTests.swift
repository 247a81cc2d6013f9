import ListFlow
import ListFlowTesting
import Testing

@MainActor
@Suite("Composed list controller")
struct ComposedListControllerTests {
  var top = [section("A", [1, 2])]
  var bottom = [section("B", [3, 4, 5])]
  let topSource: SectionsFeed<ListSectionSnapshot>
  let bottomSource: SectionsFeed<ListSectionSnapshot>
  let composite = ComposedFeed<ListSectionSnapshot>()
  let view = RecordingListView()
  let controller: ListEngine

  init() throws {
    topSource = SectionsFeed(sections: top.map(snapshot))
    bottomSource = SectionsFeed(sections: bottom.map(snapshot))
    try composite.append(topSource)
    try composite.append(bottomSource)
    controller = try ListEngine(view: view, showing: composite)
  }

  @Test("the view shows the children one after another after one initial load")
  func initialLoad() {
    #expect(view.renderedLines == ["# A", "1", "2", "# B", "3", "4", "5"])
    #expect(view.reloadCount == 1)
    #expect(controller.reloadCount == 1)
  }

  @Test("a child's update reaches the view and the change dispatch at global positions, without a reload")
  func childUpdate() {
    var inserted: [ItemPath] = []
    controller.delegate.didInsertRows = { inserted += $0 }
    bottomSource.update(to: [section("B", [3, 9, 4, 5])].map(snapshot))
    #expect(inserted == [ItemPath(item: 1, section: 1)])
    #expect(view.renderedLines == ["# A", "1", "2", "# B", "3", "9", "4", "5"])
    #expect(view.reloadCount == 1)
    #expect(view.inconsistencies.isEmpty)
  }

  @Test("an edit reaches the owning child's delegate with its local position")
  func editRouting() throws {
    var committed: [ItemPath] = []
    var child = SyncDelegate()
    child.editActions = { _, _ in [.delete] }
    child.commitEdit = { [bottomSource] _, path, _ in
      committed.append(path)
      var rows = [3, 4, 5]
      rows.remove(at: path.item)
      bottomSource.update(to: [section("B", rows)].map(snapshot))
    }
    bottomSource.delegate = child
    #expect(try controller.editActions(forRowAt: ItemPath(item: 1, section: 1)) == [.delete])
    #expect(try controller.editActions(forRowAt: ItemPath(item: 0, section: 0)) == [])
    try controller.commitEdit(.delete, forRowAt: ItemPath(item: 1, section: 1))
    #expect(committed == [ItemPath(item: 1, section: 0)])
    #expect(view.renderedLines == ["# A", "1", "2", "# B", "3", "5"])
    #expect(throws: ListFlowError.rowOutOfRange(path: ItemPath(item: 9, section: 1), rowCount: 2)) {
      try controller.commitEdit(.delete, forRowAt: ItemPath(item: 9, section: 1))
    }
  }

  @Test("a row moved by the view inside a child moves in the child's source, without a batch back")
  func moveInsideChild() throws {
    var moves: [Move<ItemPath>] = []
    var child = SyncDelegate()
    child.canMoveRow = { _, _ in true }
    child.didMoveRow = { move, _ in moves.append(move) }
    bottomSource.delegate = child
    let batches = view.updates.count
    try view.moveRow(Move(source: ItemPath(item: 0, section: 1), target: ItemPath(item: 2, section: 1)))
    #expect(moves == [Move(source: ItemPath(item: 0, section: 0), target: ItemPath(item: 2, section: 0))])
    #expect(bottomSource.sections[0].elements.map(\.id) == [4, 5, 3].map { ListIdentifier($0) })
    #expect(view.updates.count == batches)
    #expect(view.renderedLines == ["# A", "1", "2", "# B", "4", "5", "3"])
    #expect(controller.snapshot[1].elements.map(\.id) == bottomSource.sections[0].elements.map(\.id))
  }

  @Test("a row cannot move out of its child, nor when its child says no")
  func moveAcrossChildren() {
    var child = SyncDelegate()
    child.canMoveRow = { _, _ in true }
    bottomSource.delegate = child
    // The user drags: the view moves the cell, and the engine puts it back when it refuses.
    #expect(throws: ListFlowError.rowNotMovable(ItemPath(item: 0, section: 1))) {
      try view.moveRow(Move(source: ItemPath(item: 0, section: 1), target: ItemPath(item: 0, section: 0)))
    }
    #expect(throws: ListFlowError.rowNotMovable(ItemPath(item: 0, section: 0))) {
      try view.moveRow(Move(source: ItemPath(item: 0, section: 0), target: ItemPath(item: 1, section: 0)))
    }
    #expect(view.renderedLines == ["# A", "1", "2", "# B", "3", "4", "5"])
  }

  @Test("selection goes to the child with its local position and to the list delegate with the global one")
  func selection() throws {
    var local: [ItemPath] = []
    var global: [ItemPath] = []
    var child = SyncDelegate()
    child.didSelectRow = { path, _ in local.append(path) }
    child.deselectsAutomatically = true
    bottomSource.delegate = child
    controller.delegate.didSelectRow = { path, _ in global.append(path) }
    try view.selectRow(at: ItemPath(item: 2, section: 1))
    #expect(local == [ItemPath(item: 2, section: 0)])
    #expect(global == [ItemPath(item: 2, section: 1)])
    #expect(view.deselectedRows == [ItemPath(item: 2, section: 1)])
    #expect(throws: ListFlowError.self) { try view.selectRow(at: ItemPath(item: 0, section: 7)) }
  }

  @Test("while the view is not visible, changes are loaded by a reload")
  func notVisible() {
    view.isVisible = false
    topSource.isHidden = true
    #expect(view.reloadCount == 2)
    #expect(view.renderedLines == ["# B", "3", "4", "5"])
  }
}
