import ListFlowTesting
import Synchronization
import TestSupport
import Testing

@testable import ListFlow

/// A query typed, erased and edited character by character over a long list of titled rows (matched by their
/// titles, and each query matched only against the rows of a query it extends) shows exactly the rows whose
/// titles it matches, whatever the characters (ASCII, accents, combining marks, case) and whatever changes of the
/// source come between.
@MainActor
@Suite("Filtered feed: a query typed character by character")
struct TypedQueryTests {
  typealias Line = TitledLine
  typealias State = TitledLinesFilter.State

  /// The words of the titles: plain ASCII, mixed case, accented (precomposed and combining), and a carriage
  /// return, which the byte scan leaves to the full match.
  static let words = ["api", "Health", "USERS", "café", "cafe\u{301}", "naïve", "a\r\nb", "x1y2", "orders"]
  /// What the user types: letters of the words, either case, digits, accents, a combining mark, a space.
  static let keys: [Character] = ["a", "A", "e", "é", "i", "s", "r", "1", "2", "\u{301}", " ", "y", "o", "h", "x"]

  enum Step { case type, erase, clear, change }

  static let steps = WeightedChoice<Step>([
    ("type a character", weight: 6, .type),
    ("erase the last character", weight: 3, .erase),
    ("clear the query", weight: 1, .clear),
    ("change the source", weight: 1, .change),
  ])

  static func line(_ id: Int, _ random: inout SeededRandom) -> Line {
    let count = 1 + random.below(3)
    return Line(id: id, text: (0..<count).map { _ in words[random.below(words.count)] }.joined(separator: " "))
  }

  @Test("typing, erasing and clearing a query between changes of 1,000 to 1,300 rows: exactly the matching rows")
  func typedQueryShowsTheMatches() async throws {
    for seed in DeepPass.seeds(quick: 1, deep: 60) {
      var random = SeededRandom(seed: seed)
      let filter = try TitledLinesFilter()
      let (controller, feed, view, engine) = (filter.controller, filter.feed, filter.view, filter.engine)
      var nextID = 0
      func lines(_ count: Int) -> [Line] {
        (0..<count).map { _ in
          nextID += 1
          return Self.line(nextID, &random)
        }
      }
      var state: State = (0..<2).map { ListSection(id: ListIdentifier($0), items: lines(500 + random.below(150))) }
      await controller.apply(state)
      var query = ""
      for step in 0..<40 {
        let kind = Self.steps.pick(using: &random).value
        switch kind {
        case .type: query.append(Self.keys[random.below(Self.keys.count)])
        case .erase: if !query.isEmpty { query.removeLast() }
        case .clear: query = ""
        case .change:
          var rows = state.map(\.items)
          let section = random.below(rows.count)
          rows[section].removeFirst(min(rows[section].count, random.below(100)))
          rows[section] += lines(random.below(100))
          if !rows[section].isEmpty { rows[section][random.below(rows[section].count)].text = "café api" }
          state = rows.indices.map { ListSection(id: ListIdentifier($0), items: rows[$0]) }
          await controller.apply(state)
        }
        feed.query = query
        let context = "seed \(seed), step \(step), \(kind), query \(query.debugDescription)"
        let shown = filter.shown
        let expected = TitledLinesFilter.expected(state, query: query)
        let same = shown == expected
        #expect(same, "\(context): counts \(shown.map(\.count)), expected \(expected.map(\.count))")
        #expect(view.inconsistencies.isEmpty, "\(context): \(view.inconsistencies)")
        #expect(engine.lastError == nil, "\(context)")
        // The queries kept for narrowing hold a few positions per row at most.
        let kept = feed.titleMatches.reduce(0) { $0 + $1.positions.reduce(0) { $0 + ($1?.count ?? 0) } }
        let rowCount = state.reduce(0) { $0 + $1.items.count }
        #expect(
          feed.titleMatches.count <= 1 || kept <= FilteredFeed.keptTitlePositionsPerRow * rowCount,
          "\(context): \(kept) positions kept for \(rowCount) rows")
      }
    }
  }

  /// Counts the calls of the app's searchable text, from any thread.
  final class TextCalls: Sendable {
    let count = Atomic<Int>(0)
  }

  @Test(
    "a query typed on or erased after changes of the source matches the rows it must: the changed sections, the matches"
  )
  func queryAfterChangesMatchesWhatChanged() async throws {
    // One line in ten holds the word the queries spell; no other word holds a "z".
    let words = ["api", "Health", "users", "café", "orders", "disk", "full"]
    for seed in DeepPass.seeds(from: 0x7E4D, quick: 1, deep: 40) {
      var random = SeededRandom(seed: seed)
      let calls = TextCalls()
      let controller = ListController<State>(rows: { $0 }) { line in
        CellBinder(cell: TextCell.self, value: line.title ?? "", id: ListIdentifier(line.id)) { $0.title = $1 }
      }
      let feed = try FilteredFeed(controller) { row in
        calls.count.add(1, ordering: .relaxed)
        return row.model as? String ?? ""
      }
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: feed, reloadThreshold: 100_000)
      var nextID = 0
      func line() -> Line {
        nextID += 1
        let word = random.below(10) == 0 ? "zebra" : words[random.below(words.count)]
        return Line(id: nextID, text: "\(words[random.below(words.count)]) \(word)")
      }
      var rows = (0..<(2 + random.below(3))).map { _ in (0..<(700 + random.below(200))).map { _ in line() } }
      func state() -> State { rows.indices.map { ListSection(id: ListIdentifier($0), items: rows[$0]) } }
      func matches(_ query: String) -> Int {
        TitledLinesFilter.expected(state(), query: query).reduce(0) { $0 + $1.count }
      }
      await controller.apply(state())
      var query = "z"
      feed.query = query
      // The step at which each section last changed, and at which each query was last matched against every row.
      var changedAt = [Int](repeating: -1, count: rows.count)
      var matchedAt = [query: -1]
      for step in 0..<10 {
        // A change of some sections: rows replaced in place (as many rows, other texts), or the oldest dropped
        // and new ones appended. The query shown is matched again in the sections it changed.
        for section in rows.indices where random.below(3) == 0 {
          if random.below(2) == 0 {
            for _ in 0..<(1 + random.below(20)) { rows[section][random.below(rows[section].count)] = line() }
          } else {
            rows[section].removeFirst(random.below(40))
            rows[section] += (0..<random.below(40)).map { _ in line() }
          }
          changedAt[section] = step
        }
        await controller.apply(state())
        matchedAt[query] = step
        let before = query
        let typesOn = query.count == 1 || (query.count < 5 && random.below(2) == 0)
        if typesOn {
          query.append(random.below(4) == 0 ? "a" : Array("zebra")[query.count])
        } else {
          query.removeLast()
        }
        let unknownRows = rows.indices.reduce(0) { rowsLeft, section in
          rowsLeft + (changedAt[section] > (matchedAt[query] ?? step) ? rows[section].count : 0)
        }
        calls.count.store(0, ordering: .relaxed)
        feed.query = query
        matchedAt[query] = step
        let read = calls.count.load(ordering: .relaxed)
        let context = "seed \(seed), step \(step), query \(before.debugDescription) → \(query.debugDescription)"
        let rowCount = rows.reduce(0) { $0 + $1.count }
        // Typed on: the rows the query before matched, once to match and once more for those shown. Erased: the
        // rows of the sections changed since the query was last matched, and those it matches, shown.
        let bound = typesOn ? 2 * matches(before) + 64 : unknownRows + 2 * matches(query) + 64
        #expect(read <= bound, "\(context): \(read) texts made for \(rowCount) rows, bound \(bound)")
        #expect(
          view.sections.map { $0.rows.map(\.textRepresentation) }
            == TitledLinesFilter.expected(state(), query: query), "\(context)")
        #expect(view.inconsistencies.isEmpty, "\(context): \(view.inconsistencies)")
        #expect(engine.lastError == nil, "\(context)")
      }
    }
  }

  @Test("queries that match every row, typed one after another: a few positions per row kept, not one set per query")
  func keptQueriesAreBounded() async throws {
    let filter = try TitledLinesFilter()
    let rows = (0..<1_000).map { Line(id: $0, text: String(repeating: "a", count: 40)) }
    await filter.controller.apply([ListSection(id: "all", items: rows)])
    // Past four queries the positions kept would pass the bound if every query kept its own.
    for length in 1...DeepPass.cases(quick: 6, deep: 30) {
      filter.feed.query = String(repeating: "a", count: length)
      let kept = filter.feed.titleMatches.reduce(0) { $0 + $1.positions.reduce(0) { $0 + ($1?.count ?? 0) } }
      #expect(kept <= FilteredFeed.keptTitlePositionsPerRow * rows.count, "query of \(length): \(kept) kept")
      #expect(filter.shown == [rows.map { $0.title ?? "" }], "query of \(length)")
    }
  }
}
