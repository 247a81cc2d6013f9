/// The events of a list, as a struct of closures: set the ones you need, the others do nothing.
///
/// ```swift
/// var delegate = SyncDelegate()
/// delegate.didSelectRow = { path, row in
///   guard let tag = row.tag?.value(as: String.self) else { return }
///   showAlert(tag)
/// }
/// delegate.editActions = { _, _ in [.delete] }
/// delegate.commitEdit = { action, _, row in store.remove(row.id) }
/// delegate.onAction(ButtonCell.Action.self) { action, path, row in handle(action) }
/// controller.delegate = delegate
/// ```
///
/// ## Change dispatch
///
/// The change dispatch goes to the ``ListEngine``'s own ``ListEngine/delegate`` only: a feed's delegate (a
/// controller's, say) hears of its rows' events, never of the changes. For a change applied in batches, the
/// engine calls ``willApply`` once, then for every stage, after the view applied it, the closures of the kinds the
/// stage holds, in this order: ``didDeleteSections``, ``didInsertSections``, ``didMoveSections``,
/// ``didUpdateSections``, ``didDeleteRows``, ``didInsertRows``, ``didMoveRows``, ``didReconfigureRows``,
/// ``didReloadRows``; then ``didApply`` once. Positions are those of ``Changeset``. A full reload calls only
/// ``willApply`` and ``didApply``, with ``SyncDelegate/Transition/reloadReason`` set. A state that changes nothing
/// calls nothing. The scrolling closures (``didScroll``, ``didReachTop``, ``didReachEnd``) too are called on the
/// engine's delegate only. So these closures do nothing on the delegate of a feed (a ``ListController``'s, a
/// ``SectionsFeed``'s): to follow a feed's changes, set them on the engine's delegate, whose
/// ``SyncDelegate/Transition`` carries the list before and after.
@MainActor
public struct SyncDelegate {
  // MARK: Changes

  /// Before a change reaches the view.
  ///
  /// Called on a ``ListEngine``'s own delegate only: set on a feed's delegate, it is never called.
  public var willApply: (SyncDelegate.Transition) -> Void = { _ in }
  /// After a change reached the view: its counts and cells match the list.
  ///
  /// Called on a ``ListEngine``'s own delegate only: set on a feed's delegate, it is never called.
  public var didApply: (SyncDelegate.Transition) -> Void = { _ in }
  /// Sections deleted in a stage, as indices before it.
  ///
  /// Called on a ``ListEngine``'s own delegate only: set on a feed's delegate, it is never called.
  public var didDeleteSections: ([Int]) -> Void = { _ in }
  /// Sections inserted in a stage, as indices after it.
  ///
  /// Called on a ``ListEngine``'s own delegate only: set on a feed's delegate, it is never called.
  public var didInsertSections: ([Int]) -> Void = { _ in }
  /// Sections moved in a stage.
  ///
  /// Called on a ``ListEngine``'s own delegate only: set on a feed's delegate, it is never called.
  public var didMoveSections: ([Move<Int>]) -> Void = { _ in }
  /// Sections whose header or footer changed in a stage.
  ///
  /// Called on a ``ListEngine``'s own delegate only: set on a feed's delegate, it is never called.
  public var didUpdateSections: ([Int]) -> Void = { _ in }
  /// Rows deleted in a stage, as positions before it.
  ///
  /// Called on a ``ListEngine``'s own delegate only: set on a feed's delegate, it is never called.
  public var didDeleteRows: ([ItemPath]) -> Void = { _ in }
  /// Rows inserted in a stage, as positions after it.
  ///
  /// Called on a ``ListEngine``'s own delegate only: set on a feed's delegate, it is never called.
  public var didInsertRows: ([ItemPath]) -> Void = { _ in }
  /// Rows moved in a stage.
  ///
  /// Called on a ``ListEngine``'s own delegate only: set on a feed's delegate, it is never called.
  public var didMoveRows: ([Move<ItemPath>]) -> Void = { _ in }
  /// Rows whose content changed and whose cell was filled again.
  ///
  /// Called on a ``ListEngine``'s own delegate only: set on a feed's delegate, it is never called.
  public var didReconfigureRows: ([ItemPath]) -> Void = { _ in } {
    didSet { observesRowKinds = true }
  }
  /// Rows whose cell type changed and whose cell was replaced.
  ///
  /// Called on a ``ListEngine``'s own delegate only: set on a feed's delegate, it is never called.
  public var didReloadRows: ([ItemPath]) -> Void = { _ in } {
    didSet { observesRowKinds = true }
  }
  /// Whether ``didReconfigureRows`` or ``didReloadRows`` was set: only then are a stage's updated rows split
  /// into the two for the delegate (which makes the binders of every updated row, before and after).
  var observesRowKinds = false
  /// Something went wrong: a state was rejected, a cell could not be made, the state stream failed.
  public var didFail: (ListFlowError) -> Void = { _ in }

  // MARK: Selection

  /// The user chose a row (Enter, a tap); the binder gives its model (``CellBinder/model``) and
  /// ``CellBinder/tag``. Toggling a row in a multi-select list (space) is not choosing it: that is reported by
  /// ``didChangeSelection``.
  public var didSelectRow: (ItemPath, CellBinder) -> Void = { _, _ in }
  /// A row was deselected by ``ListEngine/deselectRow(at:)``, or automatically after ``didSelectRow``.
  public var didDeselectRow: (ItemPath, CellBinder) -> Void = { _, _ in }
  /// A row was highlighted.
  public var didHighlightRow: (ItemPath, CellBinder) -> Void = { _, _ in }
  /// A row's highlight ended.
  public var didUnhighlightRow: (ItemPath, CellBinder) -> Void = { _, _ in }
  /// Whether a selected row is deselected right after ``didSelectRow`` (`false` by default); such a row never
  /// joins the list's selection.
  public var deselectsAutomatically = false {
    didSet { deselectsRowAutomatically = nil }
  }
  /// For the delegate of a feed whose rows belong to other feeds (a ``FilteredFeed``'s): whether the row at a
  /// position is deselected right after ``didSelectRow``, as the feed that owns it says. `nil` reads
  /// ``deselectsAutomatically``, the same for every row; setting ``deselectsAutomatically`` makes it `nil`.
  var deselectsRowAutomatically: ((ItemPath) -> Bool)?

  /// Whether the row at `path` is deselected right after ``didSelectRow``.
  ///
  /// - Parameter path: The row's position, in the coordinates of the feed this delegate is for.
  /// - Returns: ``deselectsAutomatically``, or the answer of the feed that owns the row.
  func deselectsAutomatically(rowAt path: ItemPath) -> Bool {
    deselectsRowAutomatically?(path) ?? deselectsAutomatically
  }
  /// The list's selection changed: by a user's choice in a single-select list or a toggle, by a call such as
  /// ``ListEngine/select(_:)``, or because a selected row was deleted. A composite's child is told of its own
  /// rows only, with local positions.
  public var didChangeSelection: (ListSelection.Change) -> Void = { _ in }

  // MARK: Display

  /// A row's cell is about to appear.
  public var willDisplayCell: (any ListCell, ItemPath) -> Void = { _, _ in }
  /// A row's cell left the screen or was deleted. The position names the row in a list the app saw: a row that
  /// a change deletes (or a reload drops) ends at its position before the change, with the feed that owned it
  /// then; a row the list keeps that leaves the screen ends at its position in the list shown, with the feed that
  /// owns it there: a row scrolled off, and a row a change pushes off (rows inserted above it, a child of a
  /// composite moved), which ends once the change is applied, at its position after the change.
  public var didEndDisplayingCell: (any ListCell, ItemPath) -> Void = { _, _ in }
  /// A section's header is about to appear.
  public var willDisplayHeader: (any ListCell, Int) -> Void = { _, _ in }
  /// A section's header left the screen or was removed; the section is named as for ``didEndDisplayingCell``:
  /// before the change for a header the change deletes or replaces, after it for one the change pushes off.
  public var didEndDisplayingHeader: (any ListCell, Int) -> Void = { _, _ in }
  /// A section's footer is about to appear.
  public var willDisplayFooter: (any ListCell, Int) -> Void = { _, _ in }
  /// A section's footer left the screen or was removed; the section is named as for ``didEndDisplayingCell``:
  /// before the change for a footer the change deletes or replaces, after it for one the change pushes off.
  public var didEndDisplayingFooter: (any ListCell, Int) -> Void = { _, _ in }
  /// For the delegate of a feed whose rows belong to other feeds (a ``FilteredFeed``'s): an element the list keeps
  /// that left the screen, at its position in the feed's rows now (see ``endDisplaying(keptCell:at:)``); `nil`
  /// calls the `didEndDisplaying…` closures.
  var didEndDisplayingKept: ((any ListCell, ListElement) -> Void)?

  /// Tells that an element the list keeps left the screen (a scroll, or a change that pushed it off), at its
  /// position in the rows this delegate's feed has now: ``didEndDisplayingKept`` when set, else the matching
  /// `didEndDisplaying…` closure.
  ///
  /// - Parameters:
  ///   - cell: Its cell.
  ///   - element: Where it is, in this delegate's positions.
  func endDisplaying(keptCell cell: any ListCell, at element: ListElement) {
    if let didEndDisplayingKept { return didEndDisplayingKept(cell, element) }
    element.notify(
      cell, row: didEndDisplayingCell, header: didEndDisplayingHeader, footer: didEndDisplayingFooter)
  }

  // MARK: Scrolling

  /// The view scrolled.
  ///
  /// Called on a ``ListEngine``'s own delegate only: set on a feed's delegate, it is never called.
  public var didScroll: (SyncDelegate.ScrollPosition) -> Void = { _ in }
  /// The viewport reached the top of the content (called once each time it gets there).
  ///
  /// Called on a ``ListEngine``'s own delegate only: set on a feed's delegate, it is never called.
  public var didReachTop: () -> Void = {}
  /// The viewport reached the end of the content (called once each time it gets there): load more here.
  ///
  /// Called on a ``ListEngine``'s own delegate only: set on a feed's delegate, it is never called.
  public var didReachEnd: () -> Void = {}

  // MARK: Editing and moving

  /// Whether a row can be edited (`true` by default; a row with no ``editActions`` offers nothing anyway).
  public var canEditRow: (ItemPath, CellBinder) -> Bool = { _, _ in true }
  /// The edit actions of a row (none by default).
  public var editActions: (ItemPath, CellBinder) -> [SyncDelegate.EditAction] = { _, _ in [] }
  /// The user chose an edit action: change the state (delete the item); the next state updates the list.
  public var commitEdit: (SyncDelegate.EditAction, ItemPath, CellBinder) -> Void = { _, _, _ in }
  /// Whether a row can be moved (`false` by default).
  public var canMoveRow: (ItemPath, CellBinder) -> Bool = { _, _ in false }
  /// The user moved a row; the controller's list already has it at its new place: update the state to match.
  public var didMoveRow: (Move<ItemPath>, CellBinder) -> Void = { _, _ in }

  // MARK: Cell actions

  /// A cell sent an action (see ``onAction(_:perform:)`` for the typed form).
  public var didReceiveCellAction: (SyncDelegate.CellAction) -> Void = { _ in }
  /// The cell of the list's own header or footer (``ListEngine/listHeader``, ``ListEngine/listFooter``) sent an
  /// action, with the binder the cell was made from (tell the header from the footer by its identity). Only an
  /// engine's delegate gets it: those cells belong to no feed, and no section position names them.
  public var didReceiveListSupplementaryAction: (any Sendable, CellBinder) -> Void = { _, _ in }

  /// Creates a delegate whose closures do nothing.
  public init() {}

  /// The typed action handlers set with ``onAction(_:perform:)``, one per action type.
  var actionHandlers: [ObjectIdentifier: (SyncDelegate.CellAction) -> Bool] = [:]

  /// Sets the handler for the row actions of one type; setting one again for the same type replaces it. Actions
  /// of other types, and actions from headers and footers, go to ``didReceiveCellAction``.
  ///
  /// ```swift
  /// delegate.onAction(ButtonCell.Action.self) { action, path, row in
  ///   if case .pressed(let label) = action { print(label, path) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type of action.
  ///   - perform: Called with the action, the row's current position and its binder.
  public mutating func onAction<Action: Sendable>(
    _ type: Action.Type,
    perform: @escaping (Action, ItemPath, CellBinder) -> Void
  ) {
    actionHandlers[ObjectIdentifier(Action.self)] = { event in
      guard let action = event.action(as: Action.self), let path = event.path else { return false }
      perform(action, path, event.row)
      return true
    }
  }

  /// Delivers a cell's action: to the handler of its type, else to ``didReceiveCellAction``.
  func deliver(_ event: SyncDelegate.CellAction) {
    for handler in actionHandlers.values where handler(event) { return }
    didReceiveCellAction(event)
  }
}
