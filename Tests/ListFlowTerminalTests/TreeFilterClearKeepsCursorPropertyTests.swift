import ListFlow
import ListFlowTerminal
import ListFlowTesting
import TestSupport
import Testing

/// Clearing a tree's query in a terminal keeps the cursor's row and the selected rows shown: random trees under a
/// filter (shown by the engine, in a composite beside a list, or over a composite that holds the tree), a query typed
/// with `/`, the cursor moved (onto rows shown only because the query expanded their ancestors too), rows toggled
/// with space and the expansion changed by the app, then the query cleared with Escape or Backspace. Checked against
/// a plain model: the cursor is still on its row, every selected row shown before is still shown and selected, the
/// ancestors of those rows are expanded, and every other node has the expansion from before the query with the
/// app's changes made meanwhile.
@MainActor
@Suite struct TreeFilterClearKeepsCursorPropertyTests {
  typealias Node = Outline<String>.Node

  /// Where the filter sits.
  enum Arrangement: Sendable { case alone, inComposite, overComposite }

  static let arrangements = WeightedChoice<Arrangement>([
    ("the filter over the tree, shown by the engine", weight: 1, .alone),
    ("the filter over the tree, a child of a composite below a list", weight: 1, .inComposite),
    ("the filter over a composite that holds a list and the tree", weight: 1, .overComposite),
  ])

  /// What a step does while the query is set.
  enum Step: Sendable { case key, toRevealed, toggle, select, expand, collapse, setExpanded }

  static let steps = WeightedChoice<Step>([
    ("the cursor moved by a key", weight: 3, .key),
    ("the cursor moved onto a row shown only through an ancestor the query expanded", weight: 3, .toRevealed),
    ("the row under the cursor toggled with space", weight: 3, .toggle),
    ("an identity selected by the app", weight: 1, .select),
    ("the app expands a node", weight: 1, .expand),
    ("the app collapses a node", weight: 1, .collapse),
    ("the app sets the expanded nodes", weight: 1, .setExpanded),
  ])

  /// How the query is cleared.
  static let clears = WeightedChoice<Key>([
    ("Escape", weight: 1, .escape),
    ("Backspace over the whole query", weight: 1, .backspace),
  ])

  static let moves: [Key] = [.up, .down, .down, .pageUp, .pageDown, .home, .end]

  /// Runs one seed; returns its first failure.
  static func run(seed: UInt64) throws -> String? {
    var random = SeededRandom(seed: seed)
    var next = 0
    func nodes(depth: Int) -> [Node] {
      (0..<(depth == 0 ? 1 + random.below(3) : random.below(3))).map { _ in
        next += 1
        let letters = ["a", "b", "c", "d"]
        let name = (0..<2).map { _ in letters[random.below(4)] }.joined() + "\(next)"
        return Node(name, children: depth < 4 && random.below(3) > 0 ? nodes(depth: depth + 1) : [])
      }
    }
    let roots = nodes(depth: 0)
    // The identities above each node.
    var above: [String: [String]] = [:]
    func visit(_ nodes: [Node], _ path: [String]) {
      for node in nodes {
        above[node.element] = path
        visit(node.children, path + [node.element])
      }
    }
    visit(roots, [])
    let names = Array(above.keys).sorted()
    // The expansion the app means: the one from before the query, with the app's own changes.
    var model = Set(names.filter { _ in random.below(4) == 0 })
    let tree = OutlineFeed(id: "tree", outline: Outline(roots, expanded: model)) { row in
      CellBinder(cell: TextCell.self, value: row.element, id: ListIdentifier(row.element)) { $0.title = $1 }
    }
    let list = SectionsFeed<ListSectionSnapshot>(sections: [
      ListSection(
        id: "list",
        items: ["top", "zz"].map { name in
          CellBinder(cell: TextCell.self, value: name, id: ListIdentifier(name)) { $0.title = $1 }
        }
      ).snapshot
    ])
    let arrangement = arrangements.pick(using: &random)
    let filter: FilteredFeed
    let shown: any ListFeed<ListSectionSnapshot>
    switch arrangement.value {
    case .alone:
      filter = try FilteredFeed(tree)
      shown = filter
    case .inComposite:
      filter = try FilteredFeed(tree)
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(list)
      try composite.append(filter)
      shown = composite
    case .overComposite:
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(list)
      try composite.append(tree)
      filter = try FilteredFeed(composite)
      shown = filter
    }
    let view = TerminalListView(
      output: CapturingOutput(), mode: .screen(TerminalSize(columns: 30, rows: 4 + random.below(6))))
    let engine = try ListEngine(view: view, showing: shown)
    engine.selectionMode = .multiple
    view.onFilterChange = { filter.query = $0 }
    var drawn: [String] = [arrangement.name]
    func identities() -> [ListIdentifier] { engine.snapshot.flatMap { $0.elements.map(\.id) } }
    func cursor() -> ListIdentifier? { view.selectedRow.map { engine.snapshot[$0.section].elements[$0.item].id } }
    /// The node of an identity of the tree.
    func node(_ id: ListIdentifier) -> String? { names.first { ListIdentifier($0) == id } }
    for round in 0..<3 {
      // A query that matches: a letter or two of a node's name.
      let name = names.isEmpty ? "ab" : names[random.below(names.count)]
      let start = random.below(2)
      let query = String(Array(name)[start..<(start + 1 + random.below(2 - start))])
      drawn.append("query '\(query)' typed")
      for key in [Key.character("/")] + query.map({ Key.character($0) }) + [.enter] { view.handle(key) }
      for _ in 0..<5 {
        let step = steps.pick(using: &random)
        drawn.append(step.name)
        let expanded = tree.outline.expanded
        switch step.value {
        case .key:
          view.handle(moves[random.below(moves.count)])
        case .toRevealed:
          // Down or up, one row at a time, onto such a row (a key when there is none).
          let rows = identities()
          let revealed = rows.indices.filter { index in
            node(rows[index]).flatMap { above[$0] }?.contains { !model.contains($0) } == true
          }
          guard !revealed.isEmpty,
            let from = view.selectedRow.map({ path in
              engine.snapshot.prefix(path.section).reduce(0) { $0 + $1.elements.count } + path.item
            })
          else {
            view.handle(moves[random.below(moves.count)])
            continue
          }
          let target = revealed[random.below(revealed.count)]
          for _ in 0..<abs(target - from) { view.handle(target > from ? .down : .up) }
        case .toggle:
          view.handle(.character(" "))
        case .select:
          engine.select(ListIdentifier(names.isEmpty ? "top" : names[random.below(names.count)]))
        case .expand:
          guard !names.isEmpty else { continue }
          let id = names[random.below(names.count)]
          tree.outline.expand(id)
          if !expanded.contains(id) { model.insert(id) }
        case .collapse:
          guard !names.isEmpty else { continue }
          let id = names[random.below(names.count)]
          tree.outline.collapse(id)
          model.remove(id)
        case .setExpanded:
          let set = Set(names.filter { _ in random.below(2) == 0 })
          tree.outline.expanded = set
          model = model.subtracting(expanded.subtracting(set)).union(set.subtracting(expanded))
        }
      }
      // The query cleared: with Escape, or with Backspace over it, the filter typed again.
      let clear = clears.pick(using: &random)
      drawn.append(clear.name)
      let context = "seed \(seed) round \(round) (\(drawn.joined(separator: ", ")))"
      if clear.value == .backspace {
        view.handle(.character("/"))
        for _ in 0..<(filter.query.count - 1) { view.handle(.backspace) }
      }
      let onCursor = cursor()
      let kept = identities().filter { engine.selection.contains($0) }
      view.handle(clear.value)
      if !filter.query.isEmpty { return "\(context): the query is still '\(filter.query)'" }
      if let onCursor, cursor() != onCursor {
        return "\(context): the cursor is on \(cursor().map { "\($0)" } ?? "-"), was on \(onCursor)"
      }
      let rows = Set(identities())
      if let lost = kept.first(where: { !rows.contains($0) || !engine.selection.contains($0) }) {
        return "\(context): the selected row \(lost) left the list or the selection (shown \(rows.contains(lost)))"
      }
      let chosen = kept + (onCursor.map { [$0] } ?? [])
      model.formUnion(chosen.compactMap(node).flatMap { above[$0] ?? [] })
      if tree.outline.expanded != model {
        return "\(context): expanded \(tree.outline.expanded.sorted()), expected \(model.sorted())"
      }
      let treeRows = identities().filter { node($0) != nil }
      let expected = Outline(roots, expanded: model).rows.map { ListIdentifier($0.element) }
      if treeRows != expected { return "\(context): the tree shows \(treeRows), expected \(expected)" }
      // Typing stops (Enter), so that the next `/` starts the filter again.
      if clear.value == .backspace { view.handle(.enter) }
    }
    withExtendedLifetime(engine) {}
    return nil
  }

  @Test(
    "random trees, queries, cursor moves and selections: clearing the query keeps the cursor's and selected rows",
    .timeLimit(.minutes(60)))
  func clearKeepsCursorAndSelection() throws {
    var failures: [String] = []
    let seeds = DeepPass.seeds(quick: 40, deep: 300)
    for seed in seeds {
      if let failure = try Self.run(seed: seed) { failures.append(failure) }
    }
    #expect(failures.isEmpty, "\(failures.count) of \(seeds.count) seeds failed; first: \(failures.prefix(3))")
  }
}
