import ListFlow

extension TerminalListView {
  /// The shape of the list as the data source has it now: its sections' row counts and the heights of their
  /// headers and footers. No row's height is asked: every row is assumed to take one line until it comes on
  /// screen and is measured (see ``settle(reach:_:)``).
  ///
  /// - Complexity: O(*s*) in the sections of the list; no binder is made for a row.
  func currentShape() -> [ListViewport.Section] {
    guard let dataSource else { return [] }
    return (0..<dataSource.numberOfSections).map(countedShape(ofSection:))
  }

  /// The shape of the list after a stage, from the shape before it: a section's rows that the stage did not
  /// insert or move keep the heights the shape had for them, and the rows it inserts or moves are assumed to
  /// take one line until they come on screen. No row's height is asked, so a stage costs the rows it changed
  /// (plus O(*s*) in the sections, and O(*d*) in a section's rows up to the last one not one line high). A
  /// section that the stage inserts, or whose counts do not add up, is counted afresh.
  ///
  /// - Returns: The shape, and the sections that were counted afresh (their rows' heights are all assumed).
  func shape(
    after update: ListUpdate, before: [ListViewport.Section], mapper: PathMapper
  ) -> (sections: [ListViewport.Section], counted: Set<Int>) {
    guard let dataSource else { return ([], []) }
    let changes = update.changeset
    let sectionCount = dataSource.numberOfSections
    // Which section of the shape before each section comes from (-1 for an inserted one), and the rows each
    // section before loses and each section after gains: arrays by section, so that a section the stage does
    // not touch costs no hashing.
    var sources = [Int](repeating: -1, count: sectionCount)
    for section in before.indices {
      if let target = mapper.mapSection(section), target >= 0, target < sectionCount { sources[target] = section }
    }
    var left = [[Int]](repeating: [], count: before.count)
    var arrived = [[Int]](repeating: [], count: sectionCount)
    func leave(_ path: ItemPath) { if left.indices.contains(path.section) { left[path.section].append(path.item) } }
    func arrive(_ path: ItemPath) {
      if arrived.indices.contains(path.section) { arrived[path.section].append(path.item) }
    }
    for path in changes.elementDeleted { leave(path) }
    for path in changes.elementInserted { arrive(path) }
    for move in changes.elementMoved {
      leave(move.source)
      arrive(move.target)
    }
    var updatedSections = [Bool](repeating: false, count: before.count)
    for section in changes.sectionUpdated where updatedSections.indices.contains(section) {
      updatedSections[section] = true
    }
    var shapes: [ListViewport.Section] = []
    shapes.reserveCapacity(sectionCount)
    var counted: Set<Int> = []
    for section in 0..<sectionCount {
      let source = sources[section]
      if source >= 0,
        let shape = shape(
          ofSection: section, before: before[source], removed: left[source], added: arrived[section],
          isUpdated: updatedSections[source])
      {
        shapes.append(shape)
      } else {
        shapes.append(countedShape(ofSection: section))
        counted.insert(section)
      }
    }
    return (shapes, counted)
  }

  /// One section's shape after a stage (see ``shape(after:before:mapper:)``), from its shape before and the rows
  /// it lost and gained (in any order), or `nil` when it must be counted afresh.
  private func shape(
    ofSection section: Int, before old: ListViewport.Section, removed: [Int], added: [Int], isUpdated: Bool
  ) -> ListViewport.Section? {
    guard let dataSource else { return nil }
    let removed = removed.sorted()
    let added = added.sorted()
    let count = dataSource.numberOfRows(inSection: section)
    guard old.itemCount - removed.count + added.count == count else { return nil }
    var shape = old
    if isUpdated {
      shape.headerHeight = supplementaryHeight(.header(section: section))
      shape.footerHeight = supplementaryHeight(.footer(section: section))
    }
    if removed.isEmpty && added.isEmpty { return shape }
    // Only the rows up to the last one not one line high carry a height: past them, inserts and deletes move
    // rows of one line among rows of one line.
    var heights = (0..<old.declaredItemCount).map(old.height(ofItem:))
    for item in removed.reversed() where item < heights.count { heights.remove(at: item) }
    for item in added where item < heights.count { heights.insert(1, at: item) }
    return ListViewport.Section(
      headerHeight: shape.headerHeight, itemCount: count, leadingItemHeights: heights,
      footerHeight: shape.footerHeight)
  }

  /// A section's shape as the data source counts it: its rows, all assumed to take one line, and the heights
  /// of its header and footer.
  func countedShape(ofSection section: Int) -> ListViewport.Section {
    guard let dataSource else { return ListViewport.Section(itemCount: 0) }
    var shape = ListViewport.Section(itemCount: dataSource.numberOfRows(inSection: section))
    shape.headerHeight = supplementaryHeight(.header(section: section))
    shape.footerHeight = supplementaryHeight(.footer(section: section))
    return shape
  }

  /// The lines of a header or footer: its declared height (at least 1), or 0 when the section has none.
  func supplementaryHeight(_ element: ListElement) -> Int {
    guard hasSupplementary(element) else { return 0 }
    let height = dataSource?.height(of: element)?.value ?? 1
    return min(max(height, 1), ListViewport.maximumHeight)
  }
}
