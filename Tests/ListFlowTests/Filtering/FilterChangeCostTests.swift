import ListFlowTesting
import Synchronization
import TestSupport
import Testing

@testable import ListFlow

/// While a query is set, a change of the source costs its change whatever the rows are: ``Titled`` values, values
/// that are not (matched by their binders' descriptions), or a list that told edits left with binders among its
/// rows; with the default searchable text or one of the app's own; and so does selecting rows, some of which the
/// query hides. Counted in reads of the rows' identities, which a filter or a selection that went over every row
/// pays per row, and in calls of the app's searchable text.
@MainActor
@Suite(.serialized) struct FilterChangeCostTests {
  /// The long list the counts at 5,000 rows are compared with: twice as long in the quick pass, ten times in the
  /// deep one (a cost that grew with the list would read thousands more, one that grew with its sections ten
  /// more, where the counts may differ by 4).
  static let largeRows = DeepPass.cases(quick: 10_000, deep: 50_000)

  /// Counts the identities read and the app's searchable texts made, from any thread.
  final class Reads: Sendable {
    let identities = Atomic<Int>(0)
    let texts = Atomic<Int>(0)
    var value: Int { identities.load(ordering: .relaxed) }
  }

  /// A row whose identity reads are counted, equal by key and version.
  protocol CountedRow: Identifiable<Int>, Equatable, Sendable, Differentiable
  where DifferenceIdentifier == Int {
    init(key: Int, version: Int, reads: Reads)
    var key: Int { get }
    var version: Int { get set }
    var reads: Reads { get }
  }

  /// A row the filter matches by its title, read from the value.
  struct TitledRow: CountedRow, Titled {
    let key: Int
    var version: Int
    let reads: Reads
    var title: String? { text }
  }

  /// A row that is not ``Titled``: the filter matches its binder's model's description.
  struct PlainRow: CountedRow, CustomStringConvertible {
    let key: Int
    var version: Int
    let reads: Reads
    var description: String { text }
  }

  nonisolated static func text(_ key: Int, _ version: Int) -> String { "row \(key) v\(version)" }

  /// The searchable text a filter of the app's own matches: the row's text backwards (so that its matches are
  /// not those of the default text), read from the binder's model; each call counted.
  nonisolated static func appText(of row: CellBinder, reads: Reads) -> String {
    reads.texts.add(1, ordering: .relaxed)
    guard let row = row.model as? any CountedRow else { return "" }
    return String(text(row.key, row.version).reversed())
  }

  /// A row's binder, carrying the row as its model.
  nonisolated static func cell<Row: CountedRow>(_ row: Row) -> CellBinder {
    let text = text(row.key, row.version)
    return CellBinder(cell: TextCell.self, model: row, content: text, id: ListIdentifier(row.key)) { $0.title = text }
  }

  /// A random change of the first ten sections of `sections` (the same changes whatever the list's length),
  /// made to the rows, and the edit that tells it; a row deleted leaves `selected`.
  static func change<Row: CountedRow>(
    _ sections: inout [[Row]], selected: inout Set<Int>, nextKey: inout Int, reads: Reads,
    using random: inout SeededRandom
  ) -> (inout ListEdit) throws -> Void {
    let section = random.below(10)
    let item = random.below(sections[section].count)
    switch random.below(4) {
    case 0:
      sections[section][item].version += 1
      let row = sections[section][item]
      return { try $0.updateRows([cell(row)]) }
    case 1:
      let row = Row(key: nextKey, version: 0, reads: reads)
      nextKey += 1
      sections[section].insert(row, at: item)
      return { try $0.insertRows([cell(row)], at: ItemPath(item: item, section: section)) }
    case 2:
      let row = sections[section].remove(at: item)
      selected.remove(row.key)
      return { try $0.deleteRows([ListIdentifier(row.key)]) }
    default:
      let row = sections[section].remove(at: item)
      let target = random.below(sections[section].count + 1)
      sections[section].insert(row, at: target)
      return { try $0.moveRow(ListIdentifier(row.key), to: ItemPath(item: target, section: section)) }
    }
  }

  /// The identities read (and the app's texts made) by each of a run of random changes, told and applied as
  /// states, to `rows` rows in sections of 500 under a filter whose query is set before or after a first told
  /// edit, with the default searchable text or (`appText`) ``appText(of:reads:)``, and (`selecting`) by a row
  /// selected or deselected with each change, among rows the query shows and hides; checks that the filter shows
  /// the rows whose text holds the query, and that the rows selected and not deleted since stay selected, after
  /// each change.
  static func reads<Row: CountedRow>(
    _: Row.Type, rows: Int, seed: UInt64, selecting: Bool = false, appText: Bool = false, startsShort: Bool = false
  ) async throws -> (identities: [Int], texts: [Int]) {
    let reads = Reads()
    var random = SeededRandom(seed: seed)
    let controller = ListController<[ListSection<Row>]>(rows: { $0 }, cell: { cell($0) })
    let searchableText: (@Sendable (CellBinder) -> String)? =
      appText ? { @Sendable row in Self.appText(of: row, reads: reads) } : nil
    let filter = try FilteredFeed(controller, searchableText: searchableText)
    // The text the filter matches.
    func text(_ key: Int, _ version: Int) -> String {
      appText ? String(Self.text(key, version).reversed()) : Self.text(key, version)
    }
    let engine = try ListEngine(view: ViewportListView(rowCount: 20), showing: filter)
    var selected: Set<Int> = []
    if selecting { engine.selectionMode = .multiple }
    // Up to 40 rows selected, most of them hidden by the query: more than the 16 a filter looks up one by one
    // before it lists every row it hides (the engine asks about them together).
    func toggleSelection(using random: inout SeededRandom) {
      if selected.count >= 40 {
        let key = selected.sorted()[random.below(selected.count)]
        selected.remove(key)
        engine.deselect(ListIdentifier(key))
        return
      }
      let row = sections[random.below(10)].randomElement(using: &random)!
      if selected.remove(row.key) == nil {
        selected.insert(row.key)
        engine.select(ListIdentifier(row.key))
      } else {
        engine.deselect(ListIdentifier(row.key))
      }
    }
    var sections = stride(from: 0, to: rows, by: 500).map { start in
      (start..<start + 500).map { Row(key: $0, version: 0, reads: reads) }
    }
    // Rows inserted get the same keys whatever the list's length, so that the same ones match the query: keys
    // counted from `rows` made a row inserted on screen match at 10,000 rows ("10003" holds the "1" of "v1") and
    // not at 5,000, and the screen's rows were read again for it.
    var nextKey = 1_000_000
    func state() -> [ListSection<Row>] { sections.indices.map { ListSection(id: $0, items: sections[$0]) } }
    let queries = ["1", "v1", "3 v", "99"]
    let query = queries[Int(seed % 4)]
    if startsShort {
      // The query is typed while the list is short; the rest of the rows arrive after.
      await controller.apply([ListSection(id: 0, items: Array(sections[0].prefix(200)))])
      filter.query = query
    }
    await controller.apply(state())
    let queryFirst = seed % 2 == 0
    if queryFirst { filter.query = query }
    if selecting { for _ in 0..<30 { toggleSelection(using: &random) } }
    try controller.performEdits { edit in
      for _ in 0..<10 {
        try change(&sections, selected: &selected, nextKey: &nextKey, reads: reads, using: &random)(&edit)
      }
    }
    if !queryFirst { filter.query = query }
    var counts: [Int] = []
    var texts: [Int] = []
    for _ in 0..<DeepPass.cases(quick: 8, deep: 24) {
      let before = reads.value
      let textsBefore = reads.texts.load(ordering: .relaxed)
      let changes = 1 + random.below(8)
      if random.below(2) == 0 {
        try controller.performEdits { edit in
          for _ in 0..<changes {
            try change(&sections, selected: &selected, nextKey: &nextKey, reads: reads, using: &random)(&edit)
          }
        }
      } else {
        for _ in 0..<changes {
          _ = change(&sections, selected: &selected, nextKey: &nextKey, reads: reads, using: &random)
        }
        await controller.apply(state())
      }
      if selecting { toggleSelection(using: &random) }
      counts.append(reads.value - before)
      texts.append(reads.texts.load(ordering: .relaxed) - textsBefore)
      #expect(Set(engine.selection.identifiers) == Set(selected.map { ListIdentifier($0) }), "seed \(seed)")
      // A row is hidden when it is in the list and its text does not hold the query.
      for _ in 0..<6 {
        let row = sections[random.below(10)].randomElement(using: &random)!
        let hidden = FilteredFeed.Match(query: query, in: text(row.key, row.version)) == nil
        #expect(filter.hidesRow(ListIdentifier(row.key)) == hidden, "seed \(seed), row \(row.key)")
      }
      #expect(!filter.hidesRow(ListIdentifier(-1)), "seed \(seed)")
      // The rows of the sections changed come first: the rows shown first are theirs.
      let expected = sections[..<10].joined().filter {
        FilteredFeed.Match(query: query, in: text($0.key, $0.version)) != nil
      }
      let shown = filter.displayedSections.lazy.flatMap(\.elements.identities).prefix(expected.count)
      #expect(Array(shown) == expected.map { ListIdentifier($0.key) }, "seed \(seed), \(Row.self), query \(query)")
    }
    let everyRow = sections.joined().filter { FilteredFeed.Match(query: query, in: text($0.key, $0.version)) != nil }
    #expect(filter.displayedSections.flatMap(\.elements.identities) == everyRow.map { ListIdentifier($0.key) })
    // A row shown highlights the characters the query matched in the text the filter matches.
    let shown = filter.displayedSections.lazy.flatMap(\.elements).prefix(30)
    for (row, binder) in zip(everyRow, shown) {
      let match = FilteredFeed.Match(query: query, in: text(row.key, row.version))
      #expect(binder.highlightedMatches == match?.offsets, "seed \(seed), row \(row.key)")
    }
    _ = engine
    return (counts, texts)
  }

  @Test(
    "a change under a query reads as many identities at 5,000 rows as at 10,000 (50,000 deep): titled rows or not, told or not"
  )
  func changeUnderQueryCostsItsChange() async throws {
    for seed in DeepPass.seeds(from: 0xF17E, quick: 1, deep: 4) {
      for type: any CountedRow.Type in [TitledRow.self, PlainRow.self] {
        let small = try await Self.reads(type, rows: 5_000, seed: seed).identities
        let large = try await Self.reads(type, rows: Self.largeRows, seed: seed).identities
        #expect(zip(small, large).allSatisfy { abs($0 - $1) <= 4 }, "seed \(seed), \(type): \(small) and \(large)")
      }
    }
  }

  @Test(
    "with the app's own searchable text, a change under a query reads as many identities and texts at 5,000 rows as at 10,000 (50,000 deep)"
  )
  func changeUnderQueryWithAppTextCostsItsChange() async throws {
    for seed in DeepPass.seeds(from: 0x7E45, quick: 1, deep: 4) {
      for type: any CountedRow.Type in [TitledRow.self, PlainRow.self] {
        let small = try await Self.reads(type, rows: 5_000, seed: seed, selecting: seed % 3 == 0, appText: true)
        let large = try await Self.reads(
          type, rows: Self.largeRows, seed: seed, selecting: seed % 3 == 0, appText: true)
        for (name, small, large) in [
          ("identities", small.identities, large.identities), ("texts", small.texts, large.texts),
        ] {
          #expect(
            zip(small, large).allSatisfy { abs($0 - $1) <= 4 }, "seed \(seed), \(type), \(name): \(small) and \(large)")
        }
      }
    }
  }

  @Test(
    "a query typed while the list was short: changes then read as many identities at 5,000 rows as at 10,000 (50,000 deep)"
  )
  func changeAfterTheListGrewUnderQueryCostsItsChange() async throws {
    for seed in DeepPass.seeds(from: 0x5407, quick: 2, deep: 4) {
      let type: any CountedRow.Type = seed % 2 == 0 ? TitledRow.self : PlainRow.self
      let small = try await Self.reads(type, rows: 5_000, seed: seed, appText: seed % 3 == 0, startsShort: true)
      let large = try await Self.reads(
        type, rows: Self.largeRows, seed: seed, appText: seed % 3 == 0, startsShort: true)
      #expect(
        zip(small.identities, large.identities).allSatisfy { abs($0 - $1) <= 4 },
        "seed \(seed), \(type): \(small.identities) and \(large.identities)")
    }
  }

  @Test(
    "selecting rows and changes with selected rows the query hides read as many identities at 5,000 rows as at 10,000 (50,000 deep)"
  )
  func selectionUnderQueryCostsItsChange() async throws {
    for seed in DeepPass.seeds(from: 0x5E1E, quick: 1, deep: 4) {
      for type: any CountedRow.Type in [TitledRow.self, PlainRow.self] {
        let small = try await Self.reads(type, rows: 5_000, seed: seed, selecting: true).identities
        let large = try await Self.reads(type, rows: Self.largeRows, seed: seed, selecting: true).identities
        #expect(zip(small, large).allSatisfy { abs($0 - $1) <= 4 }, "seed \(seed), \(type): \(small) and \(large)")
      }
    }
  }
}

extension FilterChangeCostTests.CountedRow {
  var id: Int { key }
  var differenceIdentifier: Int {
    reads.identities.add(1, ordering: .relaxed)
    return key
  }
  /// What the row shows: its key and version.
  var text: String { FilterChangeCostTests.text(key, version) }
  static func == (left: Self, right: Self) -> Bool { left.key == right.key && left.version == right.version }
}
