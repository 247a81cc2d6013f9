extension ComposedListController {
  /// The number of sections the view shows.
  public var numberOfSections: Int { snapshot.count }

  /// The number of rows of a section, or 0 for a section that does not exist.
  ///
  /// - Parameter section: A section index.
  /// - Returns: The number of rows.
  public func numberOfRows(inSection section: Int) -> Int {
    snapshot.rowCount(inSection: section)
  }

  /// A configured cell for a row, dequeued from the view's reuse pool.
  ///
  /// - Parameters:
  ///   - path: The row's global position.
  ///   - view: The view asking.
  /// - Returns: The cell.
  /// - Throws: A ``ListFlowError`` for a position out of range or a cell that cannot be made.
  public func cell(at path: ItemPath, for view: any ListView) throws(ListFlowError) -> any ListCell {
    try makeRowCell(at: path, in: view)
  }

  /// Configures an existing cell again with its row's new content.
  ///
  /// - Parameters:
  ///   - cell: The cell shown at `path`.
  ///   - path: The row's global position.
  /// - Throws: A ``ListFlowError`` for a position out of range or a cell of the wrong type.
  public func reconfigure(_ cell: any ListCell, at path: ItemPath) throws(ListFlowError) {
    try reconfigureRow(cell, at: path)
  }

  /// The header cell of a section, or `nil` when it has none.
  ///
  /// - Parameters:
  ///   - section: A global section index.
  ///   - view: The view asking.
  /// - Returns: The cell, or `nil`.
  /// - Throws: A ``ListFlowError`` for a section out of range or a cell that cannot be made.
  public func header(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? {
    try makeSupplementary(inSection: section, in: view) { $0.header }
  }

  /// The footer cell of a section, or `nil` when it has none.
  ///
  /// - Parameters:
  ///   - section: A global section index.
  ///   - view: The view asking.
  /// - Returns: The cell, or `nil`.
  /// - Throws: A ``ListFlowError`` for a section out of range or a cell that cannot be made.
  public func footer(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? {
    try makeSupplementary(inSection: section, in: view) { $0.footer }
  }

  /// The height of a row, header or footer: the item's own, else its cell type's, else an estimate.
  ///
  /// - Parameter element: The element.
  /// - Returns: The height, or `nil` when the element does not exist.
  public func height(of element: ListElement) -> RowHeight? {
    snapshot.height(of: element)
  }
}

extension ComposedListController: SnapshotDataSource {
  /// Routes a cell's action to the delegate of the child that owns the row (local position), then to
  /// ``delegate`` (global position); an action from a row that is no longer in the list is dropped.
  func receive(_ action: any Sendable, fromRow id: ListIdentifier) {
    guard let path = snapshot.path(ofRow: id), let binder = try? snapshot.row(at: path) else { return }
    if let (source, local) = composite.source(for: path) {
      childDelegates[ObjectIdentifier(source)]?.didReceiveCellAction(
        CellActionEvent(action: action, path: local, row: binder))
    }
    delegate.didReceiveCellAction(CellActionEvent(action: action, path: path, row: binder))
  }
}
