import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Paged feeds driven by random servers (random page sizes, empty and non-empty pages, random next pages, data that
/// shifts between steps) and random reports (covered rows, displayed rows, explicit loads), checked after every
/// step against plain rules: a page that adds no row starts no other load by itself, nothing shows a loading row
/// while nothing loads, each identity is shown once, and a refresh of the loaded pages shows what the server
/// answers now for them.
@MainActor
@Suite("Paged feed, random servers and reports", .timeLimit(.minutes(60)))
struct PagedFeedPropertyTests {
  /// One report of a step: what the user or the host did.
  enum Report: CustomStringConvertible {
    case refresh
    case loadMore
    case refreshLoadedPages
    case covered(Range<Int>, capacity: Int?)
    case displayed(Int)

    var description: String {
      switch self {
      case .refresh: "refresh"
      case .loadMore: "loadMore"
      case .refreshLoadedPages: "refreshLoadedPages"
      case .covered(let rows, let capacity): "covered \(rows) capacity \(capacity.map(String.init) ?? "-")"
      case .displayed(let row): "displayed \(row)"
      }
    }

    /// The kinds of report ``random(_:rowCount:reloads:)`` draws.
    enum Kind { case refresh, loadMore, covered, displayed, refreshLoadedPages }

    /// The reports a step draws, by weight, when refreshes of the loaded pages are not among them.
    static let kinds = WeightedChoice<Kind>([
      ("refresh", weight: 1, .refresh),
      ("load more", weight: 1, .loadMore),
      ("report the rows covered and the viewport's capacity", weight: 1, .covered),
      ("display a row (the user scrolled to it)", weight: 2, .displayed),
    ])

    /// The reports a step draws, by weight, refreshes of the loaded pages among them.
    static let kindsWithReloads = WeightedChoice<Kind>(
      kinds.options.map { ($0.name, weight: $0.weight, $0.value) } + [
        ("refresh the loaded pages", weight: 1, .refreshLoadedPages)
      ])

    static func random(_ random: inout SeededRandom, rowCount: Int, reloads: Bool) -> Report {
      switch (reloads ? kindsWithReloads : kinds).pick(using: &random).value {
      case .refresh: return .refresh
      case .loadMore: return .loadMore
      case .covered:
        let start = Int(random.next() % UInt64(rowCount + 3))
        let length = Int(random.next() % 6)
        return .covered(start..<(start + length), capacity: random.next() % 2 == 0 ? nil : Int(random.next() % 8))
      case .displayed:
        // A row of the content brought on screen (the user scrolled to it); a refresh when there is none.
        return rowCount == 0 ? .refresh : .displayed(Int(random.next() % UInt64(rowCount)))
      case .refreshLoadedPages: return .refreshLoadedPages
      }
    }
  }

  /// Runs one report; returns the rows a refresh of the loaded pages is expected to show, when it is one.
  func run(_ report: Report, on harness: PagedFeedHarness) async -> PagingController<Page<TestRow, Int>>.Outcome? {
    switch report {
    case .refresh: await harness.paging.refresh()
    case .loadMore: await harness.paging.loadMore()
    case .refreshLoadedPages: return await harness.paging.refreshLoadedPages()
    case .covered(let rows, let capacity): await harness.paging.visibleRowsChanged(rows, viewportCapacity: capacity)
    case .displayed(let row): harness.paging.rowDisplayed(row)
    }
    return nil
  }

  /// Checks the rules that hold after every step.
  func checkSettled(_ harness: PagedFeedHarness, step: Int, report: Report, context: String) {
    let paging = harness.paging
    let operations = harness.operations(ofStep: step)
    // No load after one that added no row (or failed) in the same step: only a report starts a load then.
    for (index, operation) in operations.enumerated().dropLast() {
      let addedNoRow =
        operation.isRefresh ? operation.rowsAfter == 0 : operation.rowsAfter == operation.rowsBefore
      #expect(
        !(addedNoRow || operation.failed),
        "\(context): load \(index) of step \(step) (\(report)) added no row or failed, yet \(operations.count - index - 1) more loads followed by themselves"
      )
      if addedNoRow || operation.failed { break }
    }
    #expect(harness.server.loadsInStep <= harness.server.loadLimit, "\(context): the feed loops")
    // Idle: no loading row.
    if !paging.state.isBusy, paging.state != .initial {
      let lines = harness.view.renderedLines
      #expect(!lines.contains("Loading…"), "\(context): a loading footer while nothing loads: \(lines.suffix(5))")
      #expect(!lines.contains("░░░░"), "\(context): placeholder rows while nothing loads: \(lines.suffix(5))")
    }
    #expect(!paging.state.isBusy, "\(context): still loading after the step settled")
    // Each identity once, in the controller and on the view.
    let ids = paging.rows.map(\.id)
    #expect(Set(ids).count == ids.count, "\(context): an identity shown twice: \(ids.prefix(40))")
    let contentLines = harness.view.renderedLines.filter { $0.hasPrefix("r") }
    #expect(Set(contentLines).count == contentLines.count, "\(context): a row shown twice: \(contentLines.prefix(40))")
    #expect(contentLines == paging.rows.map { "r\($0.id) v\($0.version)" }, "\(context): the view and the rows differ")
    #expect(harness.view.inconsistencies.isEmpty, "\(context): \(harness.view.inconsistencies)")
  }

  @Test(
    "a page that adds no row starts no load by itself, and no loading row stays while idle",
    arguments: 0..<DeepPass.cases(quick: 10, deep: 40))
  func emptyPagesDoNotLoop(round: Int) async throws {
    let seed = 0x9A6E_0000 &+ UInt64(round)
    var random = SeededRandom(seed: seed)
    let harness = try PagedFeedHarness(&random)
    harness.server.startStep()
    await harness.paging.refresh()
    #expect(await harness.settle(), "seed \(seed): the first page never settled")
    checkSettled(harness, step: 0, report: .refresh, context: "seed \(seed), step 0")
    for step in 1..<25 {
      if random.next() % 4 == 0 { harness.server.shift(&random) }
      let report = Report.random(&random, rowCount: harness.paging.rows.count, reloads: false)
      harness.log.step = step
      harness.server.startStep()
      _ = await run(report, on: harness)
      let context = "seed \(seed), step \(step) (\(report))"
      #expect(await harness.settle(), "\(context): the feed never settled")
      checkSettled(harness, step: step, report: report, context: context)
    }
  }

  @Test(
    "a refresh of the loaded pages shows what the server answers now for them, each identity once",
    arguments: 0..<DeepPass.cases(quick: 10, deep: 40))
  func refreshLoadedPagesFollowsTheServer(round: Int) async throws {
    let seed = 0x9A6F_0000 &+ UInt64(round)
    var random = SeededRandom(seed: seed)
    let harness = try PagedFeedHarness(&random)
    harness.server.startStep()
    await harness.paging.refresh()
    #expect(await harness.settle(), "seed \(seed): the first page never settled")
    var pagesLoaded = harness.server.cursors.count
    for step in 1..<25 {
      if random.next() % 2 == 0 { harness.server.shift(&random) }
      let report =
        random.next() % 3 == 0
        ? Report.refreshLoadedPages : Report.random(&random, rowCount: harness.paging.rows.count, reloads: true)
      let context = "seed \(seed), step \(step) (\(report))"
      // The plain model: the pages loaded since the rows were last replaced, answered now.
      let expected = harness.server.rowsOfFirstPages(max(1, pagesLoaded), keepingDuplicates: false)
      let firstRefresh = harness.paging.state == .initial
      harness.log.step = step
      harness.server.startStep()
      let outcome = await run(report, on: harness)
      #expect(await harness.settle(), "\(context): the feed never settled")
      checkSettled(harness, step: step, report: report, context: context)
      if case .replaced(let count) = outcome, !firstRefresh {
        #expect(count == expected.count, "\(context): \(count) rows, the server answers \(expected.count)")
        #expect(
          Array(harness.paging.rows.prefix(count)) == expected,
          "\(context): the rows after the refresh differ from the server's answer now")
      }
      // Pages loaded since the rows were last replaced: a replacing load starts over with the pages it asked for.
      for operation in harness.operations(ofStep: step) where !operation.failed {
        pagesLoaded = operation.isRefresh ? operation.pagesAsked : pagesLoaded + 1
      }
    }
  }
}
