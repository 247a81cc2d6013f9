import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A highlighted binder is a binder like any other: an identity, a tag or a height set on it, in place or on a copy,
/// is its own, counts for its content, and stays when it is highlighted again.
@MainActor
@Suite("Highlighted binders: identity, tag and height")
struct HighlightedBinderTests {
  struct Fruit: Differentiable, Hashable, Sendable, Titled {
    var id: Int
    var name: String
    var differenceIdentifier: Int { id }
    var title: String? { name }
  }

  struct Named: ListItemDataModel, Hashable, Identifiable {
    var id: Int
  }

  final class FruitCell: BindableCell, MatchHighlighting {
    var name = ""
    var matched: [Int] = []
    func bind(_ value: String) { name = value }
    func highlightMatches(_ offsets: [Int]) { matched = offsets }
    func markAsFilterContext() {}
    var textRepresentation: String { name + (matched.isEmpty ? "" : " \(matched)") }
  }

  /// What a binder should be: the kind of binder it was made as, and what was set on it since.
  struct Expected: CustomStringConvertible {
    var kind: Int
    var id: ListIdentifier
    var tag: ListIdentifier?
    var height: Int?
    var offsets: [Int]

    var description: String {
      "kind \(kind), id \(id), tag \(tag.map(String.init(describing:)) ?? "nil"), height "
        + "\(height.map(String.init) ?? "nil"), offsets \(offsets)"
    }

    /// A binder made at once with all of it: the oracle a binder changed step by step is compared with.
    var made: CellBinder {
      var binder: CellBinder
      switch kind {
      case 0: binder = FruitCell.makeBinder(value: "apple", id: id)
      case 1:
        binder = CellBinder(cell: FruitCell.self, value: "apple", id: id) { cell, name in cell.bind(name) }
      default: binder = CellBinder(data: Named(id: 1)) { (_: Named, cell: FruitCell) in cell.bind("apple") }
      }
      return binder.identified(by: id).tagged(tag).height(height).highlightingMatches(offsets)
    }
  }

  enum Step {
    case setID, setTag, setHeight, highlight, copy
  }

  static let steps = WeightedChoice<Step>([
    ("set the id", weight: 2, .setID),
    ("set the tag", weight: 2, .setTag),
    ("set the height", weight: 2, .setHeight),
    ("highlight again", weight: 3, .highlight),
    ("keep a copy (the next change makes a new storage)", weight: 1, .copy),
  ])

  @Test("identity, tag and height set on a highlighted binder are kept, compared and highlighted again")
  func setOnHighlighted() {
    for seed in DeepPass.seeds(quick: 100, deep: 1_000) {
      var random = SeededRandom(seed: seed)
      var expected = Expected(
        kind: random.below(3), id: ListIdentifier(random.below(3)), tag: nil, height: nil, offsets: [0])
      var binder = expected.made
      var copies: [CellBinder] = []
      var drawn: [String] = []
      var problems: [String] = []
      for _ in 0..<8 {
        let step = Self.steps.pick(using: &random)
        drawn.append(step.name)
        switch step.value {
        case .setID:
          expected.id = ListIdentifier(random.below(3))
          binder.id = expected.id
        case .setTag:
          expected.tag = random.oneIn(3) ? nil : ListIdentifier(random.below(3))
          binder.tag = expected.tag
        case .setHeight:
          expected.height = random.oneIn(3) ? nil : 1 + random.below(3)
          binder.height = expected.height
        case .highlight:
          let offsets = (0..<random.below(3)).map { $0 * 2 }
          if !offsets.isEmpty { expected.offsets = offsets }
          binder = binder.highlightingMatches(offsets)
        case .copy:
          copies.append(binder)
        }
        let made = expected.made
        if binder.id != expected.id { problems.append("id \(binder.id)") }
        if binder.tag != expected.tag { problems.append("tag \(String(describing: binder.tag))") }
        if binder.height != expected.height { problems.append("height \(String(describing: binder.height))") }
        if binder.highlightedMatches != expected.offsets { problems.append("offsets \(binder.highlightedMatches)") }
        if !binder.isContentEqual(to: made) || !made.isContentEqual(to: binder) {
          problems.append("content differs from a binder made with the same")
        }
        var other = expected
        other.height = (expected.height ?? 0) + 1
        if binder.isContentEqual(to: other.made) { problems.append("content equal to one of another height") }
        other = expected
        other.tag = "other"
        if binder.isContentEqual(to: other.made) { problems.append("content equal to one of another tag") }
        if !problems.isEmpty {
          problems.append("expected \(expected)")
          break
        }
      }
      #expect(problems.isEmpty, "seed \(seed), steps \(drawn): \(problems)")
    }
  }

  @Test(
    "rows and a cell closure that highlights, filtered: rows keep the rows' identities, and selection survives the query"
  )
  func filteredRowsKeepTheirIdentity() async throws {
    let names = ["apple", "banana", "cherry", "date", "fig", "grape"]
    let queries = ["a", "an", "e", "ap", "g", "x", ""]
    for seed in DeepPass.seeds(quick: 20, deep: 100) {
      var random = SeededRandom(seed: seed)
      let fruits = names.enumerated().filter { _ in !random.oneIn(3) }.map { Fruit(id: $0.offset, name: $0.element) }
      let controller = ListController<[Fruit]>(
        rows: { [ListSection(id: ListIdentifier.mainSection, items: $0)] },
        cell: { fruit in
          FruitCell.makeBinder(value: fruit.name, id: "cell \(fruit.id)").highlightingMatches([0])
        })
      let filtered = try FilteredFeed(controller)
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: filtered)
      engine.selectionMode = .multiple
      await controller.apply(fruits)
      let unfiltered = engine.snapshot.first?.elements.map(\.id) ?? []
      var problems: [String] = []
      var selected: Set<Int> = []
      for _ in 0..<4 {
        let query = queries[random.below(queries.count)]
        filtered.query = query
        let shown = engine.snapshot.first?.elements.map(\.id) ?? []
        let matching = fruits.indices.filter { query.isEmpty || fruits[$0].name.contains(query) }
        if shown != matching.map({ unfiltered[$0] }) { problems.append("query \(query): \(shown)") }
        if !shown.isEmpty {
          let item = random.below(shown.count)
          try engine.select(rowAt: ItemPath(item: item, section: 0))
          selected.insert(matching[item])
        }
      }
      filtered.query = ""
      let selectedNow = Set(engine.selectedRows.map(\.item))
      if selectedNow != selected { problems.append("selected \(selectedNow.sorted()), expected \(selected.sorted())") }
      #expect(problems.isEmpty, "seed \(seed), fruits \(fruits.map(\.name)): \(problems)")
    }
  }
}
