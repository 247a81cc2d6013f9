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
      OutlineNode("fruit", children: [OutlineNode("apple"), OutlineNode("pear")]), OutlineNode("leek"),
    ])
    let feed = OutlineFeed(id: "food", outline: outline) { row in
      CellBinder(cell: TextCell.self, value: row, id: ListIdentifier(row.element)) { cell, row in
        cell.title = String(repeating: "  ", count: row.depth) + row.element
      }
    }
    let composite = ComposedDataSource<ListSectionSnapshot>()
    try composite.append(feed)
    let controller = ComposedListController(view: view, composite: composite)
    #expect(controller.engine.numberOfRows(inSection: 0) == 2)
    view.handle(.down)
    view.handle(.up)  // the cursor is on "fruit"
    view.handle(.right)
    #expect(feed.rows.map(\.element) == ["fruit", "apple", "pear", "leek"])
    #expect(controller.engine.numberOfRows(inSection: 0) == 4)
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
}
