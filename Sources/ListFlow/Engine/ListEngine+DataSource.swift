extension ListEngine {
  /// The number of sections of the list shown.
  public var numberOfSections: Int { snapshot.count }

  /// The number of rows of a section of the list shown, or 0 when the section does not exist.
  ///
  /// - Parameter section: The section's index.
  /// - Returns: The number of rows.
  public func numberOfRows(inSection section: Int) -> Int {
    snapshot.rowCount(inSection: section)
  }

  /// The binder of a row of the list shown.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: The row's binder.
  /// - Throws: ``ListFlowError/sectionOutOfRange(section:sectionCount:)`` or
  ///   ``ListFlowError/rowOutOfRange(path:rowCount:)``; not reported to the delegate.
  public func row(at path: ItemPath) throws(ListFlowError) -> CellBinder {
    try snapshot.row(at: path)
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
    try reporting { () throws(ListFlowError) in
      let cell = try makeCell(try snapshot.row(at: path), in: view)
      installActions(on: cell)
      return cell
    }
  }

  /// A new cell for a row whose content changed, to show in place of the cell shown until now.
  ///
  /// The new cell is made and configured like any other (see ``CellReusePool``), so it ends exactly as a fresh
  /// cell configured with the same binder: a style or capability the row no longer has cannot stay on it. Actions
  /// the new cell sends reach the row, as the old cell's did.
  ///
  /// - Parameters:
  ///   - cell: The cell shown for the row until now; the view gives it back to its pool.
  ///   - path: The row's position.
  ///   - view: The view asking.
  /// - Returns: The new cell.
  /// - Throws: An out-of-range error, ``ListFlowError/unregisteredCell(reuseIdentifier:)`` or
  ///   ``ListFlowError/mistypedCell(reuseIdentifier:expected:found:)``; each is also reported to the delegate.
  public func reconfiguredCell(
    replacing cell: any ListCell, at path: ItemPath, for view: any ListView
  )
    throws(ListFlowError) -> any ListCell
  {
    try reporting { () throws(ListFlowError) in
      let fresh = try makeCell(try snapshot.row(at: path), in: view)
      installActions(on: fresh)
      if sendsActions(cell) { displayedCells.replace(ObjectIdentifier(cell), with: ObjectIdentifier(fresh)) }
      return fresh
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
  /// - Returns: The height, or `nil` when the element does not exist (a section without a header, say).
  public func height(of element: ListElement) -> RowHeight? {
    snapshot.height(of: element)
  }

  // MARK: Helpers

  /// Runs `body`; an error it throws is reported to the delegate, then thrown again.
  func reporting<Value>(_ body: () throws(ListFlowError) -> Value) throws(ListFlowError) -> Value {
    do {
      return try body()
    } catch {
      report(error)
      throw error
    }
  }

  /// The identity of a row, read without making its binder when the feed knows it; an out-of-range position is
  /// reported, then thrown.
  func reportedIdentity(ofRowAt path: ItemPath) throws(ListFlowError) -> ListIdentifier {
    if let id = snapshot.identity(ofRowAt: path) { return id }
    return try reportedRow(at: path).id
  }

  /// The binder of a row; an out-of-range position is reported, then thrown.
  func reportedRow(at path: ItemPath) throws(ListFlowError) -> CellBinder {
    try reporting { () throws(ListFlowError) in try snapshot.row(at: path) }
  }

  private func makeSupplementary(
    inSection section: Int,
    in view: any ListView,
    _ binder: (ListSectionSnapshot.Model) -> CellBinder?
  ) throws(ListFlowError) -> (any ListCell)? {
    try reporting { () throws(ListFlowError) -> (any ListCell)? in
      guard snapshot.indices.contains(section) else {
        throw .sectionOutOfRange(section: section, sectionCount: snapshot.count)
      }
      guard let binder = binder(snapshot[section].model) else { return nil }
      let cell = try makeCell(binder, in: view)
      installActions(on: cell)
      return cell
    }
  }

  /// Dequeues a cell for a binder and configures it; a cell that cannot be configured goes back to the pool.
  func makeCell(_ binder: CellBinder, in view: any ListView) throws(ListFlowError) -> any ListCell {
    let cell = try view.reusePool.dequeue(for: binder)
    do {
      try binder.configure(cell)
    } catch {
      view.reusePool.enqueue(cell)
      throw error
    }
    return cell
  }

  /// Whether a cell can send actions (an ``ActionEmittingCell``): only those are followed through stages.
  func sendsActions(_ cell: any ListCell) -> Bool {
    // Most cells send no action: remember per cell type, since a failed cast to a protocol with an associated
    // type looks the conformance up every time.
    let cellType = ObjectIdentifier(type(of: cell))
    if _SilentCellTypes.types.contains(cellType) { return false }
    guard cell is any ActionEmittingCell else {
      _SilentCellTypes.types.insert(cellType)
      return false
    }
    return true
  }

  /// Routes the actions of a cell to ``receive(_:from:)``; the cell is found by identity when it sends.
  private func installActions(on cell: any ListCell) {
    guard sendsActions(cell), let emitting = cell as? any ActionEmittingCell else { return }
    install(on: emitting)
  }

  private func install<Cell: ActionEmittingCell>(on cell: Cell) {
    cell.sendAction = { [weak self, unowned cell] action in self?.receive(action, from: cell) }
  }
}

/// The cell types found not to be ``ActionEmittingCell``s (one entry per cell type, so it stays small).
@MainActor
enum _SilentCellTypes {
  static var types: Set<ObjectIdentifier> = []
}
