extension ComposedListController {
  /// The number of sections the view shows.
  public var numberOfSections: Int { snapshot.count }

  /// The number of rows of a section, or 0 for a section that does not exist.
  ///
  /// - Parameter section: A section index.
  /// - Returns: The number of rows.
  public func numberOfRows(inSection section: Int) -> Int {
    snapshot.indices.contains(section) ? snapshot[section].elements.count : 0
  }

  /// A configured cell for a row, dequeued from the view's reuse pool.
  ///
  /// - Parameters:
  ///   - path: The row's global position.
  ///   - view: The view asking.
  /// - Returns: The cell.
  /// - Throws: A ``ListFlowError`` for a position out of range or a cell that cannot be made.
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

  /// Configures an existing cell again with its row's new content.
  ///
  /// - Parameters:
  ///   - cell: The cell shown at `path`.
  ///   - path: The row's global position.
  /// - Throws: A ``ListFlowError`` for a position out of range or a cell of the wrong type.
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

  /// The header cell of a section, or `nil` when it has none.
  ///
  /// - Parameters:
  ///   - section: A global section index.
  ///   - view: The view asking.
  /// - Returns: The cell, or `nil`.
  /// - Throws: A ``ListFlowError`` for a section out of range or a cell that cannot be made.
  public func header(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? {
    try supplementary(inSection: section, for: view) { $0.header }
  }

  /// The footer cell of a section, or `nil` when it has none.
  ///
  /// - Parameters:
  ///   - section: A global section index.
  ///   - view: The view asking.
  /// - Returns: The cell, or `nil`.
  /// - Throws: A ``ListFlowError`` for a section out of range or a cell that cannot be made.
  public func footer(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? {
    try supplementary(inSection: section, for: view) { $0.footer }
  }

  /// The height of a row, header or footer: the item's own, else its cell type's, else an estimate.
  ///
  /// - Parameter element: The element.
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

  private func receive(_ action: any Sendable, fromRow id: ListIdentifier) {
    for (section, content) in snapshot.enumerated() {
      guard let item = content.elements.firstIndex(where: { $0.id == id }) else { continue }
      let path = ItemPath(item: item, section: section)
      let binder = content.elements[item]
      if let (source, local) = composite.source(for: path) {
        childDelegates[ObjectIdentifier(source)]?.didReceiveCellAction(
          CellActionEvent(action: action, path: local, row: binder))
      }
      delegate.didReceiveCellAction(CellActionEvent(action: action, path: path, row: binder))
      return
    }
  }
}
