import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// After every apply, every cell on screen (rows, headers, footers) shows exactly what a freshly dequeued cell
/// configured with the same binder shows: text, styles and every capability.
@MainActor
@Suite("Reused cell = fresh cell: styles and capabilities never stay on a reconfigured or reused cell")
struct FreshCellPropertyTests {
  /// A row whose capabilities are all optional, so that a state can take any of them away.
  struct Thing: ListItemDataModel, Hashable, Titled, Subtitled, Imaged, Fonted, Colored {
    var id: Int
    var title: String?
    var subtitle: String?
    var image: ListImage?
    var font: ListFont?
    var color: ListColor?
    var identity: Int { id }
  }

  /// A row with a title only: a style that sets colour, font or image is the only thing that touches them.
  struct Bare: ListItemDataModel, Hashable, Titled {
    var id: Int
    var title: String?
    var identity: Int { id }
  }

  static let styles: [ListItemStyle<TextCell>] = [
    .plain,
    ListItemStyle("red") { $0.color = .red },
    ListItemStyle("bold") { $0.font = .bold },
    ListItemStyle("shout") { $0.title = $0.title.uppercased() },
    ListItemStyle("badge") { $0.image = ListImage(name: "badge") },
  ]

  static func thing(_ id: Int, _ random: inout SeededRandom) -> Thing {
    func maybe<Value>(_ value: Value) -> Value? { random.next() % 2 == 0 ? value : nil }
    return Thing(
      id: id, title: "t\(id) v\(random.next() % 3)", subtitle: maybe("sub"), image: maybe(ListImage(name: "star")),
      font: maybe(random.next() % 2 == 0 ? .italic : .light), color: maybe(random.next() % 2 == 0 ? .blue : .gray))
  }

  static func binder(_ thing: Thing, _ random: inout SeededRandom) -> CellBinder {
    var style = styles[Int(random.next() % UInt64(styles.count))]
    if random.next() % 3 == 0 { style += styles[Int(random.next() % UInt64(styles.count))] }
    switch binderKinds.pick(using: &random).value {
    case .plainTitle: return CellBinder(data: thing, map: { (_: Thing, _: PlainTitleCell) in })
    case .bare:
      let bare = Bare(id: thing.id, title: thing.title)
      return CellBinder(data: bare, map: { (_: Bare, _: TextCell) in }, style: style)
    case .thing: return CellBinder(data: thing, map: { (_: Thing, _: TextCell) in }, style: style)
    }
  }

  /// The binders ``binder(_:_:)`` makes.
  enum BinderKind { case plainTitle, bare, thing }

  /// The binders ``binder(_:_:)`` makes, by weight.
  static let binderKinds = WeightedChoice<BinderKind>([
    ("a thing in a plain title cell (no style)", weight: 1, .plainTitle),
    ("a bare row (a title only) in a text cell, styled", weight: 2, .bare),
    ("a thing in a text cell, styled", weight: 2, .thing),
  ])

  static func state(_ random: inout SeededRandom) -> [ListSection<CellBinder>] {
    (0..<Int(1 + random.next() % 3)).map { section in
      let ids = (0..<8).filter { _ in random.next() % 3 != 0 }.map { $0 + section * 10 }
      let header = random.next() % 2 == 0 ? nil : binder(thing(-1 - section, &random), &random)
      let footer = random.next() % 3 == 0 ? binder(thing(-100 - section, &random), &random) : nil
      return ListSection(
        id: section, header: header, footer: footer, items: ids.map { binder(thing($0, &random), &random) })
    }
  }

  @Test("300 random sequences of states with random styles, capabilities and cell types", .timeLimit(.minutes(60)))
  func reusedEqualsFresh() async throws {
    for seed in DeepPass.seeds(quick: 25, deep: 300) {
      var random = SeededRandom(seed: seed)
      let view = RecordingListView()
      let controller = ListController<[ListSection<CellBinder>]>(
        configuration: ListControllerConfiguration(backgroundDiffThreshold: .max))
      let engine = try ListEngine(view: view, showing: controller)
      for step in 0..<8 {
        await controller.apply(Self.state(&random))
        let fresh = ListRendering.lines(of: engine.snapshot)
        #expect(view.renderedLines == fresh, "seed \(seed), state \(step)")
        if view.renderedLines != fresh { return }
      }
    }
  }

  @Test("the README's basket: a fruit that stops being ripe stops being green")
  func basketLosesItsStyle() async throws {
    let view = RecordingListView()
    let controller = ListController<[CellBinder]>()
    let engine = try ListEngine(view: view, showing: controller)
    let ripe = ListItemStyle<TextCell>("ripe") { $0.color = .green }
    func apple(ripe isRipe: Bool) -> CellBinder {
      CellBinder(
        data: Bare(id: 1, title: "apple"), map: { (_: Bare, _: TextCell) in }, style: isRipe ? ripe : .plain
      )
    }
    await controller.apply([apple(ripe: true)])
    #expect(view.renderedLines == ["apple [green]"])
    await controller.apply([apple(ripe: false)])
    #expect(view.renderedLines == ["apple"])
    withExtendedLifetime(engine) {}
  }
}

/// A second cell type for the same rows: only the title capability.
final class PlainTitleCell: ListCell, TitledConfigurable {
  var text = ""
  func configure(by model: any Titled) { text = model.title ?? "" }
  var textRepresentation: String { "plain \(text)" }
}
