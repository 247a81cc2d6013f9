import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A paged feed whose loads are answered late, out of step with the triggers: refreshes, load-mores, reloads of
/// the loaded pages, covered and displayed rows, in tasks of their own, some of them cancelled, answered with the
/// page, a failure or a cancellation. Whatever the interleaving, one load runs at a time, the view shows the rows,
/// and no trigger is left waiting. Against a server whose pages never change, the rows are always whole pages in
/// order (no page dropped or duplicated, no row of a page lost); against one whose rows shift between loads, each
/// identity is shown once (unless the feed keeps duplicates).
@MainActor
@Suite("Paging interleavings: one load at a time, whole pages in order", .timeLimit(.minutes(60)))
struct PagingInterleavingPropertyTests {
  /// A loading function whose calls wait for the test, on the main actor.
  @MainActor
  final class LateServer {
    struct Call {
      let cursor: Int?
      let continuation: CheckedContinuation<Page<Int, Int>, any Error>
    }

    /// The size of each page; page `c` holds the rows `10 * c ..< 10 * c + sizes[c]`.
    let sizes: [Int]
    var waiting: [Call] = []
    /// The largest number of calls waiting at once.
    var mostWaiting = 0

    init(_ random: inout SeededRandom) {
      sizes = (0..<1 + random.below(5)).map { _ in random.oneIn(4) ? 0 : 1 + random.below(6) }
    }

    /// The rows of a server whose data shifts (rows inserted and deleted between loads), or `nil` for pages that
    /// never change; page `c` then holds the rows from the sum of the sizes before it on, `sizes[c]` of them.
    var shifting: [Int]?
    private var nextRow = 1_000

    func page(_ cursor: Int?) -> Page<Int, Int> {
      let number = cursor ?? 0
      let size = number < sizes.count ? sizes[number] : 0
      let next = number + 1 < sizes.count ? number + 1 : nil
      if let shifting {
        let start = min(sizes[..<min(number, sizes.count)].reduce(0, +), shifting.count)
        return Page(elements: Array(shifting[start..<min(start + size, shifting.count)]), nextPage: next)
      }
      return Page(elements: Array(10 * number..<10 * number + size), nextPage: next)
    }

    /// Inserts or deletes a row of a shifting server's data.
    func shift(_ random: inout SeededRandom) {
      guard var rows = shifting else { return }
      if random.oneIn(2) || rows.isEmpty {
        rows.insert(nextRow, at: random.below(rows.count + 1))
        nextRow += 1
      } else {
        rows.remove(at: random.below(rows.count))
      }
      shifting = rows
    }

    /// The rows of the first `count` pages.
    func rows(ofPages count: Int) -> [Int] { (0..<count).flatMap { page($0).elements } }

    var load: @Sendable (Int?) async throws -> Page<Int, Int> {
      { @MainActor [self] cursor in
        try await withCheckedThrowingContinuation { continuation in
          waiting.append(Call(cursor: cursor, continuation: continuation))
          mostWaiting = max(mostWaiting, waiting.count)
        }
      }
    }

    /// Answers the oldest call waiting: its page, a failure or a cancellation.
    func answer(_ answer: Answer) {
      guard !waiting.isEmpty else { return }
      let call = waiting.removeFirst()
      switch answer {
      case .page: call.continuation.resume(returning: page(call.cursor))
      case .failure: call.continuation.resume(throwing: LoadFailure())
      case .cancellation: call.continuation.resume(throwing: CancellationError())
      }
    }

    enum Answer { case page, failure, cancellation }
  }

  /// How many triggers have not ended.
  @MainActor
  final class Running {
    var count = 0
  }

  enum Step { case refresh, loadMore, refreshLoadedPages, covered, displayed, answer, cancel, shift, yield }

  static let steps = WeightedChoice<Step>([
    ("refresh", weight: 2, .refresh),
    ("load more", weight: 2, .loadMore),
    ("refresh the loaded pages", weight: 1, .refreshLoadedPages),
    ("report covered rows", weight: 2, .covered),
    ("display a row", weight: 2, .displayed),
    ("answer the load waiting", weight: 6, .answer),
    ("cancel a trigger's task", weight: 1, .cancel),
    ("insert or delete a row of a shifting server", weight: 2, .shift),
    ("yield", weight: 3, .yield),
  ])

  static let answers = WeightedChoice<LateServer.Answer>([
    ("the page asked for", weight: 7, .page),
    ("a failure", weight: 2, .failure),
    ("a cancellation (the loader saw its task cancelled)", weight: 1, .cancellation),
  ])

  static let appearance = PagingAppearance(
    placeholderRows: PagingAppearance.placeholderRows(SkeletonCell.self, count: 2),
    emptyState: MessageCell.makeBinder(value: "Nothing", id: "empty"),
    failure: MessageCell.makeBinder(value: "Failed", id: "failure"),
    loadingMore: MessageCell.makeBinder(value: "Loading…", id: "loading"),
    failedFooter: MessageCell.makeBinder(value: "Retry", id: "retry"),
    endOfList: MessageCell.makeBinder(value: "The end", id: "end"))

  /// Whether `rows` are the rows of the first pages of `server`, whole and in order.
  static func areWholePages(_ rows: [Int], of server: LateServer) -> Bool {
    (0...server.sizes.count).contains { server.rows(ofPages: $0) == rows }
  }

  @Test("random triggers, late answers and cancellations: one load at a time, the rows are whole pages in order")
  func interleavings() async throws {
    var failures: [String] = []
    var failingSeeds = 0
    for seed in DeepPass.seeds(quick: 40, deep: 1500) {
      var random = SeededRandom(seed: seed)
      let server = LateServer(&random)
      if random.oneIn(2) { server.shifting = Array(0..<server.sizes.reduce(0, +)) }
      let paging = PagingController(prefetchDistance: .init(rows: random.below(3)), load: server.load)
      let keepsDuplicates = server.shifting != nil && random.oneIn(3)
      let feed = PagedFeed(id: "feed", paging: paging, appearance: Self.appearance, keepsDuplicates: keepsDuplicates) {
        MessageCell.makeBinder(value: "r\($0)", id: $0)
      }
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: feed)
      var tasks: [Task<Void, Never>] = []
      let running = Running()
      var log: [String] = []
      var problems: [String] = []
      func check(_ when: String) {
        if server.mostWaiting > 1 { problems.append("\(when): \(server.mostWaiting) loads at once") }
        if !keepsDuplicates, Set(paging.rows).count != paging.rows.count {
          problems.append("\(when): a row twice in \(paging.rows)")
        }
        if server.shifting == nil, !Self.areWholePages(paging.rows, of: server) {
          problems.append("\(when): rows \(paging.rows) are not whole pages of \(server.sizes)")
        }
        let content = view.renderedLines.filter { $0.hasPrefix("r") }
        if content != paging.rows.map({ "r\($0)" }) && paging.presentation != .loadingPlaceholder {
          problems.append("\(when): the view shows \(view.renderedLines), the rows are \(paging.rows)")
        }
        problems += view.inconsistencies.map { "\(when): \($0)" }
      }
      // A paging call in a task of its own, counted while it runs.
      func start(_ call: @escaping @MainActor () async -> Void) {
        running.count += 1
        tasks.append(
          Task {
            await call()
            running.count -= 1
          })
      }
      for step in 0..<30 {
        let picked = Self.steps.pick(using: &random).value
        switch picked {
        case .refresh: start { _ = await paging.refresh() }
        case .loadMore: start { _ = await paging.loadMore() }
        case .refreshLoadedPages: start { _ = await paging.refreshLoadedPages() }
        case .covered:
          let start = random.below(paging.rows.count + 2)
          let rows = start..<start + random.below(4)
          let capacity = random.oneIn(2) ? nil : random.below(6)
          log.append("covered \(rows) capacity \(capacity.map(String.init) ?? "-")")
          running.count += 1
          tasks.append(
            Task {
              _ = await paging.visibleRowsChanged(rows, viewportCapacity: capacity)
              running.count -= 1
            })
        case .displayed:
          let row = random.below(paging.rows.count + 2)
          log.append("displayed \(row)")
          if paging.rowDisplayed(row), let load = paging.displayTriggeredLoad {
            running.count += 1
            Task {
              _ = await load.value
              running.count -= 1
            }
          }
        case .answer:
          let answer = Self.answers.pick(using: &random).value
          log.append(
            "answer \(server.waiting.first.map { "\($0.cursor.map(String.init) ?? "first")" } ?? "-") \(answer)")
          server.answer(answer)
        case .shift:
          server.shift(&random)
        case .cancel:
          guard !tasks.isEmpty else { continue }
          tasks[random.below(tasks.count)].cancel()
        case .yield:
          for _ in 0..<1 + random.below(4) { await Task.yield() }
        }
        if picked != .covered && picked != .displayed { log.append("\(picked)") }
        await Task.yield()
        check("step \(step)")
      }
      // Every load is answered until every trigger is done and nothing loads.
      var rounds = 0
      // (The view displays rows too, and the loads they start are no trigger of the test's: they are waited for.)
      while (running.count > 0 || paging.state.isBusy || !server.waiting.isEmpty) && rounds < 2_000 {
        rounds += 1
        server.answer(.page)
        await Task.yield()
      }
      if running.count > 0 || !server.waiting.isEmpty {
        problems.append("settled: \(running.count) triggers never ended, \(server.waiting.count) loads waiting")
      }
      check("settled")
      if paging.state.isBusy {
        problems.append("settled: still \(paging.state), \(server.waiting.count) loads waiting, rows \(paging.rows)")
      }
      if !problems.isEmpty {
        failingSeeds += 1
        if failures.count < 3 {
          failures.append(
            "seed \(seed) sizes \(server.sizes)\(keepsDuplicates ? " keeping duplicates" : ""): \(problems.prefix(3).joined(separator: "; "))\n  "
              + log.joined(separator: "\n  "))
        }
      }
      withExtendedLifetime(engine) {}
    }
    #expect(failingSeeds == 0, "\(failingSeeds) seeds failed; the first:\n\(failures.joined(separator: "\n\n"))")
  }
}
