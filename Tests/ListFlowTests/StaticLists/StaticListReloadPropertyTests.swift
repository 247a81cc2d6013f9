import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A static list reloaded from random constructors (sections coming, going and moving, repeated section
/// identities, models changed at random places, headers and footers of sections and of the list coming and going)
/// shows what a list built afresh from the same constructor shows, and a selected row reaches the handler of its
/// own model.
@MainActor
@Suite("Static lists: a reload shows the constructor, a selection reaches its row's model")
struct StaticListReloadPropertyTests {
  /// A screen of titles with a list header and footer, which records the models selected.
  @MainActor
  final class FramedScreen: StaticListConstructor {
    var sections: [ListSection<String>] = []
    var header: String?
    var footer: String?
    var selected: [String] = []

    var listHeader: CellBinder? { header.map { MessageCell.makeBinder(value: $0, id: "list header") } }
    var listFooter: CellBinder? { footer.map { MessageCell.makeBinder(value: $0, id: "list footer") } }
    func cellType(for model: String) -> any ListCell.Type { TextCell.self }
    func itemSelected(item: String) { selected.append(item) }

    /// The same screen, another object.
    func copy() -> FramedScreen {
      let copy = FramedScreen()
      (copy.sections, copy.header, copy.footer) = (sections, header, footer)
      return copy
    }

    /// Random sections from a few identities (one of them twice, now and then), with models from a few names.
    func draw(_ random: inout SeededRandom) {
      let ids: [ListIdentifier] = ["a", "b", "c", 1]
      var chosen = ids.filter { _ in !random.oneIn(3) }
      chosen.shuffle(using: &random)
      if random.oneIn(6), let repeated = chosen.first { chosen.append(repeated) }
      sections = chosen.map { id in
        ListSection(
          id: id, header: random.oneIn(2) ? "h\(random.below(2))" : nil,
          footer: random.oneIn(3) ? "f\(random.below(2))" : nil,
          items: (0..<random.below(5)).map { _ in "m\(random.below(4))" })
      }
      header = random.oneIn(2) ? "top\(random.below(2))" : nil
      footer = random.oneIn(2) ? "bottom\(random.below(2))" : nil
    }
  }

  @Test("random reloads show what a fresh list shows; a selected row's model reaches itemSelected or its handler")
  func reloads() async throws {
    var failures: [String] = []
    var failingSeeds = 0
    for seed in DeepPass.seeds(quick: 40, deep: 600) {
      var random = SeededRandom(seed: seed)
      let screen = FramedScreen()
      screen.draw(&random)
      let list = StaticList(screen)
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: list)
      var tapped: [String] = []
      var problems: [String] = []
      for step in 0..<8 {
        screen.draw(&random)
        list.reload(animated: random.oneIn(2))
        let fresh = ListRendering.lines(of: StaticList(screen.copy()).displayedSections)
        if view.renderedLines != fresh { problems.append("step \(step): shows \(view.renderedLines), not \(fresh)") }
        let name = "m\(random.below(4))"
        if random.oneIn(2) { list.onTap(name) { tapped.append(name) } } else { list.removeTapHandler(for: name) }
        let rows = view.visibleRows
        guard !rows.isEmpty else { continue }
        let path = rows[random.below(rows.count)]
        guard let model = engine.snapshot[path.section].elements[path.item].model(as: String.self) else {
          problems.append("step \(step): row \(path) carries no model")
          continue
        }
        let before = (screen.selected.count, tapped.count)
        try view.selectRow(at: path)
        let reached = (screen.selected.count - before.0, tapped.count - before.1)
        if reached.0 + reached.1 != 1 || (reached.0 == 1 && screen.selected.last != model)
          || (reached.1 == 1 && tapped.last != model)
        {
          problems.append("step \(step): selecting \(path) (\(model)) reached \(reached)")
        }
      }
      problems += view.inconsistencies
      if !problems.isEmpty {
        failingSeeds += 1
        if failures.count < 3 { failures.append("seed \(seed): \(problems.prefix(3))") }
      }
      withExtendedLifetime(engine) {}
    }
    #expect(failingSeeds == 0, "\(failingSeeds) seeds failed; the first:\n\(failures.joined(separator: "\n"))")
  }
}
