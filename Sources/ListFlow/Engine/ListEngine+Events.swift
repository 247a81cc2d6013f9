extension ListEngine {
  /// The user chose a row (Enter in a terminal, a tap): the owning feed's ``SyncDelegate/didSelectRow`` (local
  /// position), then ``delegate``'s (global position); with ``SyncDelegate/deselectsAutomatically`` on either,
  /// the view deselects the row and both are told.
  ///
  /// In ``ListSelection/Mode/single``, unless the row is deselected automatically, it also becomes the
  /// ``selection`` first, so ``SyncDelegate/didChangeSelection`` comes before ``SyncDelegate/didSelectRow``. In
  /// ``ListSelection/Mode/multiple`` choosing a row leaves the selection as it is: adding and removing rows is
  /// ``toggleSelection(ofRowAt:)`` (space), a separate gesture with its own callback. In
  /// ``ListSelection/Mode/none`` nothing is kept.
  ///
  /// A `didSelectRow` that changes the list (a "recently opened" row put on top, say) is shown before the row is
  /// deselected: the row is deselected where that change put it, and not at all when the change removed it. Two
  /// sections may show rows of the same identity (a "Pinned" section and the full list below it): the row is
  /// found by its identity in the section of its section's identity, else in another section that had no row
  /// of that identity before the change (the change moved it there), never as the other section's row; the
  /// delegate of the feed that owns it where it is now is told.
  ///
  /// Every delegate is told where the row is when it is called: a callback that changes the list (the
  /// ``SyncDelegate/didChangeSelection`` of a single-select list, the owner's `didSelectRow`) moves the row for
  /// the delegates called after it, found as above. When a callback removed the row, those called after it are
  /// told the position it had when it was chosen (and the owner it had then).
  ///
  /// - Parameter path: The row's position.
  /// - Throws: An out-of-range error (also reported to the delegate); nothing is called then.
  public func selectRow(at path: ItemPath) throws(ListFlowError) {
    let (binder, owner) = try routedRow(at: path)
    let deselects =
      (owner.map { $0.delegate.deselectsAutomatically(rowAt: $0.path) } ?? false) || delegate.deselectsAutomatically
    // The list before the callbacks (a copy that shares its storage), to tell the row from another section's row
    // of its identity should they change the list.
    let row = FollowedRow(id: binder.id, path: path, before: snapshot)
    if !deselects, selection.mode == .single {
      let id = binder.id
      // The view's own gesture, made in the engine's order: its edit is made in its place, not queued behind it.
      if runsViewCall { editsSelectionAtOnce = true }
      editSelection { $0.select(id) }
    }
    let chosen = place(of: row, owner: owner)
    if let owner = chosen.owner { owner.delegate.didSelectRow(owner.path, binder) }
    delegate.didSelectRow(place(of: row, owner: owner).path, binder)
    guard deselects else { return }
    guard let now = row.path(in: snapshot) else { return }
    view.deselectRow(at: now)
    if let owner = self.owner(ofRow: now) {
      owner.delegate.didDeselectRow(owner.path, binder)
    }
    delegate.didDeselectRow(place(of: row, owner: owner).path, binder)
  }

  /// The user deselected a row: it leaves ``selection`` (``SyncDelegate/didChangeSelection``), then
  /// ``SyncDelegate/didDeselectRow`` of the owner, then of ``delegate``.
  ///
  /// Each is told where the row is when it is called: a callback that changes the list (a
  /// ``SyncDelegate/didChangeSelection`` or the owner's closure) moves it for those called after it, as for
  /// ``selectRow(at:)``.
  ///
  /// - Parameter path: The row's position.
  /// - Throws: An out-of-range error (also reported to the delegate).
  public func deselectRow(at path: ItemPath) throws(ListFlowError) {
    let (binder, owner) = try routedRow(at: path)
    let row = FollowedRow(id: binder.id, path: path, before: snapshot)
    if selection.contains(binder.id) {
      let id = binder.id
      editSelection { $0.deselect(id) }
    }
    if let owner = place(of: row, owner: owner).owner { owner.delegate.didDeselectRow(owner.path, binder) }
    delegate.didDeselectRow(place(of: row, owner: owner).path, binder)
  }

  /// A row's highlight started or ended: ``SyncDelegate/didHighlightRow`` or ``SyncDelegate/didUnhighlightRow``
  /// of the owner, then of ``delegate``, told where the row is after the owner's closure (as for
  /// ``selectRow(at:)``).
  ///
  /// - Parameters:
  ///   - path: The row's position.
  ///   - isHighlighted: Whether the highlight starts.
  /// - Throws: An out-of-range error (also reported to the delegate).
  public func highlightRow(at path: ItemPath, isHighlighted: Bool) throws(ListFlowError) {
    let (binder, owner) = try routedRow(at: path)
    let row = FollowedRow(id: binder.id, path: path, before: snapshot)
    if isHighlighted {
      if let owner { owner.delegate.didHighlightRow(owner.path, binder) }
      delegate.didHighlightRow(place(of: row, owner: owner).path, binder)
    } else {
      if let owner { owner.delegate.didUnhighlightRow(owner.path, binder) }
      delegate.didUnhighlightRow(place(of: row, owner: owner).path, binder)
    }
  }

  /// A row, header or footer is about to appear: the matching `willDisplay…` closure of the owner (local
  /// position), then of ``delegate``. The engine remembers where a cell that sends actions is.
  ///
  /// - Parameters:
  ///   - cell: Its cell.
  ///   - element: Which row, header or footer.
  public func willDisplay(_ cell: any ListCell, for element: ListElement) {
    if sendsActions(cell) { displayedCells.display(ObjectIdentifier(cell), at: element) }
    if let (owner, local) = route(element, routes: nil) {
      local.notify(cell, row: owner.willDisplayCell, header: owner.willDisplayHeader, footer: owner.willDisplayFooter)
    }
    // The closures are read one by one: passing the delegate on would copy all of it for every cell.
    switch element {
    case .row(let path):
      delegate.willDisplayCell(cell, path)
    case .header(let section): delegate.willDisplayHeader(cell, section)
    case .footer(let section): delegate.willDisplayFooter(cell, section)
    }
  }

  /// A row, header or footer left the screen or was deleted: the matching `didEndDisplaying…` closure of the
  /// owner it had there (the local position it had), then of ``delegate``. While the view reloads, the elements it
  /// drops were in the list before the reload, and reach the feeds that owned them there, also when the change
  /// reloaded moved sections between feeds (a composite's child moved or hidden).
  ///
  /// During a batch, the element is one the stage removed or replaced, at its position before the stage, routed
  /// by the owners before it. The views of this package tell an element the list keeps that a change pushes off
  /// the screen apart: it ends at its position in the list after the change, with the owners after it, as an
  /// element scrolled off does (see ``SyncDelegate/didEndDisplayingCell``).
  ///
  /// - Parameters:
  ///   - cell: Its cell.
  ///   - element: Where it was: during a batch, a position before the stage for an element the stage removed;
  ///     during a reload, a position in the list before it; otherwise a position in the list shown.
  public func didEndDisplaying(_ cell: any ListCell, for element: ListElement) {
    displayedCells.endDisplay(ObjectIdentifier(cell))
    if let (owner, local) = route(element, routes: routingBeforeStage) {
      local.notify(
        cell, row: owner.didEndDisplayingCell, header: owner.didEndDisplayingHeader,
        footer: owner.didEndDisplayingFooter)
    }
    element.notify(
      cell, row: delegate.didEndDisplayingCell, header: delegate.didEndDisplayingHeader,
      footer: delegate.didEndDisplayingFooter)
  }

  /// The view scrolled: ``SyncDelegate/didScroll``, then ``SyncDelegate/didReachTop`` or
  /// ``SyncDelegate/didReachEnd`` when the viewport gets to an edge it was not at before. After every change
  /// applied, an edge the viewport still touches counts as new again, so that a list whose end stays on screen
  /// (a page that did not fill it) reports the end once more at the next scroll report.
  ///
  /// A closure may scroll the view, which reports its new position at once (the terminal host does). An edge the
  /// viewport leaves counts as left at once; one it gets to is judged once ``SyncDelegate/didScroll`` returned, and
  /// not at all when a closure reported a newer position meanwhile, whose edges are judged instead: so an edge is
  /// reported only while the viewport is at it, and once each time it gets there.
  ///
  /// - Parameter position: Where the viewport is now.
  public func didScroll(to position: SyncDelegate.ScrollPosition) {
    scrollReports &+= 1
    let report = scrollReports
    edges = (edges.top && position.isAtTop, edges.end && position.isAtEnd)
    delegate.didScroll(position)
    guard report == scrollReports else { return }
    let reachesTop = position.isAtTop && !edges.top
    edges.top = position.isAtTop
    if reachesTop { delegate.didReachTop() }
    guard report == scrollReports else { return }
    let reachesEnd = position.isAtEnd && !edges.end
    edges.end = position.isAtEnd
    if reachesEnd { delegate.didReachEnd() }
  }

  /// The edit actions of a row: those the delegate of the feed that owns it offers (local position), or, when it
  /// offers none, those ``delegate`` offers; none where that delegate's ``SyncDelegate/canEditRow`` says no.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: The actions.
  /// - Throws: An out-of-range error (also reported to the delegate).
  public func editActions(forRowAt path: ItemPath) throws(ListFlowError) -> [SyncDelegate.EditAction] {
    let (binder, owner) = try routedRow(at: path)
    if let owner {
      let own = owner.delegate.allowedEditActions(at: owner.path, for: binder)
      if !own.isEmpty { return own }
    }
    return delegate.allowedEditActions(at: path, for: binder)
  }

  /// The user chose an edit action: it goes to the delegate that offers the row's actions
  /// (``editActions(forRowAt:)``), with its position. The list changes when the feed publishes its next list.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - path: The row's position.
  /// - Throws: An out-of-range error, or ``ListFlowError/rowNotEditable(_:)`` when that delegate's
  ///   ``SyncDelegate/canEditRow`` says no (also reported to the delegate).
  public func commitEdit(_ action: SyncDelegate.EditAction, forRowAt path: ItemPath) throws(ListFlowError) {
    let (binder, owner) = try routedRow(at: path)
    let (editing, position) = editingDelegate(of: binder, at: path, owner: owner)
    guard editing.canEditRow(position, binder) else {
      report(.rowNotEditable(path))
      throw .rowNotEditable(path)
    }
    editing.commitEdit(action, position, binder)
  }

  /// The delegate that edits a row: the owner's when it offers actions for it, else ``delegate``; with the row's
  /// position for it.
  private func editingDelegate(
    of binder: CellBinder, at path: ItemPath, owner: (delegate: SyncDelegate, path: ItemPath)?
  ) -> (SyncDelegate, ItemPath) {
    if let owner, !owner.delegate.allowedEditActions(at: owner.path, for: binder).isEmpty {
      return (owner.delegate, owner.path)
    }
    return (delegate, path)
  }

  /// Whether a row exists and the ``SyncDelegate/canMoveRow`` of the feed that owns it, or of ``delegate``,
  /// allows moving it.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: Whether the user may drag it.
  public func canMoveRow(at path: ItemPath) -> Bool {
    guard let binder = try? snapshot.row(at: path) else { return false }
    return mayMove(binder, at: path)
  }

  /// Whether the owner's or ``delegate``'s ``SyncDelegate/canMoveRow`` allows moving a row.
  private func mayMove(_ binder: CellBinder, at path: ItemPath) -> Bool {
    if let owner = owner(ofRow: path), owner.delegate.canMoveRow(owner.path, binder) { return true }
    return delegate.canMoveRow(path, binder)
  }

  /// The user moved a row: the view shows it at `move.target` already. The feed that owns the row takes the move
  /// into its model, then its delegate and ``delegate`` are told (``SyncDelegate/didMoveRow``). The feed's own
  /// record of the move is not sent back to the view; anything else published meanwhile (a delegate that edits a
  /// list or changes another feed, before the feed's record or after it) is shown once the move is taken, diffed
  /// from the list the view shows.
  ///
  /// A move refused (it throws) is undone here, not by the view: the view gets one batch, from the list it shows
  /// (the row at `move.target`) to the engine's list, which puts the row back and shows anything published while
  /// the move was checked (by ``SyncDelegate/canMoveRow`` or ``SyncDelegate/didFail``, say). A move from or to a
  /// position the list does not have moved no row, and gets only what was published.
  ///
  /// Called while a change is being applied (from a delegate closure), the move is checked and made after that
  /// change, against the list shown then, and sent to the view as a batch, since the view has not moved anything.
  /// When a feed changed after the call (its change waits behind the move), the feed moves the same row, by
  /// identity, next to the same neighbour as in the list shown (the row before it, else the row after it, else
  /// the top of its section); a row the feed no longer has is not moved (``ListFlowError/rowNotMovable(_:)``).
  /// Two sections may show rows of the same identity (a "Pinned" section and the full list below it): the row
  /// and its neighbour are each found in the feed's list in the section of their section's identity, else in
  /// another section that had no row of their identity in the list shown (the feed moved them there), never as
  /// another section's row.
  ///
  /// This is the view's call, for a move the user made in it. To move a row from code (a key command of your
  /// own), move it in its feed instead, as any other change: a ``ListEdit``'s `moveRow` applied to the
  /// ``ListController``, or a new state; the view is then sent the move.
  ///
  /// - Parameter move: Where the row was and where it is now; the target may be in another section of the same
  ///   feed, and `target.item` may be at most the number of rows of the target section once the row left.
  /// - Throws: An out-of-range error for the source or the target, or ``ListFlowError/rowNotMovable(_:)`` (also
  ///   reported to the delegate); the engine's list is unchanged by the move then. Nothing is thrown for a queued
  ///   move: its error is reported to the delegate when it is made.
  public func moveRow(_ move: Move<ItemPath>) throws(ListFlowError) {
    if isApplying {
      enqueue(.move(move))
      return
    }
    // While the feeds take the move, the view shows it and the engine's list does not yet: anything a callback
    // asks for (another move, a reload, a selection, a reconfigure, a scroll, a new list) waits in the queue, to be
    // made in the order asked, once the move is shown.
    absorbedMove = AbsorbedMove(move: move)
    isApplying = true
    var failure: ListFlowError?
    do { try takeMove(move, inFeed: move) } catch { failure = error }
    isApplying = false
    if var absorbed = absorbedMove.take() {
      // The lists published before any call was queued (the feed's echo of the move first) are shown with the
      // move. Each later one waits behind the calls queued before it, as a list published while a change is
      // applied does, its stages following on from the list before it. When a call came before any list (from
      // `canMoveRow`), every list is shown with the move, first.
      let first = absorbed.queuedBefore.firstIndex { $0 > 0 } ?? absorbed.published.count
      if first > 0 {
        for index in absorbed.published.indices.dropFirst(first).reversed() {
          let list = absorbed.published[index]
          let publish = Operation.publish(
            list.changes, target: list.target, reloading: list.reloading, animated: list.animated,
            routes: list.routes)
          pending.insert(publish, at: absorbed.queuedBefore[index])
        }
        absorbed.published.removeSubrange(first...)
      }
      if let shown = showPublished(during: absorbed, isTaken: failure == nil) { pending.insert(shown, at: 0) }
    }
    drain()
    if let failure { throw failure }
  }

  /// Shows what the feeds published while they took a move the view made, or (`isTaken` false) while they
  /// refused it, and puts a refused move's row back. The feed's echo of a move taken (one stage, that move and
  /// nothing else) is not sent: the view shows it already, and the cells follow it. Anything else (a delegate that
  /// edited a list, a feed that changed another) is sent as one batch, diffed from the list the view shows (the
  /// list before with the row moved) to the newest list published, or to the list before for a refused move.
  ///
  /// - Returns: The batch to show before anything queued meanwhile, or `nil` when there is none.
  private func showPublished(during absorbed: AbsorbedMove, isTaken: Bool) -> Operation? {
    let newest = absorbed.published.last
    if isTaken, let newest, absorbed.published.count == 1, newest.changes.count == 1,
      let stage = newest.changes.first, stage.changeCount == 1, stage.elementMoved == [absorbed.move]
    {
      displayedCells.follow(stage)
      snapshot = newest.target
      if let routes = newest.routes { routesShown = routes }
      return nil
    }
    let before = snapshot
    guard let target = newest?.target ?? (isTaken ? nil : before) else { return nil }
    let move = absorbed.move
    var shown = snapshot
    var isMoved = false
    if shown.indices.contains(move.source.section),
      shown[move.source.section].elements.indices.contains(move.source.item),
      shown.indices.contains(move.target.section)
    {
      let row = shown[move.source.section].elements.remove(at: move.source.item)
      let target = move.target
      if (0...shown[target.section].elements.count).contains(target.item) {
        shown[target.section].elements.insert(row, at: target.item)
        displayedCells.follow(Changeset(data: shown, elementMoved: [move]))
        snapshot = shown
        isMoved = true
      }
    }
    // A refused move that moved no row, with nothing published, leaves the view as it is.
    guard newest != nil || isMoved else { return nil }
    let reloading = absorbed.published.contains { $0.reloading }
    let animated = absorbed.published.allSatisfy { $0.animated }
    let routes = absorbed.published.last { $0.routes != nil }?.routes
    // From the list the view shows; lists that cannot be diffed are shown by a reload, never left out.
    if let changes = try? _listChanges(from: snapshot, to: target, duplicates: .matchInOrder) {
      return .publish(changes, target: target, reloading: reloading, animated: animated, routes: routes)
    }
    return .publish(StagedChangeset(), target: target, reloading: true, animated: animated, routes: routes)
  }

  /// Makes a move queued during a change: the feed takes it, and the view gets it as a batch.
  func performQueuedMove(_ move: Move<ItemPath>) {
    // A list published after the move was asked waits behind it: the feeds are ahead of the list shown.
    let feedsAreAhead = pending.contains { if case .publish = $0 { true } else { false } }
    do {
      try takeMove(move, inFeed: feedsAreAhead ? moveInFeeds(move) : move)
    } catch {
      // Reported already by takeMove.
    }
  }

  /// A move named against the list shown, made against the feeds' newer list: the same row, by identity, put
  /// next to the same neighbour (the row before it where it lands, else the row after it, else the top of its
  /// section); `nil` when the feeds no longer have the row. The row and the neighbour are each their section's
  /// row of their identity (`path(ofRow:inSection:before:)`), not a row of the same identity another section
  /// shows.
  ///
  /// - Complexity: A search of one section for the row and for each neighbour while they stay in their
  ///   sections; at worst O(*n*) identity comparisons, and a look-up in one section of the list shown for each
  ///   other section that has a row of the identity.
  private func moveInFeeds(_ move: Move<ItemPath>) -> Move<ItemPath>? {
    let (shown, newer) = (snapshot, feed.displayedSections)
    let (source, target) = (move.source, move.target)
    // The row and its neighbours are each their section's row of their identity: looked for in the section of
    // the same identity in the newer list first, elsewhere only in a section that had no row of it.
    guard let id = shown.identity(ofRowAt: source),
      let from = newer.path(ofRow: id, inSection: shown[source.section].model.id, before: shown)
    else { return nil }
    // The newer list's row of an identity that the target section of the list shown has, other than the row moved.
    func newerPath(ofNeighbour neighbour: ListIdentifier) -> ItemPath? {
      guard let path = newer.path(ofRow: neighbour, inSection: shown[target.section].model.id, before: shown),
        path != from
      else { return nil }
      return path
    }
    // The row at `index` of the target section of the list shown once the row left it.
    func shownRow(_ index: Int) -> ListIdentifier? {
      let item = target.section == source.section && index >= source.item ? index + 1 : index
      guard item >= 0 else { return nil }
      return shown.identity(ofRowAt: ItemPath(item: item, section: target.section))
    }
    // A path of the newer list once the row left it.
    func withoutRow(_ path: ItemPath) -> ItemPath {
      path.section == from.section && path.item > from.item
        ? ItemPath(item: path.item - 1, section: path.section) : path
    }
    if let before = shownRow(target.item - 1), let path = newerPath(ofNeighbour: before) {
      let place = withoutRow(path)
      return Move(source: from, target: ItemPath(item: place.item + 1, section: place.section))
    }
    if let after = shownRow(target.item), let path = newerPath(ofNeighbour: after) {
      return Move(source: from, target: withoutRow(path))
    }
    guard shown.indices.contains(target.section),
      let section = newer.firstIndex(where: { $0.model.id == shown[target.section].model.id })
    else { return nil }
    return Move(source: from, target: ItemPath(item: 0, section: section))
  }

  /// Checks a move against the list shown, hands it to the feed (as `feedMove`, in the feed's positions: `nil`
  /// when the feed no longer has the row) and tells the delegates.
  private func takeMove(_ move: Move<ItemPath>, inFeed feedMove: Move<ItemPath>?) throws(ListFlowError) {
    let (binder, owner) = try routedRow(at: move.source)
    let canMove = mayMove(binder, at: move.source)
    guard canMove else {
      report(.rowNotMovable(move.source))
      throw .rowNotMovable(move.source)
    }
    let target = move.target
    let targetCount = try reporting { () throws(ListFlowError) -> Int in
      guard snapshot.indices.contains(target.section) else {
        throw .sectionOutOfRange(section: target.section, sectionCount: snapshot.count)
      }
      return snapshot[target.section].elements.count - (target.section == move.source.section ? 1 : 0)
    }
    guard (0...targetCount).contains(target.item) else {
      report(.rowOutOfRange(path: target, rowCount: targetCount))
      throw .rowOutOfRange(path: target, rowCount: targetCount)
    }
    try reporting { () throws(ListFlowError) in
      guard let feedMove else { throw .rowNotMovable(move.source) }
      try feed.moveRow(feedMove)
    }
    if let owner, let targetOwner = self.owner(ofRow: target) {
      owner.delegate.didMoveRow(Move(source: owner.path, target: targetOwner.path), binder)
    }
    delegate.didMoveRow(move, binder)
  }

  /// A cell sent an action: it reaches the owner's delegate (local position) and ``delegate``, with the element
  /// the cell shows now; ``delegate`` is told where the row is after the owner's handler (as for
  /// ``selectRow(at:)``). An action from a cell that is not displayed (or no longer) is dropped.
  func receive(_ action: any Sendable, from cell: any ListCell) {
    guard let element = displayedCells.element(of: ObjectIdentifier(cell)), let binder = snapshot.binder(of: element)
    else {
      return
    }
    let before = snapshot
    if let (owner, local) = route(element, routes: nil) {
      owner.deliver(SyncDelegate.CellAction(action: action, element: local, row: binder))
    }
    var now = element
    if case .row(let path) = element {
      now = .row(place(of: FollowedRow(id: binder.id, path: path, before: before), owner: nil).path)
    }
    delegate.deliver(SyncDelegate.CellAction(action: action, element: now, row: binder))
  }

  // MARK: Routing

  /// Where a row an event is about is now, and its owner there: ``FollowedRow/path(in:)`` in the list shown, or,
  /// when a callback removed the row, the position it had and `owner`, its owner then.
  private func place(
    of row: FollowedRow, owner: (delegate: SyncDelegate, path: ItemPath)?
  ) -> (path: ItemPath, owner: (delegate: SyncDelegate, path: ItemPath)?) {
    guard let now = row.path(in: snapshot) else { return (row.path, owner) }
    return (now, self.owner(ofRow: now))
  }

  /// The owner of a row: its feed's delegate and the row's local position; `nil` when the engine's own.
  private func owner(ofRow path: ItemPath) -> (delegate: SyncDelegate, path: ItemPath)? {
    guard let route = route(forSection: path.section), let delegate = delegate(of: route) else { return nil }
    return (delegate, ItemPath(item: path.item, section: route.localSection))
  }

  /// The delegate of a route's owning feed.
  private func delegate(of route: SectionRoute) -> SyncDelegate? {
    route.owner?.eventDelegate
  }

  /// A row's binder and owner; an out-of-range position is reported, then thrown.
  private func routedRow(
    at path: ItemPath
  ) throws(ListFlowError) -> (
    CellBinder, (delegate: SyncDelegate, path: ItemPath)?
  ) {
    (try reportedRow(at: path), owner(ofRow: path))
  }

  /// The owner's delegate and the element in its positions, from `routes` when given, else from the feed.
  func route(_ element: ListElement, routes: [SectionRoute]?) -> (SyncDelegate, ListElement)? {
    let section: Int
    switch element {
    case .row(let path): section = path.section
    case .header(let index), .footer(let index): section = index
    }
    let route: SectionRoute?
    if let routes {
      route = routes.indices.contains(section) ? routes[section] : nil
    } else {
      route = self.route(forSection: section)
    }
    guard let route, let delegate = delegate(of: route) else { return nil }
    switch element {
    case .row(let path): return (delegate, .row(ItemPath(item: path.item, section: route.localSection)))
    case .header: return (delegate, .header(section: route.localSection))
    case .footer: return (delegate, .footer(section: route.localSection))
    }
  }
}

/// A row an event is about, followed through changes the event's callbacks make: each delegate called after one
/// of them is told where the row is then, not where it was.
struct FollowedRow {
  /// The row's identity.
  let id: ListIdentifier
  /// Where it was when the event started, in `before`.
  let path: ItemPath
  /// The list shown when the event started (a copy that shares its storage).
  let before: ListSnapshot

  /// Where the row is in `list`: `path` while it holds a row of its identity there, in a section of the same
  /// identity (two identity reads); else its section's row of its identity, or a row of it that a change moved to
  /// a section that had none (``ListSnapshot/path(ofRow:inSection:before:occurrence:)``); `nil` when the row is
  /// gone. Rows of its section that share its identity (a node listed under two parents of a tree) are told apart
  /// by their order: the row is the one with as many rows of its identity before it as it had (the last of them
  /// when fewer are left). With `inOrder`, so is a row of its identity found at its place, which may be another
  /// copy that the change moved there: a request that acts on the row (an expansion) never reaches another copy.
  ///
  /// - Parameter inOrder: Whether a row of the identity at the row's place is checked by its order too.
  /// - Complexity: Two identity reads while the row is at its place (without `inOrder`); else a search of its
  ///   section, in `before` and in `list`, up to the row.
  func path(in list: ListSnapshot, inOrder: Bool = false) -> ItemPath? {
    let section = before[path.section].model.id
    if !inOrder, list.identity(ofRowAt: path) == id, list[path.section].model.id == section { return path }
    return list.path(ofRow: id, inSection: section, before: before, occurrence: occurrence)
  }

  /// How many rows of the row's identity come before it in its section of `before`.
  private var occurrence: Int {
    let rows = before[path.section].elements
    var count = 0
    var next = rows.firstIndex(ofIdentity: id)
    while let found = next, found < path.item {
      count += 1
      next = rows.firstIndex(ofIdentity: id, from: found + 1)
    }
    return count
  }
}
