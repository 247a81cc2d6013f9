import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Told edits (``ListController/makeEdit()``) among everything else that changes a controller's list, against a
/// plain model of rows (identity and version, in sections) that shares no code with ``ListEdit``, the diff or the
/// engine: whole states (some holding an identity twice), rows the user moves and deletes through the engine, a
/// row chosen that its feed moves to the top, reconfigured and reloaded rows, a selection, a ``FilteredFeed`` over
/// the controller whose query comes and goes, edits told from inside the engine's callbacks while it applies a
/// change, and edits refused. After each step the view shows exactly the model's rows, the selection holds the
/// model's selected rows, every event named its own row, and only the documented errors were reported.
@MainActor
@Suite("Told edits among states, gestures, refreshes, a selection and a filter")
struct ToldEditMixPropertyTests {
  /// A row: the value of the controller's states declared as rows, the model of every binder.
  struct Row: Identifiable, Equatable, Sendable, Differentiable {
    var id: Int
    var version: Int
  }

  final class RowTextCell: BindableCell {
    var text = ""
    func bind(_ row: Row) { text = "r\(row.id) v\(row.version)" }
    var textRepresentation: String { text }
  }

  /// The binder of a row, as the controller of rows makes it (so that a state can read an edited list back).
  @Sendable
  nonisolated static func binder(_ row: Row) -> CellBinder { RowTextCell.makeBinder(value: row, id: row.id) }

  /// Where a nested edit is told from, while the engine applies a change.
  enum Reentry {
    case willApply, didApply, willDisplay, moveInDidApply, moveInWillApply, didMoveRow, didChangeSelection
  }

  /// The model, the random numbers, and what the callbacks saw: one reference, for the callbacks.
  @MainActor
  final class World {
    var sections: [(id: Int, rows: [Row])] = []
    /// The version of each section's header, by section identity; none for a section without one.
    var headers: [Int: Int] = [:]
    typealias Lists = (sections: [(id: Int, rows: [Row])], headers: [Int: Int])
    /// The sections and their headers, as one value to keep and put back.
    var lists: Lists {
      get { (sections, headers) }
      set { (sections, headers) = newValue }
    }
    var selected: Set<Int> = []
    var random: SeededRandom
    var nextRow = 0
    var nextSection = 0
    var filtering = false
    var errors: [ListFlowError] = []
    var expectedErrors: [ListFlowError] = []
    var problems: [String] = []
    var reentry: Reentry?

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    var allRows: [Row] { sections.flatMap(\.rows) }
    func first(_ id: Int) -> (section: Int, item: Int)? {
      for (section, content) in sections.enumerated() {
        if let item = content.rows.firstIndex(where: { $0.id == id }) { return (section, item) }
      }
      return nil
    }
    func count(of id: Int) -> Int { allRows.count { $0.id == id } }
    /// A row of the list, by identity; `nil` when there is none.
    func anyRow(unique: Bool = false) -> Int? {
      let rows = allRows.filter { !unique || count(of: $0.id) == 1 }
      return rows.isEmpty ? nil : rows[random.below(rows.count)].id
    }
    func newRows(_ count: Int) -> [Row] {
      (0..<count).map { _ in
        defer { nextRow += 1 }
        return Row(id: nextRow, version: 0)
      }
    }
    @discardableResult
    func remove(_ id: Int) -> Row {
      let (section, item) = first(id)!
      return sections[section].rows.remove(at: item)
    }
    func bump(_ id: Int) -> Row {
      let (section, item) = first(id)!
      sections[section].rows[item].version += 1
      return sections[section].rows[item]
    }
    /// A random position in section `section`: `0...rows`.
    func position(in section: Int) -> Int { random.below(sections[section].rows.count + 1) }

    static func binder(_ row: Row) -> CellBinder { ToldEditMixPropertyTests.binder(row) }
    nonisolated static func isHidden(_ id: Int) -> Bool { id % 3 == 0 }
    static let query = "keep"
    nonisolated static func text(_ binder: CellBinder) -> String {
      binder.model(as: Row.self).map { isHidden($0.id) ? "zzz" : "keep" } ?? ""
    }

    /// What the view should show, section by section.
    var shown: [[String]] {
      sections.compactMap { section in
        let rows = section.rows.filter { !filtering || !Self.isHidden($0.id) }
        return filtering && rows.isEmpty ? nil : rows.map { "r\($0.id) v\($0.version)" }
      }
    }
    var shownIDs: [[Int]] {
      sections.compactMap { section in
        let rows = section.rows.filter { !filtering || !Self.isHidden($0.id) }
        return filtering && rows.isEmpty ? nil : rows.map(\.id)
      }
    }
    func header(_ section: Int) -> Row? { headers[section].map { Row(id: 1_000_000 + section, version: $0) } }
    func section(_ id: Int, _ rows: [Row]) -> ListSection<CellBinder> {
      ListSection(id: ListIdentifier(id), header: header(id).map(Self.binder), items: rows.map(Self.binder))
    }
    var state: [ListSection<CellBinder>] { sections.map { section($0.id, $0.rows) } }
    var rowState: [ListSection<Row>] {
      sections.map { ListSection(id: $0.id, header: header($0.id), items: $0.rows) }
    }
    /// The headers the view should show, section by section.
    var shownHeaders: [String?] {
      sections.compactMap { section in
        let rows = section.rows.filter { !filtering || !Self.isHidden($0.id) }
        return filtering && rows.isEmpty ? nil : .some(header(section.id).map { "r\($0.id) v\($0.version)" })
      }
    }
    /// A random shown row's position in the view.
    func shownPath() -> ItemPath? {
      let paths = shownIDs.enumerated().flatMap { section, ids in
        ids.indices.map { ItemPath(item: $0, section: section) }
      }
      return paths.isEmpty ? nil : paths[random.below(paths.count)]
    }
    func shownID(at path: ItemPath) -> Int { shownIDs[path.section][path.item] }
  }

  enum Op {
    case insertAt, insertBeside, append, delete, update, moveTo, moveInPlace, moveBeside, deleteAndReinsert,
      updateThenDelete, insertThenChange, moveThenUpdate, appendSection, deleteSection, reinsertSection, moveSection,
      mark, refused
  }

  static let ops = WeightedChoice<Op>([
    ("insert rows at a path", weight: 3, .insertAt),
    ("insert a row before or after a row", weight: 2, .insertBeside),
    ("append rows to a section or the last", weight: 1, .append),
    ("delete one or two rows, a row named twice", weight: 3, .delete),
    ("update one or two rows", weight: 3, .update),
    ("move a row to a path", weight: 3, .moveTo),
    ("move a row to its own place", weight: 1, .moveInPlace),
    ("move a row before or after another", weight: 2, .moveBeside),
    ("delete a row and insert its identity again", weight: 2, .deleteAndReinsert),
    ("update a row, then delete it", weight: 1, .updateThenDelete),
    ("insert a row, then delete, move or update it", weight: 2, .insertThenChange),
    ("move a row, then update it", weight: 1, .moveThenUpdate),
    ("insert a section, empty or not", weight: 1, .appendSection),
    ("delete a section", weight: 1, .deleteSection),
    ("delete a section and insert its identity again", weight: 1, .reinsertSection),
    ("move a section", weight: 1, .moveSection),
    ("mark rows to reconfigure or reload", weight: 2, .mark),
    ("a refused edit", weight: 3, .refused),
  ])

  /// Makes one edit on `edit` and on the model; a refused one is checked to throw its error and change nothing.
  static func tell(_ op: Op, _ edit: inout ListEdit, _ world: World, marked: inout [(id: Int, reloading: Bool)]) throws
  {
    let random = { (bound: Int) in world.random.below(bound) }
    guard !world.sections.isEmpty else {
      let id = world.nextSection
      world.nextSection += 1
      try edit.appendSections([ListIdentifier(id)])
      world.sections.append((id, []))
      return
    }
    let section = random(world.sections.count)
    switch op {
    case .insertAt:
      let rows = world.newRows(1 + random(3))
      let item = world.position(in: section)
      try edit.insertRows(rows.map(World.binder), at: ItemPath(item: item, section: section))
      world.sections[section].rows.insert(contentsOf: rows, at: item)
    case .insertBeside:
      guard let other = world.anyRow() else { return }
      let rows = world.newRows(1)
      let after = random(2) == 0
      let (otherSection, otherItem) = world.first(other)!
      if after {
        try edit.insertRows(rows.map(World.binder), after: ListIdentifier(other))
      } else {
        try edit.insertRows(rows.map(World.binder), before: ListIdentifier(other))
      }
      world.sections[otherSection].rows.insert(contentsOf: rows, at: otherItem + (after ? 1 : 0))
    case .append:
      let rows = world.newRows(1 + random(2))
      if random(2) == 0 {
        try edit.appendRows(rows.map(World.binder))
        world.sections[world.sections.count - 1].rows.append(contentsOf: rows)
      } else {
        try edit.appendRows(rows.map(World.binder), toSection: ListIdentifier(world.sections[section].id))
        world.sections[section].rows.append(contentsOf: rows)
      }
    case .delete:
      guard let first = world.anyRow() else { return }
      let second = random(3) == 0 ? first : world.anyRow() ?? first
      try edit.deleteRows([ListIdentifier(first), ListIdentifier(second)])
      world.remove(first)
      if second != first { world.remove(second) }
    case .update:
      guard let first = world.anyRow() else { return }
      let second = world.anyRow() ?? first
      if second == first {
        try edit.updateRows([World.binder(world.bump(first))])
      } else {
        try edit.updateRows([World.binder(world.bump(first)), World.binder(world.bump(second))])
      }
    case .moveTo, .moveThenUpdate:
      guard let id = world.anyRow() else { return }
      let row = world.remove(id)
      let target = random(world.sections.count)
      let item = world.position(in: target)
      try edit.moveRow(ListIdentifier(id), to: ItemPath(item: item, section: target))
      world.sections[target].rows.insert(row, at: item)
      if op == .moveThenUpdate { try edit.updateRows([World.binder(world.bump(id))]) }
    case .moveInPlace:
      guard let id = world.anyRow() else { return }
      let (section, item) = world.first(id)!
      try edit.moveRow(ListIdentifier(id), to: ItemPath(item: item, section: section))
    case .moveBeside:
      guard let id = world.anyRow(), let other = world.anyRow(), other != id else { return }
      let row = world.remove(id)
      let after = random(2) == 0
      let (otherSection, otherItem) = world.first(other)!
      if after {
        try edit.moveRow(ListIdentifier(id), after: ListIdentifier(other))
      } else {
        try edit.moveRow(ListIdentifier(id), before: ListIdentifier(other))
      }
      world.sections[otherSection].rows.insert(row, at: otherItem + (after ? 1 : 0))
    case .deleteAndReinsert:
      guard let id = world.anyRow(unique: true) else { return }
      var row = world.remove(id)
      try edit.deleteRows([ListIdentifier(id)])
      row.version += random(2)
      let target = random(world.sections.count)
      let item = world.position(in: target)
      try edit.insertRows([World.binder(row)], at: ItemPath(item: item, section: target))
      world.sections[target].rows.insert(row, at: item)
    case .updateThenDelete:
      guard let id = world.anyRow() else { return }
      try edit.updateRows([World.binder(world.bump(id))])
      try edit.deleteRows([ListIdentifier(id)])
      world.remove(id)
    case .insertThenChange:
      let row = world.newRows(1)[0]
      let item = world.position(in: section)
      try edit.insertRows([World.binder(row)], at: ItemPath(item: item, section: section))
      world.sections[section].rows.insert(row, at: item)
      switch afterInsert.pick(using: &world.random).value {
      case .delete:
        try edit.deleteRows([ListIdentifier(row.id)])
        world.remove(row.id)
      case .move:
        world.remove(row.id)
        let target = random(world.sections.count)
        let item = world.position(in: target)
        try edit.moveRow(ListIdentifier(row.id), to: ItemPath(item: item, section: target))
        world.sections[target].rows.insert(row, at: item)
      case .update:
        try edit.updateRows([World.binder(world.bump(row.id))])
      }
    case .appendSection:
      let id = world.nextSection
      world.nextSection += 1
      let rows = random(2) == 0 ? [] : world.newRows(1 + random(3))
      if random(2) == 0 { world.headers[id] = 0 }
      let new = [world.section(id, rows)]
      let index: Int
      switch sectionPlaces.pick(using: &world.random).value {
      case .end:
        index = world.sections.count
        try edit.appendSections(new)
      case .after:
        index = section + 1
        try edit.insertSections(new, after: ListIdentifier(world.sections[section].id))
      case .at:
        index = random(world.sections.count + 1)
        try edit.insertSections(new, at: index)
      }
      world.sections.insert((id, rows), at: index)
    case .deleteSection:
      try edit.deleteSections([ListIdentifier(world.sections[section].id)])
      world.sections.remove(at: section)
    case .reinsertSection:
      // The section's rows go with it; some come back in it (under the same identity), some of them updated.
      let removed = world.sections.remove(at: section)
      try edit.deleteSections([ListIdentifier(removed.id)])
      var kept = Set<Int>()
      var rows = removed.rows.filter { world.count(of: $0.id) == 0 && random(3) > 0 && kept.insert($0.id).inserted }
      for index in rows.indices where random(3) == 0 { rows[index].version += 1 }
      rows += world.newRows(random(2))
      let index = random(world.sections.count + 1)
      // Its header comes back changed, or goes, or comes.
      switch headerChanges.pick(using: &world.random).value {
      case .changed: world.headers[removed.id, default: 0] += 1
      case .gone: world.headers[removed.id] = nil
      case .same: break
      }
      try edit.insertSections([world.section(removed.id, rows)], at: index)
      world.sections.insert((removed.id, rows), at: index)
    case .moveSection:
      guard world.sections.count > 1 else { return }
      let other = (section + 1 + random(world.sections.count - 1)) % world.sections.count
      let moved = world.sections.remove(at: section)
      let otherID = world.sections[other > section ? other - 1 : other].id
      let after = random(2) == 0
      if after {
        try edit.moveSection(ListIdentifier(moved.id), after: ListIdentifier(otherID))
      } else {
        try edit.moveSection(ListIdentifier(moved.id), before: ListIdentifier(otherID))
      }
      let place = world.sections.firstIndex { $0.id == otherID }! + (after ? 1 : 0)
      world.sections.insert(moved, at: place)
    case .mark:
      guard let id = world.anyRow() else { return }
      let reloading = random(2) == 0
      if reloading { try edit.reloadRows([ListIdentifier(id)]) } else { try edit.reconfigureRows([ListIdentifier(id)]) }
      marked.append((id, reloading))
    case .refused:
      try refuse(&edit, world)
    }
  }

  /// One edit the documentation says is refused, with its error: it must throw that error and change nothing.
  static func refuse(_ edit: inout ListEdit, _ world: World) throws {
    let random = { (bound: Int) in world.random.below(bound) }
    let unknownRow = -1 - random(5)
    let unknownSection = 10_000 + random(5)
    let sectionCount = world.sections.count
    let section = random(sectionCount)
    let rowCount = world.sections[section].rows.count
    let newRow = world.newRows(1)[0]
    let before = (
      edit.sectionIdentifiers, edit.sections.map { Array($0.elements.map(\.id)) },
      ListRendering.lines(of: edit.sections), edit.reconfiguredRows, edit.reloadedRows
    )
    var attempts: [(String, ListFlowError, (inout ListEdit) throws -> Void)] = [
      (
        "delete an unknown row", .rowNotFound(ListIdentifier(unknownRow)),
        { try $0.deleteRows([ListIdentifier(unknownRow)]) }
      ),
      (
        "insert past the end", .rowOutOfRange(path: ItemPath(item: rowCount + 1, section: section), rowCount: rowCount),
        {
          try $0.insertRows([World.binder(newRow)], at: ItemPath(item: rowCount + 1, section: section))
        }
      ),
      (
        "insert in no section", .sectionOutOfRange(section: sectionCount, sectionCount: sectionCount),
        {
          try $0.insertRows([World.binder(newRow)], at: ItemPath(item: 0, section: sectionCount))
        }
      ),
      (
        "insert a new row twice", .duplicateRow(ListIdentifier(newRow.id)),
        {
          try $0.insertRows([World.binder(newRow), World.binder(newRow)], at: ItemPath(item: 0, section: section))
        }
      ),
      (
        "append to an unknown section", .unknownSection(ListIdentifier(unknownSection)),
        {
          try $0.appendRows([World.binder(newRow)], toSection: ListIdentifier(unknownSection))
        }
      ),
      (
        "insert after an unknown row", .rowNotFound(ListIdentifier(unknownRow)),
        {
          try $0.insertRows([World.binder(newRow)], after: ListIdentifier(unknownRow))
        }
      ),
      (
        "append a section held", .duplicateSection(ListIdentifier(world.sections[section].id)),
        {
          try $0.appendSections([ListIdentifier(world.sections[section].id)])
        }
      ),
      (
        "delete an unknown section", .unknownSection(ListIdentifier(unknownSection)),
        {
          try $0.deleteSections([ListIdentifier(world.sections[section].id), ListIdentifier(unknownSection)])
        }
      ),
      (
        "move a section beside itself", .movedRelativeToItself(ListIdentifier(world.sections[section].id)),
        {
          try $0.moveSection(
            ListIdentifier(world.sections[section].id), before: ListIdentifier(world.sections[section].id))
        }
      ),
      (
        "insert a section past the end", .sectionOutOfRange(section: sectionCount + 1, sectionCount: sectionCount),
        {
          try $0.insertSections([ListSection(id: ListIdentifier(unknownSection), items: [])], at: sectionCount + 1)
        }
      ),
      (
        "move an unknown row", .rowNotFound(ListIdentifier(unknownRow)),
        {
          try $0.moveRow(ListIdentifier(unknownRow), to: ItemPath(item: 0, section: section))
        }
      ),
    ]
    if let id = world.anyRow() {
      let (from, _) = world.first(id)!
      let room = rowCount - (from == section ? 1 : 0)
      attempts += [
        (
          "delete a row and an unknown one", .rowNotFound(ListIdentifier(unknownRow)),
          {
            try $0.deleteRows([ListIdentifier(id), ListIdentifier(unknownRow)])
          }
        ),
        (
          "insert a row held", .duplicateRow(ListIdentifier(id)),
          {
            try $0.insertRows(
              [World.binder(newRow), World.binder(Row(id: id, version: 7))], at: ItemPath(item: 0, section: section))
          }
        ),
        (
          "update a row and an unknown one", .rowNotFound(ListIdentifier(unknownRow)),
          {
            try $0.updateRows([World.binder(Row(id: id, version: 7)), World.binder(Row(id: unknownRow, version: 0))])
          }
        ),
        (
          "update a row twice", .duplicateRow(ListIdentifier(id)),
          {
            try $0.updateRows([World.binder(Row(id: id, version: 7)), World.binder(Row(id: id, version: 8))])
          }
        ),
        (
          "move a row past the end", .rowOutOfRange(path: ItemPath(item: room + 1, section: section), rowCount: room),
          {
            try $0.moveRow(ListIdentifier(id), to: ItemPath(item: room + 1, section: section))
          }
        ),
        (
          "move a row to no section", .sectionOutOfRange(section: sectionCount, sectionCount: sectionCount),
          {
            try $0.moveRow(ListIdentifier(id), to: ItemPath(item: 0, section: sectionCount))
          }
        ),
        (
          "move a row beside itself", .movedRelativeToItself(ListIdentifier(id)),
          {
            try $0.moveRow(ListIdentifier(id), after: ListIdentifier(id))
          }
        ),
        (
          "move a row before an unknown one", .rowNotFound(ListIdentifier(unknownRow)),
          {
            try $0.moveRow(ListIdentifier(id), before: ListIdentifier(unknownRow))
          }
        ),
        (
          "reconfigure a row and an unknown one", .rowNotFound(ListIdentifier(unknownRow)),
          {
            try $0.reconfigureRows([ListIdentifier(id), ListIdentifier(unknownRow)])
          }
        ),
        (
          "a section of a row held", .duplicateRow(ListIdentifier(id)),
          {
            try $0.appendSections([
              ListSection(id: ListIdentifier(unknownSection), items: [World.binder(Row(id: id, version: 0))])
            ])
          }
        ),
      ]
    }
    let (name, expected, attempt) = attempts[random(attempts.count)]
    do {
      try attempt(&edit)
      world.problems.append("\(name): not refused")
    } catch {
      if error as? ListFlowError != expected { world.problems.append("\(name): \(error), not \(expected)") }
    }
    let after = (
      edit.sectionIdentifiers, edit.sections.map { Array($0.elements.map(\.id)) },
      ListRendering.lines(of: edit.sections), edit.reconfiguredRows, edit.reloadedRows
    )
    if before != after { world.problems.append("\(name): the edit changed") }
  }

  /// Whether the edit's list, read now (in the middle of the edit), is the model's.
  static func check(_ edit: ListEdit, _ world: World, _ name: String) {
    let ids = world.sections.map { $0.rows.map { ListIdentifier($0.id) } }
    let sectionIDs = world.sections.map { ListIdentifier($0.id) }
    let lines = world.sections.flatMap { $0.rows.map { "r\($0.id) v\($0.version)" } }
    let perSection = sectionIDs.map { try? edit.rowIdentifiers(inSection: $0) }
    guard edit.sectionIdentifiers == sectionIDs, edit.rowIdentifiers == ids.flatMap(\.self),
      edit.sections.flatMap({ ListRendering.lines(of: Array($0.elements)) }) == lines,
      perSection == ids.map(Optional.some)
    else {
      world.problems.append("after \(name) the edit reads \(edit.sections.map { $0.elements.map(\.id) }), not \(ids)")
      return
    }
  }

  enum HeaderChange { case changed, gone, same }

  static let headerChanges = WeightedChoice<HeaderChange>([
    ("its header changed or new", weight: 1, .changed), ("no header", weight: 1, .gone),
    ("the same header", weight: 1, .same),
  ])

  enum SectionPlace { case end, after, at }

  static let sectionPlaces = WeightedChoice<SectionPlace>([
    ("after the last", weight: 1, .end), ("after a section", weight: 1, .after), ("at an index", weight: 1, .at),
  ])

  enum AfterInsert { case delete, move, update }

  static let afterInsert = WeightedChoice<AfterInsert>([
    ("delete it", weight: 1, .delete), ("move it", weight: 1, .move), ("update it", weight: 1, .update),
  ])

  static let nestedOps = WeightedChoice<Op>([
    ("update one or two rows", weight: 2, .update),
    ("insert rows at a path", weight: 2, .insertAt),
    ("move a row to a path", weight: 2, .moveTo),
    ("move a row to its own place", weight: 1, .moveInPlace),
  ])

  enum StateChange { case update, delete, insert, move, duplicate, header, sections }

  static let stateChanges = WeightedChoice<StateChange>([
    ("update a row", weight: 3, .update),
    ("delete a row", weight: 3, .delete),
    ("insert rows", weight: 3, .insert),
    ("move a row", weight: 3, .move),
    ("put in an identity held already", weight: 1, .duplicate),
    ("add or change a section's header", weight: 1, .header),
    ("delete a section or insert an empty one", weight: 2, .sections),
  ])

  enum Selecting { case toggle, select, deselect, clear }

  static let selecting = WeightedChoice<Selecting>([
    ("toggle a row shown", weight: 3, .toggle),
    ("select a row by identity, shown, hidden or unknown", weight: 3, .select),
    ("deselect a selected row", weight: 2, .deselect),
    ("clear the selection", weight: 1, .clear),
  ])

  static let reentries = WeightedChoice<Reentry>([
    ("from willApply", weight: 1, .willApply), ("from didApply", weight: 1, .didApply),
    ("from willDisplayCell", weight: 1, .willDisplay),
    ("a row moved through the engine from didApply", weight: 1, .moveInDidApply),
    ("a row moved through the engine from willApply, made once the change is shown", weight: 1, .moveInWillApply),
    ("from the controller's didMoveRow", weight: 1, .didMoveRow),
    ("from the controller's didChangeSelection", weight: 1, .didChangeSelection),
  ])

  enum BadGesture { case delete, toggle, select, choose, moveFrom, moveTo }

  static let badGestures = WeightedChoice<BadGesture>([
    ("delete", weight: 1, .delete), ("toggle", weight: 1, .toggle), ("select", weight: 1, .select),
    ("choose", weight: 1, .choose), ("move from there", weight: 1, .moveFrom), ("move there", weight: 1, .moveTo),
  ])

  enum Step {
    case edit, staleEdit, twoEdits, copiedEdit, keptEdit, longEdit, foreignEdit, plainEdit, state
    case userMove, userDelete, choose, select, refresh, query, reentry, badGesture
  }

  static let steps = WeightedChoice<Step>([
    ("a told edit", weight: 8, .edit),
    ("an edit applied after another change", weight: 2, .staleEdit),
    ("two edits made from one list, both applied", weight: 1, .twoEdits),
    ("an edit copied, both copies changed, applied", weight: 1, .copiedEdit),
    ("an edit applied, kept, and applied again after other changes", weight: 1, .keptEdit),
    ("an edit of more row changes than are told", weight: 1, .longEdit),
    ("an edit made by another controller", weight: 1, .foreignEdit),
    ("an edit made from the list shown, not by the controller", weight: 1, .plainEdit),
    ("a whole state", weight: 2, .state),
    ("the user moves a row", weight: 2, .userMove),
    ("the user deletes a row", weight: 2, .userDelete),
    ("the user chooses a row, which its feed moves to the top", weight: 1, .choose),
    ("select, toggle or deselect", weight: 2, .select),
    ("reconfigure or reload rows through the engine", weight: 1, .refresh),
    ("set or clear the query", weight: 1, .query),
    ("a gesture at a position the list does not have", weight: 1, .badGesture),
    ("arm an edit told from a callback of the next change", weight: 2, .reentry),
  ])

  /// A small edit told from a callback: an update, an insert or a move (nothing deleted, so that the rows an
  /// outer edit marked are still there when they are refreshed).
  static func nestedEdit<State>(_ controller: ListController<State>, _ world: World) {
    do {
      try controller.performEdits { edit in
        var marked: [(id: Int, reloading: Bool)] = []
        for _ in 0..<(1 + world.random.below(3)) {
          try tell(nestedOps.pick(using: &world.random).value, &edit, world, marked: &marked)
        }
      }
    } catch {
      world.problems.append("nested edit refused: \(error)")
    }
  }

  @Test("told edits among states, gestures, refreshes, selection, a filter and callbacks show the model's rows")
  func toldEditsAmongEverything() async throws {
    for seed in DeepPass.seeds(quick: 24, deep: 400) {
      // States of binders, or of rows (read back through the rows of the last state after an edit).
      if seed % 2 == 0 {
        try await run(seed, ListController<[ListSection<CellBinder>]>(), ListController()) { $0.state }
      } else {
        let rows = { ListController<[ListSection<Row>]>(rows: { $0 }, cell: ToldEditMixPropertyTests.binder) }
        try await run(seed, rows(), rows()) { $0.rowState }
      }
    }
  }

  func run<State: Sendable>(
    _ seed: UInt64, _ controller: ListController<State>, _ other: ListController<State>, state: (World) -> State
  ) async throws {
    let world = World(seed: seed)
    let filter = try FilteredFeed(controller, searchableText: World.text)
    let view = RecordingListView()
    // Batches always, or a reload for changes past a few rows.
    let engine = try ListEngine(view: view, showing: filter, reloadThreshold: world.random.below(3) == 0 ? 3 : .max)
    engine.selectionMode = .multiple
    engine.delegate.didFail = { world.errors.append($0) }
    controller.delegate.canMoveRow = { _, _ in true }
    controller.delegate.editActions = { _, _ in [.delete] }
    controller.delegate.commitEdit = { _, path, binder in
      if (try? controller.row(at: path).id) != binder.id {
        world.problems.append("commit at \(path), not \(binder.id)")
      }
      do {
        try controller.performEdits { try $0.deleteRows([binder.id]) }
      } catch {
        world.problems.append("delete refused: \(error)")
      }
    }
    controller.delegate.didSelectRow = { path, binder in
      if (try? controller.row(at: path).id) != binder.id { world.problems.append("chose \(path), not \(binder.id)") }
      guard let id = binder.model(as: Row.self)?.id else { return }
      // The row chosen goes to the top, told from the callback.
      let row = world.remove(id)
      world.sections[0].rows.insert(row, at: 0)
      do {
        try controller.performEdits { try $0.moveRow(binder.id, to: ItemPath(item: 0, section: 0)) }
      } catch {
        world.problems.append("move to the top refused: \(error)")
      }
    }
    engine.delegate.didSelectRow = { path, binder in
      if engine.identity(ofRowAt: path) != binder.id {
        world.problems.append("engine chose \(path), not \(binder.id)")
      }
    }
    func reenter(_ when: Reentry) {
      guard world.reentry == when else { return }
      world.reentry = nil
      Self.nestedEdit(controller, world)
    }
    /// A row moved from code through the engine while it applies a change: made once the change is shown,
    /// against the list shown then (the model is that list already).
    func moveWhileApplying(_ when: Reentry) {
      guard world.reentry == when, !world.filtering, let source = world.shownPath() else { return }
      world.reentry = nil
      let row = world.sections[source.section].rows.remove(at: source.item)
      let section = world.random.below(world.sections.count)
      let item = world.position(in: section)
      world.sections[section].rows.insert(row, at: item)
      do {
        try engine.moveRow(Move(source: source, target: ItemPath(item: item, section: section)))
      } catch {
        world.problems.append("move while applying refused: \(error)")
      }
    }
    engine.delegate.willApply = { _ in
      reenter(.willApply)
      moveWhileApplying(.moveInWillApply)
    }
    engine.delegate.didApply = { _ in
      reenter(.didApply)
      moveWhileApplying(.moveInDidApply)
    }
    controller.delegate.didMoveRow = { _, _ in reenter(.didMoveRow) }
    engine.delegate.willDisplayCell = { cell, path in
      let id = engine.identity(ofRowAt: path).map { "\($0)" } ?? "none"
      if !cell.textRepresentation.hasPrefix("r\(id) ") {
        world.problems.append("willDisplay \(cell.textRepresentation) at \(path), which holds \(id)")
      }
      reenter(.willDisplay)
    }
    // Each delegate is told the positions of the rows the change selected and deselected, in its own list: the
    // engine's list for the engine's, the controller's rows shown for the controller's.
    engine.delegate.didChangeSelection = { change in
      for (paths, ids, name) in [
        (change.addedRows, change.added, "added"), (change.removedRows, change.removed, "removed"),
      ] {
        let expected = engine.snapshot.enumerated().flatMap { section, content in
          content.elements.indices.filter { Set(ids).contains(content.elements[$0].id) }.map {
            ItemPath(item: $0, section: section)
          }
        }
        if paths != expected { world.problems.append("engine \(name) \(ids) at \(paths), not \(expected)") }
      }
    }
    controller.delegate.didChangeSelection = { change in
      for (paths, ids, name) in [
        (change.addedRows, change.added, "added"), (change.removedRows, change.removed, "removed"),
      ] {
        let expected = controller.snapshot.enumerated().flatMap { section, content in
          content.elements.indices.filter {
            let id = content.elements[$0].id
            return Set(ids).contains(id) && !(filter.hiddenRows.contains(id))
          }.map { ItemPath(item: $0, section: section) }
        }
        if paths != expected { world.problems.append("controller \(name) \(ids) at \(paths), not \(expected)") }
      }
    }
    controller.delegate.didChangeSelection = { [didChange = controller.delegate.didChangeSelection] change in
      didChange(change)
      reenter(.didChangeSelection)
    }

    // Short lists mostly (the index is made again often), now and then long ones that keep it.
    let longest = world.random.below(3) == 0 ? 80 : 6
    world.sections = (0..<(1 + world.random.below(3))).map { _ in
      defer { world.nextSection += 1 }
      return (world.nextSection, world.newRows(world.random.below(longest)))
    }
    await controller.apply(state(world))
    var log: [String] = []
    /// Makes `count` edits on `edit` and on the model; returns the rows marked.
    func make(_ edit: inout ListEdit, _ count: Int) -> [(id: Int, reloading: Bool)] {
      var marked: [(id: Int, reloading: Bool)] = []
      for _ in 0..<count {
        let op = Self.ops.pick(using: &world.random)
        log.append("  " + op.name)
        do {
          try Self.tell(op.value, &edit, world, marked: &marked)
        } catch {
          world.problems.append("\(op.name) refused: \(error)")
        }
        Self.check(edit, world, op.name)
      }
      return marked
    }
    /// Applies `edit`, whose list is `sections`, and settles the model and the selection.
    func show(_ edit: ListEdit, _ lists: World.Lists, marked: [(id: Int, reloading: Bool)]) {
      world.lists = lists
      controller.apply(edit)
      world.selected.formIntersection(Set(world.allRows.map(\.id)))
      world.expectedErrors += Self.missingReports(marked, world)
    }
    for step in 0..<40 {
      let drawn = Self.steps.pick(using: &world.random)
      log.append(drawn.name)
      switch drawn.value {
      case .edit:
        var marked: [(id: Int, reloading: Bool)] = []
        do {
          try controller.performEdits { edit in
            for _ in 0..<(1 + world.random.below(6)) {
              let op = Self.ops.pick(using: &world.random)
              log.append("  " + op.name)
              try Self.tell(op.value, &edit, world, marked: &marked)
              Self.check(edit, world, op.name)
            }
          }
        } catch {
          world.problems.append("edit refused: \(error)")
        }
        world.expectedErrors += Self.missingReports(marked, world)
      case .staleEdit:
        // The edit waits while a told edit or a row the user moved changes the list; it then replaces the list.
        let start = world.lists
        var edit = controller.makeEdit()
        let marked = make(&edit, 1 + world.random.below(5))
        let edited = world.lists
        world.lists = start
        if !world.filtering, world.random.below(2) == 0, let source = world.shownPath() {
          let row = world.sections[source.section].rows.remove(at: source.item)
          let section = world.random.below(world.sections.count)
          let item = world.position(in: section)
          world.sections[section].rows.insert(row, at: item)
          try view.moveRow(Move(source: source, target: ItemPath(item: item, section: section)))
        } else {
          var between = controller.makeEdit()
          let betweenMarked = make(&between, 1 + world.random.below(3))
          show(between, world.lists, marked: betweenMarked)
        }
        world.selected.formIntersection(Set(world.allRows.map(\.id)))
        show(edit, edited, marked: marked)
      case .twoEdits:
        let start = world.lists
        var first = controller.makeEdit()
        var second = controller.makeEdit()
        let firstMarked = make(&first, 1 + world.random.below(4))
        let firstSections = world.lists
        world.lists = start
        let secondMarked = make(&second, 1 + world.random.below(4))
        let secondSections = world.lists
        if world.random.below(2) == 0 {
          show(first, firstSections, marked: firstMarked)
          show(second, secondSections, marked: secondMarked)
        } else {
          show(second, secondSections, marked: secondMarked)
          show(first, firstSections, marked: firstMarked)
        }
      case .copiedEdit:
        var edit = controller.makeEdit()
        var marked = make(&edit, world.random.below(4))
        var copy = edit
        var copyMarked = marked
        var editSections = world.lists
        var copySections = world.lists
        for _ in 0..<(1 + world.random.below(4)) {
          let onCopy = world.random.below(2) == 0
          world.lists = onCopy ? copySections : editSections
          if onCopy {
            copyMarked += make(&copy, 1)
            copySections = world.lists
          } else {
            marked += make(&edit, 1)
            editSections = world.lists
          }
        }
        if world.random.below(2) == 0 {
          show(copy, copySections, marked: copyMarked)
          show(edit, editSections, marked: marked)
        } else {
          show(edit, editSections, marked: marked)
          show(copy, copySections, marked: copyMarked)
        }
      case .keptEdit:
        // An app keeps the value of an edit it applied (to show that list again, as an undo would): changes made
        // since, a state or other edits, leave the value as it was.
        var edit = controller.makeEdit()
        let marked = make(&edit, 1 + world.random.below(4))
        let edited = world.lists
        let kept = edit
        show(edit, edited, marked: marked)
        for _ in 0..<(1 + world.random.below(3)) {
          if world.random.below(2) == 0 {
            var between = controller.makeEdit()
            let betweenMarked = make(&between, 1 + world.random.below(3))
            show(between, world.lists, marked: betweenMarked)
          } else {
            if world.sections.isEmpty {
              world.sections.append((world.nextSection, []))
              world.nextSection += 1
            }
            for _ in 0..<(1 + world.random.below(3)) {
              if let id = world.anyRow() { _ = world.bump(id) }
              let section = world.random.below(world.sections.count)
              world.sections[section].rows.insert(contentsOf: world.newRows(1), at: world.position(in: section))
            }
            await controller.apply(state(world))
            world.selected.formIntersection(Set(world.allRows.map(\.id)))
          }
        }
        let lines = edited.sections.map { $0.rows.map { "r\($0.id) v\($0.version)" } }
        if kept.sections.map({ ListRendering.lines(of: Array($0.elements)) }) != lines {
          world.problems.append("the kept edit reads \(kept.sections.map { $0.elements.map(\.id) })")
        }
        show(kept, edited, marked: marked)
      case .longEdit:
        // Past `_EditLog.stepLimit` row changes the edit stops telling, in the middle of the edit.
        var edit = controller.makeEdit()
        var marked: [(id: Int, reloading: Bool)] = []
        for _ in 0..<600 {
          if world.random.below(15) == 0 {
            marked += make(&edit, 1)
          } else if let id = world.anyRow() {
            let (section, item) = world.first(id)!
            do {
              try edit.moveRow(ListIdentifier(id), to: ItemPath(item: item, section: section))
            } catch {
              world.problems.append("move in place refused: \(error)")
            }
          }
        }
        show(edit, world.lists, marked: marked)
      case .foreignEdit:
        await other.apply(state(world))
        var edit = other.makeEdit()
        let marked = make(&edit, 1 + world.random.below(4))
        show(edit, world.lists, marked: marked)
      case .plainEdit:
        var edit = ListEdit(controller.snapshot)
        let marked = make(&edit, 1 + world.random.below(4))
        show(edit, world.lists, marked: marked)
      case .state:
        for _ in 0..<(1 + world.random.below(5)) {
          if world.sections.isEmpty {
            world.sections.append((world.nextSection, []))
            world.nextSection += 1
          }
          let section = world.random.below(world.sections.count)
          switch Self.stateChanges.pick(using: &world.random).value {
          case .update: if let id = world.anyRow() { _ = world.bump(id) }
          case .delete: if let id = world.anyRow() { world.remove(id) }
          case .insert:
            world.sections[section].rows.insert(
              contentsOf: world.newRows(1 + world.random.below(2)), at: world.position(in: section))
          case .move:
            if let id = world.anyRow() {
              let row = world.remove(id)
              world.sections[section].rows.insert(row, at: world.position(in: section))
            }
          case .duplicate:
            // An identity held twice (the k-th of it matched with the k-th).
            if let id = world.anyRow() {
              world.sections[section].rows.insert(Row(id: id, version: 5), at: world.position(in: section))
            }
          case .header:
            let id = world.sections[section].id
            world.headers[id] = world.headers[id] == nil ? 0 : (world.headers[id]! + 1) % 3
          case .sections:
            if world.sections.count > 1, world.random.below(2) == 0 {
              world.sections.remove(at: section)
            } else {
              world.sections.insert((world.nextSection, []), at: world.random.below(world.sections.count + 1))
              world.nextSection += 1
            }
          }
        }
        await controller.apply(state(world))
      case .userMove:
        guard !world.filtering, let source = world.shownPath() else { break }
        let row = world.sections[source.section].rows.remove(at: source.item)
        let section = world.random.below(world.sections.count)
        let item = world.position(in: section)
        world.sections[section].rows.insert(row, at: item)
        try view.moveRow(Move(source: source, target: ItemPath(item: item, section: section)))
      case .userDelete:
        guard let path = world.shownPath() else { break }
        world.remove(world.shownID(at: path))
        try engine.commitEdit(.delete, forRowAt: path)
      case .choose:
        guard let path = world.shownPath() else { break }
        try view.selectRow(at: path)
      case .select:
        switch Self.selecting.pick(using: &world.random).value {
        case .toggle:
          guard let path = world.shownPath() else { break }
          let id = world.shownID(at: path)
          if !world.selected.insert(id).inserted { world.selected.remove(id) }
          try engine.toggleSelection(ofRowAt: path)
        case .select:
          // Any row, hidden by the query or not; or an identity the list does not have, which is ignored.
          let id = world.anyRow() ?? -7
          if world.count(of: id) > 0 { world.selected.insert(id) }
          engine.select(ListIdentifier(id))
        case .deselect:
          let selected = world.selected.sorted()
          guard !selected.isEmpty else { break }
          let id = selected[world.random.below(selected.count)]
          world.selected.remove(id)
          engine.deselect(ListIdentifier(id))
        case .clear:
          world.selected = []
          engine.clearSelection()
        }
      case .refresh:
        var ids = (0..<(1 + world.random.below(3))).map { _ in world.anyRow() ?? -3 }
        if world.random.below(3) == 0 { ids.append(-2) }
        var reported = Set<Int>()
        let missing = ids.filter { world.count(of: $0) == 0 && reported.insert($0).inserted }
        if !missing.isEmpty { world.expectedErrors.append(.unknownRows(missing.map { ListIdentifier($0) })) }
        let identities = ids.map { ListIdentifier($0) }
        if world.random.below(2) == 0 { engine.reconfigureRows(identities) } else { engine.reloadRows(identities) }
      case .badGesture:
        // Out of range: thrown, reported once, and nothing changes.
        let shownIDs = world.shownIDs
        let section = world.random.below(shownIDs.count + 1)
        // Past the end of a section even once a row moved out of it, or in a section the list does not have.
        let bad =
          section == shownIDs.count
          ? ItemPath(item: 0, section: section) : ItemPath(item: shownIDs[section].count + 1, section: section)
        let good = world.shownPath() ?? ItemPath(item: 0, section: 0)
        var thrown: ListFlowError?
        let gesture = Self.badGestures.pick(using: &world.random)
        log.append("  " + gesture.name)
        do {
          switch gesture.value {
          case .delete: try engine.commitEdit(.delete, forRowAt: bad)
          case .toggle: try engine.toggleSelection(ofRowAt: bad)
          case .select: try engine.select(rowAt: bad)
          case .choose: try view.selectRow(at: bad)
          case .moveFrom: if !world.filtering { try view.moveRow(Move(source: bad, target: good)) }
          case .moveTo: if !world.filtering { try view.moveRow(Move(source: good, target: bad)) }
          }
        } catch {
          thrown = error
        }
        if let thrown { world.expectedErrors.append(thrown) }
      case .query:
        world.filtering.toggle()
        filter.query = world.filtering ? World.query : ""
      case .reentry:
        world.reentry = Self.reentries.pick(using: &world.random).value
      }
      // A row the list no longer has leaves the selection.
      let held = Set(world.allRows.map(\.id))
      world.selected.formIntersection(held)
      let context = "seed \(seed), step \(step): \(log.suffix(12))"
      #expect(view.inconsistencies.isEmpty, "\(context): \(view.inconsistencies)")
      let shown = view.sections.map { $0.rows.map(\.textRepresentation) }
      #expect(shown == world.shown, "\(context)")
      #expect(view.sections.map { $0.header?.textRepresentation } == world.shownHeaders, "\(context)")
      #expect(
        controller.snapshot.map { Array($0.elements.map(\.id)) }
          == world.sections.map { $0.rows.map { ListIdentifier($0.id) } }, "\(context)")
      #expect(Set(engine.selection.identifiers) == Set(world.selected.map { ListIdentifier($0) }), "\(context)")
      let shownSelected = Set(engine.selectedRows.compactMap { engine.identity(ofRowAt: $0) })
      let expectedShown = world.selected.filter { !world.filtering || !World.isHidden($0) }
      #expect(shownSelected == Set(expectedShown.map { ListIdentifier($0) }), "\(context)")
      #expect(world.errors == world.expectedErrors, "\(context)")
      #expect(world.problems.isEmpty, "\(context): \(world.problems)")
      let failed =
        !view.inconsistencies.isEmpty || shown != world.shown || world.errors != world.expectedErrors
        || !world.problems.isEmpty
      if failed { break }
      world.errors = []
      world.expectedErrors = []
    }
    withExtendedLifetime(engine) {}
  }

  /// The ``ListFlowError/unknownRows(_:)`` an edit's marked rows that the list no longer has are reported as:
  /// ``ListController/apply(_:animated:)`` refreshes the reconfigured rows, then the reloaded ones.
  static func missingReports(_ marked: [(id: Int, reloading: Bool)], _ world: World) -> [ListFlowError] {
    [false, true].compactMap { reloading in
      var named = Set<Int>()
      let missing = marked.filter {
        $0.reloading == reloading && named.insert($0.id).inserted && world.count(of: $0.id) == 0
      }
      return missing.isEmpty ? nil : .unknownRows(missing.map { ListIdentifier($0.id) })
    }
  }
}
