import ListFlowTerminal
import TestSupport
import Testing

/// ← on a tree's row: it collapses an expanded row, and from any other row below the top level it goes to the
/// row's parent, whether the tree is shown alone, after another feed's section, or through a filter.
@MainActor
@Suite struct GoToParentPropertyTests {
  enum Wiring: CaseIterable { case alone, afterASection, filtered }

  @Test(
    "random trees, expansions and keys: ← collapses an expanded row, else goes to the row's parent, else does nothing",
    arguments: Wiring.allCases)
  func leftGoesToTheParent(wiring: Wiring) throws {
    for seed in DeepPass.seeds(quick: 12, deep: 300) {
      var random = SeededRandom(seed: seed)
      // The model: each node's parent.
      var parent: [ListIdentifier: ListIdentifier] = [:]
      var next = 0
      func nodes(under name: String?, depth: Int) -> [Outline<String>.Node] {
        (0..<Int(random.next() % 4)).map { _ in
          next += 1
          let node = "n\(next)"
          parent[ListIdentifier(node)] = name.map { ListIdentifier($0) }
          return Outline.Node(node, children: depth < 3 ? nodes(under: node, depth: depth + 1) : [])
        }
      }
      let roots = nodes(under: nil, depth: 0)
      let feed = OutlineFeed(id: "tree", outline: Outline(roots)) { row in
        CellBinder(cell: TextCell.self, value: row, id: ListIdentifier(row.element)) { cell, row in
          cell.title = String(repeating: "  ", count: row.depth) + row.element
        }
      }
      for node in 1...max(next, 1) where random.next() % 2 == 0 { feed.outline.expand("n\(node)") }
      let shown: any ListFeed<ListSectionSnapshot>
      switch wiring {
      case .alone:
        shown = feed
      case .afterASection:
        let composite = ComposedFeed<ListSectionSnapshot>()
        try composite.append(
          SectionsFeed<ListSectionSnapshot>(sections: [
            ListSection(
              id: "top",
              items: (0..<Int(random.next() % 3)).map { index in
                CellBinder(cell: TextCell.self, value: "top \(index)", id: ListIdentifier("top \(index)")) {
                  $0.title = $1
                }
              }
            ).snapshot
          ]))
        try composite.append(feed)
        shown = composite
      case .filtered:
        let filtered = try FilteredFeed(feed)
        filtered.query = String(random.next() % 10)
        shown = filtered
      }
      let view = TerminalListView(
        output: CapturingOutput(), mode: .screen(TerminalSize(columns: 30, rows: Int(4 + random.next() % 8))))
      let engine = try ListEngine(view: view, showing: shown)
      let keys: [Key] = [.up, .down, .pageDown, .home, .end, .right, .left, .left, .character("h")]
      for step in 0..<40 {
        let key = keys.randomElement(using: &random)!
        let context = "seed \(seed) \(wiring) step \(step) key \(key)"
        guard key == .left || key == .character("h"), let before = view.selectedRow,
          let row = engine.identity(ofRowAt: before)
        else {
          _ = view.handle(key)
          continue
        }
        let wasExpanded = engine.isRowExpanded(at: before) == true
        let command = view.handle(key)
        let after = view.selectedRow.flatMap { engine.identity(ofRowAt: $0) }
        if wasExpanded {
          #expect(command == .collapse, "\(context)")
          #expect(after == row, "\(context): the cursor stays on the row it collapsed")
        } else if let expected = parent[row] {
          #expect(command == .goToParent, "\(context)")
          #expect(after == expected, "\(context): on \(row), expected its parent \(expected)")
        } else {
          #expect(command == nil, "\(context): \(row) is at the top level")
          #expect(after == row, "\(context)")
        }
      }
      withExtendedLifetime(engine) {}
    }
  }
}
