import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Random edits checked at every step against the reference model (`ReferenceList`, plain arrays of identities
/// that share no code with `ListEdit`, the diff or the engine), and against the same lists applied as states.
@MainActor
@Suite("Editing as values: ListEdit against a reference model and the diff path")
struct ListEditTests {
  static func rows(_ ids: [Int], _ random: inout SeededRandom) -> [CellBinder] {
    ids.map { TestRow(id: $0, version: Int(random.next() % 3), isAlternate: random.next() % 4 == 0).cellBinder }
  }

  /// The kinds of edit ``randomEdit(_:_:_:)`` makes.
  enum EditKind {
    case appendSection, insertSectionBeside, deleteSection, moveSection, appendRowsToSection, appendRows,
      insertRowsBeside, insertRowsAt, deleteRows, updateRows, moveRowBeside, moveRowTo, reloadOrReconfigure
  }

  /// The edits a generator draws, by weight (the drawn rows and sections are mostly ones the list has).
  static let editKinds = WeightedChoice<EditKind>([
    ("append a section", weight: 1, .appendSection),
    ("insert a section before or after another", weight: 1, .insertSectionBeside),
    ("delete a section", weight: 1, .deleteSection),
    ("move a section before or after another", weight: 1, .moveSection),
    ("append rows to a section", weight: 1, .appendRowsToSection),
    ("append rows to the last section", weight: 1, .appendRows),
    ("insert rows before or after a row", weight: 1, .insertRowsBeside),
    ("insert rows at a path", weight: 1, .insertRowsAt),
    ("delete two rows", weight: 1, .deleteRows),
    ("update two rows (refused when both are one)", weight: 1, .updateRows),
    ("move a row before or after another", weight: 1, .moveRowBeside),
    ("move a row to a path", weight: 1, .moveRowTo),
    ("reload a row, or reconfigure two", weight: 2, .reloadOrReconfigure),
  ])

  /// One random edit, made on `edit` and on `reference`; returns whether the two agreed that it was valid.
  static func randomEdit(_ edit: inout ListEdit, _ reference: inout ReferenceList, _ random: inout SeededRandom) -> Bool
  {
    func pick(_ bound: Int) -> Int { random.below(bound) }
    // Mostly identities the list has (and new ones for inserts), sometimes any: bad edits are made too.
    func existingSection() -> Int {
      reference.sections.isEmpty || pick(5) == 0 ? pick(6) : reference.sections[pick(reference.sections.count)].id
    }
    func existingRow() -> Int {
      let rows = reference.allRows
      return rows.isEmpty || pick(5) == 0 ? pick(30) : rows[pick(rows.count)]
    }
    let section = pick(6)
    let other = existingSection()
    let row = existingRow()
    let otherRow = existingRow()
    let newRows = (0..<pick(4)).map { _ in pick(30) }
    let after = random.next() % 2 == 0
    let sectionIndex = reference.section(other)
    var model = reference
    var valid = model.row(row) != nil
    let done: Bool
    do throws(ListFlowError) {
      switch Self.editKinds.pick(using: &random).value {
      case .appendSection:
        valid = model.insertSection(section, rows: newRows, at: model.sections.count)
        try edit.appendSections([ListSection(id: section, items: rows(newRows, &random))])
      case .insertSectionBeside:
        valid = model.insertSection(section, rows: newRows, at: sectionIndex.map { $0 + (after ? 1 : 0) })
        if after {
          try edit.insertSections(
            [ListSection(id: section, items: rows(newRows, &random))], after: ListIdentifier(other))
        } else {
          try edit.insertSections(
            [ListSection(id: section, items: rows(newRows, &random))], before: ListIdentifier(other))
        }
      case .deleteSection:
        valid = model.deleteSection(other)
        try edit.deleteSections([ListIdentifier(other)])
      case .moveSection:
        let moved = existingSection()
        valid = model.moveSection(moved, next: other, after: after)
        if after {
          try edit.moveSection(ListIdentifier(moved), after: ListIdentifier(other))
        } else {
          try edit.moveSection(ListIdentifier(moved), before: ListIdentifier(other))
        }
      case .appendRowsToSection:
        valid = model.insertRows(newRows, section: model.section(other), item: nil)
        try edit.appendRows(rows(newRows, &random), toSection: ListIdentifier(other))
      case .appendRows:
        valid = model.insertRows(newRows, section: model.sections.indices.last, item: nil)
        try edit.appendRows(rows(newRows, &random))
      case .insertRowsBeside:
        let target = model.row(otherRow)
        valid = model.insertRows(newRows, section: target?.section, item: target.map { $0.item + (after ? 1 : 0) })
        if after {
          try edit.insertRows(rows(newRows, &random), after: ListIdentifier(otherRow))
        } else {
          try edit.insertRows(rows(newRows, &random), before: ListIdentifier(otherRow))
        }
      case .insertRowsAt:
        let item = pick(5)
        let index = pick(4)
        valid = model.insertRows(newRows, section: index, item: item)
        try edit.insertRows(rows(newRows, &random), at: ItemPath(item: item, section: index))
      case .deleteRows:
        valid = model.deleteRows([row, otherRow])
        try edit.deleteRows([ListIdentifier(row), ListIdentifier(otherRow)])
      case .updateRows:
        valid = model.row(row) != nil && model.row(otherRow) != nil && row != otherRow
        try edit.updateRows(rows([row, otherRow], &random))
      case .moveRowBeside:
        valid = model.moveRow(row, next: otherRow, after: after)
        if after {
          try edit.moveRow(ListIdentifier(row), after: ListIdentifier(otherRow))
        } else {
          try edit.moveRow(ListIdentifier(row), before: ListIdentifier(otherRow))
        }
      case .moveRowTo:
        let item = pick(5)
        let index = pick(4)
        valid = model.moveRow(row, section: index, item: item)
        try edit.moveRow(ListIdentifier(row), to: ItemPath(item: item, section: index))
      case .reloadOrReconfigure:
        if pick(3) == 0 {
          try edit.reloadRows([ListIdentifier(row)])
        } else {
          valid = model.row(row) != nil && model.row(otherRow) != nil
          try edit.reconfigureRows([ListIdentifier(row), ListIdentifier(otherRow)])
        }
      }
      done = true
    } catch {
      done = false
    }
    if done { reference = model }
    return valid == done
  }

  /// The row identities a view shows, section by section, read from its lines (`r3 v0` and `alt r3 v0` are
  /// row 3).
  static func shownRows(_ view: RecordingListView) -> [[Int]] {
    var lines = view.renderedLines[...]
    return view.sections.map { section in
      defer { lines = lines.dropFirst(section.rows.count) }
      return lines.prefix(section.rows.count).map { line in
        let row = line.hasPrefix("alt ") ? line.dropFirst(4) : line[...]
        return Int(row.dropFirst().prefix { $0 != " " }) ?? -1
      }
    }
  }

  static func state(_ edit: ListEdit) -> [ListSection<CellBinder>] {
    edit.sections.map {
      ListSection(id: $0.model.id, header: $0.model.header, footer: $0.model.footer, items: Array($0.elements))
    }
  }

  @Test(
    "random edits through ListEdit show the reference model's list, as the same lists applied as states do",
    .timeLimit(.minutes(60)))
  func editsMatchTheDiffPath() async throws {
    var accepted = 0
    var reconfiguredChecked = 0
    let seeds = DeepPass.seeds(quick: 40, deep: 200)
    for seed in seeds {
      var random = SeededRandom(seed: seed)
      let edited = RecordingListView()
      let diffed = RecordingListView()
      let editing = ListController<[ListSection<CellBinder>]>(
        configuration: ListControllerConfiguration(backgroundDiffThreshold: .max))
      let engine = try ListEngine(view: edited, showing: editing)
      let stating = ListController<[ListSection<CellBinder>]>(
        configuration: ListControllerConfiguration(backgroundDiffThreshold: .max))
      let listEngine = try ListEngine(view: diffed, showing: stating)
      var reference = ReferenceList()
      for step in 0..<12 {
        var edit = editing.makeEdit()
        var agreed = true
        for _ in 0..<(1 + random.next() % 4) {
          let before = edit.reference
          let rowsBefore = edit.rowIdentifiers.count + edit.sectionIdentifiers.count
          agreed = Self.randomEdit(&edit, &reference, &random) && agreed
          // A refused edit leaves the value as it was; an accepted one matches the reference.
          if edit.reference != reference || (before == reference && edit.reference != before) { agreed = false }
          if edit.reference != before || edit.rowIdentifiers.count + edit.sectionIdentifiers.count != rowsBefore {
            accepted += 1
          }
        }
        #expect(agreed, "seed \(seed), step \(step): ListEdit and the reference disagree")
        let configuredBefore = edited.configuredCells.count
        editing.apply(edit)
        await stating.apply(Self.state(edit))
        if agreed {
          let model = reference.sections.map(\.rows)
          #expect(Self.shownRows(edited) == model, "seed \(seed), step \(step): the edited view is not the model")
          #expect(Self.shownRows(diffed) == model, "seed \(seed), step \(step): the diffed view is not the model")
        }
        #expect(edited.renderedLines == diffed.renderedLines, "seed \(seed), step \(step)")
        #expect(edited.renderedLines == ListRendering.lines(of: edit.sections), "seed \(seed), step \(step)")
        let reconfigured = Set(
          edited.configuredCells[configuredBefore...].filter(\.isReconfigured).map(\.element))
        let expected = edit.reconfiguredRows.compactMap { id in editing.path(ofRow: id).map(ListElement.row) }
        #expect(expected.allSatisfy(reconfigured.contains), "seed \(seed), step \(step)")
        reconfiguredChecked += expected.count
        #expect(edited.inconsistencies.isEmpty && diffed.inconsistencies.isEmpty, "seed \(seed)")
        if !agreed || edited.renderedLines != diffed.renderedLines { return }
      }
      withExtendedLifetime(engine) {}
      withExtendedLifetime(listEngine) {}
    }
    // The random edits reach the interesting cases: many change the list, many reconfigure shown rows.
    #expect(accepted > 4 * seeds.count, "\(accepted) accepted edits in \(seeds.count) seeds")
    #expect(reconfiguredChecked > seeds.count * 3 / 4, "\(reconfiguredChecked) reconfigured rows checked")
  }

  @Test("bad edits throw a typed error and change nothing")
  func badEdits() throws {
    var edit = ListEdit()
    #expect(throws: ListFlowError.noSection) {
      try edit.appendRows([TestRow(id: 1, version: 0, isAlternate: false).cellBinder])
    }
    try edit.appendSections(["s"])
    try edit.appendRows([1, 2].map { TestRow(id: $0, version: 0, isAlternate: false).cellBinder })
    let before = edit.rowIdentifiers
    #expect(throws: ListFlowError.duplicateSection("s")) { try edit.appendSections(["s"]) }
    #expect(throws: ListFlowError.duplicateRow(1)) {
      try edit.appendRows([TestRow(id: 1, version: 1, isAlternate: false).cellBinder])
    }
    #expect(throws: ListFlowError.duplicateRow(3)) {
      try edit.appendRows([3, 3].map { TestRow(id: $0, version: 0, isAlternate: false).cellBinder })
    }
    #expect(throws: ListFlowError.rowNotFound(9)) { try edit.deleteRows([1, 9]) }
    #expect(throws: ListFlowError.unknownSection("t")) { try edit.deleteSections(["t"]) }
    #expect(throws: ListFlowError.movedRelativeToItself(1)) { try edit.moveRow(1, before: 1) }
    #expect(throws: ListFlowError.rowOutOfRange(path: ItemPath(item: 3, section: 0), rowCount: 2)) {
      try edit.insertRows(
        [TestRow(id: 4, version: 0, isAlternate: false).cellBinder], at: ItemPath(item: 3, section: 0))
    }
    #expect(throws: ListFlowError.sectionOutOfRange(section: 2, sectionCount: 1)) {
      try edit.moveRow(1, to: ItemPath(item: 0, section: 2))
    }
    #expect(throws: ListFlowError.rowNotFound(7)) { try edit.reconfigureRows([7]) }
    #expect(throws: ListFlowError.rowNotFound(9)) {
      try edit.updateRows([1, 9].map { TestRow(id: $0, version: 1, isAlternate: false).cellBinder })
    }
    #expect(throws: ListFlowError.duplicateRow(2)) {
      try edit.updateRows([2, 2].map { TestRow(id: $0, version: 1, isAlternate: false).cellBinder })
    }
    #expect(edit.rowIdentifiers == before)
    #expect(ListRendering.lines(of: edit.sections) == ["r1 v0", "r2 v0"])
    #expect(edit.reconfiguredRows.isEmpty)
  }

  @Test("deleting sections deletes one section an identity named: the first of it when the list holds it twice")
  func deleteSectionsOfIdentitiesHeldTwice() throws {
    for seed in DeepPass.seeds(quick: 200, deep: 2_000) {
      var random = SeededRandom(seed: seed)
      // Up to six sections over three identities, each with rows of their own.
      let ids = ["a", "b", "c"]
      let sections = (0..<(1 + random.below(6))).map { number in
        ListSection(
          id: ids[random.below(ids.count)],
          items: (0..<(1 + random.below(2))).map {
            TestRow(id: number * 10 + $0, version: 0, isAlternate: false).cellBinder
          }
        ).snapshot
      }
      var edit = ListEdit(sections)
      // Identities the list holds, one of them now and then named twice; now and then one it does not hold.
      let held = Array(Set(sections.map(\.model.id)))
      var named = (0..<(1 + random.below(3))).map { _ in held[random.below(held.count)] }
      if random.oneIn(4) { named.append(named[0]) }
      let unknown = random.oneIn(5)
      if unknown { named.insert("z", at: random.below(named.count + 1)) }
      let context = "seed \(seed): \(sections.map(\.model.id)) deleting \(named)"
      if unknown {
        #expect(throws: ListFlowError.unknownSection("z"), "\(context)") { try edit.deleteSections(named) }
        #expect(edit.sections.map(\.model.id) == sections.map(\.model.id), "\(context)")
        continue
      }
      try edit.deleteSections(named)
      var left = Set(named)
      let expected = sections.filter { left.remove($0.model.id) == nil }
      #expect(edit.sections.map(\.model.id) == expected.map(\.model.id), "\(context)")
      #expect(edit.rowIdentifiers == expected.flatMap { $0.elements.map(\.id) }, "\(context)")
    }
  }

  @Test("new rows are checked against every row shown, few or many of them, from a list of values or of binders")
  func newRowsAreCheckedAgainstEveryRow() async throws {
    for seed in DeepPass.seeds(quick: 30, deep: 300) {
      var random = SeededRandom(seed: seed)
      // Sections of values (rows made into binders when read) and of binders, some rows told away before.
      let controller = ListController<[ListSection<Int>]>(rows: { $0 }) {
        TestRow(id: $0, version: 0, isAlternate: false).cellBinder
      }
      let view = ViewportListView(rowCount: 5)
      let engine = try ListEngine(view: view, showing: controller)
      let sections = (0..<(1 + random.below(3))).map { section in
        ListSection(id: "v\(section)", items: (0..<random.below(40)).map { section * 100 + $0 })
      }
      await controller.apply(sections)
      try controller.performEdits { edit in
        try edit.appendSections([
          ListSection(
            id: "b",
            items: (0..<random.below(30)).map { TestRow(id: 500 + $0, version: 0, isAlternate: true).cellBinder })
        ])
        if let first = edit.rowIdentifiers.first, random.oneIn(2) { try edit.deleteRows([first]) }
      }
      let shown = Set(controller.makeEdit().rowIdentifiers)
      // New rows: fresh identities, now and then one shown or one repeated, few or more than 16.
      var ids = (0..<(1 + random.below(40))).map { 1_000 + $0 }
      if random.oneIn(2), let taken = shown.randomElement(using: &random) {
        ids[random.below(ids.count)] = taken.value(as: Int.self) ?? 0
      }
      if random.oneIn(4) { ids[random.below(ids.count)] = ids[random.below(ids.count)] }
      var seen = Set<ListIdentifier>()
      let expected = ids.map(ListIdentifier.init).first { !seen.insert($0).inserted || shown.contains($0) }
      var edit = controller.makeEdit()
      let section = ListSection(
        id: "new", items: ids.map { TestRow(id: $0, version: 0, isAlternate: false).cellBinder })
      do {
        try edit.insertSections([section], at: 0)
        #expect(
          expected == nil, "seed \(seed): \(ids.count) new rows, \(expected.map(String.init(describing:)) ?? "") shown")
      } catch {
        #expect(error == expected.map(ListFlowError.duplicateRow), "seed \(seed): \(ids.count) new rows")
        #expect(Set(edit.rowIdentifiers) == shown && edit.sectionIdentifiers.count == controller.snapshot.count)
      }
      withExtendedLifetime(engine) {}
    }
  }

  @Test("performEdits shows the edited list; a refused edit shows nothing")
  func performEdits() async throws {
    let view = RecordingListView()
    let controller = ListController<[ListSection<CellBinder>]>()
    let engine = try ListEngine(view: view, showing: controller)
    try controller.performEdits { edit in
      try edit.appendSections(["s"])
      try edit.appendRows([1, 2, 3].map { TestRow(id: $0, version: 0, isAlternate: false).cellBinder })
      try edit.moveRow(3, before: 1)
    }
    #expect(view.renderedLines == ["r3 v0", "r1 v0", "r2 v0"])
    #expect(throws: ListFlowError.rowNotFound(8)) {
      try controller.performEdits { edit in
        try edit.deleteRows([1])
        try edit.deleteRows([8])
      }
    }
    #expect(view.renderedLines == ["r3 v0", "r1 v0", "r2 v0"])
    withExtendedLifetime(engine) {}
  }
}
