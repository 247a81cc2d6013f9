import ListFlow
import ListFlowTesting
import Testing

@MainActor
@Suite("Paged list on a view", .timeLimit(.minutes(60)))
struct PagedListViewTests {
  let gate = PageGate<String>()
  let paging: PagingController<Page<String, Int>>
  let view = RecordingListView()
  let feed: PagedFeed<Page<String, Int>>
  let list: ListEngine
  let appearance = PagingAppearance(
    placeholderRows: PagingAppearance.placeholderRows(SkeletonCell.self, count: 3),
    emptyState: MessageCell.makeBinder(value: "Nothing here yet"),
    loadingMore: MessageCell.makeBinder(value: "Loading…"),
    failedFooter: MessageCell.makeBinder(value: "Retry"),
    endOfList: MessageCell.makeBinder(value: "The end")
  )

  init() throws {
    paging = PagingController(prefetchDistance: .init(rows: 2), load: gate.load)
    feed = PagedFeed(id: "feed", paging: paging, appearance: appearance) { MessageCell.makeBinder(value: $0) }
    list = try ListEngine(view: view, showing: feed)
  }

  func rows(_ range: Range<Int>) -> [String] { range.map { "row \($0)" } }

  @Test("skeleton rows while the first page loads, then the rows; nearing the end loads more through the delegate")
  func loadMoreThroughDelegate() async throws {
    #expect(view.renderedLines == ["░░░░", "░░░░", "░░░░"])
    let refresh = Task { await paging.refresh() }
    await gate.nextCall().succeed(rows(0..<5), nextPage: 2)
    _ = await refresh.value
    // Displaying row 4 of 5 requested page 2 at once.
    let next = await gate.nextCall()
    #expect(next.cursor == 2)
    #expect(view.renderedLines == rows(0..<5) + ["Loading…"])

    next.fail()
    let failed = try #require(paging.displayTriggeredLoad)
    #expect(await failed.value == .failed(.loadMore))
    #expect(view.renderedLines == rows(0..<5) + ["Retry"], "a failed page keeps the rows shown")

    let retry = Task { await paging.loadMore() }
    await gate.nextCall().succeed(rows(5..<8), nextPage: nil)
    #expect(await retry.value == .appended(5..<8))
    #expect(view.renderedLines == rows(0..<8) + ["The end"])
    #expect(gate.cursors == [nil, 2, 2])
    #expect(view.reloadCount == 1)
    #expect(view.inconsistencies.isEmpty)
  }

  @Test("an empty first page shows the empty-state view")
  func emptyState() async {
    let refresh = Task { await paging.refresh() }
    await gate.nextCall().succeed([], nextPage: nil)
    _ = await refresh.value
    #expect(view.renderedLines == ["Nothing here yet"])
    #expect(paging.rowDisplayed(0) == false)
  }
}
