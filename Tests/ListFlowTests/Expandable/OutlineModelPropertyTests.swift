import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// An ``OutlineFeed`` checked against a plain model of a tree (a recursive walk of the nodes under an expanded set
/// the test keeps itself): random deep trees whose identities come from a small pool (so that an identity moves
/// between parents, or two nodes share one), changed in place, replaced, emptied of children, with rows expanded
/// and collapsed by position through the feed and the engine, and the expanded identities set, expanded or
/// collapsed all at once. Every step checks the feed's rows, depths and expansions, the expanded identities, and
/// what a recording view shows, against the model.
@MainActor
@Suite struct OutlineModelPropertyTests {
  typealias Item = FeedCostPropertyTests.Item
  typealias Node = Outline<Item>.Node

  /// A row of the model: what a row of the feed should be.
  struct ModelRow: Equatable, CustomStringConvertible {
    var id: Int
    var version: Int
    var depth: Int
    var isExpandable: Bool
    var isExpanded: Bool
    var description: String {
      let marker = isExpandable ? (isExpanded ? "-" : "+") : " "
      return "\(String(repeating: ".", count: depth))\(marker)\(id) v\(version)"
    }
  }

  /// The visible rows of `nodes` under the identities `expanded`, depth first, by recursion.
  static func model(_ nodes: [Node], expanded: Set<Int>, depth: Int = 0) -> [ModelRow] {
    nodes.flatMap { node -> [ModelRow] in
      let isExpandable = !node.children.isEmpty
      let isExpanded = isExpandable && expanded.contains(node.element.id)
      let row = ModelRow(
        id: node.element.id, version: node.element.version, depth: depth, isExpandable: isExpandable,
        isExpanded: isExpanded)
      return [row] + (isExpanded ? model(node.children, expanded: expanded, depth: depth + 1) : [])
    }
  }

  static func modelRow(_ row: Outline<Item>.Row) -> ModelRow {
    ModelRow(
      id: row.element.id, version: row.element.version, depth: row.depth, isExpandable: row.isExpandable,
      isExpanded: row.isExpanded)
  }

  /// A random tree of at most `depth` more levels, identities drawn from `0..<pool`.
  static func tree(depth: Int, pool: Int, using random: inout SeededRandom) -> Node {
    let count = depth > 0 && random.below(3) > 0 ? random.below(4) : 0
    return Node(
      Item(id: random.below(pool), version: 0),
      children: (0..<count).map { _ in tree(depth: depth - 1, pool: pool, using: &random) })
  }

  /// The paths of the trees (`TreePaths`).
  static var tree: TreePaths<Node> { TreePaths(children: \.children) }

  enum Operation {
    case expandRow, collapseRow, toggleRow, engineRow, content, identity, moveSubtree, emptyChildren, addChild
    case removeNode, replaceChildren, newTrees, expandedSet, expandAll, collapseAll, expandID, whole, same
  }

  static let operations = WeightedChoice<Operation>([
    ("expand a row through the feed", weight: 6, .expandRow),
    ("collapse a row through the feed", weight: 5, .collapseRow),
    ("toggle a row (any row, leaves too)", weight: 3, .toggleRow),
    ("expand or collapse a row through the engine", weight: 4, .engineRow),
    ("change a node's content", weight: 3, .content),
    ("give a node an identity from the pool", weight: 2, .identity),
    ("move a subtree under another parent", weight: 4, .moveSubtree),
    ("take a node's children away (none left)", weight: 3, .emptyChildren),
    ("give a node a child", weight: 3, .addChild),
    ("take a node out", weight: 2, .removeNode),
    ("replace a node's children with new ones", weight: 2, .replaceChildren),
    ("set new trees that share nothing", weight: 1, .newTrees),
    ("set the expanded identities", weight: 1, .expandedSet),
    ("expand all", weight: 1, .expandAll),
    ("collapse all", weight: 1, .collapseAll),
    ("expand or collapse an identity through the outline", weight: 2, .expandID),
    ("set trees and expansion at once", weight: 1, .whole),
    ("set the same trees again", weight: 1, .same),
  ])

  /// Runs random operations, checking every step; returns the failures (context first).
  static func run(seed: UInt64, placement: FeedCostPropertyTests.Placement, steps: Int) throws -> [String] {
    var random = SeededRandom(seed: seed)
    let pool = 6 + random.below(40)
    let maxDepth = 2 + random.below(6)
    var roots = (0..<(1 + random.below(5))).map { _ in tree(depth: maxDepth, pool: pool, using: &random) }
    var expanded = Set((0..<pool).filter { _ in random.below(2) == 0 })
    let feed = OutlineFeed(id: "tree", outline: Outline(roots, expanded: expanded)) { row in
      FeedCostPropertyTests.text(FeedCostPropertyTests.rowText(row))
    }
    let view = RecordingListView(historyLimit: 2)
    let (engine, sibling) = try FeedCostPropertyTests.show(feed, on: view, placement)
    let section = sibling.count
    var failures: [String] = []
    for step in 0..<steps {
      let operation = operations.pick(using: &random)
      let context = "seed \(seed), \(placement), step \(step): \(operation.name)"
      let rows = model(roots, expanded: expanded)
      var expectedResult: Bool?
      var result: Bool?
      switch operation.value {
      case .expandRow, .collapseRow, .engineRow:
        guard !rows.isEmpty else { continue }
        let want = operation.value == .engineRow ? random.below(2) == 0 : operation.value == .expandRow
        let candidates = rows.indices.filter { rows[$0].isExpandable && rows[$0].isExpanded != want }
        // Now and then a row that would not change.
        let position =
          candidates.isEmpty || random.oneIn(4) ? random.below(rows.count) : candidates[random.below(candidates.count)]
        var changes = rows[position].isExpandable && rows[position].isExpanded != want
        // Now and then shouldExpand refuses, or changes the trees before the row expands.
        let asking = random.below(4)
        if asking == 1 {
          feed.shouldExpand = { _ in false }
          if want { changes = false }
        } else if asking == 2, changes, want {
          let all = tree.all(roots)
          let path = all[random.below(all.count)]
          let child = tree(depth: 1, pool: pool, using: &random)
          if random.below(2) == 0 {
            tree.change(&roots, at: path[...]) { $0.children.append(child) }
          } else {
            tree.change(&roots, at: path[...]) { $0.element.version += 1 }
          }
          let changed = roots
          feed.shouldExpand = { _ in
            feed.outline.roots = changed
            return true
          }
        }
        defer { feed.shouldExpand = { _ in true } }
        expectedResult = changes
        if changes { if want { expanded.insert(rows[position].id) } else { expanded.remove(rows[position].id) } }
        result =
          operation.value == .engineRow
          ? engine.setExpanded(want, forRowAt: ItemPath(item: position, section: section))
          : feed.setExpanded(want, forRowAt: ItemPath(item: position, section: 0))
      case .toggleRow:
        let position = random.below(rows.count + 1)
        let changes = rows.indices.contains(position) && rows[position].isExpandable
        expectedResult = changes
        if changes, expanded.remove(rows[position].id) == nil { expanded.insert(rows[position].id) }
        result = feed.toggleRow(at: position)
      case .content, .identity, .moveSubtree, .emptyChildren, .addChild, .removeNode, .replaceChildren:
        let all = tree.all(roots)
        guard !all.isEmpty else {
          roots = [tree(depth: maxDepth, pool: pool, using: &random)]
          feed.outline.roots = roots
          break
        }
        let path = all[random.below(all.count)]
        switch operation.value {
        case .content: tree.change(&roots, at: path[...]) { $0.element.version += 1 }
        case .identity:
          let id = random.below(pool)
          tree.change(&roots, at: path[...]) { $0.element.id = id }
        case .moveSubtree:
          let moved = tree.node(at: path, of: roots)
          tree.changeChildren(&roots, of: Array(path.dropLast())) { $0.remove(at: path[path.count - 1]) }
          let targets = [[]] + tree.all(roots)
          let parent = targets[random.below(targets.count)]
          tree.changeChildren(&roots, of: parent) { $0.insert(moved, at: random.below($0.count + 1)) }
        case .emptyChildren: tree.change(&roots, at: path[...]) { $0.children = [] }
        case .addChild:
          let child = tree(depth: 1, pool: pool, using: &random)
          tree.change(&roots, at: path[...]) { $0.children.insert(child, at: random.below($0.children.count + 1)) }
        case .removeNode:
          tree.changeChildren(&roots, of: Array(path.dropLast())) { $0.remove(at: path[path.count - 1]) }
        default:
          let children = (0..<random.below(4)).map { _ in tree(depth: 2, pool: pool, using: &random) }
          tree.change(&roots, at: path[...]) { $0.children = children }
        }
        feed.outline.roots = roots
      case .newTrees:
        roots = (0..<random.below(5)).map { _ in tree(depth: maxDepth, pool: pool, using: &random) }
        feed.outline.roots = roots
      case .expandedSet:
        expanded = Set((0..<pool).filter { _ in random.below(2) == 0 })
        feed.outline.expanded = expanded
      case .expandAll:
        for path in tree.all(roots) where !tree.node(at: path, of: roots).children.isEmpty {
          expanded.insert(tree.node(at: path, of: roots).element.id)
        }
        feed.outline.expandAll()
      case .collapseAll:
        expanded = []
        feed.outline.collapseAll()
      case .expandID:
        let id = random.below(pool)
        if random.below(2) == 0 {
          expanded.insert(id)
          feed.outline.expand(id)
        } else {
          expanded.remove(id)
          feed.outline.collapse(id)
        }
      case .whole:
        if random.below(2) == 0, !roots.isEmpty { roots.removeLast() }
        expanded = Set((0..<pool).filter { _ in random.below(3) == 0 })
        feed.outline = Outline(roots, expanded: expanded)
      case .same:
        feed.outline.roots = roots
      }
      if let expectedResult, result != expectedResult {
        failures.append("\(context): returned \(result.map(String.init) ?? "nil"), expected \(expectedResult)")
      }
      let expected = model(roots, expanded: expanded)
      let texts = expected.map(\.description)
      if feed.outline.expanded != expanded {
        failures.append("\(context): expanded \(feed.outline.expanded.sorted()), expected \(expanded.sorted())")
        expanded = feed.outline.expanded
        continue
      }
      if let difference = ListExpectations.difference(feed.rows.map(modelRow), expected) {
        failures.append("\(context): rows \(difference)")
      }
      let shown = FeedCostPropertyTests.shown(view)
      if let difference = ListExpectations.difference(shown.last ?? [], texts) {
        failures.append("\(context): view \(difference)")
      }
      if Array(shown.dropLast()) != sibling { failures.append("\(context): sibling \(shown.dropLast())") }
      if let inconsistency = view.inconsistencies.first { failures.append("\(context): \(inconsistency)") }
      if view.renderedLines != ListRendering.lines(of: engine.snapshot) {
        failures.append("\(context): the view differs from fresh cells of the engine's list")
      }
      for (item, row) in expected.enumerated() {
        let path = ItemPath(item: item, section: section)
        let depth = engine.depth(ofRowAt: path)
        let expansion = engine.isRowExpanded(at: path)
        if depth != row.depth || expansion != (row.isExpandable ? row.isExpanded : nil) {
          failures.append("\(context): row \(item) depth \(depth) expansion \(String(describing: expansion))")
          break
        }
      }
      if !failures.isEmpty { break }
    }
    withExtendedLifetime(engine) {}
    return failures
  }

  @Test(
    "an outline feed shows the rows a plain walk of its trees gives, through random changes and expansions",
    arguments: FeedCostPropertyTests.Placement.allCases)
  func matchesModel(placement: FeedCostPropertyTests.Placement) throws {
    var failed = 0
    for seed in DeepPass.seeds(quick: 30, deep: 400) {
      let failures = try Self.run(seed: seed, placement: placement, steps: DeepPass.cases(quick: 30, deep: 80))
      if !failures.isEmpty {
        failed += 1
        if failed <= 3 { Issue.record("\(failures[0])") }
      }
    }
    #expect(failed == 0, "\(failed) seeds failed")
  }
}
