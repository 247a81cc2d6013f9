import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A filter over a composite that holds a tree (directly or in a nested composite) beside lists, through random
/// changes of the lists' rows, of the tree and its expansion, and of the query, against a new filter over an
/// equal composite (the lists' sections and the tree's outline as they are now): the rows shown, their context
/// marks and matched offsets are the new filter's, and the view follows the changes sent. While a query is set,
/// a change of a list's rows matches only the rows it inserts or updates, and a change of the tree matches only
/// the tree's nodes and rows: counted in calls of the filter's searchable text.
@MainActor
@Suite("Filter beside a tree")
struct FilterBesideTreePropertyTests {
  typealias Named = FilteredFeedTests.Named

  /// A filter's searchable text (a row's title) that counts its calls.
  static func text(counting calls: CallCounter) -> @Sendable (CellBinder) -> String {
    { @Sendable row in
      calls.add()
      return row.model(as: Named.self)?.title ?? ""
    }
  }

  /// What a filter shows: each section's identity, and each row's identity, context mark and matched offsets.
  static func shown(_ filter: FilteredFeed) -> [String] {
    filter.displayedSections.map { section in
      "\(section.model.id): "
        + section.elements.map { "\($0.id)\($0.isFilterContext ? "c" : "")\($0.highlightedMatches)" }
        .joined(separator: " ")
    }
  }

  /// A list's sections: one or two of 40 to 60 rows with random names.
  static func listSections(_ list: Int, _ random: inout SeededRandom, nextID: inout Int) -> [[Named]] {
    (0..<1 + random.below(2)).map { _ in
      (0..<40 + random.below(21)).map { _ in
        nextID += 1
        return Named(id: nextID, title: FilteredFeedTests.word(&random, maxLength: 4))
      }
    }
  }

  static func snapshots(_ list: Int, _ sections: [[Named]]) -> [ListSectionSnapshot] {
    sections.indices.map {
      ListSection(id: "list \(list) \($0)", items: sections[$0].map(FilteredFeedTests.binder)).snapshot
    }
  }

  @Test("a filter over lists and a tree shows what a new filter over them shows, and a change costs its child")
  func filterBesideTree() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 60, deep: 400) {
      var random = SeededRandom(seed: seed)
      var nextID = 1_000
      var roots = TreeFilterPropertyTests.forest(&random)
      let expanded = Set((1...16).filter { _ in random.oneIn(2) })
      let tree = OutlineFeed(
        id: "tree", outline: Outline(roots, expanded: expanded), cell: TreeFilterPropertyTests.binder)
      var lists = (0..<1 + random.below(2)).map { Self.listSections($0, &random, nextID: &nextID) }
      let feeds = lists.indices.map { SectionsFeed(sections: Self.snapshots($0, lists[$0])) }
      // The composite: the lists, with the tree among them directly or in a nested composite.
      let inNested = random.oneIn(2)
      let treeAt = random.below(feeds.count + 1)
      func composite(
        _ tree: OutlineFeed<TreeFilterPropertyTests.File>, _ lists: [SectionsFeed<ListSectionSnapshot>]
      )
        throws -> ComposedFeed<ListSectionSnapshot>
      {
        let screen = ComposedFeed<ListSectionSnapshot>()
        for list in lists { try screen.append(list) }
        if inNested {
          let nested = ComposedFeed<ListSectionSnapshot>()
          try nested.append(tree)
          try screen.insert(nested, at: treeAt)
        } else {
          try screen.insert(tree, at: treeAt)
        }
        return screen
      }
      let calls = CallCounter()
      let filtered = try FilteredFeed(try composite(tree, feeds), searchableText: Self.text(counting: calls))
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: filtered)
      var nextNode = 100
      var log: [String] = []
      steps: for step in 0..<12 {
        let before = calls.value
        // The most texts the step may match while a query is set; `nil` for no bound.
        var bound: Int?
        switch random.below(8) {
        case 0, 1:
          // A few rows of a list inserted, deleted, renamed or moved: the rows inserted or renamed are matched.
          let list = random.below(lists.count)
          var touched = 0
          for _ in 0..<1 + random.below(3) {
            let section = random.below(lists[list].count)
            var rows = lists[list][section]
            let item = random.below(rows.count + 1)
            switch random.below(4) {
            case 0:
              nextID += 1
              rows.insert(Named(id: nextID, title: FilteredFeedTests.word(&random, maxLength: 4)), at: item)
              touched += 1
            case 1 where item < rows.count:
              rows.remove(at: item)
            case 2 where item < rows.count:
              rows[item].title = FilteredFeedTests.word(&random, maxLength: 4)
              touched += 1
            default:
              guard item < rows.count else { continue }
              let moved = rows.remove(at: item)
              rows.insert(moved, at: random.below(rows.count + 1))
              touched += 1
            }
            lists[list][section] = rows
          }
          if random.oneIn(8) {
            // A section added to the list, now and then.
            lists[list].append([Named(id: nextID + 1, title: "ab")])
            nextID += 1
          } else {
            bound = 2 * touched
          }
          feeds[list].update(to: Self.snapshots(list, lists[list]))
          log.append("list \(list) changed")
        case 2, 3:
          TreeFilterPropertyTests.change(&roots, nextID: &nextNode, &random)
          tree.outline.roots = roots
          log.append("trees changed")
        case 4:
          // A row of the tree expanded or collapsed in place, by the app.
          let count = tree.displayedSections[0].elements.count
          guard count > 0 else { continue }
          let path = ItemPath(item: random.below(count), section: 0)
          let expand = tree.isRowExpanded(at: path) != true
          tree.setExpanded(expand, forRowAt: path)
          log.append("tree row \(path.item) expanded \(expand)")
        case 5:
          // The expansion set by the app.
          var expansion = tree.outline.expanded
          let id = 1 + random.below(nextNode)
          if expansion.remove(id) == nil { expansion.insert(id) }
          tree.outline.expanded = expansion
          log.append("node \(id) expansion toggled")
        case 6:
          // A character typed, or erased.
          if !filtered.query.isEmpty, random.oneIn(2) {
            filtered.query.removeLast()
          } else {
            filtered.query += String(FilteredFeedTests.word(&random, maxLength: 1).prefix(1))
          }
          log.append("query '\(filtered.query)'")
        default:
          filtered.query = random.oneIn(3) ? "" : FilteredFeedTests.word(&random, maxLength: 2)
          log.append("query '\(filtered.query)'")
        }
        let spent = calls.value - before
        let context = "seed \(seed) step \(step) \(log)"
        if log.last?.hasPrefix("tree") == true || log.last?.hasPrefix("node") == true {
          // At most the tree's nodes and rows twice, and no list row: what a tree's change costs under a query
          // is bounded tighter, per change, by TreeFilterChangeCostTests and TreeFilterChangePropertyTests.
          bound = 2 * Self.allNodes(roots) + 2 * tree.displayedSections[0].elements.count
        }
        if let bound, !filtered.query.isEmpty, spent > bound {
          failures.append("\(context): \(spent) texts matched, at most \(bound) expected")
          break steps
        }
        if !view.inconsistencies.isEmpty {
          failures.append("\(context): \(view.inconsistencies)")
          break steps
        }
        // A new filter over an equal composite: the lists' sections and the tree's outline (its expansion shown).
        let copy = OutlineFeed(id: "tree", outline: tree.outline, cell: TreeFilterPropertyTests.binder)
        let oracle = try FilteredFeed(
          try composite(copy, feeds.map { SectionsFeed(sections: $0.displayedSections) }), query: filtered.query,
          searchableText: Self.text(counting: CallCounter()))
        let here = Self.shown(filtered)
        let expected = Self.shown(oracle)
        if here != expected {
          failures.append("\(context): shows \(here), a new filter \(expected)")
          break steps
        }
        let viewRows = view.sections.flatMap { $0.rows.map(\.textRepresentation) }.count
        if viewRows != filtered.displayedSections.reduce(0, { $0 + $1.elements.count }) {
          failures.append("\(context): the view shows \(viewRows) rows")
          break steps
        }
      }
      withExtendedLifetime(engine) {}
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }

  /// The nodes of a forest.
  static func allNodes(_ nodes: [Outline<TreeFilterPropertyTests.File>.Node]) -> Int {
    nodes.reduce(0) { $0 + 1 + allNodes($1.children) }
  }
}
