import Testing

@testable import ListFlow

/// A state of the machine, reached by a sequence of transitions from a fresh machine.
enum Reached: String, CaseIterable, CustomTestStringConvertible {
  case initial, refreshing, paginated, paging, populated, refreshFailed, pageFailed

  var testDescription: String { rawValue }

  /// A machine in this state; a page loaded while paginated has next page 2.
  var machine: RefreshStateMachine<Page<Int, Int>> {
    var machine = RefreshStateMachine<Page<Int, Int>>()
    func load(_ action: RefreshStateMachine<Page<Int, Int>>.Action) -> PageRequest<Page<Int, Int>> {
      guard case .load(let request) = action else { preconditionFailure("expected a load, got \(action)") }
      return request
    }
    switch self {
    case .initial:
      break
    case .refreshing:
      _ = machine.refresh()
    case .paginated:
      _ = machine.pageLoaded(load(machine.refresh()), nextPage: 2)
    case .paging:
      _ = machine.pageLoaded(load(machine.refresh()), nextPage: 2)
      _ = machine.loadMore()
    case .populated:
      _ = machine.pageLoaded(load(machine.refresh()), nextPage: nil)
    case .refreshFailed:
      _ = machine.pageFailed(load(machine.refresh()), error: LoadFailure())
    case .pageFailed:
      _ = machine.pageLoaded(load(machine.refresh()), nextPage: 2)
      _ = machine.pageFailed(load(machine.loadMore()), error: LoadFailure())
    }
    return machine
  }

  var state: IntPaging.State {
    switch self {
    case .initial: .initial
    case .refreshing: .refreshing
    case .paginated: .paginated
    case .paging: .paging
    case .populated: .populated
    case .refreshFailed: .failed(.refresh)
    case .pageFailed: .failed(.loadMore)
    }
  }
}

@Suite("Refresh state machine")
struct RefreshStateMachineTests {
  @Test("each reached state is the one the transitions lead to", arguments: Reached.allCases)
  func reachedStates(_ reached: Reached) {
    #expect(reached.machine.state == reached.state)
  }

  @Test(
    "a refresh starts a first-page load from every idle state and is ignored while busy", arguments: Reached.allCases)
  func refreshFromEveryState(_ reached: Reached) {
    var machine = reached.machine
    let action = machine.refresh()
    if reached.state.isBusy {
      #expect(action == .ignore(.busy))
      #expect(machine.state == reached.state)
    } else {
      guard case .load(let request) = action else {
        Issue.record("expected a load, got \(action)")
        return
      }
      #expect(request.operation == .refresh)
      #expect(request.cursor == nil)
      #expect(machine.state == .refreshing)
      #expect(machine.pendingRequest == request)
    }
  }

  @Test("a load-more starts the next page only when one is known and nothing runs", arguments: Reached.allCases)
  func loadMoreFromEveryState(_ reached: Reached) {
    var machine = reached.machine
    let action = machine.loadMore()
    switch reached {
    case .refreshing, .paging:
      #expect(action == .ignore(.busy))
      #expect(machine.state == reached.state)
    case .initial:
      #expect(action == .ignore(.nothingLoaded))
      #expect(machine.state == reached.state)
    case .refreshFailed:
      // A failed refresh is retried: the first page, not the page after the rows the refresh meant to replace.
      guard case .load(let request) = action else {
        Issue.record("expected a load, got \(action)")
        return
      }
      #expect(request == PageRequest(operation: .refresh, cursor: nil, ticket: request.ticket))
      #expect(machine.state == .refreshing)
    case .populated:
      #expect(action == .ignore(.lastPageReached))
      #expect(machine.state == .populated)
    case .paginated, .pageFailed:
      guard case .load(let request) = action else {
        Issue.record("expected a load, got \(action)")
        return
      }
      #expect(request == PageRequest(operation: .loadMore, cursor: 2, ticket: request.ticket))
      #expect(machine.state == .paging)
    }
  }

  @Test("a loaded page replaces rows after a refresh and appends them after a load-more")
  func loadedPages() throws {
    var machine = RefreshStateMachine<Page<Int, Int>>()
    guard case .load(let first) = machine.refresh() else { throw LoadFailure(message: "no first load") }
    #expect(machine.pageLoaded(first, nextPage: 2) == .replaceRows)
    #expect(machine.state == .paginated)
    #expect(machine.nextPage == 2)
    guard case .load(let second) = machine.loadMore() else { throw LoadFailure(message: "no second load") }
    #expect(second.cursor == 2)
    #expect(machine.pageLoaded(second, nextPage: 3) == .appendRows)
    #expect(machine.state == .paginated)
    #expect(machine.nextPage == 3)
    #expect(machine.pendingRequest == nil)
  }

  @Test("a page without a next page reaches the last page, after which load-more is ignored")
  func lastPage() throws {
    var machine = Reached.paging.machine
    let request = try #require(machine.pendingRequest)
    #expect(machine.pageLoaded(request, nextPage: nil) == .appendRows)
    #expect(machine.state == .populated)
    #expect(machine.loadMore() == .ignore(.lastPageReached))
    #expect(machine.state == .populated)
  }

  @Test("a failure keeps the rows, names the operation and keeps the cursor for a retry")
  func failureThenRetry() throws {
    var machine = Reached.paging.machine
    let failed = try #require(machine.pendingRequest)
    #expect(machine.pageFailed(failed, error: LoadFailure()) == .keepRows)
    #expect(machine.state == .failed(.loadMore))
    #expect(machine.nextPage == 2)
    guard case .load(let retry) = machine.loadMore() else { throw LoadFailure(message: "no retry") }
    #expect(retry.cursor == failed.cursor)
    #expect(retry.ticket != failed.ticket)
    #expect(machine.pageLoaded(retry, nextPage: nil) == .appendRows)
    #expect(machine.state == .populated)
  }

  @Test("a load-more after a failed refresh over rows retries the first page instead of appending the next one")
  func loadMoreAfterFailedRefresh() throws {
    var machine = Reached.paginated.machine
    guard case .load(let refresh) = machine.refresh() else { throw LoadFailure(message: "no refresh") }
    #expect(machine.pageFailed(refresh, error: LoadFailure(message: "timeout")) == .keepRows)
    #expect(
      machine.state == .error(IntPaging.Failure(operation: .refresh, message: #"LoadFailure(message: "timeout")"#)))
    guard case .load(let retry) = machine.loadMore() else { throw LoadFailure(message: "no retry") }
    #expect(retry.operation == .refresh)
    #expect(retry.cursor == nil)
    #expect(machine.pageLoaded(retry, nextPage: 7) == .replaceRows)
    #expect(machine.nextPage == 7)
  }

  @Test("a failed first load recovers with a refresh")
  func failedRefreshRecovers() throws {
    var machine = Reached.refreshFailed.machine
    guard case .load(let request) = machine.refresh() else { throw LoadFailure(message: "no refresh") }
    #expect(machine.pageLoaded(request, nextPage: nil) == .replaceRows)
    #expect(machine.state == .populated)
  }

  @Test("a cancelled load goes back to the state before it", arguments: [Reached.refreshing, .paging])
  func cancelled(_ reached: Reached) throws {
    var machine = reached.machine
    let request = try #require(machine.pendingRequest)
    #expect(machine.pageCancelled(request) == .keepRows)
    #expect(machine.state == (reached == .refreshing ? .initial : .paginated))
    #expect(machine.pendingRequest == nil)
  }

  @Test("results of a request that is not pending are ignored as stale", arguments: Reached.allCases)
  func staleResults(_ reached: Reached) {
    var machine = reached.machine
    let stale = PageRequest<Page<Int, Int>>(operation: .refresh, cursor: nil, ticket: 999)
    #expect(machine.pageLoaded(stale, nextPage: 5) == .ignore(.staleResult))
    #expect(machine.pageFailed(stale, error: LoadFailure()) == .ignore(.staleResult))
    #expect(machine.pageCancelled(stale) == .ignore(.staleResult))
    #expect(machine == reached.machine)
  }

  @Test("a result answered twice is applied once")
  func answeredTwice() throws {
    var machine = Reached.refreshing.machine
    let request = try #require(machine.pendingRequest)
    #expect(machine.pageLoaded(request, nextPage: 2) == .replaceRows)
    #expect(machine.pageLoaded(request, nextPage: nil) == .ignore(.staleResult))
    #expect(machine.state == .paginated)
  }

  @Test("presentation: placeholder, empty state, failure, or rows with a footer")
  func presentation() {
    #expect(IntPaging.Presentation(state: .initial, rowCount: 0) == .loadingPlaceholder)
    #expect(IntPaging.Presentation(state: .refreshing, rowCount: 0) == .loadingPlaceholder)
    #expect(IntPaging.Presentation(state: .populated, rowCount: 0) == .empty)
    #expect(IntPaging.Presentation(state: .failed(.refresh), rowCount: 0) == .failure)
    #expect(IntPaging.Presentation(state: .refreshing, rowCount: 3) == .rows(.none))
    #expect(IntPaging.Presentation(state: .paging, rowCount: 3) == .rows(.loadingMore))
    #expect(IntPaging.Presentation(state: .populated, rowCount: 3) == .rows(.endReached))
    #expect(IntPaging.Presentation(state: .failed(.loadMore), rowCount: 3) == .rows(.failed))
  }

  @Test("prefetch distance: near the end within the distance, and a short list is always near the end")
  func prefetch() {
    let distance = IntPaging.PrefetchDistance(rows: 5)
    #expect(!distance.isNearEnd(coveredRows: 0..<10, rowCount: 16))
    #expect(distance.isNearEnd(coveredRows: 0..<10, rowCount: 15))
    #expect(distance.isNearEnd(coveredRows: 0..<10, rowCount: 3))
    #expect(IntPaging.PrefetchDistance(rows: -3).rows == 0)
    #expect(!IntPaging.PrefetchDistance(rows: 0).isNearEnd(coveredRows: 0..<10, rowCount: 11))
    #expect(IntPaging.PrefetchDistance(rows: 0).isNearEnd(coveredRows: 0..<10, rowCount: 10))
  }
}
