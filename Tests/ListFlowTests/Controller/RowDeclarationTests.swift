import ListFlow
import ListFlowTesting
import Synchronization
import TestSupport
import Testing

@Suite("ListController(rows:cell:): rows diffed as values, binders made only for rows read", .serialized)
@MainActor
struct RowDeclarationTests {
  fileprivate typealias State = [ListSection<DeclaredRow>]

  /// A controller that declares its rows, and one that maps the same rows to binders with the same function.
  ///
  /// `calls`, when given, records the identity of every row the first controller's `cell` is called for.
  private func makePair(
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    reloadThreshold: Int = 1_000,
    calls: CallLog<Int>? = nil
  ) throws -> (
    byRows: ListController<State>, rowsView: RecordingListView, byBinders: ListController<State>,
    bindersView: RecordingListView, byRowsEngine: ListEngine, byBindersEngine: ListEngine
  ) {
    let rowsView = RecordingListView()
    let bindersView = RecordingListView()
    let byRows = ListController<State>(
      configuration: configuration, rows: { $0 },
      cell: { row in
        calls?.record(row.id)
        return declaredCell(row)
      })
    let byRowsEngine = try ListEngine(view: rowsView, showing: byRows, reloadThreshold: reloadThreshold)
    let byBinders = ListController<State>(configuration: configuration, sections: { $0.map { $0.map(declaredCell) } })
    let byBindersEngine = try ListEngine(view: bindersView, showing: byBinders, reloadThreshold: reloadThreshold)
    return (byRows, rowsView, byBinders, bindersView, byRowsEngine, byBindersEngine)
  }

  /// A controller that declares its rows and gets their binders from `cells`.
  private func makeController(
    _ view: RecordingListView,
    cells: RecordingCells,
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    delegate: SyncDelegate = SyncDelegate(),
    reloadThreshold: Int = 1_000
  ) throws -> (ListController<State>, ListEngine) {
    let controller = ListController<State>(
      configuration: configuration, delegate: SyncDelegate(), rows: { $0 }, cell: { cells.binder($0) })
    return (
      controller, try ListEngine(view: view, showing: controller, delegate: delegate, reloadThreshold: reloadThreshold)
    )
  }

  // MARK: Equivalence with the binder-based controller

  @Test(
    "random sequences of sectioned states show the same lines and send the same changes as the binder-based path",
    arguments: [Scenario.plain, .duplicates, .background])
  func equivalence(_ scenario: Scenario) async throws {
    var random = SeededRandom(seed: scenario.seed)
    var changeCounts = ChangeCounts()
    for sequence in 0..<DeepPass.cases(quick: 12, deep: 300) {
      let calls = CallLog<Int>()
      let (byRows, rowsView, byBinders, bindersView, byRowsEngine, byBindersEngine) = try makePair(
        configuration: scenario.configuration, calls: calls)
      var stageFailures: [String] = []
      rowsView.didApplyBatch = { view, update in
        if let mismatch = view.countMismatch(with: byRowsEngine) { stageFailures.append(mismatch) }
        let expected = calls.unrecorded { ListRendering.lines(of: byRowsEngine.snapshot) }
        if view.renderedLines != expected {
          stageFailures.append("stage \(update.stage + 1): \(view.renderedLines) != \(expected)")
        }
      }
      var draft: [DraftSection] = []
      for step in 0..<8 {
        let previous = draft
        draft = DeclaredLists.next(after: draft, &random, duplicates: scenario.hasDuplicates)
        let state = draft.map(\.listSection)
        let configuredBefore = rowsView.configuredCells.count
        let updatesBefore = rowsView.updates.count
        _ = calls.take()  // the test's own reads of the last list
        await byRows.apply(state)
        let called = calls.take()  // before the test's own reads of the list, which make binders too
        await byBinders.apply(state)
        let context = "\(scenario), sequence \(sequence), state \(step): \(state)"
        let expected = ListRendering.lines(of: state.map { $0.map(declaredCell) })
        let rowsUpdates = rowsView.updates.map(UpdateRecord.init)
        let bindersUpdates = bindersView.updates.map(UpdateRecord.init)
        #expect(stageFailures.isEmpty, "\(context)")
        #expect(ListExpectations.difference(rowsView.renderedLines, expected) == nil, "\(context)")
        #expect(ListExpectations.difference(bindersView.renderedLines, expected) == nil, "\(context)")
        #expect(ListRendering.lines(of: byRowsEngine.snapshot) == expected, "\(context)")
        #expect(rowsView.inconsistencies.isEmpty, "\(context): \(rowsView.inconsistencies)")
        #expect(bindersView.inconsistencies.isEmpty, "\(context): \(bindersView.inconsistencies)")
        // With repeated identities the row path matches occurrences in order inside the sections that changed (a
        // section whose rows are the very array shown keeps its rows), so its stages may pair them differently.
        if !scenario.hasDuplicates {
          #expect(ListExpectations.difference(rowsUpdates, bindersUpdates) == nil, "\(context)")
        }
        #expect(rowsView.reloadCount == bindersView.reloadCount, "\(context)")
        #expect(byRowsEngine.lastError == nil && byBindersEngine.lastError == nil, "\(context)")
        // Binders are made only for rows the view read and rows the change touched (new or changed headers and
        // footers, rows deleted, moved or updated): never for the rest of the list.
        let configured = rowsView.configuredCells[configuredBefore...]
        let changeCount = rowsView.updates[updatesBefore...].reduce(0) { $0 + $1.changeset.changeCount }
        let headers = draft.reduce(0) { $0 + ($1.header == nil ? 0 : 1) + ($1.footer == nil ? 0 : 1) }
        if draft.map(\.listSection) == previous.map(\.listSection) { #expect(called.isEmpty, "\(context)") }
        #expect(called.count <= 4 * (configured.count + changeCount) + 2 * headers, "\(context): \(called)")
        let failed =
          !stageFailures.isEmpty || rowsView.renderedLines != expected || bindersView.renderedLines != expected
          || (!scenario.hasDuplicates && rowsUpdates != bindersUpdates) || !rowsView.inconsistencies.isEmpty
        if failed { return }
      }
      if scenario == .background {
        #expect(byRows.statistics.backgroundDiffs == 8)
      }
      changeCounts.add(rowsView.updates)
    }
    // The generator made every kind of change.
    #expect(changeCounts.missing.isEmpty, "never made: \(changeCounts.missing)")
  }

  @Test(
    "a log past the diff's bound (heads dropped, tails appended, a few edits): the changes of the binder-based path")
  func logShiftsPastTheBound() async throws {
    var random = SeededRandom(seed: 0x5EED_0704)
    for sequence in 0..<DeepPass.cases(quick: 3, deep: 60) {
      let (byRows, rowsView, byBinders, bindersView, byRowsEngine, byBindersEngine) = try makePair(
        reloadThreshold: 100_000)
      var nextID = 0
      func newRow() -> DeclaredRow {
        nextID += 1
        return DeclaredRow(id: nextID, version: 0, label: "line \(nextID)")
      }
      var state = (0..<(1 + random.below(3))).map { section in
        ListSection(id: ListIdentifier(section), items: (0..<(200 + random.below(400))).map { _ in newRow() })
      }
      await byRows.apply(state)
      await byBinders.apply(state)
      for step in 0..<4 {
        for index in state.indices {
          var rows = state[index].items
          rows.removeFirst(random.below(rows.count / 2))
          rows.append(contentsOf: (0..<random.below(150)).map { _ in newRow() })
          for _ in 0..<random.below(4) where !rows.isEmpty {
            let item = random.below(rows.count)
            if random.oneIn(2) { rows[item].version += 1 } else { rows[item] = newRow() }
          }
          state[index] = ListSection(id: state[index].id, items: rows)
        }
        let updatesBefore = rowsView.updates.count
        let bindersBefore = bindersView.updates.count
        await byRows.apply(state)
        await byBinders.apply(state)
        let context = "sequence \(sequence), state \(step)"
        let expected = ListRendering.lines(of: state.map { $0.map(declaredCell) })
        #expect(ListExpectations.difference(rowsView.renderedLines, expected) == nil, "\(context)")
        #expect(rowsView.inconsistencies.isEmpty, "\(context): \(rowsView.inconsistencies)")
        #expect(
          ListExpectations.difference(
            rowsView.updates[updatesBefore...].map(UpdateRecord.init),
            bindersView.updates[bindersBefore...].map(UpdateRecord.init)) == nil, "\(context)")
        #expect(byRowsEngine.lastError == nil && byBindersEngine.lastError == nil, "\(context)")
      }
    }
  }

  // MARK: Calls to `cell`

  @Test("cell is called only for rows the view reads: the rows a change touches, never the others, none for no change")
  func cellCallsOnlyForChangedRows() async throws {
    let view = RecordingListView()
    let cells = RecordingCells()
    let (controller, engine) = try makeController(view, cells: cells)
    let first = [
      section("A", rows(1...5)),
      section("B", rows(6...8)),
    ]
    await controller.apply(first)
    #expect(Set(cells.takeCalls()) == Set(1...8))  // the view shows them all
    #expect(view.renderedLines == expectedLines(first))

    // r1 and r7 updated, r9 inserted, r5 moved to the front of A, r3 moved from A to B.
    let second = [
      section("A", [row(5), row(2), row(1, version: 1), row(4), row(9)]),
      section("B", [row(6), row(3), row(7, label: "b"), row(8)]),
    ]
    await controller.apply(second)
    let called = Set(cells.takeCalls())
    #expect(called.isSuperset(of: [1, 7, 9]), "\(called.sorted())")
    #expect(view.renderedLines == expectedLines(second))
    #expect(view.inconsistencies.isEmpty)

    let updateCount = view.updates.count
    await controller.apply(second)
    #expect(cells.takeCalls() == [])
    #expect(view.updates.count == updateCount)
    #expect(view.renderedLines == expectedLines(second))
    withExtendedLifetime(engine) {}
  }

  @Test("a row whose content did not change is not configured again at its new position; a changed one is")
  func unchangedRowsKeepTheirBinder() async throws {
    let view = RecordingListView()
    let cells = RecordingCells(showsSerial: true)
    let (controller, engine) = try makeController(view, cells: cells)
    await controller.apply([section("A", rows(1...4))])
    #expect(cells.takeCalls() == [1, 2, 3, 4])
    var before: [Int: CellBinder] = [:]
    for item in 0..<4 { before[item + 1] = try controller.row(at: ItemPath(item: item, section: 0)) }
    let linesBefore = view.renderedLines

    // r3 moves to the front, r2 changes, r4 is deleted, r5 is inserted; r1 and r3 keep their content.
    await controller.apply([section("A", [row(3), row(1), row(2, version: 1), row(5)])])
    let called = Set(cells.takeCalls())
    #expect(called.isSuperset(of: [2, 5]) && called.isSubset(of: [1, 2, 3, 4, 5]), "\(called.sorted())")
    let after = try (0..<4).map { try controller.row(at: ItemPath(item: $0, section: 0)) }
    for (id, binder) in [(3, after[0]), (1, after[1])] {
      let old = try #require(before[id])
      #expect(binder.isContentEqual(to: old), "r\(id)")
    }
    // The moved rows keep the cells configured for the first state (their serial numbers); r2 and r5 are new.
    #expect(view.renderedLines[0] == linesBefore[2])
    #expect(view.renderedLines[1] == linesBefore[0])
    #expect(view.renderedLines[2].hasPrefix("r2 v1 a #") && !linesBefore.contains(view.renderedLines[2]))
    #expect(view.renderedLines[3].hasPrefix("r5 v0 a #"))
    #expect(view.inconsistencies.isEmpty)
    withExtendedLifetime(engine) {}
  }

  // MARK: User moves

  @Test(
    "after a user move, with binders that do not carry their row, the next state is diffed by its binders and applies exactly; the state after by its rows"
  )
  func userMoveFallsBackForOneState() async throws {
    let view = RecordingListView()
    let cells = RecordingCells()
    var moves: [Move<ItemPath>] = []
    var delegate = SyncDelegate()
    delegate.canMoveRow = { _, _ in true }
    delegate.didMoveRow = { move, _ in moves.append(move) }
    let (controller, engine) = try makeController(view, cells: cells, delegate: delegate)
    let first = [section("A", header: 100, rows(1...3)), section("B", rows(4...5))]
    await controller.apply(first)
    #expect(cells.takeCalls() == [1, 2, 3, 4, 5, 100])

    // The user drags r1 into B, between r4 and r5.
    let move = Move(source: ItemPath(item: 0, section: 0), target: ItemPath(item: 1, section: 1))
    try view.moveRow(move)
    #expect(moves == [move])
    #expect(view.renderedLines == ["== A ==", "r2 v0 a", "r3 v0 a", "r4 v0 a", "r1 v0 a", "r5 v0 a"])
    #expect(ListRendering.lines(of: engine.snapshot) == view.renderedLines)

    // The app follows the move and updates r4. The binders carry their text, not their row, so the rows shown
    // cannot be read back (see `StateAfterEditTests` for binders that can): every binder is made, and only r4
    // changes in the view.
    let updateCount = view.updates.count
    let second = [section("A", header: 100, [row(2), row(3)]), section("B", [row(4, version: 1), row(1), row(5)])]
    await controller.apply(second)
    #expect(Set(cells.takeCalls()) == [1, 2, 3, 4, 5, 100])
    #expect(view.renderedLines == expectedLines(second))
    #expect(view.inconsistencies.isEmpty)
    #expect(view.updates.count == updateCount + 1)
    let update = try #require(view.updates.last)
    #expect(update.changeset.elementUpdated == [ItemPath(item: 0, section: 1)])
    #expect(update.changeset.changeCount == 1)

    // The values take over again.
    let third = [
      section("A", header: 100, [row(2, version: 1), row(3)]), section("B", [row(4, version: 1), row(1), row(6)]),
    ]
    await controller.apply(third)
    let called = Set(cells.takeCalls())
    #expect(called.isSuperset(of: [2, 6]), "\(called.sorted())")
    #expect(view.renderedLines == expectedLines(third))
    #expect(view.inconsistencies.isEmpty)
  }

  @Test("a state that does not follow the user's move puts the row back where the state declares it")
  func stateIgnoringUserMove() async throws {
    let view = RecordingListView()
    let cells = RecordingCells()
    var delegate = SyncDelegate()
    delegate.canMoveRow = { _, _ in true }
    let (controller, engine) = try makeController(view, cells: cells, delegate: delegate)
    let first = [section("A", rows(1...4))]
    await controller.apply(first)
    try view.moveRow(Move(source: ItemPath(item: 3, section: 0), target: ItemPath(item: 0, section: 0)))
    #expect(view.renderedLines == ["r4 v0 a", "r1 v0 a", "r2 v0 a", "r3 v0 a"])
    _ = cells.takeCalls()

    let second = [section("A", [row(1), row(2, label: "c"), row(3), row(4)])]
    await controller.apply(second)
    #expect(Set(cells.takeCalls()) == [1, 2, 3, 4])
    #expect(view.renderedLines == expectedLines(second))
    #expect(view.inconsistencies.isEmpty)
    withExtendedLifetime(engine) {}
  }

  @Test(
    "a user move while a state's rows are diffed off the main actor: the state is diffed again by its binders",
    .timeLimit(.minutes(60)))
  func userMoveDuringBackgroundDiff() async throws {
    let view = RecordingListView()
    let cells = RecordingCells()
    let gate = await DiffGate.acquire(blocked: 2)
    var delegate = SyncDelegate()
    delegate.canMoveRow = { _, _ in true }
    let controller = ListController<State>(
      configuration: ListControllerConfiguration(backgroundDiffThreshold: 0),
      rows: { state in
        gate.pass()
        return state
      }, cell: { cells.binder($0) })
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate, reloadThreshold: .max)
    var arrivals = gate.arrivals.makeAsyncIterator()
    let initial = Task { await controller.apply([section("A", rows(1...4))]) }
    await arrivals.next()
    gate.open()
    await initial.value
    _ = cells.takeCalls()

    let second = [section("A", [row(1), row(2, version: 1), row(3), row(4), row(5)])]
    let update = Task { await controller.apply(second) }
    await arrivals.next()
    try view.moveRow(Move(source: ItemPath(item: 0, section: 0), target: ItemPath(item: 2, section: 0)))
    gate.open()
    await update.value
    #expect(view.renderedLines == expectedLines(second))
    #expect(view.inconsistencies.isEmpty)
    #expect(Set(cells.takeCalls()) == Set(1...5))

    let third = [section("A", [row(1), row(2, version: 1), row(3, version: 1), row(4), row(5)])]
    await controller.apply(third)
    #expect(Set(cells.takeCalls()).contains(3))
    #expect(view.renderedLines == expectedLines(third))
    #expect(view.inconsistencies.isEmpty)
    withExtendedLifetime(engine) {}
  }

  // MARK: Duplicates

  @Test("duplicate identities under the reject policy are refused by name, and the next valid state is diffed")
  func duplicatesRejected() async throws {
    let view = RecordingListView()
    let bindersView = RecordingListView()
    let cells = RecordingCells()
    var failures: [ListFlowError] = []
    var binderFailures: [ListFlowError] = []
    var delegate = SyncDelegate()
    delegate.didFail = { failures.append($0) }
    let configuration = ListControllerConfiguration(duplicates: .reject)
    let (controller, engine) = try makeController(view, cells: cells, configuration: configuration, delegate: delegate)
    delegate.didFail = { binderFailures.append($0) }
    let byBinders = ListController<State>(configuration: configuration, sections: { $0.map { $0.map(declaredCell) } })
    let bindersEngine = try ListEngine(view: bindersView, showing: byBinders, delegate: delegate)

    let first = [section("A", rows(1...3)), section("B", rows(4...5))]
    for state in [
      first,
      [section("A", [row(1), row(2), row(3)]), section("B", [row(4), row(1, version: 1)])],
      [section("A", rows(1...2)), section("A", rows(3...5))],
    ] {
      await controller.apply(state)
      await byBinders.apply(state)
    }
    #expect(failures.count == 2)
    #expect(failures == binderFailures)
    let failure = try #require(failures.first)
    guard case .duplicateIdentifier(let duplicate) = failure else {
      Issue.record("expected a duplicate identifier, got \(failure)")
      return
    }
    #expect(duplicate.identifier == "1")
    #expect(duplicate.side == .target)
    #expect(!duplicate.isSection)
    if case .duplicateIdentifier(let duplicate) = failures.last {
      #expect(duplicate.isSection)
      #expect(duplicate.identifier == "A")
    } else {
      Issue.record("expected a duplicate section identifier, got \(failures)")
    }
    #expect(view.renderedLines == expectedLines(first))
    #expect(controller.state == first)
    #expect(controller.statistics.rejectedStates == 2)
    #expect(Set(cells.takeCalls()) == [1, 2, 3, 4, 5])

    let next = [section("B", [row(5), row(4)]), section("A", [row(2), row(1, version: 1), row(6)])]
    await controller.apply(next)
    let called = Set(cells.takeCalls())
    #expect(called.isSuperset(of: [1, 6]) && called.isSubset(of: Set(1...6)), "\(called.sorted())")
    #expect(view.renderedLines == expectedLines(next))
    #expect(view.inconsistencies.isEmpty)
    #expect(failures.count == 2)
    withExtendedLifetime(engine) {}
    withExtendedLifetime(engine) {}
    withExtendedLifetime(bindersEngine) {}
  }

  @Test("duplicate identities under the default policy are shown in order, as the binder-based path shows them")
  func duplicatesMatchedInOrder() async throws {
    let (byRows, rowsView, byBinders, bindersView, byRowsEngine, byBindersEngine) = try makePair()
    let states: [State] = [
      [section("A", [row(1), row(2), row(1, version: 1)])],
      [section("A", [row(1, version: 1), row(1), row(2)])],
      [section("A", [row(1, version: 2)]), section("B", [row(2), row(1, version: 1), row(2, label: "b")])],
    ]
    for state in states {
      await byRows.apply(state)
      await byBinders.apply(state)
      let expected = ListRendering.lines(of: state.map { $0.map(declaredCell) })
      #expect(rowsView.renderedLines == expected)
      #expect(bindersView.renderedLines == expected)
      #expect(rowsView.inconsistencies.isEmpty)
      #expect(rowsView.updates.map(UpdateRecord.init) == bindersView.updates.map(UpdateRecord.init))
    }
    withExtendedLifetime(byBindersEngine) {}
    withExtendedLifetime(byRowsEngine) {}
  }

  // MARK: Headers and footers

  @Test("a changed header updates its section and gets a new binder; an unchanged header and footer keep theirs")
  func headersAndFooters() async throws {
    let view = RecordingListView()
    let cells = RecordingCells()
    let (controller, engine) = try makeController(view, cells: cells)
    let first = [
      section("A", header: 100, rows(1...2)),
      section("B", header: 101, footer: 201, rows(3...4)),
    ]
    await controller.apply(first)
    #expect(cells.takeCalls() == [1, 2, 3, 4, 100, 101, 201])
    let headerA = try #require(engine.snapshot[0].model.header)
    let headerB = try #require(engine.snapshot[1].model.header)
    let footerB = try #require(engine.snapshot[1].model.footer)

    var second = first
    second[0].header?.label = "Alpha"
    let updateCount = view.updates.count
    await controller.apply(second)
    #expect(cells.takeCalls() == [100])
    #expect(view.renderedLines == expectedLines(second))
    #expect(view.renderedLines.first == "== Alpha ==")
    #expect(view.updates.count == updateCount + 1)
    let update = try #require(view.updates.last)
    #expect(update.changeset.sectionUpdated == [0])
    #expect(update.changeset.changeCount == 1)
    #expect(engine.snapshot[0].model.header?.model(as: Serial.self) !== headerA.model(as: Serial.self))
    #expect(engine.snapshot[1].model.header?.model(as: Serial.self) === headerB.model(as: Serial.self))
    #expect(engine.snapshot[1].model.footer?.model(as: Serial.self) === footerB.model(as: Serial.self))

    // B moves first and drops its footer: B is updated (reported at its old index), and A keeps its new header.
    let headerAlpha = engine.snapshot[0].model.header
    let third = [section("B", header: 101, rows(3...4)), second[0]]
    await controller.apply(third)
    #expect(Set(cells.takeCalls()).isSubset(of: [101]))
    #expect(view.renderedLines == expectedLines(third))
    #expect(view.inconsistencies.isEmpty)
    #expect(view.updates.contains { $0.changeset.sectionUpdated == [1] })
    #expect(engine.snapshot[1].model.header?.model(as: Serial.self) === headerAlpha?.model(as: Serial.self))
    #expect(engine.snapshot[0].model.footer == nil)
  }

  // MARK: Declarators

  @Test("a cells declarator with value declarations shows them in the main section and makes binders for changes")
  func cellsDeclarator() async throws {
    let view = RecordingListView()
    let calls = CallLog<String>()
    let controller = ListController<ChoreListState>(cell: { declaration in
      calls.record(declaration.id)
      return ChoreListState.binder(declaration)
    })
    let engine = try ListEngine(view: view, showing: controller)
    let wash = Chore(id: 1, name: "wash", isDone: false)
    let dry = Chore(id: 2, name: "dry", isDone: false)
    let fold = Chore(id: 3, name: "fold", isDone: false)
    let first = ChoreListState(title: "Laundry", chores: [wash, dry, fold])
    await controller.apply(first)
    #expect(Set(calls.take()) == ["chore1", "chore2", "chore3", "title"])
    #expect(view.renderedLines == ["== Laundry ==", "[ ] wash", "[ ] dry", "[ ] fold"])
    #expect(engine.snapshot.map(\.model.id) == [ListIdentifier.mainSection])

    var doneWash = wash
    doneWash.isDone = true
    let iron = Chore(id: 4, name: "iron", isDone: false)
    let second = ChoreListState(title: "Laundry", chores: [fold, doneWash, dry, iron])
    await controller.apply(second)
    let called = Set(calls.take())
    #expect(called.isSuperset(of: ["chore1", "chore4"]))
    #expect(view.renderedLines == ["== Laundry ==", "[ ] fold", "[x] wash", "[ ] dry", "[ ] iron"])
    #expect(view.inconsistencies.isEmpty)

    await controller.apply(ChoreListState(title: "Laundry day", chores: [fold]))
    #expect(Set(calls.take()).contains("title"))
    #expect(view.renderedLines == ["== Laundry day ==", "[ ] fold"])
    #expect(view.inconsistencies.isEmpty)
  }

  @Test("a sections declarator with value declarations shows its sections and makes binders for changes only")
  func sectionsDeclarator() async throws {
    let view = RecordingListView()
    let cells = RecordingCells()
    let controller = ListController<BoardState>(cell: { cells.binder($0) })
    let engine = try ListEngine(view: view, showing: controller)
    let first = BoardState(sections: [section("A", header: 100, rows(1...3)), section("B", rows(4...5))])
    await controller.apply(first)
    #expect(Set(cells.takeCalls()) == [1, 2, 3, 4, 5, 100])
    #expect(view.renderedLines == expectedLines(first.sections))

    let second = BoardState(sections: [
      section("B", [row(5), row(4, version: 1)]), section("A", header: 100, [row(3), row(1), row(2)]),
    ])
    await controller.apply(second)
    let called = Set(cells.takeCalls())
    #expect(called.contains(4) && called.isSubset(of: Set(1...5)), "\(called.sorted())")
    #expect(view.renderedLines == expectedLines(second.sections))
    #expect(view.inconsistencies.isEmpty)
    withExtendedLifetime(engine) {}
  }

  // MARK: Large lists

  @Test("a list of 3,000 rows is diffed off the main actor, shows the right lines, and makes binders for changes only")
  func largeList() async throws {
    let configuration = ListControllerConfiguration(backgroundDiffThreshold: 2_000)
    let view = RecordingListView()
    let cells = RecordingCells()
    let (controller, engine) = try makeController(view, cells: cells, configuration: configuration)
    let (_, _, byBinders, bindersView, byRowsEngine, byBindersEngine) = try makePair(configuration: configuration)
    var random = SeededRandom(seed: 0x5EED_3000)
    var draft = (0..<3).map { number in
      DraftSection(
        id: number, header: DeclaredLists.header(of: number, version: 0), footer: nil,
        items: (0..<1_000).map { DeclaredRow(id: number * 1_000 + $0, version: 0, label: "a") })
    }
    var nextID = 3_000
    await controller.apply(draft.map(\.listSection))
    await byBinders.apply(draft.map(\.listSection))
    #expect(Set(cells.takeCalls()).count >= 3_000)  // the view shows every row

    for step in 1...5 {
      var changed = Set<Int>()
      for _ in 0..<3 {
        let number = random.below(3)
        draft[number].items.remove(at: random.below(draft[number].items.count))
      }
      for _ in 0..<4 {
        let from = random.below(3)
        let to = random.below(3)
        let moved = draft[from].items.remove(at: random.below(draft[from].items.count))
        draft[to].items.insert(moved, at: random.below(draft[to].items.count + 1))
      }
      for _ in 0..<5 {
        let number = random.below(3)
        let item = random.below(draft[number].items.count)
        draft[number].items[item].version += 1
        changed.insert(draft[number].items[item].id)
      }
      for _ in 0..<4 {
        let number = random.below(3)
        draft[number].items.insert(
          DeclaredRow(id: nextID, version: 0, label: "b"), at: random.below(draft[number].items.count + 1))
        changed.insert(nextID)
        nextID += 1
      }
      let state = draft.map(\.listSection)
      await controller.apply(state)
      await byBinders.apply(state)
      #expect(Set(cells.takeCalls()).isSuperset(of: changed), "state \(step)")
      #expect(ListExpectations.difference(view.renderedLines, expectedLines(state)) == nil, "state \(step)")
      #expect(
        ListExpectations.difference(bindersView.renderedLines, ListRendering.lines(of: byBindersEngine.snapshot)) == nil
      )
      #expect(view.inconsistencies.isEmpty, "state \(step)")
      #expect(view.updates.map(UpdateRecord.Positions.init) == bindersView.updates.map(UpdateRecord.Positions.init))
    }
    #expect(controller.statistics.backgroundDiffs == 6)  // the first state too: its size is unknown until built
    #expect(engine.reloadCount == 1)
    withExtendedLifetime(byRowsEngine) {}
  }
}

extension RowDeclarationTests {
  /// A configuration of the equivalence test.
  enum Scenario: Sendable, CustomTestStringConvertible {
    case plain
    case duplicates
    case background

    var seed: UInt64 {
      switch self {
      case .plain: 0x5EED_0701
      case .duplicates: 0x5EED_0702
      case .background: 0x5EED_0703
      }
    }

    var hasDuplicates: Bool { self == .duplicates }

    var configuration: ListControllerConfiguration {
      switch self {
      case .plain, .duplicates: ListControllerConfiguration()
      case .background: ListControllerConfiguration(backgroundDiffThreshold: 0)
      }
    }

    var testDescription: String {
      switch self {
      case .plain: "distinct identities"
      case .duplicates: "duplicate identities matched in order"
      case .background: "every diff off the main actor"
      }
    }
  }
}

// MARK: - Declarators

private struct Chore: Equatable, Sendable {
  var id: Int
  var name: String
  var isDone: Bool
}

/// A checklist declared as values: a title, then one row per chore.
private struct ChoreListState: CellsDeclarator, Sendable {
  var title: String
  var chores: [Chore]

  enum CellDeclaration: Identifiable, Equatable, Sendable, Differentiable {
    case title(String)
    case chore(Chore)

    var id: String {
      switch self {
      case .title: "title"
      case .chore(let chore): "chore\(chore.id)"
      }
    }
  }

  func declareCells(_ cell: (CellDeclaration) -> Void) {
    cell(.title(title))
    for chore in chores { cell(.chore(chore)) }
  }

  static func binder(_ declaration: CellDeclaration) -> CellBinder {
    switch declaration {
    case .title(let title): SectionHeaderCell.makeBinder(value: title, id: declaration.id)
    case .chore(let chore):
      CellBinder(cell: TextCell.self, value: chore, id: ListIdentifier(declaration.id)) { cell, chore in
        cell.title = "[\(chore.isDone ? "x" : " ")] \(chore.name)"
      }
    }
  }
}

/// A board declared as sections of rows.
private struct BoardState: SectionsDeclarator, Sendable {
  var sections: [ListSection<DeclaredRow>]

  func declareSections(_ section: (ListSection<DeclaredRow>) -> Void) {
    for declared in sections { section(declared) }
  }
}
