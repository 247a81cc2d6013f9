import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases: a filter over a source whose rows and sections change in every way at once (rows updated so
/// that they start or stop matching, inserted, deleted and moved across sections; sections inserted, deleted,
/// moved and given new headers), under a query, below 1,000 rows and from 1,000 rows (where the rows shown are
/// positions and each change is projected onto them). After every batch the view shows what the engine holds,
/// content included; after every change the filter shows the source's rows that match the query, each with its
/// content now.
@MainActor
@Suite struct FilterProjectionPropertyTests {
  /// A row: an identity and a version (its content, and what the query matches).
  struct Row: Equatable {
    var id: Int
    var version: Int
  }

  struct Section: Equatable {
    var id: Int
    var header: Int?
    var rows: [Row]
  }

  static func snapshots(_ sections: [Section]) -> [ListSectionSnapshot] {
    sections.map { section in
      ListSection(
        id: section.id,
        header: section.header.map {
          SectionHeaderCell.makeBinder(value: "S\(section.id) h\($0)", id: "h\(section.id)")
        },
        items: section.rows.map { TestRow(id: $0.id, version: $0.version, isAlternate: false).cellBinder }
      ).snapshot
    }
  }

  /// A row's text, as its cell shows it: what the query is matched against.
  nonisolated static func text(_ binder: CellBinder) -> String {
    guard let row = binder.model as? TestRow else { return "" }
    return "r\(row.id) v\(row.version)"
  }

  /// The lines of sections as the view shows them (a row's cell shows `text(_:)`), without making a cell a row.
  static func lines(_ sections: [ListSectionSnapshot]) -> [String] {
    sections.flatMap { section in
      [section.model.header].compactMap { $0.map(ListRendering.line) } + section.elements.map(text)
        + [section.model.footer].compactMap { $0.map(ListRendering.line) }
    }
  }

  /// The lines the filter must show: each section with a row that matches, its header and its matching rows.
  static func expected(_ sections: [Section], query: String) -> [String] {
    sections.flatMap { section -> [String] in
      let rows = section.rows.map { "r\($0.id) v\($0.version)" }.filter {
        query.isEmpty || FilteredFeed.Match(query: query, in: $0) != nil
      }
      guard !rows.isEmpty || query.isEmpty else { return [] }
      return section.header.map { ["== S\(section.id) h\($0) =="] }.map { $0 + rows } ?? rows
    }
  }

  @Test(
    "random changes of rows and sections together under a query: every batch shows the content it holds",
    arguments: [40, 1_000])
  func changesUnderAQuery(rows size: Int) throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 2, deep: 100) {
      var random = SeededRandom(seed: seed &* 7_919 &+ UInt64(size))
      var nextRow = 0
      var nextSection = 0
      func newRow() -> Row {
        nextRow += 1
        return Row(id: nextRow, version: random.below(3))
      }
      func newSection(rows: Int) -> Section {
        nextSection += 1
        return Section(
          id: nextSection, header: random.oneIn(3) ? nil : random.below(2), rows: (0..<rows).map { _ in newRow() })
      }
      let sectionCount = 1 + random.below(4)
      var sections = (0..<sectionCount).map { _ in newSection(rows: size / sectionCount + 1 + random.below(size / 16)) }
      let source = SectionsFeed<ListSectionSnapshot>(sections: Self.snapshots(sections))
      let filtered = try FilteredFeed(source, searchableText: Self.text)
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: filtered, reloadThreshold: 100_000)
      var batchFailures: [String] = []
      view.didApplyBatch = { view, update in
        let held = Self.lines(engine.snapshot)
        if view.renderedLines != held {
          let differing = zip(view.renderedLines, held).first { $0 != $1 }.map { "\($0) where it holds \($1)" }
          batchFailures.append(
            "stage \(update.stage + 1)/\(update.stageCount): the view shows \(differing ?? "other rows")")
        }
      }
      // "1", "2" and "v1" match some rows; an update of a row's version makes it start or stop matching.
      let queries = ["1", "v1", "2", "v0", "r1", ""]
      filtered.query = queries[random.below(queries.count - 1)]
      var log: [String] = []
      for step in 0..<12 {
        if random.oneIn(8) {
          filtered.query = queries[random.below(queries.count)]
          log.append("query \"\(filtered.query)\"")
        } else {
          var changes: [String] = []
          for _ in 0..<1 + random.below(4) {
            let index = random.below(max(sections.count, 1))
            switch random.below(10) {
            case 0...2 where !sections.isEmpty:
              // Rows updated: some start or stop matching, others keep matching with new content.
              let count = 1 + random.below(6)
              for _ in 0..<count where !sections[index].rows.isEmpty {
                let item = random.below(sections[index].rows.count)
                sections[index].rows[item].version = (sections[index].rows[item].version + 1 + random.below(2)) % 3
              }
              changes.append("\(count) rows updated in \(index)")
            case 3 where !sections.isEmpty:
              sections[index].rows.insert(newRow(), at: random.below(sections[index].rows.count + 1))
              changes.append("a row inserted in \(index)")
            case 4 where !sections.isEmpty && !sections[index].rows.isEmpty:
              sections[index].rows.remove(at: random.below(sections[index].rows.count))
              changes.append("a row deleted in \(index)")
            case 5 where !sections.isEmpty && !sections[index].rows.isEmpty:
              let row = sections[index].rows.remove(at: random.below(sections[index].rows.count))
              let target = random.below(sections.count)
              sections[target].rows.insert(row, at: random.below(sections[target].rows.count + 1))
              changes.append("a row moved from \(index) to \(target)")
            case 6:
              sections.insert(newSection(rows: random.below(size / 8 + 2)), at: random.below(sections.count + 1))
              changes.append("a section inserted")
            case 7 where sections.count > 1:
              sections.remove(at: index)
              changes.append("section \(index) deleted")
            case 8 where !sections.isEmpty:
              let moved = sections.remove(at: index)
              let target = random.below(sections.count + 1)
              sections.insert(moved, at: target)
              changes.append("section \(index) moved to \(target)")
            default:
              guard !sections.isEmpty else { continue }
              sections[index].header = random.oneIn(3) ? nil : random.below(2)
              changes.append("header of \(index)")
            }
          }
          source.update(to: Self.snapshots(sections))
          log.append(changes.joined(separator: ", "))
        }
        let context = "seed \(seed), \(size) rows, step \(step), query \"\(filtered.query)\": \(log)"
        if let first = batchFailures.first {
          failures.append("\(context): \(first)")
          break
        }
        // The view holds what the engine holds after every batch: the rows the query matches now.
        let expected = Self.expected(sections, query: filtered.query)
        if view.renderedLines != expected || !view.inconsistencies.isEmpty {
          let shown = view.renderedLines
          let line = shown.indices.first { $0 >= expected.count || shown[$0] != expected[$0] } ?? shown.count
          failures.append(
            "\(context): the view shows \(shown[line...].prefix(3)) from line \(line), not \(expected[line...].prefix(3)) "
              + "\(view.inconsistencies)")
          break
        }
      }
      withExtendedLifetime(engine) {}
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(2))")
  }
}
