extension ListController {
  /// The number of sections of the list shown.
  public var numberOfSections: Int { snapshot.count }

  /// The number of rows of a section of the list shown, or 0 when the section does not exist.
  ///
  /// - Parameter section: The section's index.
  /// - Returns: The number of rows.
  public func numberOfRows(inSection section: Int) -> Int {
    snapshot.indices.contains(section) ? snapshot[section].elements.count : 0
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
    do {
      let binder = try row(at: path)
      let cell = try makeCell(binder, in: view)
      installActions(on: cell, row: binder.id)
      return cell
    } catch {
      report(error)
      throw error
    }
  }

  /// Fills a cell the view already shows with the row's current content.
  ///
  /// - Parameters:
  ///   - cell: The cell shown for the row.
  ///   - path: The row's position.
  /// - Throws: An out-of-range error or ``ListFlowError/mistypedCell(reuseIdentifier:expected:found:)``; each
  ///   is also reported to the delegate.
  public func reconfigure(_ cell: any ListCell, at path: ItemPath) throws(ListFlowError) {
    do {
      let binder = try row(at: path)
      try binder.configure(cell)
      installActions(on: cell, row: binder.id)
    } catch {
      report(error)
      throw error
    }
  }

  /// A configured header view for a section, or `nil` when it has none.
  ///
  /// - Parameters:
  ///   - section: The section's index.
  ///   - view: The view asking.
  /// - Returns: The header view, or `nil`.
  /// - Throws: As ``cell(at:for:)``.
  public func header(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? {
    try supplementary(inSection: section, for: view) { $0.header }
  }

  /// A configured footer view for a section, or `nil` when it has none.
  ///
  /// - Parameters:
  ///   - section: The section's index.
  ///   - view: The view asking.
  /// - Returns: The footer view, or `nil`.
  /// - Throws: As ``cell(at:for:)``.
  public func footer(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? {
    try supplementary(inSection: section, for: view) { $0.footer }
  }

  /// The height of a row, header or footer: the item's own, else its cell type's, else the type's estimate.
  ///
  /// - Parameter element: The row, header or footer.
  /// - Returns: The height, or `nil` when the element does not exist.
  public func height(of element: ListElement) -> RowHeight? {
    let binder: CellBinder?
    switch element {
    case .row(let path): binder = try? row(at: path)
    case .header(let section): binder = snapshot.indices.contains(section) ? snapshot[section].model.header : nil
    case .footer(let section): binder = snapshot.indices.contains(section) ? snapshot[section].model.footer : nil
    }
    guard let binder else { return nil }
    if let height = binder.height { return .exact(height) }
    if let height = binder.cellType.preferredHeight { return .exact(height) }
    return .estimated(binder.cellType.estimatedHeight)
  }

  private func supplementary(
    inSection section: Int,
    for view: any ListView,
    _ binder: (SectionModel) -> CellBinder?
  ) throws(ListFlowError) -> (any ListCell)? {
    guard snapshot.indices.contains(section) else {
      let error = ListFlowError.sectionOutOfRange(section: section, sectionCount: snapshot.count)
      report(error)
      throw error
    }
    guard let binder = binder(snapshot[section].model) else { return nil }
    do {
      return try makeCell(binder, in: view)
    } catch {
      report(error)
      throw error
    }
  }

  private func makeCell(_ binder: CellBinder, in view: any ListView) throws(ListFlowError) -> any ListCell {
    let cell = try view.reusePool.dequeue(for: binder)
    do {
      try binder.configure(cell)
    } catch {
      view.reusePool.enqueue(cell)
      throw error
    }
    return cell
  }

  private func installActions(on cell: any ListCell, row id: ListIdentifier) {
    guard let emitting = cell as? any ActionEmittingCell else { return }
    install(on: emitting, row: id)
  }

  private func install<Cell: ActionEmittingCell>(on cell: Cell, row id: ListIdentifier) {
    cell.sendAction = { [weak self] action in self?.receive(action, fromRow: id) }
  }

  /// Routes a cell's action to the delegate with the row's current position; an action from a row that is no
  /// longer in the list is dropped.
  private func receive(_ action: any Sendable, fromRow id: ListIdentifier) {
    guard let path = path(ofRow: id), let binder = try? row(at: path) else { return }
    delegate.didReceiveCellAction(CellActionEvent(action: action, path: path, row: binder))
  }
}
