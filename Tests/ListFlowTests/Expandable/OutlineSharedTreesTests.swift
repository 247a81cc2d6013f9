import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A change of an ``OutlineFeed``'s trees that shares its unchanged subtrees with the trees before (trees changed in
/// place) costs the nodes compared on the way down and the rows of the nodes that changed, not the visible rows:
/// counted in reads of the elements' identities over random changes of content and identity, roots and children
/// appended or removed at the end, roots and children put in or taken out before others (which also cost the rows
/// of the nodes after them on their level), the same trees set again, mixed with expansions in place and with
/// setting the expanded identities, which is walked and diffed. Every step checks the rows shown against a walk of
/// the outline made by the test.
@MainActor
@Suite struct OutlineSharedTreesTests {
  typealias Item = OutlineToggleCostTests.Item
  typealias Node = Outline<Item>.Node

  /// `roots` trees of three levels (12 children a root, each with 0 to 4 children of its own).
  static func trees(
    roots: Int, nextID: inout Int, reads: OutlineToggleCostTests.Reads, using random: inout SeededRandom
  ) -> [Node] {
    (0..<roots).map { _ in tree(depth: 0, nextID: &nextID, reads: reads, using: &random) }
  }

  static func tree(
    depth: Int, nextID: inout Int, reads: OutlineToggleCostTests.Reads, using random: inout SeededRandom
  ) -> Node {
    let id = nextID
    nextID += 1
    let count = depth == 0 ? 12 : depth == 1 ? random.below(5) : 0
    return Node(
      Item(id: id, version: 0, reads: reads),
      children: (0..<count).map { _ in tree(depth: depth + 1, nextID: &nextID, reads: reads, using: &random) })
  }

  /// Changes the node at `path` in place: the arrays on the way are copied, every other subtree is shared.
  static func change(_ nodes: inout [Node], at path: ArraySlice<Int>, _ body: (inout Node) -> Void) {
    guard let index = path.first else { return }
    if path.count == 1 {
      body(&nodes[index])
    } else {
      change(&nodes[index].children, at: path.dropFirst(), body)
    }
  }

  /// The node at `path`.
  static func node(at path: [Int], of roots: [Node]) -> Node {
    var node = roots[path[0]]
    for index in path.dropFirst() { node = node.children[index] }
    return node
  }

  /// The path of a random node: a root, a child or a grandchild; half the time under one of the first four roots,
  /// so that changes follow changes in one subtree (where a row that kept an index its node no longer has would
  /// be found).
  static func randomPath(in roots: [Node], using random: inout SeededRandom) -> [Int] {
    var path = [random.below(random.below(2) == 0 ? Swift.min(roots.count, 4) : roots.count)]
    var node = roots[path[0]]
    while !node.children.isEmpty, random.below(3) > 0 {
      path.append(random.below(node.children.count))
      node = node.children[path[path.count - 1]]
    }
    return path
  }

  /// The rows `node` shows: its own, and its visible descendants' when it is expanded.
  static func visibleCount(_ node: Node, expanded: Set<Int>) -> Int {
    guard expanded.contains(node.element.id) else { return 1 }
    return 1 + visibleCount(node.children[...], expanded: expanded)
  }

  /// The rows `nodes` show.
  static func visibleCount(_ nodes: ArraySlice<Node>, expanded: Set<Int>) -> Int {
    nodes.reduce(0) { $0 + visibleCount($1, expanded: expanded) }
  }

  /// The nodes under the node at `parent` (the roots for none).
  static func children(at parent: [Int], of roots: [Node]) -> [Node] {
    parent.isEmpty ? roots : node(at: parent, of: roots).children
  }

  enum Operation {
    case content, identity, duplicate, appendRoot, removeLastRoot, appendChild, same
    case insertChild, removeChild, toggle, expansion
    /// Whether the change shares the rest of the trees: shown without a walk.
    var isShared: Bool { ![.toggle, .expansion].contains(self) }
  }

  static let operations = WeightedChoice<Operation>([
    ("change a node's content", weight: 6, .content),
    ("give a node a new identity", weight: 2, .identity),
    ("give a node another node's identity (two rows share it)", weight: 1, .duplicate),
    ("append a root", weight: 2, .appendRoot),
    ("remove the last root", weight: 2, .removeLastRoot),
    ("append a child to a node", weight: 2, .appendChild),
    ("set the same trees again", weight: 1, .same),
    ("put a root or a child in before others (moves them)", weight: 3, .insertChild),
    ("take a root or a child out before others (moves them)", weight: 2, .removeChild),
    ("expand or collapse a row in place", weight: 2, .toggle),
    ("set the expanded identities (walked and diffed)", weight: 1, .expansion),
  ])

  /// Runs random changes on an outline of `roots` roots shown on a recording view alone or after a sibling,
  /// checking every step's rows; returns, for each change that shares the rest of the trees, the identity reads it
  /// made and the bound the test allows it.
  static func changes(
    roots rootCount: Int, seed: UInt64, placement: FeedCostPropertyTests.Placement
  ) throws -> [(reads: Int, bound: Int, name: String)] {
    var random = SeededRandom(seed: seed)
    let reads = OutlineToggleCostTests.Reads()
    var nextID = 0
    var roots = trees(roots: rootCount, nextID: &nextID, reads: reads, using: &random)
    // Every root expanded, and every other child.
    var expanded = Set(roots.map(\.element.id))
    for root in roots {
      for child in root.children where child.element.id % 2 == 0 { expanded.insert(child.element.id) }
    }
    let feed = OutlineToggleCostTests.feed(Outline(roots, expanded: expanded))
    let view = RecordingListView(historyLimit: 2)
    let (engine, sibling) = try FeedCostPropertyTests.show(feed, on: view, placement)
    var results: [(reads: Int, bound: Int, name: String)] = []
    for step in 0..<DeepPass.cases(quick: 40, deep: 120) {
      let operation = operations.pick(using: &random)
      let context = "\(rootCount) roots, \(placement), seed \(seed), step \(step): \(operation.name)"
      let expanded = feed.outline.expanded
      // The rows of the nodes the change replaces, before and now, for its bound.
      var changedRows = 0
      let path = randomPath(in: roots, using: &random)
      switch operation.value {
      case .content, .identity, .duplicate:
        changedRows += visibleCount(node(at: path, of: roots), expanded: expanded)
        let other = node(at: randomPath(in: roots, using: &random), of: roots).element.id
        change(&roots, at: path[...]) { node in
          switch operation.value {
          case .content: node.element.version += 1
          case .identity:
            node.element.id = nextID
            nextID += 1
          default: node.element.id = other
          }
        }
        changedRows += visibleCount(node(at: path, of: roots), expanded: expanded)
      case .appendRoot:
        roots.append(tree(depth: 0, nextID: &nextID, reads: reads, using: &random))
        changedRows = 1
      case .removeLastRoot:
        guard roots.count > 1 else { continue }
        changedRows = visibleCount(roots[roots.count - 1], expanded: expanded)
        roots.removeLast()
      case .appendChild, .insertChild, .removeChild:
        // A child of the node at `parent`, or a root (not the only one).
        let parent = Array(path.dropLast())
        guard !parent.isEmpty || (operation.value != .appendChild && roots.count > 1) else { continue }
        let index = operation.value == .appendChild ? children(at: parent, of: roots).count : path[path.count - 1]
        // The rows of the node put in or taken out and of the nodes after it, before and now.
        changedRows += visibleCount(children(at: parent, of: roots)[index...], expanded: expanded)
        let child = tree(depth: parent.count, nextID: &nextID, reads: reads, using: &random)
        func edit(_ nodes: inout [Node]) {
          if operation.value == .removeChild { nodes.remove(at: index) } else { nodes.insert(child, at: index) }
        }
        if parent.isEmpty { edit(&roots) } else { change(&roots, at: parent[...]) { edit(&$0.children) } }
        changedRows += visibleCount(children(at: parent, of: roots)[index...], expanded: expanded)
      case .same:
        break
      case .toggle:
        let rows = feed.rows
        let candidates = rows.indices.filter { rows[$0].isExpandable }
        guard !candidates.isEmpty else { continue }
        _ = feed.toggleRow(at: candidates[random.below(candidates.count)])
      case .expansion:
        var next = expanded
        for id in roots.prefix(8).map(\.element.id) where random.below(2) == 0 {
          if next.remove(id) == nil { next.insert(id) }
        }
        feed.outline.expanded = next
      }
      _ = reads.take()
      if ![.toggle, .expansion].contains(operation.value) { feed.outline.roots = roots }
      let made = reads.take()
      if operation.value.isShared {
        // Two reads a node compared on each level down (the roots, then at most 13 children and 5 grandchildren),
        // a few a row of the nodes replaced: a walk of the visible rows reads each of them, some 20 a root.
        results.append((made, 2 * (roots.count + 20) + 8 * changedRows + 40, operation.name))
      }
      OutlineToggleCostTests.expectShown(feed, roots: roots, on: view, after: sibling, context)
    }
    withExtendedLifetime(engine) {}
    return results
  }

  @Test("a node put in or taken out before others, then a later node changed: each shows the trees as they are")
  func changeAfterNodesMoved() throws {
    for (step, place) in [(1, 3), (-1, 3), (1, 0), (-1, 0)] {
      var random = SeededRandom(seed: UInt64(step + 2) * 31 + UInt64(place))
      let reads = OutlineToggleCostTests.Reads()
      var nextID = 0
      var roots = Self.trees(roots: 6, nextID: &nextID, reads: reads, using: &random)
      let feed = OutlineToggleCostTests.feed(Outline(roots, expanded: Set(roots.map(\.element.id))))
      let view = RecordingListView(historyLimit: 2)
      let engine = try ListEngine(view: view, showing: feed)
      // A child of the second root put in or taken out at `place`, then the children after it changed one by one.
      let extra = Self.tree(depth: 1, nextID: &nextID, reads: reads, using: &random)
      Self.change(&roots, at: [1]) { node in
        if step > 0 { node.children.insert(extra, at: place) } else { node.children.remove(at: place) }
      }
      feed.outline.roots = roots
      for child in (place + 1)..<roots[1].children.count {
        Self.change(&roots, at: [1, child]) { $0.element.version += 1 }
        feed.outline.roots = roots
        OutlineToggleCostTests.expectShown(
          feed, roots: roots, on: view, after: [], "step \(step) at \(place), child \(child)")
      }
      withExtendedLifetime(engine) {}
    }
  }

  @Test(
    "a change of the trees that shares the rest reads the nodes on its way and its own rows, not the visible rows",
    arguments: FeedCostPropertyTests.Placement.allCases)
  func sharedChangeCostsItsNodes(placement: FeedCostPropertyTests.Placement) throws {
    for seed in DeepPass.seeds(from: 0x5EED_7EE, quick: 1, deep: 4) {
      for roots in DeepPass.isOn ? [100, 400] : [100] {
        let changes = try Self.changes(roots: roots, seed: seed, placement: placement)
        #expect(changes.count >= 10, "\(roots) roots, seed \(seed): too few changes to count")
        for (index, change) in changes.enumerated() {
          #expect(
            change.reads <= change.bound,
            "\(roots) roots, \(placement), seed \(seed), change \(index) (\(change.name)): \(change.reads) reads")
        }
      }
    }
  }
}
