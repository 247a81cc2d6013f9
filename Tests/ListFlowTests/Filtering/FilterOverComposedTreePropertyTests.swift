import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A filter over a composite that holds a tree (an ``OutlineFeed``, directly or in a nested composite) among flat
/// children, against the same filter over a copy of the tree alone: the tree's part of the list shows exactly what
/// the lone filter shows (every match with its ancestors, collapsed branches searched), the tree's expansion is the
/// lone tree's, expansion through the filter does what it does alone (nothing while a query is set), and the flat
/// children show their matching rows.
@MainActor
@Suite("Filter over a composite holding a tree")
struct FilterOverComposedTreePropertyTests {
  typealias File = TreeFilterPropertyTests.File
  typealias Named = FilteredFeedTests.Named

  /// A flat child: one section of rows with random names, identities from `nextID` on; a long one (1,000 rows
  /// or more, which a filter matches by their titles and follows by projecting changes) when `long`.
  static func flatChild(
    _ id: Int, long: Bool = false, _ random: inout SeededRandom, nextID: inout Int
  ) -> SectionsFeed<ListSectionSnapshot> {
    let count = long ? 1_000 + random.below(8) : random.below(4)
    let rows = (0..<count).map { _ in
      nextID += 1
      return FilteredFeedTests.binder(Named(id: nextID, title: FilteredFeedTests.word(&random, maxLength: 4)))
    }
    return SectionsFeed(sections: [ListSection(id: "flat \(id)", items: rows).snapshot])
  }

  /// The rows of the view's sections whose identity (in the engine's list) is `id`.
  static func rows(of id: ListIdentifier, in view: RecordingListView, _ engine: ListEngine) -> [[String]] {
    zip(engine.snapshot, view.sections).filter { $0.0.model.id == id }.map { $0.1.rows.map(\.textRepresentation) }
  }

  /// The rows a filter shows of a flat child: those that match, or the whole section with no query.
  static func expectedRows(of flat: SectionsFeed<ListSectionSnapshot>, query: String) -> [[String]] {
    let rows = flat.displayedSections[0].elements.compactMap { row -> String? in
      let title = row.model(as: Named.self)?.title ?? ""
      guard let match = FilteredFeed.Match(query: query, in: title) else { return nil }
      return match.offsets.isEmpty ? title : "\(title) \(match.offsets)"
    }
    return rows.isEmpty && !query.isEmpty ? [] : [rows]
  }

  @Test(
    "the tree's part of a filtered composite is what the filter shows over the tree alone", .timeLimit(.minutes(60)))
  func treeInComposite() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 80, deep: 400) {
      var random = SeededRandom(seed: seed)
      let roots = TreeFilterPropertyTests.forest(&random)
      var current = roots
      let expanded = Set((1...16).filter { _ in random.next() % 2 == 0 })
      let tree = OutlineFeed(
        id: "tree", outline: Outline(roots, expanded: expanded), cell: TreeFilterPropertyTests.binder)
      let loneTree = OutlineFeed(
        id: "tree", outline: Outline(roots, expanded: expanded), cell: TreeFilterPropertyTests.binder)
      let lone = try FilteredFeed(loneTree)
      let loneView = RecordingListView()
      let loneEngine = try ListEngine(view: loneView, showing: lone)

      // The composite: flat children around the tree, which is a direct child or in a nested composite. The
      // children of each composite, in order, as objects.
      var nextRowID = 1_000
      let screen = ComposedFeed<ListSectionSnapshot>()
      let nested = ComposedFeed<ListSectionSnapshot>()
      let inNested = random.next() % 2 == 0
      let holder = inNested ? nested : screen
      var screenChildren: [AnyObject] = []
      var flats: [SectionsFeed<ListSectionSnapshot>] = []
      for index in 0..<random.below(3) {
        let flat = Self.flatChild(index, &random, nextID: &nextRowID)
        flats.append(flat)
        try screen.append(flat)
        screenChildren.append(flat)
      }
      if inNested {
        let at = Int(random.next() % UInt64(screen.childCount + 1))
        try screen.insert(nested, at: at)
        screenChildren.insert(nested, at: at)
      }
      let treeAt = Int(random.next() % UInt64(holder.childCount + 1))
      try holder.insert(tree, at: treeAt)
      if !inNested { screenChildren.insert(tree, at: treeAt) }
      var treeIsIn = true
      let filtered = try FilteredFeed(screen)
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: filtered)
      var nextID = 100
      var log: [String] = []
      // The expansion the tree had when the filter over the composite started revealing its matches.
      var expansionBefore = expanded
      let treeID = ListIdentifier("tree")
      steps: for step in 0..<8 {
        switch random.next() % 7 {
        case 0, 1:
          let query = FilteredFeedTests.word(&random, maxLength: 2).filter { $0 != " " }
          if filtered.query.isEmpty { expansionBefore = tree.outline.expanded }
          filtered.query = query
          lone.query = query
          log.append("query '\(query)'")
        case 2:
          for _ in 0..<(1 + random.next() % 2) { TreeFilterPropertyTests.change(&current, nextID: &nextID, &random) }
          if random.next() % 4 == 0 { current = TreeFilterPropertyTests.forest(&random) }
          tree.outline.roots = current
          loneTree.outline.roots = current
          log.append("trees changed")
        case 3:
          // The tree leaves its composite, or comes back at a random place.
          if treeIsIn {
            if inNested {
              try nested.removeChild(at: 0)
            } else if let index = screenChildren.firstIndex(where: { $0 === tree }) {
              screenChildren.remove(at: index)
              try screen.removeChild(at: index)
            }
            log.append("tree removed")
          } else {
            expansionBefore = tree.outline.expanded
            let at = Int(random.next() % UInt64(holder.childCount + 1))
            try holder.insert(tree, at: at)
            if !inNested { screenChildren.insert(tree, at: at) }
            log.append("tree inserted at \(at)")
          }
          treeIsIn.toggle()
        case 4:
          // A flat child added or removed.
          if let last = flats.last, random.next() % 2 == 0,
            let index = screenChildren.firstIndex(where: { $0 === last })
          {
            flats.removeLast()
            screenChildren.remove(at: index)
            try screen.removeChild(at: index)
            log.append("flat removed")
          } else {
            let flat = Self.flatChild(10 + step, &random, nextID: &nextRowID)
            flats.append(flat)
            let at = Int(random.next() % UInt64(screen.childCount + 1))
            try screen.insert(flat, at: at)
            screenChildren.insert(flat, at: at)
            log.append("flat inserted at \(at)")
          }
        default:
          // A row of the tree expanded or collapsed through the filters: both refuse while a query is set.
          guard treeIsIn, let section = engine.snapshot.firstIndex(where: { $0.model.id == treeID }),
            !engine.snapshot[section].elements.isEmpty
          else { continue }
          let item = Int(random.next() % UInt64(engine.snapshot[section].elements.count))
          let expand = random.next() % 2 == 0
          let here = engine.setExpanded(expand, forRowAt: ItemPath(item: item, section: section))
          let alone = loneEngine.setExpanded(expand, forRowAt: ItemPath(item: item, section: 0))
          log.append("row \(item) expanded \(expand)")
          if here != alone { failures.append("seed \(seed) step \(step) \(log): expansion \(here), alone \(alone)") }
        }
        let context = "seed \(seed) step \(step) \(log)"
        if !view.inconsistencies.isEmpty {
          failures.append("\(context): \(view.inconsistencies)")
          break steps
        }
        if treeIsIn {
          let part = Self.rows(of: treeID, in: view, engine)
          let alone = loneView.sections.map { $0.rows.map(\.textRepresentation) }
          if part != alone {
            failures.append("\(context): the tree's part \(part), alone \(alone)")
            break steps
          }
          if tree.outline.expanded != loneTree.outline.expanded {
            failures.append("\(context): expansion \(tree.outline.expanded), alone \(loneTree.outline.expanded)")
            break steps
          }
          if let section = engine.snapshot.firstIndex(where: { $0.model.id == treeID }) {
            for item in engine.snapshot[section].elements.indices {
              let here = engine.isRowExpanded(at: ItemPath(item: item, section: section))
              let alone = loneEngine.isRowExpanded(at: ItemPath(item: item, section: 0))
              if here != alone {
                failures.append(
                  "\(context): row \(item) expandable \(String(describing: here)) \(String(describing: alone))")
                break steps
              }
            }
          }
        } else if !filtered.query.isEmpty, tree.outline.expanded != expansionBefore {
          // A tree the composite let go is given back as the filter found it.
          failures.append("\(context): a removed tree keeps the filter's expansion \(tree.outline.expanded)")
          break steps
        }
        // The flat children show the rows that match, as lists.
        for flat in flats {
          let id = flat.displayedSections[0].model.id
          let shown = Self.rows(of: id, in: view, engine)
          let expected = Self.expectedRows(of: flat, query: filtered.query)
          if shown != expected {
            failures.append("\(context): flat \(id) shows \(shown), expected \(expected)")
            break steps
          }
        }
      }
      withExtendedLifetime((engine, loneEngine)) {}
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }

  @Test("a tree added to a composite whose filter is gone shows its own expansion, with no match revealed")
  func treeAddedAfterFilter() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 40, deep: 200) {
      var random = SeededRandom(seed: seed)
      let roots = TreeFilterPropertyTests.forest(&random)
      let expanded = Set((1...16).filter { _ in random.next() % 2 == 0 })
      let tree = OutlineFeed(
        id: "tree", outline: Outline(roots, expanded: expanded), cell: TreeFilterPropertyTests.binder)
      var nextRowID = 1_000
      let screen = ComposedFeed<ListSectionSnapshot>()
      let nested = ComposedFeed<ListSectionSnapshot>()
      try screen.append(nested)
      for index in 0..<random.below(3) {
        try screen.append(Self.flatChild(index, &random, nextID: &nextRowID))
      }
      let query = ["a", "y", "X", "c", "ab", "ya"][random.below(6)]
      do {
        // A filter with a query over the composite, with no tree in it yet, let go with its query.
        let filtered = try FilteredFeed(screen)
        let engine = try ListEngine(view: RecordingListView(), showing: filtered)
        filtered.query = query
        withExtendedLifetime(engine) {}
      }
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: screen)
      try (random.oneIn(2) ? nested : screen).append(tree)
      let part = Self.rows(of: ListIdentifier("tree"), in: view, engine)
      let own = [Outline(roots, expanded: expanded).rows.map(\.element.name)]
      if part != own || tree.outline.expanded != expanded {
        failures.append("seed \(seed) query '\(query)': the tree shows \(part), expanded \(tree.outline.expanded)")
      }
      withExtendedLifetime(engine) {}
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }

  @Test("a tree added to a filtered composite of long lists under a query is filtered as a tree")
  func treeAddedUnderQuery() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 12, deep: 200) {
      var random = SeededRandom(seed: seed)
      let roots = TreeFilterPropertyTests.forest(&random)
      let expanded = Set((1...16).filter { _ in random.next() % 2 == 0 })
      let tree = OutlineFeed(
        id: "tree", outline: Outline(roots, expanded: expanded), cell: TreeFilterPropertyTests.binder)
      let loneTree = OutlineFeed(
        id: "tree", outline: Outline(roots, expanded: expanded), cell: TreeFilterPropertyTests.binder)
      let lone = try FilteredFeed(loneTree)
      let loneView = RecordingListView()
      let loneEngine = try ListEngine(view: loneView, showing: lone)
      // Lists long enough that a query over them alone is followed by projecting their changes (the tree is
      // added in a nested composite in some cases).
      var nextRowID = 1_000
      let screen = ComposedFeed<ListSectionSnapshot>()
      for index in 0..<1 + random.below(2) {
        try screen.append(Self.flatChild(index, long: index == 0, &random, nextID: &nextRowID))
      }
      let filtered = try FilteredFeed(screen)
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: filtered)
      let query = ["a", "y", "X", "c", "ab", "ya"][random.below(6)]
      filtered.query = query
      lone.query = query
      let at = random.below(screen.childCount + 1)
      if random.oneIn(2) {
        let nested = ComposedFeed<ListSectionSnapshot>()
        try screen.insert(nested, at: at)
        try nested.append(tree)
      } else {
        try screen.insert(tree, at: at)
      }
      let part = Self.rows(of: ListIdentifier("tree"), in: view, engine)
      let alone = loneView.sections.map { $0.rows.map(\.textRepresentation) }
      if part != alone || !view.inconsistencies.isEmpty {
        failures.append("seed \(seed) query '\(query)': the tree's part \(part), alone \(alone)")
      }
      withExtendedLifetime((engine, loneEngine)) {}
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }
}
