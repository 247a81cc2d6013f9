import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// The view follows the list's shape through each stage from the shape before it, asking no height of a row off
/// screen: after random changes (rows inserted, deleted, moved across sections, heights changed, sections
/// inserted, deleted and moved, headers coming and going), its counts, headers and footers equal the shape asked in
/// full, every row on screen is measured, and every row it counts as measured has the height the data source
/// declares.
@MainActor
@Suite struct ShapeFollowingTests {
  struct Row: Hashable, Sendable {
    var id: Int
    var height: Int
  }

  struct Section: Hashable, Sendable {
    var id: Int
    var header: Bool
    var rows: [Row]
  }

  nonisolated static func sections(_ state: [Section]) -> [ListSection<CellBinder>] {
    state.map { section in
      ListSection(
        id: ListIdentifier(section.id),
        header: section.header
          ? CellBinder(cell: TextCell.self, value: section.id, id: ListIdentifier(-1 - section.id)) {
            $0.title = "section \($1)"
          } : nil,
        items: section.rows.map { row in
          CellBinder(cell: TextCell.self, value: row, id: ListIdentifier(row.id)) { $0.title = "row \($1.id)" }
            .height(row.height)
        })
    }
  }

  /// A change to the sections.
  enum Change {
    case insertRow, deleteRow, moveRow, resizeRow, insertSection, deleteSection, toggleHeader, swapSections
  }

  /// The changes of a state, by weight.
  static let changes = WeightedChoice<Change>([
    ("insert a row", weight: 2, .insertRow),
    ("delete a row", weight: 1, .deleteRow),
    ("move a row, to any section", weight: 1, .moveRow),
    ("change a row's height", weight: 1, .resizeRow),
    ("insert a section", weight: 1, .insertSection),
    ("delete a section", weight: 1, .deleteSection),
    ("add or remove a section's header", weight: 1, .toggleHeader),
    ("swap two sections", weight: 1, .swapSections),
  ])

  @Test("after random changes the shape followed stage by stage equals the shape asked in full")
  func followedShapeMatches() async throws {
    let seed = terminalFuzzSeed
    var random = SeededRandom(seed: seed)
    for round in 0..<20 {
      let view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 30, rows: 10)))
      let controller = ListController<[Section]> { Self.sections($0) }
      let engine = try ListEngine(view: view, showing: controller)
      var nextID = 0
      func newRow() -> Row {
        defer { nextID += 1 }
        // Mostly one line, so that sections of one-line rows (no heights kept) are common.
        return Row(
          id: nextID, height: Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: 2...4, using: &random) : 1)
      }
      var state = (0..<3).map { id in
        Section(id: id, header: Bool.random(using: &random), rows: (0..<4).map { _ in newRow() })
      }
      var nextSection = 3
      await controller.apply(state)
      for step in 0..<25 {
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          let section = Int.random(in: 0..<max(state.count, 1), using: &random)
          switch Self.changes.pick(using: &random).value {
          case .insertRow:
            guard state.indices.contains(section) else { break }
            state[section].rows.insert(newRow(), at: Int.random(in: 0...state[section].rows.count, using: &random))
          case .deleteRow:
            guard state.indices.contains(section), !state[section].rows.isEmpty else { break }
            state[section].rows.remove(at: Int.random(in: 0..<state[section].rows.count, using: &random))
          case .moveRow:
            guard state.indices.contains(section), !state[section].rows.isEmpty,
              let target = state.indices.randomElement(using: &random)
            else { break }
            let row = state[section].rows.remove(at: Int.random(in: 0..<state[section].rows.count, using: &random))
            state[target].rows.insert(row, at: Int.random(in: 0...state[target].rows.count, using: &random))
          case .resizeRow:
            guard state.indices.contains(section), !state[section].rows.isEmpty else { break }
            let item = Int.random(in: 0..<state[section].rows.count, using: &random)
            state[section].rows[item].height = Int.random(in: 1...4, using: &random)
          case .insertSection:
            state.insert(
              Section(id: nextSection, header: Bool.random(using: &random), rows: [newRow()]),
              at: Int.random(in: 0...state.count, using: &random))
            nextSection += 1
          case .deleteSection:
            guard state.indices.contains(section) else { break }
            state.remove(at: section)
          case .toggleHeader:
            guard state.indices.contains(section) else { break }
            state[section].header.toggle()
          case .swapSections:
            guard state.count > 1 else { break }
            state.swapAt(section, Int.random(in: 0..<state.count, using: &random))
          }
        }
        await controller.apply(state)
        let context = "seed \(seed) round \(round) step \(step)"
        let declared = view.declaredShape()
        let shape = view.viewport.sections
        #expect(shape.map(\.itemCount) == declared.map(\.itemCount), "\(context)")
        #expect(shape.map(\.headerHeight) == declared.map(\.headerHeight), "\(context)")
        #expect(shape.map(\.footerHeight) == declared.map(\.footerHeight), "\(context)")
        guard shape.map(\.itemCount) == declared.map(\.itemCount) else { return }
        for path in view.measuredRows {
          #expect(
            shape[path.section].height(ofItem: path.item) == declared[path.section].height(ofItem: path.item),
            "\(context): row \(path)")
        }
        for case .item(let path) in view.viewport.visibleRows {
          #expect(view.measuredRows.contains(path), "\(context): row \(path) on screen, not measured")
        }
      }
      withExtendedLifetime(engine) {}
    }
  }
}

/// What a change costs the view's layout: the heights it asks of the data source, counted.
@MainActor
@Suite struct ShapeCostTests {
  @Test("a change of one row in a list of 10,000 asks a handful of heights, not one per row")
  func heightsAskedFollowTheChange() {
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 30, rows: 10)))
    let dataSource = ScriptedDataSource()
    view.dataSource = dataSource
    dataSource.view = view
    var rows = (0..<10_000).map { ScriptedDataSource.Row(id: $0, title: "row \($0)") }
    dataSource.show([.init(id: 0, rows: rows)])
    // The first load asks the heights of the rows on screen (8 lines), not of every row.
    #expect(dataSource.heightRequests < 30)
    for step in 0..<20 {
      let before = dataSource.heightRequests
      switch step % 4 {
      case 0: rows.insert(.init(id: 20_000 + step, title: "new"), at: step * 100)
      case 1: rows.remove(at: step * 50)
      case 2: rows.swapAt(step, 5_000 + step)
      default: rows[step * 3].title = "changed \(step)"
      }
      dataSource.show([.init(id: 0, rows: rows)])
      #expect(dataSource.heightRequests - before < 30, "step \(step): \(dataSource.heightRequests - before) heights")
    }
  }
}

extension TerminalListView {
  /// The list's shape with every row's height asked of the data source: what a view that knew every height would
  /// lay out.
  func declaredShape() -> [ListViewport.Section] {
    currentShape().enumerated().map { section, shape in
      ListViewport.Section(
        headerHeight: shape.headerHeight,
        itemHeights: (0..<shape.itemCount).map { item in
          dataSource?.height(of: .row(ItemPath(item: item, section: section)))?.value ?? 1
        },
        footerHeight: shape.footerHeight)
    }
  }
}
