import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// The feeds of a composite: children reordered, a paged list loading and retrying through its rows, an
/// outline asking before it expands.
@MainActor
@Suite("Feeds: moving children, paged lists and outlines through one engine", .timeLimit(.minutes(60)))
struct FeedTests {
  static func source(_ name: String, sections: Int) -> SectionsFeed<ListSectionSnapshot> {
    SectionsFeed(
      sections: (0..<sections).map { index in
        ListSection(
          id: "\(name)\(index)", items: [SectionHeaderCell.makeBinder(value: "\(name)\(index)", id: "\(name)\(index)")]
        ).snapshot
      })
  }

  @Test("random child moves are section moves: the view follows them and matches the engine after each")
  func moveChildren() throws {
    var random = SeededRandom(seed: 11)
    for _ in 0..<DeepPass.cases(quick: 40, deep: 200) {
      let view = RecordingListView()
      let composite = ComposedFeed<ListSectionSnapshot>()
      var names = ["a", "b", "c", "d"]
      for (index, name) in names.enumerated() { try composite.append(Self.source(name, sections: index % 3)) }
      let controller = try ListEngine(view: view, showing: composite)
      for _ in 0..<5 {
        let from = Int(random.next() % 4)
        let to = Int(random.next() % 4)
        try composite.moveChild(from: from, to: to)
        names.insert(names.remove(at: from), at: to)
        let expected = names.enumerated().flatMap { _, name in
          (0..<(["a": 0, "b": 1, "c": 2, "d": 0][name] ?? 0)).map { "== \(name)\($0) ==" }
        }
        #expect(view.renderedLines == expected)
        #expect(view.inconsistencies.isEmpty)
        #expect(view.updates.allSatisfy { $0.changeset.sectionInserted.isEmpty && $0.changeset.sectionDeleted.isEmpty })
        #expect(ListRendering.lines(of: controller.snapshot) == expected)
      }
      #expect(throws: ListFlowError.childIndexOutOfRange(index: 4, childCount: 4)) {
        try composite.moveChild(from: 4, to: 0)
      }
    }
  }

  @MainActor final class Server {
    var failNext = false
    var loads: [Int?] = []
  }

  @Test("a paged feed loads the next page when its last rows are displayed, and its failure row retries")
  func pagedFeed() async throws {
    let server = Server()
    let paging = PagingController(prefetchDistance: .init(rows: 1)) { @MainActor (cursor: Int?) in
      server.loads.append(cursor)
      if server.failNext {
        server.failNext = false
        throw PageFailure()
      }
      let page = cursor ?? 0
      return Page(elements: [page * 2, page * 2 + 1], nextPage: page < 2 ? page + 1 : nil)
    }
    let feed = PagedFeed(
      id: "pages", paging: paging,
      appearance: PagingAppearance(
        failure: SectionHeaderCell.makeBinder(value: "failed · retry", id: "failure"),
        endOfList: SectionHeaderCell.makeBinder(value: "end", id: "end"))
    ) { number in SectionHeaderCell.makeBinder(value: "\(number)", id: number) }
    let composite = ComposedFeed<ListSectionSnapshot>()
    try composite.append(feed)
    let view = RecordingListView()
    let controller = try ListEngine(view: view, showing: composite)

    server.failNext = true
    await paging.refresh()
    #expect(view.renderedLines == ["== failed · retry =="])
    try view.selectRow(at: ItemPath(item: 0, section: 0))  // the failure row retries
    // The recording view displays every row, so each page's last row asks for the next, up to the end.
    #expect(
      await yieldUntil { paging.state == .populated },
      "paging never reached the end: \(paging.state), loads \(server.loads)")
    #expect(view.renderedLines == ["== 0 ==", "== 1 ==", "== 2 ==", "== 3 ==", "== 4 ==", "== 5 ==", "== end =="])
    #expect(server.loads == [nil, nil, 1, 2])
    #expect(view.inconsistencies.isEmpty)
    #expect(controller.reloadCount == 1)
  }

  struct PageFailure: Error {}

  @Test("an outline feed asks before expanding, and collapsing removes every visible descendant")
  func outlineFeed() throws {
    let feed = OutlineFeed(
      id: "tree",
      outline: Outline([
        Outline.Node("a", children: [Outline.Node("a1", children: [Outline.Node("a11")]), Outline.Node("a2")]),
        Outline.Node("b"),
      ])
    ) { row in SectionHeaderCell.makeBinder(value: row.element, id: ListIdentifier(row.element)) }
    let composite = ComposedFeed<ListSectionSnapshot>()
    try composite.append(feed)
    let view = RecordingListView()
    let controller = try ListEngine(view: view, showing: composite)
    var asked: [String] = []
    feed.shouldExpand = { row in
      asked.append(row.element)
      return row.element != "a2"
    }
    #expect(controller.setExpanded(true, forRowAt: ItemPath(item: 0, section: 0)))
    #expect(controller.setExpanded(true, forRowAt: ItemPath(item: 1, section: 0)))
    #expect(view.renderedLines == ["== a ==", "== a1 ==", "== a11 ==", "== a2 ==", "== b =="])
    #expect(!controller.setExpanded(true, forRowAt: ItemPath(item: 4, section: 0)), "b has no children")
    #expect(asked == ["a", "a1"])
    #expect(controller.setExpanded(false, forRowAt: ItemPath(item: 0, section: 0)))
    #expect(view.renderedLines == ["== a ==", "== b =="])
    #expect(!controller.setExpanded(true, forRowAt: ItemPath(item: 9, section: 3)), "no such row")
    #expect(view.inconsistencies.isEmpty)
  }

  @Test("stages applied to a sections feed show its sections, wherever their data says otherwise")
  func appliedStagesShowTheFeedsSections() throws {
    // Rows of two versions, so that a change keeps some rows' content and updates others'.
    func sections(_ random: inout SeededRandom) -> [ListSectionSnapshot] {
      (0..<Int(1 + random.next() % 3)).map { section in
        let ids = (0..<8).filter { _ in random.next() % 2 == 0 }
        return ListSection(
          id: section,
          items: ids.map {
            SectionHeaderCell.makeBinder(value: "\(section).\($0) v\(random.next() % 2)", id: "\(section).\($0)")
          }
        ).snapshot
      }
    }
    for seed in DeepPass.seeds(quick: 100, deep: 600) {
      var random = SeededRandom(seed: seed)
      let source = SectionsFeed<ListSectionSnapshot>(sections: sections(&random))
      let composite = ComposedFeed<ListSectionSnapshot>()
      let hasTop = random.next() % 2 == 0
      if hasTop {
        let top = ListSection(id: "top", items: [SectionHeaderCell.makeBinder(value: "t", id: "t")]).snapshot
        try composite.append(SectionsFeed(sections: [top]))
      }
      let direct = random.next() % 3 == 0
      if !direct { try composite.append(source) }
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: direct ? source : composite)
      for step in 1...4 {
        // Stages from a diff, whose data then says something else of every row at its place: the feed keeps
        // the rows the stages do not name, as documented, and shows what it keeps.
        let target = sections(&random)
        let changes = StagedChangeset(source: source.sections, target: target)
        let misleading = StagedChangeset(
          changes.map { stage in
            var stage = stage
            stage.data = stage.data.map { section in
              ListSection(
                id: section.model.id,
                items: section.elements.map { SectionHeaderCell.makeBinder(value: "misleading", id: $0.id) }
              ).snapshot
            }
            return stage
          })
        try source.apply(random.next() % 2 == 0 ? changes : misleading)
        let expected = (hasTop && !direct ? ["== t =="] : []) + ListRendering.lines(of: source.sections)
        let context = "seed \(seed) step \(step)"
        #expect(ListRendering.lines(of: engine.snapshot) == expected, "\(context)")
        #expect(view.renderedLines == expected, "\(context)")
        #expect(view.inconsistencies.isEmpty, "\(context)")
      }
      engine.reloadData()
      #expect(view.renderedLines == ListRendering.lines(of: engine.snapshot), "seed \(seed) after a reload")
      #expect(
        ListRendering.lines(of: composite.displayedSections) == (hasTop ? ["== t =="] : [])
          + (direct ? [] : ListRendering.lines(of: source.sections)),
        "seed \(seed)")
    }
  }
}
