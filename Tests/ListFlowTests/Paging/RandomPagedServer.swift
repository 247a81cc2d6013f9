import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A random server of pages for the paged feed property tests: pages are cut from a list of rows that may shift
/// between two steps (rows deleted, inserted, changed), so that a page can repeat rows of another one.
///
/// Page `c` (the first page for cursor `nil`) covers the rows from `starts[c]` on, `sizes[c]` of them (0 for an
/// empty page), and names `nexts[c]` as its next page: the one after it, none, an earlier one (whose rows come
/// again), or a cursor past the table. Past the table, every page is empty and names the cursor after it (a server
/// that answers empty pages forever) or none.
@MainActor
final class RandomPagedServer {
  /// What a page names as its next page.
  enum NextPage { case end, again, past, following }

  /// What a page names as its next page, by weight.
  static let nextPages = WeightedChoice<NextPage>([
    ("none: the list ends", weight: 1, .end),
    ("an earlier page (or this one) again", weight: 1, .again),
    ("a cursor past the table (empty pages)", weight: 1, .past),
    ("the page after it", weight: 5, .following),
  ])

  /// The rows now.
  private(set) var rows: [TestRow]
  private var starts: [Int]
  private var sizes: [Int]
  private var nexts: [Int?]
  /// Whether the pages past the table name a next page (forever) or end the list.
  private let emptyForever: Bool
  private var nextID: Int
  /// The loads of the step running, so that a loop stops: past `loadLimit` a load fails.
  private(set) var loadsInStep = 0
  /// Every cursor asked for, in order.
  private(set) var cursors: [Int?] = []
  let loadLimit = 400

  init(_ random: inout SeededRandom) {
    let count = Int(random.next() % 30)
    rows = (0..<count).map { TestRow(id: $0, version: 0, isAlternate: false) }
    nextID = count
    let pageCount = 1 + Int(random.next() % 6)
    starts = []
    sizes = []
    nexts = []
    var start = 0
    for page in 0..<pageCount {
      let size = random.next() % 4 == 0 ? 0 : 1 + Int(random.next() % 7)
      starts.append(start)
      sizes.append(size)
      start += size
      let next: Int? =
        switch Self.nextPages.pick(using: &random).value {
        case .end: nil
        case .again: Int(random.next() % UInt64(pageCount))
        case .past: pageCount + Int(random.next() % 3)
        case .following: page + 1
        }
      nexts.append(next)
    }
    emptyForever = random.next() % 2 == 0
  }

  /// The page a cursor asks for, answered now.
  func page(_ cursor: Int?) -> Page<TestRow, Int> {
    let index = cursor ?? 0
    guard index >= 0, index < starts.count else {
      return Page(elements: [], nextPage: emptyForever && index < Int.max ? index + 1 : nil)
    }
    let start = min(starts[index], rows.count)
    let end = min(start + sizes[index], rows.count)
    return Page(elements: Array(rows[start..<end]), nextPage: nexts[index])
  }

  /// The rows of the first `pages` pages as the server answers now, following each page's next page, with
  /// later repeats of an identity dropped unless `keepingDuplicates`: the rows a refresh of that many pages shows.
  func rowsOfFirstPages(_ pages: Int, keepingDuplicates: Bool) -> [TestRow] {
    var answer = page(nil)
    var elements = answer.elements
    var count = 1
    while count < pages, let next = answer.nextPage {
      answer = page(next)
      elements += answer.elements
      count += 1
    }
    guard !keepingDuplicates else { return elements }
    var seen = Set<Int>()
    return elements.filter { seen.insert($0.id).inserted }
  }

  /// The loading function: answers at once, and fails once a step has loaded more than `loadLimit` pages.
  var load: @Sendable (Int?) async throws -> Page<TestRow, Int> {
    { @MainActor [self] cursor in
      cursors.append(cursor)
      loadsInStep += 1
      if loadsInStep > loadLimit { throw LoadFailure(message: "more than \(loadLimit) loads in one step") }
      return page(cursor)
    }
  }

  /// Starts a new step: the load count starts over.
  func startStep() { loadsInStep = 0 }

  /// Shifts the data: deletes, inserts and changes some rows.
  func shift(_ random: inout SeededRandom) {
    for _ in 0..<Int(random.next() % 4) where !rows.isEmpty {
      rows.remove(at: Int(random.next() % UInt64(rows.count)))
    }
    for _ in 0..<Int(random.next() % 4) {
      rows.insert(
        TestRow(id: nextID, version: 0, isAlternate: false), at: Int(random.next() % UInt64(rows.count + 1)))
      nextID += 1
    }
    for _ in 0..<Int(random.next() % 3) where !rows.isEmpty {
      rows[Int(random.next() % UInt64(rows.count))].version += 1
    }
  }
}

/// A paged feed on a view that displays every row it shows (as a short list on a tall screen does): every change
/// the feed sends is displayed, footer rows included, so a load that a display starts can start another.
@MainActor
struct PagedFeedHarness {
  let server: RandomPagedServer
  let paging: PagingController<Page<TestRow, Int>>
  let feed: PagedFeed<Page<TestRow, Int>>
  let view = RecordingListView()
  let controller: ListEngine
  /// One load of the controller: the rows before it and after it, whether it replaced the rows, and the pages it
  /// asked the server for.
  struct Operation {
    var isRefresh: Bool
    var rowsBefore: Int
    var rowsAfter: Int?
    var failed = false
    var step: Int
    var pagesAsked = 0
  }
  /// Every load, in order, read from the controller's changes.
  let log: OperationLog

  @MainActor
  final class OperationLog {
    var operations: [Operation] = []
    var step = 0
  }

  static let appearanceParts = (
    placeholder: PagingAppearance.placeholderRows(SkeletonCell.self, count: 2),
    loadingMore: MessageCell.makeBinder(value: "Loading…", id: "loading"),
    endOfList: MessageCell.makeBinder(value: "The end", id: "end"),
    failedFooter: MessageCell.makeBinder(value: "Retry", id: "retry"),
    emptyState: MessageCell.makeBinder(value: "Nothing", id: "empty")
  )

  init(_ random: inout SeededRandom, keepsDuplicates: Bool = false) throws {
    server = RandomPagedServer(&random)
    paging = PagingController(prefetchDistance: .init(rows: Int(random.next() % 4)), load: server.load)
    let parts = Self.appearanceParts
    // The loading footer is what made an empty page loop; it is there in three cases out of four.
    let appearance = PagingAppearance(
      placeholderRows: random.next() % 2 == 0 ? parts.placeholder : [],
      emptyState: random.next() % 2 == 0 ? parts.emptyState : nil,
      loadingMore: random.next() % 4 == 0 ? nil : parts.loadingMore,
      failedFooter: parts.failedFooter,
      endOfList: random.next() % 2 == 0 ? parts.endOfList : nil)
    if keepsDuplicates {
      feed = PagedFeed(id: "feed", paging: paging, appearance: appearance, keepsDuplicates: true) {
        $0.cellBinder
      }
    } else {
      feed = PagedFeed(id: "feed", paging: paging, appearance: appearance) { $0.cellBinder }
    }
    let composite = ComposedFeed<ListSectionSnapshot>()
    try composite.append(feed)
    controller = try ListEngine(view: view, showing: composite)
    let log = OperationLog()
    self.log = log
    let paging = paging
    let server = server
    let feedChange = paging.didChange
    paging.didChange = {
      if paging.state.isBusy {
        if log.operations.last?.rowsAfter != nil || log.operations.isEmpty {
          log.operations.append(
            Operation(
              isRefresh: paging.state == .refreshing, rowsBefore: paging.rows.count, step: log.step,
              pagesAsked: -server.cursors.count))
        }
      } else if let last = log.operations.indices.last, log.operations[last].rowsAfter == nil {
        log.operations[last].rowsAfter = paging.rows.count
        log.operations[last].pagesAsked += server.cursors.count
        if case .error = paging.state { log.operations[last].failed = true }
      }
      feedChange()
    }
  }

  /// Waits until no load runs and no displayed row has a load to start: bounded, since a server that makes the
  /// feed loop fails its loads after `loadLimit` of them in a step.
  func settle() async -> Bool {
    var quietRounds = 0
    var lastCount = server.cursors.count
    for _ in 0..<20_000 {
      if let load = feed.lastTriggeredLoad { _ = await load.value }
      if let load = paging.displayTriggeredLoad { _ = await load.value }
      await Task.yield()
      if paging.state.isBusy || server.cursors.count != lastCount {
        quietRounds = 0
        lastCount = server.cursors.count
      } else {
        quietRounds += 1
        if quietRounds >= 20 { return true }
      }
    }
    return false
  }

  /// The loads of one step, in order.
  func operations(ofStep step: Int) -> [Operation] { log.operations.filter { $0.step == step } }
}
