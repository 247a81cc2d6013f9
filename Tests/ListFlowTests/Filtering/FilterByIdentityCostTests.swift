import ListFlowTesting
import Synchronization
import TestSupport
import Testing

@testable import ListFlow

/// While a query is set over a source whose rows are binders (a list made with `CellBinderList(rows:cell:)`,
/// which reads a row's identity from its binder), a call that names rows by identity costs the rows it names and
/// the rows shown, not the rows the query hides: refreshing rows (``ListEngine/reconfigureRows(_:animated:)``,
/// ``ListEngine/reloadRows(_:animated:)``), selecting and deselecting them, finding one
/// (``ListEngine/path(ofRowWithIdentity:)``, ``ListEngine/scrollToRow(withIdentity:alignment:)``) and asking
/// whether the filter hides one. Counted in calls of the rows' `cell` (each identity read of such a row makes its
/// binder), per call, over random calls drawn from a weighted list, at 2,000 and 20,000 rows, with a query that
/// matches a few rows, none or all, between changes of the source. The first calls after the query is set or the
/// source changed are not counted: they may read every row once (the filter lists the source's rows once per list
/// of them, as the article on filtering says); every call after them costs its rows.
@MainActor
@Suite(.serialized) struct FilterByIdentityCostTests {
  /// Counts the source's `cell` calls, from any thread.
  final class Calls: Sendable {
    let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
  }

  /// A row: its key (its identity) and its text (its title).
  struct Line: Sendable, Titled {
    let key: Int
    var title: String? { key % 50 == 7 ? "match \(key)" : "other \(key)" }
  }

  /// What the query matches.
  enum Query: CaseIterable, CustomStringConvertible {
    case some, none, all
    var text: String {
      switch self {
      case .some: "match"
      case .none: "zzz"
      case .all: "t"
      }
    }
    var description: String {
      switch self {
      case .some: "a few rows"
      case .none: "no row"
      case .all: "every row"
      }
    }
  }

  /// A call that names rows by identity, or a change of the source between them.
  enum Step {
    case reconfigure, reload, select, deselect, find, scroll, hides, change
  }

  static let steps = WeightedChoice<Step>([
    ("reconfigure rows", weight: 3, .reconfigure),
    ("reload rows", weight: 2, .reload),
    ("select rows", weight: 3, .select),
    ("deselect rows", weight: 2, .deselect),
    ("find a row", weight: 1, .find),
    ("scroll to a row", weight: 1, .scroll),
    ("ask whether the filter hides rows", weight: 2, .hides),
    ("change the source (a row inserted or deleted)", weight: 1, .change),
  ])

  /// What a run saw: each call's `cell` calls, the rows it named and the rows shown, and what went wrong.
  struct Run {
    var calls: [(step: String, cells: Int, named: Int, shown: Int)] = []
    var mismatches: [String] = []
  }

  /// A source section of `lines`, whose binders are made when read, each call of `cell` counted.
  static func section(_ index: Int, _ lines: [Line], calls: Calls) -> ListSectionSnapshot {
    ListSectionSnapshot(
      model: ListSectionSnapshot.Model(id: ListIdentifier(index)),
      elements: CellBinderList(rows: lines) { line in
        calls.count.add(1, ordering: .relaxed)
        let title = line.title ?? ""
        return CellBinder(cell: TextCell.self, model: line, content: title, id: ListIdentifier(line.key)) {
          $0.title = title
        }
      })
  }

  /// A run of random calls over `rows` rows in four sections, filtered by `query`. The rows named are drawn
  /// among the first 200 of a section (the same rows at every length), and changes of the source insert and
  /// delete rows there. After each change, the first calls of its list (one of each kind: the rows hidden and
  /// the source's rows by identity, listed once a list) are made before the calls counted.
  static func run(rows: Int, query: Query, seed: UInt64) throws -> Run {
    var random = SeededRandom(seed: seed)
    let calls = Calls()
    let perSection = rows / 4
    var lines = (0..<4).map { section in (0..<perSection).map { Line(key: section * 1_000_000 + $0) } }
    let source = SectionsFeed<ListSectionSnapshot>(
      sections: lines.enumerated().map { section($0, $1, calls: calls) })
    let filter = try FilteredFeed(source)
    let engine = try ListEngine(view: ViewportListView(rowCount: 20), showing: filter)
    engine.selectionMode = .multiple
    var refreshed: [ItemPath] = []
    var unknown: [ListIdentifier] = []
    engine.delegate.didReconfigureRows = { refreshed += $0 }
    engine.delegate.didReloadRows = { refreshed += $0 }
    engine.delegate.didFail = { error in
      if case .unknownRows(let ids) = error { unknown += ids }
    }
    filter.query = query.text
    var selected: Set<Int> = []
    var present = Set(lines.joined().map(\.key))
    var nextKey = 500_000
    func matches(_ key: Int) -> Bool { FilteredFeed.Match(query: query.text, in: Line(key: key).title ?? "") != nil }
    /// The first calls of a list of the source, not counted: a refresh, a row selected and deselected.
    func warmUp() {
      let key = lines[0].first { !selected.contains($0.key) }!.key
      engine.reconfigureRows([ListIdentifier(key)])
      engine.select(ListIdentifier(key))
      engine.deselect(ListIdentifier(key))
    }
    warmUp()
    var run = Run()
    for index in 0..<DeepPass.cases(quick: 24, deep: 120) {
      let step = steps.pick(using: &random)
      if step.value == .change {
        let section = random.below(4)
        let item = random.below(200)
        if random.below(2) == 0 {
          let line = Line(key: section * 1_000_000 + nextKey)
          nextKey += 1
          lines[section].insert(line, at: item)
          present.insert(line.key)
        } else {
          let line = lines[section].remove(at: item)
          present.remove(line.key)
          selected.remove(line.key)
        }
        source.update(to: lines.enumerated().map { Self.section($0, $1, calls: calls) })
        warmUp()
        continue
      }
      // Rows among the first 200 of a section (shown or hidden), sometimes one no row has.
      var keys = (0..<1 + random.below(3)).map { _ in lines[random.below(4)][random.below(200)].key }
      if random.below(5) == 0 { keys.append(-1 - random.below(5)) }
      let ids = keys.map { ListIdentifier($0) }
      let shownRows = filter.displayedSections.reduce(0) { $0 + $1.elements.count }
      refreshed = []
      unknown = []
      let before = calls.value
      switch step.value {
      case .reconfigure: engine.reconfigureRows(ids)
      case .reload: engine.reloadRows(ids)
      case .select:
        for (key, id) in zip(keys, ids) {
          engine.select(id)
          if present.contains(key) { selected.insert(key) }
        }
      case .deselect:
        for (key, id) in zip(keys, ids) {
          engine.deselect(id)
          selected.remove(key)
        }
      case .find:
        let path = engine.path(ofRowWithIdentity: ids[0])
        let found = path.flatMap { engine.snapshot.identity(ofRowAt: $0) }
        if found != (present.contains(keys[0]) && matches(keys[0]) ? ids[0] : nil) {
          run.mismatches.append("step \(index): found \(String(describing: found)) for \(keys[0])")
        }
      case .scroll:
        let scrolled = (try? engine.scrollToRow(withIdentity: ids[0])) != nil
        if scrolled != (present.contains(keys[0]) && matches(keys[0])) {
          run.mismatches.append("step \(index): scrolled \(scrolled) to \(keys[0])")
        }
      case .hides:
        for (key, id) in zip(keys, ids) where filter.hidesRow(id) != (present.contains(key) && !matches(key)) {
          run.mismatches.append("step \(index): hidesRow(\(key)) is \(filter.hidesRow(id))")
        }
      case .change: break
      }
      run.calls.append((step.name, calls.value - before, keys.count, shownRows))
      if step.value == .reconfigure || step.value == .reload {
        // Every row shown of the identities named is refreshed; only identities no row has are reported.
        let refreshedIDs = Set(refreshed.compactMap { engine.snapshot.identity(ofRowAt: $0) })
        let expected = Set(keys.filter { present.contains($0) && matches($0) }.map { ListIdentifier($0) })
        if refreshedIDs != expected {
          run.mismatches.append("step \(index) (\(step.name)): refreshed \(refreshedIDs) for \(expected)")
        }
        if Set(unknown) != Set(keys.filter { !present.contains($0) }.map { ListIdentifier($0) }) {
          run.mismatches.append("step \(index) (\(step.name)): \(unknown) reported unknown for \(keys)")
        }
      }
      if Set(engine.selection.identifiers) != Set(selected.map { ListIdentifier($0) }) {
        run.mismatches.append(
          "step \(index) (\(step.name)): selected \(engine.selection.identifiers) for \(selected.sorted())")
      }
    }
    _ = engine
    return run
  }

  @Test("under a query over binders, a call naming rows by identity costs its rows and the rows shown, not the list")
  func callsByIdentityCostTheirRows() throws {
    for seed in DeepPass.seeds(from: 0x1DE7, quick: 1, deep: 4) {
      for query in Query.allCases {
        let small = try Self.run(rows: 2_000, query: query, seed: seed)
        let large = try Self.run(rows: 20_000, query: query, seed: seed)
        #expect(small.mismatches.isEmpty, "seed \(seed), \(query), 2,000 rows: \(small.mismatches)")
        #expect(large.mismatches.isEmpty, "seed \(seed), \(query), 20,000 rows: \(large.mismatches)")
        for (size, run) in [("2,000", small), ("20,000", large)] {
          for call in run.calls where call.cells > 4 * (call.named + call.shown) + 64 {
            Issue.record(
              "seed \(seed), \(query), \(size) rows: \(call.step) made \(call.cells) binders for \(call.named) rows named, \(call.shown) shown"
            )
          }
        }
        if query != .all {
          let smallCells = small.calls.map(\.cells)
          let largeCells = large.calls.map(\.cells)
          #expect(
            largeCells.reduce(0, +) <= smallCells.reduce(0, +) + 64,
            "seed \(seed), \(query): \(smallCells) and \(largeCells)")
        }
      }
    }
  }
}
