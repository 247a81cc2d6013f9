import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A filtered feed shows exactly the rows that match its query, in the source's order, with their matched
/// characters; selection survives any sequence of filter changes and source updates.
@MainActor
@Suite("Filtered feed")
struct FilteredFeedTests {
  struct Named: Titled, Hashable, Sendable {
    var id: Int
    var title: String?
  }

  /// A cell that shows a title and the matched offsets.
  final class NameCell: ListCell, TitledConfigurable, MatchHighlighting {
    var title = ""
    var matched: [Int] = []
    func configure(by model: any Titled) { title = model.title ?? "" }
    func highlightMatches(_ offsets: [Int]) { matched = offsets }
    func markAsFilterContext() { title = "(" + title + ")" }
    var textRepresentation: String { matched.isEmpty ? title : "\(title) \(matched)" }
  }

  static func binder(_ row: Named) -> CellBinder {
    CellBinder(cell: NameCell.self, value: row, id: ListIdentifier(row.id)) { _, _ in }
  }

  static func word(_ random: inout SeededRandom, maxLength: Int) -> String {
    let letters: [Character] = ["a", "b", "c", "X", "y", " "]
    return String((0..<Int(random.next() % UInt64(maxLength + 1))).map { _ in letters[Int(random.next() % 6)] })
  }

  /// Up to three sections of rows with random names, from 16 identities without repeats.
  static func sections(_ random: inout SeededRandom) -> [ListSectionSnapshot] {
    var ids = Array((0..<16).shuffled(using: &random))
    return (0..<Int(1 + random.next() % 3)).map { section in
      let rows = (0..<Int(random.next() % 6)).compactMap { _ -> CellBinder? in
        guard let id = ids.popLast() else { return nil }
        return binder(Named(id: id, title: word(&random, maxLength: 6)))
      }
      return ListSection(id: section, items: rows).snapshot
    }
  }

  @Test(
    "the feed shows exactly the matching rows, in source order, each with its match's offsets", .timeLimit(.minutes(60))
  )
  func showsMatchingRows() async throws {
    for seed in DeepPass.seeds(quick: 40, deep: 200) {
      var random = SeededRandom(seed: seed)
      let source = SectionsFeed<ListSectionSnapshot>(sections: Self.sections(&random))
      let feed = try FilteredFeed(source)
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(feed)
      let view = RecordingListView()
      let list = try ListEngine(view: view, showing: composite)
      for _ in 0..<10 {
        if random.next() % 2 == 0 {
          feed.query = Self.word(&random, maxLength: 2)
        } else {
          source.update(to: Self.sections(&random))
        }
        var expected: [[String]] = []
        for section in source.displayedSections {
          let rows = section.elements.compactMap { row -> String? in
            let title = row.model(as: Named.self)?.title ?? ""
            guard let match = FilteredFeed.Match(query: feed.query, in: title) else { return nil }
            return match.offsets.isEmpty ? title : "\(title) \(match.offsets)"
          }
          if !rows.isEmpty || feed.query.isEmpty { expected.append(rows) }
        }
        #expect(view.sections.map { $0.rows.map(\.textRepresentation) } == expected, "seed \(seed)")
        #expect(view.inconsistencies.isEmpty, "seed \(seed)")
        _ = list
      }
    }
  }

  /// A step of ``selectionSurvivesTheFilter()``.
  enum SelectionStep { case query, clearQuery, update, deselect, select }

  /// The steps of ``selectionSurvivesTheFilter()``, by weight.
  static let selectionSteps = WeightedChoice<SelectionStep>([
    ("type a query", weight: 1, .query),
    ("clear the query", weight: 1, .clearQuery),
    ("update the source", weight: 1, .update),
    ("deselect a selected row", weight: 1, .deselect),
    ("select a shown row", weight: 2, .select),
  ])

  @Test("selected rows the filter hides stay selected and show selected again when it clears", .timeLimit(.minutes(60)))
  func selectionSurvivesTheFilter() async throws {
    for seed in DeepPass.seeds(quick: 40, deep: 200) {
      var random = SeededRandom(seed: seed)
      let source = SectionsFeed<ListSectionSnapshot>(sections: Self.sections(&random))
      let feed = try FilteredFeed(source)
      let other = SectionsFeed<ListSectionSnapshot>(
        sections: [ListSection(id: "other", items: [Self.binder(Named(id: 100, title: "other"))]).snapshot])
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(other)
      try composite.append(feed)
      let view = RecordingListView()
      let list = try ListEngine(view: view, showing: composite)
      list.selectionMode = .multiple
      var expected: Set<ListIdentifier> = []
      for step in 0..<16 {
        switch Self.selectionSteps.pick(using: &random).value {
        case .query:
          feed.query = Self.word(&random, maxLength: 2)
        case .clearQuery:
          feed.query = ""
        case .update:
          source.update(to: Self.sections(&random))
          let ids = Set(source.displayedSections.flatMap { $0.elements.map(\.id) } + [100])
          expected.formIntersection(ids)
        case .deselect:
          guard let id = expected.randomElement(using: &random) else { continue }
          list.deselect(id)
          expected.remove(id)
        case .select:
          let paths = list.snapshot.enumerated().flatMap { section, content in
            content.elements.indices.map { ItemPath(item: $0, section: section) }
          }
          guard let path = paths.randomElement(using: &random) else { continue }
          try list.select(rowAt: path)
          expected.insert(try list.row(at: path).id)
        }
        #expect(Set(list.selection.identifiers) == expected, "seed \(seed) step \(step)")
        let shownSelected: [ListIdentifier?] = list.snapshot.flatMap { $0.elements.map(\.id) }.filter {
          expected.contains($0)
        }
        #expect(list.selectedRows.map { (try? list.row(at: $0))?.id } == shownSelected, "seed \(seed) step \(step)")
        #expect(view.selectedRows == list.selectedRows, "seed \(seed) step \(step)")
        #expect(view.inconsistencies.isEmpty, "seed \(seed)")
      }
      feed.query = ""
      #expect(Set(list.selectedRows.compactMap { (try? list.row(at: $0))?.id }) == expected, "seed \(seed)")
    }
  }
}

/// A filtered row's events reach its source's delegate with the row's position in the source.
@MainActor
@Suite("Filtered feed events")
struct FilteredFeedEventTests {
  @Test("selecting a filtered row tells the source's delegate the row's source position", .timeLimit(.minutes(60)))
  func eventsReachTheSource() async throws {
    for seed in DeepPass.seeds(quick: 20, deep: 100) {
      var random = SeededRandom(seed: seed)
      let config = ListControllerConfiguration(backgroundDiffThreshold: .max)
      let owned = ListController<[ListSectionSnapshot]>(configuration: config) { sections in
        sections.map { ListSection(id: $0.model.id, items: Array($0.elements)) }
      }
      let plain = SectionsFeed<ListSectionSnapshot>()
      let ownedFeed = try FilteredFeed(owned)
      let plainFeed = try FilteredFeed(plain)
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(ownedFeed)
      try composite.append(plainFeed)
      let view = RecordingListView()
      let list = try ListEngine(view: view, showing: composite)
      var problems: [String] = []
      owned.delegate.didSelectRow = { path, row in
        if (try? owned.row(at: path))?.id != row.id { problems.append("owned \(path) is not \(row.id)") }
      }
      var plainDelegate = SyncDelegate()
      plainDelegate.didSelectRow = { path, row in
        let sections = plain.displayedSections
        let found =
          sections.indices.contains(path.section) && sections[path.section].elements.indices.contains(path.item)
        if !found || sections[path.section].elements[path.item].id != row.id {
          problems.append("plain \(path) is not \(row.id)")
        }
      }
      plain.delegate = plainDelegate
      for _ in 0..<5 {
        await owned.apply(FilteredFeedTests.sections(&random))
        plain.update(
          to: FilteredFeedTests.sections(&random).map { section in
            ListSectionSnapshot(
              model: ListSectionSnapshot.Model(id: ListIdentifier("p\(section.model.id)")),
              elements: section.elements.map { $0.identified(by: "p\($0.id)") })
          })
        let query = FilteredFeedTests.word(&random, maxLength: 2)
        ownedFeed.query = query
        plainFeed.query = query
        for (section, content) in list.snapshot.enumerated() {
          for item in content.elements.indices {
            try list.selectRow(at: ItemPath(item: item, section: section))
          }
        }
      }
      #expect(problems.isEmpty, "seed \(seed): \(problems)")
    }
  }
}
