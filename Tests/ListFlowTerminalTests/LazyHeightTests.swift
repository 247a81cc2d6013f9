import ListFlowTesting
import Synchronization
import TestSupport
import Testing

@testable import ListFlowTerminal

/// The terminal asks a row's height only when the row comes on screen: a first load or a reload of any number of
/// rows makes binders for a screen of rows (counted through the rows path's `cell` function), and scrolling
/// through rows of several lines shows each row with its real height, as a view that knew every height does.
@MainActor
@Suite struct LazyHeightTests {
  /// A row: identity `id`, its lines `height`, content `version`.
  struct Row: Identifiable, Equatable, Sendable, Differentiable {
    var id: Int
    var height: Int
    var version = 0
  }

  /// A section of rows, with a header row or none.
  struct Group: Equatable, Sendable {
    var id: Int
    var header: Row?
    var rows: [Row]
  }

  /// A `cell` function that counts its calls: each row draws `row N` and a detail line per extra line.
  final class CountingCells: Sendable {
    private let calls = Mutex(0)

    func binder(_ row: Row) -> CellBinder {
      calls.withLock { $0 += 1 }
      return CellBinder(cell: TextCell.self, value: row, id: ListIdentifier(row.id)) { cell, row in
        cell.title = "row \(row.id) v\(row.version)"
        cell.detailLines = (1..<max(row.height, 1)).map { "detail \(row.id).\($0)" }
      }
      .height(row.height)
    }

    /// The calls since the last time.
    func take() -> Int {
      calls.withLock { calls in
        defer { calls = 0 }
        return calls
      }
    }
  }

  /// A rows-path controller on a terminal screen.
  @MainActor
  final class Host {
    let cells = CountingCells()
    let view: TerminalListView
    let controller: ListController<[Group]>
    let engine: ListEngine
    var groups: [Group] = []

    init(size: TerminalSize, reloadThreshold: Int? = nil) throws {
      let cells = cells
      view = TerminalListView(output: CapturingOutput(), mode: .screen(size), title: "Heights")
      controller = ListController<[Group]>(
        rows: { groups in groups.map { ListSection(id: $0.id, header: $0.header, items: $0.rows) } },
        cell: { cells.binder($0) })
      engine = try ListEngine(view: view, showing: controller, reloadThreshold: reloadThreshold)
    }

    /// Applies the state and returns the calls to `cell` it made.
    func show(_ groups: [Group]) async -> Int {
      self.groups = groups
      await controller.apply(groups)
      return cells.take()
    }

    /// The lines of the list area.
    var listLines: Int { view.viewport.height }

    /// The rows' declared heights, section by section: what a view that knew every height lays out.
    var declaredShape: [ListViewport.Section] {
      groups.map { group in
        ListViewport.Section(
          headerHeight: group.header?.height ?? 0, itemHeights: group.rows.map(\.height), footerHeight: 0)
      }
    }

    /// Checks that every row on screen is laid out with its declared height, whole rows showing all their lines.
    func expectRowsOnScreenHaveTheirHeights(_ context: String) {
      for slice in view.viewport.visibleSlices {
        guard case .item(let path) = slice.row else { continue }
        let declared = groups[path.section].rows[path.item].height
        #expect(
          slice.height == declared, "row \(path) shown \(slice.height) lines high, declared \(declared): \(context)")
      }
    }
  }

  /// How tall the rows of a list are.
  enum Heights { case oneLine, mixed, tall }

  /// The kinds of lists, by weight.
  static let heightKinds = WeightedChoice<Heights>([
    ("rows of one line", weight: 2, .oneLine),
    ("rows of one to three lines", weight: 2, .mixed),
    ("rows up to twice a screen high", weight: 1, .tall),
  ])

  /// A height drawn for a row of a list of a kind.
  static func height(_ kind: Heights, using random: inout SeededRandom) -> Int {
    switch kind {
    case .oneLine: 1
    case .mixed: Int.random(in: 1...3, using: &random)
    case .tall: random.oneIn(3) ? Int.random(in: 4...24, using: &random) : Int.random(in: 1...2, using: &random)
    }
  }

  /// A list of `rowCount` rows in one to three sections, some with a header.
  static func groups(
    rowCount: Int, heights kind: Heights, nextID: inout Int, using random: inout SeededRandom
  ) -> [Group] {
    var groups = (0..<Int.random(in: 1...3, using: &random)).map { id in
      Group(
        id: id, header: random.oneIn(2) ? Row(id: -1 - id, height: Int.random(in: 1...2, using: &random)) : nil,
        rows: [])
    }
    for _ in 0..<rowCount {
      groups[Int.random(in: 0..<groups.count, using: &random)].rows.append(
        Row(id: nextID, height: height(kind, using: &random)))
      nextID += 1
    }
    return groups
  }

  /// A screen of 30 columns and `lines` lines, a kind of heights, and a list of `rowCount` rows of that kind.
  static func randomList(
    lines: ClosedRange<Int>, rowCount: ClosedRange<Int>, using random: inout SeededRandom
  ) -> (size: TerminalSize, kind: WeightedChoice<Heights>.Option, groups: [Group]) {
    let size = TerminalSize(columns: 30, rows: Int.random(in: lines, using: &random))
    let kind = heightKinds.pick(using: &random)
    var nextID = 0
    let groups = groups(
      rowCount: Int.random(in: rowCount, using: &random), heights: kind.value, nextID: &nextID, using: &random)
    return (size, kind, groups)
  }

  /// The binders a first load or a reload may make beyond two per line of the list area (a height and a cell
  /// per row shown): the headers, the cursor's row.
  static let slack = 8

  @Test("a first load and reloads make binders for the rows on screen, whatever the list's size")
  func firstLoadAndReloadsCostTheScreen() async throws {
    let seed = terminalFuzzSeed
    var random = SeededRandom(seed: seed)
    let sizes = [0, 1, 7, 40, 300, 2_000, 20_000]
    for round in 0..<DeepPass.cases(quick: 10, deep: 40) {
      let rowCount = sizes.randomElement(using: &random)! + Int.random(in: 0...5, using: &random)
      let kind = Self.heightKinds.pick(using: &random)
      let size = TerminalSize(columns: 40, rows: Int.random(in: 3...30, using: &random))
      let context = "seed \(seed) round \(round), \(rowCount) rows (\(kind.name)), \(size.rows) lines"
      let host = try Host(size: size, reloadThreshold: 0)
      var nextID = 0
      var groups = Self.groups(rowCount: rowCount, heights: kind.value, nextID: &nextID, using: &random)
      let first = await host.show(groups)
      // A height and a cell per row shown, each row at least one line high.
      let bound = 2 * host.listLines + Self.slack
      #expect(first <= bound, "the first load made \(first) binders, more than \(bound): \(context)")
      host.expectRowsOnScreenHaveTheirHeights("\(context), first load")
      for step in 0..<4 {
        // Somewhere in the list, then a change: every change reloads (the threshold is 0).
        let flat = groups.indices.flatMap { section in
          groups[section].rows.indices.map { ItemPath(item: $0, section: section) }
        }
        if let path = flat.randomElement(using: &random) {
          host.view.scrollToRow(at: path, alignment: ListEngine.ScrollAlignment.allCases.randomElement(using: &random)!)
        }
        _ = host.cells.take()
        for _ in 0..<Int.random(in: 1...12, using: &random) {
          let section = Int.random(in: 0..<groups.count, using: &random)
          switch RowEdit.weighted.pick(using: &random).value {
          case .insert:
            let item = Int.random(in: 0...groups[section].rows.count, using: &random)
            groups[section].rows.insert(Row(id: nextID, height: Self.height(kind.value, using: &random)), at: item)
            nextID += 1
          case .delete where !groups[section].rows.isEmpty:
            groups[section].rows.remove(at: Int.random(in: 0..<groups[section].rows.count, using: &random))
          case .move where !groups[section].rows.isEmpty:
            let row = groups[section].rows.remove(at: Int.random(in: 0..<groups[section].rows.count, using: &random))
            let target = Int.random(in: 0..<groups.count, using: &random)
            groups[target].rows.insert(row, at: Int.random(in: 0...groups[target].rows.count, using: &random))
          case .delete, .move, .update:
            guard !groups[section].rows.isEmpty else { continue }
            let item = Int.random(in: 0..<groups[section].rows.count, using: &random)
            groups[section].rows[item].version += 1
            groups[section].rows[item].height = Self.height(kind.value, using: &random)
          }
        }
        let calls = await host.show(groups)
        #expect(calls <= bound, "a reload made \(calls) binders, more than \(bound): \(context) step \(step)")
        host.expectRowsOnScreenHaveTheirHeights("\(context) step \(step)")
      }
    }
  }

  /// A step of ``scrollingShowsRealHeights()``.
  enum Step { case key, scrollTo, wheel, click, resize }

  /// The steps, by weight.
  static let steps = WeightedChoice<Step>([
    ("a key: up, down, page up, page down, home, end", weight: 6, .key),
    ("scroll to a row with an alignment", weight: 2, .scrollTo),
    ("a wheel notch", weight: 2, .wheel),
    ("a click on a line", weight: 1, .click),
    ("a resize", weight: 1, .resize),
  ])

  @Test("scrolling through rows of several lines draws what a view that knew every height draws")
  func scrollingShowsRealHeights() async throws {
    let seed = terminalFuzzSeed
    var random = SeededRandom(seed: seed)
    for round in 0..<DeepPass.cases(quick: 12, deep: 200) {
      let (firstSize, kind, groups) = Self.randomList(lines: 3...16, rowCount: 0...120, using: &random)
      var size = firstSize
      // The view under test measures rows as they come on screen; the reference is given every height at once.
      let lazy = try Host(size: size)
      let reference = try Host(size: size)
      _ = await lazy.show(groups)
      _ = await reference.show(groups)
      reference.view.viewport.setSections(reference.declaredShape, selecting: reference.view.viewport.selection)
      reference.view.render()
      for step in 0..<40 {
        let picked = Self.steps.pick(using: &random)
        let context = "seed \(seed) round \(round) step \(step) (\(picked.name)), \(kind.name), \(size.rows) lines"
        switch picked.value {
        case .key:
          let key = [Key.up, .down, .pageUp, .pageDown, .home, .end].randomElement(using: &random)!
          lazy.view.handle(key)
          reference.view.handle(key)
        case .scrollTo:
          let flat = groups.indices.flatMap { section in
            groups[section].rows.indices.map { ItemPath(item: $0, section: section) }
          }
          guard let path = flat.randomElement(using: &random) else { continue }
          let alignment = ListEngine.ScrollAlignment.allCases.randomElement(using: &random)!
          lazy.view.scrollToRow(at: path, alignment: alignment)
          reference.view.scrollToRow(at: path, alignment: alignment)
        case .wheel:
          let kind: MouseEvent.Kind = Bool.random(using: &random) ? .wheelUp : .wheelDown
          lazy.view.handle(mouse: MouseEvent(kind: kind, column: 1, row: 1))
          reference.view.handle(mouse: MouseEvent(kind: kind, column: 1, row: 1))
        case .click:
          let line = Int.random(in: 0..<size.rows, using: &random)
          lazy.view.handle(mouse: MouseEvent(kind: .press(.left), column: 3, row: line))
          reference.view.handle(mouse: MouseEvent(kind: .press(.left), column: 3, row: line))
        case .resize:
          size = TerminalSize(columns: 30, rows: Int.random(in: 3...16, using: &random))
          lazy.view.resize(to: size)
          reference.view.resize(to: size)
        }
        #expect(lazy.view.selectedRow == reference.view.selectedRow, "\(context)")
        let shown = lazy.view.makeFrame(size: size).lines
        let expected = reference.view.makeFrame(size: size).lines
        if shown != expected {
          let text = { (lines: [StyledLine]) in lines.map(\.text).joined(separator: "\n") }
          Issue.record("\(context): drawn\n\(text(shown))\nexpected\n\(text(expected))")
          return
        }
        lazy.expectRowsOnScreenHaveTheirHeights(context)
      }
    }
  }

  @Test("a state that updates any share of the rows, new heights included, shows each row with its new height")
  func updatedRowsShowNewHeights() async throws {
    for seed in DeepPass.seeds(quick: 20, deep: 200) {
      var random = SeededRandom(seed: seed)
      let (size, kind, firstGroups) = Self.randomList(lines: 4...12, rowCount: 1...150, using: &random)
      var groups = firstGroups
      let host = try Host(size: size)
      _ = await host.show(groups)
      for step in 0..<6 {
        // From one row to every row gets a new height: a stage of updates small beside the rows measured on
        // screen, or many times larger.
        let share = [1, 4, 2, 1].randomElement(using: &random)!
        for section in groups.indices {
          for item in groups[section].rows.indices where random.oneIn(share) {
            groups[section].rows[item].height = Self.height(kind.value, using: &random)
            groups[section].rows[item].version += 1
          }
        }
        if random.oneIn(3) {
          let key = [Key.down, .pageDown, .end, .home].randomElement(using: &random)!
          host.view.handle(key)
        }
        _ = await host.show(groups)
        host.expectRowsOnScreenHaveTheirHeights("seed \(seed) step \(step), \(kind.name), one row in \(share) updated")
      }
    }
  }
}
