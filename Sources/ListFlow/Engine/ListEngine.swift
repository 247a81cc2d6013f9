/// The one object a ``ListView`` talks to: it keeps the list the view shows, answers the view's questions
/// (counts, cells, headers, footers, heights), applies each change to the view, and routes the view's events to
/// the delegates.
///
/// Every kind of list reaches the view through an engine: a ``ListController`` (a stream of states), a
/// composite of feeds of any kind, or any other ``ListFeed`` (paged lists, outlines, filters, static lists, your
/// own). A feed publishes its sections and the staged changes that lead to them; the engine decides how to
/// show them:
/// - the first list, a change above the ``reloadThreshold``, a view that is not visible, or an explicit
///   request: one ``ListView/reloadData()``;
/// - otherwise one ``ListView/performBatchUpdates(_:)`` per stage, so that the view's counts match
///   ``snapshot`` after every stage.
///
/// **Re-entrancy.** Anything that changes the list while a change is being applied (a child update or a new
/// state published from a delegate closure, ``moveRow(_:)``, ``reloadData()``) is queued and applied, in order,
/// once the current change is done: never lost, never interleaved with the stages under way, and never a
/// recursion. Changes that wait together are merged into one diff from the list shown to the newest list. A view
/// that calls the app back while it works (the terminal view) makes its own calls through the same queue, as
/// operations of the engine: while it handles one the engine is applying, and a call made from a callback, to
/// the view or to the engine, runs after every call asked before it, in one order.
///
/// Make one engine for each view, and keep it (in a `let` of the app, say) as long as the list is shown: the view
/// holds its data source weakly, so an engine that nobody keeps is freed at once and the view shows nothing.
@MainActor
public final class ListEngine: ListDataSource {
  /// The view the engine drives; its ``ListView/dataSource`` is this engine.
  public let view: any ListView
  /// The closures that receive the change dispatch, the scrolling and errors, and every row event with global
  /// positions.
  public var delegate: SyncDelegate
  /// Above this many changes (inserts, deletes, moves and updates of all stages), the view is reloaded instead of
  /// updated in batches; a negative value counts as 0.
  ///
  /// `nil`, the default, decides by the list: a change reloads when it has more than 1,000 changes **and** more
  /// than half as many changes as the list has rows (before or after it). A reload asks the view for every row
  /// again, so it is chosen only when the batches would cost about as much: a log that appends and drops 1,000
  /// lines of 100,000 each second is updated in batches that cost those lines, not reloaded.
  public var reloadThreshold: Int?
  /// The list the view shows now (during a batch, the list after the stage being applied).
  public internal(set) var snapshot: ListSnapshot = [] {
    didSet { sharedIdentities = [:] }
  }
  /// For the sections of ``snapshot`` asked about while a change is applied, the identities that more than one row
  /// of the section has (a node listed under two parents of a tree): found once per section and list shown.
  var sharedIdentities: [Int: Set<ListIdentifier>] = [:]
  /// The last error reported to ``SyncDelegate/didFail``, or `nil`.
  public internal(set) var lastError: ListFlowError?
  /// The number of batches sent to the view.
  public internal(set) var batchCount = 0
  /// The number of reloads sent to the view (the first load counts).
  public internal(set) var reloadCount = 0

  /// The list's own header, shown above the first section (see `ListEngine+ListSupplementaries`).
  var listHeaderBinder: CellBinder?
  /// The list's own footer, shown below the last section.
  var listFooterBinder: CellBinder?
  /// The cells last made for ``listHeader`` and ``listFooter``: only they send actions, a cell the view gave back
  /// no longer does.
  var listSupplementaryCells: (header: ObjectIdentifier?, footer: ObjectIdentifier?) = (nil, nil)

  /// The feed the engine shows: it takes user moves and expansion, and its feeds' delegates get their rows'
  /// events.
  public let feed: any ListFeed<ListSectionSnapshot>
  /// Whether the view has been loaded once.
  var hasLoaded = false
  /// Whether the viewport was at the top and at the end after the last scroll.
  var edges: (top: Bool, end: Bool) = (false, false)
  /// How many scroll reports the view made: a report made while the delegate hears of another is newer, and the
  /// older report's edges are not judged any more (see ``didScroll(to:)``).
  var scrollReports = 0
  /// The operations waiting for the current change to finish, oldest first.
  var pending: [Operation] = []
  /// Whether a change is being applied (queued operations are being drained, a call of a view that makes its calls
  /// in the engine's order among them: the terminal view's key, resize or frame), or the feeds are taking a move
  /// the user made: calls made meanwhile (from delegate closures) are queued and made after it, in order.
  public internal(set) var isApplying = false
  /// While the feeds take a move the view already shows: the move, and the lists published meanwhile, which are
  /// shown once the move is taken (the feed's echo of the move is not sent back to the view).
  var absorbedMove: AbsorbedMove?
  /// The routing of every section before the stage being applied, for events about elements that were there.
  var routingBeforeStage: [SectionRoute]?
  /// The routing of every section of ``snapshot`` (during a batch, of the list after the stage being applied).
  /// The feeds move on before the engine applies their changes (a change queued behind the one applied), so
  /// the owners are read from the feeds when a change that moves sections is published, and kept with it until
  /// it is shown; the events of the rows shown are routed by them, never by the feeds' newer sections.
  var routesShown: [SectionRoute]?
  /// Where each displayed cell is, by the cell's identity, kept up to date through every stage.
  var displayedCells = DisplayedCells()
  /// The selected rows, by identity; nothing is selected in ``ListSelection/Mode/none``, the
  /// default. Change it with ``setSelection(_:)``, ``select(_:)`` and the other selection methods.
  public internal(set) var selection = ListSelection(mode: .none)
  /// The selected identities whose rows a change deleted, checked once the change is done.
  var selectionCandidates: Set<ListIdentifier> = []
  /// Where the selected rows a change deleted were: the owner of each, by identity (the first deletion of it
  /// since the last check), and, after a reload, the list before it with its owners; so that the feed that owned
  /// a selected row that is gone hears of it.
  var deletedSelectionOwners: [ListIdentifier: SectionRoute] = [:]
  var listBeforeReload: (list: ListSnapshot, routes: [SectionRoute]?)?
  /// While the view reloads: the list it showed before (`nil` for a first load), so that its cursor can find the
  /// place of a row the reload removed (see `_ReloadCursorFinding`).
  var listBeforeView: ListSnapshot?
  /// While the view applies a change in batches: the list it showed before the first stage, so that its cursor
  /// tells a row it follows from another row of the same identity (see `_ReloadCursorFinding`).
  var listBeforeBatches: ListSnapshot?
  /// While the view applies a change's last stage: the feeds' list the change shows, whose rows are the stage's
  /// (it may hold newer binders of equal content), so that a row shown is found in the feeds' list at once while
  /// they have not moved on (see `feedPath(ofRowAt:)`).
  var lastStageTarget: ListSnapshot?
  /// The selected identities whose rows a feed hid when they were last asked: asked again once a change is done
  /// only when the feed said its hidden rows changed or the list reloaded (``hiddenSelectionIsStale``), since a
  /// feed that drops a hidden row says so. A row the feed shows again is a selected row like any other, whether
  /// or not it is still here.
  var hiddenSelection: Set<ListIdentifier> = []
  /// The feed that owned each row of ``hiddenSelection`` when it left the list shown (the filter that hides it),
  /// where known, or, for a row selected while hidden, a feed that hides it: the feed that hears when the row
  /// leaves the selection while hidden (deselected, or deleted by its source), as it would of a row shown. Only
  /// identities of ``hiddenSelection`` are kept; the route's section is not read (a hidden row has no position).
  var hiddenSelectionOwners: [ListIdentifier: SectionRoute] = [:]
  /// Whether a feed may have dropped rows of ``hiddenSelection``, or the list reloaded, since they were asked.
  var hiddenSelectionIsStale = false
  /// Set while a queued toggle runs, so that its edit of the selection is made at once, in its place.
  var editsSelectionAtOnce = false
  /// Set while a queued scroll runs, so that a view that makes its calls in the engine's order (see
  /// ``runInOrder(_:)``) scrolls at once, in the scroll's place; the view clears it when it takes it.
  package var scrollsViewAtOnce = false
  /// Set while a call of the view runs (see ``runInOrder(_:)``): a row the user chose then (Enter) becomes the
  /// selection of a single-select list at once, as it does outside a change, before `didSelectRow` is called.
  var runsViewCall = false

  /// Something that changes the list, applied in order.
  enum Operation {
    /// A feed published a list and the stages from the list before it, with the owners of the list's sections
    /// when they may have changed (`nil`: the owners of the list before).
    case publish(
      StagedChangeset<ListSnapshot>, target: ListSnapshot, reloading: Bool, animated: Bool, routes: [SectionRoute]?)
    /// A reload of the list shown.
    case reload(SyncDelegate.Transition.ReloadReason)
    /// A move asked for while a change was applied: taken by the feed, then shown as a batch.
    case move(Move<ItemPath>)
    /// An expansion asked for while a change was applied, by the row followed from the list shown then.
    case expand(Bool, FollowedRow)
    /// Rows to reconfigure or reload, by identity, with no change of content (see `ListEngine+ExplicitUpdates`).
    case refresh([ListIdentifier], reloading: Bool, animated: Bool)
    /// A scroll to a row asked for while a change was applied.
    case scroll(ScrollTarget, ListEngine.ScrollAlignment)
    /// A change of the selection.
    case editSelection((inout ListSelection) -> Void)
    /// The user's toggle of a row asked for while a change was applied, by the row's identity.
    case toggleSelection(ListIdentifier)
    /// A call of the view, made in the engine's order (see ``runInOrder(_:)``).
    case call(() -> Void)
  }

  /// Creates an engine that shows a feed in a view: the engine becomes the view's data source, shows the feed's
  /// sections with a first reload, and from then on every change the feed sends. The events of a row reach the
  /// delegate of the feed that owns it (positions local to that feed), then `delegate` (positions in the list).
  ///
  /// ```swift
  /// let screen = ComposedFeed<ListSectionSnapshot>()
  /// try screen.append(banner)
  /// try screen.append(posts)
  /// let list = try ListEngine(view: view, showing: screen)
  /// ```
  ///
  /// Keep the engine as long as the list is shown (a stored property of the screen that shows it): the view holds
  /// its data source weakly, as a UIKit table view does, so that delegate closures may capture the view. The
  /// engine keeps the view and the feed.
  ///
  /// - Parameters:
  ///   - view: The view to drive.
  ///   - feed: The feed to show.
  ///   - delegate: The closures for the whole list: the change dispatch, scrolling, errors, and every row event
  ///     with positions in the list.
  ///   - reloadThreshold: Above this many changes the view reloads; a negative value counts as 0; `nil` (the
  ///     default) decides by the size of the list (see ``reloadThreshold``).
  /// - Throws: ``ListFlowError/alreadyComposed`` when something shows the feed already (a composite, a filter
  ///   or another engine).
  public init(
    view: any ListView,
    showing feed: any ListFeed<ListSectionSnapshot>,
    delegate: SyncDelegate = SyncDelegate(),
    reloadThreshold: Int? = nil
  ) throws(ListFlowError) {
    guard !feed.feedLink.isConnected else { throw .alreadyComposed }
    self.view = view
    self.feed = feed
    self.delegate = delegate
    self.reloadThreshold = reloadThreshold
    view.dataSource = self
    feed.feedLink.connect(owner: self) { [weak self] message in self?.receive(message) }
    // The first list reloads the view now, even an empty one: the view draws what it shows around the rows.
    publish(StagedChangeset(), target: feed.displayedSections)
  }

  /// Takes a message of the feed shown.
  private func receive(_ message: FeedLink<ListSectionSnapshot>.Message) {
    switch message {
    case .changes(let changes, let reloading, let animated):
      publish(changes, target: feed.displayedSections, reloading: reloading, animated: animated)
    case .hiddenRowsChanged:
      followHiddenSelection()
    case .refresh(let ids, let reloading, let animated):
      if !ids.isEmpty { enqueue(.refresh(ids, reloading: reloading, animated: animated)) }
    case .failure(let error):
      report(error)
    }
  }

  /// Shows a feed's new list: queued behind the change being applied, if any.
  ///
  /// - Parameters:
  ///   - changes: The stages from the feed's previous list to `target`.
  ///   - target: The feed's new list (it may hold newer binders of equal content than the last stage's data).
  ///   - reloading: Whether the view must reload instead of applying batches.
  ///   - animated: Whether the batches are animated (``ListUpdate/animated``); a reload never is. Lists that
  ///     wait together are animated only if each asked for it.
  func publish(
    _ changes: StagedChangeset<ListSnapshot>, target: ListSnapshot, reloading: Bool = false, animated: Bool = true
  ) {
    // The owners of the new list's sections, read now, while the feeds show that list: only when sections may
    // have changed owner (a section changes owner only with a change that moves sections, as
    // `ListFeed.feed(owningSection:)` requires), so a change of rows alone costs its rows.
    let movesSections =
      !hasLoaded || reloading
      || changes.contains { !$0.sectionDeleted.isEmpty || !$0.sectionInserted.isEmpty || !$0.sectionMoved.isEmpty }
    let routes = movesSections ? sectionRoutes() : nil
    if absorbedMove != nil {
      // Kept until the move is taken: a delegate's change may come before the feed's echo of the move, or after.
      // The calls queued before it are made before it is shown.
      absorbedMove?.published.append((changes, target, reloading, animated, routes))
      absorbedMove?.queuedBefore.append(pending.count)
      return
    }
    enqueue(.publish(changes, target: target, reloading: reloading, animated: animated, routes: routes))
  }

  /// Reloads the view from the list shown, with no new list (queued behind a change being applied).
  public func reloadData() {
    enqueue(.reload(.requested))
  }

  func enqueue(_ operation: Operation) {
    pending.append(operation)
    drain()
  }

  /// Makes a call of the view in the engine's order, as one of its operations: now when the engine applies
  /// nothing (and then what the call's callbacks queued), else once the operations queued before it are done.
  /// While it runs the engine is applying, so a call made from one of its callbacks, to the engine or to the view,
  /// waits behind it too: a view that calls the app back while it works (the terminal view) makes each of its
  /// calls through here, and the calls made from callbacks keep one order, the order asked.
  ///
  /// - Parameter call: The view's call.
  package func runInOrder(_ call: @escaping () -> Void) {
    enqueue(.call(call))
  }

  /// Whether operations wait behind the one being applied: a view that makes its calls in the engine's order
  /// draws once they are done.
  package var hasPendingOperations: Bool { !pending.isEmpty }

  /// Applies the waiting operations one after another; an operation queued meanwhile waits its turn.
  func drain() {
    guard !isApplying else { return }
    isApplying = true
    defer { isApplying = false }
    while !pending.isEmpty {
      let operation = pending.removeFirst()
      switch operation {
      case .publish(var changes, var target, var reloading, var animated, var routes):
        // Lists published while the previous one was applied: show only the newest, diffed from the list shown.
        if case .publish = pending.first {
          while case .publish(_, let newer, let newerReloads, let newerAnimates, let newerRoutes) = pending.first {
            target = newer
            reloading = reloading || newerReloads
            animated = animated && newerAnimates
            // The newest owners read: a list published after them moved no section.
            routes = newerRoutes ?? routes
            pending.removeFirst()
          }
          if let diffed = diffFromShown(to: target) {
            changes = diffed
          } else {
            // Lists that cannot be diffed are shown by a reload, never left out of the view.
            changes = StagedChangeset()
            reloading = true
          }
        }
        show(changes, target: target, reloading: reloading, animated: animated, routes: routes)
        followSelection()
      case .reload(let reason):
        reload(reason)
      case .move(let move):
        performQueuedMove(move)
      case .expand(let expanded, let row):
        // The row the caller saw, wherever the changes before made it go (in the feed's rows: a feed changed
        // from its own change's callbacks may send that change later), and nothing when they removed it; its own
        // section's row of its identity, never another section's (another tree's) row of it.
        if let path = row.path(in: feed.displayedSections, inOrder: true) {
          _ = feed.setExpanded(expanded, forRowAt: path)
        }
      case .refresh(let ids, let reloading, let animated):
        refresh(ids, reloading: reloading, animated: animated)
      case .scroll(let target, let alignment):
        scrollsViewAtOnce = true
        defer { scrollsViewAtOnce = false }
        do { try scroll(to: target, alignment: alignment) } catch { report(error) }
      case .editSelection(let edit):
        performSelectionEdit(edit)
      case .toggleSelection(let id):
        performQueuedToggle(of: id)
      case .call(let call):
        runsViewCall = true
        defer { runsViewCall = false }
        call()
      }
    }
  }

  /// Whether a change of `count` changes from ``snapshot`` to `target` is past the ``reloadThreshold``.
  private func exceedsReloadThreshold(_ count: Int, target: ListSnapshot) -> Bool {
    if let reloadThreshold { return count > max(0, reloadThreshold) }
    guard count > 1_000 else { return false }
    func rows(_ list: ListSnapshot) -> Int { list.reduce(0) { $0 + $1.elements.count } }
    return count > max(rows(snapshot), rows(target)) / 2
  }

  /// The stages from ``snapshot`` to `target`, or `nil` when they cannot be computed.
  private func diffFromShown(to target: ListSnapshot) -> StagedChangeset<ListSnapshot>? {
    try? _listChanges(from: snapshot, to: target, duplicates: .matchInOrder)
  }

  /// Shows a list: a reload when one is due, else the stages one batch each.
  private func show(
    _ changes: StagedChangeset<ListSnapshot>, target: ListSnapshot, reloading: Bool, animated: Bool,
    routes: [SectionRoute]?
  ) {
    let reason: SyncDelegate.Transition.ReloadReason? =
      if !hasLoaded { .initial } else if reloading { .requested } else if !view.isVisible {
        .notVisible
      } else if exceedsReloadThreshold(changes.changeCount, target: target) {
        .threshold(changeCount: changes.changeCount)
      } else { nil }
    guard let reason else {
      if changes.isEmpty {
        // Nothing visible changed: keep the newest binders, the view needs no call.
        snapshot = target
        if let routes { routesShown = routes }
      } else {
        performBatches(changes, to: target, animated: animated, routes: routes)
      }
      return
    }
    if !selection.isEmpty {
      selectionCandidates.formUnion(selection.identifiers)
      hiddenSelectionIsStale = true
      if listBeforeReload == nil { listBeforeReload = (snapshot, routesShown) }
    }
    let shown = (list: snapshot, routes: routesShown)
    snapshot = target
    if let routes { routesShown = routes }
    let transition = SyncDelegate.Transition(changes: changes, reloadReason: reason, target: target)
    reloadView(transition, listBefore: shown.list, routesBefore: shown.routes)
  }

  /// Reloads the view from ``snapshot`` as it is.
  private func reload(_ reason: SyncDelegate.Transition.ReloadReason) {
    reloadView(SyncDelegate.Transition(changes: StagedChangeset(), reloadReason: reason, target: snapshot))
  }

  /// Reloads the view, between ``SyncDelegate/willApply`` and ``SyncDelegate/didApply``.
  ///
  /// The elements the view drops end their display where they were in the list before, and reach the feeds that
  /// owned them then (`routesBefore`), not those that own their sections in the new list.
  ///
  /// - Parameters:
  ///   - transition: The transition the delegate hears of.
  ///   - listBefore: The list the view showed before; `nil`: ``snapshot``, which the reload does not change.
  ///   - routesBefore: The owners of the sections of `listBefore`; `nil`: ``routesShown``.
  func reloadView(
    _ transition: SyncDelegate.Transition, listBefore: ListSnapshot? = nil, routesBefore: [SectionRoute]? = nil
  ) {
    delegate.willApply(transition)
    // A first load has no list before it.
    listBeforeView = hasLoaded ? listBefore ?? snapshot : nil
    hasLoaded = true
    displayedCells.removeAll()
    routingBeforeStage = routesBefore ?? routesShown
    view.reloadData()
    routingBeforeStage = nil
    listBeforeView = nil
    reloadCount += 1
    rearmEnd()
    delegate.didApply(transition)
  }

  /// After a change, the end counts as not reached: a list whose end stays on screen (a page that did not fill
  /// it) reports ``SyncDelegate/didReachEnd`` again at the view's next scroll report, so paging cannot stall.
  func rearmEnd() {
    edges.end = false
  }

  /// Applies staged changes one batch per stage, between ``SyncDelegate/willApply`` and ``SyncDelegate/didApply``.
  ///
  /// `routes` are the owners of `target`'s sections (`nil`: those of the list shown). Each stage's events are
  /// routed by the owners of the lists before and after it (``routingBeforeStage``, ``routesShown``): the list
  /// after a stage that is not the last holds sections of the list shown and of `target`, followed there by
  /// position (see `routes(of:from:to:)`); with no new owners, the sections are routed as before throughout.
  private func performBatches(
    _ changes: StagedChangeset<ListSnapshot>, to target: ListSnapshot, animated: Bool, routes: [SectionRoute]?
  ) {
    let transition = SyncDelegate.Transition(changes: changes, reloadReason: nil, target: target, animated: animated)
    delegate.willApply(transition)
    let after = routes ?? routesShown
    let stageRoutes = routes == nil ? [] : Self.routes(of: changes, from: (snapshot, routesShown), to: after)
    listBeforeBatches = snapshot
    defer { listBeforeBatches = nil }
    for (index, stage) in changes.enumerated() {
      let update = ListUpdate(
        changeset: stage, previous: snapshot, stage: index, stageCount: changes.count, animated: animated)
      routingBeforeStage = stageRoutes.indices.contains(index - 1) ? stageRoutes[index - 1].old : routesShown
      if index == changes.count - 1 {
        routesShown = after
        lastStageTarget = target
      } else if stageRoutes.indices.contains(index) {
        routesShown = stageRoutes[index].new
      }
      displayedCells.follow(stage)
      if !selection.isEmpty { noteDeletedSelection(in: stage) }
      snapshot = stage.data
      view.performBatchUpdates(update)
      routingBeforeStage = nil
      batchCount += 1
      delegate.dispatch(update)
    }
    lastStageTarget = nil
    snapshot = target
    routesShown = after
    rearmEnd()
    delegate.didApply(transition)
  }

  /// The owners of the sections after each stage of `changes` but the last, followed by position through the
  /// stages as the view applies them (`PathMapper`), never by identity: children of a composite may show
  /// sections of one identity (two static lists with the default section, or their list headers), each routed to
  /// its own child.
  ///
  /// A section that was there before the change has the owner `before` gave it (followed on from the start), and
  /// one still there at the end the owner `after` gives it (followed back from the end); a section neither has
  /// (one the list shown had no owner for) has none. The two differ for a section that a diff matched by its
  /// identity across two owners (a merged change that removes a list and adds another): what a stage removes or
  /// replaces there (deleted rows, a header updated: ``routingBeforeStage``) is the old owner's, what it
  /// displays (``routesShown``) the new owner's. So each stage gets both: `old`, which prefers the owners from
  /// before, for the stage after it to remove, and `new`, which prefers those from after, for what it displays.
  ///
  /// - Parameters:
  ///   - changes: The stages applied, from `before.list`.
  ///   - before: The list shown before them and the owners of its sections.
  ///   - after: The owners of the sections of the last stage's list.
  /// - Returns: The owners after each stage but the last; empty for a change of one stage.
  /// - Complexity: O(*s*) for *s* sections for each stage, plus O(*s* log *c*) for *c* changes of sections for
  ///   each stage that inserts, deletes or moves sections.
  private static func routes(
    of changes: StagedChangeset<ListSnapshot>, from before: (list: ListSnapshot, routes: [SectionRoute]?),
    to after: [SectionRoute]?
  ) -> [(old: [SectionRoute], new: [SectionRoute])] {
    func movesSections(_ stage: Changeset<ListSnapshot>) -> Bool {
      !stage.sectionDeleted.isEmpty || !stage.sectionInserted.isEmpty || !stage.sectionMoved.isEmpty
    }
    let stages = Array(changes)
    guard stages.count > 1 else { return [] }
    /// The routes of the list after a stage, from those of the list before it.
    func forward(_ routes: [SectionRoute?], through stage: Changeset<ListSnapshot>) -> [SectionRoute?] {
      guard movesSections(stage) else { return routes.count == stage.data.count ? routes : [] }
      let mapper = PathMapper(stage)
      var next = [SectionRoute?](repeating: nil, count: stage.data.count)
      for (section, route) in routes.enumerated() {
        if let route, let target = mapper.mapSection(section), next.indices.contains(target) { next[target] = route }
      }
      return next
    }
    /// The routes of the list before a stage (of `count` sections), from those of the list after it.
    func backward(_ routes: [SectionRoute?], through stage: Changeset<ListSnapshot>, count: Int) -> [SectionRoute?] {
      guard movesSections(stage) else { return routes.count == count ? routes : [] }
      let mapper = PathMapper(stage)
      return (0..<count).map { section in
        guard let target = mapper.mapSection(section), routes.indices.contains(target) else { return nil }
        return routes[target]
      }
    }
    /// Known routes of a list of `count` sections, or none.
    func known(_ routes: [SectionRoute]?, count: Int) -> [SectionRoute?] {
      guard let routes, routes.count == count else { return [] }
      return routes.map { $0 }
    }
    // Forward from the list shown: the routes after each stage.
    var shown = known(before.routes, count: before.list.count)
    var fromBefore: [[SectionRoute?]] = []
    for stage in stages.dropLast() {
      shown = forward(shown, through: stage)
      fromBefore.append(shown)
    }
    // Back from the end: the routes after each stage but the last.
    var fromAfter = [[SectionRoute?]](repeating: [], count: stages.count - 1)
    var later = known(after, count: stages[stages.count - 1].data.count)
    for index in stride(from: stages.count - 1, to: 0, by: -1) {
      later = backward(later, through: stages[index], count: stages[index - 1].data.count)
      fromAfter[index - 1] = later
    }
    return stages.dropLast().indices.map { index in
      let (old, new) = (fromBefore[index], fromAfter[index])
      func route(_ first: [SectionRoute?], _ second: [SectionRoute?], _ section: Int) -> SectionRoute {
        (first.indices.contains(section) ? first[section] : nil)
          ?? (second.indices.contains(section) ? second[section] : nil)
          ?? SectionRoute(owner: nil, localSection: section)
      }
      let sections = stages[index].data.indices
      return (sections.map { route(old, new, $0) }, sections.map { route(new, old, $0) })
    }
  }

  /// The user asked to expand or collapse a row: the feed that owns it (``ListFeed/setExpanded(_:forRowAt:)``, such as an
  /// ``OutlineFeed``) decides, and publishes its new rows. Asked while a change is applied, it waits for it: the
  /// position names the row the caller sees now, which is expanded where the changes before it put it, and not at
  /// all when they removed it. Two sections may show rows of the same identity (two trees of the same files): the
  /// row is found by its identity in the section of its section's identity, else in another section that had no
  /// row of that identity before (a change moved it there), never as another section's row. Rows of one section
  /// that share an identity (a node listed under two parents) are told apart by their order: the request acts on
  /// the copy asked about, so one asked about a leaf copy does nothing, as it does outside a change.
  ///
  /// - Parameters:
  ///   - expanded: Whether the row should show its children.
  ///   - path: The row's position.
  /// - Returns: Whether the row's expansion changed; `true` for a request that waits for the change under way,
  ///   `false` for a position the list does not have.
  @discardableResult
  public func setExpanded(_ expanded: Bool, forRowAt path: ItemPath) -> Bool {
    if isApplying {
      guard let id = snapshot.identity(ofRowAt: path) ?? (try? snapshot.row(at: path))?.id else { return false }
      enqueue(.expand(expanded, FollowedRow(id: id, path: path, before: snapshot)))
      return true
    }
    return expand(expanded, path)
  }

  /// Whether a row is expanded, as the feed that owns it (``ListFeed/isRowExpanded(at:)``) says.
  ///
  /// Asked while a change is applied (a view drawing its rows, a delegate closure), when the feeds may be ahead
  /// of the list shown, the answer is about the row shown at `path`, found in the feeds' list as an event's row
  /// is (by its identity, in its section), never about the row the feeds' newer list has there. Rows of the
  /// section that share the row's identity (a node listed under two parents) are told apart by their order, as for
  /// a queued expansion (``setExpanded(_:forRowAt:)``): the answer is about the copy shown at `path`.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: `true` when it can collapse, `false` when it can expand, `nil` when it can do neither (or the
  ///   feeds no longer have the row).
  public func isRowExpanded(at path: ItemPath) -> Bool? {
    guard let path = feedPath(ofRowAt: path) else { return nil }
    return feed.isRowExpanded(at: path)
  }

  /// The nesting depth of a row, as the feed that owns it (``ListFeed/depth(ofRowAt:)``) says; asked while a change
  /// is applied, about the row shown at `path`, as ``isRowExpanded(at:)`` is.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: The depth; 0 for a row at the top level or one that does not exist (or that the feeds no longer
  ///   have).
  public func depth(ofRowAt path: ItemPath) -> Int {
    guard let path = feedPath(ofRowAt: path) else { return 0 }
    return feed.depth(ofRowAt: path)
  }

  /// Where the feeds' list has the row shown at `path`: `path` itself outside a change; while one is applied (the
  /// feeds may be ahead of ``snapshot``), the row followed by its identity in its section (``FollowedRow``). Rows
  /// of the section that share its identity (a node listed under two parents) are told apart by their order, as
  /// for a queued expansion, so the answer is never about another copy that the change moved to the row's place.
  /// `nil` when the list shown has no such row, or the feeds no longer have it.
  ///
  /// - Complexity: Outside a change, O(1); during one, O(1) while the feeds' section holds the very rows shown or
  ///   those of the change's last stage being shown (``lastStageTarget``), where a view draws. Else, once per section and list shown, a pass over the
  ///   section's identities (``sharedIdentities``); then two identity reads while the row is at the same place in
  ///   the feeds' list and no other row of its section has its identity, else a search of its section (see
  ///   ``FollowedRow/path(in:inOrder:)``).
  private func feedPath(ofRowAt path: ItemPath) -> ItemPath? {
    guard snapshot.indices.contains(path.section), snapshot[path.section].elements.indices.contains(path.item)
    else { return nil }
    guard isApplying, let id = snapshot.identity(ofRowAt: path) else { return path }
    let current = feed.displayedSections
    // The feeds' section holds the very rows shown, or those of the change's last stage being shown (where a view
    // draws), the feeds not moved on since: the row is where it is shown.
    if current.indices.contains(path.section) {
      let rows = current[path.section].elements
      if rows.sharesStorage(with: snapshot[path.section].elements) { return path }
      if let target = lastStageTarget, target.indices.contains(path.section),
        rows.sharesStorage(with: target[path.section].elements)
      {
        return path
      }
    }
    let isShared = sharedIdentities(inSection: path.section).contains(id)
    return FollowedRow(id: id, path: path, before: snapshot).path(in: current, inOrder: isShared)
  }

  /// The identities that more than one row of a section of ``snapshot`` has, found once per list shown.
  private func sharedIdentities(inSection section: Int) -> Set<ListIdentifier> {
    if let shared = sharedIdentities[section] { return shared }
    var seen: Set<ListIdentifier> = []
    var shared: Set<ListIdentifier> = []
    for id in snapshot[section].elements.identities where !seen.insert(id).inserted { shared.insert(id) }
    sharedIdentities[section] = shared
    return shared
  }

  @discardableResult
  private func expand(_ expanded: Bool, _ path: ItemPath) -> Bool {
    guard snapshot.indices.contains(path.section), snapshot[path.section].elements.indices.contains(path.item)
    else { return false }
    return feed.setExpanded(expanded, forRowAt: path)
  }

  /// Reports an error to the delegate and keeps it in ``lastError``.
  func report(_ error: ListFlowError) {
    lastError = error
    delegate.didFail(error)
  }
}

/// Where a section of the list comes from: the feed that owns it and the section's index there.
struct SectionRoute {
  /// The owning feed, whose delegate gets the events of the section's rows.
  weak var owner: (any ListFeed<ListSectionSnapshot>)?
  /// The section's index inside the owning feed.
  var localSection: Int
}

extension ListEngine {
  /// The owner of a section of the list shown (``snapshot``), as the feeds said when that list was published.
  func route(forSection section: Int) -> SectionRoute? {
    guard let routesShown else { return liveRoute(forSection: section) }
    return routesShown.indices.contains(section) ? routesShown[section] : nil
  }

  /// The owner of a section of the feeds' newest list.
  private func liveRoute(forSection section: Int) -> SectionRoute? {
    guard let (owner, local) = feed.feed(owningSection: section) else { return nil }
    return SectionRoute(owner: owner, localSection: local)
  }

  /// The owner of every section of the feeds' newest list.
  func sectionRoutes() -> [SectionRoute] {
    feed.displayedSections.indices.map { section in
      liveRoute(forSection: section) ?? SectionRoute(owner: nil, localSection: section)
    }
  }
}

/// A move the view made, which the feeds take, and the lists they published while taking it (see
/// `ListEngine.moveRow(_:)`).
struct AbsorbedMove {
  let move: Move<ItemPath>
  var published:
    [(
      changes: StagedChangeset<ListSnapshot>, target: ListSnapshot, reloading: Bool, animated: Bool,
      routes: [SectionRoute]?
    )] = []
  /// For each list of ``published``, how many calls were queued before it (a scroll, a reload, an explicit update
  /// asked for from a delegate closure): they are made before it is shown.
  var queuedBefore: [Int] = []
}
