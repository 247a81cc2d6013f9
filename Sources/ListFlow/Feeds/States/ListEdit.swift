/// A list as a value to edit: append, insert, delete and move rows and sections, mark rows to reconfigure or
/// reload, and hand the result to a controller, which shows it like any state.
///
/// For code that thinks in edits rather than in states (the way a diffable data source's snapshot is edited):
///
/// ```swift
/// var edit = ListEdit()
/// try edit.appendSections(["inbox"])
/// try edit.appendRows([MessageCell.makeBinder(value: "hi", id: "a"), MessageCell.makeBinder(value: "bye", id: "b")])
/// try edit.moveRow("b", before: "a")
/// try edit.reconfigureRows(["a"])
/// controller.apply(edit)
/// ```
///
/// Rows and sections are named by identity (``CellBinder/id``, ``ListSectionSnapshot/Model/id``). Identities are meant to be
/// unique: inserting a row or section whose identity is in the list already throws
/// ``ListFlowError/duplicateRow(_:)`` or ``ListFlowError/duplicateSection(_:)``. When the list an edit starts
/// from holds an identity twice, an edit naming it acts on the first. Every edit is checked before it changes
/// anything: a refused edit throws a ``ListFlowError`` and leaves the value as it was.
///
/// An edit made by a controller (``ListController/makeEdit()``) costs its edits, not the list. Design: it keeps
/// an index of its rows by identity (a table of the identities' hashes and, per section, a Fenwick tree over the
/// rows of the list the index was made from, the rows inserted since kept at their place), so naming, inserting,
/// updating, deleting or moving a row is O(log *n*) and changes no list; it remembers the rows it removed, inserted
/// and updated, and the edited list (``sections``) is built once, when it is read or applied, from the untouched runs of the
/// list the edit started from and those rows. The controller makes the stages from the touched rows alone,
/// without comparing the rest of the list, and keeps the index for its next edit, following the changes of the
/// states applied between (O(*c* log *n*) for *c* row changes). The first edit makes it, O(*n*) once, and so does
/// the first after a change that inserted, deleted or moved sections, that put in an identity the list held
/// already, or whose rows changed, with the rows put in since the index was made, outnumber half the rows it was
/// made from (naming one of *g* rows put in at one place costs O(*g*)). An edit that inserts, deletes or moves
/// sections, that makes more than 1,024 row changes, that starts from a list holding an identity twice, or that
/// was copied and changed twice, is diffed with the list shown instead, as an edit made with ``init(_:)`` always is:
/// only the sections it changed are diffed (a section whose rows are the very rows shown, with the same header,
/// footer and index title, is not read, wherever it moved).
///
/// A list that only told edits change, for a long time, keeps every binder the app gave for its rows (a state
/// keeps the app's rows instead): each edit stays O(log *n*) a row, but takes longer as those binders spread over
/// memory (at 100,000 rows, an edit of 125 rows took about three times as long after 3,000 such edits as after 40).
/// Applying a state makes the list compact again.
///
/// - Complexity: With the index, each row edit is O(log *n*), plus O(*g*) to name one of *g* rows inserted at
///   one place since the index was made; without it, O(*n*). Reading ``sections`` is O(*p* + *k* log *n*) for a
///   list of *p* pieces (see ``CellBinderList``) and *k* rows touched.
public struct ListEdit: Sendable {
  /// The list once the edits so far are made: what a controller shows when the edit is applied.
  public var sections: ListSnapshot {
    guard let log, !log.touched.isEmpty, let resolution = log.resolve() else { return list }
    return log.target(resolution)
  }
  /// The list, but for the row changes a told edit keeps in ``log``.
  private var list: ListSnapshot
  /// The rows to fill again once the list is shown, by identity, in the order they were named.
  public private(set) var reconfiguredRows: [ListIdentifier] = []
  /// The rows whose cells to replace once the list is shown, by identity, in the order they were named.
  public private(set) var reloadedRows: [ListIdentifier] = []
  /// For an edit made by a controller (``ListController/makeEdit()``): the index of its rows and what it did to
  /// them, so that the controller can tell the stages without a diff; `nil` once it cannot.
  var log: _EditLog?

  /// Starts an edit from a list: empty by default, or the list a controller shows (``ListController/snapshot``).
  ///
  /// - Parameter sections: The list to edit.
  public init(_ sections: ListSnapshot = []) {
    self.list = sections
  }

  /// The identities of the sections, in order.
  public var sectionIdentifiers: [ListIdentifier] { list.map(\.model.id) }

  /// The identities of all rows, section after section.
  public var rowIdentifiers: [ListIdentifier] { sections.flatMap(\.elements.identities) }

  /// The identities of a section's rows, in order.
  ///
  /// - Parameter section: The section's identity.
  /// - Returns: The identities.
  /// - Throws: ``ListFlowError/unknownSection(_:)``.
  public func rowIdentifiers(inSection section: ListIdentifier) throws(ListFlowError) -> [ListIdentifier] {
    Array(sections[try index(ofSection: section)].elements.identities)
  }

  // MARK: Sections

  /// Adds empty sections, or sections with rows, after the last one.
  ///
  /// - Parameter newSections: The sections.
  /// - Throws: ``ListFlowError/duplicateSection(_:)`` or ``ListFlowError/duplicateRow(_:)``.
  public mutating func appendSections(
    _ newSections: [ListSection<CellBinder>]
  )
    throws(ListFlowError)
  {
    try insertSections(newSections, at: list.count)
  }

  /// Adds empty sections after the last one.
  ///
  /// - Parameter ids: The sections' identities.
  /// - Throws: ``ListFlowError/duplicateSection(_:)``.
  public mutating func appendSections(_ ids: [ListIdentifier]) throws(ListFlowError) {
    try appendSections(ids.map { ListSection<CellBinder>(id: $0, items: []) })
  }

  /// Inserts sections before a section.
  ///
  /// - Parameters:
  ///   - newSections: The sections.
  ///   - section: The identity of the section they go before.
  /// - Throws: ``ListFlowError/unknownSection(_:)``, ``ListFlowError/duplicateSection(_:)`` or
  ///   ``ListFlowError/duplicateRow(_:)``.
  public mutating func insertSections(
    _ newSections: [ListSection<CellBinder>], before section: ListIdentifier
  ) throws(ListFlowError) {
    try insertSections(newSections, at: try index(ofSection: section))
  }

  /// Inserts sections after a section.
  ///
  /// - Parameters:
  ///   - newSections: The sections.
  ///   - section: The identity of the section they go after.
  /// - Throws: As ``insertSections(_:before:)``.
  public mutating func insertSections(
    _ newSections: [ListSection<CellBinder>], after section: ListIdentifier
  ) throws(ListFlowError) {
    try insertSections(newSections, at: try index(ofSection: section) + 1)
  }

  /// Inserts sections at a section index.
  ///
  /// - Parameters:
  ///   - newSections: The sections.
  ///   - index: Where the first goes, in `0...sectionCount`.
  /// - Throws: ``ListFlowError/sectionOutOfRange(section:sectionCount:)``,
  ///   ``ListFlowError/duplicateSection(_:)`` or ``ListFlowError/duplicateRow(_:)``.
  public mutating func insertSections(
    _ newSections: [ListSection<CellBinder>], at index: Int
  )
    throws(ListFlowError)
  {
    guard (0...list.count).contains(index) else {
      throw .sectionOutOfRange(section: index, sectionCount: list.count)
    }
    settle()
    let snapshots = newSections.map(\.snapshot)
    var sectionIDs = Set(sectionIdentifiers)
    for section in snapshots where !sectionIDs.insert(section.model.id).inserted {
      throw .duplicateSection(section.model.id)
    }
    try checkNew(snapshots.flatMap(\.elements))
    list.insert(contentsOf: snapshots, at: index)
  }

  /// Deletes sections and their rows.
  ///
  /// - Parameter ids: The sections' identities. Each identity deletes one section, however many times it is
  ///   named: the first of that identity, when the list holds it twice.
  /// - Throws: ``ListFlowError/unknownSection(_:)``.
  public mutating func deleteSections(_ ids: [ListIdentifier]) throws(ListFlowError) {
    for id in ids { _ = try index(ofSection: id) }
    settle()
    var named = Set(ids)
    var kept: ListSnapshot = []
    kept.reserveCapacity(list.count)
    for section in list where named.remove(section.model.id) == nil { kept.append(section) }
    list = kept
  }

  /// Moves a section before another.
  ///
  /// - Parameters:
  ///   - id: The identity of the section to move.
  ///   - other: The identity of the section it goes before.
  /// - Throws: ``ListFlowError/unknownSection(_:)`` or ``ListFlowError/movedRelativeToItself(_:)``.
  public mutating func moveSection(_ id: ListIdentifier, before other: ListIdentifier) throws(ListFlowError) {
    try moveSection(id, next: other, after: false)
  }

  /// Moves a section after another.
  ///
  /// - Parameters:
  ///   - id: The identity of the section to move.
  ///   - other: The identity of the section it goes after.
  /// - Throws: As ``moveSection(_:before:)``.
  public mutating func moveSection(_ id: ListIdentifier, after other: ListIdentifier) throws(ListFlowError) {
    try moveSection(id, next: other, after: true)
  }

  private mutating func moveSection(
    _ id: ListIdentifier, next other: ListIdentifier, after: Bool
  )
    throws(ListFlowError)
  {
    guard id != other else { throw .movedRelativeToItself(id) }
    let source = try index(ofSection: id)
    _ = try index(ofSection: other)
    settle()
    let section = list.remove(at: source)
    let target = try index(ofSection: other) + (after ? 1 : 0)
    list.insert(section, at: target)
  }

  // MARK: Rows

  /// Adds rows at the end of a section: the last section when none is named.
  ///
  /// - Parameters:
  ///   - rows: The rows.
  ///   - section: The section's identity, or `nil` for the last section.
  /// - Throws: ``ListFlowError/noSection``, ``ListFlowError/unknownSection(_:)`` or
  ///   ``ListFlowError/duplicateRow(_:)``.
  public mutating func appendRows(
    _ rows: [CellBinder], toSection section: ListIdentifier? = nil
  )
    throws(ListFlowError)
  {
    let index: Int
    if let section {
      index = try self.index(ofSection: section)
    } else {
      guard !list.isEmpty else { throw .noSection }
      index = list.count - 1
    }
    try checkNew(rows)
    insert(rows, at: ItemPath(item: rowCount(index), section: index))
  }

  /// Inserts rows before a row.
  ///
  /// - Parameters:
  ///   - rows: The rows.
  ///   - row: The identity of the row they go before.
  /// - Throws: ``ListFlowError/rowNotFound(_:)`` or ``ListFlowError/duplicateRow(_:)``.
  public mutating func insertRows(
    _ rows: [CellBinder], before row: ListIdentifier
  )
    throws(ListFlowError)
  {
    try insertRows(rows, at: try path(ofRow: row))
  }

  /// Inserts rows after a row.
  ///
  /// - Parameters:
  ///   - rows: The rows.
  ///   - row: The identity of the row they go after.
  /// - Throws: As ``insertRows(_:before:)``.
  public mutating func insertRows(
    _ rows: [CellBinder], after row: ListIdentifier
  )
    throws(ListFlowError)
  {
    let path = try path(ofRow: row)
    try insertRows(rows, at: ItemPath(item: path.item + 1, section: path.section))
  }

  /// Inserts rows at a position.
  ///
  /// - Parameters:
  ///   - rows: The rows.
  ///   - path: Where the first goes: a section of the list, and an item in `0...rowCount`.
  /// - Throws: ``ListFlowError/sectionOutOfRange(section:sectionCount:)``,
  ///   ``ListFlowError/rowOutOfRange(path:rowCount:)`` or ``ListFlowError/duplicateRow(_:)``.
  public mutating func insertRows(
    _ rows: [CellBinder], at path: ItemPath
  )
    throws(ListFlowError)
  {
    guard list.indices.contains(path.section) else {
      throw .sectionOutOfRange(section: path.section, sectionCount: list.count)
    }
    let count = rowCount(path.section)
    guard (0...count).contains(path.item) else { throw .rowOutOfRange(path: path, rowCount: count) }
    try checkNew(rows)
    insert(rows, at: path)
  }

  /// Deletes rows.
  ///
  /// - Parameter ids: The rows' identities.
  /// - Throws: ``ListFlowError/rowNotFound(_:)``.
  public mutating func deleteRows(_ ids: [ListIdentifier]) throws(ListFlowError) {
    var rows: [(id: ListIdentifier, found: Found)] = []
    rows.reserveCapacity(ids.count)
    for id in ids { rows.append((id, try find(row: id))) }
    // Last first, so that each path holds when its row goes; a row named twice goes once.
    if rows.count > 1 { rows.sort { $0.found.path > $1.found.path } }
    let told = canTell()
    var previous: ItemPath?
    for (id, found) in rows where found.path != previous {
      previous = found.path
      if told, let indexed = found.indexed {
        log?.recordRemoval(of: id, found: indexed)
      } else {
        list[found.path.section].elements.remove(at: found.path.item)
      }
    }
  }

  /// Gives rows new content: each row replaces the row of its identity, where that row is, the way a new
  /// revision of a row in a state would. In an edit made by ``ListController/makeEdit()`` the row shows as an
  /// update whatever its content (the app told it; its cell is filled again if it is on screen); an edit that is
  /// diffed (see ``ListEdit``) shows it as an update when its content differs, as a state does.
  ///
  /// ```swift
  /// try edit.updateRows([MessageCell.makeBinder(value: "hello again", id: "m1")])
  /// ```
  ///
  /// - Parameter rows: The new revisions of rows of the list.
  /// - Throws: ``ListFlowError/rowNotFound(_:)`` for an identity the list does not have, or
  ///   ``ListFlowError/duplicateRow(_:)`` for an identity given twice.
  /// - Complexity: In an edit made by ``ListController/makeEdit()``, O(log *n*) a row, the same as
  ///   ``deleteRows(_:)``; nothing moves, so the index of the rows is left as it is.
  public mutating func updateRows(_ rows: [CellBinder]) throws(ListFlowError) {
    guard !rows.isEmpty else { return }
    // One row (the common case of an app telling its edits one by one): no array of places, no set of names.
    if rows.count == 1 {
      let place = try find(row: rows[0].id)
      update(to: rows, at: 0, place: place, told: canTell())
      return
    }
    var found: [Found] = []
    found.reserveCapacity(rows.count)
    var named = Set<ListIdentifier>()
    for row in rows {
      guard named.insert(row.id).inserted else { throw .duplicateRow(row.id) }
      found.append(try find(row: row.id))
    }
    let told = canTell()
    for (offset, place) in found.enumerated() { update(to: rows, at: offset, place: place, told: told) }
  }

  /// Puts `rows[offset]` where `place` says a row of the same identity was: recorded when `told` (the binder as
  /// `_EditLog.given(_:at:)` keeps it), else in the list.
  private mutating func update(to rows: [CellBinder], at offset: Int, place: Found, told: Bool) {
    if told, let indexed = place.indexed {
      log?.recordUpdate(of: _EditLog.given(rows, at: offset), found: indexed)
    } else {
      list[place.path.section].elements[place.path.item] = rows[offset]
    }
  }

  /// Moves a row before another, in the same section or another.
  ///
  /// - Parameters:
  ///   - id: The identity of the row to move.
  ///   - other: The identity of the row it goes before.
  /// - Throws: ``ListFlowError/rowNotFound(_:)`` or ``ListFlowError/movedRelativeToItself(_:)``.
  public mutating func moveRow(_ id: ListIdentifier, before other: ListIdentifier) throws(ListFlowError) {
    try moveRow(id, next: other, after: false)
  }

  /// Moves a row after another, in the same section or another.
  ///
  /// - Parameters:
  ///   - id: The identity of the row to move.
  ///   - other: The identity of the row it goes after.
  /// - Throws: As ``moveRow(_:before:)``.
  public mutating func moveRow(_ id: ListIdentifier, after other: ListIdentifier) throws(ListFlowError) {
    try moveRow(id, next: other, after: true)
  }

  /// Moves a row to a position: a section of the list, and an item in `0...rowCount` of that section once the
  /// row has left its place.
  ///
  /// - Parameters:
  ///   - id: The identity of the row to move.
  ///   - path: Where it goes.
  /// - Throws: ``ListFlowError/rowNotFound(_:)``, ``ListFlowError/sectionOutOfRange(section:sectionCount:)`` or
  ///   ``ListFlowError/rowOutOfRange(path:rowCount:)``.
  public mutating func moveRow(_ id: ListIdentifier, to path: ItemPath) throws(ListFlowError) {
    let found = try find(row: id)
    let source = found.path
    guard list.indices.contains(path.section) else {
      throw .sectionOutOfRange(section: path.section, sectionCount: list.count)
    }
    let count = rowCount(path.section) - (source.section == path.section ? 1 : 0)
    guard (0...count).contains(path.item) else { throw .rowOutOfRange(path: path, rowCount: count) }
    if canTell(), let indexed = found.indexed {
      log?.recordRemoval(of: id, found: indexed)
      log?.recordInsertion(of: [id], binders: nil, at: path)
    } else {
      let row = list[source.section].elements.remove(at: source.item)
      list[path.section].elements.insert(row, at: path.item)
    }
  }

  private mutating func moveRow(
    _ id: ListIdentifier, next other: ListIdentifier, after: Bool
  )
    throws(ListFlowError)
  {
    guard id != other else { throw .movedRelativeToItself(id) }
    let found = try find(row: id)
    let source = found.path
    _ = try path(ofRow: other)
    if canTell(), let indexed = found.indexed {
      log?.recordRemoval(of: id, found: indexed)
      let target = try path(ofRow: other)
      log?.recordInsertion(
        of: [id], binders: nil, at: ItemPath(item: target.item + (after ? 1 : 0), section: target.section))
    } else {
      let row = list[source.section].elements.remove(at: source.item)
      let target = try path(ofRow: other)
      list[target.section].elements.insert(row, at: target.item + (after ? 1 : 0))
    }
  }

  /// Marks rows to be filled again once the list is shown, although their content may not have changed
  /// (``ListEngine/reconfigureRows(_:animated:)``).
  ///
  /// A marked row that is not shown then (a ``FilteredFeed`` over the controller hides it) is skipped with no error:
  /// its cell is configured afresh when it is shown again. A marked row that the list no longer has then (the edit
  /// deleted it after marking it, say) is reported as ``ListFlowError/unknownRows(_:)``.
  ///
  /// - Parameter ids: The rows' identities.
  /// - Throws: ``ListFlowError/rowNotFound(_:)``.
  public mutating func reconfigureRows(_ ids: [ListIdentifier]) throws(ListFlowError) {
    for id in ids { _ = try path(ofRow: id) }
    for id in ids where !reconfiguredRows.contains(id) { reconfiguredRows.append(id) }
  }

  /// Marks rows whose cells are to be replaced once the list is shown (``ListEngine/reloadRows(_:animated:)``).
  ///
  /// As for ``reconfigureRows(_:)``, a marked row that is not shown then is skipped with no error, and one that the
  /// list no longer has is reported as ``ListFlowError/unknownRows(_:)``.
  ///
  /// - Parameter ids: The rows' identities.
  /// - Throws: ``ListFlowError/rowNotFound(_:)``.
  public mutating func reloadRows(_ ids: [ListIdentifier]) throws(ListFlowError) {
    for id in ids { _ = try path(ofRow: id) }
    for id in ids where !reloadedRows.contains(id) { reloadedRows.append(id) }
  }

  // MARK: Look-ups

  private func index(ofSection id: ListIdentifier) throws(ListFlowError) -> Int {
    guard let index = list.firstIndex(where: { $0.model.id == id }) else { throw .unknownSection(id) }
    return index
  }

  /// The index of the rows, when the edit keeps one (made now if it has none yet).
  private mutating func rowIndex() -> _RowIndex? {
    guard log != nil else { return nil }
    if let index = log?.readyIndex(list) { return index }
    settle()
    return nil
  }

  /// Whether the next row change can be told; when it cannot, the edit stops telling (the changes kept so far
  /// go into the list).
  private mutating func canTell() -> Bool {
    if rowIndex() != nil, log?.canRecord() == true { return true }
    settle()
    return false
  }

  /// Stops telling: the row changes kept so far go into the list, which is diffed when the edit is applied.
  private mutating func settle() {
    if let log, !log.touched.isEmpty { list = sections }
    log = nil
  }

  /// The number of rows of a section of the list now.
  private func rowCount(_ section: Int) -> Int {
    log?.index?.sections[section].count ?? list[section].elements.count
  }

  private mutating func path(ofRow id: ListIdentifier) throws(ListFlowError) -> ItemPath {
    try find(row: id).path
  }

  /// Where a row is: its path, and its place in the index when the edit keeps one.
  private struct Found {
    var path: ItemPath
    var indexed: _RowIndex.Found?
  }

  private mutating func find(row id: ListIdentifier) throws(ListFlowError) -> Found {
    if let index = rowIndex() {
      guard let found = index.find(id) else { throw .rowNotFound(id) }
      return Found(path: found.path, indexed: found)
    }
    for (section, content) in list.enumerated() {
      if let item = content.elements.firstIndex(ofIdentity: id) {
        return Found(path: ItemPath(item: item, section: section), indexed: nil)
      }
    }
    throw .rowNotFound(id)
  }

  /// Throws when a new row's identity is in the list already or twice among the new rows.
  private mutating func checkNew(_ rows: [CellBinder]) throws(ListFlowError) {
    guard !rows.isEmpty else { return }
    if let index = rowIndex() {
      if rows.count == 1 {
        if index.path(of: rows[0].id) != nil { throw .duplicateRow(rows[0].id) }
        return
      }
      var seen = Set<ListIdentifier>()
      for row in rows where !seen.insert(row.id).inserted || index.path(of: row.id) != nil {
        throw .duplicateRow(row.id)
      }
      return
    }
    // The new identities are looked for in each section, each piece choosing how: a run of rows that keeps a
    // table of its identities looks each one up when they are few beside its rows (a probe each), and reads its
    // rows' identities once otherwise; no binder made where the identities are known. So a few rows put in a long
    // list cost a probe a run, not a table of every identity of the list.
    let ids = Set(rows.lazy.map(\.id))
    var present = Set<ListIdentifier>()
    for section in list {
      for position in section.elements.positions(ofIdentities: ids) {
        present.insert(section.elements.identity(at: position))
      }
    }
    // The first row, in order, whose identity the list has or an earlier row has.
    var seen = Set<ListIdentifier>()
    for row in rows where !seen.insert(row.id).inserted || present.contains(row.id) {
      throw .duplicateRow(row.id)
    }
  }

  /// Inserts the app's rows at `path` (a valid position).
  private mutating func insert(_ rows: [CellBinder], at path: ItemPath) {
    if canTell() {
      log?.recordInsertion(of: rows.map(\.id), binders: rows, at: path)
    } else {
      list[path.section].elements.insert(contentsOf: rows, at: path.item)
    }
  }
}
