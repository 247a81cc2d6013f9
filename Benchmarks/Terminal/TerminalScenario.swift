import ListFlowDiff
import ListFlowTerminal
import ListFlowTesting
import TestSupport

/// The `terminal` scenario of Benchmarks/README.md: a 50-row viewport over a 100,000-row list, 1,000 updates each
/// changing 1% of the rows, drawn by `TerminalListView` into a capturing output.
///
/// Each update changes 1% of the rows, a quarter each deleted, moved, updated and inserted at random places
/// (SplitMix64 seeded with 42), delivered to the view as the stages a staged changeset has (updates, deletes,
/// inserts and moves). The list's data source is a plain array served straight to the view; the stage paths are
/// exact, and the stages' `data` is left empty because the view pulls rows from its data source and never reads
/// it (building a 100,000-cell snapshot per stage would measure the snapshot, not the terminal).
///
/// A row the view cannot draw (an error from the data source) fails the scenario instead of being measured.
///
/// Contenders: `top` (the cursor on the first row) and `middle` (the cursor on row 50,000); and `top-10k`, the
/// same changes rate over a 10,000-row list, to show that bytes follow the changed visible rows and not the list
/// size. Extras: `bytes_per_update` (median), `bytes_per_update_mean`, `bytes_full_repaint` (the first frame),
/// `changed_rows_per_update` (mean rows rewritten, counted from cursor moves) and `bytes_per_changed_row`.
enum TerminalScenario {
  /// The terminal scenarios, for the registry.
  static let all: [BenchmarkScenario] = [scenario]

  static let scenario = BenchmarkScenario(
    name: "terminal",
    summary: "50-row viewport over 100,000 rows, 1,000 updates of 1% changes: bytes written per update"
  ) { context in
    try await MainActor.run {
      [
        try measure(contender: "top", rowCount: 100_000, cursor: 0, context: context),
        try measure(contender: "middle", rowCount: 100_000, cursor: 50_000, context: context),
        try measure(contender: "top-10k", rowCount: 10_000, cursor: 0, context: context),
      ]
    }
  }

  /// The screen: a title bar, 50 list rows, a status bar.
  static let size = TerminalSize(columns: 80, rows: 52)
  static let updateCount = 1_000

  @MainActor
  static func measure(
    contender: String, rowCount: Int, cursor: Int, context: BenchmarkContext
  ) throws -> BenchmarkResult {
    var bytes: [Int] = []
    var changedRows = 0
    var fullRepaint = 0
    var result = try context.measure(scenario: "terminal", contender: contender) { () throws -> Int in
      let run = try replay(rowCount: rowCount, cursor: cursor)
      bytes = run.bytesPerUpdate
      changedRows = run.changedRows
      fullRepaint = run.fullRepaint
      return run.bytesPerUpdate.reduce(0, +)
    }
    let sorted = bytes.sorted()
    let total = bytes.reduce(0, +)
    result.extra = [
      "bytes_per_update": .int(sorted.isEmpty ? 0 : sorted[sorted.count / 2]),
      "bytes_per_update_mean": .double(Double(total) / Double(max(bytes.count, 1))),
      "bytes_full_repaint": .int(fullRepaint),
      "changed_rows_per_update": .double(Double(changedRows) / Double(max(bytes.count, 1))),
      "bytes_per_changed_row": .double(Double(total) / Double(max(changedRows, 1))),
    ]
    return result
  }

  /// One run: a fresh view and list, the cursor placed, then every update; bytes written per update.
  @MainActor
  static func replay(
    rowCount: Int, cursor: Int
  ) throws(ListFlowError) -> (bytesPerUpdate: [Int], changedRows: Int, fullRepaint: Int) {
    var random = SeededRandom(seed: 42)
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .screen(size), title: "terminal benchmark")
    let source = ArrayDataSource(items: random.newItems(rowCount))
    view.dataSource = source
    view.reusePool.register(TextCell.self)
    view.reloadData()
    if let error = view.lastError { throw error }
    let fullRepaint = output.takeBytes().count
    view.perform(.moveDown)
    for _ in 0..<cursor / 49 { view.perform(.pageDown) }
    _ = output.takeBytes()
    var bytesPerUpdate: [Int] = []
    var changedRows = 0
    for _ in 0..<updateCount {
      let stages = source.applyRandomChanges(fraction: 100, using: &random)
      for (index, stage) in stages.enumerated() {
        source.items = stage.items
        view.performBatchUpdates(
          ListUpdate(
            changeset: stage.changeset, reconfiguredRows: stage.changeset.elementUpdated, reloadedRows: [],
            stage: index, stageCount: stages.count))
      }
      if let error = view.lastError { throw error }
      let written = output.takeBytes()
      bytesPerUpdate.append(written.count)
      changedRows += cursorMoves(in: written)
    }
    return (bytesPerUpdate, changedRows, fullRepaint)
  }

  /// The number of cursor-position sequences (`ESC [ r ; c H`): one per rewritten row.
  static func cursorMoves(in bytes: [UInt8]) -> Int {
    var count = 0
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == 0x1B, bytes[index + 1] == 0x5B {
        var end = index + 2
        while end < bytes.count, (0x30...0x3B).contains(bytes[end]) { end += 1 }
        if end < bytes.count, bytes[end] == 0x48 { count += 1 }
        index = end
      } else {
        index += 1
      }
    }
    return count
  }
}
