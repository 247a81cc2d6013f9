import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// The rows that retry (the failure row and the failed footer) retry the load that failed, whatever it was: a
/// random chain of pages (some of them empty, so that a failed load-more can leave no row to show) and loads that
/// fail at random, the retry rows selected as a user would.
@MainActor
@Suite("Paged feed, retry rows", .timeLimit(.minutes(60)))
struct RetryRowPropertyTests {
  /// A chain of pages `0 → 1 → … → last → end`, each of a random size (0 for an empty page), whose loads fail
  /// when the test says so.
  @MainActor
  final class FlakyServer {
    var sizes: [Int]
    var failsNext = false
    /// Every load asked for: its cursor, and whether it failed.
    var loads: [(cursor: Int?, failed: Bool)] = []

    init(_ random: inout SeededRandom) {
      sizes = (0..<(1 + Int(random.next() % 6))).map { _ in random.next() % 3 == 0 ? 0 : 1 + Int(random.next() % 3) }
    }

    var load: @Sendable (Int?) async throws -> Page<String, Int> {
      { @MainActor [self] cursor in
        let failed = failsNext
        loads.append((cursor, failed))
        if failed { throw LoadFailure() }
        let page = cursor ?? 0
        let start = sizes[..<min(page, sizes.count)].reduce(0, +)
        let size = page < sizes.count ? sizes[page] : 0
        return Page(
          elements: (start..<(start + size)).map { "r\($0)" }, nextPage: page + 1 < sizes.count ? page + 1 : nil)
      }
    }
  }

  @Test(
    "selecting a retry row asks again for the page that failed", arguments: 0..<DeepPass.cases(quick: 40, deep: 300))
  func retryRowsRetryTheFailedLoad(round: Int) async throws {
    let seed = 0x3E72_0000 &+ UInt64(round)
    var random = SeededRandom(seed: seed)
    let server = FlakyServer(&random)
    let paging = PagingController(prefetchDistance: .init(rows: 0), load: server.load)
    let appearance = PagingAppearance(
      failure: MessageCell.makeBinder(value: "Could not load", id: "failure"),
      failedFooter: MessageCell.makeBinder(value: "Retry", id: "retry"))
    let feed = PagedFeed(id: "feed", paging: paging, appearance: appearance) { MessageCell.makeBinder(value: $0) }
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: feed)
    for step in 0..<16 {
      // Loads that displayed rows started run to their end first.
      while paging.state.isBusy, let load = paging.displayTriggeredLoad { _ = await load.value }
      server.failsNext = random.next() % 3 == 0
      let context = "seed \(seed) step \(step) sizes \(server.sizes)"
      // The load that failed last, when the state is its error: a refresh starts again from the first page.
      let failedCursor: Int?? =
        if case .error(let failure) = paging.state {
          failure.operation == .refresh ? .some(nil) : server.loads.last(where: \.failed)?.cursor
        } else { nil }
      let asked = server.loads.count
      switch paging.presentation {
      case .failure:
        try view.selectRow(at: ItemPath(item: 0, section: 0))
        _ = await feed.lastTriggeredLoad?.value
      case .rows(.failed):
        try view.selectRow(at: ItemPath(item: paging.rows.count, section: 0))
        _ = await feed.lastTriggeredLoad?.value
      default:
        if random.next() % 2 == 0 { await paging.refresh() } else { await paging.loadMore() }
        continue
      }
      #expect(server.loads.count > asked, "\(context): the retry row asked for nothing")
      if server.loads.count > asked, let failedCursor {
        #expect(
          server.loads[asked].cursor == failedCursor,
          "\(context): the retry asked for page \(String(describing: server.loads[asked].cursor)), but page \(String(describing: failedCursor)) failed"
        )
      }
      #expect(view.inconsistencies.isEmpty, "\(context): \(view.inconsistencies)")
    }
    withExtendedLifetime(engine) {}
  }
}
