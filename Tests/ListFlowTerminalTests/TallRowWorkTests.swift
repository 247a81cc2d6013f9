import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// Rows taller than the screen, up to `ListViewport.maximumHeight` lines: a frame draws the lines it shows, never
/// a whole row. The work is counted (the view's `rowLinesDrawn`), never timed, over random heights and random
/// cursor moves, pages, wheel notches and toggles of a row's selection mark; and the screen the frames leave is
/// the one a plain model of the rows gives, line by line.
@MainActor
@Suite struct TallRowWorkTests {
  /// A row: its height and how many detail lines its cell has (at most the lines below its title).
  struct Row: Hashable, Sendable {
    var id: Int
    var height: Int
    var details: Int
  }

  /// The rows of a section, with a header and a footer of their own heights.
  struct Shape: Hashable, Sendable {
    var header: Int
    var rows: [Row]
    var footer: Int
  }

  enum Action: Sendable {
    case key(Key)
    case wheel(down: Bool)
  }

  static let actions = WeightedChoice<Action>([
    ("down", weight: 4, .key(.down)),
    ("up", weight: 4, .key(.up)),
    ("page down", weight: 2, .key(.pageDown)),
    ("page up", weight: 2, .key(.pageUp)),
    ("home", weight: 1, .key(.home)),
    ("end", weight: 1, .key(.end)),
    ("toggle the row's selection", weight: 2, .key(.character(" "))),
    ("wheel down", weight: 2, .wheel(down: true)),
    ("wheel up", weight: 2, .wheel(down: false)),
  ])

  /// A height: one line, a few, taller than the screen, or up to the largest the viewport takes.
  static func height(_ random: inout SeededRandom, screen: Int) -> Int {
    switch random.below(4) {
    case 0: 1 + random.below(3)
    case 1: screen + random.below(3 * screen)
    case 2: 1_000 + random.below(9_000)
    default: ListViewport.maximumHeight - random.below(100)
    }
  }

  static func shape(_ random: inout SeededRandom, screen: Int) -> Shape {
    let rows = (0..<2 + random.below(5)).map { id in
      let height = height(&random, screen: screen)
      return Row(id: id, height: height, details: min(random.below(4), height - 1))
    }
    return Shape(
      header: random.oneIn(3) ? height(&random, screen: screen) : 0, rows: rows,
      footer: random.oneIn(3) ? height(&random, screen: screen) : 0)
  }

  /// The section of a shape: titles `row N`, detail lines `detail N.k`, a header `head` and a footer `foot`.
  nonisolated static func sections(_ shape: Shape) -> [ListSection<CellBinder>] {
    func supplementary(_ text: String, height: Int) -> CellBinder? {
      guard height > 0 else { return nil }
      return CellBinder(cell: TextCell.self, value: text, id: ListIdentifier(text)) { $0.title = $1 }.height(height)
    }
    let items = shape.rows.map { row in
      CellBinder(cell: TextCell.self, value: row, id: ListIdentifier(row.id)) { cell, row in
        cell.title = "row \(row.id)"
        cell.detailLines = (0..<row.details).map { "detail \(row.id).\($0 + 1)" }
      }
      .height(row.height)
    }
    return [
      ListSection(
        id: "rows", header: supplementary("head", height: shape.header),
        footer: supplementary("foot", height: shape.footer), items: items)
    ]
  }

  /// The list area as the plain model of the rows says: for each line on screen, its text and whether it is in
  /// inverse video (the cursor's row).
  static func expectedList(_ view: TerminalListView, _ shape: Shape, marks: Bool) -> [(text: String, inverse: Bool)] {
    var lines: [(text: String, inverse: Bool)] = []
    for slice in view.viewport.visibleSlices {
      for line in slice.lines {
        switch slice.row {
        case .header: lines.append((line == 0 ? "head" : "", false))
        case .footer: lines.append((line == 0 ? "  foot" : "", false))
        case .item(let path):
          let row = shape.rows[path.item]
          let isCursor = path == view.viewport.selection
          let content = line == 0 ? "row \(row.id)" : line <= row.details ? "  detail \(row.id).\(line)" : ""
          var mark = ""
          if marks {
            let selected = view.dataSource?.isRowSelected(at: path) ?? false
            mark = line == 0 && selected ? "✓ " : "  "
          }
          var text = (isCursor && line == 0 ? "▸ " : "  ") + mark + content
          while text.last == " " { text.removeLast() }
          lines.append((text, isCursor))
        }
      }
    }
    return lines
  }

  @Test(
    "a frame over rows of up to 65,535 lines draws at most the lines it shows, and shows each row's own lines",
    .timeLimit(.minutes(60)))
  func tallRowsCostTheLinesShown() async throws {
    var issues = 0
    for seed in DeepPass.seeds(quick: 12, deep: 150) {
      var random = SeededRandom(seed: seed)
      let size = TerminalSize(columns: 30 + random.below(30), rows: 4 + random.below(8))
      let listHeight = size.rows - 2
      let shape = Self.shape(&random, screen: listHeight)
      let marks = random.oneIn(2)
      let output = CapturingOutput()
      let view = TerminalListView(output: output, mode: .screen(size), title: "Tall")
      let controller = ListController<Shape> { Self.sections($0) }
      let engine = try ListEngine(view: view, showing: controller)
      if marks { engine.selectionMode = ListSelection.Mode.multiple }
      await controller.apply(shape)
      var screen = ScreenModel(columns: size.columns, rows: size.rows)
      var drawn: [String] = []
      for step in 0..<30 {
        let action = Self.actions.pick(using: &random)
        drawn.append(action.name)
        let before = view.rowLinesDrawn
        switch action.value {
        case .key(let key): view.handle(key)
        case .wheel(let down):
          view.handle(.mouse(MouseEvent(kind: down ? .wheelDown : .wheelUp, column: 3, row: 2)))
        }
        let work = view.rowLinesDrawn - before
        let context = "seed \(seed), \(size.columns)x\(size.rows), \(shape), step \(step): \(drawn)"
        if work > listHeight {
          issues += 1
          Issue.record("\(context): \(work) lines of rows drawn for a list area of \(listHeight)")
        }
        screen.feed(output.takeText())
        let expected = Self.expectedList(view, shape, marks: marks)
        let shown = screen.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in expected.enumerated() {
          let cells = screen.cells[1 + index]
          guard shown[1 + index] != line.text || !cells.allSatisfy({ $0.attributes.inverse == line.inverse }) else {
            continue
          }
          issues += 1
          Issue.record("\(context): line \(1 + index) is \(shown[1 + index].debugDescription), expected \(line)")
          break
        }
        #expect(screen.unsupported.isEmpty, "\(context): \(screen.unsupported)")
      }
      withExtendedLifetime(engine) {}
    }
    #expect(issues == 0)
  }
}
