import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Clearing the query of a filtered tree keeps the selected rows shown: random trees under a filter (alone, in a
/// composite, or over a composite that holds them beside a list), random queries, random selections (rows shown
/// only because the query expanded their ancestors among them) and random changes of the expansion by the app
/// while the query is set, then the query cleared. Checked against a plain model: every selected row shown before
/// the clear is still shown and selected after it, the ancestors of those rows are expanded, and every other node
/// has the expansion from before the query with the app's changes made meanwhile.
@MainActor
@Suite("Clearing a tree's query keeps the selected rows shown")
struct TreeFilterClearKeepsSelectionPropertyTests {
  typealias File = TreeFilterPropertyTests.File
  typealias Node = Outline<File>.Node

  /// Where the filter sits.
  enum Arrangement: Sendable { case alone, inComposite, overComposite }

  static let arrangements = WeightedChoice<Arrangement>([
    ("the filter over the tree, shown by the engine", weight: 1, .alone),
    ("the filter over the tree, a child of a composite beside a list", weight: 1, .inComposite),
    ("the filter over a composite that holds a list and the tree", weight: 1, .overComposite),
  ])

  /// What a step does.
  enum Step: Sendable {
    case type, toggle, toggleRevealed, select, deselect, replace, clearSelection, expand, collapse, setExpanded,
      treeExpands
    case treeCollapses
  }

  static let steps = WeightedChoice<Step>([
    ("another query typed", weight: 1, .type),
    ("a row shown toggled", weight: 4, .toggle),
    ("a row shown only through an ancestor the query expanded toggled", weight: 4, .toggleRevealed),
    ("an identity selected", weight: 2, .select),
    ("an identity deselected", weight: 1, .deselect),
    ("the selection replaced", weight: 1, .replace),
    ("the selection cleared", weight: 1, .clearSelection),
    ("the app expands a node", weight: 2, .expand),
    ("the app collapses a node", weight: 2, .collapse),
    ("the app sets the expanded nodes", weight: 1, .setExpanded),
    ("the tree expands a collapsed row it shows", weight: 1, .treeExpands),
    ("the tree collapses an expanded row it shows", weight: 1, .treeCollapses),
  ])

  /// The identities of the nodes above each node of `roots`.
  static func ancestors(in roots: [Node]) -> [Int: [Int]] {
    var result: [Int: [Int]] = [:]
    func visit(_ nodes: [Node], _ above: [Int]) {
      for node in nodes {
        result[node.element.id] = above
        visit(node.children, above + [node.element.id])
      }
    }
    visit(roots, [])
    return result
  }

  /// Runs one seed; returns its first failure.
  static func run(seed: UInt64) throws -> String? {
    var random = SeededRandom(seed: seed)
    // A random forest, a quarter of its nodes expanded: the query expands the ancestors of most matches.
    let roots = TreeFilterPropertyTests.forest(&random)
    let expanded = Set((1...16).filter { _ in random.below(4) == 0 })
    let tree = OutlineFeed(
      id: "tree", outline: Outline(roots, expanded: expanded), cell: TreeFilterPropertyTests.binder)
    let arrangement = arrangements.pick(using: &random)
    // A list of other identities beside the tree, its rows named from the same letters.
    let list = SectionsFeed<ListSectionSnapshot>(sections: [
      ListSection(
        id: "list",
        items: (0..<3).map { index in
          FilteredFeedTests.binder(
            FilteredFeedTests.Named(id: 1000 + index, title: FilteredFeedTests.word(&random, maxLength: 3)))
        }
      ).snapshot
    ])
    let view = RecordingListView()
    let filter: FilteredFeed
    let engine: ListEngine
    switch arrangement.value {
    case .alone:
      filter = try FilteredFeed(tree)
      engine = try ListEngine(view: view, showing: filter)
    case .inComposite:
      filter = try FilteredFeed(tree)
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(list)
      try composite.append(filter)
      engine = try ListEngine(view: view, showing: composite)
    case .overComposite:
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(list)
      try composite.append(tree)
      filter = try FilteredFeed(composite)
      engine = try ListEngine(view: view, showing: filter)
    }
    engine.selectionMode = .multiple
    let above = ancestors(in: roots)
    let nodes = Dictionary(uniqueKeysWithValues: above.keys.map { (ListIdentifier($0), $0) })
    // The expansion the app means: the one from before the query, with the app's own changes.
    var model = expanded
    var drawn: [String] = [arrangement.name]
    func shownIdentities() -> Set<ListIdentifier> { Set(engine.snapshot.flatMap { $0.elements.map(\.id) }) }
    /// Clears the query and checks the rows and the expansion against the model.
    func clear(_ context: String) -> String? {
      // The selected rows shown before the clear: they stay shown and selected, with their ancestors expanded.
      let kept = shownIdentities().filter { engine.selection.contains($0) }
      filter.query = ""
      let shown = shownIdentities()
      if let lost = kept.first(where: { !shown.contains($0) || !engine.selection.contains($0) }) {
        return "\(context): the selected row \(lost) left the list or the selection (shown \(shown.contains(lost)))"
      }
      model.formUnion(kept.compactMap { nodes[$0] }.flatMap { above[$0] ?? [] })
      if tree.outline.expanded != model {
        return "\(context): expanded \(tree.outline.expanded.sorted()), expected \(model.sorted())"
      }
      let rows = engine.snapshot.flatMap { $0.elements.map(\.id) }.filter { nodes[$0] != nil }
      let expected = Outline(roots, expanded: model).rows.map { ListIdentifier($0.element.id) }
      if rows != expected { return "\(context): the tree shows \(rows), expected \(expected)" }
      return nil
    }
    /// Takes one step drawn from ``steps``.
    func take(_ action: WeightedChoice<Step>.Option) throws {
      let shownExpanded = tree.outline.expanded
      switch action.value {
      case .type:
        let query = FilteredFeedTests.word(&random, maxLength: 2).filter { $0 != " " }
        if !query.isEmpty { filter.query = query }
      case .toggle, .toggleRevealed:
        // A row shown, or one of those with an ancestor that only the query expanded (any row shown when there is
        // none).
        let paths = engine.snapshot.indices.flatMap { section in
          engine.snapshot[section].elements.indices.map { ItemPath(item: $0, section: section) }
        }
        let revealed = paths.filter { path in
          guard let node = nodes[engine.snapshot[path.section].elements[path.item].id] else { return false }
          return above[node]?.contains { !model.contains($0) } == true
        }
        let among = action.value == .toggleRevealed && !revealed.isEmpty ? revealed : paths
        guard !among.isEmpty else { return }
        try engine.toggleSelection(ofRowAt: among[random.below(among.count)])
      case .select:
        engine.select(ListIdentifier(1 + random.below(16)))
      case .deselect:
        guard !engine.selection.isEmpty else { return }
        engine.deselect(engine.selection.identifiers[random.below(engine.selection.count)])
      case .replace:
        let ids = (1...16).filter { _ in random.below(4) == 0 }.map { ListIdentifier($0) }
        engine.setSelection(ListSelection(mode: .multiple, identifiers: ids))
      case .clearSelection:
        engine.clearSelection()
      case .expand:
        let id = 1 + random.below(16)
        tree.outline.expand(id)
        if !shownExpanded.contains(id) { model.insert(id) }
      case .collapse:
        let id = 1 + random.below(16)
        tree.outline.collapse(id)
        model.remove(id)
      case .setExpanded:
        let set = Set((1...16).filter { _ in random.below(2) == 0 })
        tree.outline.expanded = set
        model = model.subtracting(shownExpanded.subtracting(set)).union(set.subtracting(shownExpanded))
      case .treeExpands, .treeCollapses:
        let expanding = action.value == .treeExpands
        let rows = tree.rows
        let candidates = rows.indices.filter { rows[$0].isExpandable && rows[$0].isExpanded != expanding }
        guard !candidates.isEmpty else { return }
        let index = candidates[random.below(candidates.count)]
        tree.setExpanded(expanding, forRowAt: ItemPath(item: index, section: 0))
        if expanding { model.insert(rows[index].element.id) } else { model.remove(rows[index].element.id) }
      }
    }
    let names = Outline(roots, expanded: Set(above.keys)).rows.map(\.element.name).filter { !$0.isEmpty }
    for round in 0..<4 {
      // A query that matches: one or two letters of a node's name (a random word when no node has a name).
      var query = FilteredFeedTests.word(&random, maxLength: 2)
      if !names.isEmpty {
        let name = Array(names[random.below(names.count)])
        let start = random.below(name.count)
        query = String(name[start..<min(name.count, start + 1 + random.below(2))])
      }
      query = query.filter { $0 != " " }
      drawn.append("query '\(query)'")
      filter.query = query
      // Then the user selects and the app expands, a query typed over the first now and then, the query cleared,
      // and one more step without a query.
      for step in 0..<6 {
        let context = "seed \(seed) round \(round) step \(step) (\(drawn.joined(separator: ", ")))"
        if step == 5 {
          drawn.append("the query cleared")
          if !filter.query.isEmpty, let failure = clear(context + ", the query cleared") { return failure }
        }
        let action = steps.pick(using: &random)
        drawn.append(action.name)
        try take(action)
        if filter.query.isEmpty, tree.outline.expanded != model {
          return "\(context): expanded \(tree.outline.expanded.sorted()), expected \(model.sorted())"
        }
        if !view.inconsistencies.isEmpty { return "\(context): \(view.inconsistencies)" }
      }
    }
    withExtendedLifetime(engine) {}
    return nil
  }

  @Test(
    "random trees, queries, selections and expansions: clearing the query keeps the selected rows shown",
    .timeLimit(.minutes(60)))
  func clearKeepsSelectedRowsShown() throws {
    var failures: [String] = []
    let seeds = DeepPass.seeds(quick: 80, deep: 500)
    for seed in seeds {
      if let failure = try Self.run(seed: seed) { failures.append(failure) }
    }
    #expect(failures.isEmpty, "\(failures.count) of \(seeds.count) seeds failed; first: \(failures.prefix(3))")
  }
}
