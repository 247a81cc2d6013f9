import ListFlow
import ListFlowTerminal
import ListFlowTesting
import TestSupport
import Testing

/// A paged feed of live data on a terminal: the server's rows grow and shrink at the end between steps (a last page
/// that was full names no next page, then does once rows follow it), the app refreshes the list or its loaded
/// pages, a load fails now and then and the app retries it, while the user moves the cursor. Whenever the list
/// settles with more pages to come, the rows reach past the screen: paging never stalls on rows that do not cover
/// the screen, whatever state the rows were displayed in.
@MainActor
@Suite("Paged feed of live data on a terminal: the rows cover the screen", .timeLimit(.minutes(60)))
struct PagedLiveFillPropertyTests {
  /// A server of pages cut from rows that change: page `c` holds the rows `size * c ..< size * (c + 1)`, and names
  /// a next page only when rows follow it (a token that the server hands out while there is more).
  @MainActor
  final class LiveServer {
    var rows: [Int]
    let size: Int
    var nextRow: Int
    /// Whether the next load fails.
    var failsNext = false

    init(_ random: inout SeededRandom) {
      size = 1 + random.below(4)
      rows = Array(0..<random.below(8))
      nextRow = rows.count
    }

    func page(_ cursor: Int?) throws -> Page<Int, Int> {
      if Task.isCancelled { throw CancellationError() }
      if failsNext {
        failsNext = false
        throw Failure()
      }
      let number = cursor ?? 0
      let start = min(number * size, rows.count)
      let end = min(start + size, rows.count)
      return Page(elements: Array(rows[start..<end]), nextPage: end < rows.count ? number + 1 : nil)
    }

    var load: @Sendable (Int?) async throws -> Page<Int, Int> {
      { @MainActor [self] cursor in try page(cursor) }
    }

    /// Adds rows at the end of the data, at most two pages; returns a note of it for the log.
    func grow(_ random: inout SeededRandom) -> String {
      let count = 1 + random.below(2 * size)
      rows += nextRow..<nextRow + count
      nextRow += count
      return " (\(count), \(rows.count) now)"
    }

    /// Removes one to three rows from the end of the data.
    func shrink(_ random: inout SeededRandom) {
      rows.removeLast(min(rows.count, 1 + random.below(3)))
    }

    struct Failure: Error {}
  }

  enum Step { case grow, shrink, refresh, refreshLoadedPages, fail, retry, down, up, end, home, cancelled, late }

  static let steps = WeightedChoice<Step>([
    ("rows added at the end of the server's data", weight: 3, .grow),
    ("rows removed from the end of the server's data", weight: 1, .shrink),
    ("refresh", weight: 2, .refresh),
    ("refresh the loaded pages", weight: 3, .refreshLoadedPages),
    ("the next load fails", weight: 1, .fail),
    ("retry: load more", weight: 2, .retry),
    ("a refresh or load-more cancelled", weight: 2, .cancelled),
    ("a load-more in a task while the cursor goes to the end", weight: 3, .late),
    ("cursor down", weight: 1, .down),
    ("cursor up", weight: 1, .up),
    ("cursor to the end", weight: 1, .end),
    ("cursor to the top", weight: 1, .home),
  ])

  static func binder(_ text: String, id: String) -> CellBinder {
    CellBinder(cell: TextCell.self, value: text, id: ListIdentifier(id)) { cell, text in cell.title = text }
  }

  @Test("random growth, refreshes and cursor moves: a list with more pages to come covers the screen")
  func liveRowsCoverTheScreen() async throws {
    var failures: [String] = []
    var failingSeeds = 0
    for seed in DeepPass.seeds(quick: 40, deep: 600) {
      if let failure = try await Self.run(seed: seed) {
        failingSeeds += 1
        if failures.count < 3 { failures.append("seed \(seed): \(failure)") }
      }
    }
    #expect(failingSeeds == 0, "\(failingSeeds) seeds failed; the first:\n\(failures.joined(separator: "\n\n"))")
  }

  @Test(
    "a load a displayed row scheduled finds a failure: the row stays on screen, and a refresh loads on from it")
  func displayedLoadFindsAFailure() async throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 20, deep: 200) {
      var random = SeededRandom(seed: seed)
      let server = LiveServer(&random)
      let size = TerminalSize(columns: 30, rows: 6 + random.below(8))
      // More rows than the screen shows, and more pages than fill it.
      server.rows = Array(0..<3 * size.rows)
      server.nextRow = server.rows.count
      let prefetch = random.below(3)
      let paging = PagingController(prefetchDistance: .init(rows: prefetch), load: server.load)
      let feed = PagedFeed(id: "live", paging: paging, appearance: PagingAppearance()) {
        Self.binder("r\($0)", id: "\($0)")
      }
      let view = TerminalListView(output: CapturingOutput(), mode: .screen(size), title: "Live")
      let engine = try ListEngine(view: view, showing: feed)
      await paging.refresh()
      await Self.settle(feed, paging, view)
      // A load-more of the app's fails while the user goes to the last row: the load that row schedules finds the
      // failure and loads nothing (a displayed row never retries).
      server.failsNext = true
      let load = Task { await paging.loadMore() }
      view.handle(.end)
      _ = await load.value
      await Self.settle(feed, paging, view)
      // The app refreshes the loaded pages: the same rows, more pages to come, the last one on screen.
      await paging.refreshLoadedPages()
      await Self.settle(feed, paging, view)
      let lastShown = view.visibleRows.map(\.item).filter { $0 < paging.rows.count }.max() ?? -1
      if paging.state == .paginated,
        paging.prefetchDistance.isNearEnd(coveredRows: 0..<lastShown + 1, rowCount: paging.rows.count)
      {
        failures.append(
          "seed \(seed): paginated with \(paging.rows.count) rows, row \(lastShown) on a screen of \(size.rows) lines, pages of \(server.size), prefetch \(prefetch)"
        )
      }
      withExtendedLifetime(engine) {}
    }
    #expect(
      failures.isEmpty, "\(failures.count) seeds stalled; the first:\n\(failures.prefix(3).joined(separator: "\n"))")
  }

  /// A feed of the server's rows over `paging`, with the footers that show after the rows or none.
  static func feed(_ paging: PagingController<Page<Int, Int>>, footers: Bool) -> PagedFeed<Page<Int, Int>> {
    let appearance = PagingAppearance(
      failure: footers ? binder("Failed", id: "failure") : nil,
      loadingMore: footers ? binder("Loading", id: "loading") : nil,
      failedFooter: footers ? binder("Retry", id: "retry") : nil,
      endOfList: footers ? binder("The end", id: "end") : nil)
    return PagedFeed(id: "live", paging: paging, appearance: appearance) { binder("r\($0)", id: "\($0)") }
  }

  /// Waits for the loads the displayed rows started.
  static func settle(
    _ feed: PagedFeed<Page<Int, Int>>, _ paging: PagingController<Page<Int, Int>>, _ view: TerminalListView
  )
    async
  {
    for _ in 0..<1_000 {
      view.render()
      await Task.yield()
      guard let load = feed.lastTriggeredLoad else { return }
      _ = await load.value
      await Task.yield()
      if feed.lastTriggeredLoad == load, !paging.state.isBusy { return }
    }
  }

  static func run(seed: UInt64) async throws -> String? {
    var random = SeededRandom(seed: seed)
    let server = LiveServer(&random)
    let prefetch = random.below(3)
    let paging = PagingController(prefetchDistance: .init(rows: prefetch), load: server.load)
    // With or without the footers that show after the rows.
    let footers = random.oneIn(2)
    let feed = Self.feed(paging, footers: footers)
    let size = TerminalSize(columns: 30, rows: 6 + random.below(8))
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(size), title: "Live")
    let engine = try ListEngine(view: view, showing: feed)
    var log: [String] = []

    func settle() async { await Self.settle(feed, paging, view) }

    await paging.refresh()
    await settle()
    for step in 0..<14 {
      let picked = steps.pick(using: &random)
      var name = picked.name
      switch picked.value {
      case .grow: name += server.grow(&random)
      case .shrink: server.shrink(&random)
      case .refresh: await paging.refresh()
      case .refreshLoadedPages: await paging.refreshLoadedPages()
      case .fail: server.failsNext = true
      case .retry: await paging.loadMore()
      case .cancelled:
        let which = random.below(3)
        let task = Task {
          switch which {
          case 0: _ = await paging.refresh()
          case 1: _ = await paging.refreshLoadedPages()
          default: _ = await paging.loadMore()
          }
        }
        task.cancel()
        await task.value
      case .late:
        // A load-more starts in a task, and fails half the time, while the user goes to the last row: the load that
        // row schedules finds the failure.
        server.failsNext = random.oneIn(2)
        let task = Task { await paging.loadMore() }
        view.handle(.end)
        _ = await task.value
      case .down: view.handle(.down)
      case .up: view.handle(.up)
      case .end: view.handle(.end)
      case .home: view.handle(.home)
      }
      log.append(name)
      await settle()
      // More pages to come and nothing loading: the rows reach past the screen (beyond the prefetch distance).
      guard paging.state == .paginated else { continue }
      let shown = view.visibleRows.map(\.item).filter { $0 < paging.rows.count }
      let lastShown = shown.max() ?? -1
      if paging.prefetchDistance.isNearEnd(coveredRows: 0..<lastShown + 1, rowCount: paging.rows.count)
        || shown.isEmpty
      {
        return
          "step \(step): paginated with \(paging.rows.count) rows (the server has \(server.rows.count), pages of \(server.size)), row \(lastShown) on a screen of \(size.rows) lines, prefetch \(prefetch), nothing loads\n  "
          + log.joined(separator: "\n  ")
      }
    }
    withExtendedLifetime(engine) {}
    return nil
  }
}
