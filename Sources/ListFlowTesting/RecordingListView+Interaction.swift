extension RecordingListView {
  /// Selects a row, as a user would.
  ///
  /// - Parameter path: The row's position.
  /// - Throws: What the data source throws, such as ``ListFlowError/rowOutOfRange(path:rowCount:)``.
  public func selectRow(at path: ItemPath) throws(ListFlowError) {
    try dataSource?.selectRow(at: path)
  }

  /// Drags a row to another position, as a user would: the view moves its cell, then tells the data source.
  ///
  /// When the data source refuses (it throws), the view leaves its cells as they are; so it does when the data
  /// source takes a move from or to a position the view does not have.
  ///
  /// - Parameter move: Where the row is and where it goes.
  /// - Throws: What the data source throws, such as ``ListFlowError/rowNotMovable(_:)``.
  public func moveRow(_ move: Move<ItemPath>) throws(ListFlowError) {
    guard let dataSource else { return }
    try dataSource.moveRow(move)
    // A data source may take a move the view cannot show (one that checks nothing): the view keeps its rows.
    guard sections.indices.contains(move.source.section), sections.indices.contains(move.target.section),
      sections[move.source.section].rows.indices.contains(move.source.item)
    else { return }
    var newSections = sections
    let cell = newSections[move.source.section].rows.remove(at: move.source.item)
    guard (0...newSections[move.target.section].rows.count).contains(move.target.item) else { return }
    newSections[move.target.section].rows.insert(cell, at: move.target.item)
    replaceSections(newSections)
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
