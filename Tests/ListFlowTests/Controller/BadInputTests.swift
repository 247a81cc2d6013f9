import ListFlow
import ListFlowTesting
import Testing

@Suite("Bad input gets a typed error or a documented behaviour, never a crash")
@MainActor
struct BadInputTests {
  let rows = [TestRow(id: 1, version: 0, isAlternate: false), TestRow(id: 2, version: 0, isAlternate: false)]

  @Test("an unregistered cell with automatic registration off is reported, and the row shows a placeholder")
  func unregisteredCell() async throws {
    let view = RecordingListView(reusePool: CellReusePool(registersAutomatically: false))
    var failures: [ListFlowError] = []
    var delegate = SyncDelegate()
    delegate.didFail = { failures.append($0) }
    let controller = ListController<[TestRow]>()
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    await controller.apply(rows)
    let unregistered = ListFlowError.unregisteredCell(reuseIdentifier: "ListFlowTests.RowCell")
    #expect(failures == [unregistered, unregistered])
    #expect(view.errors == failures)
    #expect(view.renderedLines.allSatisfy { $0.hasPrefix("<error: no cell is registered") })
    #expect(engine.numberOfRows(inSection: 0) == 2)
  }

  @Test("a mistyped registration is reported with both type names")
  func mistypedCell() async throws {
    let pool = CellReusePool()
    pool.register(AlternateRowCell.self, forReuseIdentifier: "ListFlowTests.RowCell")
    let view = RecordingListView(reusePool: pool)
    let controller = ListController<[TestRow]>()
    let engine = try ListEngine(view: view, showing: controller)
    await controller.apply(Array(rows.prefix(1)))
    let expected = ListFlowError.mistypedCell(
      reuseIdentifier: "ListFlowTests.RowCell", expected: "RowCell", found: "AlternateRowCell")
    #expect(view.errors == [expected])
    #expect(engine.lastError == expected)
  }

  @Test("selecting row 999 throws rowOutOfRange and calls no selection closure")
  func outOfRangeRow() async throws {
    let view = RecordingListView()
    var selected: [ItemPath] = []
    var failures: [ListFlowError] = []
    var delegate = SyncDelegate()
    delegate.didSelectRow = { path, _ in selected.append(path) }
    delegate.didFail = { failures.append($0) }
    let controller = ListController<[TestRow]>()
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    await controller.apply(rows)
    let path = ItemPath(item: 999, section: 0)
    #expect(throws: ListFlowError.rowOutOfRange(path: path, rowCount: 2)) { try view.selectRow(at: path) }
    #expect(throws: ListFlowError.sectionOutOfRange(section: 3, sectionCount: 1)) {
      try engine.selectRow(at: ItemPath(item: 0, section: 3))
    }
    #expect(throws: ListFlowError.rowOutOfRange(path: path, rowCount: 2)) {
      try engine.cell(at: path, for: view)
    }
    #expect(throws: ListFlowError.sectionOutOfRange(section: 4, sectionCount: 1)) {
      try engine.header(inSection: 4, for: view)
    }
    #expect(engine.numberOfRows(inSection: 7) == 0)
    #expect(selected.isEmpty)
    #expect(failures.count == 4)
  }

  @Test("duplicate identities under the reject policy: the state is refused by name and the view keeps the last one")
  func duplicatesRejected() async throws {
    let view = RecordingListView()
    var failures: [ListFlowError] = []
    var delegate = SyncDelegate()
    delegate.didFail = { failures.append($0) }
    let controller = ListController<[TestRow]>(configuration: ListControllerConfiguration(duplicates: .reject))
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    await controller.apply(rows)
    await controller.apply(rows + [TestRow(id: 1, version: 5, isAlternate: false)])
    let failure = try #require(failures.first)
    guard case .duplicateIdentifier(let duplicate) = failure else {
      Issue.record("expected a duplicate identifier, got \(failure)")
      return
    }
    #expect(duplicate.identifier == "1")
    #expect(duplicate.side == .target)
    #expect(view.renderedLines == ["r1 v0", "r2 v0"])
    #expect(controller.statistics.rejectedStates == 1)
    #expect(controller.state?.count == 2)
    withExtendedLifetime(engine) {}
  }

  @Test("duplicate identities under the default policy are shown exactly as declared")
  func duplicatesMatchedInOrder() async throws {
    let view = RecordingListView()
    let controller = ListController<[TestRow]>()
    let engine = try ListEngine(view: view, showing: controller, reloadThreshold: .max)
    let duplicated = [TestRow(id: 1, version: 0, isAlternate: false), TestRow(id: 1, version: 1, isAlternate: false)]
    await controller.apply(rows)
    await controller.apply(duplicated)
    #expect(view.renderedLines == ["r1 v0", "r1 v1"])
    #expect(view.inconsistencies.isEmpty)
    withExtendedLifetime(engine) {}
  }

  @Test("moving a row out of range, or one that may not move, throws and leaves the list as it was")
  func badMoves() async throws {
    let view = RecordingListView()
    var delegate = SyncDelegate()
    delegate.canMoveRow = { path, _ in path.item == 0 }
    let controller = ListController<[TestRow]>()
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    await controller.apply(rows)
    let notMovable = Move(source: ItemPath(item: 1, section: 0), target: ItemPath(item: 0, section: 0))
    #expect(throws: ListFlowError.rowNotMovable(ItemPath(item: 1, section: 0))) { try view.moveRow(notMovable) }
    let tooFar = Move(source: ItemPath(item: 0, section: 0), target: ItemPath(item: 5, section: 0))
    #expect(throws: ListFlowError.rowOutOfRange(path: ItemPath(item: 5, section: 0), rowCount: 1)) {
      try view.moveRow(tooFar)
    }
    #expect(view.renderedLines == ["r1 v0", "r2 v0"])
    #expect(ListExpectations.mismatch(view, showing: engine.snapshot) == nil)
  }
}
