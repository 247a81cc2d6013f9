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
    // Which section of the shape before each section comes from (none for an inserted one).
    var sources: [Int: Int] = [:]
    for section in before.indices {
      if let target = mapper.mapSection(section) { sources[target] = section }
    }
    var left: [Int: [Int]] = [:]
    var arrived: [Int: [Int]] = [:]
    for path in changes.elementDeleted { left[path.section, default: []].append(path.item) }
    for path in changes.elementInserted { arrived[path.section, default: []].append(path.item) }
    for move in changes.elementMoved {
      left[move.source.section, default: []].append(move.source.item)
      arrived[move.target.section, default: []].append(move.target.item)
    }
    let updatedSections = Set(changes.sectionUpdated)
    var shapes: [ListViewport.Section] = []
    var counted: Set<Int> = []
    for section in 0..<dataSource.numberOfSections {
      let source = sources[section].map { ($0, before[$0]) }
      if let shape = shape(
        ofSection: section, from: source, left: left, arrived: arrived, updatedSections: updatedSections)
      {
        shapes.append(shape)
      } else {
        shapes.append(countedShape(ofSection: section))
        counted.insert(section)
      }
    }
    return (shapes, counted)
  }

  /// One section's shape after a stage (see ``shape(after:before:mapper:)``), or `nil` when it must be counted
  /// afresh.
  private func shape(
    ofSection section: Int, from source: (index: Int, shape: ListViewport.Section)?, left: [Int: [Int]],
    arrived: [Int: [Int]], updatedSections: Set<Int>
  ) -> ListViewport.Section? {
    guard let dataSource, let (source, old) = source else { return nil }
    let removed = (left[source] ?? []).sorted()
    let added = (arrived[section] ?? []).sorted()
    let count = dataSource.numberOfRows(inSection: section)
    guard old.itemCount - removed.count + added.count == count else { return nil }
    var shape = old
    if updatedSections.contains(source) {
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
