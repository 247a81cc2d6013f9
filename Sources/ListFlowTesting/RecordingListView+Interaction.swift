extension RecordingListView {
  /// Selects a row, as a user would.
  ///
  /// - Parameter path: The row's position.
  /// - Throws: What the data source throws, such as ``ListFlowError/rowOutOfRange(path:rowCount:)``.
  public func selectRow(at path: ItemPath) throws(ListFlowError) {
    try dataSource?.selectRow(at: path)
  }

  /// Drags a row to another position, as a user would: the view moves its cell, then tells the data source, so
  /// that a change the data source shows while it takes the move (one a delegate makes) meets the moved cell.
  ///
  /// When the data source refuses (it throws), the view does not move the cell back itself: the data source puts
  /// it back by a batch (see ``ListDataSource/moveRow(_:)``). A move from or to a position the view does not have
  /// moves no cell, and the data source is told all the same.
  ///
  /// - Parameter move: Where the row is and where it goes.
  /// - Throws: What the data source throws, such as ``ListFlowError/rowNotMovable(_:)``.
  public func moveRow(_ move: Move<ItemPath>) throws(ListFlowError) {
    guard let dataSource else { return }
    _ = moveCell(from: move.source, to: move.target)
    try dataSource.moveRow(move)
  }

  /// Moves a cell from one position to another (`to.item` counted once the cell left); `false`, moving nothing,
  /// for a position the view does not have.
  private func moveCell(from source: ItemPath, to target: ItemPath) -> Bool {
    guard sections.indices.contains(source.section), sections.indices.contains(target.section),
      sections[source.section].rows.indices.contains(source.item)
    else { return false }
    var newSections = sections
    let cell = newSections[source.section].rows.remove(at: source.item)
    guard (0...newSections[target.section].rows.count).contains(target.item) else { return false }
    newSections[target.section].rows.insert(cell, at: target.item)
    replaceSections(newSections)
    return true
  }

  /// Scrolls, as a user would.
  ///
  /// - Parameter position: Where the viewport is now.
  public func scroll(to position: SyncDelegate.ScrollPosition) {
    dataSource?.didScroll(to: position)
  }

  /// The cell the view shows for a row, if there is one.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: The cell, or `nil` when the row is not shown.
  public func cell(at path: ItemPath) -> (any ListCell)? {
    guard sections.indices.contains(path.section), sections[path.section].rows.indices.contains(path.item) else {
      return nil
    }
    return sections[path.section].rows[path.item]
  }
}
