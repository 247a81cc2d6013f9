/// Drives a ``ListView`` from a ``ComposedDataSource`` of cell-binder sections: each child's update is applied
/// to the view as that child's staged changes shifted to its place, and the view's events go to the child that
/// owns the row, with the row's local position.
///
/// ```swift
/// let screen = ComposedDataSource<ListSectionSnapshot>()
/// let banner = SectionedDataSource<ListSectionSnapshot>(sections: [bannerSection])
/// let feed = SectionedDataSource<ListSectionSnapshot>()
/// try screen.append(banner)
/// try screen.append(feed)
/// let list = ComposedListController(view: terminalView, composite: screen)
/// list.setDelegate(feedDelegate, for: feed)     // feedDelegate.didSelectRow gets feed-local paths
/// feed.update(to: [ListSection(id: "feed", items: posts.map(PostCell.makeBinder)).snapshot])
/// ```
///
/// The controller never diffs the whole list: the composite already holds each child's changes. A batch is
/// replaced by one ``ListView/reloadData()`` only when the view is not visible (as ``ListController`` does).
/// ``delegate`` receives the change dispatch (``SyncDelegate/willApply``, ``SyncDelegate/didApply``, inserts,
/// deletes…), scrolling and errors with global positions; each child's own delegate (``setDelegate(_:for:)``)
/// receives selection, highlight, display, editing, moves and cell actions with positions local to that child,
/// and ``delegate`` receives them after it with global positions.
@MainActor
public final class ComposedListController: ListDataSource {
  /// The view this controller drives; its ``ListView/dataSource`` is this controller.
  public let view: any ListView
  /// The composite whose displayed sections the view shows.
  public let composite: ComposedDataSource<ListSectionSnapshot>
  /// The delegate for the whole list: change dispatch, scrolling and errors, and every event with global positions.
  public var delegate: SyncDelegate
  /// The sections the view shows now, consistent with the view after every stage.
  public internal(set) var snapshot: ListSnapshot
  /// The last error met, also reported to ``SyncDelegate/didFail``.
  public internal(set) var lastError: ListFlowError?
  /// The number of batches sent to the view.
  public internal(set) var batchCount = 0
  /// The number of full reloads sent to the view (the first load counts).
  public internal(set) var reloadCount = 0

  var childDelegates: [ObjectIdentifier: SyncDelegate] = [:]
  /// Set while the view itself moves a row, so that the model's echo of the move is not sent back to it.
  var isAbsorbingViewMove = false
  var edges: (top: Bool, end: Bool) = (false, false)

  /// Creates a controller, makes it the view's data source and loads the composite's sections into the view.
  ///
  /// - Parameters:
  ///   - view: The view to drive.
  ///   - composite: The composite to show; the controller takes its ``ComposedDataSource/didUpdate``.
  ///   - delegate: The delegate for the whole list.
  public init(
    view: any ListView,
    composite: ComposedDataSource<ListSectionSnapshot>,
    delegate: SyncDelegate = SyncDelegate()
  ) {
    self.view = view
    self.composite = composite
    self.delegate = delegate
    snapshot = composite.displayedSections
    view.dataSource = self
    composite.didUpdate = { [weak self] changes in self?.apply(changes) }
    reload(.initial)
  }

  /// Sets the delegate that receives the events of a child's rows, with positions local to that child.
  ///
  /// - Parameters:
  ///   - delegate: The child's delegate.
  ///   - source: A source anywhere inside ``composite``.
  public func setDelegate(_ delegate: SyncDelegate, for source: SectionedDataSource<ListSectionSnapshot>) {
    childDelegates[ObjectIdentifier(source)] = delegate
  }

  /// The delegate of a child, or `nil` when none was set.
  ///
  /// - Parameter source: A source inside ``composite``.
  /// - Returns: Its delegate.
  public func delegate(for source: SectionedDataSource<ListSectionSnapshot>) -> SyncDelegate? {
    childDelegates[ObjectIdentifier(source)]
  }

  /// The row at a global position.
  ///
  /// - Parameter path: A position in ``snapshot``.
  /// - Returns: The row's binder.
  /// - Throws: ``ListFlowError/sectionOutOfRange(section:sectionCount:)`` or
  ///   ``ListFlowError/rowOutOfRange(path:rowCount:)``.
  public func row(at path: ItemPath) throws(ListFlowError) -> CellBinder {
    guard snapshot.indices.contains(path.section) else {
      throw .sectionOutOfRange(section: path.section, sectionCount: snapshot.count)
    }
    let rows = snapshot[path.section].elements
    guard rows.indices.contains(path.item) else { throw .rowOutOfRange(path: path, rowCount: rows.count) }
    return rows[path.item]
  }

  /// Applies a composite's staged changes to the view, stage by stage.
  func apply(_ changes: StagedChangeset<ListSnapshot>) {
    guard let target = changes.last?.data else { return }
    if isAbsorbingViewMove {
      snapshot = target
      return
    }
    guard view.isVisible else {
      snapshot = target
      reload(.notVisible)
      return
    }
    let transition = ListTransition(changes: changes, reloadReason: nil, target: target)
    delegate.willApply(transition)
    for (index, stage) in changes.enumerated() {
      let update = ListUpdate(changeset: stage, previous: snapshot, stage: index, stageCount: changes.count)
      snapshot = stage.data
      view.performBatchUpdates(update)
      batchCount += 1
      dispatch(update)
    }
    delegate.didApply(transition)
  }

  private func reload(_ reason: ListTransition.ReloadReason) {
    let transition = ListTransition(changes: StagedChangeset(), reloadReason: reason, target: snapshot)
    delegate.willApply(transition)
    view.reloadData()
    reloadCount += 1
    delegate.didApply(transition)
  }

  private func dispatch(_ update: ListUpdate) {
    let stage = update.changeset
    if !stage.sectionDeleted.isEmpty { delegate.didDeleteSections(stage.sectionDeleted) }
    if !stage.sectionInserted.isEmpty { delegate.didInsertSections(stage.sectionInserted) }
    if !stage.sectionMoved.isEmpty { delegate.didMoveSections(stage.sectionMoved) }
    if !stage.sectionUpdated.isEmpty { delegate.didUpdateSections(stage.sectionUpdated) }
    if !stage.elementDeleted.isEmpty { delegate.didDeleteRows(stage.elementDeleted) }
    if !stage.elementInserted.isEmpty { delegate.didInsertRows(stage.elementInserted) }
    if !stage.elementMoved.isEmpty { delegate.didMoveRows(stage.elementMoved) }
    if !update.reconfiguredRows.isEmpty { delegate.didReconfigureRows(update.reconfiguredRows) }
    if !update.reloadedRows.isEmpty { delegate.didReloadRows(update.reloadedRows) }
  }

  func report(_ error: ListFlowError) {
    lastError = error
    delegate.didFail(error)
  }
}
