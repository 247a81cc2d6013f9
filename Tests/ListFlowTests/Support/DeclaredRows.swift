import ListFlow
import ListFlowTesting
import Synchronization
import TestSupport
import Testing

// MARK: - Rows, cells and random lists

/// A row of the declared lists: identity `id`; content `version`, `label` and `kind`.
struct DeclaredRow: Identifiable, Equatable, Sendable, Differentiable, CustomStringConvertible {
  enum Kind: Equatable, Sendable {
    /// A row shown by a text cell.
    case plain
    /// A row shown by another cell type, so that turning a row alternate replaces its cell.
    case alternate
    /// A header or footer.
    case header
  }

  var id: Int
  var version: Int
  var label: String
  var kind = Kind.plain

  /// The line the row shows.
  var text: String {
    switch kind {
    case .plain: "r\(id) v\(version) \(label)"
    case .alternate: "alt r\(id) v\(version) \(label)"
    case .header: version == 0 ? label : "\(label) v\(version)"
    }
  }

  var description: String { kind == .header ? "<\(text)>" : text }
}

/// The binder of a row: a pure function of the row's content, so both controller paths get equal binders.
@Sendable
func declaredCell(_ row: DeclaredRow) -> CellBinder {
  switch row.kind {
  case .plain:
    CellBinder(cell: TextCell.self, value: row.text, id: ListIdentifier(row.id)) { cell, text in cell.title = text }
  case .alternate:
    CellBinder(cell: TallCell.self, value: row.text, id: ListIdentifier(row.id)) { cell, text in cell.text = text }
  case .header:
    SectionHeaderCell.makeBinder(value: row.text, id: "header\(row.id)")
  }
}

/// A value whose object identity tells one call of a cell function from another.
final class Serial: Sendable {
  let number: Int
  init(number: Int) { self.number = number }
}

/// A cell function that records the identity of each row it is called for and gives each binder a new
/// ``Serial`` as its model; its content is the row, so a binder's content is equal exactly when the row's is.
final class RecordingCells: Sendable {
  private let state = Mutex<(serial: Int, calls: [Int])>((0, []))
  private let showsSerial: Bool

  /// - Parameter showsSerial: Whether a row's line ends with the serial number of the call that made its binder.
  init(showsSerial: Bool = false) { self.showsSerial = showsSerial }

  func binder(_ row: DeclaredRow) -> CellBinder {
    let serial = state.withSanitizedLock { state in
      state.serial += 1
      state.calls.append(row.id)
      return state.serial
    }
    let text = showsSerial ? "\(row.text) #\(serial)" : row.kind == .header ? "== \(row.text) ==" : row.text
    return CellBinder(cell: TextCell.self, model: Serial(number: serial), content: row, id: ListIdentifier(row.id)) {
      cell in cell.title = text
    }
  }

  /// The identities of the rows of the calls since the last time, sorted.
  func takeCalls() -> [Int] {
    state.withSanitizedLock { state in
      defer { state.calls = [] }
      return state.calls.sorted()
    }
  }
}

/// A log of the calls of a `@Sendable` cell function.
final class CallLog<Entry: Comparable & Sendable>: Sendable {
  private let entries = Mutex<[Entry]>([])
  private let isPaused = Mutex(false)
  func record(_ entry: Entry) {
    guard !isPaused.withSanitizedLock({ $0 }) else { return }
    entries.withSanitizedLock { $0.append(entry) }
  }

  /// Runs `body` without recording: for the test's own reads of a list, which make binders too.
  func unrecorded<Result>(_ body: () -> Result) -> Result {
    isPaused.withSanitizedLock { $0 = true }
    defer { isPaused.withSanitizedLock { $0 = false } }
    return body()
  }

  /// The entries since the last time, sorted.
  func take() -> [Entry] {
    entries.withSanitizedLock { entries in
      defer { entries = [] }
      return entries.sorted()
    }
  }
}

/// The lines a ``RecordingCells`` list without serial numbers shows for a state.
func expectedLines(_ state: [ListSection<DeclaredRow>]) -> [String] {
  state.flatMap { section in
    [section.header].compactMap { $0.map { "== \($0.text) ==" } } + section.items.map(\.text)
      + [section.footer].compactMap { $0.map { "== \($0.text) ==" } }
  }
}

func row(_ id: Int, version: Int = 0, label: String = "a") -> DeclaredRow {
  DeclaredRow(id: id, version: version, label: label)
}

func rows(_ ids: ClosedRange<Int>) -> [DeclaredRow] { ids.map { row($0) } }

/// A section; `header` and `footer` are the identities of header and footer rows labelled with the section's name.
func section(
  _ name: String, header: Int? = nil, footer: Int? = nil, _ items: [DeclaredRow]
) -> ListSection<DeclaredRow> {
  ListSection(
    id: name,
    header: header.map { DeclaredRow(id: $0, version: 0, label: name, kind: .header) },
    footer: footer.map { DeclaredRow(id: $0, version: 0, label: "end of \(name)", kind: .header) },
    items: items)
}

/// A section being edited by the random generator.
struct DraftSection: Sendable {
  var id: Int
  var header: DeclaredRow?
  var footer: DeclaredRow?
  var items: [DeclaredRow]

  var listSection: ListSection<DeclaredRow> { ListSection(id: id, header: header, footer: footer, items: items) }
}

/// Random sectioned lists of rows, and random edits of them: up to 6 sections, rows drawn from 24 identities.
enum DeclaredLists {
  static let labels = ["a", "b", "c"]
  static let rowIDs = 0..<24
  static let sectionIDs = 0..<6

  static func row(_ id: Int, _ random: inout SeededRandom) -> DeclaredRow {
    DeclaredRow(
      id: id, version: random.below(3), label: labels[random.below(labels.count)],
      kind: random.below(5) == 0 ? .alternate : .plain)
  }

  static func header(of section: Int, version: Int) -> DeclaredRow {
    DeclaredRow(id: 100 + section, version: version, label: "S\(section)", kind: .header)
  }

  static func footer(of section: Int, version: Int) -> DeclaredRow {
    DeclaredRow(id: 200 + section, version: version, label: "end of S\(section)", kind: .header)
  }

  static func randomHeader(of section: Int, _ random: inout SeededRandom) -> DeclaredRow? {
    random.below(3) == 0 ? nil : header(of: section, version: random.below(2))
  }

  static func randomFooter(of section: Int, _ random: inout SeededRandom) -> DeclaredRow? {
    random.below(4) == 0 ? footer(of: section, version: random.below(2)) : nil
  }

  /// A new identity for a row: an unused one, or with `duplicates` sometimes a used one.
  static func rowID(in sections: [DraftSection], _ random: inout SeededRandom, duplicates: Bool) -> Int? {
    let used = sections.flatMap { $0.items.map(\.id) }
    if duplicates, !used.isEmpty, random.below(3) == 0 { return used[random.below(used.count)] }
    let free = rowIDs.filter { !used.contains($0) }
    return free.isEmpty ? nil : free[random.below(free.count)]
  }

  /// A list unrelated to the previous one.
  static func fresh(_ random: inout SeededRandom, duplicates: Bool) -> [DraftSection] {
    let chosen = Array(Self.sectionIDs.shuffled(using: &random).prefix(random.below(5)))
    var sections: [DraftSection] = []
    for id in chosen {
      sections.append(
        DraftSection(
          id: id, header: randomHeader(of: id, &random), footer: randomFooter(of: id, &random), items: []))
      for _ in 0..<random.below(6) {
        guard let rowID = rowID(in: sections, &random, duplicates: duplicates) else { break }
        sections[sections.count - 1].items.append(row(rowID, &random))
      }
    }
    return sections
  }

  /// The next list of a sequence: mostly a few edits of the previous one, sometimes a fresh list.
  static func next(after sections: [DraftSection], _ random: inout SeededRandom, duplicates: Bool) -> [DraftSection] {
    if sections.isEmpty || random.below(6) == 0 { return fresh(&random, duplicates: duplicates) }
    var sections = sections
    for _ in 0..<(1 + random.below(4)) { edit(&sections, &random, duplicates: duplicates) }
    return sections
  }

  /// The identities of the rows, headers and footers of `new` that need a binder when `old` is shown, sorted:
  /// all of them without `old`; else the rows that are new or changed, or whose section or source section is new
  /// or gone (the diff does not match rows of unmatched sections), and the header and footer of a section that is
  /// new or whose header or footer changed. Only for lists without duplicate identities.
  static func expectedCalls(from old: [DraftSection]?, to new: [DraftSection]) -> [Int] {
    func everything(_ section: DraftSection) -> [Int] {
      [section.header?.id, section.footer?.id].compactMap { $0 } + section.items.map(\.id)
    }
    guard let old else { return new.flatMap(everything).sorted() }
    let newSectionIDs = new.map(\.id)
    var oldRows: [Int: DeclaredRow] = [:]
    for section in old where newSectionIDs.contains(section.id) {
      for row in section.items { oldRows[row.id] = row }
    }
    var calls: [Int] = []
    for section in new {
      guard let source = old.first(where: { $0.id == section.id }) else {
        calls += everything(section)
        continue
      }
      if section.header != source.header || section.footer != source.footer {
        calls += [section.header?.id, section.footer?.id].compactMap { $0 }
      }
      calls += section.items.filter { oldRows[$0.id] != $0 }.map(\.id)
    }
    return calls.sorted()
  }

  /// The identities whose `cell` calls a state may make when binders are made only when read: the new or
  /// changed headers and footers (made with the list), and every row whose cell the view configured while the
  /// state was applied (found by its text, in the list before or after).
  static func allowedCalls(
    from old: [DraftSection]?, to new: [DraftSection], configured: some Sequence<RecordingListView.ConfiguredCell>
  ) -> Set<Int> {
    let texts = Set(configured.map(\.text))
    let rows = ((old ?? []) + new).flatMap(\.items)
    var allowed = Set(rows.filter { texts.contains($0.text) }.map(\.id))
    for section in new {
      allowed.formUnion([section.header?.id, section.footer?.id].compactMap { $0 })
    }
    return allowed
  }

  /// The edits ``edit(_:_:duplicates:)`` makes.
  enum Edit {
    case insertRow, deleteRow, updateRow, moveRowWithin, moveRowAcross, insertSection, deleteSection, moveSection
    case header, footer
  }

  /// The edits ``edit(_:_:duplicates:)`` makes, by weight.
  static let edits = WeightedChoice<Edit>([
    ("insert a row", weight: 2, .insertRow),
    ("delete a row", weight: 1, .deleteRow),
    ("update a row", weight: 2, .updateRow),
    ("move a row within its section", weight: 1, .moveRowWithin),
    ("move a row to another section", weight: 1, .moveRowAcross),
    ("insert a section", weight: 1, .insertSection),
    ("delete a section", weight: 1, .deleteSection),
    ("move a section", weight: 1, .moveSection),
    ("add, remove or change a header", weight: 1, .header),
    ("add or remove a footer", weight: 1, .footer),
  ])

  /// What an update changes in a row.
  enum RowUpdate { case version, label, kind }

  /// What an update changes in a row, by weight.
  static let rowUpdates = WeightedChoice<RowUpdate>([
    ("its version", weight: 1, .version),
    ("its label", weight: 1, .label),
    ("its kind (plain or alternate)", weight: 1, .kind),
  ])

  /// One random edit: a row inserted, deleted, updated or moved (in its section or to another), a section
  /// inserted, deleted or moved, or a header or footer added, removed or changed.
  static func edit(_ sections: inout [DraftSection], _ random: inout SeededRandom, duplicates: Bool) {
    let positions = sections.indices.flatMap { section in sections[section].items.indices.map { (section, $0) } }
    let position = positions.isEmpty ? nil : positions[random.below(positions.count)]
    switch edits.pick(using: &random).value {
    case .insertRow:
      guard !sections.isEmpty, let id = rowID(in: sections, &random, duplicates: duplicates) else { return }
      let section = random.below(sections.count)
      sections[section].items.insert(row(id, &random), at: random.below(sections[section].items.count + 1))
    case .deleteRow:
      guard let (section, item) = position else { return }
      sections[section].items.remove(at: item)
    case .updateRow:
      guard let (section, item) = position else { return }
      switch rowUpdates.pick(using: &random).value {
      case .version: sections[section].items[item].version += 1
      case .label: sections[section].items[item].label = labels[random.below(labels.count)]
      case .kind:
        sections[section].items[item].kind = sections[section].items[item].kind == .plain ? .alternate : .plain
      }
    case .moveRowWithin:
      guard let (section, item) = position else { return }
      let moved = sections[section].items.remove(at: item)
      sections[section].items.insert(moved, at: random.below(sections[section].items.count + 1))
    case .moveRowAcross:
      guard let (section, item) = position, sections.count > 1 else { return }
      let moved = sections[section].items.remove(at: item)
      let target = (section + 1 + random.below(sections.count - 1)) % sections.count
      sections[target].items.insert(moved, at: random.below(sections[target].items.count + 1))
    case .insertSection:
      let free = sectionIDs.filter { id in !sections.contains { $0.id == id } }
      guard !free.isEmpty else { return }
      let id = free[random.below(free.count)]
      var new = DraftSection(id: id, header: randomHeader(of: id, &random), footer: nil, items: [])
      for _ in 0..<random.below(3) {
        guard let rowID = rowID(in: sections + [new], &random, duplicates: duplicates) else { break }
        new.items.append(row(rowID, &random))
      }
      sections.insert(new, at: random.below(sections.count + 1))
    case .deleteSection:
      guard !sections.isEmpty else { return }
      sections.remove(at: random.below(sections.count))
    case .moveSection:
      guard !sections.isEmpty else { return }
      let moved = sections.remove(at: random.below(sections.count))
      sections.insert(moved, at: random.below(sections.count + 1))
    case .header:
      guard !sections.isEmpty else { return }
      let section = random.below(sections.count)
      let id = sections[section].id
      if let header = sections[section].header {
        sections[section].header =
          random.below(2) == 0 ? nil : Self.header(of: id, version: header.version + 1)
      } else {
        sections[section].header = header(of: id, version: 0)
      }
    case .footer:
      guard !sections.isEmpty else { return }
      let section = random.below(sections.count)
      let id = sections[section].id
      sections[section].footer =
        sections[section].footer == nil ? footer(of: id, version: random.below(2)) : nil
    }
  }
}

/// How many changes of each kind a generator's lists made.
struct ChangeCounts {
  var counts: [String: Int] = [:]

  mutating func add(_ updates: [ListUpdate]) {
    for update in updates {
      let changeset = update.changeset
      let across = changeset.elementMoved.filter { $0.source.section != $0.target.section }
      let kinds: [(String, Int)] = [
        ("sectionDeleted", changeset.sectionDeleted.count), ("sectionInserted", changeset.sectionInserted.count),
        ("sectionUpdated", changeset.sectionUpdated.count), ("sectionMoved", changeset.sectionMoved.count),
        ("elementDeleted", changeset.elementDeleted.count), ("elementInserted", changeset.elementInserted.count),
        ("elementUpdated", changeset.elementUpdated.count), ("elementMoved", changeset.elementMoved.count),
        ("reconfiguredRows", update.reconfiguredRows.count), ("reloadedRows", update.reloadedRows.count),
        ("movedAcrossSections", across.count),
      ]
      for (kind, count) in kinds { counts[kind, default: 0] += count }
    }
  }

  /// The kinds of change never made.
  var missing: [String] { counts.filter { $0.value == 0 }.keys.sorted() }
}

/// What a view received in one batch, comparable between two controllers: the changeset's positions, the rows
/// reconfigured or reloaded, the stage, and the list after it (row identities and lines).
struct UpdateRecord: Equatable {
  struct Positions: Equatable {
    var sectionDeleted: [Int]
    var sectionInserted: [Int]
    var sectionUpdated: [Int]
    var sectionMoved: [Move<Int>]
    var elementDeleted: [ItemPath]
    var elementInserted: [ItemPath]
    var elementUpdated: [ItemPath]
    var elementMoved: [Move<ItemPath>]
    var reconfiguredRows: [ItemPath]
    var reloadedRows: [ItemPath]
    var stage: Int
    var stageCount: Int

    init(_ update: ListUpdate) {
      let changeset = update.changeset
      sectionDeleted = changeset.sectionDeleted
      sectionInserted = changeset.sectionInserted
      sectionUpdated = changeset.sectionUpdated
      sectionMoved = changeset.sectionMoved
      elementDeleted = changeset.elementDeleted
      elementInserted = changeset.elementInserted
      elementUpdated = changeset.elementUpdated
      elementMoved = changeset.elementMoved
      reconfiguredRows = update.reconfiguredRows
      reloadedRows = update.reloadedRows
      stage = update.stage
      stageCount = update.stageCount
    }
  }

  var positions: Positions
  var sectionIDs: [ListIdentifier]
  var rowIDs: [[ListIdentifier]]
  var lines: [String]

  @MainActor
  init(_ update: ListUpdate) {
    positions = Positions(update)
    sectionIDs = update.changeset.data.map(\.model.id)
    rowIDs = update.changeset.data.map { $0.elements.map(\.id) }
    lines = ListRendering.lines(of: update.changeset.data)
  }
}

// MARK: - The row path beside the binder path

/// The same declared lists shown twice: through the row path (`ListController(view:rows:cell:)`, which diffs the
/// rows and may skip sections or take the sparse plan) and through the binder path (every row's binder, the full
/// diff), each on a recording view, with no reload and no background diff.
@MainActor
struct RowsBesideBinders {
  typealias State = [ListSection<DeclaredRow>]

  let rowsView = RecordingListView()
  let bindersView = RecordingListView()
  let byRows: ListController<State>
  let byBinders: ListController<State>
  let byRowsEngine: ListEngine
  let byBindersEngine: ListEngine

  init() throws {
    let configuration = ListControllerConfiguration(backgroundDiffThreshold: .max)
    byRows = ListController<State>(configuration: configuration) {
      $0
    } cell: {
      declaredCell($0)
    }
    byRowsEngine = try ListEngine(view: rowsView, showing: byRows, reloadThreshold: .max)
    byBinders = ListController<State>(configuration: configuration, sections: Self.binders)
    byBindersEngine = try ListEngine(view: bindersView, showing: byBinders, reloadThreshold: .max)
  }

  /// Every row's, header's and footer's binder.
  @Sendable nonisolated static func binders(_ state: State) -> [ListSection<CellBinder>] {
    state.map { section in
      ListSection(
        id: section.id, header: section.header.map(declaredCell), footer: section.footer.map(declaredCell),
        items: section.items.map(declaredCell))
    }
  }

  /// Applies a state through both paths.
  func apply(_ state: State) async {
    await byRows.apply(state)
    await byBinders.apply(state)
  }

  /// Whether both views show the same lines.
  var showSameLines: Bool { rowsView.renderedLines == bindersView.renderedLines }
}
