import ListFlow
import ListFlowTesting

/// `paging`: a ``PagedFeed`` in a 22-row ``ViewportListView``, its first page holding N rows (10,000, 100,000 and
/// 1,000,000; `--lines N` picks sizes), every later page 50; a footer row while a page loads.
///
/// Contender, per size: `N/load-more`, one `PagingController.loadMore()` timed (the footer shown, the page
/// loaded, the footer gone: two changes of the feed), 20 a run, the list growing by 50 rows each. `first_load_ms`
/// is the median time of the first page to its frame.
enum PagingScenario {
  /// The paging scenarios, for the registry.
  static let all: [BenchmarkScenario] = [scenario]

  static let sizes = [10_000, 100_000, 1_000_000]
  static let pageSize = 50
  static let loads = 20

  static let scenario = BenchmarkScenario(
    name: "paging", summary: "paged feed, a page of 50 loaded after 10k, 100k and 1M rows"
  ) { context in
    var results: [BenchmarkResult] = []
    for rows in context.logLines.isEmpty ? sizes : context.logLines {
      results.append(await measure(rows: rows, context: context))
    }
    return results
  }

  struct Post: Sendable {
    var id: Int
  }

  /// A page: the first holds `first` posts, every later one ``pageSize``, without end.
  static func page(from start: Int, first: Int) -> Page<Post, Int> {
    let end = start + (start == 0 ? first : pageSize)
    return Page(elements: (start..<end).map { Post(id: $0) }, nextPage: end)
  }

  @MainActor
  static func measure(rows: Int, context: BenchmarkContext) async -> BenchmarkResult {
    let label = rows >= 1_000_000 ? "\(rows / 1_000_000)m" : "\(rows / 1_000)k"
    let clock = ContinuousClock()
    var times: [Double] = []
    var firstLoads: [Double] = []
    for run in 0..<max(context.runs, 5) + 1 {
      let paging = PagingController { (cursor: Int?) in page(from: cursor ?? 0, first: rows) }
      let appearance = PagingAppearance(loadingMore: OutlineRowCell.makeBinder(value: "loading…", id: "loading"))
      let feed = PagedFeed(id: "posts", paging: paging, appearance: appearance) { post in
        OutlineRowCell.makeBinder(value: "post \(post.id)", id: post.id)
      }
      guard let engine = try? ListEngine(view: ViewportListView(rowCount: 22), showing: feed) else {
        preconditionFailure("paging: a new feed is already shown")
      }
      var start = clock.now
      await paging.refresh()
      let firstLoad = BenchmarkContext.milliseconds(start.duration(to: clock.now))
      var samples: [Double] = []
      for _ in 0..<loads {
        start = clock.now
        await paging.loadMore()
        samples.append(BenchmarkContext.milliseconds(start.duration(to: clock.now)))
      }
      precondition(
        engine.numberOfRows(inSection: 0) == rows + loads * pageSize, "paging: the list shown is not the rows loaded")
      // The first run warms up.
      guard run > 0 else { continue }
      times += samples
      firstLoads.append(firstLoad)
    }
    let sorted = times.sorted()
    return BenchmarkResult(
      scenario: "paging", contender: "\(label)/load-more", timesMS: times, changes: pageSize,
      extra: [
        "p50_ms": .double(ApplyLoop.percentile(sorted, 0.50)),
        "p99_ms": .double(ApplyLoop.percentile(sorted, 0.99)),
        "first_load_ms": .double(firstLoads.sorted()[firstLoads.count / 2]),
      ])
  }
}
