extension ListEngine {
  /// Fills rows again, by identity, although their content did not change: the view shows a new cell for each,
  /// in place (``ListUpdate/reconfiguredRows``).
  ///
  /// Use it when something a row's cell shows lies outside the row's content (a clock, a setting read while
  /// configuring). The new cell is configured like any (see ``CellReusePool``), so it ends exactly as a fresh
  /// cell configured with the same binder.
  ///
  /// ```swift
  /// engine.reconfigureRows([ListIdentifier("clock")])
  /// ```
  ///
  /// The request is one batch of its own, queued behind a change being applied, like every change. Every row
  /// shown with one of the identities is refreshed (also rows that share an identity); an empty request does
  /// nothing. Before the first list is shown, or while the view is not visible, the view is reloaded instead
  /// (``SyncDelegate/Transition/ReloadReason/notVisible``).
  ///
  /// A row that a feed holds but does not show is skipped, with no error: a row a ``FilteredFeed``'s query hides,
  /// a row of an ``OutlineFeed`` under a collapsed row, a row of a hidden ``SectionsFeed`` or ``ComposedFeed``
  /// (``SectionsFeed/isHidden``, ``ComposedFeed/isHidden``),
  /// a row another feed hides (``ListFeed/hidesRow(_:)``), or a row of a list the feed published that waits behind
  /// the request. Nothing of it is kept: when it is shown again, its cell is configured afresh anyway. Nor does the
  /// request filter again: a filter matches a row's text, a function of the row, which a refresh does not change
  /// (the article on filtering says more). Only identities that no feed has a row of when the request runs are reported to
  /// ``SyncDelegate/didFail``, as ``ListFlowError/unknownRows(_:)``.
  ///
  /// - Parameters:
  ///   - ids: The rows' identities.
  ///   - animated: Whether the view should animate the batch (``ListUpdate/animated``).
  /// - Complexity: For rows whose identities the feed knows without binders (rows declared as values, a
  ///   filter's rows shown of them), O(*k*) look-ups of *k* identities per section once a section's rows were
  ///   searched, as ``path(ofRowWithIdentity:)``; otherwise O(*n*) identity reads. An identity not shown is then
  ///   asked of the feeds: looked up in a filter's source rows (the same cost per section), and, under an
  ///   ``OutlineFeed``, in the nodes under its collapsed rows, a walk of its trees that stops once every identity
  ///   was found. Under a filter's query over binders, the rows shown are read once per list of them, the source's
  ///   once per list of the source, so a request costs the rows it names and the rows shown (see the article on
  ///   filtering).
  public func reconfigureRows(_ ids: [ListIdentifier], animated: Bool = true) {
    guard !ids.isEmpty else { return }
    enqueue(.refresh(ids, reloading: false, animated: animated))
  }

  /// Replaces the cells of rows, by identity, although their content did not change: the view gives each row's
  /// cell back to its reuse pool and asks for a new one (``ListUpdate/reloadedRows``).
  ///
  /// Everything ``reconfigureRows(_:animated:)`` says about queueing, shared and unknown identities holds here.
  ///
  /// - Parameters:
  ///   - ids: The rows' identities.
  ///   - animated: Whether the view should animate the batch (``ListUpdate/animated``).
  /// - Complexity: As ``reconfigureRows(_:animated:)``.
  public func reloadRows(_ ids: [ListIdentifier], animated: Bool = true) {
    guard !ids.isEmpty else { return }
    enqueue(.refresh(ids, reloading: true, animated: animated))
  }

  /// Sends one batch that reconfigures or reloads the rows with the identities, as the queue reaches it.
  func refresh(_ ids: [ListIdentifier], reloading: Bool, animated: Bool) {
    let wanted = Set(ids)
    var found = Set<ListIdentifier>()
    var paths: [ItemPath] = []
    for (section, content) in snapshot.enumerated() {
      for item in content.elements.positions(ofIdentities: wanted) {
        paths.append(ItemPath(item: item, section: section))
        found.insert(content.elements.identity(at: item))
      }
    }
    var reported = Set<ListIdentifier>()
    let missing = ids.filter { !found.contains($0) && reported.insert($0).inserted }
    if !missing.isEmpty {
      let held = heldIdentities(among: Set(missing))
      let unknown = missing.filter { !held.contains($0) }
      if !unknown.isEmpty { report(.unknownRows(unknown)) }
    }
    guard !paths.isEmpty else { return }
    let changeset = Changeset(data: snapshot, elementUpdated: paths)
    guard hasLoaded, view.isVisible else {
      reloadView(
        SyncDelegate.Transition(
          changes: StagedChangeset([changeset]), reloadReason: hasLoaded ? .notVisible : .initial,
          target: snapshot))
      return
    }
    let update = ListUpdate(
      changeset: changeset, reconfiguredRows: reloading ? [] : paths, reloadedRows: reloading ? paths : [],
      stage: 0, stageCount: 1, animated: animated)
    let transition = SyncDelegate.Transition(
      changes: StagedChangeset([changeset]), reloadReason: nil, target: snapshot, animated: animated)
    delegate.willApply(transition)
    routingBeforeStage = routesShown
    view.performBatchUpdates(update)
    routingBeforeStage = nil
    batchCount += 1
    delegate.dispatch(update)
    rearmEnd()
    delegate.didApply(transition)
  }

  /// The identities among `ids`, none of them shown, of rows a feed holds: rows the feed shown holds and does not
  /// show (a filter's query hides them, a tree's collapsed row, a hidden composite; see `_unshownIdentities(among:in:)`),
  /// and, while a list the feed published waits behind this request, the rows of that list.
  private func heldIdentities(among ids: Set<ListIdentifier>) -> Set<ListIdentifier> {
    let held = _unshownIdentities(among: ids, in: feed)
    let feedIsAhead = pending.contains { if case .publish = $0 { true } else { false } }
    guard feedIsAhead, held.count < ids.count else { return held }
    return held.union(_heldIdentities(among: ids.subtracting(held), in: feed.displayedSections))
  }
}
