import ListFlow
import ListFlowTesting

/// The view a run drives: the recording test view, or a small viewport that records nothing.
enum EndToEndViewKind: Hashable, Sendable {
  /// `RecordingListView`: holds a cell per row and checks every batch, keeping the latest `historyLimit`
  /// batches and configured cells, so that its history does not grow with the run.
  case recording(historyLimit: Int)
  /// ``ViewportListView``: 50 rows shown, nothing recorded.
  case viewport

  /// The two views of `apply10k` and `flood`: the recording view keeping its latest 100 batches, and the
  /// viewport.
  static let standard: [EndToEndViewKind] = [.recording(historyLimit: 100), .viewport]

  /// The contender's name in the results: `listflow` for the recording view, `listflow-viewport`.
  var contender: String {
    switch self {
    case .recording: "listflow"
    case .viewport: "listflow-viewport"
    }
  }

  /// A new view of this kind.
  @MainActor
  func makeView() -> any ListView {
    switch self {
    case .recording(let historyLimit): RecordingListView(historyLimit: historyLimit)
    case .viewport: ViewportListView()
    }
  }

  /// Whether `view` shows exactly `state` (the viewport: its first rows) and never was inconsistent.
  ///
  /// The viewport's lines are compared with those of the first rows only, so that checking a million-row list
  /// does not make a cell for every row.
  @MainActor
  static func shows(_ view: any ListView, _ state: EndToEndState) -> Bool {
    if let view = view as? RecordingListView {
      let lines = ListRendering.lines(of: EndToEndState.listSections(state))
      return view.inconsistencies.isEmpty && view.renderedLines == lines
    }
    if let view = view as? ViewportListView {
      let shown = view.renderedLines
      let first = EndToEndState(sections: [Array((state.sections.first ?? []).prefix(shown.count))])
      return !shown.isEmpty && shown == ListRendering.lines(of: EndToEndState.listSections(first))
    }
    return false
  }
}

extension EndToEndViewKind {
  /// Measures one run function on each kind of view, one result per kind.
  ///
  /// - Parameters:
  ///   - kinds: The views, in the order of the results.
  ///   - scenario: The scenario's name.
  ///   - context: The measuring context.
  ///   - changes: The number of changes a run reports, if any.
  ///   - runOnce: One run on a new view of the given kind.
  ///   - summarise: Adds the scenario's keys to a result from its timed runs (the warm-up and the untimed
  ///     memory run left out).
  /// - Returns: The results, in the order of `kinds`, of the kinds that ``BenchmarkContext/views`` selects.
  static func measureEach<Run: Sendable>(
    _ kinds: [EndToEndViewKind] = standard,
    scenario: String,
    context: BenchmarkContext,
    changes: Int?,
    runOnce: @MainActor (EndToEndViewKind) async -> Run,
    summarise: (inout BenchmarkResult, ArraySlice<Run>) -> Void
  ) async -> [BenchmarkResult] {
    var results: [BenchmarkResult] = []
    for kind in kinds where context.views.isEmpty || context.views.contains(kind.contender) {
      var runs: [Run] = []
      var result = await context.measure(scenario: scenario, contender: kind.contender) { () async -> Int? in
        runs.append(await runOnce(kind))
        return changes
      }
      summarise(&result, runs.dropFirst().prefix(context.runs))
      results.append(result)
    }
    return results
  }
}
