import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A displayed row never retries a failed load (``PagingController/rowDisplayed(_:)``: "A failed page is not
/// retried from here"), also when the load it scheduled starts only after a refresh or a load-more failed: random
/// displayed rows near the end, explicit loads that fail at random, and a loader that answers at once, as one
/// serving a cache or failing offline does.
@MainActor
@Suite("Paging: a displayed row never retries a failed load", .timeLimit(.minutes(60)))
struct DisplayedRowRetryPropertyTests {
  /// A chain of pages answered at once; an explicit load fails when the test says so.
  @MainActor
  final class InstantServer {
    let sizes: [Int]
    /// Whether the load running was asked for by the test itself (not by a displayed row).
    var isExplicit = false
    var failsExplicitLoad = false
    /// Whether the last explicit load failed, and no explicit load ran since.
    var hasFailed = false
    /// The loads a displayed row started while the last explicit load had failed.
    var retries: [Int?] = []

    init(_ random: inout SeededRandom) {
      sizes = (0..<2 + random.below(5)).map { _ in 1 + random.below(4) }
    }

    var load: @Sendable (Int?) async throws -> Page<Int, Int> {
      { @MainActor [self] cursor in
        if isExplicit {
          if failsExplicitLoad { throw LoadFailure() }
        } else if hasFailed {
          retries.append(cursor)
        }
        let page = cursor ?? 0
        let start = sizes[..<min(page, sizes.count)].reduce(0, +)
        let size = page < sizes.count ? sizes[page] : 0
        return Page(elements: Array(start..<start + size), nextPage: page + 1 < sizes.count ? page + 1 : nil)
      }
    }
  }

  enum Step { case display, refresh, loadMore, settle }

  static let steps = WeightedChoice<Step>([
    ("display a row near the end", weight: 3, .display),
    ("refresh (failing sometimes)", weight: 2, .refresh),
    ("load more (failing sometimes)", weight: 2, .loadMore),
    ("let the load of a displayed row run", weight: 2, .settle),
  ])

  @Test("a load a displayed row scheduled does not retry a refresh or a load-more that failed before it started")
  func displayedRowsDoNotRetry() async {
    var failures: [String] = []
    var failingSeeds = 0
    for seed in DeepPass.seeds(quick: 60, deep: 1_000) {
      var random = SeededRandom(seed: seed)
      let server = InstantServer(&random)
      let paging = PagingController(prefetchDistance: .init(rows: random.below(3)), load: server.load)
      server.isExplicit = true
      await paging.refresh()
      server.isExplicit = false
      var log: [String] = []
      for _ in 0..<16 {
        switch Self.steps.pick(using: &random).value {
        case .display:
          let row = max(0, paging.rows.count - 1 - random.below(3))
          log.append("display \(row) (\(paging.state))")
          paging.rowDisplayed(row)
        case .refresh, .loadMore:
          let refreshes = random.oneIn(2)
          server.failsExplicitLoad = random.oneIn(2)
          log.append("\(refreshes ? "refresh" : "loadMore")\(server.failsExplicitLoad ? " failing" : "")")
          server.isExplicit = true
          if refreshes { await paging.refresh() } else { await paging.loadMore() }
          server.isExplicit = false
          if case .error = paging.state { server.hasFailed = true } else { server.hasFailed = false }
        case .settle:
          log.append("settle")
          _ = await paging.displayTriggeredLoad?.value
        }
      }
      _ = await paging.displayTriggeredLoad?.value
      if !server.retries.isEmpty {
        failingSeeds += 1
        if failures.count < 3 {
          failures.append(
            "seed \(seed) sizes \(server.sizes): displayed rows retried \(server.retries)\n  "
              + log.joined(separator: "\n  "))
        }
      }
    }
    #expect(failingSeeds == 0, "\(failingSeeds) seeds failed; the first:\n\(failures.joined(separator: "\n\n"))")
  }
}
