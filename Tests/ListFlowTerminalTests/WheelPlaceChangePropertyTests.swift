import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// The wheel may scroll into a row taller than the screen, its first lines (and the cursor's marker) above the
/// top: a change of the list that keeps the row, the spinner starting or stopping, a reload and a resize of the
/// terminal then leave the screen where the user scrolled it, the same lines of the row on the same screen lines, rather than scrolling
/// the row back to its first line. Generated lists of tall and short rows, read off the replayed screen.
@MainActor
@Suite struct WheelPlaceChangePropertyTests {
  /// What happens to the list once the wheel has scrolled into the cursor's row.
  enum Change: Sendable {
    case insertAbove, deleteAbove, insertBelow, deleteBelow, resizeOther, spinner, reload, deleteCursorRow
    case resizeScreen
  }

  static let changes = WeightedChoice<Change>([
    ("rows inserted above the cursor's row", weight: 2, .insertAbove),
    ("a row deleted above the cursor's row", weight: 2, .deleteAbove),
    ("rows inserted below the cursor's row", weight: 2, .insertBelow),
    ("a row deleted below the cursor's row", weight: 2, .deleteBelow),
    ("another row's height changed", weight: 2, .resizeOther),
    ("the spinner started or stopped", weight: 1, .spinner),
    ("a reload", weight: 1, .reload),
    ("the cursor's row deleted", weight: 2, .deleteCursorRow),
    ("the terminal resized: shorter or taller, narrower or wider", weight: 2, .resizeScreen),
  ])

  /// The screen line that shows each detail line of row `id` (`detail id.k`), by `k`.
  static func detailLines(of id: Int, in lines: [String]) -> [Int: Int] {
    var found: [Int: Int] = [:]
    let prefix = "detail \(id)."
    for (index, line) in lines.enumerated() {
      let text = line.drop { $0 == " " || $0 == "▸" }
      guard text.hasPrefix(prefix), let k = Int(text.dropFirst(prefix.count)) else { continue }
      found[k] = index
    }
    return found
  }

  @Test("a change after the wheel scrolled into a tall cursor row keeps the row's lines on their screen lines")
  func changeKeepsWheelPlace() async throws {
    var failures = 0
    for seed in DeepPass.seeds(quick: 25, deep: 1_000) {
      var random = SeededRandom(seed: seed)
      var tall = try TallRows()
      let screen = TallRows.size.rows - 2
      var nextID = 0
      func row(height: Int) -> TallRows.Row {
        nextID += 1
        return TallRows.Row(id: nextID, height: height)
      }
      // Rows above, the tall row, and enough rows below that the list never ends on screen.
      var rows = (0..<random.below(6)).map { _ in row(height: 1 + random.below(random.oneIn(3) ? 14 : 3)) }
      let cursor = row(height: screen + TerminalListView.wheelLines + random.below(20))
      rows.append(cursor)
      // The row after it, which takes its place when it is deleted, is tall too at times.
      if random.oneIn(2) { rows.append(row(height: screen + random.below(20))) }
      rows += (0..<(screen + 8)).map { _ in row(height: 1 + random.below(2)) }
      await tall.controller.apply(rows)
      tall.view.scrollToRow(at: ItemPath(item: rows.count - 1, section: 0), alignment: .bottom)
      tall.view.scrollToRow(at: ItemPath(item: rows.firstIndex(of: cursor)!, section: 0), alignment: .top)
      // One notch at least: the row's first line leaves the top, and no other row starts on screen.
      let notches = 1 + random.below((cursor.height - screen) / TerminalListView.wheelLines)
      for _ in 0..<notches {
        tall.view.handle(mouse: MouseEvent(kind: .wheelDown, column: 3, row: 3))
      }
      let before = Self.detailLines(of: cursor.id, in: tall.lines())
      let heightBefore = tall.view.viewport.height
      let change = Self.changes.pick(using: &random)
      let index = rows.firstIndex(of: cursor)!
      switch change.value {
      case .insertAbove:
        rows.insert(
          contentsOf: (0..<1 + random.below(3)).map { _ in row(height: 1 + random.below(4)) },
          at: random.below(index + 1))
      case .deleteAbove:
        if index > 0 { rows.remove(at: random.below(index)) }
      case .insertBelow:
        rows.insert(row(height: 1 + random.below(4)), at: index + 1 + random.below(rows.count - index))
      case .deleteBelow:
        rows.remove(at: index + 1 + random.below(rows.count - index - 1))
      case .resizeOther:
        let other = (0..<rows.count).filter { $0 != index }.randomElement(using: &random)!
        rows[other].height = 1 + random.below(5)
      case .spinner:
        tall.view.startSpinner("loading")
        if random.oneIn(2) { tall.view.stopSpinner() }
      case .reload:
        tall.view.reloadData()
      case .deleteCursorRow:
        rows.remove(at: index)
      case .resizeScreen:
        // A list area of 3 to 13 lines: the rows below the cursor's row fill it, so the list's end stays off
        // screen and nothing but the resize could move the row's lines.
        let size = TerminalSize(
          columns: 20 + random.below(40), rows: 5 + random.below(TallRows.size.rows + 4))
        tall.view.resize(to: size)
        tall.screen = ScreenModel(columns: size.columns, rows: size.rows)
      }
      await tall.controller.apply(rows)
      if change.value == .deleteCursorRow {
        // The row that takes its place comes on screen as the cursor's row does: its first line, with the marker.
        let next = rows[index]
        let lines = tall.lines()
        if !lines.contains(where: { $0.hasPrefix("▸ row \(next.id)") }) {
          failures += 1
          Issue.record(
            "seed \(seed), \(notches) notches into row \(cursor.id), deleted: row \(next.id) of \(next.height) lines has the cursor off screen\n\(lines.joined(separator: "\n"))"
          )
          if failures >= 3 { break }
        }
        continue
      }
      let after = Self.detailLines(of: cursor.id, in: tall.lines())
      // The spinner takes the list's last line, a shorter terminal the lines below its end: the lines above stay.
      let shown = 1 + min(heightBefore, tall.view.viewport.height)
      let kept = after.filter { $0.value < shown }
      let expected = before.filter { $0.value < shown }
      if kept != expected
        || tall.view.selectedRow.flatMap({ tall.view.dataSource?.identity(ofRowAt: $0) })
          != ListIdentifier(cursor.id)
      {
        failures += 1
        Issue.record(
          "seed \(seed), \(notches) notches into row \(cursor.id) of \(cursor.height) lines, \(change.name): the row's lines were on \(before.sorted { $0.key < $1.key }), now on \(after.sorted { $0.key < $1.key })"
        )
        if failures >= 3 { break }
      }
      withExtendedLifetime(tall) {}
    }
  }
}
