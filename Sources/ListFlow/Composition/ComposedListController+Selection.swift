extension ComposedListController {
  /// The selected rows, by identity; a child's rows are selected
  /// here, by their identity.
  public var selection: ListSelection { engine.selection }

  /// How many rows can be selected: ``SelectionMode/none`` (the default), single or multiple.
  public var selectionMode: SelectionMode {
    get { selection.mode }
    set { engine.selectionMode = newValue }
  }

  /// The positions of the selected rows in the list shown, ascending.
  public var selectedRows: [ItemPath] { engine.selectedRows }

  /// Replaces the selection (see ``ListEngine/setSelection(_:)``).
  ///
  /// - Parameter selection: The new selection; its mode becomes the list's.
  public func setSelection(_ selection: ListSelection) { engine.setSelection(selection) }

  /// Selects the rows with an identity (see ``ListEngine/select(_:)``).
  ///
  /// - Parameter id: A row's identity.
  public func select(_ id: ListIdentifier) { engine.select(id) }

  /// Selects the row at a position.
  ///
  /// - Parameter path: The row's position.
  /// - Throws: An out-of-range error (also reported to the delegate).
  public func select(rowAt path: ItemPath) throws(ListFlowError) { try engine.select(rowAt: path) }

  /// Deselects the rows with an identity.
  ///
  /// - Parameter id: A row's identity.
  public func deselect(_ id: ListIdentifier) { engine.deselect(id) }

  /// Deselects the row at a position.
  ///
  /// - Parameter path: The row's position.
  /// - Throws: An out-of-range error (also reported to the delegate).
  public func deselect(rowAt path: ItemPath) throws(ListFlowError) { try engine.deselect(rowAt: path) }

  /// Selects every row shown (see ``ListEngine/selectAll()``).
  public func selectAll() { engine.selectAll() }

  /// Deselects every row.
  public func clearSelection() { engine.clearSelection() }
}
