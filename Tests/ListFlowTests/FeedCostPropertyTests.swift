import ListFlow
import ListFlowTesting
import Synchronization
import TestSupport
import Testing

/// What an operation of an outline, a paged feed or a static list costs in binders made, counted, each feed
/// shown alone and inside a ``ComposedFeed`` (after a sibling) in a `RecordingListView` (which holds a cell for
/// every row, so the rows on screen are the rows it inserts): random operations from named, weighted lists, each
/// making at most a binder per row it changed plus a small constant.
@MainActor
@Suite struct FeedCostPropertyTests {
  static let slack = 6

  /// Where a feed is shown: alone, or in a composite after a sibling of two rows.
  enum Placement: CaseIterable, CustomStringConvertible {
    case alone, composed
    var description: String { self == .alone ? "alone" : "composed" }
  }

  static func text(_ binder: String) -> CellBinder {
    CellBinder(cell: TextCell.self, value: binder, id: ListIdentifier(binder, scope: "sibling")) { cell, text in
      cell.title = text
    }
  }

  /// An engine showing `feed` on `view`: alone, or after a sibling; the sibling's rows' texts.
  static func show(
    _ feed: any ListFeed<ListSectionSnapshot>, on view: RecordingListView, _ placement: Placement
  ) throws -> (ListEngine, [[String]]) {
    switch placement {
    case .alone:
      return (try ListEngine(view: view, showing: feed, reloadThreshold: .max), [])
    case .composed:
      let composite = ComposedFeed<ListSectionSnapshot>()
      let sibling = OutlineFeed(
        id: "sibling", outline: Outline([Outline.Node("first"), Outline.Node("second")])
      ) { row in text(row.element) }
      try composite.append(sibling)
      try composite.append(feed)
      return (try ListEngine(view: view, showing: composite, reloadThreshold: .max), [["first", "second"]])
    }
  }

  static func shown(_ view: RecordingListView) -> [[String]] {
    view.sections.map { $0.rows.map(\.textRepresentation) }
  }

  // MARK: Outlines

  /// A node's element: identity `id`, content `version`.
  struct Item: Hashable, Sendable, Differentiable {
    var id: Int
    var version: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Item) -> Bool { self == source }
  }

  typealias Node = Outline<Item>.Node

  static func rowText(_ row: Outline<Item>.Row) -> String {
    let marker = row.isExpandable ? (row.isExpanded ? "-" : "+") : " "
    return "\(String(repeating: ".", count: row.depth))\(marker)\(row.element.id) v\(row.element.version)"
  }

  static func randomTree(nextID: inout Int, using random: inout SeededRandom) -> [Node] {
    func node(depth: Int) -> Node {
      defer { nextID += 1 }
      let id = nextID
      let children = depth < 2 ? (0..<random.below(depth == 0 ? 7 : 4)).map { _ in node(depth: depth + 1) } : []
      return Node(Item(id: id, version: 0), children: children)
    }
    return (0..<(3 + random.below(6))).map { _ in node(depth: 0) }
  }

  /// The path of every node, depth first.
  static func paths(_ nodes: [Node], prefix: [Int] = []) -> [[Int]] {
    nodes.indices.flatMap { index in [prefix + [index]] + paths(nodes[index].children, prefix: prefix + [index]) }
  }

  /// Runs `body` on the array holding the node at `path` and the node's index in it.
  static func modify(_ nodes: inout [Node], at path: ArraySlice<Int>, _ body: (inout [Node], Int) -> Void) {
    guard let first = path.first else { return }
    if path.count == 1 { body(&nodes, first) } else { modify(&nodes[first].children, at: path.dropFirst(), body) }
  }

  /// An edit of the trees.
  enum TreeEdit { case change, insert, remove, addChild }

  /// The edits of ``edit(_:nextID:using:)``, by weight.
  static let treeEdits = WeightedChoice<TreeEdit>([
    ("change a node's content", weight: 1, .change),
    ("insert a node", weight: 1, .insert),
    ("remove a node", weight: 1, .remove),
    ("add a child to a node", weight: 1, .addChild),
  ])

  /// A random edit of the trees: a node's content changed, a node inserted or removed, a child added.
  static func edit(_ roots: inout [Node], nextID: inout Int, using random: inout SeededRandom) {
    let all = paths(roots)
    guard let path = all.isEmpty ? nil : all[random.below(all.count)] else {
      roots.append(Node(Item(id: nextID, version: 0)))
      nextID += 1
      return
    }
    let id = nextID
    switch treeEdits.pick(using: &random).value {
    case .change: modify(&roots, at: path[...]) { nodes, index in nodes[index].element.version += 1 }
    case .insert:
      modify(&roots, at: path[...]) { nodes, index in nodes.insert(Node(Item(id: id, version: 0)), at: index) }
      nextID += 1
    case .remove: modify(&roots, at: path[...]) { nodes, index in nodes.remove(at: index) }
    case .addChild:
      modify(&roots, at: path[...]) { nodes, index in nodes[index].children.append(Node(Item(id: id, version: 0))) }
      nextID += 1
    }
  }

  enum OutlineOperation {
    case expand, collapse, unchanged, change, expandAll, collapseAll
  }

  static let outlineOperations = WeightedChoice<OutlineOperation>([
    ("expand a collapsed row", weight: 4, .expand),
    ("collapse an expanded row", weight: 3, .collapse),
    ("set the same trees again", weight: 3, .unchanged),
    ("change a few nodes and set the trees", weight: 4, .change),
    ("expand every node", weight: 1, .expandAll),
    ("collapse every node", weight: 1, .collapseAll),
  ])

  /// The rows an outline change inserts or moves, and twice those it updates: as on the rows path
  /// (`CostPropertyTests`), an updated row's binder is made for the stage that updates it and again for the view.
  static func changedRows(from old: [Outline<Item>.Row], to new: [Outline<Item>.Row]) -> Int {
    StagedChangeset(source: old, target: new).reduce(0) {
      $0 + $1.elementInserted.count + 2 * $1.elementUpdated.count + $1.elementMoved.count
    }
  }

  @Test(
    "an outline costs the rows it changed: expanding, collapsing, new trees; the same trees cost nothing",
    arguments: Placement.allCases)
  func outlineCostsItsChange(placement: Placement) throws {
    for seed in DeepPass.seeds(from: 0x0771, quick: 3, deep: 30) {
      var random = SeededRandom(seed: seed)
      var nextID = 0
      var roots = Self.randomTree(nextID: &nextID, using: &random)
      let calls = CallCounter()
      let feed = OutlineFeed(id: "tree", outline: Outline(roots)) { row in
        calls.add()
        return CellBinder(cell: TextCell.self, value: Self.rowText(row), id: ListIdentifier(row.element.id, scope: "x"))
        { cell, text in cell.title = text }
      }
      let view = RecordingListView(historyLimit: 4)
      let (engine, sibling) = try Self.show(feed, on: view, placement)
      _ = calls.take()
      for step in 0..<DeepPass.cases(quick: 25, deep: 100) {
        let operation = Self.outlineOperations.pick(using: &random)
        let context = "\(placement) seed \(seed) step \(step): \(operation.name)"
        let before = feed.rows
        switch operation.value {
        case .expand, .collapse:
          let expanding = operation.value == .expand
          let candidates = feed.rows.indices.filter {
            feed.rows[$0].isExpandable && feed.rows[$0].isExpanded != expanding
          }
          guard !candidates.isEmpty else { continue }
          feed.setExpanded(expanding, forRowAt: ItemPath(item: candidates[random.below(candidates.count)], section: 0))
        case .unchanged:
          feed.outline.roots = roots
        case .change:
          for _ in 0..<(1 + random.below(4)) { Self.edit(&roots, nextID: &nextID, using: &random) }
          feed.outline.roots = roots
        case .expandAll:
          feed.outline.expandAll()
        case .collapseAll:
          feed.outline.collapseAll()
        }
        let made = calls.take()
        let changed = Self.changedRows(from: before, to: feed.rows)
        if operation.value == .unchanged { #expect(made == 0, "the same trees made \(made) binders: \(context)") }
        #expect(made <= changed + Self.slack, "\(changed) rows changed, \(made) binders made: \(context)")
        #expect(Self.shown(view) == sibling + [feed.rows.map(Self.rowText)], "\(context)")
        #expect(view.inconsistencies.isEmpty, "\(context)")
      }
      _ = engine
    }
  }

  // MARK: Pages

  struct Post: Sendable {
    var id: Int
  }

  /// A server of 60 posts in pages of 7, which fails the next load when told to.
  final class Server: Sendable {
    struct Failure: Error {}
    private let state = Mutex((failNext: false, served: 0))
    let count = 60
    let pageSize = 7

    func failNext() { state.withLock { $0.failNext = true } }

    /// The elements served since the last time.
    func takeServed() -> Int {
      state.withLock { state in
        defer { state.served = 0 }
        return state.served
      }
    }

    func page(_ start: Int) throws -> Page<Post, Int> {
      try state.withLock { state in
        if state.failNext {
          state.failNext = false
          throw Failure()
        }
        let end = min(start + pageSize, count)
        state.served += end - start
        return Page(elements: (start..<end).map { Post(id: $0) }, nextPage: end < count ? end : nil)
      }
    }
  }

  enum PageOperation {
    case loadMore, failingLoadMore, refresh, refreshLoadedPages, sameAppearance
  }

  static let pageOperations = WeightedChoice<PageOperation>([
    ("load more", weight: 5, .loadMore),
    ("load more, which fails", weight: 2, .failingLoadMore),
    ("refresh", weight: 1, .refresh),
    ("refresh the loaded pages", weight: 1, .refreshLoadedPages),
    ("set the same appearance again", weight: 1, .sameAppearance),
  ])

  @Test(
    "a paged feed costs the rows a load brings: loading more, a failure, a retry, a refresh",
    arguments: Placement.allCases)
  func pagesCostTheirChange(placement: Placement) async throws {
    for seed in DeepPass.seeds(from: 0x9A6E, quick: 3, deep: 30) {
      var random = SeededRandom(seed: seed)
      let server = Server()
      let paging = PagingController { (cursor: Int?) in try server.page(cursor ?? 0) }
      let calls = CallCounter()
      let appearance = PagingAppearance(
        loadingMore: Self.text("loading"), failedFooter: Self.text("failed"), endOfList: Self.text("end"))
      let feed = PagedFeed(id: "posts", paging: paging, appearance: appearance) { post in
        calls.add()
        return CellBinder(cell: TextCell.self, value: "post \(post.id)", id: ListIdentifier(post.id)) { cell, text in
          cell.title = text
        }
      }
      let view = RecordingListView(historyLimit: 4)
      let (engine, sibling) = try Self.show(feed, on: view, placement)
      await paging.refresh()
      _ = calls.take()
      _ = server.takeServed()
      for step in 0..<DeepPass.cases(quick: 15, deep: 60) {
        let operation = Self.pageOperations.pick(using: &random)
        let context = "\(placement) seed \(seed) step \(step): \(operation.name)"
        switch operation.value {
        case .loadMore: await paging.loadMore()
        case .failingLoadMore:
          server.failNext()
          await paging.loadMore()
        case .refresh: await paging.refresh()
        case .refreshLoadedPages: await paging.refreshLoadedPages()
        case .sameAppearance: feed.appearance = appearance
        }
        let made = calls.take()
        let served = server.takeServed()
        #expect(made <= served + Self.slack, "\(served) rows loaded, \(made) binders made: \(context)")
        let shown = Self.shown(view)
        #expect(Array(shown.dropLast()) == sibling, "\(context)")
        #expect(
          shown.last.map { Array($0.prefix(paging.rows.count)) } == paging.rows.map { "post \($0.id)" }, "\(context)")
        #expect(view.inconsistencies.isEmpty, "\(context)")
      }
      _ = engine
    }
  }

  // MARK: Static lists

  struct Setting: Equatable, Sendable, Titled {
    var name: String
    var title: String? { name }
  }

  /// A constructor whose `cellType(for:)`, asked once per binder made, counts the binders.
  struct Settings: StaticListConstructor {
    let calls: CallCounter
    var sections: [ListSection<Setting>]

    func cellType(for model: Setting) -> any ListCell.Type {
      calls.add()
      return TextCell.self
    }
  }

  enum StaticOperation {
    case unchanged, rename, insert, remove
  }

  static let staticOperations = WeightedChoice<StaticOperation>([
    ("reload with nothing changed", weight: 3, .unchanged),
    ("rename a row", weight: 3, .rename),
    ("insert a row", weight: 2, .insert),
    ("remove a row", weight: 2, .remove),
  ])

  /// The rows, by section and position, whose model is new or differs from the one at that place before.
  static func changedPlaces(from old: [ListSection<Setting>], to new: [ListSection<Setting>]) -> Int {
    zip(old, new).reduce(0) { total, pair in
      total + pair.1.items.indices.filter { $0 >= pair.0.items.count || pair.0.items[$0] != pair.1.items[$0] }.count
    }
  }

  @Test(
    "a static list costs the rows whose model changed; a reload of the same models costs nothing",
    arguments: Placement.allCases)
  func staticListCostsItsChange(placement: Placement) throws {
    for seed in DeepPass.seeds(from: 0x57A7, quick: 3, deep: 30) {
      var random = SeededRandom(seed: seed)
      let calls = CallCounter()
      var nextName = 0
      func name() -> Setting {
        defer { nextName += 1 }
        return Setting(name: "setting \(nextName)")
      }
      let sections = (0..<3).map { section in
        ListSection(id: "s\(section)", items: (0..<(2 + random.below(8))).map { _ in name() })
      }
      let list = StaticList(Settings(calls: calls, sections: sections))
      let view = RecordingListView(historyLimit: 4)
      let (engine, sibling) = try Self.show(list, on: view, placement)
      _ = calls.take()
      for step in 0..<DeepPass.cases(quick: 25, deep: 100) {
        let operation = Self.staticOperations.pick(using: &random)
        let context = "\(placement) seed \(seed) step \(step): \(operation.name)"
        let before = list.constructor.sections
        var after = before
        let section = random.below(after.count)
        switch operation.value {
        case .unchanged: break
        case .rename where !after[section].items.isEmpty:
          after[section].items[random.below(after[section].items.count)] = name()
        case .insert: after[section].items.insert(name(), at: random.below(after[section].items.count + 1))
        case .remove where !after[section].items.isEmpty:
          after[section].items.remove(at: random.below(after[section].items.count))
        default: break
        }
        list.constructor.sections = after
        list.reload()
        let made = calls.take()
        let changed = Self.changedPlaces(from: before, to: after)
        #expect(made <= changed + Self.slack, "\(changed) rows changed, \(made) binders made: \(context)")
        if before == after { #expect(made == 0, "an unchanged reload made \(made) binders: \(context)") }
        #expect(Self.shown(view) == sibling + after.map { $0.items.map(\.name) }, "\(context)")
        #expect(view.inconsistencies.isEmpty, "\(context)")
      }
      _ = engine
    }
  }
}
