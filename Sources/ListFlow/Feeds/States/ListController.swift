/// A feed that follows successive states: each state's declarations are diffed with the list of the state
/// before, and the staged changes go to whatever shows the controller, so the view's counts match the data at
/// every stage.
///
/// ```swift
/// let controller = ListController<VenueDetailViewState>(cell: VenueDetailViewState.binder)
/// let list = try ListEngine(view: RecordingListView(), showing: controller)
/// await controller.apply(state)          // the first state reloads the view
/// state.reviews.append(review)
/// await controller.apply(state)          // later states are diffed and applied in batches
/// Task { await controller.run(store.updates()) }   // or follow a store
/// ```
///
/// A ``ListEngine`` shows the controller in a view, alone or as a child of a ``ComposedFeed``. The
/// controller's ``delegate`` receives the events of its rows with positions in its own list (the same as the
/// view's when it is shown alone); the engine's delegate receives the change dispatch.
///
/// States are applied strictly in the order of the ``apply(_:reloading:)`` calls; a state that arrives while
/// another is being diffed supersedes any state not yet started, and the last state is always the one finally
/// shown. Large lists are diffed off the main actor (``ListControllerConfiguration/backgroundDiffThreshold``).
/// Errors never trap: they are thrown where a call can throw, and always reported to ``SyncDelegate/didFail`` of
/// the controller's delegate and of the engine that shows it, and kept in ``lastError``.
@MainActor
public final class ListController<State: Sendable> {
  /// How to treat duplicate identities, when to diff off the main actor.
  public var configuration: ListControllerConfiguration
  /// The last state shown, or `nil` before the first.
  public internal(set) var state: State?
  /// What the controller did so far.
  public internal(set) var statistics = ListController.Statistics()
  /// The link to whatever shows the controller.
  public let feedLink = FeedLink<ListSectionSnapshot>()
  /// The closures that receive the events of the controller's rows, with positions in its list.
  public var delegate: SyncDelegate
  /// The last error reported to ``SyncDelegate/didFail``, or `nil`.
  public internal(set) var lastError: ListFlowError?

  /// The list of the last state applied: what the next state is diffed against.
  var published: ListSnapshot = []
  /// Makes a state's list and diffs it with the list shown.
  let prepareState: _PrepareState<State>
  /// The rows the list shown was made from, when the last state declared rows and the list was not edited since.
  var shownRows: (any Sendable)?
  var queue = ApplyQueue<ApplyRequest>()
  var modelGeneration = 0
  /// The index of the list's rows that edits keep up to date, between edits (see ``makeEdit()``).
  var editing = _EditingMemo()

  /// A state to show, and whether it must reload the view.
  struct ApplyRequest {
    var state: State
    var reloads: Bool
    var animated = true
  }

  /// Creates a controller that prepares each state with a function.
  @usableFromInline
  init(
    configuration: ListControllerConfiguration,
    delegate: SyncDelegate,
    prepare: @escaping _PrepareState<State>
  ) {
    self.configuration = configuration
    self.delegate = delegate
    self.prepareState = prepare
  }

  /// Creates a controller that builds each state's sections with a function.
  ///
  /// Every state's binders are made anew and diffed with those shown. When a state's rows are plain values,
  /// ``init(configuration:delegate:rows:cell:)`` diffs the values instead and makes binders only for rows
  /// that are new or changed, which is several times faster for large lists.
  ///
  /// - Parameters:
  ///   - configuration: When to reload, the duplicate policy, when to diff off the main actor.
  ///   - delegate: The closures that receive the list's events.
  ///   - sections: The function that declares a state's sections; it may run off the main actor.
  public convenience init(
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    delegate: SyncDelegate = SyncDelegate(),
    sections: @escaping @Sendable (State) -> [ListSection<CellBinder>]
  ) {
    self.init(configuration: configuration, delegate: delegate) { state, source, _, duplicates in
      _prepareBinders(sections(state).map(\.snapshot), source: source, rows: nil, duplicates: duplicates)
    }
  }

  /// Creates a controller for states that declare their cells, shown in one section (``ListIdentifier/mainSection``).
  ///
  /// The declarations' type picks the diff, not a label: when they are ``Differentiable`` and `Sendable` values
  /// (an `Equatable` enum that declares `Differentiable`, say), the controller diffs the values and calls `cell`
  /// only for the rows a view reads or a change touches (``init(configuration:delegate:rows:cell:)``); otherwise
  /// it makes every declaration's binder for every state and diffs the binders.
  ///
  /// - Parameters:
  ///   - configuration: When to reload, the duplicate policy, when to diff off the main actor.
  ///   - delegate: The closures that receive the list's events.
  ///   - cell: The function that maps a declaration to its cell; it may run off the main actor.
  public convenience init(
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    delegate: SyncDelegate = SyncDelegate(),
    cell: @escaping @Sendable (State.CellDeclaration) -> CellBinder
  ) where State: CellsDeclarator {
    self.init(configuration: configuration, delegate: delegate) { state in
      [ListSection(id: ListIdentifier.mainSection, items: state.cellDeclarations.map(cell))]
    }
  }

  /// Creates a controller for states that declare sections.
  ///
  /// As for declared cells, the declarations' type picks the diff: ``Differentiable`` and `Sendable` values are
  /// diffed as values, anything else as binders.
  ///
  /// - Parameters:
  ///   - configuration: When to reload, the duplicate policy, when to diff off the main actor.
  ///   - delegate: The closures that receive the list's events.
  ///   - cell: The function that maps a declaration (row, header or footer) to its cell.
  public convenience init(
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    delegate: SyncDelegate = SyncDelegate(),
    cell: @escaping @Sendable (State.CellDeclaration) -> CellBinder
  ) where State: SectionsDeclarator {
    self.init(configuration: configuration, delegate: delegate) { state in
      state.sectionDeclarations.map { $0.map(cell) }
    }
  }

  /// Creates a controller whose states are sections of binders.
  ///
  /// - Parameters:
  ///   - configuration: When to reload, the duplicate policy, when to diff off the main actor.
  ///   - delegate: The closures that receive the list's events.
  public convenience init(
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    delegate: SyncDelegate = SyncDelegate()
  ) where State == [ListSection<CellBinder>] {
    self.init(configuration: configuration, delegate: delegate) { $0 }
  }

  /// Creates a controller whose states are flat arrays of binders, shown in one section.
  ///
  /// - Parameters:
  ///   - configuration: When to reload, the duplicate policy, when to diff off the main actor.
  ///   - delegate: The closures that receive the list's events.
  public convenience init(
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    delegate: SyncDelegate = SyncDelegate()
  ) where State == [CellBinder] {
    self.init(configuration: configuration, delegate: delegate) { items in
      [ListSection(id: ListIdentifier.mainSection, items: items)]
    }
  }

  /// Whether a call to ``apply(_:reloading:)`` is in progress.
  public var isApplying: Bool { queue.isRunning }

  /// Whether a state waits to be applied after the one in progress.
  public var hasPendingState: Bool { queue.pending != nil }

  /// The list of the last state applied (or the last edit or move): what the controller shows.
  public var snapshot: ListSnapshot { published }

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
