import ListFlow

extension TerminalListView {
  /// The shape of the list as the data source has it now, with the heights it declares: every row's height is
  /// asked.
  ///
  /// - Complexity: O(*n*) in the rows of the list.
  func currentShape() -> [ListViewport.Section] {
    guard let dataSource else { return [] }
    return (0..<dataSource.numberOfSections).map(queriedShape(ofSection:))
  }

  /// The shape of the list after a stage, from the shape before it: a section's rows that the stage did not
  /// touch keep their heights, and only the heights of inserted, moved and updated rows are asked, so a stage
  /// costs what it changed (plus O(*s*) in the sections, and O(*r*) in a section's rows when its rows have
  /// heights other than one line). A section whose counts do not add up is asked again in full.
  func shape(after update: ListUpdate, before: [ListViewport.Section], mapper: PathMapper) -> [ListViewport.Section] {
    guard let dataSource else { return [] }
    let changes = update.changeset
    // Which section of the shape before each section comes from (none for an inserted one).
    var sources: [Int: Int] = [:]
    for section in before.indices {
      if let target = mapper.mapSection(section) { sources[target] = section }
    }
    var left: [Int: [Int]] = [:]
    var arrived: [Int: [Int]] = [:]
    var updated: [Int: [Int]] = [:]
    for path in changes.elementDeleted { left[path.section, default: []].append(path.item) }
    for path in changes.elementInserted { arrived[path.section, default: []].append(path.item) }
    for move in changes.elementMoved {
      left[move.source.section, default: []].append(move.source.item)
      arrived[move.target.section, default: []].append(move.target.item)
    }
    for path in changes.elementUpdated + update.reconfiguredRows + update.reloadedRows {
      updated[path.section, default: []].append(path.item)
    }
    let updatedSections = Set(changes.sectionUpdated)
    var shapes: [ListViewport.Section] = []
    for section in 0..<dataSource.numberOfSections {
      shapes.append(
        shape(
          ofSection: section, from: sources[section].map { ($0, before[$0]) }, left: left, arrived: arrived,
          updated: updated, updatedSections: updatedSections))
    }
    return shapes
  }

  /// One section's shape after a stage: see ``shape(after:before:mapper:)``.
  private func shape(
    ofSection section: Int, from source: (index: Int, shape: ListViewport.Section)?, left: [Int: [Int]],
    arrived: [Int: [Int]], updated: [Int: [Int]], updatedSections: Set<Int>
  ) -> ListViewport.Section {
    guard let dataSource, let (source, old) = source else { return queriedShape(ofSection: section) }
    let removed = (left[source] ?? []).sorted()
    let added = (arrived[section] ?? []).sorted()
    let count = dataSource.numberOfRows(inSection: section)
    guard old.itemCount - removed.count + added.count == count else { return queriedShape(ofSection: section) }
    var shape = old
    if updatedSections.contains(source) {
      shape.headerHeight = supplementaryHeight(.header(section: section))
      shape.footerHeight = supplementaryHeight(.footer(section: section))
    }
    let asked = Set(added + (updated[section] ?? []))
    if removed.isEmpty && asked.isEmpty { return shape }
    func height(_ item: Int) -> Int {
      dataSource.height(of: .row(ItemPath(item: item, section: section)))?.value ?? 1
    }
    if old.itemHeights.isEmpty, asked.allSatisfy({ height($0) == 1 }) {
      // One line each before, and every row asked is one line: still no heights to keep.
      shape.itemCount = count
      return shape
    }
    var heights = (0..<old.itemCount).map(old.height(ofItem:))
    for item in removed.reversed() where heights.indices.contains(item) { heights.remove(at: item) }
    for item in added { heights.insert(height(item), at: min(item, heights.count)) }
    for item in updated[section] ?? [] where heights.indices.contains(item) { heights[item] = height(item) }
    guard heights.count == count else { return queriedShape(ofSection: section) }
    return ListViewport.Section(
      headerHeight: shape.headerHeight, itemHeights: heights, footerHeight: shape.footerHeight)
  }

  /// A section's shape, every height asked of the data source.
  func queriedShape(ofSection section: Int) -> ListViewport.Section {
    guard let dataSource else { return ListViewport.Section(itemCount: 0) }
    let count = dataSource.numberOfRows(inSection: section)
    let header = supplementaryHeight(.header(section: section))
    let footer = supplementaryHeight(.footer(section: section))
    // Heights are kept only from the first row that is not one line high (the rows before it are filled in).
    var heights: [Int]?
    for item in 0..<count {
      let height = dataSource.height(of: .row(ItemPath(item: item, section: section)))?.value ?? 1
      if height != 1 && heights == nil { heights = Array(repeating: 1, count: item) }
      heights?.append(height)
    }
    if let heights {
      return ListViewport.Section(headerHeight: header, itemHeights: heights, footerHeight: footer)
    }
    var shape = ListViewport.Section(itemCount: count)
    shape.headerHeight = header
    shape.footerHeight = footer
    return shape
  }

  /// The lines of a header or footer: its declared height (at least 1), or 0 when the section has none.
  func supplementaryHeight(_ element: ListElement) -> Int {
    guard hasSupplementary(element) else { return 0 }
    let height = dataSource?.height(of: element)?.value ?? 1
    return min(max(height, 1), ListViewport.maximumHeight)
  }
}
