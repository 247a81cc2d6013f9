extension FilteredFeed {
  /// Filters a change of the source by the rows it touched: the rows it inserts or updates are matched (their
  /// binders made once each), the others keep the match they had, and the change of the rows shown is sent.
  /// Applies while a query filters a source that is not a tree (over a composite that holds one, see
  /// `filterChangeBesideTrees(_:changesSections:)`); below ``titleFilteringMinimumRows`` rows, a
  /// change that inserts, deletes, moves or updates sections is projected onto the positions of the rows shown
  /// (`projectChange(_:)`, as on a long list), and the rows shown stay positions after it. Otherwise (a change
  /// the projection does not take) it changes nothing and returns `false`, and the caller filters every row
  /// again.
  ///
  /// - Parameter changes: The source's stages, from the sections it showed to those it shows now.
  /// - Returns: Whether the change was filtered.
  /// - Complexity: O(*n*) in the rows of the sections the change touches, with one binder made per row
  ///   inserted or updated; no binder for the other rows. A change of sections: the cost of its projection, one
  ///   text matched per row inserted or updated (or in a section inserted), plus O(*n*) positions made once from
  ///   the rows matched. From ``titleFilteringMinimumRows`` rows, every row's text matched (titles read, no
  ///   binder made for ``Titled`` rows) and the rows shown diffed, O(*n*) once: the rows shown are positions
  ///   then, and the next changes are projected, each costing its change.
  func filterChange(_ changes: StagedChangeset<[ListSectionSnapshot]>) -> Bool {
    if !query.isEmpty, !sourceRevealsRows, !changes.isEmpty {
      let sections = source.displayedSections
      if sections.reduce(0, { $0 + $1.elements.count }) >= Self.titleFilteringMinimumRows {
        // A long list (one that grew long under the query, or a change the projection does not take): every row
        // matched by its text, as a query typed over a long list is, and the rows shown diffed once. The rows
        // shown are positions again, and the next change is projected.
        let previous = displayedSections
        show(positions: Self.positions(in: sections, matching: rowQuery), of: sections)
        feedLink.send(from: previous, to: displayedSections)
        feedLink.sendHiddenRowsChange()
        return true
      }
    }
    let changesSections = changes.contains {
      !$0.sectionDeleted.isEmpty || !$0.sectionInserted.isEmpty || !$0.sectionMoved.isEmpty
        || !$0.sectionUpdated.isEmpty
    }
    // The rows shown are positions, and `projectChange(_:)` did not take a change of sections: filtered again.
    if titlePositions != nil, changesSections {
      titleMatchedCounts = nil
      titlePositions = nil
      return false
    }
    if sourceRevealsRows { return filterChangeBesideTrees(changes, changesSections: changesSections) }
    if matchedRows == nil, !query.isEmpty { matchedRows = rowsMatchedByTitles() }
    titleMatchedCounts = nil
    titlePositions = nil
    guard !query.isEmpty, !sourceRevealsRows, var rows = matchedRows, !changes.isEmpty else { return false }
    if changesSections {
      // Sections inserted, deleted, moved or updated: the change is projected onto the positions of the rows
      // shown, as on a long list (the rows of the sections inserted matched by their titles, the others keeping
      // their match); the rows shown are positions from then on, and the next changes are projected too.
      matchedRows = nil
      titlePositions = rows.map { section in section.indices.filter { section[$0] != nil } }
      titleMatchedCounts = rows.map(\.count)
      if projectChange(changes) { return true }
      titlePositions = nil
      titleMatchedCounts = nil
      return false
    }
    let shown = shownBinder(for: FilteredFeed.Match.pattern(of: query))
    for stage in changes {
      guard let next = Self.applying(stage, to: rows, matching: shown) else {
        matchedRows = nil
        return false
      }
      rows = next
    }
    let sections = source.displayedSections
    guard rows.count == sections.count, zip(rows, sections).allSatisfy({ $0.count == $1.elements.count }) else {
      matchedRows = nil
      return false
    }
    let wasHidden = hiddenRows
    var hidden: Set<ListIdentifier>? = []
    let result = show(rows, of: sections, hidden: &hidden)
    hiddenRowsCache = hidden
    let previous = displayedSections
    displayedSections = result
    feedLink.send(from: previous, to: result)
    if !wasHidden.isSubset(of: hiddenRows) { feedLink.sendHiddenRowsChange() }
    return true
  }

  /// Filters a change of a tree, or of a composite that holds trees among its children
  /// (``ComposedFeed/revealsRows(inSection:)``), by the rows it touched: in a list's section, the rows it inserts
  /// or updates are matched (their binders made once each) and the others keep the match they had, as in
  /// `filterChange(_:)`; in a tree's section, the rows it inserts, updates or moves, and the rows the tree says
  /// the change may have shown or hidden (`_RevealingTree.takeRevealedChanges()`: the ancestors of the nodes it
  /// changed whose matches under them came or went, and the rows of the nodes it replaced), are shown as the
  /// tree says (`_RevealingTree.revealStatus(ofRowAt:)`: a match, highlighted, or context, with its binder made
  /// and its text matched, or hidden, with neither), and the others keep what they showed; the other sections
  /// keep their rows. Then the change of the rows shown is sent. Applies while a query filters a tree or a
  /// composite, to a change of rows (no section inserted, deleted, moved or updated); otherwise it changes nothing
  /// and returns `false`, and the caller filters every row again.
  ///
  /// - Parameters:
  ///   - changes: The source's stages, from the sections it showed to those it shows now.
  ///   - changesSections: Whether a stage inserts, deletes, moves or updates sections.
  /// - Returns: Whether the change was filtered.
  /// - Complexity: One binder made and one text matched per row inserted or updated in a list's section, and
  ///   per row shown of those the change touched in a tree's section (with the tree's own cost of following its
  ///   change: see ``OutlineFeed/revealRows(matching:)``), and O(*n*) in the rows shown, which are laid out and
  ///   diffed with no other binder made, text matched or identity of the source's read.
  private func filterChangeBesideTrees(
    _ changes: StagedChangeset<[ListSectionSnapshot]>, changesSections: Bool
  ) -> Bool {
    guard !query.isEmpty, !changesSections, let matched = matchedRows else {
      matchedRows = nil
      return false
    }
    let pattern = FilteredFeed.Match.pattern(of: query)
    let shown = shownBinder(for: pattern)
    let sourceSections = source.displayedSections
    // Whether a section's rows are a tree's, asked once a section.
    let isTree = sourceSections.indices.map { revealsRows(inSection: $0) }
    // Each row's binder shown, and whether it is a tree's row that the change inserted, updated or moved: shown
    // again below, once the tree's rows are known.
    var rows = matched.map { section in section.map { (binder: $0, isStale: false) } }
    // Whether a row the query hid may have left, or shows now: the selection asks about its hidden rows again.
    var hiddenChanged = false
    for stage in changes {
      for path in stage.elementDeleted
      where rows.indices.contains(path.section) && rows[path.section].indices.contains(path.item)
        && rows[path.section][path.item].binder == nil
      {
        hiddenChanged = true
      }
      if !stage.elementUpdated.isEmpty { hiddenChanged = true }
      let next = Self.applying(stage, to: rows) { path, list in
        // A tree's row is shown below; a list's is matched now.
        isTree.indices.contains(path.section) && isTree[path.section]
          ? (nil, true) : (shown(list[path.item]), false)
      }
      guard var next else {
        matchedRows = nil
        return false
      }
      // A tree's row moved is shown again too (the nodes around it changed).
      for move in stage.elementMoved where isTree.indices.contains(move.target.section) && isTree[move.target.section] {
        next[move.target.section][move.target.item].isStale = true
      }
      rows = next
    }
    guard rows.count == sourceSections.count,
      zip(rows, sourceSections).allSatisfy({ $0.count == $1.elements.count })
    else {
      matchedRows = nil
      return false
    }
    // The rows of each tree that the change touched, or that the tree says it may have shown or hidden.
    for section in sourceSections.indices where isTree[section] {
      guard let tree = source.feed(owningSection: section)?.feed as? any _RevealingTree,
        let revealed = tree.takeRevealedChanges()
      else {
        matchedRows = nil
        return false
      }
      let elements = sourceSections[section].elements
      var touched = revealed.filter { elements.indices.contains($0) }
      for (item, row) in rows[section].enumerated() where row.isStale { touched.append(item) }
      if !touched.isEmpty { hiddenChanged = true }
      for item in touched {
        guard let status = tree.revealStatus(ofRowAt: item) else {
          matchedRows = nil
          return false
        }
        switch status {
        case .hidden: rows[section][item] = (nil, false)
        case .context: rows[section][item] = (elements[item].markingAsFilterContext(), false)
        case .match:
          let binder = elements[item]
          rows[section][item] = (shown(binder) ?? binder.markingAsFilterContext(), false)
        }
      }
    }
    // The rows hidden are found when asked, not for every change (that would read every hidden row's identity).
    var hidden: Set<ListIdentifier>?
    let result = show(rows.map { $0.map(\.binder) }, of: sourceSections, hidden: &hidden)
    hiddenRowsCache = nil
    let previous = displayedSections
    displayedSections = result
    feedLink.send(from: previous, to: result)
    if hiddenChanged { feedLink.sendHiddenRowsChange() }
    return true
  }

  /// The binder shown for a row when the query, given as its `pattern`, matches its searchable text: the row's
  /// binder with the matches highlighted; `nil` when it does not match.
  private func shownBinder(for pattern: _QueryPattern) -> (CellBinder) -> CellBinder? {
    let searchableText = searchableText
    return { binder in
      let text = searchableText(binder)
      guard FilteredFeed.Match.isFound(pattern, in: text) else { return nil }
      return FilteredFeed.Match(pattern: pattern, in: text).map { binder.highlightingMatches($0.offsets) }
    }
  }

  /// Shows `rows`, the binder shown for each row of the source's `sections` (`nil` for a row the query hides):
  /// keeps them as ``matchedRows``, with where each row shown comes from, and returns the sections shown. With
  /// `hidden` not `nil`, adds to it the identities of the rows hidden that no row shown carries.
  private func show(
    _ rows: [[CellBinder?]], of sections: [ListSectionSnapshot], hidden: inout Set<ListIdentifier>?
  ) -> [ListSectionSnapshot] {
    var result: [ListSectionSnapshot] = []
    var items: [[Int]] = []
    var sectionIndices: [Int] = []
    for (sectionIndex, section) in sections.enumerated() {
      var shownRows: [CellBinder] = []
      var rowItems: [Int] = []
      for (item, row) in rows[sectionIndex].enumerated() {
        if let row {
          shownRows.append(row)
          rowItems.append(item)
        } else if hidden != nil {
          hidden?.insert(section.elements.identity(at: item))
        }
      }
      if !shownRows.isEmpty {
        result.append(ListSectionSnapshot(model: section.model, elements: shownRows))
        items.append(rowItems)
        sectionIndices.append(sectionIndex)
      }
    }
    // A row shown elsewhere under the same identity is not hidden.
    if hidden != nil { for section in result { for id in section.elements.identities { hidden?.remove(id) } } }
    matchedRows = rows
    sourceItems = items
    sourceSections = sectionIndices
    return result
  }

  /// The rows after one stage of element changes: the rows deleted or moved away leave, the rows inserted are
  /// matched with `shown`, the rows moved keep their match, the rows updated are matched again. `nil` when a
  /// position of the stage is outside the rows.
  private static func applying(
    _ stage: Changeset<[ListSectionSnapshot]>, to rows: [[CellBinder?]], matching shown: (CellBinder) -> CellBinder?
  ) -> [[CellBinder?]]? {
    applying(stage, to: rows) { path, list in shown(list[path.item]) }
  }

  /// The rows after one stage of element changes, as `applying(_:to:matching:)`, for rows of any kind: a row
  /// inserted or updated is `arriving`'s for its position after the stage and its section's rows there.
  private static func applying<Row>(
    _ stage: Changeset<[ListSectionSnapshot]>, to rows: [[Row]],
    arriving: (ItemPath, CellBinderList) -> Row
  ) -> [[Row]]? {
    let data = stage.data
    guard data.count == rows.count else { return nil }
    func contains(_ path: ItemPath, in sections: [[Row]]) -> Bool {
      sections.indices.contains(path.section) && sections[path.section].indices.contains(path.item)
    }
    // 1. The rows that leave each section, and those that arrive (a moved row takes its match along).
    var leaving: [Int: Set<Int>] = [:]
    var arrivals: [Int: [(item: Int, row: Row)]] = [:]
    for path in stage.elementDeleted {
      guard contains(path, in: rows) else { return nil }
      leaving[path.section, default: []].insert(path.item)
    }
    for move in stage.elementMoved {
      guard contains(move.source, in: rows), data.indices.contains(move.target.section) else { return nil }
      leaving[move.source.section, default: []].insert(move.source.item)
      arrivals[move.target.section, default: []].append((move.target.item, rows[move.source.section][move.source.item]))
    }
    for path in stage.elementInserted {
      guard data.indices.contains(path.section), data[path.section].elements.indices.contains(path.item) else {
        return nil
      }
      arrivals[path.section, default: []].append((path.item, arriving(path, data[path.section].elements)))
    }
    // 2. Each touched section is laid out again in one pass: the rows that stay, in order, with the arriving
    //    rows at their positions.
    var next = rows
    for section in Set(leaving.keys).union(arrivals.keys) {
      let gone = leaving[section] ?? []
      let staying = rows[section].indices.lazy.filter { !gone.contains($0) }.map { rows[section][$0] }
      var laidOut: [Row] = []
      laidOut.reserveCapacity(data[section].elements.count)
      var stay = staying.startIndex
      for (item, row) in (arrivals[section] ?? []).sorted(by: { $0.item < $1.item }) {
        while laidOut.count < item {
          guard stay < staying.endIndex else { return nil }
          laidOut.append(staying[stay])
          stay = staying.index(after: stay)
        }
        guard laidOut.count == item else { return nil }
        laidOut.append(row)
      }
      laidOut.append(contentsOf: staying[stay...])
      next[section] = laidOut
    }
    // 3. Updated rows are matched again.
    for path in stage.elementUpdated {
      guard contains(path, in: next), data[path.section].elements.indices.contains(path.item) else { return nil }
      next[path.section][path.item] = arriving(path, data[path.section].elements)
    }
    guard zip(next, data).allSatisfy({ $0.count == $1.elements.count }) else { return nil }
    return next
  }
}
