import ListFlow
import ListFlowTesting
import TestSupport

/// The state of the end-to-end scenarios: sections of generated items, and the number of the state.
struct EndToEndState: Hashable, Sendable {
  /// 0 for the first state, then 1, 2, … in publish order.
  var sequence = 0
  /// The items of each section.
  var sections: [[Item]]

  /// The rows of a state: one section per array, the items themselves as rows.
  static func rows(_ state: EndToEndState) -> [ListSection<Item>] {
    state.sections.enumerated().map { index, items in ListSection(id: index, items: items) }
  }

  /// The binder of an item's row.
  static func cell(_ item: Item) -> CellBinder { EndToEndRowCell.makeBinder(value: item, id: item.id) }

  /// The list of a state: one section per array, a ``EndToEndRowCell`` per item.
  static func listSections(_ state: EndToEndState) -> [ListSection<CellBinder>] {
    rows(state).map { $0.map(cell) }
  }

  /// A controller that declares states as rows of items (it diffs the items and makes binders only for new and
  /// changed rows), and the engine that shows it on `view`.
  @MainActor
  static func makeController(view: any ListView) -> (ListController<EndToEndState>, ListEngine) {
    let controller = ListController(rows: rows, cell: cell)
    // A new controller is shown by nothing else, so showing it cannot fail.
    guard let engine = try? ListEngine(view: view, showing: controller) else {
      preconditionFailure("a new controller is already shown")
    }
    return (controller, engine)
  }

  /// Makes about `count` random changes with `random`: updates, moves (also across sections), deletes and
  /// inserts of new items, a quarter each, so the number of rows stays about the same.
  mutating func change(_ count: Int, using random: inout SeededRandom) {
    for _ in 0..<count {
      let section = random.below(sections.count)
      let size = sections[section].count
      switch random.below(4) {
      case 0 where size > 0:
        sections[section][random.below(size)].payload += 1
      case 1 where size > 0:
        let item = sections[section].remove(at: random.below(size))
        let target = random.below(sections.count)
        sections[target].insert(item, at: random.below(sections[target].count + 1))
      case 2 where size > 0:
        sections[section].remove(at: random.below(size))
      default:
        sections[section].insert(random.newItem(), at: random.below(size + 1))
      }
    }
  }
}

/// The row cell of the end-to-end scenarios: it shows an item as text, as a terminal row would.
final class EndToEndRowCell: BindableCell {
  private(set) var text = ""

  func bind(_ item: Item) { text = "\(item.id): \(item.payload)" }
  var textRepresentation: String { text }
}
