import ListFlow
import TestSupport
import Testing

@MainActor
@Suite("Paging controller", .timeLimit(.minutes(60)))
struct PagingControllerTests {
  let gate = PageGate<String>()

  func makeController(distance: Int = 2) -> PagingController<Page<String, Int>> {
    PagingController(prefetchDistance: .init(rows: distance), load: gate.load)
  }

  func rows(_ range: Range<Int>) -> [String] { range.map { "row \($0)" } }

  @Test("a refresh loads the first page, showing the placeholder while it loads")
  func refresh() async {
    let paging = makeController()
    var seen: [PagingController<Page<String, Int>>.Presentation] = []
    paging.didChange = { seen.append(paging.presentation) }
    let task = Task { await paging.refresh() }
    let call = await gate.nextCall()
    #expect(call.cursor == nil)
    #expect(paging.state == .refreshing)
    #expect(paging.presentation == .loadingPlaceholder)
    call.succeed(rows(0..<3), nextPage: 2)
    #expect(await task.value == .replaced(rowCount: 3))
    #expect(paging.rows == rows(0..<3))
    #expect(paging.state == .paginated)
    #expect(seen == [.loadingPlaceholder, .rows(.none)])
  }

  @Test("triggers while a load runs are ignored and do not call the loader")
  func reentrantTriggersIgnored() async {
    let paging = makeController()
    let task = Task { await paging.refresh() }
    let call = await gate.nextCall()
    #expect(await paging.refresh() == .ignored(.busy))
    #expect(await paging.loadMore() == .ignored(.busy))
    #expect(await paging.visibleRowsChanged(0..<10) == .ignored(.busy))
    call.succeed(rows(0..<20), nextPage: nil)
    #expect(await task.value == .replaced(rowCount: 20))
    #expect(gate.cursors == [nil])

    let more = Task { await paging.loadMore() }
    #expect(await more.value == .ignored(.lastPageReached))
    #expect(gate.cursors == [nil])
  }

  @Test("a failed page keeps the rows shown, and a retry loads the same page")
  func failedPageThenRetry() async {
    let paging = makeController()
    let first = Task { await paging.refresh() }
    await gate.nextCall().succeed(rows(0..<10), nextPage: 2)
    _ = await first.value

    let failing = Task { await paging.loadMore() }
    let failedCall = await gate.nextCall()
    #expect(paging.presentation == .rows(.loadingMore))
    failedCall.fail()
    #expect(await failing.value == .failed(.loadMore))
    #expect(paging.rows == rows(0..<10))
    #expect(paging.state == .failed(.loadMore))
    #expect(paging.presentation == .rows(.failed))
    #expect(paging.lastError as? LoadFailure == LoadFailure())

    let retry = Task { await paging.loadMore() }
    let retryCall = await gate.nextCall()
    #expect(retryCall.cursor == 2)
    retryCall.succeed(rows(10..<15), nextPage: nil)
    #expect(await retry.value == .appended(10..<15))
    #expect(paging.rows == rows(0..<15))
    #expect(paging.state == .populated)
    #expect(paging.lastError == nil)
    #expect(paging.presentation == .rows(.endReached))
  }

  @Test("a failed first load shows the failure view, and a refresh recovers")
  func failedFirstLoad() async {
    let paging = makeController()
    let failing = Task { await paging.refresh() }
    await gate.nextCall().fail()
    #expect(await failing.value == .failed(.refresh))
    #expect(paging.presentation == .failure)

    let retry = Task { await paging.refresh() }
    await gate.nextCall().succeed([], nextPage: nil)
    #expect(await retry.value == .replaced(rowCount: 0))
    #expect(paging.presentation == .empty)
  }

  @Test("a load-more after a failed refresh loads the first page again and replaces the rows")
  func loadMoreRetriesFailedRefresh() async {
    let paging = makeController()
    let first = Task { await paging.refresh() }
    await gate.nextCall().succeed(rows(0..<10), nextPage: 2)
    _ = await first.value
    let again = Task { await paging.refresh() }
    await gate.nextCall().fail()
    _ = await again.value

    let more = Task { await paging.loadMore() }
    let call = await gate.nextCall()
    #expect(call.cursor == nil)
    call.succeed(rows(100..<104), nextPage: 5)
    #expect(await more.value == .replaced(rowCount: 4))
    #expect(paging.rows == rows(100..<104))
    #expect(paging.state == .paginated)
    #expect(gate.cursors == [nil, nil, nil])
  }

  @Test("a failed refresh over rows keeps them")
  func failedRefreshKeepsRows() async {
    let paging = makeController()
    let first = Task { await paging.refresh() }
    await gate.nextCall().succeed(rows(0..<10), nextPage: 2)
    _ = await first.value
    let again = Task { await paging.refresh() }
    await gate.nextCall().fail()
    #expect(await again.value == .failed(.refresh))
    #expect(paging.rows == rows(0..<10))
    #expect(paging.state == .failed(.refresh))
  }

  @Test("rows near the end load the next page; rows far from it do not")
  func prefetchDistance() async {
    let paging = makeController(distance: 5)
    let first = Task { await paging.refresh() }
    await gate.nextCall().succeed(rows(0..<30), nextPage: 2)
    _ = await first.value

    #expect(await paging.visibleRowsChanged(0..<10) == .ignored(.notNearEnd))
    #expect(await paging.visibleRowsChanged(14..<24) == .ignored(.notNearEnd))
    let near = Task { await paging.visibleRowsChanged(15..<25) }
    let call = await gate.nextCall()
    #expect(call.cursor == 2)
    call.succeed(rows(30..<60), nextPage: 3)
    #expect(await near.value == .appended(30..<60))
    #expect(gate.cursors == [nil, 2])
  }

  @Test("a first page shorter than the viewport is followed by the next pages until the viewport is covered")
  func shortPage() async {
    let paging = makeController(distance: 2)
    #expect(await paging.visibleRowsChanged(0..<0, viewportCapacity: 10) == .ignored(.nothingLoaded))
    let task = Task { await paging.refresh() }
    await gate.nextCall().succeed(rows(0..<3), nextPage: 2)
    let second = await gate.nextCall()
    #expect(second.cursor == 2)
    second.succeed(rows(3..<8), nextPage: 3)
    let third = await gate.nextCall()
    #expect(third.cursor == 3)
    third.succeed(rows(8..<13), nextPage: 4)
    #expect(await task.value == .replaced(rowCount: 3))
    #expect(paging.rows == rows(0..<13))
    #expect(paging.state == .paginated)
    #expect(gate.cursors == [nil, 2, 3])
  }

  @Test("a short last page ends loading at populated")
  func shortLastPage() async {
    let paging = makeController()
    _ = await paging.visibleRowsChanged(0..<0, viewportCapacity: 20)
    let task = Task { await paging.refresh() }
    await gate.nextCall().succeed(rows(0..<3), nextPage: nil)
    #expect(await task.value == .replaced(rowCount: 3))
    #expect(paging.state == .populated)
    #expect(paging.presentation == .rows(.endReached))
    #expect(gate.cursors == [nil])
  }

  @Test("an empty page with a next page stops the automatic loading until the next report")
  func emptyPageStopsChain() async {
    let paging = makeController()
    let task = Task { await paging.visibleRowsChanged(0..<0, viewportCapacity: 10) }
    #expect(await task.value == .ignored(.nothingLoaded))
    let refresh = Task { await paging.refresh() }
    await gate.nextCall().succeed(rows(0..<2), nextPage: 2)
    await gate.nextCall().succeed([], nextPage: 3)
    #expect(await refresh.value == .replaced(rowCount: 2))
    #expect(gate.cursors == [nil, 2])
    #expect(paging.state == .paginated)

    // The same rows reported again are no news; a scroll is.
    #expect(await paging.visibleRowsChanged(0..<0, viewportCapacity: 10) == .ignored(.waitingForNewReport))
    #expect(gate.cursors == [nil, 2])
    let report = Task { await paging.visibleRowsChanged(1..<2, viewportCapacity: 10) }
    let call = await gate.nextCall()
    #expect(call.cursor == 3)
    call.succeed(rows(2..<20), nextPage: nil)
    #expect(await report.value == .appended(2..<20))
  }

  @Test("a cancelled load keeps the rows and goes back to the state before it")
  func cancelledLoad() async {
    let paging = makeController()
    let first = Task { await paging.refresh() }
    await gate.nextCall().succeed(rows(0..<10), nextPage: 2)
    _ = await first.value
    let more = Task { await paging.loadMore() }
    await gate.nextCall().fail(CancellationError())
    #expect(await more.value == .cancelled)
    #expect(paging.state == .paginated)
    #expect(paging.rows == rows(0..<10))
    #expect(paging.lastError == nil)
  }

  @Test("refreshLoadedPages asks again for as many pages as are loaded, following the new cursors, in one change")
  func refreshLoadedPages() async {
    let paging = makeController()
    let first = Task { await paging.refresh() }
    await gate.nextCall().succeed(rows(0..<3), nextPage: 2)
    _ = await first.value
    let more = Task { await paging.loadMore() }
    await gate.nextCall().succeed(rows(3..<6), nextPage: 3)
    _ = await more.value
    var changes: [[String]] = []
    paging.didChange = { changes.append(paging.rows) }

    let reload = Task { await paging.refreshLoadedPages() }
    let firstPage = await gate.nextCall()
    #expect(firstPage.cursor == nil)
    #expect(paging.state == .refreshing)
    #expect(await paging.refreshLoadedPages() == .ignored(.busy))
    firstPage.succeed(["row 0", "row 2"], nextPage: 7)
    let secondPage = await gate.nextCall()
    #expect(secondPage.cursor == 7, "the cursor the new answer names, not the old one")
    secondPage.succeed(["row 3", "row 9"], nextPage: nil)
    #expect(await reload.value == .replaced(rowCount: 4))
    #expect(paging.rows == ["row 0", "row 2", "row 3", "row 9"])
    #expect(paging.state == .populated)
    #expect(changes == [rows(0..<6), ["row 0", "row 2", "row 3", "row 9"]], "the rows are replaced once")
    #expect(gate.cursors == [nil, 2, nil, 7])

    // A page failing halfway keeps every row.
    let failing = Task { await paging.refreshLoadedPages() }
    await gate.nextCall().succeed(rows(0..<2), nextPage: 2)
    await gate.nextCall().fail()
    #expect(await failing.value == .failed(.refresh))
    #expect(paging.rows == ["row 0", "row 2", "row 3", "row 9"])
    #expect(paging.state == .failed(.refresh))
  }

  @Test("refreshLoadedPages with nothing loaded is a refresh of the first page")
  func refreshLoadedPagesFromScratch() async {
    let paging = makeController()
    let reload = Task { await paging.refreshLoadedPages() }
    await gate.nextCall().succeed(rows(0..<3), nextPage: 2)
    #expect(await reload.value == .replaced(rowCount: 3))
    #expect(gate.cursors == [nil])
  }

  @Test("a feed drops a repeated identity by default (the first one stays), and keeps it when asked")
  func repeatedIdentities() async {
    for keepsDuplicates in [false, true] {
      let gate = PageGate<String>()
      let paging = PagingController(prefetchDistance: .init(rows: 0), load: gate.load)
      let feed = PagedFeed(
        id: "feed", paging: paging, appearance: PagingAppearance(), keepsDuplicates: keepsDuplicates
      ) { MessageCell.makeBinder(value: $0, id: $0) }
      let first = Task { await paging.refresh() }
      await gate.nextCall().succeed(["a", "b", "b", "c"], nextPage: 2)
      #expect(await first.value == .replaced(rowCount: keepsDuplicates ? 4 : 3))
      let second = Task { await paging.loadMore() }
      await gate.nextCall().succeed(["c", "d"], nextPage: 3)
      #expect(await second.value == .appended(keepsDuplicates ? 4..<6 : 3..<4))
      let third = Task { await paging.loadMore() }
      await gate.nextCall().succeed(["a", "d"], nextPage: 4)
      let expected = keepsDuplicates ? ["a", "b", "b", "c", "c", "d", "a", "d"] : ["a", "b", "c", "d"]
      #expect(await third.value == .appended(keepsDuplicates ? 6..<8 : 4..<4))
      #expect(paging.rows == expected)
      #expect(feed.displayedSections.first?.elements.count == expected.count)
      if !keepsDuplicates {
        // A page of repeats adds no row: the same covered rows reported again load nothing more.
        let report = Task { await paging.visibleRowsChanged(0..<4) }
        await gate.nextCall().succeed(["b"], nextPage: 5)
        #expect(await report.value == .appended(4..<4))
        #expect(await paging.visibleRowsChanged(0..<4) == .ignored(.waitingForNewReport))
        #expect(gate.cursors == [nil, 2, 3, 4])
      }
    }
  }

  /// A server's loads, of which the one named by `failAt` (counted from 0 since the last reset) throws.
  @MainActor final class FailingLoads {
    var failAt: Int?
    var calls = 0
  }

  @Test("a load-more after a failed refresh asks again for the pages that refresh asked for")
  func retriedRefreshAsksForItsPages() async {
    for seed in DeepPass.seeds(quick: 60, deep: 400) {
      var random = SeededRandom(seed: seed)
      let server = RandomPagedServer(&random)
      let loads = FailingLoads()
      let paging = PagingController<Page<TestRow, Int>>(prefetchDistance: .init(rows: 0)) { @MainActor cursor in
        defer { loads.calls += 1 }
        if loads.calls == loads.failAt { throw LoadFailure(message: "load \(loads.calls)") }
        return server.page(cursor)
      }
      /// The pages a refresh of `pages` pages loads: it follows each answer's next page.
      func pagesFollowed(_ pages: Int) -> Int {
        var (page, count) = (server.page(nil), 1)
        while count < pages, let next = page.nextPage { (page, count) = (server.page(next), count + 1) }
        return count
      }
      // The model: pages loaded since the rows were last replaced, and the pages of the last refresh.
      var loaded = 0
      var refreshPages = 1
      for step in 0..<12 {
        if random.next() % 3 == 0 { server.shift(&random) }
        loads.calls = 0
        loads.failAt = random.next() % 3 == 0 ? Int(random.next() % 3) : nil
        let retries = if case .error(let failure) = paging.state { failure.operation == .refresh } else { false }
        let outcome: PagingController<Page<TestRow, Int>>.Outcome
        switch random.next() % 3 {
        case 0:
          refreshPages = 1
          outcome = await paging.refresh()
        case 1:
          refreshPages = max(1, loaded)
          outcome = await paging.refreshLoadedPages()
        default:
          outcome = await paging.loadMore()
        }
        let context = "seed \(seed) step \(step) \(outcome)"
        switch outcome {
        case .replaced(let count):
          #expect(paging.rows == server.rowsOfFirstPages(refreshPages, keepingDuplicates: true), "\(context)")
          #expect(count == paging.rows.count, "\(context)")
          loaded = pagesFollowed(refreshPages)
        case .appended:
          #expect(!retries, "\(context): a load-more after a failed refresh appended")
          loaded += 1
        default: break
        }
        // A refresh's prefetch may have loaded more pages after it (none here: the distance is 0 and no rows
        // are reported covered).
      }
    }
  }
}
