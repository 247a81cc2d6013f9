import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlow

/// The selection of a composite of three feeds, in single and multiple mode, against a model of the selected
/// identities that reads nothing of the engine's routing: an outline (whose collapse drops the selected rows it
/// hides, as a deletion does), a filter over a list (whose query hides rows that stay selected) and a list of two
/// sections, each owning its own identities.
///
/// Generated: random selections by identity (shown, hidden by the query, under a collapsed row, or deleted),
/// deselections, toggles of rows shown, selections of every row shown, selections set (sometimes with the other
/// mode), changes of the mode, queries, collapses and expansions, changes of the lists that delete rows, put back
/// rows deleted earlier with the same identity, or delete and put back a row in one change (a move), and told
/// moves of rows. After every step: the engine selects the model's identities in the model's order, and its
/// selected rows are every row shown that carries one; each feed heard (added minus removed) exactly the selected
/// identities of its rows, shown or hidden, and the list's delegate the whole selection; never twice an addition,
/// never a removal not heard added. Every change reported names, at its positions, rows that carry its
/// identities on the same side when it is reported, each feed in its own positions, and every such row.
@MainActor
@Suite("A composite's selection follows a model, in single and multiple mode")
struct ComposedSelectionModelPropertyTests {
  struct File: Differentiable, Hashable, Sendable {
    var id: String
    var differenceIdentifier: String { id }
    func isContentEqual(to source: File) -> Bool { self == source }
  }

  enum Action {
    case select, deselect, toggle, selectAll, clear, setSelection, mode, query, collapse, expand, changeList
    case reacting, toldEdit, toldMove, hideInner, hideList, detachFilter, moveChild, choose, unchoose, selectAt,
      changeTree
  }

  static let actions = WeightedChoice<Action>([
    ("select an identity", weight: 5, .select),
    ("deselect an identity", weight: 2, .deselect),
    ("toggle a row shown", weight: 4, .toggle),
    ("select every row shown", weight: 1, .selectAll),
    ("clear the selection", weight: 1, .clear),
    ("set a selection", weight: 2, .setSelection),
    ("change the mode", weight: 1, .mode),
    ("change the query", weight: 3, .query),
    ("collapse a tree row", weight: 2, .collapse),
    ("expand a tree row", weight: 2, .expand),
    ("change a list", weight: 3, .changeList),
    ("move a row of the two-section list", weight: 2, .toldMove),
    ("edit the controller (told)", weight: 3, .toldEdit),
    ("select every row shown, a feed told changing a list", weight: 2, .reacting),
    ("hide or show the inner composite", weight: 1, .hideInner),
    ("hide or show the two-section list", weight: 1, .hideList),
    ("remove or put back the filter", weight: 1, .detachFilter),
    ("move a child of the inner composite", weight: 1, .moveChild),
    ("choose a row shown", weight: 2, .choose),
    ("deselect a row shown", weight: 1, .unchoose),
    ("select or deselect a row shown by position", weight: 2, .selectAt),
    ("take a root out of the tree or put one back", weight: 2, .changeTree),
  ])

  static let words = ["ant", "bee", "cat", "dog"]
  static let queries = ["", "", "ant", "bee", "at", "a", "zz"]

  /// Positions in `sections` of the rows that carry one of `ids` and `shows` lets through, ascending.
  static func positions(
    of ids: [ListIdentifier], in sections: [ListSectionSnapshot], shows: (ListIdentifier) -> Bool = { _ in true }
  ) -> [ItemPath] {
    let wanted = Set(ids)
    var paths: [ItemPath] = []
    for (section, content) in sections.enumerated() {
      for item in content.elements.indices {
        let id = content.elements.identity(at: item)
        if wanted.contains(id), shows(id) { paths.append(ItemPath(item: item, section: section)) }
      }
    }
    return paths
  }

  /// The first step at which the engine or a feed disagrees with the model, with its problems; empty when none.
  static func run(seed: UInt64) throws -> [String] {
    var random = SeededRandom(seed: seed)
    var next = 0
    func word() -> String { words[random.below(words.count)] }
    func newRow(_ prefix: String) -> String {
      next += 1
      return "\(prefix)\(next) \(word())"
    }
    // The tree: up to three levels, identities "t<n>".
    func nodes(depth: Int) -> [Outline<File>.Node] {
      (0..<1 + random.below(depth == 0 ? 3 : 2)).map { _ in
        next += 1
        let file = File(id: "t\(next)")
        return Outline.Node(file, children: depth < 2 && random.oneIn(2) ? nodes(depth: depth + 1) : [])
      }
    }
    var roots = nodes(depth: 0)
    var buriedRoots: [Outline<File>.Node] = []
    var expanded: Set<String> = []
    func allNodes(_ nodes: [Outline<File>.Node]) -> [Outline<File>.Node] {
      nodes.flatMap { [$0] + allNodes($0.children) }
    }
    for node in allNodes(roots) where !node.children.isEmpty && random.oneIn(2) { expanded.insert(node.element.id) }
    func visible(_ nodes: [Outline<File>.Node]) -> [Outline<File>.Node] {
      nodes.flatMap { [$0] + (expanded.contains($0.element.id) ? visible($0.children) : []) }
    }
    var listA = (0..<1 + random.below(4)).map { _ in newRow("a") }
    var listB = [(0..<random.below(4)).map { _ in newRow("b") }, (0..<1 + random.below(3)).map { _ in newRow("b") }]
    var graveyard: [String] = []
    func section(_ id: String, _ rows: [String]) -> ListSectionSnapshot {
      ListSection(id: id, items: rows.map { MessageCell.makeBinder(value: $0, id: $0) }).snapshot
    }
    let tree = OutlineFeed(id: "tree", outline: Outline(roots, expanded: expanded)) { row in
      MessageCell.makeBinder(value: row.element.id, id: row.element.id)
    }
    let feedA = SectionsFeed<ListSectionSnapshot>(sections: [section("a", listA)])
    let feedB = SectionsFeed<ListSectionSnapshot>(sections: [section("b0", listB[0]), section("b1", listB[1])])
    let filter = try FilteredFeed(feedA)
    let composite = ComposedFeed<ListSectionSnapshot>()
    let inner = ComposedFeed<ListSectionSnapshot>()
    try composite.append(tree)
    try inner.append(filter)
    try inner.append(feedB)
    try composite.append(inner)
    // A controller changed by told edits, under a filter of its own.
    var listC = (0..<1 + random.below(4)).map { _ in newRow("c") }
    let feedC = ListController<[ListSection<CellBinder>]>()
    var first = feedC.makeEdit()
    try first.appendSections([ListSection(id: "c", items: listC.map { MessageCell.makeBinder(value: $0, id: $0) })])
    feedC.apply(first)
    let filterC = try FilteredFeed(feedC)
    try composite.append(filterC)
    if random.oneIn(2) { filterC.query = queries[random.below(queries.count)] }
    var filterAttached = true
    if random.oneIn(2) { filter.query = queries[random.below(queries.count)] }
    func matches(_ text: String) -> Bool {
      filter.query.isEmpty || FilteredFeed.Match(query: filter.query, in: text) != nil
    }
    func treeIDs() -> Set<String> { Set(visible(roots).map(\.element.id)) }
    /// The identities each feed holds: the tree's visible rows, the filtered list's rows (shown or hidden), the
    /// other list's rows. Index 3 is the whole list, for the list's delegate.
    func owned(_ feed: Int) -> Set<String> {
      switch feed {
      case 0: treeIDs()
      case 1: filterAttached && !inner.isHidden ? Set(listA) : []
      case 2: !inner.isHidden && !feedB.isHidden ? Set(listB.joined()) : []
      case 3: Set(listC)
      default: owned(0).union(owned(1)).union(owned(2)).union(owned(3))
      }
    }
    var problems: [String] = []
    var heard = [Set<String>](repeating: [], count: 5)
    let names = ["tree", "filtered list", "two-section list", "edited list", "list"]
    let prefixes = ["t", "a", "b", "c", ""]
    /// A change of the lists that the first feed told of a change makes, once.
    var reaction: (() -> Void)?
    /// While a change a callback made waits for the selection change under way to be told: the list shown (the
    /// engine's identities), each feed's rows and the identities each held before the callback changed them.
    /// The feeds are told where their rows are in the list shown, which the waiting change has not reached yet.
    var frozen: (shown: [[ListIdentifier]], rows: [[ListSectionSnapshot]], owned: [Set<String>])?
    /// Checks a change told to feed `feed` against the rows it shows when told, and follows what it heard.
    func told(_ change: ListSelection.Change, to feed: Int) {
      defer {
        if let react = reaction {
          reaction = nil
          react()
        }
      }
      if let shown = frozen?.shown, engineSnapshot().map({ Array($0.elements.identities) }) != shown {
        frozen = nil
      }
      let held = feed == 1 ? owned(feed) : frozen?.owned[feed] ?? owned(feed)
      noteHeard(change, byList: feed, heard: &heard[feed], problems: &problems) { held.contains($0) }
      var rows: [ListSectionSnapshot]
      var shows: (ListIdentifier) -> Bool = { _ in true }
      switch feed {
      case 0: rows = tree.displayedSections
      case 1:
        // Rows of a feed out of the list (removed, or in a hidden composite) have no position.
        rows = feedA.displayedSections
        shows = { filterAttached && !inner.isHidden && matches($0.description) }
      case 2:
        rows = feedB.displayedSections
        shows = { _ in !inner.isHidden }
      case 3:
        rows = feedC.displayedSections
        shows = { filterC.query.isEmpty || FilteredFeed.Match(query: filterC.query, in: $0.description) != nil }
      default: rows = Array(engineSnapshot())
      }
      if let frozen, feed < 4, feed != 1 { rows = frozen.rows[feed] }
      problems += misroutings(of: change, toldTo: names[feed], showing: rows, owning: prefixes[feed])
      let added = positions(of: change.added, in: rows, shows: shows)
      let removed = positions(of: change.removed, in: rows, shows: shows)
      // A filter maps the positions of the list shown through its newest rows: while a change waits, a row
      // that only its newest rows show has no position (see `FilteredFeed`), but every position is its row's.
      let wrong =
        frozen != nil && feed == 1
        ? !Set(change.addedRows).isSubset(of: added) || !Set(change.removedRows).isSubset(of: removed)
          || change.addedRows != change.addedRows.sorted() || change.removedRows != change.removedRows.sorted()
        : change.addedRows != added || change.removedRows != removed
      if wrong {
        problems.append("\(names[feed]) told \(change.addedRows) -\(change.removedRows), rows \(added) -\(removed)")
      }
    }
    var engineRef: ListEngine?
    func engineSnapshot() -> ListSnapshot { engineRef?.snapshot ?? [] }
    tree.delegate.didChangeSelection = { told($0, to: 0) }
    feedA.delegate.didChangeSelection = { told($0, to: 1) }
    feedB.delegate.didChangeSelection = { told($0, to: 2) }
    feedC.delegate.didChangeSelection = { told($0, to: 3) }
    var delegate = SyncDelegate()
    delegate.didChangeSelection = { told($0, to: 4) }
    let view = RecordingListView()
    let engine = try ListEngine(
      view: view, showing: composite, delegate: delegate, reloadThreshold: random.oneIn(3) ? random.below(4) : nil)
    engineRef = engine
    var mode: ListSelection.Mode = random.oneIn(2) ? .single : .multiple
    engine.selectionMode = mode
    /// The model: the selected identities, oldest first.
    var selected: [String] = []
    func select(_ ids: [String]) {
      for id in ids where mode.limit > 0 && !selected.contains(id) {
        selected.append(id)
        if selected.count > mode.limit { selected.removeFirst(selected.count - mode.limit) }
      }
    }
    /// Drops the identities no feed holds any more (rows deleted, or under a row collapsed).
    func dropGone() {
      let held = owned(4)
      selected.removeAll { !held.contains($0) }
    }
    func shownPaths() -> [ItemPath] {
      engine.snapshot.indices.flatMap { section in
        engine.snapshot[section].elements.indices.map { ItemPath(item: $0, section: section) }
      }
    }
    var log: [String] = []
    for step in 0..<60 {
      let action = actions.pick(using: &random)
      switch action.value {
      case .select:
        let pool = allNodes(roots + buriedRoots).map(\.element.id) + listA + Array(listB.joined()) + listC + graveyard
        let id = pool[random.below(pool.count)]
        engine.select(ListIdentifier(id))
        if owned(4).contains(id) { select([id]) }
        log.append("select \(id)")
      case .deselect:
        let pool = selected + (random.oneIn(3) ? Array(owned(4)).sorted() : [])
        guard let id = pool.randomElement(using: &random) else { continue }
        engine.deselect(ListIdentifier(id))
        selected.removeAll { $0 == id }
        log.append("deselect \(id)")
      case .toggle:
        guard let path = shownPaths().randomElement(using: &random) else { continue }
        let id = engine.snapshot[path.section].elements.identity(at: path.item).description
        try engine.toggleSelection(ofRowAt: path)
        if selected.contains(id) { selected.removeAll { $0 == id } } else { select([id]) }
        log.append("toggle \(id)")
      case .selectAll:
        engine.selectAll()
        select(shownPaths().map { engine.snapshot[$0.section].elements.identity(at: $0.item).description })
        log.append("all")
      case .clear:
        engine.clearSelection()
        selected = []
        log.append("clear")
      case .setSelection:
        let pool = allNodes(roots + buriedRoots).map(\.element.id) + listA + Array(listB.joined()) + listC + graveyard
        let ids = pool.filter { _ in random.oneIn(3) }.shuffled(using: &random)
        if random.oneIn(3) { mode = mode == .single ? .multiple : .single }
        engine.setSelection(ListSelection(mode: mode, identifiers: ids.map { ListIdentifier($0) }))
        // The value given keeps its mode's last identities; those no feed holds are then left out.
        selected = ids.suffix(min(mode.limit, ids.count)).filter { owned(4).contains($0) }
        log.append("set \(mode) \(ids)")
      case .mode:
        mode = [ListSelection.Mode.single, .multiple, .single, .multiple, .none][random.below(5)]
        engine.selectionMode = mode
        if selected.count > mode.limit { selected.removeFirst(selected.count - mode.limit) }
        log.append("mode \(mode)")
      case .query:
        let changed = random.oneIn(2) ? filter : filterC
        changed.query = queries[random.below(queries.count)]
        log.append("query \(changed === filter ? "a" : "c") '\(changed.query)'")
      case .collapse, .expand:
        let expanding = action.value == .expand
        let rows = tree.rows.indices.filter {
          tree.rows[$0].isExpandable && tree.rows[$0].isExpanded != expanding
        }
        guard let index = rows.randomElement(using: &random) else { continue }
        let id = tree.rows[index].element.id
        tree.toggleRow(at: index)
        if expanding { expanded.insert(id) } else { expanded.remove(id) }
        dropGone()
        log.append("\(expanding ? "expand" : "collapse") \(id)")
      case .changeList:
        // Rows deleted (to the graveyard), rows deleted earlier put back with their identity, new rows; a row
        // deleted and put back in one change is moved.
        let isA = random.oneIn(2)
        var sections = isA ? [listA] : listB
        var buried: [String] = []
        for index in sections.indices {
          for _ in 0..<random.below(3) where !sections[index].isEmpty {
            buried.append(sections[index].remove(at: random.below(sections[index].count)))
          }
        }
        let prefix = isA ? "a" : "b"
        for index in sections.indices {
          for _ in 0..<random.below(3) {
            let back = (graveyard + buried).filter { $0.hasPrefix(prefix) }
            let row: String
            if !back.isEmpty, random.oneIn(2) {
              row = back[random.below(back.count)]
              graveyard.removeAll { $0 == row }
              buried.removeAll { $0 == row }
            } else {
              row = newRow(prefix)
            }
            sections[index].insert(row, at: random.below(sections[index].count + 1))
          }
        }
        graveyard += buried
        if isA {
          listA = sections[0]
          feedA.update(to: [section("a", listA)])
        } else {
          listB = sections
          feedB.update(to: [section("b0", listB[0]), section("b1", listB[1])])
        }
        dropGone()
        log.append("list \(prefix) \(sections)")
      case .toldMove:
        let rows = listB.indices.flatMap { section in
          listB[section].indices.map { ItemPath(item: $0, section: section) }
        }
        guard let source = rows.randomElement(using: &random) else { continue }
        let row = listB[source.section].remove(at: source.item)
        let target = ItemPath(item: 0, section: random.below(2))
        let item = random.below(listB[target.section].count + 1)
        listB[target.section].insert(row, at: item)
        try feedB.moveRow(Move(source: source, target: ItemPath(item: item, section: target.section)))
        log.append("move \(row) to \(item):\(target.section)")
      case .hideInner:
        inner.isHidden.toggle()
        dropGone()
        log.append("inner hidden \(inner.isHidden)")
      case .hideList:
        feedB.isHidden.toggle()
        dropGone()
        log.append("list b hidden \(feedB.isHidden)")
      case .detachFilter:
        // Flipped first: what the feeds are told while the filter leaves has no position in it.
        filterAttached.toggle()
        if filterAttached {
          try inner.insert(filter, at: random.below(inner.children.count + 1))
        } else {
          try inner.removeChild(at: inner.children.firstIndex { $0 === filter } ?? 0)
        }
        dropGone()
        log.append("filter attached \(filterAttached)")
      case .choose, .unchoose:
        guard let path = shownPaths().randomElement(using: &random) else { continue }
        let id = engine.snapshot[path.section].elements.identity(at: path.item).description
        if action.value == .choose {
          try engine.selectRow(at: path)
          // Choosing makes the row the selection in single mode only.
          if mode == .single { select([id]) }
        } else {
          try engine.deselectRow(at: path)
          selected.removeAll { $0 == id }
        }
        log.append("\(action.value == .choose ? "choose" : "unchoose") \(id)")
      case .selectAt:
        guard let path = shownPaths().randomElement(using: &random) else { continue }
        let id = engine.snapshot[path.section].elements.identity(at: path.item).description
        if random.oneIn(2) {
          try engine.select(rowAt: path)
          select([id])
        } else {
          try engine.deselect(rowAt: path)
          selected.removeAll { $0 == id }
        }
        log.append("by position \(id)")
      case .changeTree:
        if !buriedRoots.isEmpty, random.oneIn(2) {
          roots.insert(buriedRoots.removeFirst(), at: random.below(roots.count + 1))
        } else if !roots.isEmpty {
          buriedRoots.append(roots.remove(at: random.below(roots.count)))
        }
        tree.outline.roots = roots
        dropGone()
        log.append("roots \(roots.map(\.element.id))")
      case .toldEdit:
        // Rows deleted, rows put back with an identity deleted earlier or in this edit, new rows, a row moved.
        var edit = feedC.makeEdit()
        var buried: [String] = []
        for _ in 0..<random.below(3) where !listC.isEmpty {
          buried.append(listC.remove(at: random.below(listC.count)))
        }
        if !buried.isEmpty { try edit.deleteRows(buried.map { ListIdentifier($0) }) }
        for _ in 0..<random.below(3) {
          let back = (graveyard + buried).filter { $0.hasPrefix("c") }
          let row: String
          if !back.isEmpty, random.oneIn(2) {
            row = back[random.below(back.count)]
            graveyard.removeAll { $0 == row }
            buried.removeAll { $0 == row }
          } else {
            row = newRow("c")
          }
          let item = random.below(listC.count + 1)
          listC.insert(row, at: item)
          try edit.insertRows([MessageCell.makeBinder(value: row, id: row)], at: ItemPath(item: item, section: 0))
        }
        if listC.count > 1, random.oneIn(2) {
          let row = listC.remove(at: random.below(listC.count))
          let item = random.below(listC.count + 1)
          listC.insert(row, at: item)
          try edit.moveRow(ListIdentifier(row), to: ItemPath(item: item, section: 0))
        }
        graveyard += buried
        feedC.apply(edit)
        dropGone()
        log.append("edit c \(listC)")
      case .reacting:
        // The first feed told of the change puts new rows on top of the two-section list and deletes one: the
        // feeds and the list's delegate told after it must be told where the rows are then.
        reaction = {
          for index in listB.indices {
            listB[index].insert(newRow("b"), at: 0)
            if listB[index].count > 2, random.oneIn(2) {
              graveyard.append(listB[index].remove(at: 1 + random.below(listB[index].count - 1)))
            }
          }
          feedB.update(to: [section("b0", listB[0]), section("b1", listB[1])])
          listA.insert(newRow("a"), at: 0)
          if listA.count > 2, random.oneIn(2) { graveyard.append(listA.remove(at: 1 + random.below(listA.count - 1))) }
          if random.oneIn(2) { filter.query = queries[random.below(queries.count)] }
          feedA.update(to: [section("a", listA)])
        }
        let shownNow = shownPaths().map { engine.snapshot[$0.section].elements.identity(at: $0.item).description }
        frozen = (
          engine.snapshot.map { Array($0.elements.identities) },
          [tree.displayedSections, feedA.displayedSections, feedB.displayedSections, feedC.displayedSections],
          (0..<5).map(owned)
        )
        engine.selectAll()
        select(shownNow)
        reaction = nil
        frozen = nil
        dropGone()
        log.append("all, reacting")
      case .moveChild:
        guard inner.children.count == 2 else { continue }
        try inner.moveChild(from: 0, to: 1)
        log.append("children swapped")
      }
      let context = "seed \(seed) step \(step): \(log.suffix(8))"
      // The list shown: the tree's visible rows, the filtered list's matches, the other list's rows.
      let expectedShown = treeIDs().union(owned(1).filter(matches)).union(owned(2))
        .union(listC.filter { filterC.query.isEmpty || FilteredFeed.Match(query: filterC.query, in: $0) != nil })
      let shown = engine.snapshot.flatMap { $0.elements.identities.map(\.description) }
      if Set(shown) != expectedShown || shown.count != expectedShown.count {
        problems.append("shows \(shown), expected \(expectedShown.sorted())")
      }
      if engine.selection.identifiers.map(\.description) != selected || engine.selection.mode != mode {
        problems.append("engine selects \(engine.selection), model \(mode) \(selected)")
      }
      let selectedRows = positions(of: selected.map { ListIdentifier($0) }, in: Array(engine.snapshot))
      if engine.selectedRows != selectedRows {
        problems.append("selected rows \(engine.selectedRows), expected \(selectedRows)")
      }
      for feed in 0..<5 where heard[feed] != Set(selected).intersection(owned(feed)) {
        problems.append(
          "\(names[feed]) heard \(heard[feed].sorted()), its selected rows are "
            + "\(Set(selected).intersection(owned(feed)).sorted())")
      }
      if !problems.isEmpty { return ["\(context): \(problems.prefix(3))"] }
    }
    withExtendedLifetime(engine) {}
    return []
  }

  @Test("the engine and each feed follow the model of the selection")
  func selectionFollowsTheModel() throws {
    try recordFailingSeeds(DeepPass.seeds(quick: 80, deep: 2_000)) { try Self.run(seed: $0) }
  }
}
