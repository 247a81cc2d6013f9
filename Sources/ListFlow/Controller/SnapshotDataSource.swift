/// A data source that answers a view from a ``ListSnapshot`` it keeps: the part ``ListController`` and
/// ``ComposedListController`` share.
///
/// A conforming controller declares the public ``ListDataSource`` methods, each with its own documentation, and
/// answers them with the methods of this protocol's extension: rows and heights looked up in ``snapshot``, cells
/// made from the view's reuse pool with their actions installed, errors reported to ``delegate`` and kept in
/// ``lastError``, staged changes applied to the view stage by stage, and the scroll and display events that both
/// controllers send to ``delegate`` alone.
@MainActor
protocol SnapshotDataSource: ListDataSource {
  /// The view the data source drives.
  var view: any ListView { get }
  /// The list the view shows now (during a batch, the list after the stage being applied).
  var snapshot: ListSnapshot { get set }
  /// The delegate for the whole list, with global positions.
  var delegate: SyncDelegate { get }
  /// The last error reported to ``SyncDelegate/didFail``.
  var lastError: ListFlowError? { get set }
  /// Whether the viewport was at the top and at the end after the last scroll.
  var edges: (top: Bool, end: Bool) { get set }

  /// Routes an action of the cell that shows the row with identity `id`; called by the cells this data source
  /// makes, and not at all once the data source is gone.
  ///
  /// - Parameters:
  ///   - action: The cell's action.
  ///   - id: The identity of the row the cell showed when it was configured.
  func receive(_ action: any Sendable, fromRow id: ListIdentifier)
}

extension SnapshotDataSource {
  /// Reports an error to the delegate and keeps it in ``lastError``.
  ///
  /// - Parameter error: The error.
  func report(_ error: ListFlowError) {
    lastError = error
    delegate.didFail(error)
  }

  /// The binder of a row of ``snapshot``; an out-of-range position is reported, then thrown.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: The row's binder.
  /// - Throws: An out-of-range error.
  func reportedRow(at path: ItemPath) throws(ListFlowError) -> CellBinder {
    do {
      return try snapshot.row(at: path)
    } catch {
      report(error)
      throw error
    }
  }

  /// A configured cell for a row, with its actions routed to ``receive(_:fromRow:)``.
  ///
  /// - Parameters:
  ///   - path: The row's position.
  ///   - view: The view asking.
  /// - Returns: The cell.
  /// - Throws: An out-of-range error, ``ListFlowError/unregisteredCell(reuseIdentifier:)`` or
  ///   ``ListFlowError/mistypedCell(reuseIdentifier:expected:found:)``; each is also reported.
  func makeRowCell(at path: ItemPath, in view: any ListView) throws(ListFlowError) -> any ListCell {
    do {
      let binder = try snapshot.row(at: path)
      let cell = try makeCell(binder, in: view)
      installActions(on: cell, row: binder.id)
      return cell
    } catch {
      report(error)
      throw error
    }
  }

  /// Fills a cell the view already shows with the row's current content, and routes its actions again.
  ///
  /// - Parameters:
  ///   - cell: The cell shown for the row.
  ///   - path: The row's position.
  /// - Throws: An out-of-range error or ``ListFlowError/mistypedCell(reuseIdentifier:expected:found:)``; each
  ///   is also reported.
  func reconfigureRow(_ cell: any ListCell, at path: ItemPath) throws(ListFlowError) {
    do {
      let binder = try snapshot.row(at: path)
      try binder.configure(cell)
      installActions(on: cell, row: binder.id)
    } catch {
      report(error)
      throw error
    }
  }

  /// A configured header or footer view for a section, or `nil` when the section has none.
  ///
  /// - Parameters:
  ///   - section: The section's index.
  ///   - view: The view asking.
  ///   - binder: Picks the header or the footer of the section's model.
  /// - Returns: The view, or `nil`.
  /// - Throws: As ``makeRowCell(at:in:)``; each error is also reported.
  func makeSupplementary(
    inSection section: Int,
    in view: any ListView,
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

  /// Dequeues a cell for a binder and configures it; a cell that cannot be configured goes back to the pool.
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
    // Most cells send no action: remember per cell type, since a failed cast to a protocol with an associated
    // type looks the conformance up every time.
    let cellType = ObjectIdentifier(type(of: cell))
    if _SilentCellTypes.types.contains(cellType) { return }
    guard let emitting = cell as? any ActionEmittingCell else {
      _SilentCellTypes.types.insert(cellType)
      return
    }
    install(on: emitting, row: id)
  }

  private func install<Cell: ActionEmittingCell>(on cell: Cell, row id: ListIdentifier) {
    cell.sendAction = { [weak self] action in self?.receive(action, fromRow: id) }
  }
}

/// The cell types found not to be ``ActionEmittingCell``s (one entry per cell type, so it stays small).
@MainActor
enum _SilentCellTypes {
  static var types: Set<ObjectIdentifier> = []
}
