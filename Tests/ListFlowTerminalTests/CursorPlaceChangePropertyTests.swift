import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// Where the cursor goes when a change deletes its row, across sections and stages, shown in batches and by a
/// reload, checked against an oracle that knows no diff: only the rows of the lists before and after, by name.
///
/// The rule (`TerminalListView.performBatchUpdates(_:)`, ScrollingToARow.md): a row *stays* when the list after
/// has it in the section of the same identity (a row the change moves to another section does not stay). Let *B*
/// be the last row before the cursor's (in the order of the list, across sections) that stays. The cursor goes to
/// the first row after *B* in the list after that is not a moved row (so a row the change inserted at the place,
/// else the first row after the place that stays); when there is none, to *B*; when there is no *B*, to the first
/// row that is not a moved row, else the first row of the list. Without moves, this is the row at position
/// *p* of the list after, where *p* is one past *B*'s position there (0 without *B*), or the last row when *p* is
/// past the end. A cursor whose row is still there stays on it.
@MainActor
@Suite struct CursorPlaceChangePropertyTests {
  /// A list by names: sections, each an identity and its rows.
  typealias Sections = [(id: String, rows: [String])]

  static func snapshot(_ sections: Sections) -> [ListSectionSnapshot] {
    sections.map { section in
      ListSection(id: ListIdentifier(section.id), items: section.rows.map(CursorPlacePropertyTests.binder)).snapshot
    }
  }

  /// The row the cursor should be on after the change from `before` to `after`, the cursor on `cursor` before.
  static func expected(before: Sections, after: Sections, cursor: String) -> String? {
    var sectionBefore: [String: String] = [:]
    for section in before { for row in section.rows { sectionBefore[row] = section.id } }
    var sectionAfter: [String: String] = [:]
    for section in after { for row in section.rows { sectionAfter[row] = section.id } }
    if sectionAfter[cursor] != nil { return cursor }
    func stays(_ row: String) -> Bool { sectionAfter[row] != nil && sectionAfter[row] == sectionBefore[row] }
    func isMoved(_ row: String) -> Bool { sectionBefore[row] != nil && !stays(row) }
    let flatBefore = before.flatMap(\.rows)
    let flatAfter = after.flatMap(\.rows)
    let cursorIndex = flatBefore.firstIndex(of: cursor)!
    let last = flatBefore[..<cursorIndex].last(where: stays)
    let start = last.map { flatAfter.firstIndex(of: $0)! + 1 } ?? 0
    return flatAfter[start...].first { !isMoved($0) } ?? last ?? flatAfter.first
  }

  /// A random list of 1 to 4 sections of 0 to 6 rows, with at least one row.
  static func randomSections(_ random: inout SeededRandom, names: inout Int) -> Sections {
    var sections: Sections = []
    repeat {
      sections = (0..<1 + random.below(4)).map { index in
        (
          "S\(index)",
          (0..<random.below(7)).map { _ in
            names += 1
            return "r\(names)"
          }
        )
      }
    } while sections.allSatisfy(\.rows.isEmpty)
    return sections
  }

  /// A random change of `before`: sections deleted and inserted, rows deleted (those near the cursor's more
  /// often, the cursor's most often) and inserted (a run at the cursor's place a third of the time), and, with
  /// `moves`, rows moved to another section that stays.
  static func randomChange(
    of before: Sections, cursor: String, moves: Bool, _ random: inout SeededRandom, names: inout Int
  ) -> Sections {
    func fresh() -> String {
      names += 1
      return "n\(names)"
    }
    let flat = before.flatMap(\.rows)
    let cursorIndex = flat.firstIndex(of: cursor)!
    let keptSections = before.filter { _ in !random.oneIn(6) }
    var after: Sections = keptSections.map { ($0.id, []) }
    var moved: [String] = []
    var place: (section: Int, item: Int)?
    for (index, section) in keptSections.enumerated() {
      for row in section.rows {
        let distance = abs(flat.firstIndex(of: row)! - cursorIndex)
        if row == cursor {
          place = (index, after[index].rows.count)
          switch random.below(5) {
          case 0: after[index].rows.append(row)
          case 1 where moves && keptSections.count > 1: moved.append(row)
          default: break  // deleted
          }
          continue
        }
        let roll = random.below(distance <= 2 ? 4 : 8)
        if roll == 0 || (roll == 1 && distance <= 2) {
          continue  // deleted
        } else if roll == 2 && moves && keptSections.count > 1 {
          moved.append(row)
        } else {
          after[index].rows.append(row)
        }
      }
    }
    // Rows inserted at the cursor's place, and anywhere.
    if let place, random.oneIn(3) {
      let run = (0..<1 + random.below(3)).map { _ in fresh() }
      after[place.section].rows.insert(contentsOf: run, at: place.item)
    }
    for _ in 0..<random.below(4) where !after.isEmpty {
      let section = random.below(after.count)
      after[section].rows.insert(fresh(), at: random.below(after[section].rows.count + 1))
    }
    // Moved rows, each into another section that stays, anywhere in it.
    for row in moved {
      let from = after.firstIndex { $0.id == before.first { $0.rows.contains(row) }!.id }!
      var section = random.below(after.count - 1)
      if section >= from { section += 1 }
      after[section].rows.insert(row, at: random.below(after[section].rows.count + 1))
    }
    // New sections, now and then at the cursor's section's place.
    for index in 0..<random.below(3) {
      let rows = (0..<random.below(3)).map { _ in fresh() }
      after.insert(("N\(names)-\(index)", rows), at: random.below(after.count + 1))
    }
    return after
  }

  /// How a change reaches the view.
  enum Shown: String, CaseIterable, Sendable {
    /// One batch per stage of the diff.
    case batches
    /// One reload (the engine's reload threshold is 0).
    case reload

    /// The engine's reload threshold.
    var reloadThreshold: Int? { self == .reload ? 0 : nil }
  }

  /// Shows `before`, puts the cursor on `cursor`, shows `after` as `shown` says, and returns the row the cursor
  /// is on.
  static func cursor(
    after change: (before: Sections, after: Sections), from cursor: String, shown: Shown, rows: Int
  ) throws -> String? {
    let source = SectionsFeed<ListSectionSnapshot>(sections: snapshot(change.before))
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 30, rows: rows)))
    let engine = try ListEngine(view: view, showing: source, reloadThreshold: shown.reloadThreshold)
    let path = try #require(engine.path(ofRowWithIdentity: ListIdentifier(cursor)))
    try engine.scrollToRow(at: path, alignment: .center)
    #expect(view.selectedRow == path)
    let batches = engine.batchCount
    let reloads = engine.reloadCount
    source.update(to: snapshot(change.after))
    if shown == .batches {
      #expect(engine.reloadCount == reloads)
    } else {
      #expect(engine.batchCount == batches)
    }
    return view.selectedRow.flatMap { engine.identity(ofRowAt: $0) }.map { "\($0)" }
  }

  @Test(
    "a deleted cursor row's place goes to the row the change puts there, else the next row that stays",
    arguments: [false, true], Shown.allCases)
  func deletedRowsPlace(moves: Bool, shown: Shown) throws {
    var failures: [UInt64] = []
    let seeds = DeepPass.seeds(quick: 80, deep: 3_000)
    for seed in seeds {
      var random = SeededRandom(seed: seed)
      var names = 0
      let before = Self.randomSections(&random, names: &names)
      let flat = before.flatMap(\.rows)
      let cursor = flat[random.below(flat.count)]
      let after = Self.randomChange(of: before, cursor: cursor, moves: moves, &random, names: &names)
      let expected = Self.expected(before: before, after: after, cursor: cursor)
      let rows = 4 + random.below(12)
      let found = try Self.cursor(after: (before, after), from: cursor, shown: shown, rows: rows)
      if found != expected {
        failures.append(seed)
        guard failures.count <= 5 else { continue }
        Issue.record(
          """
          seed \(seed): cursor on \(found ?? "nothing"), expected \(expected ?? "nothing"); cursor was on \
          \(cursor) of \(before), after \(after)
          """)
      }
    }
    if failures.count > 5 { Issue.record("\(failures.count) of \(seeds.count) cases failed: seeds \(failures)") }
  }
}
