/// Drives a paged list: calls an `async throws` loading function for the first and the following pages, keeps
/// the rows, and asks for more when the visible rows near the end.
///
/// The decisions belong to an internal state machine, whose states are ``State``; the controller performs them.
/// One load runs at a time: a refresh or a load-more while one is running is ignored (``IgnoreReason/busy``). A
/// failed load keeps every row already shown and leaves the state at ``State/error(_:)``, from which a refresh or
/// a retried load-more recovers. A page with `nextPage == nil` ends the list (``State/populated``).
///
/// When the host reports the rows its viewport covers (``visibleRowsChanged(_:viewportCapacity:)``), the
/// controller loads the next page once they come within ``prefetchDistance`` of the end, and keeps loading while
/// the rows still do not reach past the viewport: a first page shorter than the viewport is followed by the next
/// one without the user scrolling.
///
/// A page that adds no row (an empty page, or one that only repeats rows already loaded) never starts another
/// load by itself: whatever would trigger one (the covered rows still near the end, a footer or spinner row being
/// displayed, a page that loaded while rows were displayed) waits for a new report: other covered rows, a displayed
/// row of the content, or an explicit ``refresh()``, ``refreshLoadedPages()`` or ``loadMore()``.
///
/// ``refreshLoadedPages()`` keeps a list of live data current: it asks again for as many pages as are loaded and
/// replaces the rows with the answers in one change, which a list view shows as deletes, inserts and updates.
///
/// ```swift
/// let paging = PagingController { (cursor: Int?) async throws -> Page<String, Int> in
///   try await api.page(cursor ?? 1)
/// }
/// paging.didChange = { render(paging.rows, paging.presentation) }
/// await paging.refresh()
/// await paging.visibleRowsChanged(0..<20)  // loads page 2 when fewer than 5 rows follow row 19
/// ```
@MainActor
public final class PagingController<Page: Pageable & Sendable> {
  /// The loading function: given `nil` it loads the first page, given a cursor the page it names.
  public typealias Load = @Sendable (_ cursor: Page.Cursor?) async throws -> Page

  /// The rows loaded so far, in display order.
  public private(set) var rows: [Page.Element] = []
  /// The error of the last failed load, cleared by the next successful one.
  public private(set) var lastError: (any Error)?
  /// How close to the end the covered rows get before the next page is requested.
  public var prefetchDistance: PrefetchDistance
  /// Called on the main actor after every change of ``rows`` or ``state`` (a load starting counts).
  public var didChange: @MainActor () -> Void = {}

  /// The decisions: state, next cursor, pending request.
  private(set) var machine = RefreshStateMachine<Page>()

  /// The load-more started by the last displayed row near the end (``rowDisplayed(_:)``), for a host or a test
  /// that wants to wait for it.
  public internal(set) var displayTriggeredLoad: Task<Outcome, Never>?
  /// Whether ``displayTriggeredLoad`` is scheduled and not finished, so that more displayed rows add no task.
  var isDisplayLoadScheduled = false
  /// The furthest row displayed while a display-triggered load ran, so that the rows a page brings on screen
  /// ask for the next page once it is done (paging never stalls on a page that did not fill the screen).
  var furthestDisplayedDuringLoad: Int?
  /// The furthest row displayed while no displayed row could start a load-more (a load ran that no displayed row
  /// started, the last page was loaded, or a load failed). Such rows stay on screen without being displayed again,
  /// so a load that replaces the rows and leaves more pages to come loads from it (see ``rowDisplayed(_:)``). A
  /// displayed row that starts a load clears it: from then on the displayed rows load.
  var furthestDisplayedWithoutLoad: Int?
  /// Whether the last page added no row, so that only a new report starts the next load (see the type's
  /// discussion).
  var isWaitingForNewReport = false {
    didSet { if isWaitingForNewReport { pagesAddingNoRow &+= 1 } }
  }
  /// How many pages added no row so far: a displayed row reported before the last of them is no news after it.
  private(set) var pagesAddingNoRow = 0
  /// Picks the elements of a page to keep, set by a ``PagedFeed`` that shows each identity once: given a page's
  /// elements, in order, and whether they replace the rows, it returns those whose identity is not among the rows
  /// kept yet (the rows before, unless replaced, and the page's elements before them). `nil` keeps every element.
  var keptElements: ((_ elements: [Page.Element], _ replacing: Bool) -> [Page.Element])?
  /// The number of pages loaded since the rows were last replaced, counting that replacing load's pages.
  private(set) var loadedPageCount = 0
  /// The pages the last refresh asked for, which a load-more after its failure asks for again.
  private var refreshPageCount = 1
  /// How many times ``rows`` were replaced (a refresh), so that a ``PagedFeed`` tells a replacement from an
  /// append: between two replacements, rows are only appended.
  private(set) var replacementCount = 0

  private let load: Load
  /// The rows the viewport covers, as last reported; `nil` before the first report.
  var coveredRows: Range<Int>?
  /// Whether ``coveredRows`` is the row a displayed row's load reported, not a report of the host's: a
  /// ``PagedFeed`` lowers it when the user scrolls back up.
  var coveredRowsAreDisplayedRow = false

  /// Creates a controller in ``State/initial``, with no rows; nothing loads until the first trigger.
  ///
  /// - Parameters:
  ///   - prefetchDistance: How close to the end the covered rows get before the next page is requested.
  ///   - load: The loading function: `nil` asks for the first page, a cursor for the page it names.
  public init(prefetchDistance: PrefetchDistance = .default, load: @escaping Load) {
    self.prefetchDistance = prefetchDistance
    self.load = load
  }

  /// Where the list stands: the current ``State``, with its transitions.
  public var state: State { machine.state }

  /// What to show for the current state and rows: placeholder, empty state, failure, or rows with a footer.
  public var presentation: Presentation { Presentation(state: state, rowCount: rows.count) }

  /// Loads the first page and replaces every row with it, then fills the viewport if it is not covered.
  ///
  /// Returns at once with ``Outcome/ignored(_:)`` when a load is running.
  ///
  /// - Returns: What the refresh did (the loads that fill the viewport afterwards are not reported here).
  @discardableResult
  public func refresh() async -> Outcome {
    let outcome = await perform(machine.refresh())
    if case .replaced = outcome { await loadWhileNearEnd(afterReplacement: true) }
    return outcome
  }

  /// Asks again for the pages already loaded and replaces every row with the answers, in one change; then fills
  /// the viewport like ``refresh()``.
  ///
  /// The first page is loaded again, then the page each answer names as next, until as many pages were loaded as
  /// before (or an answer has no next page): an offset or a token that moved with the data is followed, never
  /// reused. A list view diffs the new rows with the old ones, so rows that went away are deleted, new ones
  /// inserted and changed ones updated, and the rows already scrolled to stay loaded. With nothing loaded yet it
  /// is a ``refresh()``.
  ///
  /// ```swift
  /// // A live list: on every tick, the rows loaded so far are read again.
  /// for await _ in ticks { await paging.refreshLoadedPages() }
  /// ```
  ///
  /// One load runs at a time: while one runs this returns ``Outcome/ignored(_:)`` with
  /// ``IgnoreReason/busy``. When a page fails, every row is kept and the state is the error of a refresh.
  ///
  /// - Returns: What the reload did: ``Outcome/replaced(rowCount:)``, ``Outcome/failed(_:)``,
  ///   ``Outcome/cancelled`` or ``Outcome/ignored(_:)``.
  /// - Complexity: As many loads as pages loaded before, and O(*n*) for *n* rows.
  @discardableResult
  public func refreshLoadedPages() async -> Outcome {
    let outcome = await perform(machine.refresh(), pages: max(1, loadedPageCount))
    if case .replaced = outcome { await loadWhileNearEnd(afterReplacement: true) }
    return outcome
  }

  /// Loads the next page and appends its rows; after a failed refresh, retries that refresh instead, asking for
  /// as many pages as it asked for (one after ``refresh()``, the pages loaded then after
  /// ``refreshLoadedPages()``), so that a retry keeps the pages the user scrolled to, and then fills the viewport
  /// like ``refresh()``.
  ///
  /// Returns at once with ``Outcome/ignored(_:)`` when a load is running, when the last page is loaded,
  /// or when no page was loaded yet (and no refresh failed).
  ///
  /// - Returns: What the load did: ``Outcome/appended(_:)``, or ``Outcome/replaced(rowCount:)`` for a
  ///   retried refresh (the loads that fill the viewport afterwards are not reported here).
  @discardableResult
  public func loadMore() async -> Outcome {
    let outcome = await loadNextOrRetry()
    if case .replaced = outcome { await loadWhileNearEnd(afterReplacement: true) }
    return outcome
  }

  /// The load of ``loadMore()``: the next page, or the failed refresh again.
  private func loadNextOrRetry() async -> Outcome {
    await perform(machine.loadMore(), pages: refreshPageCount)
  }

  /// Tells the controller which rows the viewport covers, and loads more when they are near the end.
  ///
  /// Loading goes on page after page while the covered rows stay within ``prefetchDistance`` of the end, and
  /// stops at the last page, at a failure, or at a page that adds no row (so a server answering empty pages
  /// cannot make it loop). After a page that added no row, only a report of other covered rows continues: the
  /// same rows reported again (as a host may do after every change) are ignored with
  /// ``IgnoreReason/waitingForNewReport``.
  ///
  /// - Parameters:
  ///   - rows: The rows visible now.
  ///   - viewportCapacity: How many rows the viewport can show, when known: a viewport of 10 rows showing the 3
  ///     rows of a short list covers rows `0..<10`, which is near the end.
  /// - Returns: The outcome of the last load started, or ``Outcome/ignored(_:)`` with
  ///   ``IgnoreReason/notNearEnd`` or the reason the load-more was ignored.
  @discardableResult
  public func visibleRowsChanged(_ rows: Range<Int>, viewportCapacity: Int? = nil) async -> Outcome {
    // Saturating: a capacity of `Int.max` covers every row rather than overflowing.
    let (reach, overflow) = rows.lowerBound.addingReportingOverflow(max(0, viewportCapacity ?? 0))
    let upper = max(rows.upperBound, overflow ? Int.max : reach)
    return await report(coveredRows: rows.lowerBound..<upper)
  }

  /// Takes a report of the covered rows, and loads while they are near the end; a report of other rows than the
  /// last one is news, and ends the wait after a page that added no row, unless `isNews` says otherwise.
  func report(coveredRows covered: Range<Int>, isNews: Bool? = nil) async -> Outcome {
    if isNews ?? (covered != coveredRows) { isWaitingForNewReport = false }
    coveredRows = covered
    coveredRowsAreDisplayedRow = isNews != nil
    return await loadWhileNearEnd()
  }

  /// Loads pages while the covered rows are near the end, unless the last page added no row. After a load that
  /// replaced the rows, the rows displayed while no displayed row could load (``furthestDisplayedWithoutLoad``)
  /// count as covered too: they may stay on screen, never displayed again, however few the rows are.
  @discardableResult
  private func loadWhileNearEnd(afterReplacement: Bool = false) async -> Outcome {
    var displayed: Range<Int>?
    if afterReplacement, let row = furthestDisplayedWithoutLoad { displayed = row..<(row < Int.max ? row + 1 : row) }
    var outcome = Outcome.ignored(.notNearEnd)
    while let covered = Self.union(coveredRows, displayed),
      prefetchDistance.isNearEnd(coveredRows: covered, rowCount: rows.count)
    {
      guard !isWaitingForNewReport else { return .ignored(.waitingForNewReport) }
      outcome = await loadNextOrRetry()
      switch outcome {
      case .appended(let added) where !added.isEmpty: continue
      case .replaced(let rowCount) where rowCount > 0: continue  // a retried refresh
      default: return outcome
      }
    }
    return outcome
  }

  /// The smallest range holding both areas, or the one there is.
  private static func union(_ first: Range<Int>?, _ second: Range<Int>?) -> Range<Int>? {
    guard let first, let second else { return first ?? second }
    return min(first.lowerBound, second.lowerBound)..<max(first.upperBound, second.upperBound)
  }

  /// Performs a trigger's action: runs the load and applies its result. A refresh loads `pages` pages, following
  /// each answer's next page, and replaces the rows with all of them at once (a load-more ignores `pages`).
  private func perform(_ action: RefreshStateMachine<Page>.Action, pages: Int = 1) async -> Outcome {
    guard case .load(let request) = action else {
      if case .ignore(let reason) = action { return .ignored(reason) }
      return .ignored(.staleResult)
    }
    if request.operation == .refresh { refreshPageCount = pages }
    didChange()
    var page: Page
    var elements: [Page.Element] = []
    var pageCount = 1
    do {
      page = try await load(request.cursor)
      if request.operation == .refresh {
        elements = page.elements
        while pageCount < pages, let next = page.nextPage {
          page = try await load(next)
          elements += page.elements
          pageCount += 1
        }
      }
    } catch is CancellationError {
      return finish(machine.pageCancelled(request), cancelled: true, request: request)
    } catch {
      lastError = error
      return finish(machine.pageFailed(request, error: error), cancelled: false, request: request)
    }
    switch machine.pageLoaded(request, nextPage: page.nextPage) {
    case .replaceRows:
      replacementCount &+= 1
      rows = keptElements?(elements, true) ?? elements
      // Room for the pages that follow: the elements come without any, and the first page appended would copy
      // every row. The copy is made here, in a load that costs the rows anyway.
      rows.reserveCapacity(rows.count + rows.count / 8)
      loadedPageCount = pageCount
      lastError = nil
      isWaitingForNewReport = rows.isEmpty
      didChange()
      return .replaced(rowCount: rows.count)
    case .appendRows:
      let start = rows.count
      rows.append(contentsOf: keptElements?(page.elements, false) ?? page.elements)
      loadedPageCount += 1
      lastError = nil
      isWaitingForNewReport = rows.count == start
      didChange()
      return .appended(start..<rows.count)
    case .ignore(let reason):
      return .ignored(reason)
    case .load, .keepRows:
      return .ignored(.staleResult)
    }
  }

  private func finish(
    _ action: RefreshStateMachine<Page>.Action,
    cancelled: Bool,
    request: PageRequest<Page>
  ) -> Outcome {
    guard action == .keepRows else {
      if case .ignore(let reason) = action { return .ignored(reason) }
      return .ignored(.staleResult)
    }
    didChange()
    return cancelled ? .cancelled : .failed(request.operation)
  }
}
