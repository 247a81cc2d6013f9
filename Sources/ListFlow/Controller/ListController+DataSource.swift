extension ListController {
  /// The number of sections of the list shown.
  public var numberOfSections: Int { snapshot.count }

  /// The number of rows of a section of the list shown, or 0 when the section does not exist.
  ///
  /// - Parameter section: The section's index.
  /// - Returns: The number of rows.
  public func numberOfRows(inSection section: Int) -> Int {
    snapshot.rowCount(inSection: section)
  }

  /// A configured cell for a row, dequeued from the view's reuse pool (registering its type on first use).
  ///
  /// - Parameters:
  ///   - path: The row's position.
  ///   - view: The view asking.
  /// - Returns: The cell, filled with the row's content.
  /// - Throws: An out-of-range error, ``ListFlowError/unregisteredCell(reuseIdentifier:)`` or
  ///   ``ListFlowError/mistypedCell(reuseIdentifier:expected:found:)``; each is also reported to the delegate.
  public func cell(at path: ItemPath, for view: any ListView) throws(ListFlowError) -> any ListCell {
    try makeRowCell(at: path, in: view)
  }

  /// Fills a cell the view already shows with the row's current content.
  ///
  /// - Parameters:
  ///   - cell: The cell shown for the row.
  ///   - path: The row's position.
  /// - Throws: An out-of-range error or ``ListFlowError/mistypedCell(reuseIdentifier:expected:found:)``; each
  ///   is also reported to the delegate.
  public func reconfigure(_ cell: any ListCell, at path: ItemPath) throws(ListFlowError) {
    try reconfigureRow(cell, at: path)
  }

  /// A configured header view for a section, or `nil` when it has none.
  ///
  /// - Parameters:
  ///   - section: The section's index.
  ///   - view: The view asking.
  /// - Returns: The header view, or `nil`.
  /// - Throws: As ``cell(at:for:)``.
  public func header(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? {
    try makeSupplementary(inSection: section, in: view) { $0.header }
  }

  /// A configured footer view for a section, or `nil` when it has none.
  ///
  /// - Parameters:
  ///   - section: The section's index.
  ///   - view: The view asking.
  /// - Returns: The footer view, or `nil`.
  /// - Throws: As ``cell(at:for:)``.
  public func footer(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? {
    try makeSupplementary(inSection: section, in: view) { $0.footer }
  }

  /// The height of a row, header or footer: the item's own, else its cell type's, else the type's estimate.
  ///
  /// - Parameter element: The row, header or footer.
  /// - Returns: The height, or `nil` when the element does not exist.
  public func height(of element: ListElement) -> RowHeight? {
    snapshot.height(of: element)
  }
}

extension ListController: SnapshotDataSource {
  /// Routes a cell's action to the delegate with the row's current position; an action from a row that is no
  /// longer in the list is dropped.
  func receive(_ action: any Sendable, fromRow id: ListIdentifier) {
    guard let path = path(ofRow: id), let binder = try? row(at: path) else { return }
    delegate.didReceiveCellAction(CellActionEvent(action: action, path: path, row: binder))
  }
}
