/// Drives a list from successive states: each state's declarations are diffed with the list shown and handed to
/// a ``ListEngine``, which applies them to the view stage by stage, so the view's counts match the data at every
/// stage.
///
/// ```swift
/// let view = RecordingListView()
/// let controller = ListController<VenueDetailViewState>(view: view, binder: VenueDetailViewState.binder)
/// await controller.apply(state)          // the first state reloads the view
/// state.reviews.append(review)
/// await controller.apply(state)          // later states are diffed and applied in batches
/// Task { await controller.run(store.updates()) }   // or follow a store
/// ```
///
/// A controller made with a view owns an ``engine``, which is the view's ``ListView/dataSource``. A controller
/// made with `view: nil` is a feed for a ``ComposedDataSource`` (``ListFeed``): its states become that
/// child's sections, and its ``delegate`` receives the events of its rows with positions local to it.
///
/// The engine reloads the view for the first state, above ``ListControllerConfiguration/reloadThreshold``
/// changes, for a view that is not visible, or on request (``apply(_:reloading:)``); otherwise it sends one
/// ``ListView/performBatchUpdates(_:)`` per stage. A row with the same cell type and new content is reconfigured
/// in place; a row whose cell type changed is replaced.
///
/// States are applied strictly in the order of the ``apply(_:reloading:)`` calls; a state that arrives while
/// another is being diffed supersedes any state not yet started, and the last state is always the one finally
/// shown. Large lists are diffed off the main actor (``ListControllerConfiguration/backgroundDiffThreshold``).
/// Errors never trap: they are thrown where a call can throw, and always reported to ``SyncDelegate/didFail`` and
/// kept in ``lastError``.
@MainActor
public final class ListController<State: Sendable> {
  /// The engine that shows the list in the view, or `nil` for a controller made without a view (a feed of a
  /// composite).
  public let engine: ListEngine?
  /// When to reload, how to treat duplicate identities, when to diff off the main actor.
  public var configuration: ListControllerConfiguration {
    didSet { engine?.reloadThreshold = configuration.reloadThreshold }
  }
  /// The last state shown, or `nil` before the first.
  public internal(set) var state: State?
  /// What the controller did so far.
  public var statistics: ListControllerStatistics {
    var statistics = feedStatistics
    statistics.reloads = engine?.reloadCount ?? 0
    statistics.batches = engine?.batchCount ?? 0
    return statistics
  }
  /// The link to the composite this controller is a child of (made without a view).
  public let feedLink = FeedLink<ListSectionSnapshot>()

  /// The list of the last state applied: what the next state is diffed against.
  var published: ListSnapshot = []
  /// The delegate of a controller made without a view.
  var childDelegate = SyncDelegate()
  /// The counters the controller keeps itself (reloads and batches are the engine's).
  var feedStatistics = ListControllerStatistics()
  /// The error of a controller made without a view.
  var feedError: ListFlowError?
  /// Makes a state's list and diffs it with the list shown.
  let prepareState: _PrepareState<State>
  /// The rows the list shown was made from, when the last state declared rows and the list was not edited since.
  var shownRows: (any Sendable)?
  var queue = ApplyQueue<ApplyRequest>()
  var modelGeneration = 0

  /// A state to show, and whether it must reload the view.
  struct ApplyRequest {
    var state: State
    var reloads: Bool
    var animated = true
  }

  /// Creates a controller that prepares each state with a function; with a view, its engine becomes the view's
  /// data source.
  @usableFromInline
  init(
    view: (any ListView)?,
    configuration: ListControllerConfiguration,
    delegate: SyncDelegate,
    prepare: @escaping _PrepareState<State>
  ) {
    self.configuration = configuration
    self.prepareState = prepare
    if let view {
      engine = ListEngine(view: view, delegate: delegate, reloadThreshold: configuration.reloadThreshold)
    } else {
      engine = nil
      childDelegate = delegate
    }
    if let engine {
      engine.feed = self
      // The controller's delegate is the engine's: its rows' events go there once.
      engine.routesEvents = false
      // A controller with a view of its own cannot be shown by anything else.
      feedLink.connect(receiver: { _, _ in }, hiddenRows: {})
    }
  }

  /// The view the controller drives, or `nil` for a controller made without a view.
  public var view: (any ListView)? { engine?.view }

  /// The closures that receive the list's events: the engine's delegate, or, without a view, the delegate of
  /// this child's rows (local positions).
  public var delegate: SyncDelegate {
    get { engine?.delegate ?? childDelegate }
    set {
      if let engine { engine.delegate = newValue } else { childDelegate = newValue }
    }
  }

  /// The list the view shows now (during a batch, the list after the stage being applied); without a view, the
  /// list of the last state applied.
  public var snapshot: ListSnapshot { engine?.snapshot ?? published }

  /// The last error reported to ``SyncDelegate/didFail``, or `nil`.
  public var lastError: ListFlowError? { engine?.lastError ?? feedError }

  /// Creates a controller that builds each state's sections with a function, and becomes `view`'s data source.
  ///
  /// Every state's binders are made anew and diffed with those shown. When a state's rows are plain values,
  /// ``init(view:configuration:delegate:rows:cell:)`` diffs the values instead and makes binders only for rows
  /// that are new or changed, which is several times faster for large lists.
  ///
  /// - Parameters:
  ///   - view: The view to drive, or `nil` for a feed of a composite.
  ///   - configuration: When to reload, the duplicate policy, when to diff off the main actor.
  ///   - delegate: The closures that receive the list's events.
  ///   - sections: The function that declares a state's sections; it may run off the main actor.
  public convenience init(
    view: (any ListView)?,
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    delegate: SyncDelegate = SyncDelegate(),
    sections: @escaping @Sendable (State) -> [ListSection<CellBinder>]
  ) {
    self.init(view: view, configuration: configuration, delegate: delegate) { state, source, _, duplicates in
      _prepareBinders(sections(state).map(\.snapshot), source: source, rows: nil, duplicates: duplicates)
    }
  }

  /// Creates a controller for states that declare their cells, shown in one section (``ListIdentifier/mainSection``).
  ///
  /// - Parameters:
  ///   - view: The view to drive, or `nil` for a feed of a composite.
  ///   - configuration: When to reload, the duplicate policy, when to diff off the main actor.
  ///   - delegate: The closures that receive the list's events.
  ///   - binder: The function that maps a declaration to its cell; it may run off the main actor.
  public convenience init(
    view: (any ListView)?,
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    delegate: SyncDelegate = SyncDelegate(),
    binder: @escaping @Sendable (State.CellDeclaration) -> CellBinder
  ) where State: CellsDeclarator {
    self.init(view: view, configuration: configuration, delegate: delegate) { state in
      [ListSection(id: ListIdentifier.mainSection, items: state.cellDeclarations.map(binder))]
    }
  }

  /// Creates a controller for states that declare sections.
  ///
  /// - Parameters:
  ///   - view: The view to drive, or `nil` for a feed of a composite.
  ///   - configuration: When to reload, the duplicate policy, when to diff off the main actor.
  ///   - delegate: The closures that receive the list's events.
  ///   - binder: The function that maps a declaration (row, header or footer) to its cell.
  public convenience init(
    view: (any ListView)?,
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    delegate: SyncDelegate = SyncDelegate(),
    binder: @escaping @Sendable (State.CellDeclaration) -> CellBinder
  ) where State: SectionsDeclarator {
    self.init(view: view, configuration: configuration, delegate: delegate) { state in
      state.sectionDeclarations.map { $0.map(binder) }
    }
  }

  /// Creates a controller whose states are sections of binders or item view models.
  ///
  /// - Parameters:
  ///   - view: The view to drive, or `nil` for a feed of a composite.
  ///   - configuration: When to reload, the duplicate policy, when to diff off the main actor.
  ///   - delegate: The closures that receive the list's events.
  public convenience init<Item: CellBinderConvertible>(
    view: (any ListView)?,
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    delegate: SyncDelegate = SyncDelegate()
  ) where State == [ListSection<Item>] {
    self.init(view: view, configuration: configuration, delegate: delegate) { sections in
      sections.map { $0.map(\.cellBinder) }
    }
  }

  /// Creates a controller whose states are flat arrays of binders or item view models, shown in one section.
  ///
  /// - Parameters:
  ///   - view: The view to drive, or `nil` for a feed of a composite.
  ///   - configuration: When to reload, the duplicate policy, when to diff off the main actor.
  ///   - delegate: The closures that receive the list's events.
  public convenience init<Item: CellBinderConvertible>(
    view: (any ListView)?,
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    delegate: SyncDelegate = SyncDelegate()
  ) where State == [Item] {
    self.init(view: view, configuration: configuration, delegate: delegate) { items in
      [ListSection(id: ListIdentifier.mainSection, items: items.map(\.cellBinder))]
    }
  }

  /// Whether a call to ``apply(_:reloading:)`` is in progress.
  public var isApplying: Bool { queue.isRunning }

  /// Whether a state waits to be applied after the one in progress.
  public var hasPendingState: Bool { queue.pending != nil }

  /// The binder of a row of the list shown.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: The row's binder.
  /// - Throws: ``ListFlowError/sectionOutOfRange(section:sectionCount:)`` or
  ///   ``ListFlowError/rowOutOfRange(path:rowCount:)``; not reported to the delegate.
  public func row(at path: ItemPath) throws(ListFlowError) -> CellBinder {
    try snapshot.row(at: path)
  }

  /// The position of the first row with an identity, or `nil` when the list shown has none.
  ///
  /// - Parameter id: The row's identity.
  /// - Returns: The row's position.
  /// - Complexity: O(n) in the number of rows.
  public func path(ofRow id: ListIdentifier) -> ItemPath? {
    snapshot.path(ofRow: id)
  }
}
