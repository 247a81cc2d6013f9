import ListFlowTerminal
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
}
