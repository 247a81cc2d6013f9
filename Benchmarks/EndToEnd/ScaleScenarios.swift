import TestSupport

/// The scale scenarios: long lists of rows declared as values through `ListController(rows:cell:)`, changed
/// by ``ChangeMix`` and applied in a closed loop (``ApplyLoop``), and ``RowCostScenario``.
///
/// `apply100k` and `apply100x1k` drive two views: `RecordingListView` keeping only its latest batch and
/// configured cell (`listflow`), and a 50-row ``ViewportListView`` (`listflow-viewport`). `apply1m` drives the
/// viewport only: a recording view holds and checks a cell for each of the million rows, which measures the test
/// view rather than the pipeline and makes one run last minutes.
enum ScaleScenarios {
  /// `apply100k`, `apply100x1k`, `apply1m`, `rowcost`.
  static let all: [BenchmarkScenario] = [
    oneSection(
      "apply100k", rows: 100_000, states: 1_000, views: views,
      "100,000 rows in one section, 1,000 states of 100 changes"
    ).scenario,
    apply100x1k.scenario,
    oneSection(
      "apply1m", rows: 1_000_000, states: 100, views: [.viewport],
      "1,000,000 rows in one section, 100 states of 100 changes"
    ).scenario,
    RowCostScenario.scenario,
  ]

  /// The two views of `apply100k` and `apply100x1k`.
  static let views: [EndToEndViewKind] = [.recording(historyLimit: 1), .viewport]

  /// `apply100k` and `apply1m`: `rows` rows in one section; `states` states of 100 changes each.
  static func oneSection(
    _ name: String, rows: Int, states: Int, views: [EndToEndViewKind], _ summary: String
  ) -> ApplyLoop {
    ApplyLoop(name: name, summary: summary, stateCount: states, views: views) { random in
      EndToEndState(sections: [random.newItems(rows)])
    } change: { state, random in
      ChangeMix.apply(100, to: &state.sections[0], using: &random)
    }
  }

  /// `apply100x1k`: 100 sections of 1,000 rows; each state makes 12 changes in one section drawn with
  /// `below(100)`, and the other 99 sections keep their arrays (the same buffers, not rebuilt).
  static let apply100x1k = ApplyLoop(
    name: "apply100x1k", summary: "100 sections × 1,000 rows, 1,000 states of 12 changes in one section",
    stateCount: 1_000, views: views
  ) { random in
    EndToEndState(sections: (0..<100).map { _ in random.newItems(1_000) })
  } change: { state, random in
    let section = random.below(100)
    ChangeMix.apply(12, to: &state.sections[section], using: &random)
  }
}
