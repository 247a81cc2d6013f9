extension SnapshotDataSource {
  /// Applies staged changes to the view one batch per stage, between ``SyncDelegate/willApply`` and
  /// ``SyncDelegate/didApply``: before each batch ``snapshot`` becomes the stage's list, so the view's counts
  /// match it; after each batch `countBatch` runs and the delegate's change closures are called; after the last
  /// one ``snapshot`` becomes `target`.
  ///
  /// - Parameters:
  ///   - changes: The stages, from the list shown.
  ///   - target: The list once every stage is applied (it may hold newer binders of equal content).
  ///   - countBatch: Counts one batch sent to the view.
  func performBatches(
    _ changes: StagedChangeset<ListSnapshot>,
    to target: ListSnapshot,
    countBatch: () -> Void
  ) {
    let transition = ListTransition(changes: changes, reloadReason: nil, target: target)
    delegate.willApply(transition)
    for (index, stage) in changes.enumerated() {
      let update = ListUpdate(changeset: stage, previous: snapshot, stage: index, stageCount: changes.count)
      snapshot = stage.data
      view.performBatchUpdates(update)
      countBatch()
      delegate.dispatch(update)
    }
    snapshot = target
    delegate.didApply(transition)
  }

  /// Reloads the view from ``snapshot`` as it is, between ``SyncDelegate/willApply`` and
  /// ``SyncDelegate/didApply``.
  ///
  /// - Parameters:
  ///   - reason: Why the view reloads.
  ///   - countReload: Counts the reload.
  func reloadView(_ reason: ListTransition.ReloadReason, countReload: () -> Void) {
    let transition = ListTransition(changes: StagedChangeset(), reloadReason: reason, target: snapshot)
    delegate.willApply(transition)
    view.reloadData()
    countReload()
    delegate.didApply(transition)
  }

  /// Tells the delegate the view scrolled, then that the viewport reached the top or the end when it was not
  /// at that edge before.
  ///
  /// - Parameter position: Where the viewport is now.
  func reportScroll(to position: ScrollPosition) {
    delegate.didScroll(position)
    let previous = edges
    edges = (position.isAtTop, position.isAtEnd)
    if edges.top, !previous.top { delegate.didReachTop() }
    if edges.end, !previous.end { delegate.didReachEnd() }
  }
}
