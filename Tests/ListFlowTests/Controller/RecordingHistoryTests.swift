import ListFlow
import ListFlowTesting
import Testing

@Suite("RecordingListView's history limit")
@MainActor
struct RecordingHistoryTests {
  /// Applies `count` states that each rename one fruit, and returns the view.
  func drive(_ view: RecordingListView, states count: Int) async throws {
    let controller = ListController<Basket>(cell: Basket.cell)
    let engine = try ListEngine(view: view, showing: controller)
    for index in 0..<count {
      let fruits = (0..<5).map { Fruit(name: "fruit \($0)", isRipe: $0 == index % 5) }
      await controller.apply(Basket(fruits: fruits))
    }
    withExtendedLifetime(engine) {}
  }

  @Test("without a limit every batch and configured cell is kept")
  func keepsEverything() async throws {
    let view = RecordingListView()
    try await drive(view, states: 300)
    #expect(view.updates.count >= 299)
    #expect(view.configuredCells.count >= 300)
  }

  @Test("with a limit the history stays bounded, keeps the latest entries and the view stays consistent")
  func boundedHistory() async throws {
    let limited = RecordingListView(historyLimit: 10)
    let unlimited = RecordingListView()
    try await drive(limited, states: 300)
    try await drive(unlimited, states: 300)
    #expect(limited.updates.count >= 10 && limited.updates.count <= 10 + 1)
    #expect(limited.configuredCells.count >= 10 && limited.configuredCells.count <= 10 + 1)
    #expect(limited.updates.last.map { "\($0.changeset)" } == unlimited.updates.last.map { "\($0.changeset)" })
    #expect(limited.configuredCells.suffix(10).map(\.text) == unlimited.configuredCells.suffix(10).map(\.text))
    #expect(limited.inconsistencies.isEmpty)
    #expect(limited.renderedLines == unlimited.renderedLines)
  }
}
