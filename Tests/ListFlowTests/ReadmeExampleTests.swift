import ListFlow
import ListFlowTesting
import Testing

// The README's example, compiled and run: declare cells, style them, handle selection.

struct Fruit: Hashable, Sendable {
  var name: String
  var isRipe: Bool
}

/// 1. A state declares its cells.
struct Basket: CellsDeclarator {
  enum Row: Hashable, Sendable {
    case title(String)
    case fruit(Fruit)
  }

  var fruits: [Fruit]
  func declareCells(_ cell: (Row) -> Void) {
    cell(.title(fruits.isEmpty ? "Empty basket" : "Basket"))
    for fruit in fruits { cell(.fruit(fruit)) }
  }
}

/// 2. A cell, a data model and a mapper; styles decorate the cell after the mapper.
final class LabelCell: ListCell {
  var text = ""
  var color: ListColor?
  var textRepresentation: String { color.map { "\(text) (\($0))" } ?? text }
}

struct Label: ListItemDataModel, Hashable {
  var text: String
  var tag: ListIdentifier?
}

struct LabelMapper: Mapper {
  static func map(data: Label, cell: LabelCell) { cell.text = data.text }
}

extension ListItemStyle where Cell == LabelCell {
  static var heading: Self { ListItemStyle("heading") { $0.text = $0.text.uppercased() } }
  static var ripe: Self { ListItemStyle("ripe") { $0.color = .green } }
}

extension Basket {
  /// 3. Each declaration becomes a styled cell.
  @Sendable static func cell(for row: Row) -> CellBinder {
    switch row {
    case .title(let text):
      CellBinder(data: Label(text: text), mapper: LabelMapper.self, style: .heading)
    case .fruit(let fruit):
      CellBinder(
        data: Label(text: fruit.name, tag: ListIdentifier(fruit.name)),
        mapper: LabelMapper.self,
        style: fruit.isRipe ? .ripe : .plain
      )
    }
  }
}

@Suite("The README example")
@MainActor
struct ReadmeExampleTests {
  @Test("declares cells, styles them and hands the selected row's tag to the app")
  func readme() async throws {
    let view = RecordingListView()
    let controller = ListController<Basket>(cell: Basket.cell)
    let list = try ListEngine(view: view, showing: controller)  // keep it while the list is shown
    var picked: [String] = []
    controller.delegate.didSelectRow = { _, row in
      if let name = row.tag?.value(as: String.self) { picked.append(name) }
    }

    await controller.apply(Basket(fruits: [Fruit(name: "apple", isRipe: true), Fruit(name: "pear", isRipe: false)]))
    try view.selectRow(at: ItemPath(item: 1, section: 0))

    #expect(view.renderedLines == ["BASKET", "apple (green)", "pear"])
    #expect(picked == ["apple"])

    // The promise: when the apple stops being ripe, its row stops being green, with no reset code in the cell.
    await controller.apply(Basket(fruits: [Fruit(name: "apple", isRipe: false)]))
    #expect(view.renderedLines == ["BASKET", "apple"])
    await controller.apply(Basket(fruits: [Fruit(name: "apple", isRipe: true)]))
    #expect(view.renderedLines == ["BASKET", "apple (green)"])
    withExtendedLifetime(list) {}
  }
}
