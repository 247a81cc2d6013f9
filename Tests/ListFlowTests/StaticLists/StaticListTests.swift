import ListFlow
import ListFlowTesting
import Testing

/// A capability of the tests' own, shown by `StarCell`.
protocol Starred { var stars: Int { get } }
/// A cell that can show `Starred`.
protocol StarConfigurable: ListCell { func showStars(_ stars: Int) }

@MainActor
final class StarCell: ListCell, TitledConfigurable, StarConfigurable {
  var text = ""
  var stars = 0
  func configure(by model: any Titled) { text = model.title ?? "" }
  func showStars(_ stars: Int) { self.stars = stars }
  var textRepresentation: String { text + String(repeating: "*", count: stars) }
}

enum Rating: Equatable, Sendable, Titled, Starred {
  case rated(String, Int)
  case unrated(String)
  /// A section footer of its own type: the number of reviews, shown by a `CountCell`.
  case summary(Int)
  var title: String? {
    switch self {
    case .rated(let name, _), .unrated(let name): name
    case .summary: nil
    }
  }
  var stars: Int { if case .rated(_, let stars) = self { stars } else { 0 } }
}

/// The cell of a section footer of its own type: a count.
final class CountCell: BindableCell {
  var text = ""
  func bind(_ count: Int) { text = "\(count) reviews" }
  var textRepresentation: String { text }
}

@MainActor
struct RatingScreen: StaticListConstructor {
  var reviews: [Rating]
  var title = "Reviews"
  var selected: [Rating] = []
  var sections: [ListSection<Rating>] {
    [ListSection(id: "r", footer: .summary(reviews.count), items: reviews)]
  }
  var listHeader: CellBinder? { CountCell.makeBinder(value: -1, id: "h").height(1) }
  func cellType(for model: Rating) -> any ListCell.Type {
    switch model {
    case .summary: CountCell.self
    case .rated, .unrated: StarCell.self
    }
  }
  /// The summary's count, and the tests' own capability: a starred model shows its stars on a cell that can.
  func configure(cell: any ListCell, by model: Rating) {
    if case .summary(let count) = model { (cell as? CountCell)?.bind(count) }
    if let cell = cell as? any StarConfigurable { cell.showStars(model.stars) }
  }
}

@MainActor
@Suite(
  "Static lists in one call, capabilities of your own, header and footer types, list header and footer", .serialized)
struct StaticListTests {
  @Test("reload diffs the rebuilt list: a changed model is reconfigured, a capability of its own is redone")
  func reloadReconfigures() async throws {
    let view = RecordingListView()
    let list = StaticList(RatingScreen(reviews: [.rated("Ada", 3), .unrated("Bob")]))

    let engine = try ListEngine(view: view, showing: list)
    #expect(view.renderedLines == ["-1 reviews", "Ada***", "Bob", "2 reviews"])
    list.constructor.reviews = [.unrated("Ada"), .rated("Bob", 1), .rated("Cy", 2)]
    list.reload()
    #expect(view.renderedLines == ["-1 reviews", "Ada", "Bob*", "Cy**", "3 reviews"])
    #expect(view.updates.flatMap(\.reconfiguredRows).count == 2)
    #expect(view.reloadCount == 1)
    #expect(view.inconsistencies.isEmpty)
    withExtendedLifetime(engine) {}
  }

  @Test("taps go to a row's own handler when it has one, else to the constructor")
  func tapHandlers() async throws {
    final class Screen: StaticListConstructor {
      var models: [String] = ["a", "b"]
      var selected: [String] = []
      func cellType(for model: String) -> any ListCell.Type { CountCell.self }
      func itemSelected(item: String) { selected.append(item) }
    }
    let screen = Screen()
    let list = StaticList(screen)
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: list)
    var tapped: [String] = []
    list.onTap("a") { tapped.append("first") }
    list.onTap("a") { tapped.append("a") }
    try engine.selectRow(at: ItemPath(item: 0, section: 0))
    try engine.selectRow(at: ItemPath(item: 1, section: 0))
    list.removeTapHandler(for: "a")
    try engine.selectRow(at: ItemPath(item: 0, section: 0))
    #expect(tapped == ["a"])
    #expect(screen.selected == ["b", "a"])
  }

  @Test("a list header or footer that changes reloads the view; an equal one does nothing")
  func listHeaderReloads() async throws {
    let view = RecordingListView()
    let controller = ListController<[CellBinder]>()
    let engine = try ListEngine(view: view, showing: controller)
    await controller.apply([CountCell.makeBinder(value: 1, id: 1)])
    engine.listHeader = CountCell.makeBinder(value: 0, id: "h")
    engine.listFooter = CountCell.makeBinder(value: 9, id: "f")
    #expect(view.renderedLines == ["0 reviews", "1 reviews", "9 reviews"])
    #expect(view.reloadCount == 3)
    engine.listHeader = CountCell.makeBinder(value: 0, id: "h")
    #expect(view.reloadCount == 3)
    await controller.apply([CountCell.makeBinder(value: 2, id: 2)])
    #expect(view.renderedLines == ["0 reviews", "2 reviews", "9 reviews"])
    engine.listHeader = nil
    #expect(view.renderedLines == ["2 reviews", "9 reviews"])
  }

  @Test("a composed controller has a list header above its first child")
  func composedListHeader() async throws {
    let child = ListController<[CellBinder]>()
    await child.apply([CountCell.makeBinder(value: 5, id: 5)])
    let composite = ComposedFeed<ListSectionSnapshot>()
    try composite.append(child)
    let view = RecordingListView()
    let composed = try ListEngine(view: view, showing: composite)
    composed.listHeader = CountCell.makeBinder(value: 0, id: "h")
    #expect(view.renderedLines == ["0 reviews", "5 reviews"])
  }
}
