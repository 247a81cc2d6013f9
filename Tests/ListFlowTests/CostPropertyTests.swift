import ListFlow
import ListFlowTesting
import Synchronization
import TestSupport
import Testing

/// What an operation costs in calls to the app's `cell` function, counted, on a rows-path controller shown in a
/// `RecordingListView` (which holds a cell for every row, so every row is "on screen" for it): a batch costs the
/// rows it changed, selecting a row costs a few binders, a filter with an empty query costs nothing per row.
@MainActor
@Suite struct CostPropertyTests {
  /// A row: identity `id`, content `version`.
  struct Line: Identifiable, Equatable, Sendable, Differentiable {
    var id: Int
    var version: Int
  }

  /// A `cell` function that counts its calls; its binders carry a scoped identity (as an item made from a data model does),
  /// which the rows path replaces with the row's own.
  final class CountingCells: Sendable {
    private let calls = Mutex(0)

    func binder(_ line: Line) -> CellBinder {
      calls.withLock { $0 += 1 }
      return CellBinder(
        cell: TextCell.self, value: "line \(line.id) v\(line.version)", id: ListIdentifier(line.id, scope: "Log")
      ) {
        cell, text in cell.title = text
      }
    }

    /// The calls since the last time.
    func take() -> Int {
      calls.withLock { calls in
        defer { calls = 0 }
        return calls
      }
    }
  }

  /// A state: sections of lines, by section identity.
  typealias Groups = [[Line]]

  static func controller(_ cells: CountingCells) -> ListController<Groups> {
    ListController<Groups>(
      rows: { groups in groups.enumerated().map { ListSection(id: $0.offset, items: $0.element) } },
      cell: { cells.binder($0) })
  }

  /// A random batch of `count` edits (inserts, deletes, moves within and across sections, updates).
  static func edit(_ groups: Groups, count: Int, nextID: inout Int, using random: inout SeededRandom) -> Groups {
    var groups = groups
    for _ in 0..<count {
      let section = Int.random(in: 0..<groups.count, using: &random)
      switch RowEdit.weighted.pick(using: &random).value {
      case .insert:
        groups[section].insert(
          Line(id: nextID, version: 0), at: Int.random(in: 0...groups[section].count, using: &random))
        nextID += 1
      case .delete where !groups[section].isEmpty:
        groups[section].remove(at: Int.random(in: 0..<groups[section].count, using: &random))
      case .move where !groups[section].isEmpty:
        let line = groups[section].remove(at: Int.random(in: 0..<groups[section].count, using: &random))
        let target = Int.random(in: 0..<groups.count, using: &random)
        groups[target].insert(line, at: Int.random(in: 0...groups[target].count, using: &random))
      case .delete, .move, .update:
        // (a delete or a move drawn for an empty section updates a row, if there is one)
        guard !groups[section].isEmpty else { continue }
        groups[section][Int.random(in: 0..<groups[section].count, using: &random)].version += 1
      }
    }
    return groups
  }

  static func randomGroups(nextID: inout Int, using random: inout SeededRandom) -> Groups {
    var groups: Groups = [[], [], []]
    for _ in 0..<Int.random(in: 200...500, using: &random) {
      groups[Int.random(in: 0..<3, using: &random)].append(Line(id: nextID, version: 0))
      nextID += 1
    }
    return groups
  }

  static let slack = 6

  @Test("on a recording view, a batch costs the rows it changed and selecting a row costs a few binders")
  func batchesAndSelection() async throws {
    let seed = UInt64(0xC057)
    var random = SeededRandom(seed: seed)
    for round in 0..<(DeepPass.isOn ? 10 : 2) {
      let cells = CountingCells()
      let controller = Self.controller(cells)
      let view = RecordingListView(historyLimit: 4)
      let engine = try ListEngine(view: view, showing: controller, reloadThreshold: .max)
      engine.setSelection(ListSelection(mode: .multiple))
      var nextID = 0
      var groups = Self.randomGroups(nextID: &nextID, using: &random)
      await controller.apply(groups)
      _ = cells.take()
      for step in 0..<(DeepPass.isOn ? 100 : 30) {
        let context = "seed \(seed) round \(round) step \(step)"
        if Bool.random(using: &random) {
          let count = Int.random(in: 1...6, using: &random)
          groups = Self.edit(groups, count: count, nextID: &nextID, using: &random)
          await controller.apply(groups)
          let calls = cells.take()
          #expect(calls <= 2 * count + Self.slack, "a batch of \(count) made \(calls) binders: \(context)")
        } else {
          let paths = groups.enumerated().flatMap { section, lines in
            lines.indices.map { ItemPath(item: $0, section: section) }
          }
          guard let path = paths.randomElement(using: &random) else { continue }
          try engine.toggleSelection(ofRowAt: path)
          let calls = cells.take()
          #expect(calls <= Self.slack, "toggling a row's selection made \(calls) binders: \(context)")
          #expect(engine.identity(ofRowAt: path) == ListIdentifier(groups[path.section][path.item].id), "\(context)")
        }
        #expect(view.inconsistencies.isEmpty, "\(context)")
      }
    }
  }

  @Test("a filter costs the rows a state changed, not a binder per row: with an empty query and with a query")
  func emptyFilterCostsTheChange() async throws {
    let seed = UInt64(0xF117)
    var random = SeededRandom(seed: seed)
    let cells = CountingCells()
    let controller = Self.controller(cells)
    let filter = try FilteredFeed(controller)
    let composite = ComposedFeed<ListSectionSnapshot>()
    try composite.append(filter)
    let view = RecordingListView(historyLimit: 4)
    let engine = try ListEngine(view: view, showing: composite, reloadThreshold: .max)
    var nextID = 0
    var groups = Self.randomGroups(nextID: &nextID, using: &random)
    await controller.apply(groups)
    _ = cells.take()
    for step in 0..<(DeepPass.isOn ? 200 : 30) {
      let count = Int.random(in: 1...6, using: &random)
      groups = Self.edit(groups, count: count, nextID: &nextID, using: &random)
      await controller.apply(groups)
      let calls = cells.take()
      #expect(calls <= 2 * count + Self.slack, "a batch of \(count) made \(calls) binders: seed \(seed) step \(step)")
      #expect(
        view.sections.map { $0.rows.map(\.textRepresentation) }
          == groups.map { $0.map { "line \($0.id) v\($0.version)" } }, "seed \(seed) step \(step)")
    }
    // With a query, a state matches only the rows it inserts or updates; the others keep their match.
    for query in ["1", "v1", "ne 2"] {
      filter.query = query
      _ = cells.take()
      for step in 0..<(DeepPass.isOn ? 100 : 15) {
        let context = "query \(query) seed \(seed) step \(step)"
        let count = Int.random(in: 1...6, using: &random)
        groups = Self.edit(groups, count: count, nextID: &nextID, using: &random)
        await controller.apply(groups)
        let calls = cells.take()
        #expect(calls <= 2 * count + Self.slack, "a batch of \(count) made \(calls) binders: \(context)")
        let expected = groups.map { lines in
          lines.compactMap { line -> String? in
            let title = "line \(line.id) v\(line.version)"
            return FilteredFeed.Match(query: query, in: title) == nil ? nil : title
          }
        }.filter { !$0.isEmpty }
        #expect(view.sections.map { $0.rows.map(\.textRepresentation) } == expected, "\(context)")
      }
    }
    filter.query = ""
    #expect(view.sections.map(\.rows.count) == groups.map(\.count))
    #expect(view.inconsistencies.isEmpty)
    _ = engine
  }
}
