import ListFlow
import ListFlowTesting
import Synchronization
import TestSupport
import Testing

/// Binders are made only for the rows a view reads: with a small viewport over a long list, each state calls the
/// row's `cell` for the viewport's rows and the rows the change touched, never for the rest of the list.
@Suite("Lazy binders: a state's cost follows the viewport and the change, not the list")
@MainActor
struct LazyBinderCostTests {
  struct Row: Differentiable, Sendable, Equatable {
    var id: Int
    var version: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Row) -> Bool { version == source.version }
  }

  final class RowCell: BindableCell {
    private(set) var text = ""
    func bind(_ row: Row) { text = "r\(row.id) v\(row.version)" }
    var textRepresentation: String { text }
  }

  /// A change to the rows.
  enum Change { case update, delete, insert, move }

  /// The changes of a state, by weight.
  static let changes = WeightedChoice<Change>([
    ("update a row", weight: 1, .update),
    ("delete a row", weight: 1, .delete),
    ("insert a row", weight: 1, .insert),
    ("move a row (within its section; to any section, in stringIdentities)", weight: 1, .move),
  ])

  @Test("random changes to 20,000 rows call cell for the viewport and the changes only, and show the right rows")
  func viewportCost() async throws {
    var random = SeededRandom(seed: 0x1A2B_0015)
    for sequence in 0..<4 {
      let calls = Mutex(0)
      let view = ViewportListView(rowCount: 20)
      let controller = ListController<[Row]> {
        [ListSection(id: "rows", items: $0)]
      } cell: { row in
        calls.withLock { $0 += 1 }
        return RowCell.makeBinder(value: row, id: row.id)
      }
      let engine = try ListEngine(view: view, showing: controller)
      var rows = (0..<20_000).map { Row(id: $0, version: 0) }
      var nextID = rows.count
      await controller.apply(rows)
      #expect(
        calls.withLock { $0 } <= 20,
        "seed 0x1A2B_0015, sequence \(sequence): the first load read more than the viewport")
      for step in 0..<10 {
        calls.withLock { $0 = 0 }
        let changes = 1 + random.below(12)
        for _ in 0..<changes {
          switch Self.changes.pick(using: &random).value {
          case .update: rows[random.below(rows.count)].version += 1
          case .delete: rows.remove(at: random.below(rows.count))
          case .insert:
            rows.insert(Row(id: nextID, version: 0), at: random.below(rows.count + 1))
            nextID += 1
          case .move:
            let row = rows.remove(at: random.below(rows.count))
            rows.insert(row, at: random.below(rows.count + 1))
          }
        }
        await controller.apply(rows)
        let context = "seed 0x1A2B_0015, sequence \(sequence), state \(step), \(changes) changes"
        // At most the viewport pulled again plus a few reads per change: nothing near the 20,000 rows.
        #expect(calls.withLock { $0 } <= 20 + 4 * changes, "\(context): \(calls.withLock { $0 }) calls")
        #expect(view.renderedLines == rows.prefix(20).map { "r\($0.id) v\($0.version)" }, "\(context)")
        #expect(engine.snapshot.first?.elements.count == rows.count, "\(context)")
      }
    }
  }

  struct NamedRow: Differentiable, Sendable, Equatable {
    var name: String
    var version: Int
    var differenceIdentifier: String { name }
    func isContentEqual(to source: NamedRow) -> Bool { version == source.version }
  }

  nonisolated static func namedCell(_ row: NamedRow) -> CellBinder {
    TextLineCell.makeBinder(value: "\(row.name) v\(row.version)", id: row.name)
  }

  final class TextLineCell: BindableCell {
    private(set) var text = ""
    func bind(_ text: String) { self.text = text }
    var textRepresentation: String { text }
  }

  @Test(
    "rows with string identities (hashes copied from the rows they align with) show what the binder path shows",
    arguments: 0..<3)
  func stringIdentities(seed: Int) async throws {
    var random = SeededRandom(seed: UInt64(0x5_7121_0000 + seed))
    var nextName = 0
    func fresh() -> NamedRow {
      defer { nextName += 1 }
      return NamedRow(name: "row-\(nextName)", version: 0)
    }
    let rowsView = RecordingListView()
    let bindersView = RecordingListView()
    let byRows = ListController<[[NamedRow]]> { sections in
      sections.enumerated().map { ListSection(id: $0.offset, items: $0.element) }
    } cell: {
      Self.namedCell($0)
    }
    let byRowsEngine = try ListEngine(view: rowsView, showing: byRows)
    let byBinders = ListController<[[NamedRow]]> { sections in
      sections.enumerated().map { ListSection(id: $0.offset, items: $0.element.map(Self.namedCell)) }
    }
    let engine = try ListEngine(view: bindersView, showing: byBinders)
    var sections = (0..<3).map { _ in (0..<(20 + random.below(200))).map { _ in fresh() } }
    for step in 0..<40 {
      // Few changes most of the time (the alignment's case), many now and then (the full diff's).
      let changes = random.below(5) == 0 ? 40 + random.below(200) : 1 + random.below(8)
      for _ in 0..<changes {
        let section = random.below(sections.count)
        let count = sections[section].count
        switch Self.changes.pick(using: &random).value {
        case .update where count > 0: sections[section][random.below(count)].version += 1
        case .delete where count > 0: sections[section].remove(at: random.below(count))
        case .insert: sections[section].insert(fresh(), at: random.below(count + 1))
        case .move where count > 0:
          let row = sections[section].remove(at: random.below(count))
          let target = random.below(sections.count)
          sections[target].insert(row, at: random.below(sections[target].count + 1))
        case .update, .delete, .move: break  // no row in the section
        }
      }
      await byRows.apply(sections)
      await byBinders.apply(sections)
      let expected = sections.flatMap { $0.map { "\($0.name) v\($0.version)" } }
      let context = "seed \(seed), state \(step), \(changes) changes"
      #expect(ListExpectations.difference(rowsView.renderedLines, expected) == nil, "\(context)")
      #expect(rowsView.inconsistencies.isEmpty, "\(context): \(rowsView.inconsistencies)")
      #expect(
        rowsView.updates.map(UpdateRecord.Positions.init) == bindersView.updates.map(UpdateRecord.Positions.init),
        "\(context)")
      #expect(byRowsEngine.lastError == nil, "\(context)")
    }
    withExtendedLifetime(engine) {}
  }
}
