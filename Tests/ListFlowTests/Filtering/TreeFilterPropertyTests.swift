import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A filtered outline against a brute-force model: every node of the whole tree (collapsed branches included) that
/// matches the query, or has a match below it, in depth-first order, the ones that do not match marked as
/// context; clearing the query gives back the expansion from before.
@MainActor
@Suite("Tree filter")
struct TreeFilterPropertyTests {
  struct File: Differentiable, Hashable, Sendable {
    var id: Int
    var name: String
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: File) -> Bool { self == source }
  }

  typealias NameCell = FilteredFeedTests.NameCell
  typealias Named = FilteredFeedTests.Named

  static func binder(_ row: Outline<File>.Row) -> CellBinder {
    CellBinder(
      cell: NameCell.self, value: Named(id: row.element.id, title: row.element.name), id: ListIdentifier(row.element.id)
    ) {
      _, _ in
    }
  }

  /// A forest of up to 16 nodes, at most four deep, with names over a small alphabet.
  static func forest(_ random: inout SeededRandom) -> [Outline<File>.Node] {
    var next = 0
    func nodes(depth: Int) -> [Outline<File>.Node] {
      (0..<Int(random.next() % (depth == 0 ? 4 : 3))).compactMap { _ in
        guard next < 16 else { return nil }
        next += 1
        let file = File(id: next, name: FilteredFeedTests.word(&random, maxLength: 4))
        return Outline.Node(file, children: depth < 3 ? nodes(depth: depth + 1) : [])
      }
    }
    return nodes(depth: 0)
  }

  /// A random forest (``forest(_:)``) and an outline feed of it, about half of its nodes expanded.
  static func randomTree(
    _ random: inout SeededRandom
  ) -> (roots: [Outline<File>.Node], expanded: Set<Int>, feed: OutlineFeed<File>) {
    let roots = forest(&random)
    let expanded = Set((1...16).filter { _ in random.next() % 2 == 0 })
    return (roots, expanded, OutlineFeed(id: "tree", outline: Outline(roots, expanded: expanded), cell: binder))
  }

  /// Clears a filter's query and checks that the tree gives back `expanded` and shows `roots` with it.
  static func clearQuery(
    of feed: FilteredFeed, givingBack expanded: Set<Int>, of roots: [Outline<File>.Node], in tree: OutlineFeed<File>,
    shownIn view: RecordingListView, _ context: String
  ) {
    feed.query = ""
    #expect(tree.outline.expanded == expanded, "\(context): the expansion given back")
    #expect(
      view.sections.map { $0.rows.map(\.textRepresentation) } == [
        Outline(roots, expanded: expanded).rows.map(\.element.name)
      ], "\(context)")
  }

  /// Changes the trees where they are: a node with a new identity put under a node (or at the top), a node
  /// renamed, or a node taken out with its children; under a collapsed node as often as under an expanded one.
  static func change(_ roots: inout [Outline<File>.Node], nextID: inout Int, _ random: inout SeededRandom) {
    var paths: [[Int]] = []
    func collect(_ nodes: [Outline<File>.Node], _ path: [Int]) {
      for (index, node) in nodes.enumerated() {
        paths.append(path + [index])
        collect(node.children, path + [index])
      }
    }
    collect(roots, [])
    func modify(
      _ nodes: inout [Outline<File>.Node], _ path: ArraySlice<Int>,
      _ body: (inout [Outline<File>.Node], Int) -> Void
    ) {
      guard let first = path.first else { return }
      if path.count == 1 { body(&nodes, first) } else { modify(&nodes[first].children, path.dropFirst(), body) }
    }
    let name = FilteredFeedTests.word(&random, maxLength: 4)
    guard !paths.isEmpty else {
      roots.append(Outline.Node(File(id: nextID, name: name)))
      nextID += 1
      return
    }
    let path = paths[Int(random.next() % UInt64(paths.count))][...]
    switch random.next() % 3 {
    case 0:
      modify(&roots, path) { nodes, index in nodes[index].children.append(Outline.Node(File(id: nextID, name: name))) }
      nextID += 1
    case 1: modify(&roots, path) { nodes, index in nodes[index].element.name = name }
    default: modify(&roots, path) { nodes, index in nodes.remove(at: index) }
    }
  }

  /// The model: the rows a tree filter shows, as the test cell draws them (`(name)` for context).
  static func expected(_ roots: [Outline<File>.Node], query: String) -> [String] {
    func matches(_ node: Outline<File>.Node) -> FilteredFeed.Match? {
      FilteredFeed.Match(query: query, in: node.element.name)
    }
    func hasMatch(_ node: Outline<File>.Node) -> Bool {
      matches(node) != nil || node.children.contains(where: hasMatch)
    }
    var rows: [String] = []
    func visit(_ node: Outline<File>.Node) {
      guard hasMatch(node) else { return }
      if let match = matches(node) {
        rows.append(match.offsets.isEmpty ? node.element.name : "\(node.element.name) \(match.offsets)")
      } else {
        rows.append("(\(node.element.name))")
      }
      node.children.forEach(visit)
    }
    roots.forEach(visit)
    return rows
  }

  @Test(
    "a filtered tree shows every match with its ancestors, collapsed ones included; clearing restores the expansion",
    .timeLimit(.minutes(60)))
  func matchesAndAncestors() throws {
    for seed in DeepPass.seeds(quick: 60, deep: 300) {
      var random = SeededRandom(seed: seed)
      let (forest, expanded, tree) = Self.randomTree(&random)
      var roots = forest
      var nextID = 100
      let feed = try FilteredFeed(tree)
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(feed)
      let view = RecordingListView()
      let list = try ListEngine(view: view, showing: composite)
      for step in 0..<4 {
        if random.next() % 4 == 0 {
          roots = Self.forest(&random)
          tree.outline.roots = roots
        }
        feed.query = FilteredFeedTests.word(&random, maxLength: 2).filter { $0 != " " }
        let shown = view.sections.map { $0.rows.map(\.textRepresentation) }
        let expected =
          feed.query.isEmpty
          ? [Outline(roots, expanded: expanded).rows.map(\.element.name)] : [Self.expected(roots, query: feed.query)]
        #expect(
          shown == expected.filter { !$0.isEmpty || feed.query.isEmpty },
          "seed \(seed) step \(step) query '\(feed.query)'")
        #expect(view.inconsistencies.isEmpty, "seed \(seed) step \(step)")
        #expect(feed.isRowExpanded(at: ItemPath(item: 0, section: 0)) == nil || feed.query.isEmpty, "seed \(seed)")
        // The trees changed where they are while the query is set: a match put in or renamed under a collapsed
        // node is shown with its ancestors as well.
        if !feed.query.isEmpty, random.next() % 2 == 0 {
          for _ in 0..<(1 + random.next() % 2) { Self.change(&roots, nextID: &nextID, &random) }
          tree.outline.roots = roots
          #expect(
            view.sections.map { $0.rows.map(\.textRepresentation) }
              == [Self.expected(roots, query: feed.query)].filter { !$0.isEmpty },
            "seed \(seed) step \(step) query '\(feed.query)', the trees changed")
          #expect(view.inconsistencies.isEmpty, "seed \(seed) step \(step)")
        }
      }
      Self.clearQuery(of: feed, givingBack: expanded, of: roots, in: tree, shownIn: view, "seed \(seed)")
      #expect(view.sections.flatMap(\.rows).allSatisfy { !$0.textRepresentation.hasPrefix("(") }, "seed \(seed)")
      _ = list
    }
  }

  @Test("a filter let go gives the tree back as it found it: its expansion, and no match revealed after")
  func droppedFilter() throws {
    for seed in DeepPass.seeds(quick: 60, deep: 300) {
      var random = SeededRandom(seed: seed)
      let (forest, expanded, tree) = Self.randomTree(&random)
      var roots = forest
      var nextID = 100
      let query = FilteredFeedTests.word(&random, maxLength: 2).filter { $0 != " " }
      do {
        let feed = try FilteredFeed(tree)
        let list = try ListEngine(view: RecordingListView(), showing: feed)
        feed.query = query
        if random.next() % 2 == 0 {
          Self.change(&roots, nextID: &nextID, &random)
          tree.outline.roots = roots
        }
        withExtendedLifetime(list) {}
      }
      // The filter and its engine are gone: the tree is shown again, unfiltered, and changes as any tree.
      let context = "seed \(seed) query '\(query)'"
      let view = RecordingListView()
      let list = try ListEngine(view: view, showing: tree)
      #expect(tree.outline.expanded.isSubset(of: expanded), "\(context): \(tree.outline.expanded) after the filter")
      Self.change(&roots, nextID: &nextID, &random)
      tree.outline.roots = roots
      let rows = Outline(roots, expanded: tree.outline.expanded).rows.map(\.element.name)
      #expect(view.sections.map { $0.rows.map(\.textRepresentation) } == [rows], "\(context)")
      #expect(tree.outline.expanded.isSubset(of: expanded), "\(context)")
      withExtendedLifetime(list) {}
    }
  }

  @Test("the app's expansion changes made while a query is set are kept, and given back when it is cleared")
  func appExpansionDuringQuery() throws {
    for seed in DeepPass.seeds(quick: 80, deep: 400) {
      var random = SeededRandom(seed: seed)
      let (roots, expanded, tree) = Self.randomTree(&random)
      let feed = try FilteredFeed(tree)
      let view = RecordingListView()
      let list = try ListEngine(view: view, showing: feed)
      // The expansion the app means, changed by the app alone.
      var model = expanded
      for step in 0..<6 {
        let context = "seed \(seed) step \(step)"
        if random.next() % 3 == 0 {
          feed.query = FilteredFeedTests.word(&random, maxLength: 2).filter { $0 != " " }
        }
        let id = Int(1 + random.next() % 16)
        // What the app changes is what it expands that is shown collapsed, and what it collapses that is shown
        // expanded (a node the query expanded is already expanded: expanding it again changes nothing).
        let shown = tree.outline.expanded
        switch random.next() % 4 {
        case 0:
          tree.outline.expand(id)
          if !shown.contains(id) { model.insert(id) }
        case 1:
          tree.outline.collapse(id)
          model.remove(id)
        case 2:
          let set = Set((1...16).filter { _ in random.next() % 2 == 0 })
          tree.outline.expanded = set
          model = model.subtracting(shown.subtracting(set)).union(set.subtracting(shown))
        default:
          // The tree's own expansion of a collapsed row it shows (in place when it can).
          let collapsed = tree.rows.indices.filter { tree.rows[$0].isExpandable && !tree.rows[$0].isExpanded }
          guard let index = collapsed.randomElement(using: &random) else { continue }
          let row = tree.rows[index]
          #expect(tree.setExpanded(true, forRowAt: ItemPath(item: index, section: 0)), "\(context)")
          model.insert(row.element.id)
        }
        if !feed.query.isEmpty {
          // The app's expansion is shown, with the matches' ancestors expanded too.
          #expect(model.isSubset(of: tree.outline.expanded), "\(context): \(tree.outline.expanded), app \(model)")
          // The query still decides what is shown: every match, with its ancestors.
          #expect(
            view.sections.map { $0.rows.map(\.textRepresentation) }
              == [Self.expected(roots, query: feed.query)].filter { !$0.isEmpty }, "\(context) '\(feed.query)'")
        } else {
          #expect(tree.outline.expanded == model, "\(context)")
        }
        #expect(view.inconsistencies.isEmpty, "\(context)")
      }
      Self.clearQuery(of: feed, givingBack: model, of: roots, in: tree, shownIn: view, "seed \(seed)")
      withExtendedLifetime(list) {}
    }
  }
}
