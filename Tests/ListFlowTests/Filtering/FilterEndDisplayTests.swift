import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// The end of a row's display through a filter: the source hears it at the position the row had in its list
/// before the change that removed it from the view (a deleted row, a row the query hides from now on, every row
/// of a reload), as a feed shown alone hears it at the position it had.
@MainActor
@Suite("A filter's ends of display")
struct FilterEndDisplayTests {
  typealias Named = FilteredFeedTests.Named

  /// The identity of each cell the view displays (the cell kept, so that no other takes its address), and the
  /// displays the source heard end.
  final class Displays {
    var rows: [ObjectIdentifier: ListIdentifier] = [:]
    var cells: [any ListCell] = []
    var ends: [(cell: ObjectIdentifier, path: ItemPath)] = []
  }

  enum Step { case deleteRows, insertRow, rename, deleteSection, query }

  static let steps = WeightedChoice<Step>([
    ("delete one or two rows", weight: 4, .deleteRows),
    ("insert a row", weight: 2, .insertRow),
    ("rename a row", weight: 3, .rename),
    ("delete a section", weight: 1, .deleteSection),
    ("type, erase or set the query", weight: 3, .query),
  ])

  /// The source's sections, each named by its identity.
  static func sections(_ rows: [[Named]], ids: [Int]) -> [ListSectionSnapshot] {
    rows.indices.map { ListSection(id: ids[$0], items: rows[$0].map(FilteredFeedTests.binder)).snapshot }
  }

  @Test("a row leaving the view through a filter ends its display where it was in the source")
  func endsWhereTheRowWas() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 60, deep: 400) {
      var random = SeededRandom(seed: seed)
      var nextID = 0
      func named() -> Named {
        nextID += 1
        return Named(id: nextID, title: FilteredFeedTests.word(&random, maxLength: 3))
      }
      var rows = (0..<1 + random.below(3)).map { _ in (0..<random.below(10)).map { _ in named() } }
      var ids = Array(rows.indices)
      let list = SectionsFeed(sections: Self.sections(rows, ids: ids))
      let displays = Displays()
      list.delegate.didEndDisplayingCell = { cell, path in displays.ends.append((ObjectIdentifier(cell), path)) }
      // A query of one character matches about half the rows.
      func letter() -> String { ["a", "b", "c", "X", "y"][random.below(5)] }
      let filter = try FilteredFeed(list, query: random.oneIn(4) ? "" : letter())
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: filter)
      engine.delegate.willDisplayCell = { [unowned engine] cell, path in
        displays.rows[ObjectIdentifier(cell)] = engine.identity(ofRowAt: path)
        displays.cells.append(cell)
      }
      view.reloadData()
      var log: [String] = []
      for _ in 0..<12 {
        let before = (rows, ids)
        let step = Self.steps.pick(using: &random)
        log.append(step.name)
        switch step.value {
        case .deleteRows:
          for _ in 0..<1 + random.below(2) {
            let section = random.below(rows.count)
            if !rows[section].isEmpty { rows[section].remove(at: random.below(rows[section].count)) }
          }
        case .insertRow:
          let section = random.below(rows.count)
          rows[section].insert(named(), at: random.below(rows[section].count + 1))
        case .rename:
          let section = random.below(rows.count)
          guard !rows[section].isEmpty else { continue }
          rows[section][random.below(rows[section].count)].title = FilteredFeedTests.word(&random, maxLength: 3)
        case .deleteSection:
          guard rows.count > 1 else { continue }
          let section = random.below(rows.count)
          rows.remove(at: section)
          ids.remove(at: section)
        case .query:
          filter.query = random.oneIn(4) ? "" : letter()
          log[log.count - 1] += " '\(filter.query)'"
        }
        displays.ends = []
        if step.value != .query { list.update(to: Self.sections(rows, ids: ids)) }
        // The source's rows before the step, by section identity (a deleted section keeps its place).
        let was = Self.sections(before.0, ids: before.1)
        // (A cell made again for a changed row took its place with no display: its identity is not known.)
        for end in displays.ends {
          guard let row = displays.rows[end.cell] else { continue }
          let there =
            was.indices.contains(end.path.section) && was[end.path.section].elements.indices.contains(end.path.item)
            ? was[end.path.section].elements[end.path.item].id : nil
          if there != row {
            failures.append("seed \(seed) \(log): \(row) ended at \(end.path), where \(there as Any) was")
          }
        }
        if !failures.isEmpty { break }
      }
      withExtendedLifetime(engine) {}
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }
}
