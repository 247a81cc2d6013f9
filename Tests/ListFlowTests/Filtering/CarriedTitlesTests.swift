import ListFlowTesting
import Synchronization
import TestSupport
import Testing

@testable import ListFlow

/// A state that keeps most rows keeps their titles: a query typed after it reads the titles of the rows the state
/// inserted or changed, not every row's, and still shows exactly the rows whose titles match.
@MainActor
@Suite("Filtered feed: titles kept from one state to the next")
struct CarriedTitlesTests {
  /// Counts the titles and identities read, from any thread.
  final class Reads: Sendable {
    let count = Atomic<Int>(0)
    let identities = Atomic<Int>(0)
  }

  /// A titled row whose title reads are counted; equal by identity and text.
  struct Line: Identifiable, Equatable, Sendable, Titled, Differentiable {
    var id: Int
    var text: String
    let reads: Reads
    var title: String? {
      reads.count.add(1, ordering: .relaxed)
      return "#\(id) \(text)"
    }
    var differenceIdentifier: Int {
      reads.identities.add(1, ordering: .relaxed)
      return id
    }

    static func == (left: Line, right: Line) -> Bool { left.id == right.id && left.text == right.text }
  }

  typealias State = [ListSection<Line>]

  static let words = ["api", "Health", "USERS", "café", "x1y2", "orders", "disk", "full"]
  static let keys: [Character] = ["a", "e", "i", "s", "r", "1", "o", "d", "u", " "]

  /// The titles shown for `state` filtered by `query` (each section's matching rows; sections with none left out).
  static func expected(_ state: State, query: String) -> [[String]] {
    state.compactMap { section in
      let rows = section.items.compactMap { line -> String? in
        let title = "#\(line.id) \(line.text)"
        return FilteredFeed.Match(query: query, in: title) != nil ? title : nil
      }
      return rows.isEmpty ? nil : rows
    }
  }

  @Test(
    "states of 1 to 3 sections keeping most rows, a character typed after one or two: the changed rows' titles read"
  )
  func typedCharacterReadsTheChangedTitles() async throws {
    for seed in DeepPass.seeds(quick: 1, deep: 40) {
      var random = SeededRandom(seed: seed)
      let reads = Reads()
      let controller = ListController<State>(rows: { $0 }) { line in
        CellBinder(cell: TextCell.self, value: "#\(line.id) \(line.text)", id: ListIdentifier(line.id)) {
          cell, text in cell.title = text
        }
      }
      let feed = try FilteredFeed(controller)
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: feed, reloadThreshold: 100_000)
      var nextID = 0
      func line() -> Line {
        nextID += 1
        let text = (0..<(1 + random.below(3))).map { _ in Self.words[random.below(Self.words.count)] }
        return Line(id: nextID, text: text.joined(separator: " "), reads: reads)
      }
      let sectionCount = 1 + random.below(3)
      var rows = (0..<sectionCount).map { _ in (0..<(1_500 + random.below(500))).map { _ in line() } }
      func state() -> State { rows.indices.map { ListSection(id: ListIdentifier($0), items: rows[$0]) } }
      await controller.apply(state())
      /// Makes every section's titles and rows by identity, as a query every title holds and a search for a row
      /// no section has would.
      func makeTitlesAndIdentities() {
        for section in controller.snapshot {
          _ = section.elements.rowPositions(matchingTitles: FilteredFeed.Match.pattern(of: "#"), among: nil)
          #expect(section.elements.firstIndex(ofIdentity: ListIdentifier(-1)) == nil)
        }
      }
      // The first query and the first search by identity read every title and identity once.
      makeTitlesAndIdentities()
      var query = "a"
      feed.query = query
      for step in 0..<12 {
        // One or two states, each changing some sections (a state that changes at most half of them diffs those
        // alone): their oldest rows dropped, new ones appended, and a few kept rows given new text (same
        // identity, new title).
        var changed = 0
        for _ in 0..<(1 + random.below(2)) {
          for section in rows.indices where rows.count == 1 || random.below(3) > 0 {
            rows[section].removeFirst(min(rows[section].count, random.below(60)))
            let appended = 1 + random.below(60)
            rows[section] += (0..<appended).map { _ in line() }
            changed += appended
            for _ in 0..<random.below(5) where !rows[section].isEmpty {
              rows[section][random.below(rows[section].count)].text = Self.words[random.below(Self.words.count)]
              changed += 1
            }
          }
          await controller.apply(state())
        }
        reads.count.store(0, ordering: .relaxed)
        if query.count > 3 || random.below(4) == 0 {
          query.removeLast()
        } else {
          query.append(Self.keys[random.below(Self.keys.count)])
        }
        if query.isEmpty { query = "o" }
        feed.query = query
        let read = reads.count.load(ordering: .relaxed)
        let context = "seed \(seed), step \(step), query \(query.debugDescription), \(changed) rows changed"
        let rowCount = rows.reduce(0) { $0 + $1.count }
        // The rows changed, and the rows on screen the view asked about: never every row.
        #expect(read <= changed + 64, "\(context): \(read) titles read of \(rowCount) rows")
        // A row shown, found by identity: the identities of the rows changed read, and the row's own.
        let shownRows = view.sections.enumerated().flatMap { section, rows in
          rows.rows.indices.map { ItemPath(item: $0, section: section) }
        }
        if !shownRows.isEmpty {
          let path = shownRows[random.below(shownRows.count)]
          let title = view.sections[path.section].rows[path.item].textRepresentation
          let id = try #require(Int(title.dropFirst().prefix { $0 != " " }), "\(context): \(title)")
          reads.identities.store(0, ordering: .relaxed)
          #expect(engine.path(ofRowWithIdentity: ListIdentifier(id)) == path, "\(context): \(title)")
          let identities = reads.identities.load(ordering: .relaxed)
          #expect(identities <= changed + 64, "\(context): \(identities) identities read of \(rowCount) rows")
        }
        // Every section's titles and rows by identity made, for the next step's count.
        makeTitlesAndIdentities()
        #expect(
          view.sections.map { $0.rows.map(\.textRepresentation) } == Self.expected(state(), query: query), "\(context)")
        #expect(view.inconsistencies.isEmpty, "\(context): \(view.inconsistencies)")
        #expect(engine.lastError == nil, "\(context)")
      }
    }
  }

  @Test("titles' bytes taken from an index in segments match every pattern as the index of the titles read")
  func carriedIndexMatchesAsRead() {
    let words = ["api", "Health", "café", "x1y2", "", "disk full", "ORDERS"]
    for seed in DeepPass.seeds(quick: 100, deep: 2_000) {
      var random = SeededRandom(seed: seed)
      func title() -> String { (0..<random.below(3)).map { _ in words[random.below(words.count)] }.joined() }
      let old = (0..<random.below(30)).map { _ in title() }
      // Segments of titles taken from `old` (ascending in both), the titles between them new.
      var titles: [String] = []
      var segments: [_KeptRun] = []
      var source = 0
      while source < old.count {
        titles += (0..<random.below(3)).map { _ in title() }
        let count = min(old.count - source, random.below(5))
        if count > 0 {
          segments.append(_KeptRun(target: titles.count, source: source, count: count))
          titles += old[source..<(source + count)]
        }
        source += count + random.below(3)
      }
      let carried = _TitleIndex(titles, carrying: _TitleIndex(old), segments: segments)
      let read = _TitleIndex(titles)
      for pattern in ["a", "ap", "x2", "h", "dk", "", "s", "e"] {
        let bytes = Array(pattern.utf8)
        let otherwise = { (position: Int) in FilteredFeed.Match(query: pattern, in: titles[position]) != nil }
        #expect(
          carried.positions(matching: bytes, in: 0..<titles.count, otherwise: otherwise)
            == read.positions(matching: bytes, in: 0..<titles.count, otherwise: otherwise),
          "seed \(seed), pattern \(pattern)")
      }
    }
  }

  @Test("a map in parts on several threads gives the elements of a plain map, in order")
  func mapInPartsIsAMap() {
    for seed in DeepPass.seeds(quick: 50, deep: 1_000) {
      var random = SeededRandom(seed: seed)
      let elements = (0..<random.below(200)).map { "#\($0) \(random.below(1_000))" }
      let parts = _mapInParts(elements, minimumPart: 1 + random.below(8)) { $0.uppercased() + "!" }
      #expect(parts == elements.map { $0.uppercased() + "!" }, "seed \(seed)")
    }
  }

  @Test("the runs of rows kept between two runs, and through a third, are those a plain walk finds")
  func keptRunsMatchAPlainWalk() {
    for seed in DeepPass.seeds(quick: 200, deep: 5_000) {
      var random = SeededRandom(seed: seed)
      /// A run of rows as identities, and the next one: some deleted, some inserted, kept ones in order.
      func next(_ rows: [Int], fresh: inout Int) -> (rows: [Int], deleted: [Int], inserted: [Int]) {
        var deleted: [Int] = []
        var result: [Int] = []
        var inserted: [Int] = []
        for (position, row) in rows.enumerated() {
          while random.below(5) == 0 {
            inserted.append(result.count)
            fresh += 1
            result.append(fresh)
          }
          if random.below(4) == 0 { deleted.append(position) } else { result.append(row) }
        }
        while random.below(3) == 0 {
          inserted.append(result.count)
          fresh += 1
          result.append(fresh)
        }
        return (result, deleted, inserted)
      }
      /// The runs a plain walk finds: each position of `target` with the position of the same row in `source`.
      func plainRuns(_ target: [Int], _ source: [Int]) -> [_KeptRun] {
        var runs: [_KeptRun] = []
        for (position, row) in target.enumerated() {
          guard let from = source.firstIndex(of: row) else { continue }
          if let last = runs.last, last.target + last.count == position, last.source + last.count == from {
            runs[runs.count - 1].count += 1
          } else {
            runs.append(_KeptRun(target: position, source: from, count: 1))
          }
        }
        return runs
      }
      var fresh = 0
      let first = (0..<random.below(40)).map { _ in
        fresh += 1
        return fresh
      }
      let second = next(first, fresh: &fresh)
      let third = next(second.rows, fresh: &fresh)
      let firstToSecond = [_KeptRun](
        sourceCount: first.count, targetCount: second.rows.count, deleted: second.deleted, inserted: second.inserted)
      let secondToThird = [_KeptRun](
        sourceCount: second.rows.count, targetCount: third.rows.count, deleted: third.deleted,
        inserted: third.inserted)
      #expect(firstToSecond == plainRuns(second.rows, first), "seed \(seed)")
      #expect(secondToThird.through(firstToSecond) == plainRuns(third.rows, first), "seed \(seed)")
    }
  }
}
