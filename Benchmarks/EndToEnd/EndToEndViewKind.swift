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
