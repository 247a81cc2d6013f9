import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// The viewport with rows of several lines, checked against `NaiveLines` (one entry per line) on random shapes,
/// screen heights and moves: what is on screen, partial rows at the edges, hit-testing, pages, wheel scrolls and
/// scrolls to a row.
@Suite struct MultiLineViewportTests {
  static func randomShape(using random: inout SeededRandom) -> [ListViewport.Section] {
    (0..<Int.random(in: 0...4, using: &random)).map { _ in
      ListViewport.Section(
        headerHeight: Bool.random(using: &random) ? Int.random(in: 1...3, using: &random) : 0,
        itemHeights: (0..<Int.random(in: 0...7, using: &random)).map { _ in
          Bool.random(using: &random) ? 1 : Int.random(in: 1...5, using: &random)
        },
        footerHeight: Bool.random(using: &random) ? Int.random(in: 1...2, using: &random) : 0)
    }
  }

  /// Checks everything the viewport shows against the naive layout. After a wheel scroll, or a resize that kept
  /// the lines of a row the wheel scrolled into (`intoRow`), the cursor's row may start above the top.
  static func check(_ viewport: ListViewport, _ context: String, afterWheel: Bool = false, intoRow: Bool = false) {
    let naive = NaiveLines(viewport.sections)
    #expect(viewport.lineCount == naive.lines.count, "\(context)")
    #expect(viewport.offset >= 0 && viewport.offset <= max(naive.lines.count - viewport.height, 0), "\(context)")
    let shown = viewport.visibleSlices.flatMap { slice in
      slice.lines.map { NaiveLines.Line(row: slice.row, lineInRow: $0, rowHeight: slice.height) }
    }
    #expect(shown == naive.shown(offset: viewport.offset, height: viewport.height), "\(context)")
    for screenLine in -1...viewport.height {
      let expected =
        screenLine >= 0 && screenLine < viewport.height && viewport.offset + screenLine < naive.lines.count
        ? naive.lines[viewport.offset + screenLine].row : nil
      #expect(viewport.row(atScreenLine: screenLine) == expected, "\(context) line \(screenLine)")
    }
    #expect(viewport.selection == naive.items.first.flatMap { _ in viewport.selection }, "\(context)")
    if let selection = viewport.selection, viewport.height > 0 {
      let start = naive.start(of: selection)!
      let end = start + naive.height(of: selection)!
      let startsOnScreen = start >= viewport.offset && start < viewport.offset + viewport.height
      // A wheel scroll keeps the cursor on a row whose first line shows, or on the row at the top when none does.
      let anyStartsOnScreen = naive.rows.contains { row in
        if case .item = row.row {
          row.start >= viewport.offset && row.start < viewport.offset + viewport.height
        } else {
          false
        }
      }
      if (afterWheel && !anyStartsOnScreen) || intoRow {
        #expect(start <= viewport.offset && end > viewport.offset, "\(context): cursor off screen")
      } else {
        #expect(startsOnScreen, "\(context): cursor's first line off screen")
      }
    }
    #expect((viewport.selection == nil) == naive.items.isEmpty, "\(context)")
  }

  /// A step of ``matchesNaiveModel()``.
  enum Move { case moveSelection, page, wheel, scrollTo, setHeight, setSections }

  /// The steps of ``matchesNaiveModel()``, by weight.
  static let moves = WeightedChoice<Move>([
    ("move the selection", weight: 1, .moveSelection),
    ("page down or up", weight: 2, .page),
    ("scroll by wheel lines", weight: 1, .wheel),
    ("scroll to a row with an alignment", weight: 1, .scrollTo),
    ("set the height", weight: 1, .setHeight),
    ("set a new shape", weight: 1, .setSections),
  ])

  @Test("random shapes, heights and moves: the screen, hit-tests and pages match a line-by-line model")
  func matchesNaiveModel() {
    let seed = terminalFuzzSeed
    var random = SeededRandom(seed: seed)
    for round in 0..<DeepPass.cases(quick: 150, deep: 400) {
      var viewport = ListViewport(height: Int.random(in: 0...9, using: &random))
      viewport.setSections(Self.randomShape(using: &random))
      Self.check(viewport, "seed \(seed) round \(round) start")
      for step in 0..<25 {
        let context = "seed \(seed) round \(round) step \(step)"
        let naive = NaiveLines(viewport.sections)
        let before = viewport
        var afterWheel = false
        var intoRow = false
        let move = Self.moves.pick(using: &random)
        switch move.value {
        case .moveSelection:
          viewport.moveSelection(by: Int.random(in: -4...4, using: &random))
          if let selection = viewport.selection, let height = naive.height(of: selection),
            height + (viewport.sections[selection.section].headerHeight) <= viewport.height
          {
            let start = naive.start(of: selection)!
            #expect(start + height <= viewport.offset + viewport.height, "\(context): moved row cut")
          }
        case .page:
          let down = Bool.random(using: &random)
          viewport.movePage(by: down ? 1 : -1)
          if let selection = before.selection {
            #expect(
              viewport.selection == naive.page(from: selection, down: down, height: viewport.height), "\(context)")
          }
        case .wheel:
          viewport.scroll(byLines: Int.random(in: -6...6, using: &random))
          afterWheel = true
        case .scrollTo:
          guard !naive.items.isEmpty else { break }
          let path = naive.items.randomElement(using: &random)!
          let alignment = ListEngine.ScrollAlignment.allCases.randomElement(using: &random)!
          viewport.scroll(to: path, alignment: alignment)
          #expect(viewport.selection == path, "\(context)")
          let start = naive.start(of: path)!
          let end = start + naive.height(of: path)!
          let maxOffset = max(naive.lines.count - viewport.height, 0)
          guard end - start <= viewport.height else { break }
          switch alignment {
          case .top: #expect(viewport.offset == min(start, maxOffset), "\(context) top")
          case .bottom: #expect(viewport.offset == max(end - viewport.height, 0), "\(context) bottom")
          case .center:
            let wanted = min(max(start - (viewport.height - (end - start)) / 2, 0), maxOffset)
            #expect(viewport.offset == wanted, "\(context) center")
          case .visible:
            #expect(end <= viewport.offset + viewport.height && start >= viewport.offset, "\(context) visible")
          }
        case .setHeight:
          viewport.setHeight(Int.random(in: 0...9, using: &random))
          // Scrolled into the cursor's row by the wheel (its first line above the top), the row's lines stay on
          // their screen lines as far as the list allows.
          if let anchor = before.selectionAnchor, anchor < 0, viewport.height > 0 {
            let kept = max(min(before.offset, naive.lines.count - viewport.height), 0)
            #expect(viewport.offset == kept, "\(context): a resize moved the row the wheel scrolled into")
            intoRow = true
          }
        case .setSections:
          viewport.setSections(Self.randomShape(using: &random))
        }
        Self.check(
          viewport,
          context + " \(move.name)"
            + " after \(before.offset) \(before.selection.map { "\($0)" } ?? "-") \(before.height) \(viewport.sections)",
          afterWheel: afterWheel, intoRow: intoRow)
      }
    }
  }

  @Test("a tall row cut by the top and bottom edges shows its middle lines")
  func partialRows() {
    var viewport = ListViewport(height: 3)
    viewport.setSections([ListViewport.Section(headerHeight: 2, itemHeights: [4, 1, 5], footerHeight: 1)])
    #expect(viewport.lineCount == 13)
    // The first item is taller than the screen: its first line is at the top.
    #expect(viewport.offset == 2)
    #expect(viewport.visibleSlices.map(\.lines) == [0..<3])
    viewport.scroll(byLines: 1)
    // Lines 3…5: the first item's lines 1…3; no item starts on screen, so the cursor stays on the cut row.
    #expect(viewport.visibleSlices.map(\.lines) == [1..<4])
    #expect(viewport.selection == ItemPath(item: 0, section: 0))
    viewport.scroll(byLines: 4)
    // Lines 7…9: the third item's lines 0…2; the cursor moved to it, the only item whose first line shows.
    #expect(viewport.visibleSlices.map(\.row) == [.item(ItemPath(item: 2, section: 0))])
    #expect(viewport.selection == ItemPath(item: 2, section: 0))
    viewport.scroll(byLines: -2)
    // Lines 5…7: the bottom line of the first item, the second item, the top line of the third.
    #expect(viewport.visibleSlices.map(\.lines) == [3..<4, 0..<1, 0..<1])
    #expect(viewport.row(atScreenLine: 1) == .item(ItemPath(item: 1, section: 0)))
  }
}
