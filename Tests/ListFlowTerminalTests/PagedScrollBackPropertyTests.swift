import ListFlow
import ListFlowTerminal
import ListFlowTesting
import TestSupport
import Testing

/// A paged feed of live data on a terminal, where the user scrolls back up between refreshes: rows displayed while
/// no load could start (the last page loaded, a load failed) leave the screen, and rows far above them come on it.
/// A refresh that leaves more pages to come then loads on only while a row on screen is near the end: no page loads
/// for a row the user scrolled away from.
@MainActor
@Suite("Paged feed on a terminal: a refresh loads on only for rows on screen", .timeLimit(.minutes(60)))
struct PagedScrollBackPropertyTests {
  enum Step { case grow, shrink, refresh, refreshLoadedPages, fail, retry, end, home, pageUp, up, down }

  static let steps = WeightedChoice<Step>([
    ("rows added at the end of the server's data", weight: 3, .grow),
    ("rows removed from the end of the server's data", weight: 1, .shrink),
    ("refresh", weight: 2, .refresh),
    ("refresh the loaded pages", weight: 3, .refreshLoadedPages),
    ("the next load fails", weight: 1, .fail),
    ("retry: load more", weight: 1, .retry),
    ("cursor to the end", weight: 3, .end),
    ("cursor to the top", weight: 2, .home),
    ("a page up", weight: 2, .pageUp),
    ("cursor up", weight: 1, .up),
    ("cursor down", weight: 1, .down),
  ])

  /// The loads of a run, judged as they start: a load of a next page that no explicit load-more asked for needs a
  /// row on screen within the prefetch distance of the end.
  @MainActor
  final class Judge {
    var paging: PagingController<Page<Int, Int>>?
    var view: TerminalListView?
    /// Whether the next load of a next page is the one an explicit `loadMore()` asked for.
    var explicitLoadMore = false
    var failure: String?

    func loadStarts() {
      guard let paging, let view, paging.state == .paging else { return }
      if explicitLoadMore {
        explicitLoadMore = false
        return
      }
      // A footer row after the content counts as the end.
      let lastShown = view.visibleRows.map(\.item).max() ?? -1
      if failure == nil,
        !paging.prefetchDistance.isNearEnd(coveredRows: 0..<lastShown + 1, rowCount: paging.rows.count)
      {
        failure = "a page loads with \(paging.rows.count) rows while row \(lastShown) is the last on screen"
      }
    }
  }

  @Test("random scrolls back up before refreshes: no page loads unless a row on screen is near the end")
  func refreshLoadsOnlyForRowsOnScreen() async throws {
    var failures: [String] = []
    var failingSeeds = 0
    for seed in DeepPass.seeds(quick: 40, deep: 800) {
      if let failure = try await Self.run(seed: seed) {
        failingSeeds += 1
        if failures.count < 3 { failures.append("seed \(seed): \(failure)") }
      }
    }
    #expect(failingSeeds == 0, "\(failingSeeds) seeds failed; the first:\n\(failures.joined(separator: "\n\n"))")
  }

  static func run(seed: UInt64) async throws -> String? {
    var random = SeededRandom(seed: seed)
    let size = TerminalSize(columns: 30, rows: 6 + random.below(6))
    let server = PagedLiveFillPropertyTests.LiveServer(&random)
    // Enough rows for a few screens.
    server.rows = Array(0..<size.rows + random.below(3 * size.rows))
    server.nextRow = server.rows.count
    let judge = Judge()
    let serverLoad = server.load
    let load: @Sendable (Int?) async throws -> Page<Int, Int> = { @MainActor cursor in
      if !Task.isCancelled { judge.loadStarts() }
      return try await serverLoad(cursor)
    }
    let prefetch = random.below(3)
    let paging = PagingController(prefetchDistance: .init(rows: prefetch), load: load)
    let footers = random.oneIn(2)
    let feed = PagedLiveFillPropertyTests.feed(paging, footers: footers)
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(size), title: "Live")
    let engine = try ListEngine(view: view, showing: feed)
    judge.paging = paging
    judge.view = view
    var log: [String] = []

    func settle() async { await PagedLiveFillPropertyTests.settle(feed, paging, view) }

    await paging.refresh()
    await settle()
    for step in 0..<16 {
      let picked = steps.pick(using: &random)
      var name = picked.name
      switch picked.value {
      case .grow: name += server.grow(&random)
      case .shrink: server.shrink(&random)
      case .refresh: await paging.refresh()
      case .refreshLoadedPages: await paging.refreshLoadedPages()
      case .fail: server.failsNext = true
      case .retry:
        judge.explicitLoadMore = true
        await paging.loadMore()
        judge.explicitLoadMore = false
      case .end: view.handle(.end)
      case .home: view.handle(.home)
      case .pageUp: view.handle(.pageUp)
      case .up: view.handle(.up)
      case .down: view.handle(.down)
      }
      log.append(name)
      await settle()
      if let failure = judge.failure {
        return
          "step \(step): \(failure) (a screen of \(size.rows) lines, pages of \(server.size), prefetch \(prefetch), footers \(footers))\n  "
          + log.joined(separator: "\n  ")
      }
    }
    withExtendedLifetime(engine) {}
    return nil
  }
}
