import ListFlowTerminal
import LogViewer

/// `logviewer`: the live log viewer (the `LogViewer` target: a store, a `ListController` of rows, a `FilteredFeed`,
/// a `TerminalListView` of 80×24 on a capturing output), at 10,000, 100,000 and 1,000,000 lines.
///
/// Contenders, one per size and measurement:
/// - `N/state`: one state of the stream: 1,000 lines appended and the 1,000 oldest dropped, the filter empty;
///   `cell_calls` is the median number of calls to the app's `cell` function per state. The lines are written
///   before the clock starts (making them is the log's work, not the viewer's): a sample is the app taking them
///   into its store, the controller applying the state, and the frame written.
/// - `N/state-filtered`: the same with the query `api` set (most lines match), the lines written untimed too.
/// - `N/state-filtered-marked`: the same with three lines the query hides marked (the newest when marked, marked
///   again, untimed, when the log dropped them): selected rows a filter hides, followed through every state.
/// - `N/key-top`, `N/key-middle`, `N/key-bottom`: one cursor move (↓ then ↑, alternately) with the cursor at the
///   first row, the middle row or the last row; `cell_calls` per key.
/// - `N/key-mark`: space on the middle row, marking it and unmarking it in turn (a multi-select list).
/// - `N/filter-char`: one typed character of the query `/4029`, then Backspace back to empty, each timed.
/// - `N/filter-char-streaming`: the same keys with a state of the stream before each (the state not timed): a
///   character that meets a list it has not matched yet.
/// - `N/first-load`: the first state, all lines at once (one sample, its lines written before the clock
///   starts, as for every state; `cell_calls` for it).
///
/// Each contender's samples are those it times itself (at least `--runs`, at least 5); the stream's states
/// (`state`, `state-filtered`) four times that, at least 20: a live log is a stream of states, and the first few
/// after a large change (the first load, a new query) cost more than the stream's usual state (at 100,000 lines
/// here: 6-8 ms for the first two or three, 3.5-5 ms after), so a median of five would mostly measure those.
/// Every sample is timed: the first ones show in `max_ms`.
/// `--view NAME` times only the contenders named (`state`, `state-filtered`...); the steps of the others still
/// run once each, untimed, so that a contender meets the list it meets in a full run.
enum LogViewerScenario {
  /// The log viewer scenarios, for the registry.
  static let all: [BenchmarkScenario] = [scenario]

  static let sizes = [10_000, 100_000, 1_000_000]
  static let size = TerminalSize(columns: 80, rows: 24)
  static let tick = 1_000
  /// The contenders of one size, in the order they run.
  static let contenders = [
    "first-load", "state", "key-top", "key-middle", "key-bottom", "key-mark", "filter-char", "state-filtered",
    "state-filtered-marked", "filter-char-streaming",
  ]

  static let scenario = BenchmarkScenario(
    name: "logviewer",
    summary: "log viewer, 1,000 lines in and out a state, filter, keys: 10k, 100k, 1M lines"
  ) { context in
    var results: [BenchmarkResult] = []
    for lines in context.logLines.isEmpty ? sizes : context.logLines {
      results += try await measure(lines: lines, context: context)
    }
    return results
  }

  /// Times `body` `count` times; the samples and the median `cell` calls.
  @MainActor
  static func sample(
    _ viewer: LogViewer, count: Int, untimed prepare: (() async -> Void)? = nil,
    _ body: (Int) async throws -> Void
  ) async rethrows -> (times: [Double], calls: Int) {
    let clock = ContinuousClock()
    var times: [Double] = []
    var calls: [Int] = []
    for index in 0..<count {
      if let prepare { await prepare() }
      let before = viewer.cellCalls
      let start = clock.now
      try await body(index)
      times.append(BenchmarkContext.milliseconds(start.duration(to: clock.now)))
      calls.append(viewer.cellCalls - before)
    }
    return (times, calls.isEmpty ? 0 : calls.sorted()[calls.count / 2])
  }

  @MainActor
  static func measure(lines: Int, context: BenchmarkContext) async throws -> [BenchmarkResult] {
    let label = lines >= 1_000_000 ? "\(lines / 1_000_000)m" : "\(lines / 1_000)k"
    let runs = max(context.runs, 5)
    let states = max(context.runs * 4, 20)
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(size), title: "log")
    let viewer = try LogViewer(view: view, capacity: lines)
    var source = LogSource()
    var results: [BenchmarkResult] = []
    // `--view` names the contenders timed; the others run their steps once, untimed, for the state they leave.
    func times(_ name: String) -> Bool { context.views.isEmpty || context.views.contains(name) }
    func count(_ name: String, _ samples: Int) -> Int { times(name) ? samples : 1 }
    func result(_ name: String, _ sampled: (times: [Double], calls: Int)) {
      guard times(name) else { return }
      results.append(
        BenchmarkResult(
          scenario: "logviewer", contender: "\(label)/\(name)", timesMS: sampled.times,
          extra: ["cell_calls": .int(sampled.calls)]))
    }

    // The first lines, like every state's, are written by the log before the clock starts.
    let firstLines = source.next(lines)
    let load = await sample(viewer, count: 1) { _ in
      viewer.append(firstLines)
      await viewer.controller.apply(viewer.store.state)
    }
    result("first-load", load)

    func state() async {
      viewer.append(source.next(tick))
      await viewer.controller.apply(viewer.store.state)
    }
    // The lines of a timed state, written by the log before the clock starts.
    var written: [LogLine] = []
    func timedState() async {
      viewer.append(written)
      await viewer.controller.apply(viewer.store.state)
    }
    result(
      "state",
      await sample(viewer, count: count("state", states), untimed: { written = source.next(tick) }) { _ in
        await timedState()
      })

    let rowCount = viewer.engine.snapshot.reduce(0) { $0 + $1.elements.count }
    let sections = viewer.engine.snapshot.map(\.elements.count)
    func path(ofRow row: Int) -> ItemPath {
      var rest = row
      for (section, count) in sections.enumerated() {
        if rest < count { return ItemPath(item: rest, section: section) }
        rest -= count
      }
      return ItemPath(item: max((sections.last ?? 1) - 1, 0), section: max(sections.count - 1, 0))
    }
    for (name, row) in [("key-top", 0), ("key-middle", rowCount / 2), ("key-bottom", rowCount - 1)] {
      try viewer.engine.scrollToRow(at: path(ofRow: row), alignment: .center)
      let atBottom = row == rowCount - 1
      result(
        name,
        await sample(viewer, count: count(name, runs * 2)) { index in
          view.handle((index % 2 == 0) != atBottom ? .down : .up)
        })
    }

    try viewer.engine.scrollToRow(at: path(ofRow: rowCount / 2), alignment: .center)
    result("key-mark", await sample(viewer, count: count("key-mark", runs * 2)) { _ in view.handle(.character(" ")) })

    view.handle(.character("/"))
    let typed = Array("4029")
    result(
      "filter-char",
      await sample(viewer, count: times("filter-char") ? typed.count * 2 : 0) { index in
        view.handle(index < typed.count ? .character(typed[index]) : .backspace)
      })
    for character in "api" { view.handle(.character(character)) }
    view.handle(.enter)
    result(
      "state-filtered",
      await sample(viewer, count: count("state-filtered", states), untimed: { written = source.next(tick) }) { _ in
        await timedState()
      })
    // Three of the newest lines the query hides, marked (again when the log dropped them): the last ones of the
    // last section.
    func markHidden() {
      guard viewer.engine.selection.identifiers.count < 3,
        let newest = viewer.controller.displayedSections.last?.elements
      else { return }
      var marked = viewer.engine.selection.identifiers.count
      for item in newest.indices.reversed().prefix(1_000) where marked < 3 {
        guard let line = newest[item].model(as: LogLine.self), FilteredFeed.Match(query: "api", in: line.text) == nil,
          !viewer.engine.selection.contains(ListIdentifier(line.id))
        else { continue }
        viewer.engine.select(ListIdentifier(line.id))
        marked += 1
      }
    }
    result(
      "state-filtered-marked",
      await sample(
        viewer, count: count("state-filtered-marked", states),
        untimed: {
          written = source.next(tick)
          markHidden()
        }
      ) { _ in await timedState() })
    view.handle(.escape)
    view.handle(.character("/"))
    // The same characters while lines stream: a state comes before each (not timed), so each character
    // matches the rows of a list it has not seen.
    result(
      "filter-char-streaming",
      await sample(viewer, count: times("filter-char-streaming") ? typed.count * 2 : 0, untimed: { await state() }) {
        index in
        view.handle(index < typed.count ? .character(typed[index]) : .backspace)
      })
    view.handle(.escape)
    await viewer.stop()
    return results
  }
}
