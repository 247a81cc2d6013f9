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

  /// Filters a change of a composite that holds trees among its children (``ComposedFeed/revealsRows(inSection:)``)
  /// by the rows it touched: in a list's section, the rows it inserts or updates are matched (their binders made
  /// once each) and the others keep the match they had, as in `filterChange(_:)`; a tree's section that it
  /// touches reveals the query's matches again (``ListFeed/revealRows(matching:)`` of the tree alone) and has its
  /// rows filtered again, each match with its ancestors; the other sections keep their rows. Then the change of
  /// the rows shown is sent. Applies while a query filters a composite, to a change of rows (no section
  /// inserted, deleted, moved or updated); otherwise it changes nothing and returns `false`, and the caller
  /// filters every row again.
  ///
  /// - Parameters:
  ///   - changes: The source's stages, from the sections it showed to those it shows now.
  ///   - changesSections: Whether a stage inserts, deletes, moves or updates sections.
  /// - Returns: Whether the change was filtered.
  /// - Complexity: One binder made and one text matched per row inserted or updated in a list's section, the
  ///   rows of each tree the change touches (every node's row made and matched to reveal the matches, each
  ///   visible row's binder read, matched and its depth read), and O(*n*) in the rows shown, which are laid out
  ///   and diffed with no other binder made, text matched or identity of the source's read.
  private func filterChangeBesideTrees(
    _ changes: StagedChangeset<[ListSectionSnapshot]>, changesSections: Bool
  ) -> Bool {
    guard !query.isEmpty, !changesSections, !changes.isEmpty, source is ComposedFeed<ListSectionSnapshot>,
      var rows = matchedRows
    else {
      matchedRows = nil
      return false
    }
    let pattern = FilteredFeed.Match.pattern(of: query)
    let searchableText = searchableText
    let shown = shownBinder(for: pattern)
    // Whether a row the query hid may have left, or shows now: the selection asks about its hidden rows again.
    var hiddenChanged = false
    // The sections the change touched (no section is inserted, deleted or moved: an index names one section
    // through every stage).
    var touched: Set<Int> = []
    for stage in changes {
      for path in stage.elementDeleted {
        touched.insert(path.section)
        if rows.indices.contains(path.section), rows[path.section].indices.contains(path.item),
          rows[path.section][path.item] == nil
        {
          hiddenChanged = true
        }
      }
      for path in stage.elementInserted { touched.insert(path.section) }
      for path in stage.elementUpdated { touched.insert(path.section) }
      for move in stage.elementMoved {
        touched.insert(move.source.section)
        touched.insert(move.target.section)
      }
      if !stage.elementUpdated.isEmpty { hiddenChanged = true }
      guard let next = Self.applying(stage, to: rows, matching: shown) else {
        matchedRows = nil
        return false
      }
      rows = next
    }
    // Each tree the change touched reveals the query's matches again (the app may have collapsed an ancestor of a
    // match in place), alone: its change meanwhile is read below, with its rows.
    let treeSections = touched.filter { revealsRows(inSection: $0) }.sorted()
    if !treeSections.isEmpty {
      isAdjustingTree = true
      defer { isAdjustingTree = false }
      var revealed: Set<ObjectIdentifier> = []
      for section in treeSections {
        guard let tree = source.feed(owningSection: section)?.feed,
          revealed.insert(ObjectIdentifier(tree)).inserted
        else { continue }
        tree.revealRows { FilteredFeed.Match(pattern: pattern, in: searchableText($0)) != nil }
      }
    }
    let sections = source.displayedSections
    guard rows.count == sections.count else {
      matchedRows = nil
      return false
    }
    for section in treeSections {
      rows[section] = shownRows(Array(sections[section].elements), ofSection: section, pattern: pattern)
      hiddenChanged = true
    }
    guard zip(rows, sections).allSatisfy({ $0.count == $1.elements.count }) else {
      matchedRows = nil
      return false
    }
    // The rows hidden are found when asked, not for every change (that would read every hidden row's identity).
    var hidden: Set<ListIdentifier>?
    let result = show(rows, of: sections, hidden: &hidden)
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
    let data = stage.data
    guard data.count == rows.count else { return nil }
    func contains(_ path: ItemPath, in sections: [[CellBinder?]]) -> Bool {
      sections.indices.contains(path.section) && sections[path.section].indices.contains(path.item)
    }
    // 1. The rows that leave each section, and those that arrive (a moved row takes its match along).
    var leaving: [Int: Set<Int>] = [:]
    var arriving: [Int: [(item: Int, row: CellBinder?)]] = [:]
    for path in stage.elementDeleted {
      guard contains(path, in: rows) else { return nil }
      leaving[path.section, default: []].insert(path.item)
    }
    for move in stage.elementMoved {
      guard contains(move.source, in: rows), data.indices.contains(move.target.section) else { return nil }
      leaving[move.source.section, default: []].insert(move.source.item)
      arriving[move.target.section, default: []].append((move.target.item, rows[move.source.section][move.source.item]))
    }
    for path in stage.elementInserted {
      guard data.indices.contains(path.section), data[path.section].elements.indices.contains(path.item) else {
        return nil
      }
      arriving[path.section, default: []].append((path.item, shown(data[path.section].elements[path.item])))
    }
    // 2. Each touched section is laid out again in one pass: the rows that stay, in order, with the arriving
    //    rows at their positions.
    var next = rows
    for section in Set(leaving.keys).union(arriving.keys) {
      let gone = leaving[section] ?? []
      let staying = rows[section].indices.lazy.filter { !gone.contains($0) }.map { rows[section][$0] }
      var laidOut: [CellBinder?] = []
      laidOut.reserveCapacity(data[section].elements.count)
      var stay = staying.startIndex
      for (item, row) in (arriving[section] ?? []).sorted(by: { $0.item < $1.item }) {
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
      next[path.section][path.item] = shown(data[path.section].elements[path.item])
    }
    guard zip(next, data).allSatisfy({ $0.count == $1.elements.count }) else { return nil }
    return next
  }
}
