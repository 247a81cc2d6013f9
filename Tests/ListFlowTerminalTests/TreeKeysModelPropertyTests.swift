import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// A tree in a terminal, driven by random keys (moves, → / `l`, ← / `h`, a filter typed, kept, erased and cleared)
/// while the app changes the trees in place (a subtree moved to another parent, a node's children taken away, a
/// node renamed or put in), checked against a plain model of the tree after every step: the rows shown, in order,
/// with a query each match under its ancestors (collapsed ones too), the command each key triggers, the cursor
/// after a collapse (on the collapsed row) and after ← on any other row (on its parent), and the help offering
/// expand, collapse and parent only where they act.
@MainActor
@Suite struct TreeKeysModelPropertyTests {
  typealias Node = Outline<String>.Node

  /// The model: the trees, the expansion the user made, the query.
  struct Model {
    var roots: [Node]
    var expanded: Set<String>
    var query = ""

    func matches(_ name: String) -> Bool { FilteredFeed.Match(query: query, in: name) != nil }

    /// Whether a node under `node` matches.
    func hasMatchBelow(_ node: Node) -> Bool { node.children.contains { matches($0.element) || hasMatchBelow($0) } }

    /// The rows shown: names, depths, whether expanded (`nil` for a leaf), parents.
    func rows() -> [(name: String, depth: Int, expanded: Bool?, parent: String?)] {
      var result: [(name: String, depth: Int, expanded: Bool?, parent: String?)] = []
      func walk(_ nodes: [Node], depth: Int, parent: String?) {
        for node in nodes {
          let below = !query.isEmpty && hasMatchBelow(node)
          if !query.isEmpty, !below, !matches(node.element) { continue }
          let isExpanded = !node.children.isEmpty && (expanded.contains(node.element) || below)
          result.append((node.element, depth, node.children.isEmpty ? nil : isExpanded, parent))
          if isExpanded { walk(node.children, depth: depth + 1, parent: node.element) }
        }
      }
      walk(roots, depth: 0, parent: nil)
      return result
    }
  }

  /// The paths of the trees (`TreePaths`).
  static var tree: TreePaths<Node> { TreePaths(children: \.children) }

  static let keys: [Key] = [
    .up, .down, .down, .pageUp, .pageDown, .home, .end, .right, .right, .left, .left, .left, .character("l"),
    .character("h"), .character("h"), .character("/"), .character("a"), .character("b"), .character("c"), .backspace,
    .enter, .enter, .enter, .escape,
  ]

  /// How the app changes the trees in place.
  enum TreeChange: Sendable { case moveSubtree, removeChildren, rename, insertChild }

  static let treeChanges = WeightedChoice<TreeChange>([
    ("a subtree moved to another parent", weight: 1, .moveSubtree),
    ("a node's children taken away", weight: 1, .removeChildren),
    ("a node renamed", weight: 1, .rename),
    ("a child put in", weight: 1, .insertChild),
  ])

  /// Runs one seed; returns its first failure.
  static func run(seed: UInt64, steps: Int) throws -> String? {
    var random = SeededRandom(seed: seed)
    var next = 0
    func name() -> String {
      next += 1
      let letters = ["a", "b", "c", "d"]
      return (0..<2).map { _ in letters[random.below(4)] }.joined() + "\(next)"
    }
    func nodes(depth: Int) -> [Node] {
      (0..<random.below(depth == 0 ? 5 : 4)).map { _ in
        Node(name(), children: depth < 4 && random.below(3) > 0 ? nodes(depth: depth + 1) : [])
      }
    }
    var model = Model(roots: nodes(depth: 0), expanded: [])
    for path in tree.all(model.roots) where random.below(2) == 0 {
      model.expanded.insert(tree.node(at: path, of: model.roots).element)
    }
    let feed = OutlineFeed(id: "tree", outline: Outline(model.roots, expanded: model.expanded)) { row in
      CellBinder(cell: TextCell.self, value: row.element, id: ListIdentifier(row.element)) { $0.title = $1 }
    }
    let composite = ComposedFeed<ListSectionSnapshot>()
    let above = random.below(2) == 0
    if above {
      try composite.append(
        SectionsFeed<ListSectionSnapshot>(sections: [
          ListSection(
            id: "top",
            items: [CellBinder(cell: TextCell.self, value: "top", id: ListIdentifier("top")) { $0.title = $1 }]
          ).snapshot
        ]))
    }
    // The filter over the tree inside a composite, or over a composite that holds the tree (whose section above
    // has no match for a query of a, b, c, so it leaves while one is set).
    let outside = random.below(2) == 0
    let filtered = try FilteredFeed(outside ? composite : feed)
    if outside { try composite.append(feed) } else { try composite.append(filtered) }
    let view = TerminalListView(
      output: CapturingOutput(), mode: .screen(TerminalSize(columns: 40, rows: 4 + random.below(8))))
    let engine = try ListEngine(view: view, showing: outside ? filtered : composite)
    view.onFilterChange = { filtered.query = $0 }
    func treeSection() -> Int { above && (!outside || model.query.isEmpty) ? 1 : 0 }
    for step in 0..<steps {
      var context = "seed \(seed) step \(step)\(outside ? ", filter outside" : "")"
      var section = treeSection()
      let before = model.rows()
      let cursor = view.selectedRow.flatMap { $0.section == section ? before[$0.item] : nil }
      var expectedCommand: TerminalCommand??
      var expectedCursor: String?
      if random.below(6) == 0 {
        // The app changes the trees in place.
        let all = tree.all(model.roots)
        guard !all.isEmpty else {
          model.roots = nodes(depth: 0)
          feed.outline.roots = model.roots
          continue
        }
        let path = all[random.below(all.count)]
        let treeChange = Self.treeChanges.pick(using: &random)
        context += ": \(treeChange.name)"
        switch treeChange.value {
        case .moveSubtree:
          let moved = tree.node(at: path, of: model.roots)
          tree.changeChildren(&model.roots, of: Array(path.dropLast())) { $0.remove(at: path[path.count - 1]) }
          let targets = [[]] + tree.all(model.roots)
          let parent = targets[random.below(targets.count)]
          tree.changeChildren(&model.roots, of: parent) { $0.insert(moved, at: random.below($0.count + 1)) }
        case .removeChildren:
          tree.change(&model.roots, at: path[...]) { $0.children = [] }
        case .rename:
          let renamed = name()
          tree.change(&model.roots, at: path[...]) { $0.element = renamed }
        case .insertChild:
          let child = Node(name(), children: random.below(2) == 0 ? [Node(name())] : [])
          tree.change(&model.roots, at: path[...]) {
            $0.children.insert(child, at: random.below($0.children.count + 1))
          }
        }
        feed.outline.roots = model.roots
      } else {
        let key = keys[random.below(keys.count)]
        context += ": key \(key)"
        let editing = view.isEditingFilter
        if !editing, !view.isShowingHelp, let cursor,
          [Key.right, .left, .character("l"), .character("h")].contains(key)
        {
          let expands = key == .right || key == .character("l")
          if expands {
            expectedCommand = cursor.expanded == false && model.query.isEmpty ? .expand : .some(nil)
            if expectedCommand == .expand { model.expanded.insert(cursor.name) }
          } else if cursor.expanded == true && model.query.isEmpty {
            expectedCommand = .collapse
            expectedCursor = cursor.name
            model.expanded.remove(cursor.name)
          } else if let parent = cursor.parent {
            expectedCommand = .goToParent
            expectedCursor = parent
          } else {
            expectedCommand = .some(nil)
          }
        }
        let command = view.handle(key)
        if let expectedCommand, command != expectedCommand {
          return "\(context): on \(cursor.map(\.name) ?? "-") the key triggered \(String(describing: command)), "
            + "expected \(String(describing: expectedCommand))"
        }
        model.query = view.filterQuery
      }
      let rows = model.rows()
      section = treeSection()
      let shown = engine.snapshot.count > section ? engine.snapshot[section].elements.map(\.id) : []
      if shown != rows.map({ ListIdentifier($0.name) }) {
        return "\(context): shown \(shown), expected \(rows.map(\.name)) (query \(model.query))"
      }
      if model.query.isEmpty, feed.outline.expanded != model.expanded {
        return "\(context): expanded \(feed.outline.expanded.sorted()), expected \(model.expanded.sorted())"
      }
      let row = view.selectedRow.flatMap { $0.section == section ? rows[$0.item] : nil }
      if let expectedCursor, row?.name != expectedCursor {
        return "\(context): the cursor is on \(row?.name ?? "-"), expected \(expectedCursor)"
      }
      if !view.isEditingFilter, !view.isShowingHelp {
        let acting = Set(view.actingBindings().map(\.command))
        let canExpand = row?.expanded == false && model.query.isEmpty
        let canCollapse = row?.expanded == true && model.query.isEmpty
        let canGoUp = !canCollapse && (row?.depth ?? 0) > 0
        if acting.contains(.expand) != canExpand || acting.contains(.collapse) != canCollapse
          || acting.contains(.goToParent) != canGoUp
        {
          return "\(context): on \(row?.name ?? "-") the help offers \(acting.map(\.name).sorted())"
        }
      }
    }
    withExtendedLifetime(engine) {}
    return nil
  }

  @Test("random trees, tree changes, keys and queries: rows, commands, cursor and help follow a plain model")
  func followsModel() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 25, deep: 400) {
      if let failure = try Self.run(seed: seed, steps: DeepPass.cases(quick: 40, deep: 80)) { failures.append(failure) }
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }
}
