import ListFlowTerminal
import ListFlowTesting
import TestSupport
import Testing

/// A screen written from the README and the articles: a `ComposedFeed` of a long list declared as `Titled` values
/// (`ListController(rows:cell:)`) and a small tree (`OutlineFeed`), under one `FilteredFeed`, in a
/// `TerminalListView` whose `/` hands the query to the filter. What the user types into the filter (a character,
/// Backspace, a paste, Escape, `/` again) costs in calls to the list's `cell` the rows on screen, at N rows and
/// at 10 N alike: the list's rows are matched by their titles, as they are without the tree. Each step also
/// checks that the rows shown are the list's matches, in order, then what a filter over the tree alone shows.
@MainActor
@Suite(.serialized) struct ComposedFilterTypingCostTests {
  /// A line of the list: matched by its title.
  struct Line: Hashable, Sendable, Differentiable, Titled {
    var id: Int
    var word: String
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Line) -> Bool { self == source }
    var title: String? { "\(word) \(id)" }
  }

  /// A node of the tree: matched by its title.
  struct Entry: Hashable, Sendable, Differentiable, Titled {
    var id: Int
    var name: String
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Entry) -> Bool { self == source }
    var title: String? { name }
  }

  static let words = ["alpha", "beta", "gamma", "delta", "omega", "sigma", "kappa", "theta"]
  /// The characters typed: most of them in some words.
  static let letters = Array("aegmlotk 1")

  /// What the user does at the filter.
  enum Step { case type, erase, paste, clear, restart }

  static let steps = WeightedChoice<Step>([
    ("type a character", weight: 6, .type),
    ("Backspace", weight: 3, .erase),
    ("paste two characters", weight: 1, .paste),
    ("Escape: clear the filter", weight: 1, .clear),
    ("Enter, then / again", weight: 1, .restart),
  ])

  /// A small forest: up to 24 nodes, at most three deep, ids from 1,000,000 (apart from the list's).
  static func forest(_ random: inout SeededRandom) -> [Outline<Entry>.Node] {
    var next = 1_000_000
    func nodes(depth: Int) -> [Outline<Entry>.Node] {
      (0..<(depth == 0 ? 2 + random.below(4) : random.below(3))).compactMap { _ in
        guard next < 1_000_024 else { return nil }
        next += 1
        let entry = Entry(id: next, name: words[random.below(words.count)] + "\(random.below(10))")
        return Outline.Node(entry, children: depth < 2 ? nodes(depth: depth + 1) : [])
      }
    }
    return nodes(depth: 0)
  }

  static func treeCell(_ row: Outline<Entry>.Row) -> CellBinder {
    CellBinder(cell: TextCell.self, value: row.element, id: ListIdentifier(row.element.id)) { cell, entry in
      cell.title = entry.name
    }
  }

  /// Runs `steps` random steps on a screen of `rows` list rows, checking each; returns the list's `cell` calls of
  /// each step.
  @discardableResult
  static func run(rows: Int, seed: UInt64, steps count: Int) async throws -> [Int] {
    var random = SeededRandom(seed: seed)
    let calls = CallCounter()
    let controller = ListController<[ListSection<Line>]>(rows: { $0 }) { line in
      calls.add()
      return CellBinder(cell: TextCell.self, value: line, id: ListIdentifier(line.id)) { cell, line in
        cell.title = line.title ?? ""
      }
    }
    let lines = (0..<rows).map { Line(id: $0, word: words[random.below(words.count)]) }
    let sectionSize = 1 + random.below(rows)
    let sections = stride(from: 0, to: rows, by: sectionSize).map {
      ListSection(id: $0, items: Array(lines[$0..<min($0 + sectionSize, rows)]))
    }
    await controller.apply(sections)
    let roots = forest(&random)
    let expanded = Set(roots.map(\.element.id).filter { _ in random.oneIn(2) })
    let tree = OutlineFeed(id: "tree", outline: Outline(roots, expanded: expanded), cell: treeCell)
    let screen = ComposedFeed<ListSectionSnapshot>()
    try screen.append(controller)
    try screen.append(tree)
    let filtered = try FilteredFeed(screen)
    let view = TerminalListView(
      output: CapturingOutput(), mode: .screen(TerminalSize(columns: 40, rows: 8 + random.below(12))), title: "Find")
    let engine = try ListEngine(view: view, showing: filtered)
    view.onFilterChange = { filtered.query = $0 }
    _ = calls.take()
    view.handle(.character("/"))
    var query = ""
    var drawn: [String] = []
    var spent: [Int] = []
    // The list's matches of each query met (a list of values: line `n` has the identity `n`).
    let titles = lines.map { $0.title ?? "" }
    var memo: [String: [ListIdentifier]] = [:]
    for _ in 0..<count {
      let screenBefore = view.visibleRows.count
      let step = steps.pick(using: &random)
      drawn.append(step.name)
      switch step.value {
      case .type:
        let letter = letters[random.below(letters.count)]
        if !view.isEditingFilter { view.handle(.character("/")) }
        view.handle(.character(letter))
        query.append(letter)
      case .erase:
        if !view.isEditingFilter { view.handle(.character("/")) }
        view.handle(.backspace)
        if !query.isEmpty { query.removeLast() }
      case .paste:
        let text = String((0..<2).map { _ in letters[random.below(letters.count)] })
        if !view.isEditingFilter { view.handle(.character("/")) }
        view.handle(.paste(text))
        query += text
      case .clear:
        view.handle(.escape)
        query = ""
      case .restart:
        view.handle(.enter)
        view.handle(.character("/"))
      }
      let made = calls.take()
      spent.append(made)
      let context = "\(rows) rows, seed \(seed), steps \(drawn)"
      #expect(filtered.query == query, "\(context)")
      // The screen before and after, a height and a cell each, and the cursor's row.
      let bound = 2 * (screenBefore + view.visibleRows.count) + 8
      #expect(made <= bound, "\(made) binders of the list made, more than \(bound): \(context)")
      // The rows shown: the list's matches in order, then the tree's as a filter over the tree alone shows them.
      let alone = OutlineFeed(id: "tree", outline: Outline(roots, expanded: expanded), cell: treeCell)
      let treeFilter = try FilteredFeed(alone, query: query)
      var expected: [ListIdentifier] = []
      if let previous = memo[query] {
        expected = previous
      } else {
        expected = lines.indices.filter { FilteredFeed.Match(query: query, in: titles[$0]) != nil }.map {
          ListIdentifier($0)
        }
        memo[query] = expected
      }
      for section in treeFilter.displayedSections { expected += section.elements.map(\.id) }
      var shown: [ListIdentifier] = []
      for section in engine.snapshot { shown += section.elements.map(\.id) }
      #expect(shown == expected, "\(context): the rows shown")
      withExtendedLifetime(treeFilter) {}
      _ = calls.take()
    }
    withExtendedLifetime(engine) {}
    return spent
  }

  @Test("typing, erasing, pasting and clearing a query over a list beside a tree costs the screen, at N and 10 N")
  func typingBesideATreeCostsTheScreen() async throws {
    for seed in DeepPass.seeds(quick: 2, deep: 24) {
      let steps = DeepPass.cases(quick: 8, deep: 30)
      // The same steps at ten times the rows: each step within a bound of the screen alone.
      for rows in [1_000, 10_000] { try await Self.run(rows: rows, seed: seed, steps: steps) }
    }
  }
}
