import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

@Suite struct ListViewportTests {
  static let shape: [ListViewport.Section] = [
    .init(hasHeader: true, itemCount: 3, hasFooter: true), .init(itemCount: 0), .init(hasHeader: true, itemCount: 4),
  ]

  @Test("rows lay out headers, items and footers in order")
  func layout() {
    var viewport = ListViewport(height: 20)
    viewport.setSections(Self.shape)
    #expect(viewport.rowCount == 10)
    #expect(
      viewport.visibleRows == [
        .header(section: 0), .item(ItemPath(item: 0, section: 0)), .item(ItemPath(item: 1, section: 0)),
        .item(ItemPath(item: 2, section: 0)), .footer(section: 0), .header(section: 2),
        .item(ItemPath(item: 0, section: 2)), .item(ItemPath(item: 1, section: 2)),
        .item(ItemPath(item: 2, section: 2)),
        .item(ItemPath(item: 3, section: 2)),
      ])
    for index in 0..<viewport.rowCount {
      if case .item(let path) = viewport.row(at: index) { #expect(viewport.rowIndex(of: path) == index) }
    }
  }

  @Test("moving the selection skips headers, footers and empty sections and stops at the ends")
  func selectionMoves() {
    var viewport = ListViewport(height: 4)
    viewport.setSections(Self.shape)
    #expect(viewport.selection == ItemPath(item: 0, section: 0))
    viewport.moveSelection(by: 3)
    #expect(viewport.selection == ItemPath(item: 0, section: 2))
    #expect(viewport.visibleRows.contains(.item(ItemPath(item: 0, section: 2))))
    #expect(viewport.visibleRows.last == .item(ItemPath(item: 0, section: 2)))
    viewport.moveSelection(by: 100)
    #expect(viewport.selection == ItemPath(item: 3, section: 2))
    #expect(viewport.offset == viewport.rowCount - 4)
    viewport.moveSelection(by: -100)
    #expect(viewport.selection == ItemPath(item: 0, section: 0))
    #expect(viewport.offset == 0)
  }

  @Test("the selection stays visible for any move and height")
  func selectionAlwaysVisible() {
    var random = SeededRandom(seed: 3)
    for _ in 0..<200 {
      var viewport = ListViewport(height: Int.random(in: 1...6, using: &random))
      let sections = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        ListViewport.Section(
          hasHeader: Bool.random(using: &random), itemCount: Int.random(in: 0...8, using: &random),
          hasFooter: Bool.random(using: &random))
      }
      viewport.setSections(sections)
      for _ in 0..<10 {
        viewport.moveSelection(by: Int.random(in: -5...5, using: &random))
        if let selection = viewport.selection {
          #expect(viewport.visibleRows.contains(.item(selection)))
        } else {
          #expect(viewport.itemCount == 0)
        }
        #expect(viewport.visibleRows.count == min(viewport.height, viewport.rowCount))
      }
    }
  }

  @Test("a shrinking list clamps the selection into it")
  func shrinkingClamps() {
    var viewport = ListViewport(height: 3)
    viewport.setSections([.init(itemCount: 10)])
    viewport.moveSelection(by: 9)
    viewport.setSections([.init(itemCount: 4)])
    #expect(viewport.selection == ItemPath(item: 3, section: 0))
    #expect(viewport.offset == 1)
    viewport.setSections([])
    #expect(viewport.selection == nil)
    #expect(viewport.visibleRows.isEmpty)
  }
}

@Suite struct ViewportAnchoringTests {
  @Test("keeping the selection on its screen line scrolls the list under it")
  func keepsScreenLine() {
    var viewport = ListViewport(height: 5)
    viewport.setSections([.init(itemCount: 100)])
    viewport.select(ItemPath(item: 50, section: 0))
    let line = viewport.selectionScreenRow
    #expect(line == 4)
    viewport.setSections([.init(itemCount: 110)], selecting: ItemPath(item: 60, section: 0))
    viewport.keepSelection(atScreenRow: 4)
    #expect(viewport.selectionScreenRow == 4)
    #expect(viewport.offset == 56)
    viewport.select(ItemPath(item: 1, section: 0))
    viewport.keepSelection(atScreenRow: 4)
    #expect(viewport.offset == 0)
    #expect(viewport.selectionScreenRow == 1)
  }
}

@Suite struct ViewportEdgesTests {
  @Test("selecting a section's last item brings its footer on screen, its first item its header")
  func footerAndHeaderComeIntoView() {
    var viewport = ListViewport(height: 3)
    viewport.setSections([.init(hasHeader: true, itemCount: 10, hasFooter: true)])
    viewport.moveSelection(by: 9)
    #expect(viewport.visibleRows.last == .footer(section: 0))
    viewport.moveSelection(by: -9)
    #expect(viewport.visibleRows.first == .header(section: 0))
  }

  @Test("on a one-line screen the selected row wins over its header and footer")
  func selectionWins() {
    var viewport = ListViewport(height: 1)
    viewport.setSections([.init(hasHeader: true, itemCount: 1, hasFooter: true)])
    #expect(viewport.visibleRows == [.item(ItemPath(item: 0, section: 0))])
  }
}
