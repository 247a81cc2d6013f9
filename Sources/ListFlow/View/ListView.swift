/// The protocol a host implements to show a list: a terminal view, a recording test view, a UI toolkit's view.
///
/// A list view works like a UIKit table view. It holds a ``dataSource`` (the ``ListEngine`` that shows a feed in
/// it) and *pulls* from it: the number of sections and rows, and a configured cell for each row it shows. The
/// controller tells it when the list changed, in one of two ways:
///
/// - ``reloadData()``: forget everything and pull again;
/// - ``performBatchUpdates(_:)``: one stage of changes. The data source already answers with the data after the
///   stage, so the view applies the deletes, inserts, moves and updates of the stage to the cells it holds, and
///   its counts then match the data source's. A change comes as several stages, each applied by its own call.
///
/// A view keeps one ``CellReusePool``: the controller dequeues cells from it (registering cell types on first
/// use), and the view gives cells back to it when they leave the screen or are deleted.
///
/// ```swift
/// final class PrintingListView: ListView {
///   weak var dataSource: (any ListDataSource)?
///   let reusePool = CellReusePool()
///   var isVisible: Bool { true }
///   var visibleRows: [ItemPath] { [] }
///   func reloadData() { print("reload") }
///   func performBatchUpdates(_ update: ListUpdate) { print(update) }
/// }
/// ```
///
/// Implementations hold ``dataSource`` weakly: the engine owns its view (keep the engine), so that delegate
/// closures may capture the view without a cycle.
@MainActor
public protocol ListView: AnyObject {
  /// The object the view pulls counts and cells from, and sends events to.
  var dataSource: (any ListDataSource)? { get set }

  /// The registrations and free cells of this view.
  var reusePool: CellReusePool { get }

  /// Whether the view is on screen; when it is not, the controller reloads it instead of applying batches.
  var isVisible: Bool { get }

  /// The positions of the rows on screen, ascending.
  var visibleRows: [ItemPath] { get }

  /// Drops every cell and pulls the whole list again from ``dataSource``.
  func reloadData()

  /// Applies one stage of changes to the cells the view holds.
  ///
  /// - Parameter update: The stage; the data source already reflects it.
  func performBatchUpdates(_ update: ListUpdate)

  /// Shows a row as not selected (called by the controller when ``SyncDelegate/deselectsAutomatically`` is on).
  ///
  /// - Parameter path: The row's position.
  func deselectRow(at path: ItemPath)

  /// Scrolls so that a row is on screen where `alignment` says (see ``ListEngine/scrollToRow(at:alignment:)``).
  ///
  /// A view with a cursor moves it to the row. The path is valid in the list the data source shows; a view may
  /// clamp it anyway. The default does nothing, for views that do not scroll.
  ///
  /// - Parameters:
  ///   - path: The row's position.
  ///   - alignment: Where the row goes on screen.
  func scrollToRow(at path: ItemPath, alignment: ListEngine.ScrollAlignment)

  /// The selection of the list changed: the view shows the rows in
  /// ``ListSelection/Change/addedRows`` as selected and those in ``ListSelection/Change/removedRows`` as not.
  ///
  /// A view can also ask ``ListDataSource/isRowSelected(at:)`` whenever it draws a row. A change of
  /// ``ListDataSource/selectionMode`` alone comes as a change with nothing added or removed.
  ///
  /// - Parameter change: What changed, with global positions.
  func selectionDidChange(_ change: ListSelection.Change)
}

extension ListView {
  /// Does nothing: a view with no selection highlight has nothing to undo.
  ///
  /// - Parameter path: The row's position.
  public func deselectRow(at path: ItemPath) {}

  /// Does nothing: a view that does not scroll shows every row already.
  ///
  /// - Parameters:
  ///   - path: The row's position.
  ///   - alignment: Where the row goes on screen.
  public func scrollToRow(at path: ItemPath, alignment: ListEngine.ScrollAlignment) {}

  /// Does nothing: a view that shows no selection has nothing to redraw.
  ///
  /// - Parameter change: What changed.
  public func selectionDidChange(_ change: ListSelection.Change) {}
}
