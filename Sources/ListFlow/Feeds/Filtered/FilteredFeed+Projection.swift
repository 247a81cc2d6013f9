extension FilteredFeed {
  /// Filters a change of the source whose rows the query matched by their titles (see `refilterByRowTitles()`)
  /// by projecting each of the source's stages onto the rows shown: a row the stage deletes, inserts, moves or
  /// updates is deleted, inserted, moved or updated among the rows shown when the query shows it, and only the
  /// rows the stage inserts or updates have their titles matched. The rows shown stay rows whose binders are
  /// made when read. A section the source inserts has its rows' titles matched (and is inserted among the
  /// sections shown when it shows a row); one it deletes goes with its rows shown; one that starts or stops
  /// showing rows is inserted or deleted among the sections shown; one whose header or footer changed is updated
  /// when it shows rows; one it moves is moved among the sections shown when it shows rows. Applies to any change
  /// of a source that is not a tree, under a query; otherwise it changes nothing and returns `false`.
  ///
  /// - Parameter changes: The source's stages, from the sections it showed to those it shows now.
  /// - Returns: Whether the change was filtered.
  /// - Complexity: O(*k* log *s*) for the *k* rows a stage touches among *s* shown, plus one title matched per
  ///   row inserted or updated (or in a section inserted), O(1) per section, plus a copy of the positions shown
  ///   of each section a stage touches (runs of integers copied as memory and moved by one offset each; no
  ///   binder, no hash, no step per row).
  func projectChange(_ changes: StagedChangeset<[ListSectionSnapshot]>) -> Bool {
    guard !query.isEmpty, !sourceRevealsRows, !changes.isEmpty, var positions = titlePositions,
      var counts = titleMatchedCounts, positions.count == counts.count
    else { return false }
    let rowQuery = self.rowQuery
    var stages: [Changeset<[ListSectionSnapshot]>] = []
    var droppedHidden = false
    // The rows stepped through one by one (counted for the filter beside trees, not here).
    var steps = 0
    // The sections shown before the next stage.
    var shown = displayedSections
    for stage in changes {
      if !stage.sectionInserted.isEmpty || !stage.sectionMoved.isEmpty {
        // Sections inserted and moved (a stage of their own): the inserted ones' rows are matched by their titles.
        guard stage.elementChangeCount == 0, stage.sectionDeleted.isEmpty, stage.sectionUpdated.isEmpty,
          let inserted = Self.arrangingSections(stage, positions: positions, counts: counts, query: rowQuery)
        else { return false }
        positions = inserted.positions
        counts = stage.data.map(\.elements.count)
        if let insertion = inserted.stage {
          stages.append(insertion)
          shown = insertion.data
        }
        continue
      }
      var rowStage = stage
      if !stage.sectionDeleted.isEmpty {
        guard stage.sectionUpdated.isEmpty else { return false }
        // Sections deleted: those shown go first, in a stage of their own; the stage's row deletes then name
        // the sections left.
        guard
          let deleted = Self.deletingSections(
            stage.sectionDeleted, positions: &positions, counts: &counts, shown: shown, droppedHidden: &droppedHidden)
        else { return false }
        if let deletion = deleted.stage {
          stages.append(deletion)
          shown = deletion.data
        }
        guard let remapped = Self.remapping(stage, sections: deleted.sectionsLeft) else { return false }
        rowStage = remapped
      }
      guard rowStage.data.count == positions.count,
        let projected = Self.project(
          rowStage, positions: positions, counts: counts, shown: shown, query: rowQuery, droppedHidden: &droppedHidden,
          steps: &steps)
      else { return false }
      positions = projected.positions
      counts = rowStage.data.map(\.elements.count)
      stages += projected.stages
      if let last = projected.stages.last { shown = last.data }
    }
    // The change is taken: the rows shown are the projection's.
    let sections = source.displayedSections
    guard sections.map(\.elements.count) == counts else { return false }
    // The query's matches are known in every section again: a query typed on from it is matched against them
    // alone (see `refilterByRowTitles()`).
    carryTitleMatches(to: sections, keepingQueriesIn: rowQuery.pattern.folded)
    keepTitleMatch(rowQuery.pattern.folded, positions)
    show(positions: positions, of: sections)
    if !stages.isEmpty {
      // The last stage holds the sections shown now.
      stages[stages.count - 1].data = displayedSections
      feedLink.send(StagedChangeset(stages))
    }
    if droppedHidden { feedLink.sendHiddenRowsChange() }
    return true
  }

  /// The sections shown for the source's `sections` and the positions shown in each: a section with no row
  /// shown is left out; the rows shown make their binders when read.
  /// In the sections `treeSections` marks (a tree's), a row shown whose text does not hold the query is marked
  /// as context.
  nonisolated static func shownSections(
    of sections: [ListSectionSnapshot], positions: [[Int]], query: _RowQuery, treeSections: [Bool] = [],
    made: [[Int: CellBinder]] = []
  ) -> [ListSectionSnapshot] {
    sections.indices.compactMap { index in
      positions[index].isEmpty
        ? nil
        : shownSection(
          of: sections[index], positions: positions[index],
          query: query.markingContext(treeSections.indices.contains(index) && treeSections[index]),
          made: made.indices.contains(index) ? made[index] : [:])
    }
  }

  /// The rows at `positions` of a source section, shown (none when `positions` is empty); those `made` holds (by
  /// position in the section) with the binders made for them.
  nonisolated static func shownSection(
    of section: ListSectionSnapshot, positions: [Int], query: _RowQuery, made: [Int: CellBinder] = [:]
  ) -> ListSectionSnapshot {
    guard !positions.isEmpty else { return ListSectionSnapshot(model: section.model, elements: CellBinderList()) }
    let rows = _TitleMatchedRows(base: section.elements, positions: positions, query: query, made: made)
    return ListSectionSnapshot(
      model: section.model, elements: CellBinderList(pieces: [.rows(rows, 0..<positions.count)]))
  }

  /// The rows at `positions` of a source section (as `shownSection(of:positions:query:)`), except those at the
  /// ranks `kept` (ascending), which keep their rows from `before`, the rows shown before: rows a stage updated
  /// that stop showing, which hold the content the view shows until they are deleted.
  ///
  /// - Complexity: O(*k* log *p*) for *k* ranks kept and *p* pieces of `before`; no binder made (the rows kept
  ///   are `before`'s, made when read).
  nonisolated static func shownSection(
    of section: ListSectionSnapshot, positions: [Int], query: _RowQuery, keeping kept: [Int],
    from before: CellBinderList, made: [Int: CellBinder] = [:]
  ) -> ListSectionSnapshot {
    guard !kept.isEmpty else { return shownSection(of: section, positions: positions, query: query, made: made) }
    let rows = _TitleMatchedRows(base: section.elements, positions: positions, query: query, made: made)
    var pieces: [CellBinderList.Piece] = []
    var start = 0
    var index = 0
    while index < kept.count {
      // A run of consecutive ranks kept: the rows shown there before, as they were.
      var end = index + 1
      while end < kept.count, kept[end] == kept[end - 1] + 1 { end += 1 }
      let run = kept[index]..<kept[end - 1] + 1
      if start < run.lowerBound { pieces.append(.rows(rows, start..<run.lowerBound)) }
      pieces += before.pieces(in: run)
      start = run.upperBound
      index = end
    }
    if start < positions.count { pieces.append(.rows(rows, start..<positions.count)) }
    return ListSectionSnapshot(model: section.model, elements: CellBinderList(pieces: pieces))
  }

  /// A source stage that inserts and moves sections (and changes no row) projected onto the rows shown: the
  /// positions shown after it (an inserted section's rows matched by their titles, a moved one's kept), and the
  /// stage inserting and moving the sections that show rows (`nil` for none). `nil` when the stage does not fit
  /// the positions.
  ///
  /// - Complexity: O(*s* log *c*) for *s* sections and *c* sections inserted or moved, plus the titles of the
  ///   inserted sections' rows.
  nonisolated private static func arrangingSections(
    _ stage: Changeset<[ListSectionSnapshot]>, positions: [[Int]], counts: [Int], query: _RowQuery
  ) -> (positions: [[Int]], stage: Changeset<[ListSectionSnapshot]>?)? {
    let sectionCount = stage.data.count
    guard sectionCount == positions.count + stage.sectionInserted.count else { return nil }
    // Each section's index before the stage, -1 for an inserted one: the sections kept followed through it.
    let mapper = PathMapper(stage)
    var sourceOf = [Int](repeating: -1, count: sectionCount)
    for source in positions.indices {
      guard let section = mapper.mapSection(source), section >= 0, section < sectionCount, sourceOf[section] < 0
      else { return nil }
      sourceOf[section] = source
    }
    var isMoved = [Bool](repeating: false, count: positions.count)
    for move in stage.sectionMoved where positions.indices.contains(move.source) { isMoved[move.source] = true }
    var next: [[Int]] = []
    next.reserveCapacity(sectionCount)
    for section in 0..<sectionCount {
      let elements = stage.data[section].elements
      let source = sourceOf[section]
      if source < 0 {
        next.append(query.positions(in: elements, among: nil))
      } else {
        guard elements.count == counts[source] else { return nil }
        next.append(positions[source])
      }
    }
    // The sections shown before the stage, by index before it; then those inserted and moved among the shown.
    var shownBefore = [Int](repeating: -1, count: positions.count)
    var shownIndex = 0
    for section in positions.indices where !positions[section].isEmpty {
      shownBefore[section] = shownIndex
      shownIndex += 1
    }
    var inserted: [Int] = []
    var moved: [Move<Int>] = []
    shownIndex = 0
    for section in 0..<sectionCount where !next[section].isEmpty {
      let source = sourceOf[section]
      if source < 0 {
        inserted.append(shownIndex)
      } else if isMoved[source] {
        moved.append(Move(source: shownBefore[source], target: shownIndex))
      }
      shownIndex += 1
    }
    guard !inserted.isEmpty || !moved.isEmpty else { return (next, nil) }
    return (
      next,
      Changeset(
        data: shownSections(of: stage.data, positions: next, query: query), sectionInserted: inserted,
        sectionMoved: moved)
    )
  }

  /// The source's sections `deleted` taken out of the positions and counts: the stage deleting those of them
  /// that show rows, from the sections `shown` (`nil` for none), and for each section before, its index after
  /// (-1 for a deleted one). `nil` when the sections do not fit the positions.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  nonisolated private static func deletingSections(
    _ deleted: [Int], positions: inout [[Int]], counts: inout [Int], shown: [ListSectionSnapshot],
    droppedHidden: inout Bool
  ) -> (sectionsLeft: [Int], stage: Changeset<[ListSectionSnapshot]>?)? {
    let sectionCount = positions.count
    var isDeleted = [Bool](repeating: false, count: sectionCount)
    for section in deleted {
      guard section >= 0, section < sectionCount, !isDeleted[section] else { return nil }
      isDeleted[section] = true
    }
    var sectionsLeft: [Int] = []
    sectionsLeft.reserveCapacity(sectionCount)
    var left = 0
    var shownIndex = 0
    var shownDeleted: [Int] = []
    for section in 0..<sectionCount {
      let isShown = !positions[section].isEmpty
      if isDeleted[section] {
        sectionsLeft.append(-1)
        if isShown { shownDeleted.append(shownIndex) }
        if counts[section] > positions[section].count { droppedHidden = true }
      } else {
        sectionsLeft.append(left)
        left += 1
      }
      if isShown { shownIndex += 1 }
    }
    guard shownIndex == shown.count else { return nil }
    positions = positions.indices.filter { !isDeleted[$0] }.map { positions[$0] }
    counts = counts.indices.filter { !isDeleted[$0] }.map { counts[$0] }
    guard !shownDeleted.isEmpty else { return (sectionsLeft, nil) }
    var data = shown
    for index in shownDeleted.reversed() { data.remove(at: index) }
    return (sectionsLeft, Changeset(data: data, sectionDeleted: shownDeleted))
  }

  /// A stage without its section deletes: the positions it names before it (deletes, updates, the sources of
  /// moves) moved to the sections left (`sectionsLeft`, from `deletingSections`). `nil` when one names a deleted
  /// section.
  nonisolated private static func remapping(
    _ stage: Changeset<[ListSectionSnapshot]>, sections sectionsLeft: [Int]
  ) -> Changeset<[ListSectionSnapshot]>? {
    var rows = stage
    rows.sectionDeleted = []
    var unmapped = false
    let mapped = rows.mappingSections(
      data: stage.data,
      before: { section in
        guard section >= 0, section < sectionsLeft.count, sectionsLeft[section] >= 0 else {
          unmapped = true
          return section
        }
        return sectionsLeft[section]
      },
      after: { $0 })
    return unmapped ? nil : mapped
  }

  /// One source stage projected onto the rows shown: the positions shown after it, and the stages of the rows
  /// shown (the updates of rows shown before and after, then the rows that leave, arrive or move, then the
  /// sections that stop showing rows, then those that start, a stage each); `nil` when a stage mixes updates
  /// with other changes, a position of the stage is outside the rows, or `shown` does not hold the rows shown.
  ///
  /// A row the stage updates that the query stops showing is deleted, not updated: until the stage that deletes
  /// it, it keeps its row from `shown` (the sections shown before the stage), so that the update stage holds no
  /// content the view is not told of.
  ///
  /// Whether a row the stage inserts or updates is shown is `shows`'s answer for its position after the stage,
  /// when not `nil`, and otherwise whether its text holds the query: with `makesBinders`, read from the row's
  /// binder, which is made then, highlighted, and shown in the stages (not made again when read). In the
  /// sections `treeSections` marks (a tree's), a row shown whose text does not hold the query is marked as
  /// context. `steps` counts the rows stepped through one by one (not those of a run copied as one).
  nonisolated static func project(
    _ stage: Changeset<[ListSectionSnapshot]>,
    positions: [[Int]],
    counts: [Int],
    shown sectionsShown: [ListSectionSnapshot],
    query baseQuery: _RowQuery,
    droppedHidden: inout Bool,
    treeSections: [Bool] = [],
    shows: ((ItemPath) -> Bool?)? = nil,
    makesBinders: Bool = false,
    steps: inout Int
  ) -> (positions: [[Int]], stages: [Changeset<[ListSectionSnapshot]>])? {
    let sectionCount = positions.count
    func query(_ section: Int) -> _RowQuery {
      baseQuery.markingContext(treeSections.indices.contains(section) && treeSections[section])
    }
    // Updates come in a stage of their own (the diff's first); a stage that mixes them with other changes is
    // left to the full filter.
    guard
      (stage.elementUpdated.isEmpty && stage.sectionUpdated.isEmpty)
        || (stage.elementDeleted.isEmpty && stage.elementInserted.isEmpty && stage.elementMoved.isEmpty),
      stage.sectionUpdated.allSatisfy({ $0 >= 0 && $0 < sectionCount })
    else { return nil }
    func wasShown(_ path: ItemPath) -> Bool { positions[path.section]._sortedContains(path.item) }
    // The binders made for the rows matched, by section and position after the stage (with `makesBinders`).
    var made = [[Int: CellBinder]](repeating: [:], count: makesBinders ? sectionCount : 0)
    func matches(_ path: ItemPath) -> Bool {
      if let shown = shows?(path) { return shown }
      guard makesBinders else { return baseQuery.isFound(inRowAt: path.item, of: stage.data[path.section].elements) }
      let binder = stage.data[path.section].elements[path.item]
      let text = baseQuery.text?(binder) ?? FilteredFeed.defaultSearchableText(of: binder)
      guard let match = FilteredFeed.Match(pattern: baseQuery.pattern, in: text) else { return false }
      made[path.section][path.item] = binder.highlightingMatches(match.offsets)
      return true
    }
    func madeBinders(_ section: Int) -> [Int: CellBinder] { made.indices.contains(section) ? made[section] : [:] }
    func inBefore(_ path: ItemPath) -> Bool {
      path.section >= 0 && path.section < sectionCount && path.item >= 0 && path.item < counts[path.section]
    }
    func inAfter(_ path: ItemPath) -> Bool {
      path.section >= 0 && path.section < sectionCount && path.item >= 0
        && path.item < stage.data[path.section].elements.count
    }
    // The source's changes, section by section: positions before the stage that leave (deleted or moved away),
    // positions after it that arrive (inserted or moved in, with whether the query shows them), positions
    // before it whose content changed.
    var leaving = [[Int]](repeating: [], count: sectionCount)
    var arriving = [[(item: Int, shown: Bool)]](repeating: [], count: sectionCount)
    var updated = [Set<Int>](repeating: [], count: sectionCount)
    for path in stage.elementUpdated {
      guard inBefore(path) else { return nil }
      updated[path.section].insert(path.item)
    }
    for path in stage.elementDeleted {
      guard inBefore(path) else { return nil }
      leaving[path.section].append(path.item)
      if !wasShown(path) { droppedHidden = true }
    }
    for path in stage.elementInserted {
      guard inAfter(path) else { return nil }
      arriving[path.section].append((path.item, matches(path)))
    }
    for move in stage.elementMoved {
      guard inBefore(move.source), inAfter(move.target) else { return nil }
      leaving[move.source.section].append(move.source.item)
      // A moved row keeps its match, unless the stage also changed its content.
      let shown = updated[move.source.section].contains(move.source.item) ? matches(move.target) : wasShown(move.source)
      arriving[move.target.section].append((move.target.item, shown))
    }
    // Each section's positions shown after the stage, and where each row shown before went.
    var next = [[Int]](repeating: [], count: sectionCount)
    var deleted: [ItemPath] = []
    var updatedShown: [ItemPath] = []
    // For each section, the rows shown before (by rank) that the stage updates and the query stops showing.
    var updatedLeaving = [[Int]](repeating: [], count: sectionCount)
    var insertedSources: [(section: Int, item: Int)] = []
    for section in 0..<sectionCount {
      let before = positions[section]
      var gone = leaving[section]
      gone.sort()
      let arrived = arriving[section].sorted { $0.item < $1.item }
      guard counts[section] - gone.count + arrived.count == stage.data[section].elements.count else { return nil }
      if gone.isEmpty, arrived.isEmpty, updated[section].isEmpty {
        next[section] = before
        continue
      }
      // The rows that stay, shown before or updated, in order (the two ascending lists merged): each one's
      // position after the stage is the next position that no arriving row takes. The positions shown after
      // (the rows that stay shown and the arriving rows shown) are made in the same pass, in order: an arriving
      // row is placed once the rows before it are. A run of rows shown before that no deleted, updated or
      // arriving row interrupts keeps its rows shown, each moved by the same offset: it is copied as one run.
      let updatedItems = updated[section].sorted()
      var merged: [Int] = []
      merged.reserveCapacity(before.count + arrived.count)
      var goneIndex = 0
      var arrivedIndex = 0
      var beforeIndex = 0
      var updatedIndex = 0
      func placeArrival() {
        if arrived[arrivedIndex].shown { merged.append(arrived[arrivedIndex].item) }
        arrivedIndex += 1
      }
      while beforeIndex < before.count || updatedIndex < updatedItems.count {
        if beforeIndex < before.count {
          // Rows below the next deleted and the next updated row, placed before the next arriving row, move by
          // the arrivals placed less the rows gone so far.
          var limit = Swift.min(
            goneIndex < gone.count ? gone[goneIndex] : Int.max,
            updatedIndex < updatedItems.count ? updatedItems[updatedIndex] : Int.max)
          if arrivedIndex < arrived.count {
            limit = Swift.min(limit, arrived[arrivedIndex].item - arrivedIndex + goneIndex)
          }
          if before[beforeIndex] < limit {
            let end = before[beforeIndex...].partitioningIndex { $0 >= limit }
            let offset = arrivedIndex - goneIndex
            merged._append(before[beforeIndex..<end], adding: offset)
            beforeIndex = end
            continue
          }
        }
        steps += 1
        let item: Int
        let rankBefore = beforeIndex  // the row's index among the rows shown before, when it is one of them
        let shownBefore: Bool
        var isUpdated = false
        if updatedIndex == updatedItems.count
          || (beforeIndex < before.count && before[beforeIndex] <= updatedItems[updatedIndex])
        {
          item = before[beforeIndex]
          shownBefore = true
          beforeIndex += 1
          if updatedIndex < updatedItems.count, updatedItems[updatedIndex] == item {
            isUpdated = true
            updatedIndex += 1
          }
        } else {
          item = updatedItems[updatedIndex]
          shownBefore = false
          isUpdated = true
          updatedIndex += 1
        }
        while goneIndex < gone.count, gone[goneIndex] < item { goneIndex += 1 }
        if goneIndex < gone.count, gone[goneIndex] == item {
          // Deleted or moved away: a row shown leaves the rows shown here (a move is paired below).
          if shownBefore { deleted.append(ItemPath(item: rankBefore, section: section)) }
          continue
        }
        let rank = item - goneIndex
        while arrivedIndex < arrived.count, arrived[arrivedIndex].item <= rank + arrivedIndex { placeArrival() }
        let after = rank + arrivedIndex
        let shownAfter = isUpdated ? matches(ItemPath(item: after, section: section)) : shownBefore
        switch (shownBefore, shownAfter) {
        case (true, true):
          if isUpdated { updatedShown.append(ItemPath(item: rankBefore, section: section)) }
        case (true, false):
          deleted.append(ItemPath(item: rankBefore, section: section))
          if isUpdated { updatedLeaving[section].append(rankBefore) }
        case (false, true): insertedSources.append((section, after))
        case (false, false): break
        }
        if shownAfter { merged.append(after) }
      }
      while arrivedIndex < arrived.count { placeArrival() }
      next[section] = merged
    }
    // The rows' stage keeps the sections shown before: a section that stops showing rows is emptied by it and
    // goes in a stage of its own after it, and one that starts showing rows comes with them in a last stage.
    var isStarting = [Bool](repeating: false, count: sectionCount)
    var stopping: [Int] = []
    var shownIndex = [Int](repeating: -1, count: sectionCount)
    var shownCount = 0
    for section in 0..<sectionCount {
      if positions[section].isEmpty {
        isStarting[section] = !next[section].isEmpty
        continue
      }
      if next[section].isEmpty { stopping.append(shownCount) }
      shownIndex[section] = shownCount
      shownCount += 1
    }
    func shown(_ path: ItemPath) -> ItemPath { ItemPath(item: path.item, section: shownIndex[path.section]) }
    let data = (0..<sectionCount).compactMap { section in
      positions[section].isEmpty
        ? nil
        : shownSection(
          of: stage.data[section], positions: next[section], query: query(section), made: madeBinders(section))
    }
    // Moves between rows shown before and after; a move with one end hidden, or into a section that starts
    // showing rows, is a delete or an insert.
    var moved: [Move<ItemPath>] = []
    var movedSources: Set<ItemPath> = []
    var movedTargets: Set<ItemPath> = []
    for move in stage.elementMoved {
      let sourceShown = wasShown(move.source)
      let targetShown =
        !isStarting[move.target.section] && next[move.target.section]._sortedContains(move.target.item)
      if sourceShown, targetShown {
        let source = ItemPath(
          item: positions[move.source.section]._sortedIndex(of: move.source.item), section: move.source.section)
        let target = ItemPath(
          item: next[move.target.section]._sortedIndex(of: move.target.item), section: move.target.section)
        moved.append(Move(source: shown(source), target: shown(target)))
        movedSources.insert(source)
        movedTargets.insert(move.target)
      }
    }
    var inserted: [ItemPath] = []
    for section in 0..<sectionCount where !isStarting[section] {
      for row in arriving[section] where row.shown {
        let path = ItemPath(item: row.item, section: section)
        guard !movedTargets.contains(path) else { continue }
        inserted.append(shown(ItemPath(item: next[section]._sortedIndex(of: row.item), section: section)))
      }
    }
    for source in insertedSources where !isStarting[source.section] {
      inserted.append(
        shown(ItemPath(item: next[source.section]._sortedIndex(of: source.item), section: source.section)))
    }
    let deletes = deleted.filter { !movedSources.contains($0) }.map(shown)
    let sorted: (ItemPath, ItemPath) -> Bool = { ($0.section, $0.item) < ($1.section, $1.item) }
    var stages: [Changeset<[ListSectionSnapshot]>] = []
    // A section shown whose header or footer changed is updated among the sections shown.
    let sectionsUpdated = stage.sectionUpdated.filter { !positions[$0].isEmpty }.map { shownIndex[$0] }
    if !updatedShown.isEmpty || !sectionsUpdated.isEmpty {
      // The rows shown before, with their new content: an update stage of its own, as views expect. A row updated
      // that stops showing is not updated (the next stage deletes it): it keeps the row shown before.
      guard sectionsShown.count == shownCount else { return nil }
      var updatedData: [ListSectionSnapshot] = []
      updatedData.reserveCapacity(shownCount)
      for section in 0..<sectionCount where !positions[section].isEmpty {
        let before = sectionsShown[shownIndex[section]].elements
        guard before.count == positions[section].count else { return nil }
        updatedData.append(
          shownSection(
            of: stage.data[section], positions: positions[section], query: query(section),
            keeping: updatedLeaving[section], from: before, made: madeBinders(section)))
      }
      stages.append(
        Changeset(
          data: updatedData, sectionUpdated: sectionsUpdated,
          elementUpdated: updatedShown.map(shown).sorted(by: sorted)))
    }
    let changed = Changeset(
      data: data,
      elementDeleted: deletes.sorted(by: sorted),
      elementInserted: inserted.sorted(by: sorted),
      elementMoved: moved.sorted { sorted($0.target, $1.target) })
    if !changed.isEmpty { stages.append(changed) }
    if !stopping.isEmpty {
      var left = data
      for index in stopping.reversed() { left.remove(at: index) }
      stages.append(Changeset(data: left, sectionDeleted: stopping))
    }
    if isStarting.contains(true) {
      var starting: [Int] = []
      var index = 0
      for section in 0..<sectionCount where !next[section].isEmpty {
        if isStarting[section] { starting.append(index) }
        index += 1
      }
      stages.append(
        Changeset(
          data: shownSections(
            of: stage.data, positions: next, query: baseQuery, treeSections: treeSections, made: made),
          sectionInserted: starting))
    }
    return (next, stages)
  }
}

extension Array where Element == Int {
  /// The index of `value` in this ascending array, or where it would go.
  ///
  /// - Complexity: O(log *n*).
  func _sortedIndex(of value: Int) -> Int {
    partitioningIndex { $0 >= value }
  }

  /// Appends each position of `run` moved by `offset`: a copy of the run, then one pass adding the offset.
  mutating func _append(_ run: ArraySlice<Int>, adding offset: Int) {
    let start = count
    append(contentsOf: run)
    guard offset != 0 else { return }
    withUnsafeMutableBufferPointer { positions in
      for index in start..<positions.count { positions[index] &+= offset }
    }
  }

  /// Whether this ascending array holds `value`.
  ///
  /// - Complexity: O(log *n*).
  func _sortedContains(_ value: Int) -> Bool {
    let index = _sortedIndex(of: value)
    return index < count && self[index] == value
  }
}
