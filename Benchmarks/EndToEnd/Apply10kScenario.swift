/// `apply10k`: a 10,000-row list in 10 sections, 1,000 successive states with 1% random changes each
/// (``EndToEndState/change(_:using:)``), applied through `ListController` to `RecordingListView` keeping its latest
/// 100 batches (contender `listflow`) and to a 50-row ``ViewportListView`` (`listflow-viewport`), in a closed
/// loop (``ApplyLoop``).
enum Apply10kScenario {
  static let scenario = ApplyLoop(
    name: "apply10k", summary: "10,000 rows, 1,000 states of 1% changes: store → controller → view",
    stateCount: 1_000, views: EndToEndViewKind.standard
  ) { random in
    EndToEndState(sections: (0..<10).map { _ in random.newItems(1_000) })
  } change: { state, random in
    state.change(100, using: &random)  // 1% of 10,000 rows
  }.scenario
}
