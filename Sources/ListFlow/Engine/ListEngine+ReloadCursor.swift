/// A data source that knows, while its view reloads, the list the view showed before: so that a view with a
/// cursor can put it, when the reload removed the cursor's row, where a change shown in batches would have put it.
/// ``ListEngine`` is one; a view casts its data source to it.
@MainActor
package protocol _ReloadCursorFinding: AnyObject {
  /// During the view's ``ListView/reloadData()``: where the row that was at `path` in the list shown before the
  /// reload, with the identity `id`, is now; or, when the reload removed it, the row that takes its place.
  ///
  /// The row is where the list now has its identity in the section of the identity its section had; else in
  /// another section that did not have a row of that identity before (the reload moved it there; a row of the
  /// same identity that another section showed before as well is another row, as the Demo's Pinned section and
  /// its list of every process show the same pid). Otherwise the reload removed it, and the row that takes its
  /// place is the first row after the last row before it that stays (a row of the same section identity),
  /// unless the reload moved it there from another section or from before the place (so the first row the reload
  /// put at the place, else the first row after it that stays); when there is none, the last row before it that
  /// stays; when there is none either, the first row of the list. It is the search a batch uses
  /// (`_CursorPlaceReading.cursorPlace(leaving:)`), with rows compared by identity.
  ///
  /// - Returns: The position in the list shown now, and whether it is the row's own (`false`: the row that takes
  ///   its place); `nil` outside a reload, for a first load, when the list before has no row `id` at `path`, or
  ///   when the list now has no row.
  /// - Complexity: One identity read while the row keeps its position and section; else an identity lookup in
  ///   each section (O(*s*) with the sections' positions by identity) while the row is not in its own; and for a
  ///   removed row, identity lookups for the rows it passes over only (rows before the place that the reload
  ///   removed, rows after it that it moved there), each a search of one section (of every section, for a row
  ///   that was not in its section before); a section that the reload removed is passed over in one step.
  func _pathAfterReload(ofRowWithIdentity id: ListIdentifier, at path: ItemPath) -> (path: ItemPath, isRow: Bool)?

  /// While the view applies a change in batches or reloads: whether the list shown before it had a row of
  /// identity `id` in the section of identity `section`, so that a view following a row the change deleted
  /// does not take a row that section showed already for it.
  ///
  /// - Returns: `nil` outside a change.
  /// - Complexity: O(*s*) section identity comparisons and one identity lookup in a section.
  func _listBeforeChange(hasRow id: ListIdentifier, inSection section: ListIdentifier) -> Bool?
}

extension ListEngine: _ReloadCursorFinding {
  package func _listBeforeChange(hasRow id: ListIdentifier, inSection section: ListIdentifier) -> Bool? {
    guard let before = listBeforeBatches ?? listBeforeView else { return nil }
    guard let index = before.firstIndex(where: { $0.model.id == section }) else { return false }
    return before[index].elements.firstIndex(ofIdentity: id) != nil
  }

  package func _pathAfterReload(
    ofRowWithIdentity id: ListIdentifier, at path: ItemPath
  ) -> (path: ItemPath, isRow: Bool)? {
    guard let before = listBeforeView, before.identity(ofRowAt: path) == id else { return nil }
    let after = snapshot
    let section = before[path.section].model.id
    if after.identity(ofRowAt: path) == id, after[path.section].model.id == section { return (path, true) }
    let reading = ReloadReading(start: path, before: before, after: after)
    if let found = reading.pathNow(ofRow: id, from: section) { return (found, true) }
    return reading.cursorPlace(leaving: path).map { ($0, false) }
  }

  /// A reload as ``_CursorPlaceReading/cursorPlace(leaving:)`` reads it, by identity: a section stays by its
  /// identity, a row by its identity in its section; a row after the place takes it when the list before did not
  /// have it, or had it in the same section after the cursor's row.
  private struct ReloadReading: _CursorPlaceReading {
    let start: ItemPath
    let before: ListSnapshot
    let after: ListSnapshot
    /// The sections' positions by identity, on both sides: O(*s*) in the sections, no row read.
    let sectionsBefore: [ListIdentifier: Int]
    let sectionsAfter: [ListIdentifier: Int]

    init(start: ItemPath, before: ListSnapshot, after: ListSnapshot) {
      func positions(_ list: ListSnapshot) -> [ListIdentifier: Int] {
        Dictionary(list.enumerated().map { ($1.model.id, $0) }) { first, _ in first }
      }
      self.start = start
      self.before = before
      self.after = after
      sectionsBefore = positions(before)
      sectionsAfter = positions(after)
    }

    var sectionCountBefore: Int { before.count }
    var sectionCountNow: Int { after.count }

    /// A section before whose identity is still there: its rows, and the position and rows of its section now.
    struct KeptSection {
      let rows: CellBinderList
      let target: Int
      let targetRows: CellBinderList
    }

    /// A section now: its rows, and the position of the section of the same identity before, if any.
    struct SectionNow {
      let rows: CellBinderList
      let source: Int?
    }

    func keptSection(_ section: Int) -> KeptSection? {
      sectionsAfter[before[section].model.id].map {
        KeptSection(rows: before[section].elements, target: $0, targetRows: after[$0].elements)
      }
    }

    func rowCountBefore(_ section: KeptSection) -> Int { section.rows.count }

    func pathNow(ofItem item: Int, in section: KeptSection) -> ItemPath? {
      section.targetRows.firstIndex(ofIdentity: section.rows.identity(at: item))
        .map { ItemPath(item: $0, section: section.target) }
    }

    func sectionNow(_ section: Int) -> SectionNow {
      SectionNow(rows: after[section].elements, source: sectionsBefore[after[section].model.id])
    }

    func rowCountNow(_ section: SectionNow) -> Int { section.rows.count }

    /// Where a row of the list before, of identity `id` in the section of identity `section`, is now: in the
    /// section of that identity, else in the first section that had no row `id` before (the reload moved it
    /// there), else `nil`.
    func pathNow(ofRow id: ListIdentifier, from section: ListIdentifier) -> ItemPath? {
      if let own = sectionsAfter[section], let item = after[own].elements.firstIndex(ofIdentity: id) {
        return ItemPath(item: item, section: own)
      }
      for (index, now) in after.enumerated() where now.model.id != section {
        guard let item = now.elements.firstIndex(ofIdentity: id) else { continue }
        let hadRow = sectionsBefore[now.model.id].map { before[$0].elements.firstIndex(ofIdentity: id) != nil }
        if hadRow != true { return ItemPath(item: item, section: index) }
      }
      return nil
    }

    func mayTakePlace(item: Int, in section: SectionNow) -> Bool {
      let id = section.rows.identity(at: item)
      if let source = section.source, let found = before[source].elements.firstIndex(ofIdentity: id) {
        return ItemPath(item: found, section: source) > start
      }
      return before.path(ofRow: id) == nil
    }
  }
}
