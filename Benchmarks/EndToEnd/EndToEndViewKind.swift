import ListFlow
import ListFlowTesting

/// The view a run drives: the recording test view BENCHMARKS.md names, or a small viewport that records nothing.
enum EndToEndViewKind: String, CaseIterable, Sendable {
  /// `RecordingListView`: holds a cell per row and checks every batch, keeping the latest 100 batches and
  /// configured cells (`historyLimit`), so that its history does not grow with the run.
  case recording = "listflow"
  /// ``ViewportListView``: 50 rows shown, nothing recorded.
  case viewport = "listflow-viewport"

  /// A new view of this kind.
  @MainActor
  func makeView() -> any ListView {
    switch self {
    case .recording: RecordingListView(historyLimit: 100)
    case .viewport: ViewportListView()
    }
  }

  /// Whether `view` shows exactly `state` (the viewport: its first rows) and never was inconsistent.
  @MainActor
  static func shows(_ view: any ListView, _ state: EndToEndState) -> Bool {
    let lines = ListRendering.lines(of: EndToEndState.listSections(state))
    if let view = view as? RecordingListView {
      return view.inconsistencies.isEmpty && view.renderedLines == lines
    }
    if let view = view as? ViewportListView {
      return view.renderedLines == Array(lines.prefix(view.renderedLines.count)) && !view.renderedLines.isEmpty
    }
    return false
  }
}

extension EndToEndViewKind {
  /// Measures one run function on every kind of view, one result per kind.
  ///
  /// - Parameters:
  ///   - scenario: The scenario's name.
  ///   - context: The measuring context.
  ///   - changes: The number of changes a run reports, if any.
  ///   - runOnce: One run on a new view of the given kind.
  ///   - summarise: Adds the scenario's keys to a result from its timed runs (the warm-up left out).
  /// - Returns: The results, in the order of `allCases`.
  static func measureEach<Run: Sendable>(
    scenario: String,
    context: BenchmarkContext,
    changes: Int?,
    runOnce: @MainActor (EndToEndViewKind) async -> Run,
    summarise: (inout BenchmarkResult, ArraySlice<Run>) -> Void
  ) async -> [BenchmarkResult] {
    var results: [BenchmarkResult] = []
    for kind in allCases {
      var runs: [Run] = []
      var result = await context.measure(scenario: scenario, contender: kind.rawValue) { () async -> Int? in
        runs.append(await runOnce(kind))
        return changes
      }
      summarise(&result, runs.dropFirst())
      results.append(result)
    }
    return results
  }
}
