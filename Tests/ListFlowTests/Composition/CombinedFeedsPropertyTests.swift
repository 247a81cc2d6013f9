import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A paged feed, a tree, a list of sections and a static list, side by side in a composite (each directly or in a
/// nested composite of its own) under a filter, through random steps: page answers given at once, late or as
/// failures, refreshes, a server whose pages change, tree changes, expansions, list changes, static reloads,
/// queries, selections, displays, edit actions, user moves, taps, and children removed, put back, replaced and
/// moved. After every step the view shows exactly the rows of a plain model of the children, section by section;
/// every event reaches the row it names in the child that owns it, at that child's own position; the selection
/// keeps its rows while they are in the children; and no page is lost or loaded twice.
@MainActor
@Suite("Feeds combined under a filter")
struct CombinedFeedsPropertyTests {
  typealias Named = FilteredFeedTests.Named
  typealias NameCell = FilteredFeedTests.NameCell
  typealias File = TreeFilterPropertyTests.File
  typealias NamedPage = Page<Named, Int>

  /// The kinds of children.
  enum Kind: String, CaseIterable { case paged, tree, list, fixed }

  /// How the server answers a call.
  enum Answer { case now, fail, hold }

  static let answers = WeightedChoice<Answer>([
    ("answered at once", weight: 6, .now),
    ("failed at once", weight: 1, .fail),
    ("held, answered by a later step", weight: 3, .hold),
  ])

  /// The server of the paged child: pages of rows that change between steps; each call is answered at once,
  /// failed, or held for a later step. It tells the model of every page it answers.
  @MainActor
  final class Server {
    var pages: [[Named]]
    var random: SeededRandom
    var held: [(cursor: Int?, continuation: CheckedContinuation<NamedPage, any Error>)] = []
    var calls = 0
    var nextID = 10_000
    /// Told of each answer: the cursor, and the page's rows (`nil` for a failure).
    var answered: (Int?, [Named]?) -> Void = { _, _ in }

    init(_ random: inout SeededRandom) {
      self.random = SeededRandom(seed: random.next())
      pages = []
      for _ in 0..<1 + random.below(5) {
        pages.append(
          (0..<random.below(6)).map { _ in
            nextID += 1
            return Named(id: nextID, title: FilteredFeedTests.word(&random, maxLength: 3))
          })
      }
    }

    func page(_ cursor: Int?) -> NamedPage {
      let index = cursor ?? 0
      guard pages.indices.contains(index) else { return NamedPage(elements: [], nextPage: nil) }
      return NamedPage(elements: pages[index], nextPage: index + 1 < pages.count ? index + 1 : nil)
    }

    var load: @Sendable (Int?) async throws -> NamedPage {
      { @MainActor [self] cursor in
        calls += 1
        switch CombinedFeedsPropertyTests.answers.pick(using: &random).value {
        case .now:
          let page = page(cursor)
          answered(cursor, page.elements)
          return page
        case .fail:
          answered(cursor, nil)
          throw LoadFailure()
        case .hold:
          return try await withCheckedThrowingContinuation { continuation in
            held.append((cursor, continuation))
          }
        }
      }
    }

    /// Answers the oldest held call, with the page as it is now or a failure.
    func answerHeld(failing: Bool) {
      let (cursor, continuation) = held.removeFirst()
      if failing {
        answered(cursor, nil)
        continuation.resume(throwing: LoadFailure())
      } else {
        let page = page(cursor)
        answered(cursor, page.elements)
        continuation.resume(returning: page)
      }
    }

    /// Renames, deletes, inserts or moves a row of a page (a row moved to a later page comes again when that
    /// page loads: the feed keeps its first row of an identity).
    func shift(_ random: inout SeededRandom) {
      let index = random.below(pages.count)
      var rows = pages[index]
      if !rows.isEmpty, random.oneIn(4) {
        let moved = rows.remove(at: random.below(rows.count))
        pages[index] = rows
        let other = random.below(pages.count)
        pages[other].insert(moved, at: random.below(pages[other].count + 1))
        return
      }
      if !rows.isEmpty, random.oneIn(2) {
        let item = random.below(rows.count)
        if random.oneIn(2) {
          rows[item].title = FilteredFeedTests.word(&random, maxLength: 3)
        } else {
          rows.remove(at: item)
        }
      } else {
        nextID += 1
        rows.insert(
          Named(id: nextID, title: FilteredFeedTests.word(&random, maxLength: 3)), at: random.below(rows.count + 1))
      }
      pages[index] = rows
    }
  }

  /// The rows of a static child: each model is a named row; the rows are identified by their position.
  struct Fixed: StaticListConstructor {
    var sections: [ListSection<Named>]
    func cellType(for model: Named) -> any ListCell.Type { NameCell.self }
    func configure(cell: any ListCell, by model: Named) { (cell as? NameCell)?.title = model.title ?? "" }
  }

  /// The events the children's delegates heard: the event, the child, and the identity of the row at the
  /// position the child was given, in the child's own rows (`nil` for a position it has no row at).
  @MainActor
  final class EventLog {
    var events: [(event: String, child: Kind, id: ListIdentifier?)] = []
    var taps: [Int] = []
    /// Displays whose child named another row than the one the view displayed.
    var misrouted: [String] = []
  }

  static func identity(at path: ItemPath, in sections: [ListSectionSnapshot]) -> ListIdentifier? {
    guard sections.indices.contains(path.section), sections[path.section].elements.indices.contains(path.item) else {
      return nil
    }
    return sections[path.section].elements[path.item].id
  }

  /// A delegate that records every row event into `log`, naming the row by `rows` (the child's rows now).
  static func recording(
    _ kind: Kind, _ log: EventLog, rows: @escaping @MainActor () -> [ListSectionSnapshot]
  ) -> SyncDelegate {
    var delegate = SyncDelegate()
    func note(_ event: String, _ path: ItemPath) {
      log.events.append((event, kind, identity(at: path, in: rows())))
    }
    delegate.didSelectRow = { path, _ in note("select", path) }
    delegate.didDeselectRow = { path, _ in note("deselect", path) }
    delegate.willDisplayCell = { _, path in note("display", path) }
    // A header names the child's own section.
    delegate.willDisplayHeader = { _, section in
      let id = rows().indices.contains(section) ? rows()[section].model.id : nil
      log.events.append(("header", kind, id))
    }
    // A change of the selection names the child's rows at the child's own positions.
    delegate.didChangeSelection = { change in
      let sections = rows()
      for (paths, ids, name) in [
        (change.addedRows, change.added, "added"), (change.removedRows, change.removed, "removed"),
      ] {
        for path in paths where !ids.contains(identity(at: path, in: sections) ?? ListIdentifier("none")) {
          log.misrouted.append(
            "\(kind) told of \(name) \(ids) at \(path), its row \(identity(at: path, in: sections) as Any)")
        }
      }
      let held = Set(sections.flatMap { $0.elements.map(\.id) })
      for id in change.added {
        if !held.contains(id) { log.misrouted.append("\(kind) told of \(id) added, a row it does not show") }
        log.events.append(("selected", kind, id))
      }
      for id in change.removed { log.events.append(("deselected", kind, id)) }
    }
    delegate.editActions = { path, _ in
      note("editActions", path)
      return kind == .list ? [.delete] : []
    }
    return delegate
  }

  static func binder(_ row: Named) -> CellBinder { FilteredFeedTests.binder(row) }

  static let appearance = PagingAppearance(
    failure: MessageCell.makeBinder(value: "Failed", id: "failed"),
    failedFooter: MessageCell.makeBinder(value: "Retry", id: "retry"))

  /// What a child's row shows: its identity and its text.
  struct Row: Equatable, CustomStringConvertible {
    var id: ListIdentifier
    var text: String
    var description: String { text }
  }

  /// The loads of the paged child: every one seen, and how many have ended.
  @MainActor
  final class Loads {
    var seen: Set<Task<PagingController<NamedPage>.Outcome, Never>> = []
    var done = 0
  }

  /// The model.
  struct Model {
    var pagedRows: [Named] = []
    var pagedFailed = false
    var pagesSinceRefresh: Set<Int> = []
    var doubleLoads: [String] = []
    var roots: [Outline<File>.Node]
    var expanded: Set<Int>
    var list: [[Named]]
    var fixed: [[Named]]
    var query = ""
    var selected: Set<ListIdentifier> = []
    /// Whether the paged child is in the composite.
    var pagedIsShown = false

    mutating func answered(_ cursor: Int?, _ rows: [Named]?) {
      guard let rows else {
        pagedFailed = true
        return
      }
      pagedFailed = false
      if let cursor {
        if !pagesSinceRefresh.insert(cursor).inserted { doubleLoads.append("page \(cursor) loaded twice") }
        let known = Set(pagedRows.map(\.id))
        pagedRows += rows.filter { !known.contains($0.id) }
      } else {
        pagesSinceRefresh = []
        var seen = Set<Int>()
        // A refresh shows its first page: the rows it drops leave the list, and the selection (until the pages
        // after it come again).
        let dropped = Set(pagedRows.map(\.id)).subtracting(rows.map(\.id))
        if pagedIsShown { selected.subtract(dropped.map { ListIdentifier($0) }) }
        pagedRows = rows.filter { seen.insert($0.id).inserted }
      }
    }

    /// The row after the paged child's rows: a retry row once a load failed, while none runs.
    func pagedFooter(isBusy: Bool) -> Row? {
      guard pagedFailed, !isBusy else { return nil }
      return pagedRows.isEmpty
        ? Row(id: ListIdentifier("failed"), text: "Failed") : Row(id: ListIdentifier("retry"), text: "Retry")
    }

    /// The text a named row shows under the query: its title, with the offsets the query matched.
    func text(_ title: String) -> String? {
      guard !query.isEmpty else { return title }
      guard let match = FilteredFeed.Match(query: query, in: title) else { return nil }
      return match.offsets.isEmpty ? title : "\(title) \(match.offsets)"
    }

    /// The tree's rows: by the expansion without a query; each match and its ancestors (as context) with one.
    func treeRows() -> [Row] {
      var rows: [Row] = []
      func hasMatch(_ node: Outline<File>.Node) -> Bool {
        FilteredFeed.Match(query: query, in: node.element.name) != nil || node.children.contains(where: hasMatch)
      }
      func visit(_ node: Outline<File>.Node) {
        let id = ListIdentifier(node.element.id)
        if query.isEmpty {
          rows.append(Row(id: id, text: node.element.name))
          if expanded.contains(node.element.id) { node.children.forEach(visit) }
          return
        }
        guard hasMatch(node) else { return }
        rows.append(Row(id: id, text: text(node.element.name) ?? "(\(node.element.name))"))
        node.children.forEach(visit)
      }
      roots.forEach(visit)
      return rows
    }

    /// The identities of the tree's own rows, which the filter shows or hides: the rows of the expansion, with
    /// the ancestors of every match expanded while a query is set. (A node under a collapsed row is no row.)
    func treeIDs() -> Set<ListIdentifier> {
      var ids: Set<ListIdentifier> = []
      func hasMatch(_ node: Outline<File>.Node) -> Bool {
        FilteredFeed.Match(query: query, in: node.element.name) != nil || node.children.contains(where: hasMatch)
      }
      func visit(_ node: Outline<File>.Node) {
        ids.insert(ListIdentifier(node.element.id))
        let revealed = !query.isEmpty && node.children.contains(where: hasMatch)
        if expanded.contains(node.element.id) || revealed { node.children.forEach(visit) }
      }
      roots.forEach(visit)
      return ids
    }

    func namedRows(_ rows: [Named]) -> [Row] {
      rows.compactMap { row in text(row.title ?? "").map { Row(id: ListIdentifier(row.id), text: $0) } }
    }

    /// The sections a child shows under the filter, each with its rows; `fixedIDs` are the static child's
    /// identities, position by position.
    func sections(of kind: Kind, pagedIsBusy: Bool, fixedIDs: [[ListIdentifier]]) -> [(local: Int, rows: [Row])] {
      let sections: [[Row]]
      switch kind {
      case .paged:
        var rows = namedRows(pagedRows)
        if let footer = pagedFooter(isBusy: pagedIsBusy), query.isEmpty { rows.append(footer) }
        sections = [rows]
      case .tree:
        sections = [treeRows()]
      case .list:
        sections = list.map(namedRows)
      case .fixed:
        sections = fixed.indices.map { section in
          fixed[section].indices.compactMap { item in
            text(fixed[section][item].title ?? "").map { Row(id: fixedIDs[section][item], text: $0) }
          }
        }
      }
      let numbered = sections.enumerated().map { (local: $0.offset, rows: $0.element) }
      return query.isEmpty ? numbered : numbered.filter { !$0.rows.isEmpty }
    }
  }

  enum Action {
    case query, select, deselect, display, header, displayPagedEnd, retry, edit, move, answer, refresh, shiftServer
    case changeTree, expand, changeList, reloadFixed, removeChild, insertChild, replaceChild, moveChild, hideChild
  }

  static let actions = WeightedChoice<Action>([
    ("type, erase or set the query", weight: 4, .query),
    ("select a row", weight: 3, .select),
    ("deselect a selected row", weight: 1, .deselect),
    ("display a row", weight: 3, .display),
    ("display a section's header", weight: 2, .header),
    ("display the paged child's last row", weight: 3, .displayPagedEnd),
    ("choose the paged child's retry row", weight: 3, .retry),
    ("delete a row of the list by its edit action", weight: 2, .edit),
    ("move a row of the list (no query)", weight: 2, .move),
    ("answer a held page call", weight: 4, .answer),
    ("refresh the paged child", weight: 2, .refresh),
    ("change the server's pages", weight: 1, .shiftServer),
    ("change the tree", weight: 2, .changeTree),
    ("expand or collapse a tree row", weight: 2, .expand),
    ("change the list's rows", weight: 1, .changeList),
    ("reload the static list", weight: 1, .reloadFixed),
    ("remove a child", weight: 1, .removeChild),
    ("put a removed child back", weight: 2, .insertChild),
    ("replace a child by a new feed of its rows", weight: 1, .replaceChild),
    ("move a child", weight: 1, .moveChild),
    ("hide or show a nested composite", weight: 1, .hideChild),
  ])

  @Test("the view shows the model's rows and every event reaches its row", .timeLimit(.minutes(60)))
  func combinedFeeds() async throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 25, deep: 300) {
      if let failure = try await Self.run(seed: seed) { failures.append(failure) }
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }

  static func run(seed: UInt64, steps: Int = DeepPass.cases(quick: 30, deep: 60)) async throws -> String? {
    var random = SeededRandom(seed: seed)
    let server = Server(&random)
    var nextID = 20_000
    func named() -> Named {
      nextID += 1
      return Named(id: nextID, title: FilteredFeedTests.word(&random, maxLength: 3))
    }
    var model = Model(
      roots: TreeFilterPropertyTests.forest(&random),
      expanded: Set((1...16).filter { _ in random.oneIn(2) }),
      list: (0..<1 + random.below(2)).map { _ in (0..<random.below(6)).map { _ in named() } },
      fixed: (0..<1 + random.below(2)).map { _ in (0..<1 + random.below(4)).map { _ in named() } })
    // Now and then a long section (a filter matches a long list by the rows' titles, in parts).
    if random.oneIn(6) {
      model.list.append((0..<1_000).map { _ in named() })
    }
    var nextNode = 100
    let log = EventLog()
    let paging = PagingController(prefetchDistance: .init(rows: random.below(3)), load: server.load)
    server.answered = { model.answered($0, $1) }
    defer {
      // The calls still held end as cancelled, also when a step failed.
      server.answered = { _, _ in }
      for (_, continuation) in server.held { continuation.resume(throwing: CancellationError()) }
      server.held = []
    }

    // The children, each made anew by `make`.
    var feeds: [Kind: any ListFeed<ListSectionSnapshot>] = [:]
    func fixedSections() -> [ListSection<Named>] {
      model.fixed.indices.map { ListSection(id: "fixed \($0)", items: model.fixed[$0]) }
    }
    func listSections() -> [ListSectionSnapshot] {
      model.list.indices.map {
        ListSection(
          id: "list \($0)", header: MessageCell.makeBinder(value: "List \($0)", id: "list header \($0)"),
          items: model.list[$0].map(binder)
        ).snapshot
      }
    }
    func make(_ kind: Kind) -> any ListFeed<ListSectionSnapshot> {
      switch kind {
      case .paged:
        let feed = PagedFeed(id: "paged", paging: paging, appearance: appearance) { binder($0) }
        feed.delegate = recording(.paged, log) { [weak feed] in feed?.displayedSections ?? [] }
        return feed
      case .tree:
        let feed = OutlineFeed(
          id: "tree", outline: Outline(model.roots, expanded: model.expanded), cell: TreeFilterPropertyTests.binder)
        feed.delegate = recording(.tree, log) { [weak feed] in feed?.displayedSections ?? [] }
        return feed
      case .list:
        let feed = SectionsFeed(sections: listSections())
        var delegate = recording(.list, log) { [weak feed] in feed?.displayedSections ?? [] }
        delegate.canMoveRow = { _, _ in true }
        delegate.commitEdit = { [weak feed] _, path, _ in
          guard let feed, let id = identity(at: path, in: feed.displayedSections) else { return }
          log.events.append(("commitEdit", .list, id))
          // The app deletes the row it was told of, from its own rows.
          for section in model.list.indices { model.list[section].removeAll { ListIdentifier($0.id) == id } }
          feed.update(to: listSections())
        }
        feed.delegate = delegate
        return feed
      case .fixed:
        let feed = StaticList(Fixed(sections: fixedSections()))
        feed.delegate = recording(.fixed, log) { [weak feed] in feed?.displayedSections ?? [] }
        for row in model.fixed.joined() { feed.onTap(row) { log.taps.append(row.id) } }
        return feed
      }
    }
    for kind in Kind.allCases { feeds[kind] = make(kind) }
    var paged: PagedFeed<NamedPage> { feeds[.paged] as! PagedFeed<NamedPage> }
    var tree: OutlineFeed<File> { feeds[.tree] as! OutlineFeed<File> }
    var list: SectionsFeed<ListSectionSnapshot> { feeds[.list] as! SectionsFeed<ListSectionSnapshot> }
    var fixed: StaticList<Fixed> { feeds[.fixed] as! StaticList<Fixed> }

    // The top composite: the children in `order`, each directly or in a nested composite of its own.
    let top = ComposedFeed<ListSectionSnapshot>()
    var order: [Kind] = []
    var detached = Kind.allCases.shuffled(using: &random)
    var nestedOf: [Kind: ComposedFeed<ListSectionSnapshot>] = [:]
    func attach(_ kind: Kind, at index: Int) throws {
      var child = feeds[kind]!
      if random.oneIn(3) {
        let nested = ComposedFeed<ListSectionSnapshot>()
        try nested.append(child)
        nestedOf[kind] = nested
        child = nested
      }
      try top.insert(child, at: index)
      order.insert(kind, at: index)
      if kind == .paged { model.pagedIsShown = true }
    }
    func detach(at index: Int) throws {
      try top.removeChild(at: index)
      let kind = order.remove(at: index)
      if nestedOf[kind]?.isHidden == true { nestedOf[kind]?.isHidden = false }
      // Its rows leave the list, and the selection.
      model.selected.subtract(rowIDs(of: kind))
      if kind == .paged { model.pagedIsShown = false }
      // A nested composite lets its child go, to be put back alone or in another one.
      if let nested = nestedOf.removeValue(forKey: kind) { try nested.removeChild(at: 0) }
      detached.append(kind)
    }
    while let kind = detached.popLast() { try attach(kind, at: random.below(order.count + 1)) }

    let filter = try FilteredFeed(top, searchableText: { $0.model(as: Named.self)?.title ?? "" })
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: filter)
    engine.selectionMode = .multiple
    // Every display, the view's own (as rows come in) and the test's: the child's delegate, called just before
    // the engine's, names the row the view displays (the engine's list is the one the view shows meanwhile).
    engine.delegate.willDisplayCell = { [unowned engine] _, path in
      let id = engine.identity(ofRowAt: path)
      guard let last = log.events.last, last.event == "display", last.id == id else {
        log.misrouted.append("\(path) (\(id as Any)) reached \(log.events.last as Any)")
        return
      }
    }

    // The loads under way: the paged child's display and retry loads, and the refreshes the test starts.
    let loads = Loads()
    func track(_ task: Task<PagingController<NamedPage>.Outcome, Never>) {
      guard loads.seen.insert(task).inserted else { return }
      Task { @MainActor in
        _ = await task.value
        loads.done += 1
      }
    }
    func settle() async {
      var quiet = 0
      var last = (-1, -1)
      _ = await yieldUntil(maximumYields: 5_000) {
        if let load = paged.lastTriggeredLoad { track(load) }
        if loads.done == loads.seen.count { return true }
        // A held call keeps its load (and a load that awaits it) waiting: settled once nothing moves.
        let now = (loads.done, server.calls)
        quiet = now == last ? quiet + 1 : 0
        last = now
        return !server.held.isEmpty && quiet > 20
      }
    }

    /// The identities of a child's rows, shown or hidden by the query.
    func rowIDs(of kind: Kind) -> Set<ListIdentifier> {
      if nestedOf[kind]?.isHidden == true { return [] }
      switch kind {
      case .paged:
        var ids = Set(model.pagedRows.map { ListIdentifier($0.id) })
        if let footer = model.pagedFooter(isBusy: !server.held.isEmpty) { ids.insert(footer.id) }
        return ids
      case .tree: return model.treeIDs()
      case .list: return Set(model.list.joined().map { ListIdentifier($0.id) })
      case .fixed: return Set(fixed.displayedSections.flatMap { $0.elements.map(\.id) })
      }
    }

    /// The model's sections under the filter, in the children's order.
    func expectedSections() -> [(kind: Kind, local: Int, rows: [Row])] {
      let fixedIDs = fixed.displayedSections.map { $0.elements.map(\.id) }
      return order.filter { nestedOf[$0]?.isHidden != true }.flatMap { kind in
        model.sections(of: kind, pagedIsBusy: !server.held.isEmpty, fixedIDs: fixedIDs).map {
          (kind, $0.local, $0.rows)
        }
      }
    }

    func fixedModel(at row: (path: ItemPath, kind: Kind, row: Row)) -> Int? {
      let fixedIDs = fixed.displayedSections.map { $0.elements.map(\.id) }
      for (section, ids) in fixedIDs.enumerated() {
        if let item = ids.firstIndex(of: row.row.id) { return model.fixed[section][item].id }
      }
      return nil
    }

    func check() -> String? {
      if !log.misrouted.isEmpty { return "displays misrouted: \(log.misrouted)" }
      if !model.doubleLoads.isEmpty { return "\(model.doubleLoads)" }
      if !view.inconsistencies.isEmpty { return "inconsistent view: \(view.inconsistencies)" }
      let expected = expectedSections()
      let viewSections = view.sections.map { $0.rows.map(\.textRepresentation) }
      let modelSections = expected.map { $0.rows.map(\.text) }
      if viewSections != modelSections {
        return "the view shows \(viewSections), the model \(modelSections) (children \(order))"
      }
      let headers = view.sections.map { $0.header?.textRepresentation }
      let modelHeaders = expected.map { $0.kind == .list ? "List \($0.local)" : nil }
      if headers != modelHeaders { return "the view shows headers \(headers), the model \(modelHeaders)" }
      for (section, content) in expected.enumerated() {
        for (item, row) in content.rows.enumerated() {
          let id = row.id
          let path = ItemPath(item: item, section: section)
          if engine.identity(ofRowAt: path) != id {
            return "row \(path) is \(engine.identity(ofRowAt: path) as Any), the model's \(id)"
          }
        }
      }
      // The selection keeps the rows still in the children, shown or hidden by the query.
      let present = order.reduce(into: Set<ListIdentifier>()) { $0.formUnion(rowIDs(of: $1)) }
      model.selected.formIntersection(present)
      let selected = Set(engine.selection.identifiers)
      if selected != model.selected {
        return
          "selected \(selected.sorted { "\($0)" < "\($1)" }), the model \(model.selected.sorted { "\($0)" < "\($1)" })"
      }
      return nil
    }

    track(Task { await paging.refresh() })
    await settle()

    var trace: [String] = []
    for step in 0..<steps {
      let action = actions.pick(using: &random)
      var note = action.name
      // The rows shown now, with the child and identity each belongs to.
      let expected = expectedSections()
      let shown = expected.enumerated().flatMap { section, content in
        content.rows.indices.map {
          (path: ItemPath(item: $0, section: section), kind: content.kind, row: content.rows[$0])
        }
      }
      log.events = []
      log.taps = []
      // The child of each selected row, to check that it hears of the row's deselection.
      var ownerBefore: [ListIdentifier: Kind] = [:]
      for kind in order { for id in rowIDs(of: kind) where model.selected.contains(id) { ownerBefore[id] = kind } }
      var deselectedByTest: Set<ListIdentifier> = []
      // The server's calls before the retry row was chosen: it loads the page again.
      var retriesFrom: Int?
      /// The event expected in a child's delegate after the step: its name, child and row.
      var expectedEvent: (event: String, child: Kind, id: ListIdentifier?)?
      switch action.value {
      case .query:
        if !model.query.isEmpty, random.oneIn(3) {
          model.query.removeLast()
        } else if random.oneIn(3) {
          model.query = random.oneIn(2) ? "" : FilteredFeedTests.word(&random, maxLength: 2)
        } else {
          model.query += String(FilteredFeedTests.word(&random, maxLength: 1).prefix(1))
        }
        filter.query = model.query
        note += " '\(model.query)'"
      case .select:
        // Not a retry row (a row that goes as soon as it is chosen): the next action chooses it.
        let footers = [ListIdentifier("retry"), ListIdentifier("failed")]
        let candidates = shown.filter { !model.selected.contains($0.row.id) && !footers.contains($0.row.id) }
        guard let target = candidates.isEmpty ? nil : candidates[random.below(candidates.count)] else { continue }
        // The user's choice (told to the row's child), then selected (in a multiple selection, by the app).
        try view.selectRow(at: target.path)
        try engine.select(rowAt: target.path)
        model.selected.insert(target.row.id)
        expectedEvent = ("select", target.kind, target.row.id)
        note += " \(target.row.text) of \(target.kind)"
        let told = log.events.filter { $0.event == "selected" }
        guard told.count == 1, told[0].child == target.kind, told[0].id == target.row.id else {
          return "seed \(seed) step \(step) \(trace + [note]): the selection of \(target.row.id) was told \(told)"
        }
      case .deselect:
        guard !model.selected.isEmpty else { continue }
        let id = model.selected.sorted { "\($0)" < "\($1)" }[random.below(model.selected.count)]
        let owner = order.first { rowIDs(of: $0).contains(id) }!
        if let target = shown.first(where: { $0.row.id == id }) {
          try engine.deselectRow(at: target.path)
          expectedEvent = ("deselect", target.kind, target.row.id)
          note += " \(target.row.text) of \(target.kind)"
        } else {
          // Hidden by the query: deselected by its identity.
          engine.deselect(id)
          note += " hidden \(id) of \(owner)"
        }
        model.selected.remove(id)
        deselectedByTest.insert(id)
        let told = log.events.filter { $0.event == "deselected" }
        guard told.count == 1, told[0].child == owner, told[0].id == id else {
          return "seed \(seed) step \(step) \(trace + [note]): the deselection of \(id) was told \(told)"
        }
      case .header:
        let sections = expected.indices.filter { expected[$0].kind == .list }
        guard !sections.isEmpty else { continue }
        let section = sections[random.below(sections.count)]
        guard let cell = view.sections[section].header else {
          return "seed \(seed) step \(step) \(trace + [note]): section \(section) shows no header"
        }
        engine.willDisplay(cell, for: .header(section: section))
        expectedEvent = ("header", .list, ListIdentifier("list \(expected[section].local)"))
        note += " \(section)"
      case .display, .displayPagedEnd:
        let candidates = action.value == .display ? shown : Array(shown.filter { $0.kind == .paged }.suffix(1))
        guard let target = candidates.isEmpty ? nil : candidates[random.below(candidates.count)],
          let cell = view.cell(at: target.path)
        else { continue }
        engine.willDisplay(cell, for: .row(target.path))
        expectedEvent = ("display", target.kind, target.row.id)
        note += " \(target.row.text) of \(target.kind)"
      case .retry:
        let footers = [ListIdentifier("retry"), ListIdentifier("failed")]
        guard let target = shown.first(where: { $0.kind == .paged && footers.contains($0.row.id) }) else { continue }
        try view.selectRow(at: target.path)
        expectedEvent = ("select", .paged, target.row.id)
        retriesFrom = server.calls
      case .edit:
        guard !shown.isEmpty else { continue }
        let target = shown[random.below(shown.count)]
        let offered = try engine.editActions(forRowAt: target.path)
        note += " \(target.row.text) of \(target.kind)"
        if target.kind == .list {
          guard offered == [.delete] else { return "seed \(seed) step \(step) \(trace + [note]): offered \(offered)" }
          try engine.commitEdit(.delete, forRowAt: target.path)
          expectedEvent = ("commitEdit", .list, target.row.id)
          model.selected.remove(target.row.id)
        } else {
          guard offered.isEmpty else { return "seed \(seed) step \(step) \(trace + [note]): offered \(offered)" }
          expectedEvent = ("editActions", target.kind, target.row.id)
        }
      case .move:
        let rows = shown.filter { $0.kind == .list }
        guard model.query.isEmpty, !rows.isEmpty else { continue }
        let source = rows[random.below(rows.count)]
        let sections =
          Array(Set(shown.filter { $0.kind == .list }.map(\.path.section)))
          + expected.indices.filter { expected[$0].kind == .list && expected[$0].rows.isEmpty }
        let targetSection = sections[random.below(sections.count)]
        let firstListSection = expected.firstIndex { $0.kind == .list }!
        let count = expected[targetSection].rows.count - (targetSection == source.path.section ? 1 : 0)
        let target = ItemPath(item: random.below(count + 1), section: targetSection)
        try view.moveRow(Move(source: source.path, target: target))
        let moved = model.list[source.path.section - firstListSection].remove(at: source.path.item)
        model.list[targetSection - firstListSection].insert(moved, at: target.item)
        note += " \(source.path) to \(target)"
      case .answer:
        guard !server.held.isEmpty else { continue }
        let failing = random.oneIn(4)
        server.answerHeld(failing: failing)
        note += failing ? " with a failure" : ""
      case .refresh:
        track(Task { await paging.refresh() })
      case .shiftServer:
        server.shift(&random)
      case .changeTree:
        TreeFilterPropertyTests.change(&model.roots, nextID: &nextNode, &random)
        tree.outline.roots = model.roots
      case .expand:
        let rows = shown.filter { $0.kind == .tree }
        guard !rows.isEmpty else { continue }
        let target = rows[random.below(rows.count)]
        let expand = random.oneIn(2)
        let changed = engine.setExpanded(expand, forRowAt: target.path)
        note += " \(target.row.text) \(expand) \(changed)"
        if model.query.isEmpty, changed {
          let id = nodeID(target.row.id, in: model.roots)
          if expand { model.expanded.insert(id) } else { model.expanded.remove(id) }
        }
      case .changeList:
        let section = random.below(model.list.count)
        if !model.list[section].isEmpty, random.oneIn(3) {
          model.list[section][random.below(model.list[section].count)].title =
            FilteredFeedTests.word(&random, maxLength: 3)
        } else if !model.list[section].isEmpty, random.oneIn(2) {
          // Deleted by the app, shown or hidden by the query: it leaves the selection.
          model.list[section].remove(at: random.below(model.list[section].count))
        } else {
          model.list[section].insert(named(), at: random.below(model.list[section].count + 1))
        }
        list.update(to: listSections())
      case .reloadFixed:
        let section = random.below(model.fixed.count)
        if model.fixed[section].count > 1, random.oneIn(3) {
          model.fixed[section].removeLast()
        } else if random.oneIn(2) {
          model.fixed[section].append(named())
        } else {
          model.fixed[section][random.below(model.fixed[section].count)] = named()
        }
        for row in model.fixed.joined() { fixed.onTap(row) { log.taps.append(row.id) } }
        fixed.reload(Fixed(sections: fixedSections()))
      case .removeChild:
        guard !order.isEmpty else { continue }
        let index = random.below(order.count)
        note += " \(order[index])"
        try detach(at: index)
      case .insertChild:
        guard !detached.isEmpty else { continue }
        let kind = detached.remove(at: random.below(detached.count))
        note += " \(kind)"
        try attach(kind, at: random.below(order.count + 1))
      case .replaceChild:
        guard !order.isEmpty else { continue }
        let index = random.below(order.count)
        let kind = order[index]
        note += " \(kind)"
        try detach(at: index)
        detached.removeLast()
        feeds[kind] = make(kind)
        try attach(kind, at: index)
      case .hideChild:
        let kinds = order.filter { nestedOf[$0] != nil }
        guard !kinds.isEmpty else { continue }
        let kind = kinds[random.below(kinds.count)]
        let hides = !nestedOf[kind]!.isHidden
        note += " \(kind) \(hides)"
        // Its rows leave the list, and the selection.
        if hides { model.selected.subtract(rowIDs(of: kind)) }
        nestedOf[kind]!.isHidden = hides
        if kind == .paged { model.pagedIsShown = !hides }
      case .moveChild:
        guard order.count > 1 else { continue }
        let source = random.below(order.count)
        let destination = random.below(order.count)
        try top.moveChild(from: source, to: destination)
        order.insert(order.remove(at: source), at: destination)
        note += " \(source) to \(destination)"
      }
      trace.append(note)
      let context = "seed \(seed) step \(step) \(trace)"
      if let expectedEvent {
        let heard = log.events.filter { $0.event == expectedEvent.event }
        guard heard.count == 1, heard[0].child == expectedEvent.child, heard[0].id == expectedEvent.id else {
          return "\(context): expected \(expectedEvent), heard \(heard)"
        }
        if action.value == .select, expectedEvent.child == .fixed {
          let id = shown.first { $0.row.id == expectedEvent.id }.flatMap { fixedModel(at: $0) }
          guard log.taps == [id].compactMap({ $0 }) else {
            return "\(context): taps \(log.taps), expected \(id as Any)"
          }
        }
      }
      await settle()
      if let failure = check() { return "\(context): \(failure)" }
      if let retriesFrom, server.calls == retriesFrom { return "\(context): the retry row loaded nothing" }
      // A selected row deleted: the child it was in hears of it, once.
      for (id, kind) in ownerBefore where !model.selected.contains(id) && !deselectedByTest.contains(id) {
        let told = log.events.filter { $0.event == "deselected" && $0.id == id }
        guard told.count == 1, told[0].child == kind else {
          return "\(context): \(kind)'s \(id) left the selection, told \(told)"
        }
      }
    }
    withExtendedLifetime((engine, top)) {}
    return nil

  }

  /// The identity of the node with a row identity.
  static func nodeID(_ id: ListIdentifier, in roots: [Outline<File>.Node]) -> Int {
    for node in roots {
      if ListIdentifier(node.element.id) == id { return node.element.id }
      let found = nodeID(id, in: node.children)
      if found >= 0 { return found }
    }
    return -1
  }
}
