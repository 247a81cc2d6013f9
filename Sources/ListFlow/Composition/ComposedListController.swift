/// Shows a ``ComposedDataSource`` of children of any kind in a ``ListView``, through a ``ListEngine``: each
/// child's update reaches the view as that child's staged changes shifted to its place, and the view's events go
/// to the child that owns the row, with the row's local position.
///
/// ```swift
/// let screen = ComposedDataSource<ListSectionSnapshot>()
/// let banner = SectionedDataSource<ListSectionSnapshot>(sections: [bannerSection])
/// let feed = ListController<[Post]>(view: nil) { posts in
///   [ListSection(id: "feed", items: posts)]
/// } cell: { post in PostCell.makeBinder(value: post, id: post.id) }
/// try screen.append(banner)
/// try screen.append(feed)
/// let list = ComposedListController(view: terminalView, composite: screen)
/// feed.delegate.didSelectRow = { path, row in open(row) }   // feed-local positions
/// Task { await feed.run(store.updates().map(\.posts)) }
/// ```
///
/// The controller never diffs the whole list: each child publishes its own changes (a ``ListController`` child
/// diffs off the main actor and coalesces its states). The engine reloads instead of applying batches above
/// ``ListControllerConfiguration/reloadThreshold`` changes, when the view is not visible, or on request, and
/// queues changes that arrive while one is applied. ``delegate`` receives the change dispatch
/// (``SyncDelegate/willApply``, ``SyncDelegate/didApply``, inserts, deletes…), scrolling and errors with global
/// positions; each child's delegate (``setDelegate(_:for:)``, or a ``ListController`` child's own `delegate`)
/// receives selection, highlight, display, editing, moves and cell actions with positions local to that child,
/// and ``delegate`` receives them after it with global positions.
///
/// Keep the controller alive as long as the list is shown: the view holds its data source weakly, and a
/// composite's changes reach the view only through a live controller.
@MainActor
public final class ComposedListController {
  /// The engine that shows the composite in the view.
  public let engine: ListEngine
  /// The composite whose displayed sections the view shows.
  public let composite: ComposedDataSource<ListSectionSnapshot>

  var childDelegates: [ObjectIdentifier: SyncDelegate] = [:]

  /// Creates a controller, makes its engine the view's data source and loads the composite's sections.
  ///
  /// - Parameters:
  ///   - view: The view to drive.
  ///   - composite: The composite to show; the controller receives its changes.
  ///   - configuration: The reload threshold (the other settings belong to the children).
  ///   - delegate: The delegate for the whole list.
  public init(
    view: any ListView,
    composite: ComposedDataSource<ListSectionSnapshot>,
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    delegate: SyncDelegate = SyncDelegate()
  ) {
    self.composite = composite
    engine = ListEngine(view: view, delegate: delegate, reloadThreshold: configuration.reloadThreshold)
    engine.root = self
    composite.deliver = { [weak self] changes, reloading in
      guard let self else { return }
      engine.publish(changes, target: self.composite.displayedSections, reloading: reloading)
    }
    composite.hiddenRowsChanged = { [weak self] in self?.engine.followHiddenSelection() }
    engine.publish(StagedChangeset(), target: composite.displayedSections)
  }

  /// The view this controller drives.
  public var view: any ListView { engine.view }

  /// The delegate for the whole list: change dispatch, scrolling and errors, and every event with global positions.
  public var delegate: SyncDelegate {
    get { engine.delegate }
    set { engine.delegate = newValue }
  }

  /// The sections the view shows now, consistent with the view after every stage.
  public var snapshot: ListSnapshot { engine.snapshot }

  /// The last error met, also reported to ``SyncDelegate/didFail``.
  public var lastError: ListFlowError? { engine.lastError }

  /// The number of batches sent to the view.
  public var batchCount: Int { engine.batchCount }

  /// The number of full reloads sent to the view (the first load counts).
  public var reloadCount: Int { engine.reloadCount }

  /// Sets the delegate that receives the events of a child's rows, with positions local to that child.
  ///
  /// - Parameters:
  ///   - delegate: The child's delegate.
  ///   - source: A source anywhere inside ``composite``.
  public func setDelegate(_ delegate: SyncDelegate, for source: any ComposableSource<ListSectionSnapshot>) {
    childDelegates[ObjectIdentifier(source)] = delegate
  }

  /// The delegate of a child, or `nil` when none was set.
  ///
  /// - Parameter source: A source inside ``composite``.
  /// - Returns: Its delegate.
  public func delegate(for source: any ComposableSource<ListSectionSnapshot>) -> SyncDelegate? {
    childDelegates[ObjectIdentifier(source)]
  }

  /// The row at a global position.
  ///
  /// - Parameter path: A position in ``snapshot``.
  /// - Returns: The row's binder.
  /// - Throws: ``ListFlowError/sectionOutOfRange(section:sectionCount:)`` or
  ///   ``ListFlowError/rowOutOfRange(path:rowCount:)``.
  public func row(at path: ItemPath) throws(ListFlowError) -> CellBinder {
    try engine.row(at: path)
  }

  /// Reloads the view from the list shown (queued behind a change being applied).
  public func reloadData() {
    engine.reloadData()
  }
}

extension ComposedListController: _EngineRoot {
  var routesEvents: Bool { true }
  func route(forSection section: Int) -> SectionRoute? {
    guard let (source, local) = composite.leaf(forSection: section) else { return nil }
    return SectionRoute(owner: source, localSection: local)
  }

  func sectionRoutes() -> [SectionRoute]? {
    (0..<composite.displayedSections.count).map { section in
      route(forSection: section) ?? SectionRoute(owner: nil, localSection: section)
    }
  }

  func delegate(ofOwner owner: AnyObject) -> SyncDelegate? {
    guard let source = owner as? any ComposableSource<ListSectionSnapshot> else { return nil }
    return delegate(ofLeaf: source)
  }

  func moveRow(_ move: Move<ItemPath>) throws(ListFlowError) {
    try composite.moveRow(move)
  }

  func expandableOwner(ofSection section: Int) -> (any ExpandableSource, Int)? {
    guard let (source, local) = composite.leaf(forSection: section),
      let expandable = source as? any ExpandableSource
    else { return nil }
    return (expandable, local)
  }

  func hidesRow(_ id: ListIdentifier) -> Bool {
    composite.hidesRow(id)
  }

  /// A leaf's delegate: the one set for it, else its own (a ``ListController`` child's).
  /// A filtered feed with no delegate of its own forwards to the one set for its source, with source positions.
  private func delegate(ofLeaf source: any ComposableSource<ListSectionSnapshot>) -> SyncDelegate? {
    if let delegate = childDelegates[ObjectIdentifier(source)] { return delegate }
    if let filtered = source as? FilteredFeed, let inner = childDelegates[ObjectIdentifier(filtered.source)] {
      return filtered.forwarding(to: inner)
    }
    return (source as? any _DelegateCarrying)?.ownDelegate
  }
}

/// A child that carries a delegate of its own for its rows (a ``ListController`` made without a view).
@MainActor
protocol _DelegateCarrying: AnyObject {
  var ownDelegate: SyncDelegate? { get }
}
