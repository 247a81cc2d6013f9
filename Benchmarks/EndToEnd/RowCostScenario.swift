import ListFlow
import ListFlowTesting
import TestSupport

/// `rowcost`: 100,000 rows declared as values, loaded into a 50-row ``ViewportListView`` by one
/// `ListController.apply`: what the controller and the view keep per row.
///
/// The app's own array of rows is made before the measurement and is not counted. `bytes_per_row` is the
/// resident memory the process gains by the load, once the heap is trimmed, with the controller and the view
/// still alive, divided by the rows; `peak_bytes_per_row` is the peak during the load (the diff's and the first
/// binders' temporary memory included) divided the same way. Both come from one more, untimed load after the
/// timed ones (see ``MemoryProbe``); the times are those of the load itself.
enum RowCostScenario {
  static let rowCount = 100_000

  static let scenario = BenchmarkScenario(
    name: "rowcost", summary: "100,000 rows loaded into a 50-row viewport: memory kept per row"
  ) { context in
    await measure(context)
  }

  @MainActor
  private static func measure(_ context: BenchmarkContext) async -> [BenchmarkResult] {
    var random = SeededRandom()
    let state = EndToEndState(sections: [random.newItems(rowCount)])
    var result = await context.measure(scenario: "rowcost", contender: EndToEndViewKind.viewport.contender) {
      () async -> Int? in
      blackHole(await load(state))
      return nil
    }
    guard context.measuresMemory, let before = context.memory.start() else {
      result.note = "resident memory not measured"
      return [result]
    }
    let loaded = await load(state)
    let resident = context.memory.residentBytes()
    let peak = context.memory.gainedBytes(since: before)
    withExtendedLifetime(loaded) {}
    if let resident { result.extra["bytes_per_row"] = .double(Double(resident - before) / Double(rowCount)) }
    if let peak { result.extra["peak_bytes_per_row"] = .double(Double(peak) / Double(rowCount)) }
    return [result]
  }

  /// A new viewport, controller and engine showing `state` (the view holds its engine weakly, so the engine
  /// is returned with them: dropping it would leave the view with nothing to show).
  @MainActor
  private static func load(_ state: EndToEndState) async -> (ListController<EndToEndState>, ListEngine, any ListView) {
    let view = EndToEndViewKind.viewport.makeView()
    let (controller, engine) = EndToEndState.makeController(view: view)
    await controller.apply(state)
    precondition(EndToEndViewKind.shows(view, state), "rowcost: the rows were not shown")
    return (controller, engine, view)
  }
}
