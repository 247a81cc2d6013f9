import ListFlowTerminal
import ListFlowTesting
import TestSupport
import Testing

/// Rows of several lines in a terminal, and the cursor's place across changes, through the public API: a
/// `ListController`, a `TerminalListView` in screen mode and the bytes it writes, replayed.
@MainActor
@Suite struct TerminalRowsTests {
  @Test("a row of three lines shows its detail lines; the cursor marks the first and inverts all three")
  func multiLineRow() async throws {
    var list = try TallRows()
    await list.controller.apply([.init(id: 0, height: 3), .init(id: 1, height: 1), .init(id: 2, height: 2)])
    let lines = list.lines()
    #expect(
      Array(lines.prefix(7)) == [
        "Tall", "▸ row 0", "    detail 0.1", "    detail 0.2", "  row 1", "  row 2", "    detail 2.1",
      ])
    #expect(list.screen.cells[1][0].attributes.inverse && list.screen.cells[3][30].attributes.inverse)
    #expect(!list.screen.cells[4][2].attributes.inverse)
    #expect(list.screen.unsupported.isEmpty)
  }

  @Test("a click on any line of a tall row moves the cursor there; a second click selects it; the wheel scrolls")
  func mouse() async throws {
    var selected: [ItemPath] = []
    var delegate = SyncDelegate()
    delegate.didSelectRow = { path, _ in selected.append(path) }
    var list = try TallRows(header: "Header", delegate: delegate)
    await list.controller.apply((0..<12).map { TallRows.Row(id: $0, height: $0 % 3 + 1) })
    // Screen: 0 title, 1 header, 2 row 0, 3–4 row 1, 5–7 row 2, 8 row 3, 9–10 row 4, 11 status.
    let click = { (row: Int) in Key.mouse(MouseEvent(kind: .press(.left), column: 5, row: row)) }
    list.view.handle(click(7))
    #expect(list.view.selectedRow == ItemPath(item: 2, section: 0))
    #expect(list.cursor()?.line == 5)
    list.view.handle(click(1))  // the header: nothing
    #expect(list.view.selectedRow == ItemPath(item: 2, section: 0))
    #expect(list.view.handle(click(6)) == .select)
    #expect(selected == [ItemPath(item: 2, section: 0)])
    list.view.handle(.mouse(MouseEvent(kind: .wheelDown, column: 0, row: 4)))
    // Three lines down: row 2 still starts on screen, the cursor stays.
    #expect(list.view.selectedRow == ItemPath(item: 2, section: 0))
    #expect(list.cursor()?.line == 2)
    list.view.handle(.mouse(MouseEvent(kind: .wheelDown, column: 0, row: 4)))
    // Row 2 left the top: the cursor moves to the first row that starts on screen (row 3, list line 7).
    #expect(list.cursor()?.line == 2)
    #expect(list.view.selectedRow == ItemPath(item: 3, section: 0))
  }

  @Test("pages move by screens of lines over rows of several lines")
  func pages() async throws {
    var list = try TallRows()
    await list.controller.apply((0..<30).map { TallRows.Row(id: $0, height: $0 % 3 + 1) })
    list.view.handle(.pageDown)
    // A page is 9 lines: from line 0 to line 9, which row 5 (lines 8…10) holds.
    #expect(list.view.selectedRow == ItemPath(item: 5, section: 0))
    list.view.handle(.pageUp)
    #expect(list.view.selectedRow == ItemPath(item: 0, section: 0))
    #expect(list.cursor()?.line == 1)
  }

  @Test("the cursor keeps its row and its screen line across random inserts and deletes above it")
  func cursorKeepsItsPlace() async throws {
    let seed = terminalFuzzSeed
    var random = SeededRandom(seed: seed)
    for round in 0..<12 {
      var list = try TallRows()
      var nextID = 0
      func newRow() -> TallRows.Row {
        defer { nextID += 1 }
        return TallRows.Row(id: nextID, height: Int.random(in: 1...3, using: &random))
      }
      var rows = (0..<Int.random(in: 1...25, using: &random)).map { _ in newRow() }
      await list.controller.apply(rows)
      for step in 0..<30 {
        let context = "seed \(seed) round \(round) step \(step)"
        for _ in 0..<Int.random(in: 0...4, using: &random) {
          list.view.handle(Bool.random(using: &random) ? .character("j") : .character("k"))
        }
        guard let before = list.cursor(), let index = rows.firstIndex(where: { $0.id == before.id }) else {
          Issue.record("no cursor: \(context)")
          return
        }
        var next = rows
        let deletesCursor = Int.random(in: 0..<4, using: &random) == 0
        if deletesCursor { next.remove(at: index) }
        // Inserts and deletes above the cursor's row only.
        var above = Array(next[..<index])
        for _ in 0..<Int.random(in: 0...4, using: &random) {
          if Bool.random(using: &random) || above.isEmpty {
            above.insert(newRow(), at: Int.random(in: 0...above.count, using: &random))
          } else {
            above.remove(at: Int.random(in: 0..<above.count, using: &random))
          }
        }
        next = above + next[index...]
        if next.isEmpty { next = [newRow()] }
        await list.controller.apply(next)
        // A deleted cursor row: the row that takes its place, the first row after the nearest one before it that
        // stays (a row inserted at the place, else the first row after it that stays), else that nearest one.
        let staying = Set(next.map(\.id))
        let predecessor = rows[..<index].last { staying.contains($0.id) }
        let place = predecessor.map { row in next.firstIndex { $0.id == row.id }! + 1 } ?? 0
        let expectedID = deletesCursor ? next[min(place, next.count - 1)].id : before.id
        guard let after = list.cursor() else {
          Issue.record("no cursor after the change: \(context)")
          return
        }
        #expect(after.id == expectedID, "\(context): \(rows.map(\.id)) -> \(next.map(\.id)), cursor on \(before.id)")
        if !deletesCursor {
          // The row keeps its screen line, as far as the list's length allows.
          let listHeight = TallRows.size.rows - 2
          let start = next.prefix { $0.id != before.id }.reduce(0) { $0 + $1.height }
          let total = next.reduce(0) { $0 + $1.height }
          let offset = min(max(start - (before.line - 1), 0), max(total - listHeight, 0))
          #expect(after.line == start - offset + 1, "\(context)")
        }
        rows = next
      }
    }
  }

  @Test("a reload (a change above the reload threshold) keeps the cursor on its row by identity and its line")
  func reloadKeepsTheCursor() async throws {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .screen(TallRows.size))
    let controller = ListController<[TallRows.Row]> { rows in
      [ListSection(id: "rows", items: rows.map(TallRows.binder))]
    }
    let engine = try ListEngine(view: view, showing: controller, reloadThreshold: 0)
    let rows = (0..<30).map { TallRows.Row(id: $0, height: 1) }
    await controller.apply(rows)
    for _ in 0..<12 { view.handle(.down) }
    let lineBefore = view.visibleRows.firstIndex(of: ItemPath(item: 12, section: 0))
    #expect(lineBefore != nil)
    let inserted = (100..<105).map { TallRows.Row(id: $0, height: 1) }
    await controller.apply(inserted + rows)
    // The empty list when the engine was made, the first rows (above the threshold of 0), then the insert.
    #expect(engine.reloadCount == 3)
    #expect(view.selectedRow == ItemPath(item: 17, section: 0))
    #expect(view.visibleRows.firstIndex(of: ItemPath(item: 17, section: 0)) == lineBefore)
  }
}
