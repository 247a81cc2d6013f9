import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A filter over a tree (alone, or in a composite beside a list) through random changes of the tree under random
/// queries, typed, erased and cleared: a node renamed, put in, taken out or moved to another parent with its
/// children, a row expanded or collapsed by the tree in place, a node's expansion changed through the outline, or
/// the expanded identities set. After every step the rows shown (their order, context marks and matched offsets)
/// are those of a new filter over an equal tree, the view follows the changes sent, and clearing the query gives
/// back the expansion the app made (a model of it, as `TreeFilterPropertyTests.appExpansionDuringQuery` keeps).
@MainActor
@Suite("Tree filter through changes")
struct TreeFilterChangePropertyTests {
  typealias File = TreeFilterPropertyTests.File
  typealias Node = Outline<File>.Node

  /// Every node's path, depth first.
  static func paths(_ nodes: [Node], _ prefix: [Int] = []) -> [[Int]] {
    nodes.indices.flatMap { [prefix + [$0]] + paths(nodes[$0].children, prefix + [$0]) }
  }

  /// A random change of the trees: a node renamed, put in, taken out, or moved (with its children) under another
  /// node or to the top.
  static func change(_ roots: inout [Node], nextID: inout Int, _ random: inout SeededRandom) -> String {
    let all = paths(roots)
    let name = FilteredFeedTests.word(&random, maxLength: 4)
    guard !all.isEmpty else {
      roots.append(Outline.Node(File(id: nextID, name: name)))
      nextID += 1
      return "root put in"
    }
    let path = all[random.below(all.count)]
    switch random.below(4) {
    case 0:
      TreeFilterChangeCostTests.modify(&roots, path[...]) { nodes, index in nodes[index].element.name = name }
      return "\(path) renamed '\(name)'"
    case 1:
      let at = random.below(3)
      TreeFilterChangeCostTests.modify(&roots, path[...]) { nodes, index in
        nodes[index].children.insert(
          Outline.Node(File(id: nextID, name: name)), at: Swift.min(at, nodes[index].children.count))
      }
      nextID += 1
      return "node put in under \(path) '\(name)'"
    case 2:
      TreeFilterChangeCostTests.modify(&roots, path[...]) { nodes, index in nodes.remove(at: index) }
      return "\(path) taken out"
    default:
      var moved: Node?
      TreeFilterChangeCostTests.modify(&roots, path[...]) { nodes, index in moved = nodes.remove(at: index) }
      guard let moved else { return "nothing moved" }
      let targets = paths(roots)
      if targets.isEmpty || random.oneIn(4) {
        roots.insert(moved, at: random.below(roots.count + 1))
        return "\(path) moved to the top"
      }
      let target = targets[random.below(targets.count)]
      TreeFilterChangeCostTests.modify(&roots, target[...]) { nodes, index in
        nodes[index].children.insert(moved, at: random.below(nodes[index].children.count + 1))
      }
      return "\(path) moved under \(target)"
    }
  }

  @Test("a filtered tree shows what a new filter over an equal tree shows, through changes of the tree")
  func changesUnderQuery() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 80, deep: 1_000) {
      var random = SeededRandom(seed: seed)
      // A small random forest, and eight more roots of five children each, so that a filter that matched every
      // node for a change would match many more than the change's.
      var roots = TreeFilterPropertyTests.forest(&random)
      for root in 0..<8 {
        let id = 300 + root * 10
        roots.append(
          Outline.Node(
            File(id: id, name: FilteredFeedTests.word(&random, maxLength: 4)),
            children: (1...5).map {
              Outline.Node(File(id: id + $0, name: FilteredFeedTests.word(&random, maxLength: 4)))
            }))
      }
      let expanded = Set((1...16).filter { _ in random.oneIn(2) })
      let tree = OutlineFeed(
        id: "tree", outline: Outline(roots, expanded: expanded), cell: TreeFilterPropertyTests.binder)
      let inComposite = random.oneIn(2)
      let listRows = (0..<random.below(4)).map {
        FilteredFeedTests.binder(
          FilteredFeedTests.Named(id: 500 + $0, title: FilteredFeedTests.word(&random, maxLength: 3)))
      }
      func source(_ tree: OutlineFeed<File>) throws -> any ListFeed<ListSectionSnapshot> {
        try TreeFilterChangeCostTests.source(tree, inComposite: inComposite, listRows: listRows)
      }
      let calls = CallCounter()
      let filter = try FilteredFeed(
        try source(tree), searchableText: FilterBesideTreePropertyTests.text(counting: calls))
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: filter)
      // The expansion the app means, changed by the app alone.
      var model = expanded
      var nextID = 100
      var log: [String] = []
      steps: for step in 0..<16 {
        let shownExpansion = tree.outline.expanded
        let textsBefore = calls.value
        // The most texts the step may match while a query is set; `nil` for no bound.
        var bound: Int?
        switch random.below(9) {
        case 0, 1, 2:
          let count = 1 + random.below(2)
          for _ in 0..<count { log.append(Self.change(&roots, nextID: &nextID, &random)) }
          tree.outline.roots = roots
          // A node renamed, put in or taken out: the node matched by the tree, and the rows shown among it and
          // its ancestors by the filter (a move, or two changes, match the run of nodes between their places).
          if count == 1, !log.suffix(count).contains(where: { $0.contains("moved") }) {
            let depth = Self.paths(roots).map(\.count).max() ?? 0
            bound = count * (2 + 2 * (depth + 1))
          }
        case 3:
          // A row expanded or collapsed by the tree, in place when it can.
          let rows = tree.rows
          let expandable = rows.indices.filter { rows[$0].isExpandable }
          guard let item = expandable.isEmpty ? nil : expandable[random.below(expandable.count)] else { continue }
          let expand = !rows[item].isExpanded
          tree.setExpanded(expand, forRowAt: ItemPath(item: item, section: 0))
          if expand { model.insert(rows[item].element.id) } else { model.remove(rows[item].element.id) }
          log.append("row \(item) expanded \(expand)")
        case 4:
          let id = 1 + random.below(nextID)
          if random.oneIn(2) {
            tree.outline.expand(id)
            if !shownExpansion.contains(id) { model.insert(id) }
          } else {
            tree.outline.collapse(id)
            model.remove(id)
          }
          log.append("node \(id) expansion changed")
        case 5:
          let set = Set((1...20).filter { _ in random.oneIn(2) })
          tree.outline.expanded = set
          model = model.subtracting(shownExpansion.subtracting(set)).union(set.subtracting(shownExpansion))
          log.append("expansion set")
        case 6:
          if !filter.query.isEmpty, random.oneIn(2) {
            filter.query.removeLast()
          } else {
            filter.query += String(FilteredFeedTests.word(&random, maxLength: 1).filter { $0 != " " }.prefix(1))
          }
          log.append("query '\(filter.query)'")
        case 7:
          filter.query = ""
          log.append("query cleared")
          if tree.outline.expanded != model {
            failures.append("seed \(seed) step \(step) \(log): \(tree.outline.expanded) given back, \(model) made")
            break steps
          }
        default:
          filter.query = FilteredFeedTests.word(&random, maxLength: 2).filter { $0 != " " }
          log.append("query '\(filter.query)'")
        }
        let context = "seed \(seed) step \(step) \(log)"
        let spent = calls.value - textsBefore
        if let bound, !filter.query.isEmpty, spent > bound {
          failures.append("\(context): \(spent) texts matched, at most \(bound) expected")
          break steps
        }
        if !view.inconsistencies.isEmpty {
          failures.append("\(context): \(view.inconsistencies)")
          break steps
        }
        let copy = OutlineFeed(id: "tree", outline: tree.outline, cell: TreeFilterPropertyTests.binder)
        let oracle = try FilteredFeed(try source(copy), query: filter.query)
        let here = FilterBesideTreePropertyTests.shown(filter)
        let expected = FilterBesideTreePropertyTests.shown(oracle)
        if here != expected {
          failures.append("\(context): shows \(here), a new filter \(expected)")
          break steps
        }
        if !filter.query.isEmpty {
          let model = TreeFilterPropertyTests.expected(roots, query: filter.query)
          let treeRows = view.sections.last.map { $0.rows.map(\.textRepresentation) } ?? []
          if !model.isEmpty, treeRows != model {
            failures.append("\(context): the view shows \(treeRows), the model \(model)")
            break steps
          }
        }
        let viewRows = view.sections.reduce(0) { $0 + $1.rows.count }
        if viewRows != filter.displayedSections.reduce(0, { $0 + $1.elements.count }) {
          failures.append("\(context): the view shows \(viewRows) rows")
          break steps
        }
      }
      withExtendedLifetime(engine) {}
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }
}
