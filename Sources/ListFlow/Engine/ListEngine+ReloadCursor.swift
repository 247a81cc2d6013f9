/// A data source that knows, while its view reloads, the list the view showed before: so that a view with a
/// cursor can put it, when the reload removed the cursor's row, where a change shown in batches would have put it.
/// ``ListEngine`` is one; a view casts its data source to it.
@MainActor
package protocol _ReloadCursorFinding: AnyObject {
  /// During the view's ``ListView/reloadData()``: where the row that was at `path` in the list shown before the
  /// reload, with the identity `id`, is now; or, when the reload removed it, the row that takes its place: the
  /// first row after the last row before it that stays (a row of the same section identity), unless the reload
  /// moved it there from another section or from before the place (so the first row the reload put at the place,
  /// else the first row after it that stays); when there is none, the last row before it that stays; when there
  /// is none either, the first row of the list.
  ///
  /// - Returns: The position in the list shown now; `nil` outside a reload, for a first load, when the list
  ///   before has no row `id` at `path`, or when the list now has no row.
  /// - Complexity: Identity lookups for the rows it passes over only (rows before the place that the reload
  ///   removed, rows after it that it moved there), each a search of one section (of every section, for a row
  ///   that was not in its section before); a section that the reload removed is passed over in one step.
  func _pathAfterReload(ofRowWithIdentity id: ListIdentifier, at path: ItemPath) -> ItemPath?
}

extension ListEngine: _ReloadCursorFinding {
  package func _pathAfterReload(ofRowWithIdentity id: ListIdentifier, at path: ItemPath) -> ItemPath? {
    guard let before = listBeforeView, before.identity(ofRowAt: path) == id else { return nil }
    let after = snapshot
    if after.identity(ofRowAt: path) == id { return path }
    if let found = after.path(ofRow: id) { return found }
    return Self.place(ofRowAt: path, before: before, after: after)
  }

  /// Where a row removed by a reload leaves the cursor (see ``_pathAfterReload(ofRowWithIdentity:at:)``).
  private static func place(ofRowAt start: ItemPath, before: ListSnapshot, after: ListSnapshot) -> ItemPath? {
    // The sections' positions by identity, on both sides: O(s) in the sections, no row read.
    func positions(_ list: ListSnapshot) -> [ListIdentifier: Int] {
      Dictionary(list.enumerated().map { ($1.model.id, $0) }) { first, _ in first }
    }
    let sectionsAfter = positions(after)
    let sectionsBefore = positions(before)
    // The last row before the place that stays in its section, where it is now.
    var last: ItemPath?
    var section = start.section
    var item = start.item - 1
    search: while section >= 0 {
      if let target = sectionsAfter[before[section].model.id] {
        let rows = before[section].elements
        let targetRows = after[target].elements
        item = min(item, rows.count - 1)
        while item >= 0 {
          if let found = targetRows.firstIndex(ofIdentity: rows.identity(at: item)) {
            last = ItemPath(item: found, section: target)
            break search
          }
          item -= 1
        }
      }
      section -= 1
      item = Int.max
    }
    // The first row after it that the reload did not move there: a row the list before did not have, or one of
    // the same section after the place.
    section = last?.section ?? 0
    item = last.map { $0.item + 1 } ?? 0
    var first: ItemPath?
    while section < after.count {
      let rows = after[section].elements
      let source = sectionsBefore[after[section].model.id]
      while item < rows.count {
        let path = ItemPath(item: item, section: section)
        if first == nil { first = path }
        let id = rows.identity(at: item)
        if let source, let found = before[source].elements.firstIndex(ofIdentity: id) {
          if ItemPath(item: found, section: source) > start { return path }
        } else if before.path(ofRow: id) == nil {
          return path
        }
        item += 1
      }
      section += 1
      item = 0
    }
    return last ?? first
  }
}
