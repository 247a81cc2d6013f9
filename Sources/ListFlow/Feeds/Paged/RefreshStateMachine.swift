/// The refresh and paging decisions of a paged list, as a pure value: every trigger and every result is a
/// transition that returns the action for its driver to perform.
///
/// The machine holds no rows and runs no task. A driver (``PagingController`` is one) feeds it triggers
/// (``refresh()``, ``loadMore()``) and load results (``pageLoaded(_:nextPage:)``, ``pageFailed(_:error:)``,
/// ``pageCancelled(_:)``) and does what the returned ``Action`` says. ``PagingController/State`` lists the
/// transitions. The machine is internal: a paged list is driven through ``PagingController``.
///
/// ```swift
/// var machine = RefreshStateMachine<Page<Post, Int>>()
/// guard case .load(let request) = machine.refresh() else { return }
/// // … load the first page with request.cursor (nil) …
/// machine.pageLoaded(request, nextPage: 2)   // .replaceRows, state .paginated
/// machine.loadMore()                          // .load(loadMore(2) #2), state .paging
/// machine.refresh()                           // .ignore(.busy): one load at a time
/// ```
///
/// Failures are recoverable: after ``PagingController/State/error(_:)`` a refresh starts over, and a load-more
/// retries the load that failed: the page after the rows (its cursor is kept) after a failed load-more, the refresh
/// after a failed refresh (from the first page, with as many pages as the driver asked for), since the rows shown
/// are the ones that refresh meant to replace. The rows already
/// shown are never dropped by a failure.
struct RefreshStateMachine<Page: Pageable & Sendable>: Equatable, Sendable {
  /// The cursor of a page.
  typealias Cursor = Page.Cursor
  /// The states of the machine.
  typealias State = PagingController<Page>.State
  /// The two loads.
  typealias Operation = PagingController<Page>.Operation
  /// Why a trigger or a result changed nothing.
  typealias IgnoreReason = PagingController<Page>.IgnoreReason

  /// What the driver does after a transition.
  enum Action: Equatable, Sendable {
    /// Start this load now, and report its result with the same request.
    case load(PageRequest<Page>)
    /// The first page arrived: its elements replace every row.
    case replaceRows
    /// A next page arrived: its elements are appended to the rows.
    case appendRows
    /// The load failed or was cancelled: keep the rows as they are.
    case keepRows
    /// Nothing to do.
    case ignore(IgnoreReason)
  }

  /// The current state.
  private(set) var state: State = .initial
  /// The cursor of the next page to load, or `nil` when no page was loaded yet or the last page was.
  private(set) var nextPage: Cursor?
  /// The load running now, if any.
  private(set) var pendingRequest: PageRequest<Page>?

  /// The state to go back to when the pending load is cancelled.
  private var stateBeforeLoad: State = .initial
  /// The ticket of the next request.
  private var nextTicket = 1
  /// Whether some page was loaded, so that a `nil` ``nextPage`` means the last page rather than no page yet.
  private var hasLoadedAPage = false

  /// Creates a machine in ``State/initial``.
  init() {}

  /// A refresh was requested: load the first page, unless a load is running.
  ///
  /// - Returns: ``Action/load(_:)`` with a first-page request (state ``State/refreshing``), or
  ///   ``Action/ignore(_:)`` with ``IgnoreReason/busy``.
  mutating func refresh() -> Action {
    guard !state.isBusy else { return .ignore(.busy) }
    return start(.refresh, cursor: nil, busyState: .refreshing)
  }

  /// More rows were requested: load the next page, when there is one and no load is running.
  ///
  /// After a failed refresh the load-more retries that refresh instead: it loads from the first page (as many
  /// pages as the driver asks for) and replaces the rows, so that no page is appended to rows the refresh meant
  /// to replace.
  ///
  /// - Returns: ``Action/load(_:)`` with a request for ``nextPage`` (state ``State/paging``), or with a
  ///   first-page request after a failed refresh (state ``State/refreshing``), or ``Action/ignore(_:)``
  ///   with ``IgnoreReason/busy``, ``IgnoreReason/lastPageReached`` or
  ///   ``IgnoreReason/nothingLoaded``.
  mutating func loadMore() -> Action {
    switch state {
    case .refreshing, .paging:
      return .ignore(.busy)
    case .initial:
      return .ignore(.nothingLoaded)
    case .populated:
      return .ignore(.lastPageReached)
    case .error(let failure) where failure.operation == .refresh:
      return start(.refresh, cursor: nil, busyState: .refreshing)
    case .paginated, .error:
      guard let cursor = nextPage else { return .ignore(hasLoadedAPage ? .lastPageReached : .nothingLoaded) }
      return start(.loadMore, cursor: cursor, busyState: .paging)
    }
  }

  /// The pending load returned a page.
  ///
  /// - Parameters:
  ///   - request: The request the page answers.
  ///   - nextPage: The page's ``Pageable/nextPage``.
  /// - Returns: ``Action/replaceRows`` for a refresh, ``Action/appendRows`` for a load-more (state
  ///   ``State/paginated``, or ``State/populated`` when `nextPage` is `nil`), or
  ///   ``Action/ignore(_:)`` with ``IgnoreReason/staleResult`` when `request` is not the pending one.
  mutating func pageLoaded(_ request: PageRequest<Page>, nextPage: Cursor?) -> Action {
    guard request == pendingRequest else { return .ignore(.staleResult) }
    pendingRequest = nil
    self.nextPage = nextPage
    hasLoadedAPage = true
    state = nextPage == nil ? .populated : .paginated
    return request.operation == .refresh ? .replaceRows : .appendRows
  }

  /// The pending load threw an error.
  ///
  /// - Parameters:
  ///   - request: The request that failed.
  ///   - error: What the load threw; the state keeps its description.
  /// - Returns: ``Action/keepRows`` (state ``State/error(_:)`` naming the failed operation and its error;
  ///   the cursor of the next page is kept so that a load-more retries it), or ``Action/ignore(_:)`` with
  ///   ``IgnoreReason/staleResult``.
  mutating func pageFailed(_ request: PageRequest<Page>, error: any Error) -> Action {
    guard request == pendingRequest else { return .ignore(.staleResult) }
    pendingRequest = nil
    state = .error(PagingController<Page>.Failure(operation: request.operation, error: error))
    return .keepRows
  }

  /// The pending load was cancelled before it finished.
  ///
  /// - Parameter request: The request that was cancelled.
  /// - Returns: ``Action/keepRows`` (the state goes back to what it was before the load), or
  ///   ``Action/ignore(_:)`` with ``IgnoreReason/staleResult``.
  mutating func pageCancelled(_ request: PageRequest<Page>) -> Action {
    guard request == pendingRequest else { return .ignore(.staleResult) }
    pendingRequest = nil
    state = stateBeforeLoad
    return .keepRows
  }

  private mutating func start(_ operation: Operation, cursor: Cursor?, busyState: State) -> Action {
    let request = PageRequest(operation: operation, cursor: cursor, ticket: nextTicket)
    nextTicket += 1
    stateBeforeLoad = state
    state = busyState
    pendingRequest = request
    return .load(request)
  }
}
