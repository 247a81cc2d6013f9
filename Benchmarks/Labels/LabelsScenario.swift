import Foundation
import ListFlowTerminal
import ListFlowTesting
import TestSupport

/// `labels`: N rows of an `Int` identity and a text label (``LabelRow``), 200 states each making 100 label
/// updates, 10 deletes, 10 inserts and 5 moves (``LabelChange/make(_:nextID:using:)``, seeded with 42), through the
/// README's rows path (`ListController(rows:cell:)` and `ListEngine`), at 1,000, 10,000, 100,000 and 1,000,000
/// rows (`--lines N` picks sizes).
///
/// Contenders, per size (`10k/terminal`…):
/// - `terminal`: a `TerminalListView` of 80×24 on a `CapturingOutput`; each state is handed to
///   `controller.apply(_:)`, which returns once the frame's bytes are written.
/// - `viewport`: the same controller on a 22-row `ViewportListView`.
/// - `terminal-edits`, `viewport-edits`: the terminal or the viewport, each state's 125 changes told through a
///   `ListEdit` (`makeEdit`, the edits, `apply(_:)`) instead of a new state: the clock runs from `makeEdit` to the
///   frame.
/// - `viewport-sections`: the viewport, each state an edit that changes sections beside the labels instead, in
///   turn: one inserts a section of 10 new rows before them, the next moves it after them, the next deletes it
///   (`makeEdit`, `insertSections`, `moveSection` or `deleteSections`, `apply(_:)`); the labels do not change.
///   Such an edit is diffed, not told: the clock runs from `makeEdit` to the frame, and what it shows is what the
///   untouched long section costs.
/// - `viewport-mixed`: the viewport, the states applied (`apply(_:)`, untimed) and told (timed, as in
///   `viewport-edits`) in turn, so that each told edit comes right after a state: what an app that mixes the two
///   pays for an edit.
/// - `viewport-after-edits`: the same turns, the states timed instead: what an app that mixes the two pays for a
///   state that comes right after told edits.
/// - `viewport-filtered-edits`: `viewport-edits` through a `FilteredFeed` whose query (``query``, about one row
///   in eight) the user types after the first told edit (untimed): what told edits cost while a filter is set.
/// - `viewport-text-filtered-edits`: the same with a `searchableText` of the app's own (the row's label read from
///   its binder's model): what told edits cost under a filter that does not match the rows by their titles.
/// - `viewport-reconfigure`: the viewport, each state five rows named by identity to `ListEngine.reconfigureRows`
///   instead (the rows do not change): what refreshing rows by identity costs.
/// - `viewport-early-filtered-edits`: `viewport-filtered-edits` with the query typed before the first state, on
///   the empty list: what told edits cost under a filter whose list grew long after the query was typed.
///
/// The contenders that only apply states change the array of the state before and hand it over, as an app that
/// keeps an array would (a ``RowEdits`` of it, then one copy). The others keep their rows as a ``ChunkedRows``
/// and make the array of every row only to hand a state over: `terminal-edits` and `viewport-edits` never do.
///
/// `median_ms` and `p50_ms`/`p99_ms` are of the per-state latencies of every timed run; `cpu_ms` is the process's
/// CPU time per state (the diff's background thread included); `bytes_per_frame` the median bytes a state
/// writes (0 for the viewport); `first_load_ms` the median time of the first state (every row new) to its first
/// frame. `--states N` replaces the 200 states, `--view NAME` picks contenders.
enum LabelsScenario {
  /// The labels scenario, for the registry.
  static let all: [BenchmarkScenario] = [scenario]

  static let sizes = [1_000, 10_000, 100_000, 1_000_000]
  static let stateCount = 200
  static let screen = TerminalSize(columns: 80, rows: 24)
  /// The query of `viewport-filtered-edits`: one of the eight words a label draws its second from.
  static let query = "ember"

  /// The ways a run shows the rows and changes them.
  enum Kind: String, CaseIterable {
    case terminal
    case viewport
    case terminalEdits = "terminal-edits"
    case viewportEdits = "viewport-edits"
    case viewportSections = "viewport-sections"
    case viewportMixed = "viewport-mixed"
    case viewportAfterEdits = "viewport-after-edits"
    case viewportFilteredEdits = "viewport-filtered-edits"
    case viewportTextFilteredEdits = "viewport-text-filtered-edits"
    case viewportEarlyFilteredEdits = "viewport-early-filtered-edits"
    case viewportReconfigure = "viewport-reconfigure"

    /// Whether the run shows the rows in the viewport.
    var isViewport: Bool { self != .terminal && self != .terminalEdits }
    /// Whether the changes (of every other state, for the contenders that alternate) are told through a `ListEdit`.
    var tellsEdits: Bool {
      self == .terminalEdits || self == .viewportEdits || self == .viewportMixed || self == .viewportAfterEdits
        || isFiltered
    }
    /// Whether the rows are shown through a `FilteredFeed`.
    var isFiltered: Bool {
      self == .viewportFilteredEdits || self == .viewportTextFilteredEdits || self == .viewportEarlyFilteredEdits
    }
    /// Whether the run applies a state and tells the edits in turn.
    var alternates: Bool { self == .viewportMixed || self == .viewportAfterEdits }
  }

  static let scenario = BenchmarkScenario(
    name: "labels",
    summary: "rows with a text label, 200 states of 125 changes, terminal and viewport: 1k, 10k, 100k, 1M rows"
  ) { context in
    var results: [BenchmarkResult] = []
    for rows in context.logLines.isEmpty ? sizes : context.logLines {
      for kind in Kind.allCases where context.views.isEmpty || context.views.contains(kind.rawValue) {
        results.append(await measure(kind, rows: rows, context: context))
      }
    }
    return results
  }

  /// The figures of one run.
  struct Run {
    var latencies: [Double] = []
    var cpu: Double = 0
    var bytes: [Int] = []
    var firstLoad: Double = 0
  }

  @MainActor
  static func measure(_ kind: Kind, rows: Int, context: BenchmarkContext) async -> BenchmarkResult {
    let label = rows >= 1_000_000 ? "\(rows / 1_000_000)m" : rows >= 1_000 ? "\(rows / 1_000)k" : "\(rows)"
    let states = context.stateCount ?? stateCount
    var timed: [Run] = []
    _ = await runOnce(kind, rows: rows, states: states)  // warm-up
    for _ in 0..<context.runs { timed.append(await runOnce(kind, rows: rows, states: states)) }
    var peak: Double?
    if context.measuresMemory, let before = context.memory.start() {
      let run = await runOnce(kind, rows: rows, states: states)
      peak = context.memory.gainedBytes(since: before).map { Double($0) / 1_048_576 }
      blackHole(run)
    }
    let latencies = timed.flatMap(\.latencies).sorted()
    let bytes = timed.flatMap(\.bytes).sorted()
    let loads = timed.map(\.firstLoad).sorted()
    return BenchmarkResult(
      scenario: "labels", contender: "\(label)/\(kind.rawValue)", timesMS: timed.flatMap(\.latencies),
      changes: kind == .viewportSections
        ? (0..<states).reduce(0) { $0 + ($1 % 3 == 1 ? 1 : 10) }
        : kind == .viewportReconfigure ? 5 * states : 125 * (kind.alternates ? states / 2 : states),
      peakMB: peak,
      extra: [
        "p50_ms": .double(ApplyLoop.percentile(latencies, 0.50)),
        "p99_ms": .double(ApplyLoop.percentile(latencies, 0.99)),
        "cpu_ms": .double(timed.map(\.cpu).reduce(0, +) / Double(max(latencies.count, 1))),
        "bytes_per_frame": .int(bytes.isEmpty ? 0 : bytes[bytes.count / 2]),
        "first_load_ms": .double(loads[loads.count / 2]),
      ])
  }

  /// One run: a new view and controller, the first state, then `states` states.
  @MainActor
  static func runOnce(_ kind: Kind, rows rowCount: Int, states: Int) async -> Run {
    var random = SeededRandom(seed: 42)
    var rows = (0..<rowCount).map { LabelRow(id: $0) }
    // The contenders that only apply states change the array they hand over (a `RowEdits` of it, then one copy);
    // the others keep their rows in chunks (see `ChunkedRows`).
    var model = kind.tellsEdits ? ChunkedRows(rows) : ChunkedRows([])
    var nextID = rowCount
    let output = CapturingOutput()
    let view: any ListView =
      kind.isViewport
      ? ViewportListView(rowCount: screen.rows - 2)
      : TerminalListView(output: output, mode: .screen(screen), title: "labels")
    let controller = ListController<[LabelRow]>(
      rows: { [ListSection(id: "labels", items: $0)] }, cell: LabelRow.cell)
    // A new controller (or filter) is shown by nothing else, so showing it cannot fail.
    let filter =
      kind == .viewportTextFilteredEdits
      ? try? FilteredFeed(controller, searchableText: { ($0.model as? LabelRow)?.label ?? "" })
      : kind.isFiltered ? try? FilteredFeed(controller) : nil
    guard let engine = try? ListEngine(view: view, showing: filter ?? controller) else {
      preconditionFailure("a new controller is already shown")
    }
    if kind == .viewportEarlyFilteredEdits { filter?.query = query }
    let clock = ContinuousClock()
    var run = Run()
    var start = clock.now
    await controller.apply(rows)
    run.firstLoad = BenchmarkContext.milliseconds(start.duration(to: clock.now))
    _ = output.takeBytes()
    run.latencies.reserveCapacity(states)
    for state in 0..<states {
      if kind == .viewportReconfigure {
        let ids = (0..<5).map { _ in ListIdentifier(rows[random.below(rows.count)].id) }
        let cpuStart = cpuSeconds()
        start = clock.now
        engine.reconfigureRows(ids)
        run.latencies.append(BenchmarkContext.milliseconds(start.duration(to: clock.now)))
        run.cpu += (cpuSeconds() - cpuStart) * 1_000
        continue
      }
      if kind == .viewportSections {
        let cpuStart = cpuSeconds()
        start = clock.now
        do {
          try controller.performEdits(animated: true) { edit throws(ListFlowError) in
            switch state % 3 {
            case 0:
              let extra = (0..<10).map { LabelRow.toldCell(LabelRow(id: nextID + $0)) }
              try edit.insertSections([ListSection(id: "extra", items: extra)], at: 0)
            case 1: try edit.moveSection("extra", after: "labels")
            default: try edit.deleteSections(["extra"])
            }
          }
        } catch {
          preconditionFailure("labels: an edit was refused: \(error)")
        }
        run.latencies.append(BenchmarkContext.milliseconds(start.duration(to: clock.now)))
        run.cpu += (cpuSeconds() - cpuStart) * 1_000
        nextID += state % 3 == 0 ? 10 : 0
        continue
      }
      let changes: [LabelChange]
      if kind.tellsEdits {
        changes = LabelChange.make(&model, nextID: &nextID, using: &random)
      } else {
        var edits = RowEdits(rows)
        changes = LabelChange.make(&edits, nextID: &nextID, using: &random)
        rows = edits.rows
      }
      // The contenders that alternate apply a state on even turns and tell the edits on odd ones; each times one.
      let tell = kind.tellsEdits && !(kind.alternates && state % 2 == 0)
      let timed = !kind.alternates || tell == (kind == .viewportMixed)
      // An app that tells its edits makes no array of its rows (see `ChunkedRows`).
      if !tell, kind.tellsEdits { rows = model.rows }
      // The user types the filter's query once the list has been edited.
      if state == 1, let filter { filter.query = query }
      let cpuStart = cpuSeconds()
      start = clock.now
      if tell {
        do {
          try controller.performEdits(animated: true) { edit throws(ListFlowError) in
            for change in changes { try change.tell(&edit) }
          }
        } catch {
          preconditionFailure("labels: an edit was refused: \(error)")
        }
      } else {
        await controller.apply(rows)
      }
      guard timed else { continue }
      run.latencies.append(BenchmarkContext.milliseconds(start.duration(to: clock.now)))
      run.cpu += (cpuSeconds() - cpuStart) * 1_000
      run.bytes.append(output.takeBytes().count)
    }
    if kind.tellsEdits { rows = model.rows }
    // The list shown is the last state (its rows the query matches, for the filter): its count, and the
    // identities of about 1,000 rows spread over it.
    if filter != nil { rows = rows.filter { FilteredFeed.Match(query: query, in: $0.label) != nil } }
    let shown = engine.snapshot.first { $0.model.id == "labels" }?.elements ?? []
    let step = max(rows.count / 1_000, 1)
    precondition(
      shown.count == rows.count
        && stride(from: 0, to: rows.count, by: step).allSatisfy { shown[$0].id == ListIdentifier(rows[$0].id) },
      "labels: the list shown is not the last state")
    blackHole(engine)
    return run
  }

  /// The CPU time the process used so far, in seconds.
  static func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
