import ListFlowTerminal
import ListFlowTesting
import TestSupport
import Testing

/// A row whose cell cannot be made (its binder names a reuse identifier registered explicitly for another cell
/// type, an app's mistake the engine reports as `ListFlowError.mistypedCell`) shows a warning on its own first line, and
/// every other row keeps its own lines, through generated states, cursor moves and rows that turn good or bad.
@MainActor
@Suite struct MistypedCellLinePropertyTests {
  static let size = TerminalSize(columns: 60, rows: 14)

  /// A cell of another type that claims `TextCell`'s reuse identifier.
  final class ClaimingCell: TerminalCell {
    var text = ""
    var textRepresentation: String { text }
    func line(width: Int) -> StyledLine { StyledLine(text) }
  }

  /// A row: its identity, its version, whether its binder claims `TextCell`'s reuse identifier for another type,
  /// and its height.
  struct Row: Equatable {
    var id: Int
    var version: Int
    var isMistyped: Bool
    var height: Int
  }

  static func binder(_ row: Row) -> CellBinder {
    var binder =
      row.isMistyped
      ? CellBinder(
        cell: ClaimingCell.self, value: "bad \(row.id) v\(row.version)", id: ListIdentifier(row.id),
        reuseIdentifier: TextCell.reuseIdentifier
      ) { cell, text in cell.text = text }
      : CellBinder(cell: TextCell.self, value: "row \(row.id) v\(row.version)", id: ListIdentifier(row.id)) {
        cell, text in cell.title = text
      }
    binder.height = row.height
    return binder
  }

  /// What a state's next one does, by weight.
  static let changes = WeightedChoice<@Sendable (inout [Row], inout SeededRandom, inout Int) -> Void>([
    (
      "a row inserted, good or mistyped", weight: 2,
      { rows, random, next in
        next += 1
        let row = Row(id: next, version: 0, isMistyped: random.oneIn(3), height: 1 + random.below(2))
        rows.insert(row, at: 1 + random.below(rows.count))
      }
    ),
    (
      "a row deleted", weight: 2,
      { rows, random, _ in
        if rows.count > 1 { rows.remove(at: 1 + random.below(rows.count - 1)) }
      }
    ),
    (
      "a row updated: new text, or turned good or mistyped", weight: 3,
      { rows, random, _ in
        guard rows.count > 1 else { return }
        let at = 1 + random.below(rows.count - 1)
        rows[at].version += 1
        if random.oneIn(2) { rows[at].isMistyped.toggle() }
      }
    ),
    (
      "a row moved", weight: 1,
      { rows, random, _ in
        guard rows.count > 2 else { return }
        let row = rows.remove(at: 1 + random.below(rows.count - 1))
        rows.insert(row, at: 1 + random.below(rows.count))
      }
    ),
  ])

  @Test("a row whose cell cannot be made shows a warning on its first line; every other row keeps its lines")
  func mistypedRowsKeepTheirLines() async throws {
    for seed in DeepPass.seeds(quick: 6, deep: 100) {
      var random = SeededRandom(seed: seed &+ 0x3157)
      let output = CapturingOutput()
      let view = TerminalListView(output: output, mode: .screen(Self.size))
      let controller = ListController<[ListSection<CellBinder>]>(
        configuration: ListControllerConfiguration(backgroundDiffThreshold: .max))
      // `TextCell` registered explicitly: an automatic registration would give each binder a cell of its own type.
      view.reusePool.register(TextCell.self)
      let engine = try ListEngine(view: view, showing: controller)
      var rows = [Row(id: 0, version: 0, isMistyped: false, height: 1)]
      var next = 0
      for _ in 0..<5 { Self.changes.options[0].value(&rows, &random, &next) }
      for step in 0..<12 {
        for _ in 0..<1 + random.below(3) { Self.changes.pick(using: &random).value(&rows, &random, &next) }
        // At most the list area's ten lines: no row scrolls out, so row `i` starts on a known line.
        while rows.reduce(0, { $0 + $1.height }) > Self.size.rows - 4 { rows.removeLast() }
        await controller.apply([ListSection(id: "rows", items: rows.map(Self.binder))])
        if random.oneIn(2) { view.handle(random.oneIn(2) ? .down : .up) }
        var screen = ScreenModel(columns: Self.size.columns, rows: Self.size.rows)
        screen.feed(output.text)
        let lines = screen.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var line = 1
        for row in rows {
          let context = "seed \(seed), step \(step), row \(row.id), line \(line):\n\(screen.text)"
          let first = lines[line].dropFirst(2)
          if row.isMistyped {
            #expect(first.hasPrefix("⚠"), "\(context)")
          } else {
            #expect(first.hasPrefix("row \(row.id) v\(row.version)"), "\(context)")
          }
          line += row.height
        }
        #expect(!lines[line].contains("row ") && !lines[line].contains("⚠"), "seed \(seed), step \(step)")
      }
      withExtendedLifetime(engine) {}
    }
  }
}
