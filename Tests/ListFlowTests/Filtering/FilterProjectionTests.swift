import ListFlow
import ListFlowTesting
import Synchronization
import TestSupport
import Testing

/// A filter over a long list of rows declared as values (the log viewer's shape) follows the source's changes by
/// projecting them onto the rows it shows: the rows shown, the stages sent and the rows selected are exactly
/// those of filtering the source's rows again, for any sequence of changes.
@MainActor
@Suite("Filtered feed: a source's change projected onto the rows shown")
struct FilterProjectionTests {
  typealias Line = TitledLine
  typealias State = TitledLinesFilter.State

  /// A change of the state, by weight.
  enum Change {
    case append, drop, retitle, move, pinAcross, empty, insertSection, deleteSection, moveSection, header, query
  }

  static let changes = WeightedChoice<Change>([
    ("append rows to a section", weight: 4, .append),
    ("drop the oldest rows of a section", weight: 4, .drop),
    ("change a row's text (its match may change)", weight: 3, .retitle),
    ("move a row within its section", weight: 2, .move),
    ("move a row to another section", weight: 2, .pinAcross),
    ("empty a section or fill an empty one", weight: 1, .empty),
    ("insert a section", weight: 2, .insertSection),
    ("delete a section", weight: 2, .deleteSection),
    ("move a section elsewhere", weight: 2, .moveSection),
    ("add, change or remove a section's header", weight: 2, .header),
    ("change the query", weight: 1, .query),
  ])

  /// The words of the rows' texts, and the queries; "café" and "naïve" make titles that are not plain ASCII.
  nonisolated static let words = ["api", "health", "users", "static", "orders", "items", "café", "naïve"]

  static func text(_ random: inout SeededRandom) -> String {
    "GET /\(words[random.below(words.count)])/\(random.below(100))"
  }

  /// The shape of the list: a few long sections under word queries, or many short ones (a long list kept in
  /// chunks) under narrower queries too, so that sections often start and stop showing rows.
  enum Layout: CaseIterable {
    case fewLong, manyShort

    var sectionCount: Int { self == .fewLong ? 3 : 40 }
    /// The rows of a section at first, and most rows a change appends or drops.
    func rows(_ random: inout SeededRandom) -> Int {
      self == .fewLong ? 400 + random.below(300) : 20 + random.below(40)
    }
    var step: Int { self == .fewLong ? 200 : 20 }
    func query(_ random: inout SeededRandom) -> String {
      let word = words[random.below(words.count)]
      return self == .manyShort && random.oneIn(2) ? "\(word)/\(random.below(10))" : word
    }
  }

  @Test(
    "random changes of 1,200 to 2,400 rows under a query: the rows and changes of filtering again",
    arguments: Layout.allCases)
  func projectionMatchesRefiltering(_ layout: Layout) async throws {
    for seed in DeepPass.seeds(quick: 1, deep: 40) {
      var random = SeededRandom(seed: seed)
      let filter = try TitledLinesFilter()
      let (controller, feed, view, engine) = (filter.controller, filter.feed, filter.view, filter.engine)
      engine.selectionMode = .multiple
      var nextID = 0
      func line() -> Line {
        nextID += 1
        return Line(id: nextID, text: Self.text(&random))
      }
      var state: State = (0..<layout.sectionCount).map { section in
        ListSection(id: ListIdentifier(section), items: (0..<layout.rows(&random)).map { _ in line() })
      }
      var ids = Array(0..<layout.sectionCount)
      var headers = [Line?](repeating: nil, count: layout.sectionCount)
      await controller.apply(state)
      feed.query = layout.query(&random)
      for step in 0..<12 {
        var rows = state.map(\.items)
        let section = random.below(rows.count)
        let change = Self.changes.pick(using: &random).value
        switch change {
        case .append:
          rows[section] += (0..<random.below(layout.step)).map { _ in line() }
        case .drop:
          rows[section].removeFirst(min(rows[section].count, random.below(layout.step)))
        case .retitle:
          for _ in 0..<random.below(20) where !rows[section].isEmpty {
            rows[section][random.below(rows[section].count)].text = Self.text(&random)
          }
        case .move:
          if !rows[section].isEmpty {
            let row = rows[section].remove(at: random.below(rows[section].count))
            rows[section].insert(row, at: random.below(rows[section].count + 1))
          }
        case .pinAcross:
          let other = random.below(rows.count)
          if !rows[section].isEmpty, other != section {
            let row = rows[section].remove(at: random.below(rows[section].count))
            rows[other].insert(row, at: random.below(rows[other].count + 1))
          }
        case .empty:
          rows[section] = rows[section].isEmpty ? (0..<layout.rows(&random)).map { _ in line() } : []
        case .insertSection:
          let at = random.below(rows.count + 1)
          rows.insert((0..<layout.rows(&random)).map { _ in line() }, at: at)
          ids.insert((ids.max() ?? 0) + 1, at: at)
          headers.insert(nil, at: at)
        case .deleteSection:
          if rows.count > 1 {
            rows.remove(at: section)
            ids.remove(at: section)
            headers.remove(at: section)
          }
        case .moveSection:
          let at = random.below(rows.count)
          rows.insert(rows.remove(at: section), at: at)
          ids.insert(ids.remove(at: section), at: at)
          headers.insert(headers.remove(at: section), at: at)
        case .header:
          headers[section] = random.oneIn(3) ? nil : Line(id: -1 - ids[section], text: "header \(random.below(4))")
        case .query:
          feed.query = random.oneIn(5) ? "" : layout.query(&random)
        }
        // Select a few rows shown, so that hidden and dropped rows must be followed.
        if let first = engine.snapshot.first, !first.elements.isEmpty, random.oneIn(2) {
          try engine.select(rowAt: ItemPath(item: random.below(first.elements.count), section: 0))
        }
        state = rows.indices.map { ListSection(id: ListIdentifier(ids[$0]), header: headers[$0], items: rows[$0]) }
        await controller.apply(state)
        let context = "\(layout), seed \(seed), step \(step), \(change), query \(feed.query)"
        let expected = TitledLinesFilter.expected(state, query: feed.query)
        let shown = filter.shown
        let missing = zip(shown, expected).map { Set($1).subtracting($0).sorted() }
        let extra = zip(shown, expected).map { Set($0).subtracting($1).sorted() }
        #expect(
          shown == expected,
          "\(context): missing \(missing), extra \(extra), counts \(shown.map(\.count)) \(expected.map(\.count))")
        #expect(view.inconsistencies.isEmpty, "\(context): \(view.inconsistencies)")
        #expect(engine.lastError == nil, "\(context)")
        // Each section shown shows its header as it is now.
        let expectedHeaders = state.filter { section in
          feed.query.isEmpty
            || section.items.contains { FilteredFeed.Match(query: feed.query, in: $0.title ?? "") != nil }
        }.map { $0.header?.title }
        #expect(view.sections.map { $0.header?.textRepresentation } == expectedHeaders, "\(context)")
        // The rows the query hides are the source's rows not shown.
        let shownIDs = Set(engine.snapshot.flatMap { $0.elements.map(\.id) })
        let allIDs = Set(state.flatMap { $0.items.map { ListIdentifier($0.id) } })
        #expect(feed.hiddenRows == allIDs.subtracting(shownIDs), "\(context)")
        // A selected row is one the list still has.
        #expect(Set(engine.selection.identifiers).isSubset(of: allIDs), "\(context)")
      }
    }
  }

  @Test("sections inserted, deleted and moved under a query (a long list kept in chunks) cost the rows on screen")
  func sectionChangesCostTheScreen() async throws {
    for seed in DeepPass.seeds(quick: 1, deep: 10) {
      var random = SeededRandom(seed: seed)
      let calls = Atomic(0)
      let controller = ListController<State>(rows: { $0 }) { line in
        calls.add(1, ordering: .relaxed)
        return CellBinder(cell: TextCell.self, value: line.title ?? "", id: ListIdentifier(line.id)) {
          $0.title = $1
        }
      }
      let feed = try FilteredFeed(controller)
      let engine = try ListEngine(view: ViewportListView(rowCount: 20), showing: feed)
      var numbers = NumberedSections()
      func section(rows: Int) -> ListSection<Line> {
        numbers.section(rows: rows) { Line(id: $0, text: Self.text(&random)) }
      }
      var state = (0..<40).map { _ in section(rows: 250) }
      await controller.apply(state)
      feed.query = Self.words[random.below(2)]
      for step in 0..<8 {
        // The oldest chunk goes, the next loses a few rows, the newest gains some and a new chunk comes.
        state.removeFirst()
        state[0].items.removeFirst(min(random.below(30), state[0].items.count))
        state[state.count - 1].items += (0..<random.below(50)).map { _ in
          Line(id: numbers.nextRow(), text: Self.text(&random))
        }
        state.append(section(rows: 1 + random.below(250)))
        // A chunk moves elsewhere, as a list sorted by chunk would move it.
        state.insert(state.remove(at: random.below(state.count)), at: random.below(state.count))
        let before = calls.load(ordering: .relaxed)
        await controller.apply(state)
        let made = calls.load(ordering: .relaxed) - before
        let context = "seed \(seed), step \(step), query \(feed.query)"
        #expect(made <= 2 * 20 + 64, "\(context): \(made) binders made")
        let shown = engine.snapshot.map { $0.elements.map(\.id) }
        let expected = state.compactMap { section -> [ListIdentifier]? in
          let rows = section.items.filter { FilteredFeed.Match(query: feed.query, in: $0.title ?? "") != nil }
          return rows.isEmpty ? nil : rows.map { ListIdentifier($0.id) }
        }
        #expect(shown == expected, "\(context)")
      }
    }
  }

  @Test(
    "a query over 33,000 rows (40,000 deep) in 100 short sections (matched in parts, on every processor) shows the rows it matches"
  )
  func manyShortSectionsMatchedInParts() async throws {
    var random = SeededRandom(seed: 0x5EC7)
    let controller = ListController<State>(rows: { $0 }) { line in
      CellBinder(cell: TextCell.self, value: line.title ?? "", id: ListIdentifier(line.id)) { $0.title = $1 }
    }
    let feed = try FilteredFeed(controller)
    let engine = try ListEngine(view: ViewportListView(rowCount: 20), showing: feed)
    var numbers = NumberedSections()
    // 33,000 rows in the quick pass: still more than two parts of the 16,384 rows worth a thread of their own.
    let rows = DeepPass.cases(quick: 330, deep: 400)
    let state = (0..<100).map { _ in numbers.section(rows: rows) { Line(id: $0, text: Self.text(&random)) } }
    await controller.apply(state)
    // A query, then one that extends it (matched among the first one's rows), then another.
    for query in ["api", "api/1", "users/2", "e"] {
      feed.query = query
      let shown = engine.snapshot.map { $0.elements.map(\.id) }
      let expected = state.compactMap { section -> [ListIdentifier]? in
        let rows = section.items.filter { FilteredFeed.Match(query: query, in: $0.title ?? "") != nil }
        return rows.isEmpty ? nil : rows.map { ListIdentifier($0.id) }
      }
      #expect(shown == expected, "query \(query)")
    }
  }
}
