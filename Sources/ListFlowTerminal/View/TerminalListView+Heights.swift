import ListFlow

// Heights are measured lazily: the view asks a row's height (`ListDataSource.height(of:)`, which may build the
// row's binder) only when the row comes on screen. Until then the row is assumed to take one line. Each change of
// the viewport (a cursor move, a page, a scroll, a change of the list) runs through `settle(reach:_:)`, which
// measures the rows the new viewport shows and, when a height differs from what was assumed, corrects the shape
// and does the change again from where it started, until every row shown has its real height. So the rows on screen are
// laid out, scrolled to, paged over and hit by the mouse exactly as they would be with every height known, and
// a first load or a reload of any number of rows asks the heights of a screen of rows.

extension TerminalListView {
  /// The most times ``settle(reach:_:)`` measures and does a change again: a change of the viewport needs a few (each
  /// time measures the rows of a screen); the bound keeps a data source whose heights change while asked from
  /// looping.
  static let settleRounds = 16

  /// Changes the viewport, measuring the rows it then shows: when a row shown (or the cursor's) takes other than
  /// the lines the shape assumed, the shape takes the measured height (the rows on screen before the change keep
  /// their lines) and the change is done again from where it started, until every row shown has been measured.
  ///
  /// A change that moves by lines (a page, a wheel notch) lands where the heights of the rows it passes over say,
  /// rows it may not show: `reach` names the lines beyond the screen it starts from that it looks at, and the rows
  /// there are measured too.
  ///
  /// - Parameters:
  ///   - reach: The lines above and below the screen the change starts from whose rows decide where it lands.
  ///   - change: The change of the viewport; it may run more than once, each time from the same start.
  /// - Complexity: A height asked per row shown (or within `reach`) that was not measured yet (rows the last
  ///   change left on screen were); no height asked for any other row.
  func settle(reach: (above: Int, below: Int) = (0, 0), _ change: (inout ListViewport) -> Void) {
    guard case .screen = mode, let dataSource else {
      change(&viewport)
      return
    }
    var start = viewport
    var measured = measuredRows
    var next = start
    // The items `next` shows, while no height of it changed since they were found.
    var shown: [ItemPath]?
    for round in 1...Self.settleRounds {
      next = start
      change(&next)
      var corrections: [ItemPath: Int] = [:]
      let items = Self.shownItems(of: next)
      shown = items
      var wanted = items
      if reach.above > 0 || reach.below > 0 {
        let top = start.offset - reach.above
        wanted += start.items(inLines: top..<saturatingSum(saturatingSum(start.offset, start.height), reach.below))
      }
      for path in wanted where measured.insert(path).inserted {
        let height = min(max(dataSource.height(of: .row(path))?.value ?? 1, 1), ListViewport.maximumHeight)
        if height != next.sections[path.section].height(ofItem: path.item) { corrections[path] = height }
      }
      if corrections.isEmpty { break }
      shown = nil
      if round == Self.settleRounds {
        next.setItemHeights(corrections)
        break
      }
      start.setItemHeights(corrections)
    }
    viewport = next
    measuredRows = Set(shown ?? Self.shownItems(of: next)).intersection(measured)
    isSettled = true
  }

  /// The items a viewport shows, whole or cut, and its selected item.
  static func shownItems(of viewport: ListViewport) -> [ItemPath] {
    var items: [ItemPath] = viewport.visibleRows.compactMap { row in
      if case .item(let path) = row { return path }
      return nil
    }
    if let selection = viewport.selection, !items.contains(selection) { items.append(selection) }
    return items
  }

  /// Follows the measured rows through a stage: a row keeps its measurement when the stage leaves it where it
  /// was in its order (it may shift); rows the stage inserts, moves, updates or reloads, and the rows of sections
  /// counted afresh, are measured again when shown.
  ///
  /// - Complexity: O(*m* log *c* + *c*) for the *m* measured rows (at most a screen of them) and *c* changes.
  func followMeasuredRows(through update: ListUpdate, mapper: PathMapper, counted: Set<Int>) {
    guard !measuredRows.isEmpty else { return }
    let changes = update.changeset
    // The rows the stage refreshes are, unless they were given apart, its updated rows: those are removed once.
    let refreshed = update.refreshedRows
    let changed = refreshed == changes.elementUpdated ? [refreshed] : [changes.elementUpdated, refreshed]
    // Only the measured rows are looked up: the changes are walked, never gathered.
    var rows = measuredRows
    for paths in changed { Self.remove(paths, from: &rows) }
    var followed: Set<ItemPath> = []
    followed.reserveCapacity(rows.count)
    for path in rows {
      if case .kept(let target) = mapper.map(path), !counted.contains(target.section) { followed.insert(target) }
    }
    for paths in changed + [changes.elementInserted] { Self.remove(paths, from: &followed) }
    for move in changes.elementMoved where !followed.isEmpty { followed.remove(move.target) }
    measuredRows = followed
  }

  /// Removes `paths` from `rows`: each path hashed and removed, or, for many more paths than rows when the paths
  /// ascend (as a stage lists them), each row searched among them.
  ///
  /// - Complexity: O(*c*) comparisons for *c* paths, plus O(*m* log *c*) for *m* rows or O(*c*) hashes.
  nonisolated static func remove(_ paths: [ItemPath], from rows: inout Set<ItemPath>) {
    guard !rows.isEmpty, !paths.isEmpty else { return }
    if paths.count > 4 * rows.count, paths._ascends {
      rows = rows.filter { !paths._ascendingContains($0) }
      return
    }
    for path in paths where !rows.isEmpty { rows.remove(path) }
  }
}
