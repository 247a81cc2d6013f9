import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases (600 seeds in the quick pass, 6,000 in the deep pass): a source shown by an engine, alone or
/// after another child of a composite, takes stages made by hand (`SectionsFeed.apply`): random deletes, inserts,
/// updates and moves of rows and sections, each stage kept when `Array.applying` takes it. The oracle is the
/// source's own sections: a stage it takes is shown as it holds it (the view, the engine and the composite agree);
/// a stage it refuses throws and changes nothing.
@MainActor
@Suite("Stages applied to a source by hand are shown as the source holds them, or refused")
struct SourceApplyPropertyTests {
  @Test("a stage taken is shown as the source holds it; one refused changes nothing", .timeLimit(.minutes(60)))
  func stagesAreShownOrRefused() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 600, deep: 6_000) {
      var random = SeededRandom(seed: seed)
      var next = 0
      func row() -> CellBinder {
        next += 1
        return SectionHeaderCell.makeBinder(value: "r\(next)", id: "r\(next)")
      }
      func section(_ id: Int) -> ListSectionSnapshot {
        ListSection(id: "s\(id)", items: (0..<random.below(4)).map { _ in row() }).snapshot
      }
      let source = SectionsFeed<ListSectionSnapshot>(sections: (0..<1 + random.below(3)).map { section($0) })
      let composite = ComposedFeed<ListSectionSnapshot>()
      if random.oneIn(2) { try composite.append(SectionsFeed(sections: [section(90)])) }
      try composite.append(source)
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: composite)
      var log: [String] = []
      for _ in 0..<4 {
        let before = source.sections
        let paths = before.enumerated().flatMap { index, content in
          content.elements.indices.map { ItemPath(item: $0, section: index) }
        }
        var stage = Changeset(data: before)
        for _ in 0..<1 + random.below(3) {
          let choices = WeightedChoice<@MainActor (inout Changeset<[ListSectionSnapshot]>) -> Void>([
            (
              "delete a row", weight: 1,
              { if let p = paths.randomElement(using: &random) { $0.elementDeleted.append(p) } }
            ),
            (
              "insert a row", weight: 1,
              { if let p = paths.randomElement(using: &random) { $0.elementInserted.append(p) } }
            ),
            (
              "update a row", weight: 2,
              { if let p = paths.randomElement(using: &random) { $0.elementUpdated.append(p) } }
            ),
            (
              "move a row", weight: 1,
              {
                guard let p = paths.randomElement(using: &random), let q = paths.randomElement(using: &random) else {
                  return
                }
                $0.elementMoved.append(Move(source: p, target: q))
              }
            ),
            ("delete a section", weight: 1, { $0.sectionDeleted.append(random.below(before.count)) }),
            ("insert a section", weight: 1, { $0.sectionInserted.append(random.below(before.count + 1)) }),
            ("update a section", weight: 1, { $0.sectionUpdated.append(random.below(before.count)) }),
            (
              "move a section", weight: 1,
              { $0.sectionMoved.append(Move(source: random.below(before.count), target: random.below(before.count))) }
            ),
          ])
          choices.pick(using: &random).value(&stage)
        }
        // The data after the stage: the sections as `applying` makes them, with new rows and sections where it
        // inserts and updated rows given new content (their identity kept).
        guard var data = try? before.applying(stage) else { continue }
        for index in stage.sectionInserted where data.indices.contains(index) { data[index] = section(100 + next) }
        for path in stage.elementInserted
        where data.indices.contains(path.section) && data[path.section].elements.indices.contains(path.item) {
          data[path.section].elements[path.item] = row()
        }
        stage.data = data
        log.append("\(stage)")
        let shownBefore = view.renderedLines
        do {
          try source.apply(StagedChangeset([stage]))
        } catch {
          log.append("refused")
          if source.sections.map(\.elements.count) != before.map(\.elements.count) || view.renderedLines != shownBefore
          {
            failures.append("seed \(seed): a refused stage changed the list; \(log)")
            break
          }
          continue
        }
        let expected = ListRendering.lines(of: composite.displayedSections)
        if !view.inconsistencies.isEmpty || ListRendering.lines(of: engine.snapshot) != expected
          || view.renderedLines != expected
        {
          failures.append(
            "seed \(seed): view \(view.renderedLines), source \(expected), \(view.inconsistencies); \(log)")
          break
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.count) cases fail; first: \(failures.first ?? "")")
  }
}
