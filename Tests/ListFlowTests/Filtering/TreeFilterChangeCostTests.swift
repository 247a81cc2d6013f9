import ListFlowTesting
import Synchronization
import TestSupport
import Testing

@testable import ListFlow

/// A filter over a tree (an ``OutlineFeed``, alone or in a composite): while a query is set, a change of the tree
/// costs its change, not the tree. Counted in rows made by the tree's `cell` and texts matched by the filter's
/// searchable text, per change of a stream of random small changes of the first ten roots (a node renamed, put
/// in or taken out, a row expanded or collapsed by the app), at 10 roots of 49 nodes and at ten times as many
/// (a hundred times in the deep pass): a filter that went over the tree would make and match thousands more.
@MainActor
@Suite(.serialized) struct TreeFilterChangeCostTests {
  typealias File = TreeFilterPropertyTests.File

  /// The tree alone, or (`inComposite`) a composite of a list of `listRows`, then the tree.
  static func source(
    _ tree: OutlineFeed<File>, inComposite: Bool, listRows: [CellBinder] = []
  ) throws -> any ListFeed<ListSectionSnapshot> {
    guard inComposite else { return tree }
    let screen = ComposedFeed<ListSectionSnapshot>()
    try screen.append(SectionsFeed(sections: [ListSection(id: "list", items: listRows).snapshot]))
    try screen.append(tree)
    return screen
  }
  typealias Node = Outline<File>.Node

  /// Counts the rows made and the texts matched, from any thread.
  final class Counts: Sendable {
    let rows = Atomic<Int>(0)
    let texts = Atomic<Int>(0)
    var value: Int { rows.load(ordering: .relaxed) + texts.load(ordering: .relaxed) }
  }

  /// A root: a folder of three folders of 15 files each, named from their identities alone (so that the first
  /// roots are the same in a short tree and a long one).
  static func root(_ index: Int) -> Node {
    var names = SeededRandom(seed: UInt64(index) &* 0x9E37 &+ 7)
    func node(_ id: Int, children: [Node] = []) -> Node {
      Outline.Node(File(id: id, name: FilteredFeedTests.word(&names, maxLength: 4)), children: children)
    }
    let base = index * 100
    return node(
      base,
      children: (0..<3).map { folder in
        node(base + 1 + folder * 20, children: (0..<15).map { node(base + 2 + folder * 20 + $0) })
      })
  }

  /// A random node of the first ten roots.
  static func randomPath(_ roots: [Node], _ random: inout SeededRandom) -> [Int] {
    var path = [random.below(10)]
    var node = roots[path[0]]
    while !node.children.isEmpty, !random.oneIn(3) {
      let index = random.below(node.children.count)
      path.append(index)
      node = node.children[index]
    }
    return path
  }

  /// Changes the node at `path` (`body` given its parent's children and its index there).
  static func modify(_ nodes: inout [Node], _ path: ArraySlice<Int>, _ body: (inout [Node], Int) -> Void) {
    guard let first = path.first else { return }
    if path.count == 1 { body(&nodes, first) } else { modify(&nodes[first].children, path.dropFirst(), body) }
  }

  /// The rows made and texts matched by each change of a stream of random changes of the first ten roots of a
  /// tree of `roots` roots, under a query (with `steps`, the rows the filter stepped through one by one instead:
  /// `FilteredFeed.besideTreesRowSteps`); checks after the stream that the filter shows what a new filter over
  /// an equal tree shows.
  static func counts(roots rootCount: Int, seed: UInt64, inComposite: Bool, steps: Bool = false) throws -> [Int] {
    let counts = Counts()
    var random = SeededRandom(seed: seed)
    var roots = (0..<rootCount).map(root)
    // About a third of the folders expanded, chosen by their identities.
    var expanded: Set<Int> = []
    for index in 0..<rootCount {
      for id in [index * 100, index * 100 + 1, index * 100 + 21, index * 100 + 41] where id % 3 == 0 {
        expanded.insert(id)
      }
    }
    let tree = OutlineFeed(id: "tree", outline: Outline(roots, expanded: expanded)) { row in
      counts.rows.add(1, ordering: .relaxed)
      return TreeFilterPropertyTests.binder(row)
    }
    let text: @Sendable (CellBinder) -> String = { row in
      counts.texts.add(1, ordering: .relaxed)
      return row.model(as: FilteredFeedTests.Named.self)?.title ?? ""
    }
    let filter = try FilteredFeed(try Self.source(tree, inComposite: inComposite), searchableText: text)
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: filter)
    filter.query = ["a", "ab", "y", "cX"][Int(seed % 4)]
    var nextID = 1_000_000
    var result: [Int] = []
    func measure() -> Int { steps ? filter.besideTreesRowSteps : counts.value }
    for step in 0..<DeepPass.cases(quick: 16, deep: 32) {
      let before = measure()
      let path = randomPath(roots, &random)
      switch random.below(5) {
      case 0:
        // A node renamed.
        let name = FilteredFeedTests.word(&random, maxLength: 4)
        modify(&roots, path[...]) { nodes, index in nodes[index].element.name = name }
        tree.outline.roots = roots
      case 1:
        // A file put in under a node.
        let name = FilteredFeedTests.word(&random, maxLength: 4)
        let at = random.below(3)
        modify(&roots, path[...]) { nodes, index in
          nodes[index].children.insert(
            Outline.Node(File(id: nextID, name: name)), at: Swift.min(at, nodes[index].children.count))
        }
        nextID += 1
        tree.outline.roots = roots
      case 2 where path.count > 1:
        // A node taken out, with its children.
        modify(&roots, path[...]) { nodes, index in nodes.remove(at: index) }
        tree.outline.roots = roots
      case 3:
        // A row of the first roots expanded or collapsed by the tree, in place.
        let rows = tree.rows
        let end = rows.indices.filter { rows[$0].depth == 0 }.dropFirst(10).first ?? rows.count
        let item = random.below(end)
        tree.setExpanded(rows[item].isExpandable && !rows[item].isExpanded, forRowAt: ItemPath(item: item, section: 0))
      default:
        // A node expanded or collapsed by the app, through the outline.
        var node = roots[path[0]]
        for index in path.dropFirst() { node = node.children[index] }
        let id = node.element.id
        if tree.outline.expanded.contains(id) { tree.outline.collapse(id) } else { tree.outline.expand(id) }
      }
      result.append(measure() - before)
      #expect(view.inconsistencies.isEmpty, "seed \(seed) step \(step)")
    }
    // What a new filter over an equal tree shows.
    let copy = OutlineFeed(id: "tree", outline: tree.outline, cell: TreeFilterPropertyTests.binder)
    let oracle = try FilteredFeed(try Self.source(copy, inComposite: inComposite), query: filter.query)
    #expect(FilterBesideTreePropertyTests.shown(filter) == FilterBesideTreePropertyTests.shown(oracle), "seed \(seed)")
    withExtendedLifetime(engine) {}
    return result
  }

  @Test(
    "under a query, a change of a tree makes and matches as many rows at 10 roots as at 100 (1,000 in the deep pass)",
    arguments: [false, true])
  func treeChangeCostsItsChange(inComposite: Bool) throws {
    for seed in DeepPass.seeds(from: 0x7EE0, quick: 2, deep: 8) {
      let small = try Self.counts(roots: 10, seed: seed, inComposite: inComposite)
      let large = try Self.counts(roots: DeepPass.cases(quick: 100, deep: 1_000), seed: seed, inComposite: inComposite)
      #expect(
        zip(small, large).allSatisfy { abs($0 - $1) <= 4 } && small.count == large.count,
        "seed \(seed): \(small) and \(large)")
      // A small change makes and matches a few rows: the nodes it changed and those above them.
      #expect(large.allSatisfy { $0 <= 40 }, "seed \(seed): \(large)")
    }
  }

  /// The filter's own work per change, past the rows made and matched: a filter that carried a record of every
  /// row through the change, laid the rows shown out again or diffed them (or filtered every row again) would
  /// step through ten times as many rows at ten times as many roots (some 7,800 a change at 4,900 nodes and
  /// 75,500 at 49,000 when it did).
  @Test(
    "under a query, a change of a tree steps through as many rows at 4,900 nodes as at 49,000 (490 and 4,900 in the quick pass)",
    arguments: [false, true])
  func treeChangeStepsThroughItsChange(inComposite: Bool) throws {
    for seed in DeepPass.seeds(from: 0x57E9, quick: 1, deep: 6) {
      let roots = DeepPass.cases(quick: 10, deep: 100)
      let small = try Self.counts(roots: roots, seed: seed, inComposite: inComposite, steps: true)
      let large = try Self.counts(roots: roots * 10, seed: seed, inComposite: inComposite, steps: true)
      #expect(
        zip(small, large).allSatisfy { abs($0 - $1) <= 4 } && small.count == large.count,
        "seed \(seed): \(small) and \(large)")
      // A small change steps through a few rows: those it changed and those above them.
      #expect(large.allSatisfy { $0 <= 40 }, "seed \(seed): \(large)")
    }
  }
}
