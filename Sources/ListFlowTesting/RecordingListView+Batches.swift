extension RecordingListView {
  /// Applies a stage's row and section updates in place (their positions are the same before and after).
  func applyUpdates(_ update: ListUpdate, from dataSource: any ListDataSource) throws(Inconsistency) {
    try checkRefreshedRows(of: update)
    for path in update.reconfiguredRows {
      guard let cell = heldCell(at: path) else { throw Inconsistency(message: "reconfigured row \(path) is not shown") }
      // A reconfigured row gets a new cell: a cell is configured once.
      let fresh: any ListCell
      do {
        fresh = try dataSource.reconfiguredCell(replacing: cell, at: path, for: self)
      } catch {
        errors.append(error)
        fresh = PlaceholderCell(error: error)
      }
      if !(cell is PlaceholderCell) { reusePool.enqueue(cell) }
      replaceRow(fresh, at: path)
      record(fresh, .row(path), isReconfigured: true)
    }
    for path in update.reloadedRows {
      guard let cell = heldCell(at: path) else { throw Inconsistency(message: "reloaded row \(path) is not shown") }
      drop(cell, .row(path))
      replaceRow(pullCell(path, from: dataSource), at: path)
    }
    var updatedSections = Set<Int>()
    for section in update.changeset.sectionUpdated {
      guard sections.indices.contains(section) else {
        throw Inconsistency(message: "updated section \(section) is not shown")
      }
      guard updatedSections.insert(section).inserted else {
        throw Inconsistency(message: "updated section \(section) is named twice")
      }
      if let header = sections[section].header { drop(header, .header(section: section)) }
      if let footer = sections[section].footer { drop(footer, .footer(section: section)) }
      replaceHeader(
        pullSupplementary(.header(section: section), from: dataSource),
        footer: pullSupplementary(.footer(section: section), from: dataSource),
        inSection: section
      )
    }
  }

  /// Refuses a stage that refreshes a row twice (reconfigured or reloaded, twice or both) or refreshes a row it
  /// deletes, itself or with its section, as a table view refuses it (a refreshed row may move: it is refreshed
  /// in place, then moved).
  private func checkRefreshedRows(of update: ListUpdate) throws(Inconsistency) {
    let refreshed = update.reconfiguredRows + update.reloadedRows
    guard !refreshed.isEmpty else { return }
    var named = Set<ItemPath>()
    for path in refreshed where !named.insert(path).inserted {
      throw Inconsistency(message: "refreshed row \(path) is named twice")
    }
    let deletedSections = Set(update.changeset.sectionDeleted)
    for path in refreshed where deletedSections.contains(path.section) {
      throw Inconsistency(message: "refreshed row \(path) is in a deleted section")
    }
    for path in update.changeset.elementDeleted where named.contains(path) {
      throw Inconsistency(message: "deleted row \(path) is also refreshed")
    }
  }

  /// Applies a stage's deletes, inserts and moves of sections and rows, as a batch-updating table view does.
  func applyStructure(_ stage: Changeset<ListSnapshot>, from dataSource: any ListDataSource) throws(Inconsistency) {
    var old = sections
    let sectionCount = dataSource.numberOfSections

    // Pass 1: place the sections. Moved ones go to their targets, inserted ones are pulled later, the others
    // keep their order in the free slots.
    var sourceOfSection = [Int?](repeating: nil, count: sectionCount)
    var isInsertedSection = [Bool](repeating: false, count: sectionCount)
    // A section leaves once: deleted or moved, never both, never twice (as a table view refuses it).
    var leaving = Set<Int>()
    for section in stage.sectionDeleted {
      guard old.indices.contains(section) else {
        throw Inconsistency(message: "deleted section \(section) does not exist")
      }
      guard leaving.insert(section).inserted else {
        throw Inconsistency(message: "deleted section \(section) is named twice")
      }
    }
    for section in stage.sectionUpdated where leaving.contains(section) {  // `leaving`: the deleted ones so far
      throw Inconsistency(message: "updated section \(section) is also deleted")
    }
    for move in stage.sectionMoved {
      guard old.indices.contains(move.source), sourceOfSection.indices.contains(move.target),
        sourceOfSection[move.target] == nil, leaving.insert(move.source).inserted
      else { throw Inconsistency(message: "invalid section move \(move)") }
      sourceOfSection[move.target] = move.source
    }
    for section in stage.sectionInserted {
      guard isInsertedSection.indices.contains(section), sourceOfSection[section] == nil, !isInsertedSection[section]
      else { throw Inconsistency(message: "invalid section insert \(section)") }
      isInsertedSection[section] = true
    }
    var staying = old.indices.filter { !leaving.contains($0) }.makeIterator()
    for slot in 0..<sectionCount where sourceOfSection[slot] == nil && !isInsertedSection[slot] {
      guard let source = staying.next() else {
        throw Inconsistency(
          message: "invalid number of sections: the data source has \(sectionCount), too many for the view")
      }
      sourceOfSection[slot] = source
    }
    if staying.next() != nil {
      throw Inconsistency(
        message: "invalid number of sections: the data source has \(sectionCount), too few for the view")
    }

    // Pass 2: the rows leaving each old section (deleted or moved out).
    // A row leaves once: deleted or moved, never both, never twice.
    var rowsLeaving = [Set<Int>](repeating: [], count: old.count)
    for path in stage.elementDeleted {
      guard old.indices.contains(path.section), !stage.sectionDeleted.contains(path.section),
        old[path.section].rows.indices.contains(path.item)
      else { throw Inconsistency(message: "deleted row \(path) does not exist in a surviving section") }
      guard rowsLeaving[path.section].insert(path.item).inserted else {
        throw Inconsistency(message: "deleted row \(path) is named twice")
      }
    }
    var movedIn: [Int: [(item: Int, cell: any ListCell)]] = [:]
    for move in stage.elementMoved {
      let source = move.source
      guard old.indices.contains(source.section), old[source.section].rows.indices.contains(source.item),
        !stage.sectionDeleted.contains(source.section), sourceOfSection.indices.contains(move.target.section),
        !isInsertedSection[move.target.section], rowsLeaving[source.section].insert(source.item).inserted
      else { throw Inconsistency(message: "invalid row move \(move)") }
      movedIn[move.target.section, default: []].append((move.target.item, old[source.section].rows[source.item]))
    }
    var inserted: [Int: [Int]] = [:]
    for path in stage.elementInserted {
      // An inserted section brings its rows: a row is inserted into a section that was there before the stage.
      guard sourceOfSection.indices.contains(path.section), !isInsertedSection[path.section] else {
        throw Inconsistency(message: "row inserted at \(path) is not in a section that stays")
      }
      inserted[path.section, default: []].append(path.item)
    }

    // Pass 3: give the cells that left back to the pool, so that inserted rows can reuse them.
    for section in stage.sectionDeleted { discard(old[section], at: section) }
    for path in stage.elementDeleted { drop(old[path.section].rows[path.item], .row(path)) }

    // Pass 4: check that every section's rows fit: moved-in and inserted rows at distinct targets in range,
    // and as many staying rows as the data source's count leaves for them.
    for section in 0..<sectionCount where !isInsertedSection[section] {
      let source = sourceOfSection[section]!
      let rowCount = dataSource.numberOfRows(inSection: section)
      var targets = Set<Int>()
      for (item, _) in movedIn[section] ?? [] {
        guard (0..<rowCount).contains(item), targets.insert(item).inserted else {
          throw Inconsistency(message: "row moved to \(ItemPath(item: item, section: section)) does not fit")
        }
      }
      for item in inserted[section] ?? [] {
        guard (0..<rowCount).contains(item), targets.insert(item).inserted else {
          throw Inconsistency(message: "row inserted at \(ItemPath(item: item, section: section)) does not fit")
        }
      }
      let staying = old[source].rows.count - rowsLeaving[source].count
      if staying + targets.count < rowCount {
        throw Inconsistency(
          message:
            "invalid number of rows in section \(section): the data source has \(rowCount), more than the view holds")
      }
      if staying + targets.count > rowCount {
        throw Inconsistency(
          message:
            "invalid number of rows in section \(section): the data source has \(rowCount), fewer than the view holds")
      }
    }

    // Pass 5: build each new section in place: the rows that left removed, then moved-in and inserted rows put
    // at their targets in ascending order, so the staying rows keep their order in the other slots. A section no
    // change touches is kept as it is.
    replaceSections([])  // the view lets go of its rows, so that each section's rows are edited in place
    var newSections: [Section] = []
    newSections.reserveCapacity(sectionCount)
    for section in 0..<sectionCount {
      if isInsertedSection[section] {
        newSections.append(pullSection(section, from: dataSource))
        continue
      }
      let source = sourceOfSection[section]!
      var content = old[source]
      old[source].rows = []
      if !rowsLeaving[source].isEmpty { content.rows.remove(sortedPositions: rowsLeaving[source].sorted()) }
      var incoming = movedIn[section] ?? []
      for item in inserted[section] ?? [] {
        incoming.append((item, pullCell(ItemPath(item: item, section: section), from: dataSource)))
      }
      incoming.sort { $0.item < $1.item }
      for (item, cell) in incoming { content.rows.insert(cell, at: item) }
      newSections.append(content)
    }

    replaceSections(newSections)
  }

  private func heldCell(at path: ItemPath) -> (any ListCell)? {
    guard sections.indices.contains(path.section), sections[path.section].rows.indices.contains(path.item) else {
      return nil
    }
    return sections[path.section].rows[path.item]
  }
}

extension Array {
  /// Removes the elements at ascending, distinct positions, in one pass that moves each kept element once.
  ///
  /// - Parameter positions: Valid positions, ascending, without repeats.
  fileprivate mutating func remove(sortedPositions positions: [Int]) {
    let kept = withUnsafeMutableBufferPointer { elements in
      var write = 0
      var next = 0
      for read in elements.indices {
        if next < positions.count, positions[next] == read {
          next += 1
          continue
        }
        if write != read { elements.swapAt(write, read) }
        write += 1
      }
      return write
    }
    removeLast(count - kept)
  }
}
