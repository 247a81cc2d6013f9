import ListFlow
import ListFlowTesting
import Testing

/// Scrolling to a row through the engine and the controllers: by position, by identity, bad input, and a
/// scroll asked for during a change.
@MainActor
@Suite struct ScrollToRowTests {
  static func sections(_ ids: [Int]) -> [ListSection<CellBinder>] {
    [
      ListSection(
        id: "rows",
        items: ids.map { id in
          CellBinder(cell: TallCell.self, value: id, id: ListIdentifier(id)) { cell, id in cell.text = "row \(id)" }
            .height(id % 3 + 1)
        })
    ]
  }

  @Test("a scroll by position or by identity reaches the view with its alignment")
  func byPathAndIdentity() async throws {
    let view = RecordingListView()
    let controller = ListController<[ListSection<CellBinder>]> { $0 }
    let engine = try ListEngine(view: view, showing: controller)
    await controller.apply(Self.sections([5, 7, 9]))
    try engine.scrollToRow(at: ItemPath(item: 2, section: 0), alignment: .center)
    try engine.scrollToRow(withIdentity: ListIdentifier(7), alignment: .top)
    try engine.scrollToRow(withIdentity: ListIdentifier(5))
    #expect(
      view.scrollRequests == [
        .init(path: ItemPath(item: 2, section: 0), alignment: .center),
        .init(path: ItemPath(item: 1, section: 0), alignment: .top),
        .init(path: ItemPath(item: 0, section: 0), alignment: .visible),
      ])
    #expect(view.rowHeights == [[.exact(3), .exact(2), .exact(1)]])
  }

  @Test("a position out of range or an unknown identity throws and scrolls nothing")
  func badInput() async throws {
    let view = RecordingListView()
    let controller = ListController<[ListSection<CellBinder>]> { $0 }
    let engine = try ListEngine(view: view, showing: controller)
    await controller.apply(Self.sections([1, 2]))
    #expect(throws: ListFlowError.rowOutOfRange(path: ItemPath(item: 2, section: 0), rowCount: 2)) {
      try engine.scrollToRow(at: ItemPath(item: 2, section: 0))
    }
    #expect(throws: ListFlowError.sectionOutOfRange(section: -1, sectionCount: 1)) {
      try engine.scrollToRow(at: ItemPath(item: 0, section: -1))
    }
    #expect(throws: ListFlowError.rowNotFound(ListIdentifier(99))) {
      try engine.scrollToRow(withIdentity: ListIdentifier(99))
    }
    #expect(view.scrollRequests.isEmpty)
  }

  @Test("a scroll asked for from a delegate closure during a change goes to the row in the list after it")
  func duringAChange() async throws {
    let view = RecordingListView()
    var delegate = SyncDelegate()
    var failures: [ListFlowError] = []
    delegate.didFail = { failures.append($0) }
    let controller = ListController<[ListSection<CellBinder>]> { $0 }
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    await controller.apply(Self.sections([1, 2, 3]))
    engine.delegate.didInsertRows = { _ in
      try? engine.scrollToRow(withIdentity: ListIdentifier(3), alignment: .bottom)
      try? engine.scrollToRow(withIdentity: ListIdentifier(42))
    }
    await controller.apply(Self.sections([0, 1, 2, 3]))
    #expect(view.scrollRequests == [.init(path: ItemPath(item: 3, section: 0), alignment: .bottom)])
    #expect(failures.contains(.rowNotFound(ListIdentifier(42))))
  }

  @Test("a composed controller scrolls to a row of any child by its global position or identity")
  func composed() async throws {
    let view = RecordingListView()
    let composite = ComposedFeed<ListSectionSnapshot>()
    let first = ListController<[ListSection<CellBinder>]>() { $0 }
    let second = ListController<[ListSection<CellBinder>]>() { $0 }
    try composite.append(first)
    try composite.append(second)
    let list = try ListEngine(view: view, showing: composite)
    await first.apply(Self.sections([1, 2]))
    await second.apply(Self.sections([3, 4]))
    try list.scrollToRow(withIdentity: ListIdentifier(4), alignment: .center)
    try list.scrollToRow(at: ItemPath(item: 0, section: 1))
    #expect(
      view.scrollRequests == [
        .init(path: ItemPath(item: 1, section: 1), alignment: .center),
        .init(path: ItemPath(item: 0, section: 1), alignment: .visible),
      ])
  }
}
