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
  /// (``ComposedFeed/revealsRows(inSection:)``), by projecting the source's stages onto the positions of the rows
  /// shown (`project(_:positions:counts:shown:query:droppedHidden:treeSections:shows:steps:)`, as a change of a
  /// long list is projected), with no row laid out again and no diff: in a list's section, a row inserted or
  /// updated is shown when its text holds the query, and the others keep what they showed; in a tree's section,
  /// the rows keep what they showed through the stages (a row inserted is hidden until it is known), and then
  /// the rows the change inserted, updated or moved, and the rows the tree says it may have shown or hidden
  /// (`_RevealingTree.takeRevealedChanges()`: the ancestors of the nodes it changed whose matches under them
  /// came or went, and the rows of the nodes it replaced), are shown or hidden as the tree says
  /// (`_RevealingTree.revealStatus(ofRowAt:)`), in one more stage that deletes and inserts those whose status
  /// changed. The rows shown make their binders when read: a row whose text holds the query highlighted, a tree's
  /// row shown whose text does not hold it marked as context. Applies while a query filters a tree or a
  /// composite, to a change of rows (no section inserted, deleted, moved or updated); otherwise it changes nothing
  /// and returns `false`, and the caller filters every row again.
  ///
  /// - Parameters:
  ///   - changes: The source's stages, from the sections it showed to those it shows now.
  ///   - changesSections: Whether a stage inserts, deletes, moves or updates sections.
  /// - Returns: Whether the change was filtered.
  /// - Complexity: O(*k* log *s*) for the *k* rows a stage touches among *s* shown, and for the rows the tree
  ///   says it may have shown or hidden, plus one text matched per row inserted or updated in a list's section
  ///   (with the tree's own cost of following its change: see ``OutlineFeed/revealRows(matching:)``), O(1) per
  ///   section, plus a copy of the positions shown of each section a stage touches (runs of integers copied as
  ///   memory and moved by one offset each: no binder, no text, no identity read, no step per row). The first
  ///   change after the query was set also makes those positions from the rows the query matched, once, O(*n*).
  private func filterChangeBesideTrees(
    _ changes: StagedChangeset<[ListSectionSnapshot]>, changesSections: Bool
  ) -> Bool {
    func giveUp() -> Bool {
      matchedRows = nil
      revealedPositions = nil
      return false
    }
    guard !query.isEmpty, !changesSections else { return giveUp() }
    // The positions shown before the change: kept from the last change, or made once from the rows matched.
    var positions: [[Int]]
    var counts: [Int]
    if let revealed = revealedPositions {
      (positions, counts) = revealed
    } else if let matched = matchedRows {
      positions = matched.map { section in section.indices.filter { section[$0] != nil } }
      counts = matched.map(\.count)
      besideTreesRowSteps += counts.reduce(0, +)
    } else {
      return giveUp()
    }
    // Rows are matched by the searchable text of their binders, as a tree matches its nodes.
    let rowQuery = _RowQuery(pattern: FilteredFeed.Match.pattern(of: query), text: searchableText)
    let sections = source.displayedSections
    // Whether a section's rows are a tree's, asked once a section.
    let isTree = sections.indices.map { revealsRows(inSection: $0) }
    func inTree(_ path: ItemPath) -> Bool { isTree.indices.contains(path.section) && isTree[path.section] }
    var stages: [Changeset<[ListSectionSnapshot]>] = []
    // The sections shown before the next stage.
    var shown = displayedSections
    // Whether a row the query hid may have left, or shows now: the selection asks about its hidden rows again.
    var hiddenChanged = false
    var steps = 0
    // The rows of trees the stages inserted, updated or moved, at their positions after the last stage so far:
    // shown as the tree says once every stage is applied.
    var stale: [ItemPath] = []
    for stage in changes {
      let mapper = PathMapper(stage)
      stale = stale.compactMap { path -> ItemPath? in
        guard case .kept(let kept) = mapper.map(path) else { return nil }
        return kept
      }
      let updates = !stage.elementUpdated.isEmpty
      if updates { hiddenChanged = true }
      // A tree's row keeps what it showed (an update shows its new content when it was shown), and a row it
      // inserts is hidden until the tree says.
      let before = positions
      let shows: (ItemPath) -> Bool? = { path in
        guard isTree.indices.contains(path.section), isTree[path.section] else { return nil }
        return updates && before[path.section]._sortedContains(path.item)
      }
      guard stage.data.count == positions.count,
        let projected = Self.project(
          stage, positions: positions, counts: counts, shown: shown, query: rowQuery, droppedHidden: &hiddenChanged,
          treeSections: isTree, shows: shows, makesBinders: true, steps: &steps)
      else { return giveUp() }
      positions = projected.positions
      counts = stage.data.map(\.elements.count)
      stages += projected.stages
      if let last = projected.stages.last { shown = last.data }
      stale += stage.elementInserted.filter(inTree)
      stale += stage.elementUpdated.filter(inTree)
      stale += stage.elementMoved.map(\.target).filter(inTree)
    }
    guard counts == sections.map(\.elements.count) else { return giveUp() }
    // The rows of each tree that the change touched, or that the tree says it may have shown or hidden: those
    // whose status changed.
    var flipped: [ItemPath] = []
    for section in sections.indices where isTree[section] {
      guard let tree = source.feed(owningSection: section)?.feed as? any _RevealingTree,
        let revealed = tree.takeRevealedChanges()
      else { return giveUp() }
      var touched = Set(revealed.filter { (0..<counts[section]).contains($0) })
      for path in stale where path.section == section { touched.insert(path.item) }
      if !touched.isEmpty { hiddenChanged = true }
      for item in touched.sorted() {
        guard let status = tree.revealStatus(ofRowAt: item) else { return giveUp() }
        steps += 1
        if (status != .hidden) != positions[section]._sortedContains(item) {
          flipped.append(ItemPath(item: item, section: section))
        }
      }
    }
    if !flipped.isEmpty {
      // One more stage: the rows the tree shows now deleted or inserted among the rows shown.
      let before = positions
      guard
        let projected = Self.project(
          Changeset(data: sections, elementUpdated: flipped), positions: positions, counts: counts, shown: shown,
          query: rowQuery, droppedHidden: &hiddenChanged, treeSections: isTree,
          shows: { !before[$0.section]._sortedContains($0.item) }, steps: &steps)
      else { return giveUp() }
      positions = projected.positions
      stages += projected.stages
    }
    besideTreesRowSteps += steps
    // The change is taken: the rows shown are the projection's.
    revealedPositions = (positions, counts)
    matchedRows = nil
    readRows = []
    showsSourceAsIs = false
    // The rows hidden are found when asked, not for every change (that would read every hidden row's identity).
    hiddenRowsCache = nil
    sourceSections = positions.indices.filter { !positions[$0].isEmpty }
    sourceItems = sourceSections.map { positions[$0] }
    // The last stage holds the sections shown now, with the binders it made.
    displayedSections =
      stages.last?.data
      ?? Self.shownSections(of: sections, positions: positions, query: rowQuery, treeSections: isTree)
    if !stages.isEmpty { feedLink.send(StagedChangeset(stages)) }
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
