import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A state applied after the list changed otherwise (told edits, a row the user moved) is diffed by its rows, which
/// the controller reads back through the rows of the state before: it shows the same lines and sends the same
/// stages as the binder path, and makes binders only for the rows the edits put in and the rows the change
/// touches, however long the list.
@MainActor
@Suite(.serialized) struct StateAfterEditTests {
  typealias State = [ListSection<DeclaredRow>]

  /// The binder of a row, carrying the row as its model (``CellBinder/model(as:)``), so that the rows of a list
  /// with binders told in can be read back.
  nonisolated static func cell(_ row: DeclaredRow) -> CellBinder {
    let text = row.text
    switch row.kind {
    case .plain:
      return CellBinder(cell: TextCell.self, model: row, content: text, id: ListIdentifier(row.id)) { $0.title = text }
    case .alternate:
      return CellBinder(cell: TallCell.self, model: row, content: text, id: ListIdentifier(row.id)) { $0.text = text }
    case .header:
      // A header carries its row too, so that a section told in with a header can be read back.
      let id = ListIdentifier("header\(row.id)")
      return CellBinder(cell: SectionHeaderCell.self, model: row, content: text, id: id) { $0.bind(text) }
    }
  }

  /// The ways the list changes between two states.
  enum Change: CaseIterable {
    case told, toldSections, toldOtherBinder, toldNoRow, userMove

    static let weighted = WeightedChoice<Change>([
      ("told edits of rows, each binder the row's own", weight: 6, .told),
      ("a section told in (a header or none, rows), and one deleted or moved", weight: 2, .toldSections),
      ("a told update whose binder is another than cell makes of its row", weight: 1, .toldOtherBinder),
      ("a told update whose binder carries no row", weight: 1, .toldNoRow),
      ("a row the user moved", weight: 2, .userMove),
    ])
  }

  /// One row edit an app tells.
  enum Told {
    case update(DeclaredRow)
    case insert(DeclaredRow, ItemPath)
    case delete(Int)
    case move(Int, ItemPath)

    func tell(_ edit: inout ListEdit) throws {
      switch self {
      case .update(let row): try edit.updateRows([StateAfterEditTests.cell(row)])
      case .insert(let row, let path): try edit.insertRows([StateAfterEditTests.cell(row)], at: path)
      case .delete(let id): try edit.deleteRows([ListIdentifier(id)])
      case .move(let id, let path): try edit.moveRow(ListIdentifier(id), to: path)
      }
    }
  }

  /// Makes one change of `kind` to both controllers' lists and to `draft`, the rows the lists now show.
  static func change(
    _ kind: Change, _ controllers: [ListController<State>], draft: inout [DraftSection], nextID: inout Int,
    using random: inout SeededRandom
  ) throws {
    let filled = draft.indices.filter { !draft[$0].items.isEmpty }
    guard !filled.isEmpty else { return }
    switch kind {
    case .told:
      var edits: [Told] = []
      for _ in 0..<(1 + random.below(4)) {
        let filled = draft.indices.filter { !draft[$0].items.isEmpty }
        guard !filled.isEmpty else { break }
        let section = filled[random.below(filled.count)]
        let item = random.below(draft[section].items.count)
        switch random.below(4) {
        case 0:
          var row = draft[section].items[item]
          row.version += 1
          if random.oneIn(3) { row.kind = row.kind == .plain ? .alternate : .plain }
          draft[section].items[item] = row
          edits.append(.update(row))
        case 1:
          let row = DeclaredRow(id: nextID, version: 0, label: "new")
          nextID += 1
          draft[section].items.insert(row, at: item)
          edits.append(.insert(row, ItemPath(item: item, section: section)))
        case 2:
          edits.append(.delete(draft[section].items.remove(at: item).id))
        default:
          let row = draft[section].items.remove(at: item)
          let target = filled[random.below(filled.count)]
          let to = random.below(draft[target].items.count + 1)
          draft[target].items.insert(row, at: to)
          edits.append(.move(row.id, ItemPath(item: to, section: target)))
        }
      }
      for controller in controllers {
        try controller.performEdits { edit in
          for told in edits { try told.tell(&edit) }
        }
      }
    case .toldSections:
      // A section of an identity the state has not got (the states' sections are 0..<6), with a header or none
      // and a few new rows, then, half the time, another section deleted or moved.
      let free = (6..<12).filter { id in !draft.contains { $0.id == id } }
      guard !free.isEmpty else { return }
      let id = free[random.below(free.count)]
      var new = DraftSection(id: id, header: DeclaredLists.randomHeader(of: id, &random), footer: nil, items: [])
      for _ in 0..<random.below(4) {
        new.items.append(DeclaredRow(id: nextID, version: 0, label: "new"))
        nextID += 1
      }
      let at = random.below(draft.count + 1)
      draft.insert(new, at: at)
      let told = new.listSection.map(Self.cell)
      var other: (id: Int, to: Int?)?
      if draft.count > 1, random.oneIn(2) {
        let index = (at + 1 + random.below(draft.count - 1)) % draft.count
        let section = draft.remove(at: index)
        if random.oneIn(2) {
          let after = random.below(draft.count)
          other = (section.id, draft[after].id)
          draft.insert(section, at: after + 1)
        } else {
          other = (section.id, nil)
        }
      }
      for controller in controllers {
        try controller.performEdits { edit in
          try edit.insertSections([told], at: at)
          if let other {
            if let after = other.to {
              try edit.moveSection(ListIdentifier(other.id), after: ListIdentifier(after))
            } else {
              try edit.deleteSections([ListIdentifier(other.id)])
            }
          }
        }
      }
    case .toldOtherBinder, .toldNoRow:
      let section = filled[random.below(filled.count)]
      let item = random.below(draft[section].items.count)
      var row = draft[section].items[item]
      row.version += 1
      draft[section].items[item] = row
      // The row's text on a cell `cell` would not make for it, or a binder whose model is only its text: either
      // way the rows cannot be read back, and the next state diffs every binder.
      let text = row.text
      let binder =
        kind == .toldNoRow
        ? CellBinder(cell: TextCell.self, value: text, id: ListIdentifier(row.id)) { cell, text in cell.title = text }
        : CellBinder(cell: TallCell.self, model: row, content: "other " + text, id: ListIdentifier(row.id)) {
          $0.text = "other " + text
        }
      for controller in controllers { try controller.performEdits { edit in try edit.updateRows([binder]) } }
    // The binder told is shown until a state replaces it: the model says what `cell` makes of the row.
    case .userMove:
      let section = filled[random.below(filled.count)]
      let item = random.below(draft[section].items.count)
      let row = draft[section].items.remove(at: item)
      let target = draft.indices[random.below(draft.count)]
      let to = random.below(draft[target].items.count + 1)
      draft[target].items.insert(row, at: to)
      for controller in controllers {
        try controller.moveRow(
          Move(source: ItemPath(item: item, section: section), target: ItemPath(item: to, section: target)))
      }
    }
  }

  @Test("a state after told edits or a row the user moved shows the same lines and stages as the binder path")
  func stateAfterEditsMatchesTheBinderPath() async throws {
    var random = SeededRandom(seed: 0x5EED_0A17)
    var readBack = 0
    // The states after a section told in (and no binder that cannot be read back), and those of them read back.
    var sectionStates = 0
    var sectionsReadBack = 0
    for sequence in 0..<DeepPass.cases(quick: 25, deep: 600) {
      let calls = CallLog<Int>()
      let rowsView = RecordingListView()
      let bindersView = RecordingListView()
      let byRows = ListController<State>(
        rows: { $0 },
        cell: { row in
          calls.record(row.id)
          return Self.cell(row)
        })
      let byBinders = ListController<State>(sections: { $0.map { $0.map(Self.cell) } })
      let rowsEngine = try ListEngine(view: rowsView, showing: byRows)
      let bindersEngine = try ListEngine(view: bindersView, showing: byBinders)
      var draft = DeclaredLists.fresh(&random, duplicates: false)
      var nextID = 1_000
      await byRows.apply(draft.map(\.listSection))
      await byBinders.apply(draft.map(\.listSection))
      for step in 0..<6 {
        var kinds: [Change] = []
        for _ in 0..<(1 + random.below(3)) {
          let kind = Change.weighted.pick(using: &random).value
          kinds.append(kind)
          try Self.change(kind, [byRows, byBinders], draft: &draft, nextID: &nextID, using: &random)
        }
        #expect(rowsView.renderedLines == bindersView.renderedLines, "sequence \(sequence), step \(step): \(kinds)")
        draft = DeclaredLists.next(after: draft, &random, duplicates: false)
        // New rows keep identities apart from the ones the edits put in.
        let state = draft.map(\.listSection)
        let rowsBefore = rowsView.updates.count
        let bindersBefore = bindersView.updates.count
        _ = calls.take()
        await byRows.apply(state)
        let called = calls.take()
        await byBinders.apply(state)
        let context = "sequence \(sequence), step \(step), after \(kinds): \(state)"
        let expected = ListRendering.lines(of: state.map { $0.map(Self.cell) })
        #expect(ListExpectations.difference(rowsView.renderedLines, expected) == nil, "\(context)")
        #expect(ListExpectations.difference(bindersView.renderedLines, expected) == nil, "\(context)")
        #expect(
          ListExpectations.difference(
            rowsView.updates[rowsBefore...].map(UpdateRecord.init),
            bindersView.updates[bindersBefore...].map(UpdateRecord.init)) == nil, "\(context)")
        #expect(rowsView.inconsistencies.isEmpty && bindersView.inconsistencies.isEmpty, "\(context)")
        #expect(rowsEngine.lastError == nil && bindersEngine.lastError == nil, "\(context)")
        // Read back (no binder made for a row neither new nor changed) unless a binder could not be.
        let rowCount = state.reduce(0) { $0 + $1.items.count }
        if !kinds.contains(.toldOtherBinder), !kinds.contains(.toldNoRow), rowCount > 0,
          called.count < rowCount + state.count
        {
          readBack += 1
        }
        if !kinds.contains(.toldOtherBinder), !kinds.contains(.toldNoRow), kinds.contains(.toldSections), rowCount > 0 {
          sectionStates += 1
          if called.count < rowCount + state.count { sectionsReadBack += 1 }
        }
        if rowsView.renderedLines != expected { return }
      }
    }
    // Most states after plain edits were read back, not diffed by their binders, and so were most of those after
    // sections told in.
    #expect(readBack > DeepPass.cases(quick: 25, deep: 600) * 2, "\(readBack) states read back")
    #expect(sectionsReadBack * 2 > sectionStates, "\(sectionsReadBack) of \(sectionStates) read back")
  }

  /// The binders a state of a few changes makes on a list of `rows` rows in a 20-row viewport, after 40 told
  /// edits (`carrying`: binders that carry their row, else binders that carry only their text), a row the
  /// user moved and, with `toldSection`, a section of a header and three rows told in after the first.
  static func stateCost(rows: Int, seed: UInt64, carrying: Bool, toldSection: Bool = false) async throws -> Int {
    let calls = CallCounter()
    let controller = ListController<State>(
      rows: { $0 },
      cell: { row in
        calls.add()
        return cell(row)
      })
    let engine = try ListEngine(view: ViewportListView(rowCount: 20), showing: controller)
    var random = SeededRandom(seed: seed)
    var items = (0..<rows).map { DeclaredRow(id: $0, version: 0, label: "r") }
    await controller.apply([ListSection(id: 0, items: items)])
    try controller.performEdits { edit in
      for _ in 0..<40 {
        let item = random.below(1_000)
        items[item].version += 1
        let row = items[item]
        let text = row.text
        try edit.updateRows([
          carrying
            ? cell(row)
            : CellBinder(cell: TextCell.self, value: text, id: ListIdentifier(row.id)) { cell, text in
              cell.title = text
            }
        ])
      }
      let row = items.remove(at: random.below(1_000))
      try edit.deleteRows([ListIdentifier(row.id)])
    }
    let moved = items.remove(at: 3)
    items.insert(moved, at: 10)
    try controller.moveRow(Move(source: ItemPath(item: 3, section: 0), target: ItemPath(item: 10, section: 0)))
    var state = [ListSection(id: 0, items: items)]
    if toldSection {
      let told = ListSection(
        id: 1, header: DeclaredLists.header(of: 1, version: 0),
        items: (0..<3).map { DeclaredRow(id: rows + 10 + $0, version: 0, label: "t") })
      try controller.performEdits { edit in try edit.appendSections([told.map(cell)]) }
      state.append(told)
    }
    for _ in 0..<5 { items[random.below(1_000)].version += 1 }
    items.insert(DeclaredRow(id: rows + 1, version: 0, label: "r"), at: random.below(1_000))
    state[0].items = items
    let before = calls.value
    await controller.apply(state)
    let made = calls.value - before
    let shown = engine.snapshot[0].elements
    #expect(shown.count == items.count)
    #expect((0..<1_200).allSatisfy { shown[$0].id == ListIdentifier(items[$0].id) })
    #expect(shown[10].isContentEqual(to: cell(items[10])))
    if toldSection {
      #expect(engine.snapshot.count == 2)
      #expect(engine.snapshot.last?.elements.map(\.id) == state[1].items.map { ListIdentifier($0.id) })
    }
    return made
  }

  @Test(
    "a state after told edits, a move and a section told in makes as many binders at 10,000 rows as at 30,000 (100,000 deep)"
  )
  func stateAfterEditsCostsItsChange() async throws {
    // Three times as long in the quick pass: a binder per row would make 20,000 more, where the counts may differ
    // by 4 (and the long list's must stay under 200).
    let largeRows = DeepPass.cases(quick: 30_000, deep: 100_000)
    for seed in DeepPass.seeds(quick: 2, deep: 6) {
      for toldSection in [false, true] {
        let small = try await Self.stateCost(rows: 10_000, seed: seed, carrying: true, toldSection: toldSection)
        let large = try await Self.stateCost(rows: largeRows, seed: seed, carrying: true, toldSection: toldSection)
        let context = "seed \(seed), a section told in: \(toldSection)"
        #expect(abs(small - large) <= 4, "\(context): \(small) binders at 10,000 rows, \(large) at \(largeRows)")
        // The 40 rows told (each made again once, to check it), the section's header and rows, the rows changed
        // and the viewport's.
        #expect(large < 200, "\(context): \(large)")
      }
    }
    // The documented limit: binders that do not carry their row cannot be read back, and the state makes every
    // row's binder.
    let uncarried = try await Self.stateCost(rows: 10_000, seed: 1, carrying: false)
    #expect(uncarried >= 10_000)
  }
}
