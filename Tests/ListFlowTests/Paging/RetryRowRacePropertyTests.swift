import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Selecting a retry row (the failure row or the failed footer of a ``PagedFeed``) retries the load that failed, in
/// a task: when a refresh or a load-more ran between the selection and the start of that task (with a loader that
/// answers at once, as one serving a cache does) and left no failed load, the task loads nothing: a retry row never
/// loads a page nobody asked for.
@MainActor
@Suite("Paged feed: a retry row loads nothing once no load is failed", .timeLimit(.minutes(60)))
struct RetryRowRacePropertyTests {
  /// A chain of pages answered at once; a load fails when the test says so.
  @MainActor
  final class InstantServer {
    let sizes: [Int]
    var fails = false

    init(_ random: inout SeededRandom) {
      sizes = (0..<2 + random.below(5)).map { _ in 1 + random.below(4) }
    }

    var load: @Sendable (Int?) async throws -> Page<Int, Int> {
      { @MainActor [self] cursor in
        if fails { throw LoadFailure() }
        let page = cursor ?? 0
        let start = sizes[..<min(page, sizes.count)].reduce(0, +)
        let size = page < sizes.count ? sizes[page] : 0
        return Page(elements: Array(start..<start + size), nextPage: page + 1 < sizes.count ? page + 1 : nil)
      }
    }
  }

  enum Step { case retryThenLoad, load, settle }

  static let steps = WeightedChoice<Step>([
    ("select the retry row, then refresh or load more before its task starts", weight: 3, .retryThenLoad),
    ("refresh or load more (failing sometimes)", weight: 3, .load),
    ("let the loads of displayed rows run", weight: 1, .settle),
  ])

  static let appearance = PagingAppearance(
    failure: MessageCell.makeBinder(value: "Could not load", id: "failure"),
    failedFooter: MessageCell.makeBinder(value: "Retry", id: "retry"))

  @Test("a retry row's task started after the failure was recovered loads nothing")
  func retryAfterRecovery() async throws {
    var failures: [String] = []
    var failingSeeds = 0
    for seed in DeepPass.seeds(quick: 60, deep: 1_000) {
      var random = SeededRandom(seed: seed)
      let server = InstantServer(&random)
      let paging = PagingController(prefetchDistance: .init(rows: 0), load: server.load)
      let feed = PagedFeed(id: "feed", paging: paging, appearance: Self.appearance) {
        MessageCell.makeBinder(value: "r\($0)", id: $0)
      }
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: feed)
      server.fails = random.oneIn(2)
      await paging.refresh()
      var log: [String] = []
      var problems: [String] = []
      for step in 0..<12 {
        _ = await paging.displayTriggeredLoad?.value
        switch Self.steps.pick(using: &random).value {
        case .retryThenLoad:
          let retryRow: Int? =
            switch paging.presentation {
            case .failure: 0
            case .rows(.failed): paging.rows.count
            default: nil
            }
          guard let retryRow else { continue }
          try view.selectRow(at: ItemPath(item: retryRow, section: 0))
          guard let retry = feed.lastTriggeredLoad else {
            problems.append("step \(step): selecting the retry row started no task")
            continue
          }
          let refreshes = random.oneIn(2)
          server.fails = false
          log.append("retry row, then \(refreshes ? "refresh" : "loadMore") before its task")
          if refreshes { await paging.refresh() } else { await paging.loadMore() }
          let outcome = await retry.value
          if case .ignored = outcome {
          } else {
            problems.append("step \(step): the retry, started once nothing was failed, did \(outcome)")
          }
        case .load:
          let refreshes = random.oneIn(2)
          server.fails = random.oneIn(2)
          log.append("\(refreshes ? "refresh" : "loadMore")\(server.fails ? " failing" : "")")
          if refreshes { await paging.refresh() } else { await paging.loadMore() }
        case .settle:
          log.append("settle")
        }
      }
      _ = await paging.displayTriggeredLoad?.value
      problems += view.inconsistencies
      if !problems.isEmpty {
        failingSeeds += 1
        if failures.count < 3 {
          failures.append(
            "seed \(seed) sizes \(server.sizes): \(problems.prefix(2).joined(separator: "; "))\n  "
              + log.joined(separator: "\n  "))
        }
      }
      withExtendedLifetime(engine) {}
    }
    #expect(failingSeeds == 0, "\(failingSeeds) seeds failed; the first:\n\(failures.joined(separator: "\n\n"))")
  }
}
