import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A filter as a child of a composite, over lists long enough (1,000 rows or more) that a new query is shown by a
/// reload with no stages: the composite, the engine and the view follow the filter, as they do below that size.
@MainActor
@Suite struct FilterInCompositePropertyTests {
  @Test("a filter in a composite is shown as it filters, reloads included, with other children around it")
  func filterInComposite() async throws {
    for seed in DeepPass.seeds(quick: 2, deep: 60) {
      var random = SeededRandom(seed: seed)
      let controller = ListController<TitledLinesFilter.State>(rows: { $0 }) { line in
        CellBinder(cell: TextCell.self, value: line.title ?? "", id: ListIdentifier(line.id)) { $0.title = $1 }
      }
      let filtered = try FilteredFeed(controller)
      let composite = ComposedFeed<ListSectionSnapshot>()
      let top = SectionsFeed<ListSectionSnapshot>(sections: [
        ListSection(id: "top", items: [SectionHeaderCell.makeBinder(value: "top", id: "top")]).snapshot
      ])
      let hasTop = random.next() % 2 == 0
      if hasTop { try composite.append(top) }
      try composite.append(filtered)
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: composite, reloadThreshold: 100_000)
      var next = 0
      var state: TitledLinesFilter.State = []
      func newState() -> TitledLinesFilter.State {
        (0..<Int(1 + random.next() % 2)).map { section in
          let count = [10, 900, 1_000, 1_600][Int(random.next() % 4)]
          let items = (0..<count).map { _ in
            next += 1
            return TitledLine(id: next, text: ["timeout", "ok", "retry"][Int(random.next() % 3)])
          }
          return ListSection(id: section, items: items)
        }
      }
      state = newState()
      await controller.apply(state)
      for step in 0..<8 {
        if random.next() % 3 == 0 {
          state = newState()
          await controller.apply(state)
        } else {
          filtered.query = ["", "timeout", "ok", "re", "tim", "zzz"][Int(random.next() % 6)]
        }
        let context = "seed \(seed) step \(step) query '\(filtered.query)'"
        let expected = (hasTop ? [["== top =="]] : []) + TitledLinesFilter.expected(state, query: filtered.query)
        #expect(
          ListRendering.lines(of: composite.displayedSections)
            == ListRendering.lines(of: (hasTop ? top.displayedSections : []) + filtered.displayedSections),
          "\(context): the composite holds another list than its children")
        #expect(view.sections.map { $0.rows.map(\.textRepresentation) } == expected, "\(context)")
        #expect(view.inconsistencies.isEmpty, "\(context)")
      }
      withExtendedLifetime(engine) {}
    }
  }
}
