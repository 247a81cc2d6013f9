import ListFlowTesting
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
    for seed in DeepPass.seeds(quick: 2, deep: 60) {
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
        let kept = feed.titleMatches.reduce(0) { $0 + $1.positions.reduce(0) { $0 + $1.count } }
        let rowCount = state.reduce(0) { $0 + $1.items.count }
        #expect(
          feed.titleMatches.count <= 1 || kept <= FilteredFeed.keptTitlePositionsPerRow * rowCount,
          "\(context): \(kept) positions kept for \(rowCount) rows")
      }
    }
  }

  @Test("queries that match every row, typed one after another: a few positions per row kept, not one set per query")
  func keptQueriesAreBounded() async throws {
    let filter = try TitledLinesFilter()
    let rows = (0..<1_000).map { Line(id: $0, text: String(repeating: "a", count: 40)) }
    await filter.controller.apply([ListSection(id: "all", items: rows)])
    for length in 1...30 {
      filter.feed.query = String(repeating: "a", count: length)
      let kept = filter.feed.titleMatches.reduce(0) { $0 + $1.positions.reduce(0) { $0 + $1.count } }
      #expect(kept <= FilteredFeed.keptTitlePositionsPerRow * rows.count, "query of \(length): \(kept) kept")
      #expect(filter.shown == [rows.map { $0.title ?? "" }], "query of \(length)")
    }
  }
}
