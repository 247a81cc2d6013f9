import ListFlow
import ListFlowTerminal
import ListFlowTesting
import TestSupport
import Testing

/// The row under the cursor is the highlighted row, whatever moved it there: a key, a change that deleted the
/// cursor's row, or rows moving around it. Highlight events reach their own rows: a row loses the highlight only
/// after it gained it.
@MainActor
@Suite struct HighlightFollowsCursorTests {
  /// A step of ``highlightFollowsCursor()``.
  enum Step { case key, delete, insert, shuffle }

  /// The steps of ``highlightFollowsCursor()``, by weight.
  static let steps = WeightedChoice<Step>([
    ("move the cursor down or up", weight: 1, .key),
    ("delete a row", weight: 1, .delete),
    ("insert a row", weight: 1, .insert),
    ("shuffle the rows", weight: 1, .shuffle),
  ])

  @Test("after random changes and cursor moves, exactly the cursor's row is highlighted, and events reach their rows")
  func highlightFollowsCursor() async throws {
    let seed = terminalFuzzSeed
    var random = SeededRandom(seed: seed)
    for round in 0..<DeepPass.cases(quick: 20, deep: 40) {
      let output = CapturingOutput()
      let view = TerminalListView(output: output, mode: .screen(TerminalSize(columns: 30, rows: 8)))
      var delegate = SyncDelegate()
      var lit = Set<ListIdentifier>()
      var strayEvents: [String] = []
      delegate.didHighlightRow = { _, row in
        if !lit.insert(row.id).inserted { strayEvents.append("highlight twice \(row.id)") }
      }
      delegate.didUnhighlightRow = { _, row in
        if lit.remove(row.id) == nil { strayEvents.append("unhighlight of \(row.id), never highlighted") }
      }
      let list = ListController<[Int]> { (ids: [Int]) in
        let rows = ids.map { id in
          CellBinder(cell: TextCell.self, value: id, id: ListIdentifier(id)) { cell, id in cell.title = "row \(id)" }
        }
        return [ListSection(id: "rows", items: rows)]
      }
      let engine = try ListEngine(view: view, showing: list, delegate: delegate)
      var ids = Array(0..<Int.random(in: 1...12, using: &random))
      var next = ids.count
      await list.apply(ids)
      for step in 0..<30 {
        let context = "seed \(seed) round \(round) step \(step)"
        switch Self.steps.pick(using: &random).value {
        case .key:
          view.handle(.character(Bool.random(using: &random) ? "j" : "k"))
        case .delete where !ids.isEmpty:
          ids.remove(at: Int.random(in: ids.indices, using: &random))
        case .insert:
          ids.insert(next, at: Int.random(in: 0...ids.count, using: &random))
          next += 1
        case .delete, .shuffle:
          ids.shuffle(using: &random)  // (a shuffle when there is no row to delete)
        }
        await list.apply(ids)
        let cursorRow = view.selectedRow.flatMap { ids.indices.contains($0.item) ? ids[$0.item] : nil }
        let shownLit = lit.intersection(ids.map { ListIdentifier($0) })
        #expect(shownLit == Set(cursorRow.map { [ListIdentifier($0)] } ?? []), "\(context)")
        #expect(strayEvents.isEmpty, "\(context): \(strayEvents)")
      }
      withExtendedLifetime(engine) {}
    }
  }
}

/// A delegate that changes the list when a row loses the highlight (an accordion: the row the cursor leaves
/// collapses, or expands), through the engine, at once: the cursor's row is still the only row highlighted, and no
/// row gets an event for a highlight it did not have.
@MainActor
@Suite struct HighlightCallbackChangeTests {
  /// A random tree of up to 6 top-level rows with up to 3 children each, some of them expanded.
  static func randomOutline(using random: inout SeededRandom) -> Outline<String> {
    var roots: [Outline<String>.Node] = []
    var expanded: Set<String> = []
    for top in 0..<Int.random(in: 1...6, using: &random) {
      let children = (0..<Int.random(in: 0...3, using: &random)).map { Outline<String>.Node("n\(top).\($0)") }
      roots.append(Outline.Node("n\(top)", children: children))
      if Bool.random(using: &random) { expanded.insert("n\(top)") }
    }
    return Outline(roots, expanded: expanded)
  }

  @Test("a list changed by the unhighlight callback: exactly the cursor's row is highlighted, events reach their rows")
  func unhighlightCallbackChangesTheList() throws {
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 60, deep: 1_000) {
      var random = SeededRandom(seed: seed)
      let view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 30, rows: 8)))
      let feed = OutlineFeed(id: "tree", outline: Self.randomOutline(using: &random)) { row in
        CellBinder(cell: TextCell.self, value: row.element, id: ListIdentifier(row.element)) { cell, name in
          cell.title = name
        }
      }
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(feed)
      var lit = Set<ListIdentifier>()
      var strayEvents: [String] = []
      var engine: ListEngine?
      let expands = Bool.random(using: &random)
      var delegate = SyncDelegate()
      delegate.didHighlightRow = { _, row in
        if !lit.insert(row.id).inserted { strayEvents.append("highlight twice \(row.id)") }
      }
      delegate.didUnhighlightRow = { path, row in
        if lit.remove(row.id) == nil { strayEvents.append("unhighlight of \(row.id), never highlighted") }
        engine?.setExpanded(expands, forRowAt: path)
      }
      engine = try ListEngine(view: view, showing: composite, delegate: delegate)
      let keys: [Key] = [.down, .up, .character("j"), .character("k"), .end, .home, .pageDown, .right, .left]
      for step in 0..<30 {
        let key = keys.randomElement(using: &random)!
        view.handle(key)
        let rows = feed.rows.map { ListIdentifier($0.element) }
        let cursor = view.selectedRow.flatMap { rows.indices.contains($0.item) ? rows[$0.item] : nil }
        let context = "seed \(seed) step \(step) \(key)"
        // A row a change took away hears nothing more: it is forgotten.
        lit.formIntersection(rows)
        #expect(lit == Set(cursor.map { [$0] } ?? []), "\(context): cursor on \(cursor.map { "\($0)" } ?? "none")")
        #expect(strayEvents.isEmpty, "\(context): \(strayEvents)")
        if lit != Set(cursor.map { [$0] } ?? []) || !strayEvents.isEmpty { break }
      }
      withExtendedLifetime(engine) {}
    }
  }
}

/// End (`G`) moves the cursor to the last row and follows it: through any change, the cursor is on the last row
/// until another key acts, and the status bar says so; without it, the cursor stays on its row.
@MainActor
@Suite struct FollowLastRowTests {
  /// A step of ``endFollowsTheLastRow()``.
  enum Step { case key, append, insert, delete, shuffle }

  static let steps = WeightedChoice<Step>([
    ("press End, Home, j, k or Enter", weight: 3, .key),
    ("append rows at the end, as a log does", weight: 3, .append),
    ("insert a row anywhere", weight: 1, .insert),
    ("delete a row, the last one included", weight: 1, .delete),
    ("shuffle the rows", weight: 1, .shuffle),
  ])

  @Test("after End the cursor stays on the last row through any change until another key acts")
  func endFollowsTheLastRow() async throws {
    let seed = terminalFuzzSeed
    var random = SeededRandom(seed: seed)
    for round in 0..<DeepPass.cases(quick: 12, deep: 200) {
      let output = CapturingOutput()
      let size = TerminalSize(columns: 30, rows: 8)
      var screen = ScreenModel(columns: size.columns, rows: size.rows)
      let view = TerminalListView(output: output, mode: .screen(size))
      let list = ListController<[Int]> { (ids: [Int]) in
        let rows = ids.map { id in
          CellBinder(cell: TextCell.self, value: id, id: ListIdentifier(id)) { cell, id in cell.title = "row \(id)" }
        }
        return [ListSection(id: "rows", items: rows)]
      }
      let engine = try ListEngine(view: view, showing: list)
      var ids = Array(0..<Int.random(in: 0...12, using: &random))
      var next = ids.count
      var follows = false
      await list.apply(ids)
      for step in 0..<30 {
        let context = "seed \(seed) round \(round) step \(step)"
        let cursor = view.selectedRow?.item
        let cursorID = cursor.flatMap { ids.indices.contains($0) ? ids[$0] : nil }
        switch Self.steps.pick(using: &random).value {
        case .key:
          let key = ["G", "g", "j", "k", "\r"][Int.random(in: 0..<5, using: &random)]
          // What the key does: End acts when the cursor can go down or does not follow yet (on an empty list too);
          // Enter on any row; the others when they can move the cursor. Any key that acts but End stops following.
          let acted = view.handle(key == "\r" ? .enter : .character(Character(key))) != nil
          let canMove =
            cursor.map {
              switch key {
              case "j": $0 < ids.count - 1
              case "G": $0 < ids.count - 1 || !follows
              case "\r": true
              default: $0 > 0
              }
            } ?? (key == "G" && !follows)
          #expect(acted == canMove, "\(context): \(key) acted \(acted)")
          if acted { follows = key == "G" }
          if key == "G", !ids.isEmpty {
            #expect(view.selectedRow?.item == ids.count - 1, "\(context): End goes to the last row")
          }
          continue
        case .append:
          for _ in 0..<Int.random(in: 1...3, using: &random) {
            ids.append(next)
            next += 1
          }
        case .insert:
          ids.insert(next, at: Int.random(in: 0...ids.count, using: &random))
          next += 1
        case .delete where !ids.isEmpty:
          ids.remove(at: Int.random(in: ids.indices, using: &random))
        case .delete, .shuffle:
          ids.shuffle(using: &random)
        }
        await list.apply(ids)
        let row = view.selectedRow.flatMap { ids.indices.contains($0.item) ? ids[$0.item] : nil }
        if follows, let last = ids.last {
          #expect(row == last, "\(context): following, the cursor is on \(row.map(String.init) ?? "none")")
        } else if let cursorID, ids.contains(cursorID) {
          #expect(row == cursorID, "\(context): not following, the cursor stays on its row")
        }
        let status = TerminalHelpAndStatusTests.screen(output, into: &screen).last ?? ""
        #expect(status.contains(" follow") == follows, "\(context): \(status)")
        if follows, let last = ids.last {
          #expect(
            TerminalHelpAndStatusTests.screen(output, into: &screen).contains { $0.contains("row \(last)") },
            "\(context): the last row is on screen")
        }
      }
      withExtendedLifetime(engine) {}
    }
  }
}
