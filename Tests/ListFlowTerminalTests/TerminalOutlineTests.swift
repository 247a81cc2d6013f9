import ListFlowTerminal
import TestSupport
import Testing

/// An outline feed in a terminal: → and ← expand and collapse the selected row through the engine.
@MainActor
@Suite struct TerminalOutlineTests {
  @Test("→ inserts the selected row's children under it, ← takes them away, l and h do the same")
  func expandAndCollapse() throws {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .plain)
    let outline = Outline([
      Outline.Node("fruit", children: [Outline.Node("apple"), Outline.Node("pear")]), Outline.Node("leek"),
    ])
    let feed = OutlineFeed(id: "food", outline: outline) { row in
      CellBinder(cell: TextCell.self, value: row, id: ListIdentifier(row.element)) { cell, row in
        cell.title = String(repeating: "  ", count: row.depth) + row.element
      }
    }
    let composite = ComposedFeed<ListSectionSnapshot>()
    try composite.append(feed)
    let controller = try ListEngine(view: view, showing: composite)
    #expect(controller.numberOfRows(inSection: 0) == 2)
    view.handle(.down)
    view.handle(.up)  // the cursor is on "fruit"
    view.handle(.right)
    #expect(feed.rows.map(\.element) == ["fruit", "apple", "pear", "leek"])
    #expect(controller.numberOfRows(inSection: 0) == 4)
    #expect(output.text.contains("insert 0:1   apple"))
    view.handle(.character("h"))
    #expect(feed.rows.map(\.element) == ["fruit", "leek"])
    view.handle(.character("l"))
    #expect(feed.rows.count == 4)
    feed.shouldExpand = { _ in false }
    view.handle(.left)
    view.handle(.right)
    #expect(feed.rows.map(\.element) == ["fruit", "leek"], "shouldExpand keeps the row closed")
  }

  @Test("/ in a tree shows a match under its collapsed parent, drawn dim; → is not offered; escape restores")
  func treeFilter() throws {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .screen(TerminalSize(columns: 40, rows: 8)))
    let outline = Outline([
      Outline.Node("fruit", children: [Outline.Node("apple"), Outline.Node("pear")]), Outline.Node("leek"),
    ])
    let feed = OutlineFeed(id: "food", outline: outline) { row in
      CellBinder(cell: TextCell.self, value: row.element, id: ListIdentifier(row.element)) { cell, name in
        cell.title = name
      }
    }
    let filtered = try FilteredFeed(feed)
    let composite = ComposedFeed<ListSectionSnapshot>()
    try composite.append(filtered)
    let controller = try ListEngine(view: view, showing: composite)
    view.onFilterChange = { filtered.query = $0 }
    for key in [Key.character("/"), .character("p"), .character("e"), .character("a"), .enter] { view.handle(key) }
    var screen = ScreenModel(columns: 40, rows: 8)
    screen.feed(output.takeText())
    let lines = screen.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(Array(lines[1...2]) == ["▸ fruit", "  pear"], "\(lines)")
    #expect(screen.cells[1][2].attributes.dim, "the parent is context")
    #expect(!screen.cells[2][2].attributes.dim, "the match is not")
    #expect(view.handle(.right) == nil && view.handle(.left) == nil, "the expansion follows the query")
    #expect(view.handle(.escape) == .clearFilter)
    #expect(feed.rows.map(\.element) == ["fruit", "leek"], "fruit is collapsed again")
    #expect(controller.numberOfRows(inSection: 0) == 2)
  }

  @Test("shouldExpand is asked only when → or l would expand the row under the cursor, never as the cursor moves")
  func shouldExpandAskedOnlyToExpand() throws {
    for seed in DeepPass.seeds(quick: 40, deep: 200) {
      var random = SeededRandom(seed: seed)
      var next = 0
      func nodes(depth: Int) -> [Outline<String>.Node] {
        (0..<Int(random.next() % 4)).map { _ in
          next += 1
          return Outline.Node("n\(next)", children: depth < 3 ? nodes(depth: depth + 1) : [])
        }
      }
      let feed = OutlineFeed(id: "tree", outline: Outline(nodes(depth: 0))) { row in
        CellBinder(cell: TextCell.self, value: row, id: ListIdentifier(row.element)) { cell, row in
          cell.title = String(repeating: "  ", count: row.depth) + row.element
        }
      }
      var asked: [String] = []
      let refused = Set((0...next).filter { _ in random.next() % 3 == 0 }.map { "n\($0)" })
      feed.shouldExpand = { row in
        asked.append(row.element)
        return !refused.contains(row.element)
      }
      let view = TerminalListView(
        output: CapturingOutput(), mode: .screen(TerminalSize(columns: 30, rows: Int(5 + random.next() % 6))))
      let engine = try ListEngine(view: view, showing: feed)
      let keys: [Key] = [.up, .down, .pageUp, .pageDown, .home, .end, .right, .left, .character("l"), .character("?")]
      for step in 0..<30 {
        let key = keys.randomElement(using: &random)!
        // The row the key acts on, and whether it is collapsed with children: only then is shouldExpand asked.
        let row = view.selectedRow.map { feed.rows[$0.item] }
        let expands = (key == .right || key == .character("l")) && !view.isShowingHelp
        let expected = expands && row.map { $0.isExpandable && !$0.isExpanded } == true ? [row!.element] : []
        asked = []
        _ = view.handle(key)
        #expect(asked == expected, "seed \(seed) step \(step) key \(key)")
        if let row, expected == [row.element] {
          #expect(
            feed.outline.expanded.contains(row.element) == !refused.contains(row.element), "seed \(seed) step \(step)")
        }
      }
      withExtendedLifetime(engine) {}
    }
  }
}
