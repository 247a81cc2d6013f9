import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A paged feed calls `row` once per loaded element, whether the element was loaded before the feed was made or
/// after, and a feed that keeps duplicates keeps them even over a paging controller a feed that drops them had.
@MainActor
@Suite struct PagedFeedRowCallTests {
  static let appearance = PagingAppearance(
    loadingMore: MessageCell.makeBinder(value: "loading"), failedFooter: MessageCell.makeBinder(value: "failed"),
    endOfList: MessageCell.makeBinder(value: "end"))

  /// Pages of `size` numbers; each page after the first starts with the last number of the page before.
  static func paging(size: Int) -> PagingController<Page<Int, Int>> {
    PagingController { (cursor: Int?) in
      let start = cursor ?? 0
      return Page(elements: Array(Swift.max(start - 1, 0)..<(start + size)), nextPage: start + size)
    }
  }

  static func feed(
    over paging: PagingController<Page<Int, Int>>, keepsDuplicates: Bool, calls: CallCounter
  ) -> PagedFeed<Page<Int, Int>> {
    PagedFeed(id: "numbers", paging: paging, appearance: appearance, keepsDuplicates: keepsDuplicates) { number in
      calls.add()
      return MessageCell.makeBinder(value: "\(number)")
    }
  }

  @Test(
    "a feed made over rows loaded already calls `row` once a row, then once an element of each page",
    arguments: [false, true])
  func rowOncePerElement(keepsDuplicates: Bool) async {
    for size in [1, 5, 40] {
      let paging = Self.paging(size: size)
      _ = await paging.refresh()
      let calls = CallCounter()
      let feed = Self.feed(over: paging, keepsDuplicates: keepsDuplicates, calls: calls)
      #expect(calls.value == size, "size \(size): the rows loaded before the feed")
      _ = await paging.loadMore()
      // The page's every element is read once: its identity, or its row.
      #expect(calls.value == size + size + 1, "size \(size): the rows of the page loaded after")
      let expected = Array(0..<size) + (keepsDuplicates ? [size - 1] : []) + Array(size..<(2 * size))
      #expect(paging.rows == expected, "size \(size)")
      #expect(feed.displayedSections[0].elements.count >= expected.count, "size \(size): every row shown")
    }
  }

  @Test("a feed whose paging controller a later feed took over shows the rows loaded since, `row` once a row")
  func feedAfterTakeover() async {
    let paging = Self.paging(size: 3)
    _ = await paging.refresh()
    let (earlierCalls, laterCalls) = (CallCounter(), CallCounter())
    let earlier = Self.feed(over: paging, keepsDuplicates: false, calls: earlierCalls)
    let later = Self.feed(over: paging, keepsDuplicates: false, calls: laterCalls)
    _ = await paging.loadMore()
    // The later feed picks the page's elements (its first repeats a row) and makes their binders.
    #expect(paging.rows == [0, 1, 2, 3, 4, 5])
    #expect(laterCalls.value == 3 + 4)
    let texts = paging.rows.map { "\($0)" }
    #expect(later.displayedSections[0].elements.map { $0.model as? String } == texts)
    // The earlier feed, made to show its rows again, makes the binders of the rows loaded since, once each.
    earlier.appearance = Self.appearance
    #expect(earlierCalls.value == 3 + 3)
    #expect(earlier.displayedSections[0].elements.map { $0.model as? String } == texts)
  }

  @Test("a feed that keeps duplicates keeps them over a paging controller that a feed dropping them had")
  func keepsDuplicatesAfterAnotherFeed() async {
    let paging = Self.paging(size: 3)
    _ = await paging.refresh()
    let calls = CallCounter()
    let dropping = Self.feed(over: paging, keepsDuplicates: false, calls: calls)
    _ = await paging.loadMore()
    #expect(paging.rows == [0, 1, 2, 3, 4, 5])
    let keeping = Self.feed(over: paging, keepsDuplicates: true, calls: calls)
    _ = await paging.loadMore()
    #expect(paging.rows == [0, 1, 2, 3, 4, 5, 5, 6, 7, 8])
    #expect(keeping.displayedSections[0].elements.count == 10, "every row, no footer while idle")
    withExtendedLifetime(dropping) {}
  }

  @Test("a feed let go makes no binder after, and its controller keeps every element again, repeats included")
  func feedLetGo() async throws {
    var random = SeededRandom(seed: 5)
    for _ in 0..<20 {
      let size = 1 + Int(random.next() % 6)
      let pagesBefore = Int(random.next() % 3)
      let paging = Self.paging(size: size)
      _ = await paging.refresh()
      let calls = CallCounter()
      do {
        let feed = Self.feed(over: paging, keepsDuplicates: false, calls: calls)
        let engine = try ListEngine(view: RecordingListView(), showing: feed)
        for _ in 0..<pagesBefore { _ = await paging.loadMore() }
        withExtendedLifetime(engine) {}
      }
      // The feed and its engine are gone; the app goes on with its paging controller.
      let (callsBefore, rowsBefore) = (calls.value, paging.rows.count)
      let pagesAfter = 1 + Int(random.next() % 3)
      for _ in 0..<pagesAfter { _ = await paging.loadMore() }
      let context = "size \(size), \(pagesBefore) pages with the feed, \(pagesAfter) after"
      #expect(calls.value == callsBefore, "\(context): no binder made for a feed that is gone")
      // Each page after the first repeats the last element of the page before: kept now, as without a feed.
      #expect(paging.rows.count == rowsBefore + pagesAfter * (size + 1), "\(context)")
    }
  }
}
