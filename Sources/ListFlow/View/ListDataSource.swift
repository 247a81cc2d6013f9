/// What a ``ListView`` pulls its content from and sends its events to: a ``ListController``, or a composite
/// of several.
///
/// The data part answers with the list as the view must show it *now*: during
/// ``ListView/performBatchUpdates(_:)`` that is the list after the stage being applied. The event part turns what
/// the user did (select, scroll, edit, move) into ``SyncDelegate`` calls; each event method has a default that
/// does nothing, so a data source that shows a static list implements only the data part.
///
/// Positions out of range never trap: counts answer 0, and the methods that take a position throw
/// ``ListFlowError/rowOutOfRange(path:rowCount:)`` or ``ListFlowError/sectionOutOfRange(section:sectionCount:)``.
@MainActor
public protocol ListDataSource: AnyObject {
  /// The number of sections.
  var numberOfSections: Int { get }

  /// The number of rows of a section, or 0 when the section does not exist.
  ///
  /// - Parameter section: The section's index.
  /// - Returns: The number of rows.
  func numberOfRows(inSection section: Int) -> Int

  /// A configured cell for a row, dequeued from the view's reuse pool.
  ///
  /// - Parameters:
  ///   - path: The row's position.
  ///   - view: The view asking; its ``ListView/reusePool`` provides the cell.
  /// - Returns: The cell, filled with the row's content.
  /// - Throws: An out-of-range error, ``ListFlowError/unregisteredCell(reuseIdentifier:)`` or
  ///   ``ListFlowError/mistypedCell(reuseIdentifier:expected:found:)``.
  func cell(at path: ItemPath, for view: any ListView) throws(ListFlowError) -> any ListCell

  /// A new cell for a row the view shows whose content changed (a reconfigured row), to show in place of `cell`.
  ///
  /// A cell is never configured twice (see ``CellReusePool``): the view shows the cell this returns where it
  /// showed `cell`, with no display events, and gives `cell` back to its pool. By default, ``cell(at:for:)``.
  ///
  /// - Parameters:
  ///   - cell: The cell shown for the row until now.
  ///   - path: The row's position after the stage being applied.
  ///   - view: The view asking.
  /// - Returns: A new cell, filled with the row's current content.
  /// - Throws: As ``cell(at:for:)``; the view then drops `cell` and asks for the row again when it draws it.
  func reconfiguredCell(
    replacing cell: any ListCell, at path: ItemPath, for view: any ListView
  ) throws(ListFlowError)
    -> any ListCell

  /// A configured header view for a section, or `nil` when the section has no header.
  ///
  /// - Parameters:
  ///   - section: The section's index.
  ///   - view: The view asking.
  /// - Returns: The header view, or `nil`.
  /// - Throws: As ``cell(at:for:)``.
  func header(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)?

  /// A configured footer view for a section, or `nil` when the section has no footer.
  ///
  /// - Parameters:
  ///   - section: The section's index.
  ///   - view: The view asking.
  /// - Returns: The footer view, or `nil`.
  /// - Throws: As ``cell(at:for:)``.
  func footer(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)?

  /// A configured view for the list's own header, shown above the first section, or `nil` when the list has
  /// none (the default).
  ///
  /// A view asks for it when it reloads; the data source reloads the view when the header changes.
  ///
  /// - Parameter view: The view asking.
  /// - Returns: The header view, or `nil`.
  /// - Throws: As ``cell(at:for:)``.
  func listHeader(for view: any ListView) throws(ListFlowError) -> (any ListCell)?

  /// A configured view for the list's own footer, shown below the last section, or `nil` when the list has
  /// none (the default).
  ///
  /// - Parameter view: The view asking.
  /// - Returns: The footer view, or `nil`.
  /// - Throws: As ``cell(at:for:)``.
  func listFooter(for view: any ListView) throws(ListFlowError) -> (any ListCell)?

  /// The height of a row, header or footer: declared on the item, else on the cell type, else an estimate.
  ///
  /// - Parameter element: The row, header or footer.
  /// - Returns: The height, or `nil` when the element does not exist (a section without a header).
  func height(of element: ListElement) -> RowHeight?

  /// The user selected a row.
  ///
  /// - Parameter path: The row's position.
  /// - Throws: An out-of-range error.
  func selectRow(at path: ItemPath) throws(ListFlowError)

  /// The user deselected a row.
  ///
  /// - Parameter path: The row's position.
  /// - Throws: An out-of-range error.
  func deselectRow(at path: ItemPath) throws(ListFlowError)

  /// How many rows can be selected; a view uses it to offer a toggle in
  /// ``ListSelection/Mode/multiple``.
  var selectionMode: ListSelection.Mode { get }

  /// Whether a row is selected; `false` for a position out of range.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: Whether the row is part of the selection.
  func isRowSelected(at path: ItemPath) -> Bool

  /// The user toggled a row's selection (the space key of a multi-select list).
  ///
  /// - Parameter path: The row's position.
  /// - Throws: An out-of-range error.
  func toggleSelection(ofRowAt path: ItemPath) throws(ListFlowError)

  /// The user highlighted a row (pressed it, or moved a cursor onto it), or took the highlight away.
  ///
  /// - Parameters:
  ///   - path: The row's position.
  ///   - isHighlighted: `true` when the highlight starts, `false` when it ends.
  /// - Throws: An out-of-range error.
  func highlightRow(at path: ItemPath, isHighlighted: Bool) throws(ListFlowError)

  /// A row, header or footer is about to appear on screen.
  ///
  /// - Parameters:
  ///   - cell: Its cell.
  ///   - element: Which row, header or footer it shows.
  func willDisplay(_ cell: any ListCell, for element: ListElement)

  /// A row, header or footer left the screen (or was deleted); `element` is where it was.
  ///
  /// - Parameters:
  ///   - cell: Its cell.
  ///   - element: Which row, header or footer it showed.
  func didEndDisplaying(_ cell: any ListCell, for element: ListElement)

  /// The view scrolled.
  ///
  /// - Parameter position: Where the viewport is now.
  func didScroll(to position: SyncDelegate.ScrollPosition)

  /// The edit actions of a row (swipe actions, a delete key), empty when the row cannot be edited.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: The actions.
  /// - Throws: An out-of-range error.
  func editActions(forRowAt path: ItemPath) throws(ListFlowError) -> [SyncDelegate.EditAction]

  /// The user chose an edit action of a row.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - path: The row's position.
  /// - Throws: An out-of-range error, or ``ListFlowError/rowNotEditable(_:)``.
  func commitEdit(_ action: SyncDelegate.EditAction, forRowAt path: ItemPath) throws(ListFlowError)

  /// Whether the user may drag a row to another position.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: `true` when the row can move; `false` also when it does not exist.
  func canMoveRow(at path: ItemPath) -> Bool

  /// The user moved a row; the view shows it at `move.target` already, and the data source updates its model.
  ///
  /// A view does not undo a refused move itself: before it throws, the data source sends the batch that puts the
  /// row back (with any change made while the move was checked), so that the view never undoes what a batch did.
  ///
  /// - Parameter move: The row's position before and after the move.
  /// - Throws: An out-of-range error, or ``ListFlowError/rowNotMovable(_:)``.
  func moveRow(_ move: Move<ItemPath>) throws(ListFlowError)

  /// The user asked to expand or collapse a row (an outline's → and ← keys, say).
  ///
  /// - Parameters:
  ///   - expanded: Whether the row should show its children.
  ///   - path: The row's position.
  /// - Returns: Whether the row's expansion changed (or will, once the change being applied is done); `false`
  ///   for a row that cannot expand or does not exist.
  @discardableResult
  func setExpanded(_ expanded: Bool, forRowAt path: ItemPath) -> Bool

  /// Whether a row is expanded, so that a view offers only the expand or collapse that would act.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: `true` for an expanded row that can collapse, `false` for a collapsed row that can expand, `nil`
  ///   for a row that can do neither or does not exist.
  func isRowExpanded(at path: ItemPath) -> Bool?

  /// The nesting depth of a row in a tree (0 at the top level, 1 for a top-level row's children, and so on), so
  /// that a view can go from a row to its parent: the nearest row above it, in its section, that is less deep.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: The depth; 0 for a row of a flat list or one that does not exist.
  func depth(ofRowAt path: ItemPath) -> Int

  /// The identity of a row of the list shown (its binder's ``CellBinder/id``), so that a view can find the row
  /// again after a reload; `nil` when the row does not exist or the data source does not say.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: The identity.
  func identity(ofRowAt path: ItemPath) -> ListIdentifier?

  /// The position of the first row with an identity in the list shown, or `nil` when there is none or the data
  /// source does not say.
  ///
  /// - Parameter id: The row's identity.
  /// - Returns: The row's position.
  func path(ofRowWithIdentity id: ListIdentifier) -> ItemPath?
}

extension ListDataSource {
  /// A new cell from ``cell(at:for:)``.
  public func reconfiguredCell(
    replacing cell: any ListCell, at path: ItemPath, for view: any ListView
  )
    throws(ListFlowError) -> any ListCell
  {
    try self.cell(at: path, for: view)
  }
  /// No list header.
  public func listHeader(for view: any ListView) throws(ListFlowError) -> (any ListCell)? { nil }
  /// No list footer.
  public func listFooter(for view: any ListView) throws(ListFlowError) -> (any ListCell)? { nil }
  /// Does nothing.
  public func selectRow(at path: ItemPath) throws(ListFlowError) {}
  /// Does nothing.
  public func deselectRow(at path: ItemPath) throws(ListFlowError) {}
  /// ``ListSelection/Mode/none``.
  public var selectionMode: ListSelection.Mode { .none }
  /// `false`.
  public func isRowSelected(at path: ItemPath) -> Bool { false }
  /// Does nothing.
  public func toggleSelection(ofRowAt path: ItemPath) throws(ListFlowError) {}
  /// Does nothing.
  public func highlightRow(at path: ItemPath, isHighlighted: Bool) throws(ListFlowError) {}
  /// Does nothing.
  public func willDisplay(_ cell: any ListCell, for element: ListElement) {}
  /// Does nothing.
  public func didEndDisplaying(_ cell: any ListCell, for element: ListElement) {}
  /// Does nothing.
  public func didScroll(to position: SyncDelegate.ScrollPosition) {}
  /// No actions.
  public func editActions(forRowAt path: ItemPath) throws(ListFlowError) -> [SyncDelegate.EditAction] { [] }
  /// Throws ``ListFlowError/rowNotEditable(_:)``.
  public func commitEdit(_ action: SyncDelegate.EditAction, forRowAt path: ItemPath) throws(ListFlowError) {
    throw .rowNotEditable(path)
  }
  /// `false`.
  public func canMoveRow(at path: ItemPath) -> Bool { false }
  /// Throws ``ListFlowError/rowNotMovable(_:)``.
  public func moveRow(_ move: Move<ItemPath>) throws(ListFlowError) { throw .rowNotMovable(move.source) }
  /// `false`: no row expands.
  @discardableResult
  public func setExpanded(_ expanded: Bool, forRowAt path: ItemPath) -> Bool { false }
  /// `nil`: no row expands.
  public func isRowExpanded(at path: ItemPath) -> Bool? { nil }
  /// 0: a flat list.
  public func depth(ofRowAt path: ItemPath) -> Int { 0 }
  /// `nil`: rows have no identity a view can use.
  public func identity(ofRowAt path: ItemPath) -> ListIdentifier? { nil }
  /// `nil`.
  public func path(ofRowWithIdentity id: ListIdentifier) -> ItemPath? { nil }
}
