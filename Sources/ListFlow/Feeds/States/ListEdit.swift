/// A list as a value to edit: append, insert, delete and move rows and sections, mark rows to reconfigure or
/// reload, and hand the result to a controller, which diffs it with the list shown like any state.
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
/// An edit made by a controller (``ListController/makeEdit()``) costs its edits, not the list. It keeps an
/// index of its rows by identity (a table of the identities' hashes and, per section, a Fenwick tree of the rows
/// before each row of the list it was made from, with the rows inserted since kept at their place), so naming,
/// inserting, deleting or moving a row is O(log *n*); and it remembers which rows it removed and inserted, so
/// the controller tells the view the stages from those rows alone, without comparing the rest of the list. The
/// index is made once, O(*n*), by the first edit after a state; the controller keeps it from one edit to the
/// next while only edits change its list. An edit that inserts, deletes or moves sections, that makes more
/// than 1,024 row changes, that starts from a list holding an identity twice, or that was copied and changed
/// twice, is diffed with the list shown instead, as an edit made with ``init(_:)`` always is.
///
/// - Complexity: Each row edit is O(log *n* + *p*) for a list of *n* rows in *p* pieces (see ``CellBinderList``)
///   once the index is made, O(*n*) without one; a section edit is O(*n*).
public struct ListEdit: Sendable {
  /// The list once the edits so far are made: what a controller shows when the edit is applied.
  public private(set) var sections: ListSnapshot
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
    self.sections = sections
  }

  /// The identities of the sections, in order.
  public var sectionIdentifiers: [ListIdentifier] { sections.map(\.model.id) }

  /// The identities of all rows, section after section.
  public var rowIdentifiers: [ListIdentifier] { sections.flatMap { $0.elements.map(\.id) } }

  /// The identities of a section's rows, in order.
  ///
  /// - Parameter section: The section's identity.
  /// - Returns: The identities.
  /// - Throws: ``ListFlowError/unknownSection(_:)``.
  public func rowIdentifiers(inSection section: ListIdentifier) throws(ListFlowError) -> [ListIdentifier] {
    sections[try index(ofSection: section)].elements.map(\.id)
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
    try insertSections(newSections, at: sections.count)
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
    guard (0...sections.count).contains(index) else {
      throw .sectionOutOfRange(section: index, sectionCount: sections.count)
    }
    let snapshots = newSections.map(\.snapshot)
    var sectionIDs = Set(sectionIdentifiers)
    for section in snapshots where !sectionIDs.insert(section.model.id).inserted {
      throw .duplicateSection(section.model.id)
    }
    try checkNew(snapshots.flatMap(\.elements))
    log = nil
    sections.insert(contentsOf: snapshots, at: index)
  }

  /// Deletes sections and their rows.
  ///
  /// - Parameter ids: The sections' identities.
  /// - Throws: ``ListFlowError/unknownSection(_:)``.
  public mutating func deleteSections(_ ids: [ListIdentifier]) throws(ListFlowError) {
    for id in ids { _ = try index(ofSection: id) }
    log = nil
    let deleted = Set(ids)
    sections.removeAll { deleted.contains($0.model.id) }
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
    log = nil
    let section = sections.remove(at: source)
    let target = try index(ofSection: other) + (after ? 1 : 0)
    sections.insert(section, at: target)
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
      guard !sections.isEmpty else { throw .noSection }
      index = sections.count - 1
    }
    try checkNew(rows)
    insert(rows, at: ItemPath(item: sections[index].elements.count, section: index))
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
    guard sections.indices.contains(path.section) else {
      throw .sectionOutOfRange(section: path.section, sectionCount: sections.count)
    }
    let count = sections[path.section].elements.count
    guard (0...count).contains(path.item) else { throw .rowOutOfRange(path: path, rowCount: count) }
    try checkNew(rows)
    insert(rows, at: path)
  }

  /// Deletes rows.
  ///
  /// - Parameter ids: The rows' identities.
  /// - Throws: ``ListFlowError/rowNotFound(_:)``.
  public mutating func deleteRows(_ ids: [ListIdentifier]) throws(ListFlowError) {
    var paths: [ItemPath] = []
    for id in ids { paths.append(try path(ofRow: id)) }
    for path in Set(paths).sorted(by: >) { _ = removeRow(at: path) }
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
    let source = try self.path(ofRow: id)
    guard sections.indices.contains(path.section) else {
      throw .sectionOutOfRange(section: path.section, sectionCount: sections.count)
    }
    let count = sections[path.section].elements.count - (source.section == path.section ? 1 : 0)
    guard (0...count).contains(path.item) else { throw .rowOutOfRange(path: path, rowCount: count) }
    let row = removeRow(at: source)
    insert([row], at: path, moved: true)
  }

  private mutating func moveRow(
    _ id: ListIdentifier, next other: ListIdentifier, after: Bool
  )
    throws(ListFlowError)
  {
    guard id != other else { throw .movedRelativeToItself(id) }
    let source = try path(ofRow: id)
    _ = try path(ofRow: other)
    let row = removeRow(at: source)
    let target = try path(ofRow: other)
    insert([row], at: ItemPath(item: target.item + (after ? 1 : 0), section: target.section), moved: true)
  }

  /// Marks rows to be filled again once the list is shown, although their content may not have changed
  /// (``ListEngine/reconfigureRows(_:animated:)``).
  ///
  /// - Parameter ids: The rows' identities.
  /// - Throws: ``ListFlowError/rowNotFound(_:)``.
  public mutating func reconfigureRows(_ ids: [ListIdentifier]) throws(ListFlowError) {
    for id in ids { _ = try path(ofRow: id) }
    for id in ids where !reconfiguredRows.contains(id) { reconfiguredRows.append(id) }
  }

  /// Marks rows whose cells are to be replaced once the list is shown (``ListEngine/reloadRows(_:animated:)``).
  ///
  /// - Parameter ids: The rows' identities.
  /// - Throws: ``ListFlowError/rowNotFound(_:)``.
  public mutating func reloadRows(_ ids: [ListIdentifier]) throws(ListFlowError) {
    for id in ids { _ = try path(ofRow: id) }
    for id in ids where !reloadedRows.contains(id) { reloadedRows.append(id) }
  }

  // MARK: Look-ups

  private func index(ofSection id: ListIdentifier) throws(ListFlowError) -> Int {
    guard let index = sections.firstIndex(where: { $0.model.id == id }) else { throw .unknownSection(id) }
    return index
  }

  /// The index of the rows, when the edit keeps one (made now if it has none yet).
  private mutating func rowIndex() -> _RowIndex? {
    guard log != nil else { return nil }
    if let index = log?.readyIndex(sections) { return index }
    log = nil
    return nil
  }

  private mutating func path(ofRow id: ListIdentifier) throws(ListFlowError) -> ItemPath {
    if let index = rowIndex() {
      guard let path = index.path(of: id, in: sections) else { throw .rowNotFound(id) }
      return path
    }
    for (section, content) in sections.enumerated() {
      if let item = content.elements.firstIndex(ofIdentity: id) {
        return ItemPath(item: item, section: section)
      }
    }
    throw .rowNotFound(id)
  }

  /// Throws when a new row's identity is in the list already or twice among the new rows.
  private mutating func checkNew(_ rows: [CellBinder]) throws(ListFlowError) {
    guard !rows.isEmpty else { return }
    if let index = rowIndex() {
      var seen = Set<ListIdentifier>()
      for row in rows where !seen.insert(row.id).inserted || index.path(of: row.id, in: sections) != nil {
        throw .duplicateRow(row.id)
      }
      return
    }
    var seen = Set(rowIdentifiers)
    for row in rows where !seen.insert(row.id).inserted { throw .duplicateRow(row.id) }
  }

  /// Removes the row at `path` (which exists) and returns it.
  private mutating func removeRow(at path: ItemPath) -> CellBinder {
    if log != nil, log?.recordRemoval(of: sections[path.section].elements.identity(at: path.item), at: path) != true {
      log = nil
    }
    return sections[path.section].elements.remove(at: path.item)
  }

  /// Inserts rows at `path` (a valid position): rows the app gives, or a row moved.
  private mutating func insert(_ rows: [CellBinder], at path: ItemPath, moved: Bool = false) {
    if log != nil, log?.recordInsertion(of: rows.map(\.id), at: path, moved: moved) != true { log = nil }
    sections[path.section].elements.insert(contentsOf: rows, at: path.item)
  }
}
