import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlow

/// While a query is set, a change of the source that inserts, deletes or moves sections (or a composite's child
/// hidden and shown again) matches only the rows it inserts or changes, below 1,000 rows as above: the app's
/// searchable text is called for those rows, not for every row (Filtering.md).
@MainActor
@Suite struct FilterSectionChangeCostTests {
  @Test("a change of sections costs the texts of the rows it inserts or changes", arguments: [40, 300, 900])
  func sectionChangesCostTheirRows(size: Int) throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 6, deep: 60) {
      var random = SeededRandom(seed: seed &* 7_919 &+ UInt64(size))
      var nextRow = 0
      var nextSection = 0
      /// A row: its identity and its text (the text changes when the row is updated).
      struct Row: Equatable {
        var id: Int
        var text: String
      }
      func newRow() -> Row {
        nextRow += 1
        return Row(id: nextRow, text: "\(["ant", "bee", "cat", "dog", "eel"][random.below(5)]) \(nextRow)")
      }
      func newSection(_ count: Int) -> (id: Int, rows: [Row]) {
        nextSection += 1
        return (nextSection, (0..<count).map { _ in newRow() })
      }
      let childCount = 1 + random.below(3)
      var children: [[(id: Int, rows: [Row])]] = (0..<childCount).map { _ in
        (0..<1 + random.below(3)).map { _ in newSection(size / 9) }
      }
      func snapshots(_ child: Int) -> [ListSectionSnapshot] {
        children[child].map { section in
          ListSection(
            id: section.id, items: section.rows.map { MessageCell.makeBinder(value: $0.text, id: $0.id) }
          ).snapshot
        }
      }
      let calls = CallCounter()
      let feeds = (0..<childCount).map { SectionsFeed<ListSectionSnapshot>(sections: snapshots($0)) }
      let composite = ComposedFeed<ListSectionSnapshot>()
      for feed in feeds { try composite.append(feed) }
      let filtered = try FilteredFeed(composite) { binder in
        calls.add()
        return binder.model as? String ?? ""
      }
      filtered.query = ["a", "e", "t", "do"][random.below(4)]
      var log: [String] = []
      for step in 0..<20 {
        /// Every row shown before the step, with its text.
        func shownRows() -> [Row] {
          feeds.indices.filter { !feeds[$0].isHidden }.flatMap { children[$0].flatMap(\.rows) }
        }
        let before = shownRows()
        let total = children.joined().reduce(0) { $0 + $1.rows.count }
        let child = random.below(childCount)
        var sections = children[child]
        var hides = false
        switch random.below(7) {
        case 0 where total + size / 9 < 1_000:
          sections.insert(newSection(random.below(size / 9 + 1)), at: random.below(sections.count + 1))
          log.append("section inserted in \(child)")
        case 1 where sections.count > 1:
          sections.remove(at: random.below(sections.count))
          log.append("section deleted in \(child)")
        case 2 where sections.count > 1:
          let moved = sections.remove(at: random.below(sections.count))
          sections.insert(moved, at: random.below(sections.count + 1))
          log.append("section moved in \(child)")
        case 3:
          hides = true
          log.append("child \(child) hidden or shown")
        case 4:
          // A section inserted and rows of another inserted, deleted and updated in the same change.
          if total + size / 9 < 1_000 {
            sections.insert(newSection(random.below(4)), at: random.below(sections.count + 1))
          }
          let index = random.below(sections.count)
          for _ in 0..<random.below(3) where !sections[index].rows.isEmpty {
            sections[index].rows.remove(at: random.below(sections[index].rows.count))
          }
          if total < 990 { sections[index].rows.insert(newRow(), at: random.below(sections[index].rows.count + 1)) }
          if !sections[index].rows.isEmpty {
            let item = random.below(sections[index].rows.count)
            sections[index].rows[item].text += " x"
          }
          log.append("sections and rows changed in \(child)")
        default:
          // Rows alone.
          let index = random.below(sections.count)
          if !sections[index].rows.isEmpty { sections[index].rows.remove(at: random.below(sections[index].rows.count)) }
          if total < 990 { sections[index].rows.insert(newRow(), at: random.below(sections[index].rows.count + 1)) }
          log.append("rows changed in \(child)")
        }
        let start = calls.value
        if hides {
          feeds[child].isHidden.toggle()
        } else {
          children[child] = sections
          feeds[child].update(to: snapshots(child))
        }
        let made = calls.value - start
        // The rows the change inserts or changes: those shown now with an identity or a text not shown before.
        let known = Set(before.map { "\($0.id) \($0.text)" })
        let changed = shownRows().filter { !known.contains("\($0.id) \($0.text)") }.count
        let context = "seed \(seed) size \(size) step \(step): \(log)"
        if made > changed + 2 {
          failures.append("\(context): \(made) texts for \(changed) rows inserted or changed")
          break
        }
        let expected = shownRows().filter { FilteredFeed.Match(query: filtered.query, in: $0.text) != nil }
        if filtered.displayedSections.flatMap(\.elements.identities) != expected.map({ ListIdentifier($0.id) }) {
          failures.append("\(context): the filter shows other rows than those that match")
          break
        }
      }
      // The rows shown highlight what the query matched.
      for binder in filtered.displayedSections.flatMap(\.elements).prefix(20) {
        let match = FilteredFeed.Match(query: filtered.query, in: binder.model as? String ?? "")
        if binder.highlightedMatches != match?.offsets { failures.append("seed \(seed): \(binder.id) highlighted") }
      }
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }
}
