import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@MainActor
@Suite("Composed data source")
struct ComposedDataSourceTests {
  let first = SectionsFeed(sections: [section("A", [1, 2]), section("B", [3])])
  let second = SectionsFeed(sections: [section("C", [4, 5, 6])])
  let composite = ComposedFeed<TestSection>()

  init() throws {
    try composite.append(first)
    try composite.append(second)
  }

  func bound() -> AppliedView {
    let view = AppliedView(composite.displayedSections)
    composite.didUpdate = { [view] in view.apply($0) }
    return view
  }

  @Test("children are shown one after another")
  func concatenation() {
    #expect(composite.sections == [section("A", [1, 2]), section("B", [3]), section("C", [4, 5, 6])])
    #expect(composite.childCount == 2)
  }

  @Test("a child's update reaches the composite as the child's changes shifted to its place")
  func shiftedUpdate() throws {
    let view = bound()
    var local: [StagedChangeset<[TestSection]>] = []
    second.didUpdate = { local.append($0) }
    second.update(to: [section("C", [6, 4, 7])])
    let global = try #require(view.batches.first)
    #expect(view.batches.count == 1)
    #expect(local.count == 1)
    #expect(global.count == local[0].count)
    for (globalStage, localStage) in zip(global, local[0]) {
      #expect(globalStage == localStage.shifted(bySections: 2, data: globalStage.data))
    }
    #expect(view.failures.isEmpty, "\(view.failures)")
    #expect(view.sections == composite.sections)
    #expect(composite.sections[2] == section("C", [6, 4, 7]))
  }

  @Test("moves inside a child are moves in the composite")
  func movesInsideChild() throws {
    let view = bound()
    first.update(to: [section("B", [3, 1]), section("A", [2])])
    let changes = try #require(view.batches.first)
    #expect(changes.contains { !$0.sectionMoved.isEmpty })
    #expect(changes.contains { !$0.elementMoved.isEmpty })
    #expect(view.failures.isEmpty, "\(view.failures)")
    #expect(view.sections == [section("B", [3, 1]), section("A", [2]), section("C", [4, 5, 6])])
  }

  @Test("hiding a child deletes its sections, its updates while hidden show nothing, showing inserts it")
  func hideAndShow() {
    let view = bound()
    first.isHidden = true
    #expect(view.batches.last.map { $0.map(\.sectionDeleted) } == [[0, 1]])
    #expect(view.sections == [section("C", [4, 5, 6])])
    first.update(to: [section("A", [9])])
    #expect(view.batches.count == 1)
    #expect(composite.childSection(forSection: 0)! == (1, 0))
    first.isHidden = false
    #expect(view.batches.last.map { $0.map(\.sectionInserted) } == [[0]])
    #expect(view.sections == [section("A", [9]), section("C", [4, 5, 6])])
    #expect(view.failures.isEmpty, "\(view.failures)")
  }

  @Test("nested composites shift by every level")
  func nesting() throws {
    let view = bound()
    let inner = ComposedFeed<TestSection>()
    let deep = SectionsFeed(sections: [section("D", [7])])
    try inner.append(deep)
    try composite.insert(inner, at: 1)
    #expect(view.sections.map(\.model.id) == ["A", "B", "D", "C"])
    deep.update(to: [section("D", [7, 8])])
    #expect(view.batches.last?.last?.elementInserted == [ItemPath(item: 1, section: 2)])
    let owner = try #require(composite.leaf(for: ItemPath(item: 1, section: 2)))
    #expect(owner.source === deep)
    #expect(owner.path == ItemPath(item: 1, section: 0))
    #expect(composite.path(for: ItemPath(item: 1, section: 0), in: deep) == ItemPath(item: 1, section: 2))
    inner.isHidden = true
    #expect(view.sections.map(\.model.id) == ["A", "B", "C"])
    #expect(composite.path(for: ItemPath(item: 1, section: 0), in: deep) == nil)
    #expect(view.failures.isEmpty, "\(view.failures)")
  }

  @Test("removing a child deletes its sections and frees it for another composite")
  func removal() throws {
    let view = bound()
    try composite.removeChild(at: 0)
    #expect(view.sections == [section("C", [4, 5, 6])])
    let other = ComposedFeed<TestSection>()
    try other.append(first)
    first.update(to: [])
    #expect(view.batches.count == 1)
    #expect(view.failures.isEmpty, "\(view.failures)")
  }

  @Test("bad child operations throw typed errors and change nothing")
  func errors() throws {
    let other = ComposedFeed<TestSection>()
    #expect(throws: ListFlowError.alreadyComposed) { try other.append(first) }
    #expect(throws: ListFlowError.cycle) { try composite.append(composite) }
    try other.append(composite)
    let outer = ComposedFeed<TestSection>()
    try outer.append(other)
    #expect(throws: ListFlowError.cycle) { try composite.append(outer) }
    #expect(throws: ListFlowError.childIndexOutOfRange(index: 5, childCount: 2)) {
      try composite.insert(SectionsFeed<TestSection>(), at: 5)
    }
    #expect(throws: ListFlowError.childIndexOutOfRange(index: -1, childCount: 2)) {
      try composite.removeChild(at: -1)
    }
    #expect(composite.childCount == 2)
    #expect(composite.sections.count == 3)
  }

  @Test("index titles travel with their sections: global positions in a composite, none from hidden children")
  func indexTitles() throws {
    for seed in 0..<UInt64(DeepPass.isOn ? 300 : 50) {
      var random = SeededRandom(seed: seed)
      let composite = ComposedFeed<ListSectionSnapshot>()
      var children: [(feed: SectionsFeed<ListSectionSnapshot>, titles: [String?])] = []
      for child in 0..<Int(random.next() % 4) + 1 {
        let titles: [String?] = (0..<Int(random.next() % 4)).map { random.next() % 2 == 0 ? "t\(child)\($0)" : nil }
        let sections = titles.enumerated().map { index, title in
          ListSection<CellBinder>(id: "\(child).\(index)", indexTitle: title, items: []).snapshot
        }
        let feed = SectionsFeed(sections: sections)
        feed.isHidden = random.next() % 3 == 0
        try composite.append(feed)
        children.append((feed, titles))
      }
      let shown = children.filter { !$0.feed.isHidden }.flatMap(\.titles)
      let expected = shown.enumerated().compactMap { section, title in title.map { "\($0)@\(section)" } }
      let titles = composite.displayedSections.sectionIndexTitles.map { "\($0.title)@\($0.section)" }
      #expect(titles == expected, "seed \(seed)")
    }
  }

  @Test("a changed index title updates its section on the rows path")
  func indexTitleUpdates() async throws {
    let controller = ListController<String>(
      rows: { [ListSection(id: "s", indexTitle: $0, items: [1])] },
      cell: { TestRow(id: $0, version: 0, isAlternate: false).cellBinder })
    await controller.apply("A")
    #expect(controller.snapshot.sectionIndexTitles.map(\.title) == ["A"])
    await controller.apply("B")
    #expect(controller.snapshot.sectionIndexTitles.map(\.title) == ["B"])
  }

  @Test("positions outside the composite map to nothing")
  func outOfRange() {
    #expect(composite.childSection(forSection: 3) == nil)
    #expect(composite.childPath(for: ItemPath(item: 3, section: 2)) == nil)
    #expect(composite.leaf(for: ItemPath(item: 0, section: 9)) == nil)
    #expect(composite.path(forChild: 1, path: ItemPath(item: 3, section: 0)) == nil)
    #expect(composite.childPath(for: ItemPath(item: 2, section: 2))! == (1, ItemPath(item: 2, section: 0)))
    #expect(composite.path(forChild: 1, path: ItemPath(item: 2, section: 0)) == ItemPath(item: 2, section: 2))
  }

  @Test("a source's own updates can be applied without a diff, checked against its sections")
  func applyPrecomputed() throws {
    let view = bound()
    let append = StagedChangeset([
      Changeset(data: [section("C", [4, 5, 6, 7])], elementInserted: [ItemPath(item: 3, section: 0)])
    ])
    try second.apply(append)
    #expect(view.sections.last == section("C", [4, 5, 6, 7]))
    let wrong = StagedChangeset([Changeset(data: [section("C", [])], elementDeleted: [ItemPath(item: 9, section: 0)])])
    #expect(throws: DiffError.self) { try second.apply(wrong) }
    #expect(second.sections == [section("C", [4, 5, 6, 7])])
    #expect(view.failures.isEmpty, "\(view.failures)")
  }
}
