import Foundation
import ListFlowTerminal
import ListFlowTesting
import Synchronization
import TestSupport
import Testing

/// What a host operation costs in calls to the app's `cell` function, counted, on a rows-path controller shown
/// in a terminal: a cursor move, a scroll to a row, a batch of changes, a change that deletes the cursor's row.
/// Each costs the rows on screen plus the rows it changed, plus a small constant; never a binder per row.
@MainActor
@Suite struct CostPropertyTests {
  /// Whether `LISTFLOW_DEEP=1` asks for the deep pass: more cases.
  static let isDeep = ProcessInfo.processInfo.environment["LISTFLOW_DEEP"] == "1"

  /// A log line: identity `id`, content `version`.
  struct Line: Identifiable, Equatable, Sendable, Differentiable {
    var id: Int
    var version: Int
  }

  /// A section of lines.
  struct Group: Equatable, Sendable {
    var id: Int
    var lines: [Line]
  }

  /// A `cell` function that counts its calls. Its binders carry a scoped identity (as an item made from a data model
  /// would), so the tests also see that the rows path, not `cell`, owns a row's identity.
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

  /// A rows-path controller on a terminal screen, and the state it shows.
  @MainActor
  struct Host {
    static let size = TerminalSize(columns: 40, rows: 12)
    let cells = CountingCells()
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(Host.size), title: "Log")
    let controller: ListController<[Group]>
    let engine: ListEngine
    var groups: [Group] = []
    var nextID = 0

    init(reloadThreshold: Int) throws {
      let cells = cells
      controller = ListController<[Group]>(
        rows: { groups in groups.map { ListSection(id: $0.id, items: $0.lines) } }, cell: { cells.binder($0) })
      engine = try ListEngine(view: view, showing: controller, reloadThreshold: reloadThreshold)
    }

    /// The rows on screen: what a frame may make binders for.
    var rowsOnScreen: Int { view.visibleRows.count }

    mutating func newLine() -> Line {
      defer { nextID += 1 }
      return Line(id: nextID, version: 0)
    }

    /// Applies the state and returns the calls to `cell` it made.
    mutating func show(_ groups: [Group]) async -> Int {
      self.groups = groups
      await controller.apply(groups)
      return cells.take()
    }

    /// The identity of the cursor's row, as the engine reads it.
    var cursorIdentity: ListIdentifier? { view.selectedRow.flatMap { engine.identity(ofRowAt: $0) } }

    /// Every row's position, in order.
    var paths: [ItemPath] {
      groups.enumerated().flatMap { section, group in group.lines.indices.map { ItemPath(item: $0, section: section) } }
    }
  }

  /// An operation of ``operationsCostTheScreenAndTheChange()``.
  enum Operation { case endThenUp, cursorToRow, scrollToIdentity, deleteCursorRow, batch }

  /// The operations of ``operationsCostTheScreenAndTheChange()``, by weight.
  static let operations = WeightedChoice<Operation>([
    ("end, then up", weight: 1, .endThenUp),
    ("cursor to a random row", weight: 1, .cursorToRow),
    ("engine scroll to a row by identity", weight: 1, .scrollToIdentity),
    ("a change deleting the cursor's row", weight: 1, .deleteCursorRow),
    ("a batch", weight: 2, .batch),
  ])

  /// A random batch of `count` edits: inserts, deletes, moves (within and across sections) and updates.
  static func edit(_ host: inout Host, count: Int, using random: inout SeededRandom) -> [Group] {
    var groups = host.groups
    for _ in 0..<count {
      let section = Int.random(in: 0..<groups.count, using: &random)
      switch RowEdit.weighted.pick(using: &random).value {
      case .insert:
        let item = Int.random(in: 0...groups[section].lines.count, using: &random)
        groups[section].lines.insert(host.newLine(), at: item)
      case .delete where !groups[section].lines.isEmpty:
        groups[section].lines.remove(at: Int.random(in: 0..<groups[section].lines.count, using: &random))
      case .move where !groups[section].lines.isEmpty:
        let line = groups[section].lines.remove(at: Int.random(in: 0..<groups[section].lines.count, using: &random))
        let target = Int.random(in: 0..<groups.count, using: &random)
        groups[target].lines.insert(line, at: Int.random(in: 0...groups[target].lines.count, using: &random))
      case .delete, .move, .update:
        // (a delete or a move drawn for an empty section updates a line, if there is one)
        guard !groups[section].lines.isEmpty else { continue }
        let item = Int.random(in: 0..<groups[section].lines.count, using: &random)
        groups[section].lines[item].version += 1
      }
    }
    return groups
  }

  /// The slack every operation may spend beyond the rows on screen and the rows changed: the cursor's row, a
  /// header, a row scrolled into view.
  static let slack = 8

  @Test("cursor moves, scrolls to a row, batches and deleting the cursor's row cost the screen and the change")
  func operationsCostTheScreenAndTheChange() async throws {
    let seed = terminalFuzzSeed
    var random = SeededRandom(seed: seed)
    let rounds = Self.isDeep ? 12 : 2
    let steps = Self.isDeep ? 150 : 40
    for round in 0..<rounds {
      var host = try Host(reloadThreshold: .max)
      let rowCount = Int.random(in: 200...600, using: &random)
      var groups = (0..<3).map { Group(id: $0, lines: []) }
      for _ in 0..<rowCount { groups[Int.random(in: 0..<3, using: &random)].lines.append(host.newLine()) }
      _ = await host.show(groups)
      for step in 0..<steps {
        let context = "seed \(seed) round \(round) step \(step): rerun with LISTFLOW_FUZZ_SEED=\(seed)"
        let screen = host.rowsOnScreen
        let calls: Int
        let changed: Int
        let operation = Self.operations.pick(using: &random)
        let name = operation.name
        switch operation.value {
        case .endThenUp:
          host.view.handle(.end)
          host.view.handle(.up)
          calls = host.cells.take()
          changed = 0
        case .cursorToRow:
          let paths = host.paths
          guard let path = paths.randomElement(using: &random) else { continue }
          host.view.scrollToRow(at: path, alignment: [.top, .center, .bottom, .visible].randomElement(using: &random)!)
          calls = host.cells.take()
          changed = 0
          #expect(host.view.selectedRow == path, "\(context)")
        case .scrollToIdentity:
          guard let line = host.groups.flatMap(\.lines).randomElement(using: &random) else { continue }
          try host.engine.scrollToRow(withIdentity: ListIdentifier(line.id), alignment: .center)
          calls = host.cells.take()
          changed = 0
          #expect(host.cursorIdentity == ListIdentifier(line.id), "\(context)")
        case .deleteCursorRow:
          guard let path = host.view.selectedRow else { continue }
          var next = host.groups
          next[path.section].lines.remove(at: path.item)
          changed = 1
          calls = await host.show(next)
        case .batch:
          let count = Int.random(in: 1...6, using: &random)
          changed = count
          calls = await host.show(Self.edit(&host, count: count, using: &random))
        }
        // A batch that scrolls the list may bring a new screen of rows: the screen before and after both count.
        let bound = screen + host.rowsOnScreen + 2 * changed + Self.slack
        #expect(calls <= bound, "\(name) made \(calls) binders, more than \(bound): \(context)")
        if let path = host.view.selectedRow {
          // The rows path owns identity: the engine reads the row's own, not the scoped one `cell` gave.
          let line = host.groups[path.section].lines[path.item]
          #expect(host.engine.identity(ofRowAt: path) == ListIdentifier(line.id), "\(context)")
        }
        _ = host.cells.take()
      }
    }
  }

  @Test("a change past the reload threshold finds rows without binders and asks the heights of the screen")
  func reloadCostsTheScreenAndTheChange() async throws {
    let seed = terminalFuzzSeed
    var random = SeededRandom(seed: seed)
    var host = try Host(reloadThreshold: 20)
    var groups = (0..<3).map { Group(id: $0, lines: []) }
    for _ in 0..<600 { groups[Int.random(in: 0..<3, using: &random)].lines.append(host.newLine()) }
    _ = await host.show(groups)
    host.view.scrollToRow(at: ItemPath(item: 5, section: 1), alignment: .center)
    _ = host.cells.take()
    let inserted = 21
    for _ in 0..<inserted { groups[Int.random(in: 0..<3, using: &random)].lines.append(host.newLine()) }
    let calls = await host.show(groups)
    // The identity lookups of a reload make no binder (they made one per row above the cursor before), and the
    // terminal asks the heights of the rows on screen only (it asked every row's before): a reload costs the
    // screen, a height and a cell per row shown, with no cliff at the threshold.
    #expect(
      calls <= 2 * host.rowsOnScreen + Self.slack,
      "a reload made \(calls) binders for \(host.paths.count) rows, more than the screen: seed \(seed)")
  }

  @Test("the cursor follows its row into a section the same change inserts")
  func cursorFollowsIntoInsertedSection() async throws {
    let seed = terminalFuzzSeed
    var random = SeededRandom(seed: seed)
    for round in 0..<(Self.isDeep ? 300 : 40) {
      let context = "seed \(seed) round \(round): rerun with LISTFLOW_FUZZ_SEED=\(seed)"
      var host = try Host(reloadThreshold: .max)
      let sectionCount = Int.random(in: 1...3, using: &random)
      var groups = (0..<sectionCount).map { Group(id: $0, lines: []) }
      for _ in 0..<Int.random(in: 1...40, using: &random) {
        groups[Int.random(in: 0..<sectionCount, using: &random)].lines.append(host.newLine())
      }
      _ = await host.show(groups)
      guard let path = host.paths.randomElement(using: &random) else { continue }
      let screenBefore = host.rowsOnScreen
      host.view.scrollToRow(at: path, alignment: .visible)
      // The scroll costs the rows it brings on screen: a height and a cell each.
      let scrolled = host.cells.take()
      #expect(scrolled <= screenBefore + 2 * host.rowsOnScreen + Self.slack, "\(scrolled) binders: \(context)")
      let followed = host.groups[path.section].lines[path.item]
      // Next state: a new section, at a random place, holding the cursor's row among new rows (and maybe rows
      // moved from other sections too).
      var next = host.groups
      next[path.section].lines.remove(at: path.item)
      var newLines = (0..<Int.random(in: 0...3, using: &random)).map { _ in host.newLine() }
      for index in next.indices where !next[index].lines.isEmpty && Bool.random(using: &random) {
        newLines.append(next[index].lines.removeLast())
      }
      newLines.shuffle(using: &random)
      newLines.insert(followed, at: Int.random(in: 0...newLines.count, using: &random))
      next.insert(Group(id: 100 + round, lines: newLines), at: Int.random(in: 0...next.count, using: &random))
      let calls = await host.show(next)
      #expect(host.cursorIdentity == ListIdentifier(followed.id), "the cursor left its row: \(context)")
      #expect(calls <= 2 * host.rowsOnScreen + 2 * newLines.count + Self.slack, "\(calls) binders: \(context)")
    }
  }

  /// A titled line: the filter matches its title.
  struct TitledLine: Identifiable, Equatable, Sendable, Differentiable, Titled {
    var id: Int
    var word: String
    var title: String? { "#\(id) \(word)" }
  }

  @Test("a typed filter character costs the rows on screen: rows are matched by their values' titles")
  func typedFilterCharacterCostsTheScreen() async throws {
    let seed = terminalFuzzSeed
    var random = SeededRandom(seed: seed)
    let words = ["alpha", "Beta", "gamma", "delta", "epsilon", "zeta", "eta", "thetaX", "iota", "kappa"]
    for round in 0..<(Self.isDeep ? 8 : 2) {
      let context = "seed \(seed) round \(round): rerun with LISTFLOW_FUZZ_SEED=\(seed)"
      let calls = Mutex(0)
      // At least the rows from which a query is matched by titles alone.
      let rowCount = Int.random(in: 1_000...3_000, using: &random)
      var sections = (0..<3).map { ListSection<TitledLine>(id: $0, items: []) }
      for id in 0..<rowCount {
        let word = words.randomElement(using: &random)!
        sections[Int.random(in: 0..<3, using: &random)].items.append(TitledLine(id: id, word: word))
      }
      let controller = ListController<[ListSection<TitledLine>]>(rows: { $0 }) { line in
        calls.withLock { $0 += 1 }
        return CellBinder(cell: TextCell.self, value: line.title ?? "", id: ListIdentifier(line.id)) { cell, text in
          cell.title = text
        }
      }
      let filtered = try FilteredFeed(controller)
      let view = TerminalListView(output: CapturingOutput(), mode: .screen(Host.size), title: "Log")
      let engine = try ListEngine(view: view, showing: filtered)
      view.onFilterChange = { filtered.query = $0 }
      await controller.apply(sections)
      func take() -> Int {
        calls.withLock { calls in
          defer { calls = 0 }; return calls
        }
      }
      _ = take()
      view.handle(.character("/"))
      _ = take()
      var query = ""
      for step in 0..<8 {
        let screen = view.visibleRows.count
        if query.isEmpty || Int.random(in: 0..<3, using: &random) > 0 {
          let character = Array("aeiotkxz#1 ").randomElement(using: &random)!
          query.append(character)
          view.handle(.character(character))
        } else {
          query.removeLast()
          view.handle(.backspace)
        }
        let made = take()
        #expect(filtered.query == query, "\(context) step \(step)")
        #expect(
          made <= screen + view.visibleRows.count + Self.slack,
          "typing made \(made) binders for \(rowCount) rows: \(context) step \(step) query \(query)")
        // The rows shown are the matches, in order, each highlighted where the query matched.
        let expected = sections.compactMap { section -> [Int]? in
          let ids = section.items.filter { FilteredFeed.Match(query: query, in: $0.title ?? "") != nil }.map(\.id)
          return ids.isEmpty ? nil : ids
        }
        let shown = engine.snapshot.map { $0.elements.map { $0.model(as: String.self) ?? "" } }
        #expect(shown.count == expected.count, "\(context) step \(step) query \(query)")
        for (rows, ids) in zip(engine.snapshot, expected) {
          #expect(rows.elements.map(\.id) == ids.map { ListIdentifier($0) }, "\(context) step \(step)")
          for binder in rows.elements.prefix(20) {
            let title = binder.model(as: String.self) ?? ""
            #expect(
              binder.highlightedMatches == (FilteredFeed.Match(query: query, in: title)?.offsets ?? []),
              "\(context) step \(step) query \(query) title \(title)")
          }
        }
        _ = take()
      }
      // A change of the rows while filtered shows the matches of the new rows.
      sections[0].items.append(TitledLine(id: rowCount, word: "alpha"))
      sections[1].items.removeFirst(min(3, sections[1].items.count))
      await controller.apply(sections)
      let expected = sections.compactMap { section -> [ListIdentifier]? in
        let ids = section.items.filter { FilteredFeed.Match(query: query, in: $0.title ?? "") != nil }
        return ids.isEmpty ? nil : ids.map { ListIdentifier($0.id) }
      }
      #expect(engine.snapshot.map { $0.elements.map(\.id) } == expected, "\(context) after a change")
    }
  }
}
