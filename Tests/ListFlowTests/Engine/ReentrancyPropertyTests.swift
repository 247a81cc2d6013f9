import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases (12 seeds each in the quick pass, 60 in the deep pass): every delegate closure that runs while
/// a change is applied makes random calls that change
/// the list again (new states, child updates, expansions, child moves, row moves, reloads), on every kind of feed.
/// After every stage the view must match the engine's snapshot, and at the end the view must show the feeds'
/// newest lists.
@MainActor
@Suite("Re-entrancy: calls from callbacks during an apply are queued, never lost, never a trap")
struct ReentrancyPropertyTests {
  @Test("a state feed: callbacks apply states, reload and move rows", .timeLimit(.minutes(60)))
  func stateFeed() async throws {
    for seed in DeepPass.seeds(from: 0, quick: 12, deep: 60) {
      let chaos = Chaos(seed: seed)
      let view = RecordingListView()
      let controller = ListController<[ListSection<CellBinder>]>()
      let engine = try ListEngine(view: view, showing: controller)
      var stageFailures: [String] = []
      view.didApplyBatch = { view, _ in
        if let failure = Self.mismatch(view, engine) { stageFailures.append(failure) }
      }
      engine.selectionMode = .multiple
      chaos.actions = WeightedChoice([
        (
          "apply a new state", weight: 1,
          {
            let state = RandomLists.sections(&chaos.random)
            chaos.spawn { await controller.apply(state) }
          }
        ),
        ("reload the data", weight: 1, { engine.reloadData() }),
        ("a selection call", weight: 1, { Self.randomSelectionCall(engine, chaos) }),
        (
          "move a row", weight: 1,
          {
            guard let move = Self.randomMove(in: engine.snapshot, &chaos.random) else { return }
            // During an apply the engine queues the move and shows it as a batch; outside one (didSelectRow
            // from the user's selection), a move is the user's in the view, which tells the engine.
            if engine.isApplying { try? engine.moveRow(move) } else { try? view.moveRow(move) }
          }
        ),
        (
          "reconfigure rows", weight: 1, { engine.reconfigureRows(Self.randomRows(in: engine.snapshot, &chaos.random)) }
        ),
        (
          "reload rows", weight: 1,
          { engine.reloadRows(Self.randomRows(in: engine.snapshot, &chaos.random), animated: chaos.pick(2) == 0) }
        ),
        (
          "apply an edit", weight: 1,
          {
            var edit = controller.makeEdit()
            for id in Self.randomRows(in: controller.displayedSections, &chaos.random) {
              if chaos.pick(2) == 0 { try? edit.deleteRows([id]) } else { try? edit.reconfigureRows([id]) }
            }
            controller.apply(edit)
          }
        ),
      ])
      var delegate = chaos.delegate()
      delegate.canMoveRow = { _, _ in true }
      engine.delegate = delegate
      for _ in 0..<6 {
        await controller.apply(RandomLists.sections(&chaos.random))
        try? view.selectRow(at: ItemPath(item: 0, section: 0))
      }
      await chaos.settle()
      #expect(stageFailures.isEmpty, "seed \(seed): \(stageFailures.first ?? ""); actions \(chaos.log)")
      #expect(view.inconsistencies.isEmpty, "seed \(seed); actions \(chaos.log)")
      #expect(
        ListRendering.lines(of: engine.snapshot) == ListRendering.lines(of: controller.displayedSections),
        "seed \(seed); actions \(chaos.log)")
      #expect(view.renderedLines == ListRendering.lines(of: engine.snapshot), "seed \(seed); actions \(chaos.log)")
      #expect(Self.selectionMismatch(view, engine, hidden: { _ in false }) == nil, "seed \(seed); actions \(chaos.log)")
    }
  }

  @Test(
    "a composite of a source, a state feed, an outline, a paged list and a nested composite: callbacks change any",
    .timeLimit(.minutes(60)))
  func composite() async throws {
    for seed in DeepPass.seeds(from: 0, quick: 12, deep: 60) {
      let chaos = Chaos(seed: seed)
      let view = RecordingListView()
      let composite = ComposedFeed<ListSectionSnapshot>()
      let source = SectionsFeed<ListSectionSnapshot>()
      let states = ListController<[ListSection<CellBinder>]>()
      let outline = Self.outlineFeed()
      let paging = PagingController { (cursor: Int?) async -> Page<Int, Int> in
        let page = cursor ?? 0
        return Page(elements: Array(page * 3..<page * 3 + 3), nextPage: page < 4 ? page + 1 : nil)
      }
      let paged = PagedFeed(
        id: "paged", paging: paging,
        appearance: PagingAppearance(
          loadingMore: SectionHeaderCell.makeBinder(value: "loading", id: "loading"),
          endOfList: SectionHeaderCell.makeBinder(value: "end", id: "end"))
      ) { number in SectionHeaderCell.makeBinder(value: "page row \(number)", id: number) }
      let inner = ComposedFeed<ListSectionSnapshot>()
      let innerSource = SectionsFeed<ListSectionSnapshot>()
      try inner.append(innerSource)
      let filterSource = SectionsFeed<ListSectionSnapshot>()
      let filtered = try FilteredFeed(filterSource)
      for child in [source, states, outline, paged, inner, filtered] as [any ListFeed<ListSectionSnapshot>] {
        try composite.append(child)
      }
      let controller = try ListEngine(view: view, showing: composite)
      let engine = controller
      engine.selectionMode = .multiple
      var stageFailures: [String] = []
      view.didApplyBatch = { view, _ in
        if let failure = Self.mismatch(view, engine) { stageFailures.append(failure) }
      }
      func sections(_ scope: String) -> [ListSectionSnapshot] {
        RandomLists.sections(&chaos.random).map { section in
          ListSection(
            id: "\(scope)\(section.id)", header: section.header, footer: section.footer, items: section.items
          ).snapshot
        }
      }
      chaos.actions = WeightedChoice([
        ("update the source", weight: 1, { source.update(to: sections("a")) }),
        (
          "apply a state to the state feed", weight: 1,
          {
            let state = RandomLists.sections(&chaos.random)
            chaos.spawn { await states.apply(state) }
          }
        ),
        ("toggle an outline row", weight: 1, { outline.toggleRow(at: chaos.pick(max(1, outline.rows.count))) }),
        (
          "expand or collapse every outline row", weight: 1,
          { if chaos.pick(2) == 0 { outline.outline.expandAll() } else { outline.outline.collapseAll() } }
        ),
        (
          "change the outline's trees in place", weight: 1,
          {
            // A leaf renamed, a root appended (named by its index: one identity a root) or the last one removed,
            // a leaf put in before the first root's children or its first child taken out (the others move).
            switch chaos.pick(5) {
            case 0: outline.outline.roots[0].children[0].element = ["apple", "apricot"][chaos.pick(2)]
            case 1:
              let name = "extra \(outline.outline.roots.count)"
              outline.outline.roots.append(Outline.Node(name, children: [Outline.Node(name + " inner")]))
            case 2: if outline.outline.roots.count > 3 { outline.outline.roots.removeLast() }
            case 3:
              let name = "early \(outline.outline.roots[0].children.count)"
              outline.outline.roots[0].children.insert(Outline.Node(name), at: 0)
            default:
              if outline.outline.roots[0].children.count > 1 { outline.outline.roots[0].children.removeFirst() }
            }
          }
        ),
        ("update the nested composite's source", weight: 1, { innerSource.update(to: sections("c")) }),
        ("move a child", weight: 1, { try? composite.moveChild(from: chaos.pick(6), to: chaos.pick(6)) }),
        ("hide or show the nested composite", weight: 1, { inner.isHidden.toggle() }),
        ("reload the data", weight: 1, { engine.reloadData() }),
        (
          "move a row", weight: 1,
          {
            guard let move = Self.randomMove(in: engine.snapshot, &chaos.random) else { return }
            // From a callback the engine queues the move and shows it as a batch; outside one, the user moved
            // the row in the view, which tells the engine.
            if chaos.isInCallback { try? engine.moveRow(move) } else { try? view.moveRow(move) }
          }
        ),
        (
          "refresh or load more pages", weight: 1,
          { chaos.spawn { if chaos.pick(2) == 0 { await paging.refresh() } else { await paging.loadMore() } } }
        ),
        ("update the filtered source", weight: 1, { filterSource.update(to: sections("f")) }),
        ("change the filter's query", weight: 1, { filtered.query = ["", "1", "v", "r1"][chaos.pick(4)] }),
        ("a selection call", weight: 1, { Self.randomSelectionCall(engine, chaos) }),
        (
          "reconfigure rows", weight: 1, { engine.reconfigureRows(Self.randomRows(in: engine.snapshot, &chaos.random)) }
        ),
        ("reload rows", weight: 1, { engine.reloadRows(Self.randomRows(in: engine.snapshot, &chaos.random)) }),
      ])
      var delegate = chaos.delegate()
      delegate.canMoveRow = { _, _ in true }
      engine.delegate = delegate
      for _ in 0..<6 {
        chaos.act()
        await chaos.settle()
      }
      #expect(stageFailures.isEmpty, "seed \(seed): \(stageFailures.first ?? ""); actions \(chaos.log)")
      #expect(view.inconsistencies.isEmpty, "seed \(seed); actions \(chaos.log)")
      #expect(
        ListRendering.lines(of: engine.snapshot) == ListRendering.lines(of: composite.displayedSections),
        "seed \(seed); actions \(chaos.log)")
      #expect(view.renderedLines == ListRendering.lines(of: engine.snapshot), "seed \(seed); actions \(chaos.log)")
      #expect(
        outline.rows.map(\.element) == outline.outline.rows.map(\.element),
        "the outline shows its expansion: seed \(seed); actions \(chaos.log)")
      #expect(
        Self.selectionMismatch(view, engine, hidden: composite.hidesRow) == nil, "seed \(seed); actions \(chaos.log)")
    }
  }

  @Test("an outline change made while an expansion in place is shown is shown, not lost")
  func outlineChangeFromExpansion() throws {
    let (view, feed, engine) = try Self.outlineShown { $0.outline.expandAll() }
    #expect(feed.toggleRow(at: 0))
    let all = ["fruit", "apple", "pear", "seed", "leek", "nuts", "almond"]
    #expect(feed.rows.map(\.element) == all)
    #expect(view.renderedLines.count == all.count)
    #expect(ListRendering.lines(of: engine.snapshot) == view.renderedLines)
  }

  @Test("trees changed in place while a change of them is shown are compared with the trees of that change")
  func outlineTreesChangedWhileShown() throws {
    // The root just appended is taken out again while its insert is shown.
    let (view, feed, engine) = try Self.outlineShown { $0.outline.roots.removeLast() }
    feed.outline.roots.append(Outline.Node("extra"))
    #expect(feed.outline.roots.map(\.element) == ["fruit", "leek", "nuts"])
    #expect(feed.rows.map(\.element) == ["fruit", "leek", "nuts"])
    #expect(ListRendering.lines(of: engine.snapshot) == view.renderedLines)
    #expect(view.renderedLines.count == 3)
  }

  @Test("an outline changed by shouldExpand, asked before an expansion, is shown with the expansion")
  func outlineChangeFromShouldExpand() throws {
    let view = RecordingListView()
    let feed = Self.outlineFeed()
    let engine = try ListEngine(view: view, showing: feed)
    var once = true
    feed.shouldExpand = { _ in
      if once {
        once = false
        // The row asked about is expanded before the expansion is made (and shown): it is not made twice.
        feed.outline.expand("nuts")
      }
      return true
    }
    #expect(feed.toggleRow(at: 2))  // nuts
    #expect(feed.outline.expanded == ["nuts"])
    #expect(feed.rows.map(\.element) == ["fruit", "leek", "nuts", "almond"])
    #expect(feed.rows.map(\.element) == feed.outline.rows.map(\.element))
    #expect(ListRendering.lines(of: engine.snapshot) == view.renderedLines)
    #expect(view.renderedLines.count == 4)
  }

  @Test("a child update made from didInsertRows is shown, not lost")
  func childUpdateFromInsert() throws {
    let view = RecordingListView()
    let composite = ComposedFeed<ListSectionSnapshot>()
    let source = SectionsFeed<ListSectionSnapshot>()
    try composite.append(source)
    let engine = try ListEngine(view: view, showing: composite)
    var once = true
    engine.delegate.didInsertRows = { _ in
      guard once else { return }
      once = false
      source.update(to: [Self.section("s", ["a", "b", "c"])])
    }
    source.update(to: [Self.section("s", ["a"])])
    source.update(to: [Self.section("s", ["a", "b"])])
    #expect(view.renderedLines == ["== a ==", "== b ==", "== c =="])
    #expect(ListRendering.lines(of: engine.snapshot) == view.renderedLines)
  }

  @Test("changes made while the feeds take a user's move are shown after it, whoever makes them and whenever")
  func changesDuringAUserMove() async throws {
    for seed in DeepPass.seeds(from: 0, quick: 40, deep: 300) {
      let chaos = Chaos(seed: seed)
      var log: [String] = []
      let view = RecordingListView()
      // Two children: the one the user moves rows of and another; a move's callbacks change either, or nothing.
      let composite = ComposedFeed<ListSectionSnapshot>()
      let moved = ListController<[ListSection<CellBinder>]>()
      let other = SectionsFeed<ListSectionSnapshot>()
      try composite.append(moved)
      try composite.append(other)
      let engine = try ListEngine(view: view, showing: composite)
      engine.selectionMode = .multiple
      var failures: [String] = []
      view.didApplyBatch = { view, _ in
        if let failure = Self.mismatch(view, engine) { failures.append(failure) }
      }
      func otherSections() -> [ListSectionSnapshot] {
        RandomLists.sections(&chaos.random).map { section in
          ListSection(
            id: "o\(section.id)", header: section.header, footer: section.footer,
            items: section.items.map { binder in
              var binder = binder
              binder.id = ListIdentifier("o\(binder.id)")
              return binder
            }
          ).snapshot
        }
      }
      // What a callback does: edit the moved feed's list (rows deleted or reconfigured), change the other feed,
      // ask the engine for another move, a reload, a reconfigure or a selection (each made against the list the
      // view shows once the move is shown), or nothing.
      let respond = {
        switch chaos.pick(7) {
        case 0:
          let ids = Self.randomRows(in: moved.displayedSections, &chaos.random)
          log.append("edit \(ids)")
          moved.performEdits { edit in
            for id in ids { try? edit.deleteRows([id]) }
          }
        case 1:
          log.append("update the other feed")
          other.update(to: otherSections())
        case 2:
          // A move of the engine's own, from code: only while it applies a change or takes a move, when it is
          // queued (outside, the engine would take it for a move the view already shows).
          let own = Array(engine.snapshot.prefix(moved.displayedSections.count))
          guard engine.isApplying, let move = Self.randomMove(in: own, &chaos.random) else { return }
          log.append("engine move \(move)")
          try? engine.moveRow(move)
        case 3:
          log.append("reload")
          engine.reloadData()
        case 4:
          let ids = Self.randomRows(in: engine.snapshot, &chaos.random)
          log.append("reconfigure \(ids)")
          engine.reconfigureRows(ids)
        case 5:
          let ids = Self.randomRows(in: engine.snapshot, &chaos.random)
          log.append("select \(ids)")
          for id in ids { engine.select(id) }
        default: break
        }
      }
      // Which callback responds: the engine's `didMoveRow`, the moved feed's, the engine's `didFail` (a move
      // refused), or the composite's `didUpdate` (which runs while the moved feed's change of the move passes
      // through the composite, before the engine has it).
      switch chaos.pick(4) {
      case 0:
        engine.delegate.didMoveRow = { _, _ in respond() }
      case 1:
        moved.delegate.didMoveRow = { _, _ in respond() }
      case 2:
        engine.delegate.didFail = { _ in respond() }
      default:
        var once = false
        composite.didUpdate = { _ in
          guard !once else { return }
          once = true
          respond()
          once = false
        }
      }
      // About one move in three is refused: the view puts the row back, and what a callback changed is shown.
      var mayMove = true
      engine.delegate.canMoveRow = { _, _ in mayMove }
      await moved.apply(RandomLists.sections(&chaos.random))
      other.update(to: otherSections())
      for step in 0..<6 {
        // The moved feed's sections come first: a move among them is the user's.
        let ownSections = Array(engine.snapshot.prefix(moved.displayedSections.count))
        mayMove = chaos.pick(3) != 0
        if let move = Self.randomMove(in: ownSections, &chaos.random) {
          log.append(mayMove ? "move \(move)" : "refused move \(move)")
          try? view.moveRow(move)
        }
        let context = "seed \(seed), step \(step): \(log)"
        #expect(view.renderedLines == ListRendering.lines(of: engine.snapshot), "\(context)")
        #expect(
          ListRendering.lines(of: engine.snapshot) == ListRendering.lines(of: composite.displayedSections), "\(context)"
        )
        #expect(view.selectedRows == engine.selectedRows, "\(context)")
        if step % 2 == 1 { await moved.apply(RandomLists.sections(&chaos.random)) }
      }
      #expect(failures.isEmpty, "seed \(seed): \(failures.first ?? ""); \(log)")
      #expect(view.inconsistencies.isEmpty, "seed \(seed): \(view.inconsistencies); \(log)")
    }
  }

  // MARK: Support

  @Test("a move queued from a callback, then a change of the feed: the feed moves the row named, beside its neighbour")
  func queuedMoveThenFeedChange() throws {
    for seed in DeepPass.seeds(quick: 150, deep: 1_000) {
      var random = SeededRandom(seed: seed)
      var rows = (0..<Int(2 + random.next() % 8)).map { "r\($0)" }
      let feed = SectionsFeed<ListSectionSnapshot>(sections: [Self.section("S", rows)])
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: feed)
      engine.delegate.canMoveRow = { _, _ in true }
      var reported: [ListIdentifier] = []
      var failures: [ListFlowError] = []
      engine.delegate.didMoveRow = { _, binder in reported.append(binder.id) }
      engine.delegate.didFail = { failures.append($0) }
      // What the callback saw and did: the list shown, the move, and the feed's list after its own change.
      var asked: (shown: [String], move: Move<ItemPath>, newer: [String])?
      var once = true
      engine.delegate.willApply = { _ in
        guard once, let move = Self.randomMove(in: engine.snapshot, &random) else { return }
        once = false
        let shown = rows
        try? engine.moveRow(move)
        // The feed changes after the call: rows put in, rows taken out (the moved one, at times).
        var newer = shown
        for _ in 0..<Int(random.next() % 3) {
          newer.insert("n\(random.next() % 1000)", at: Int(random.next() % UInt64(newer.count + 1)))
        }
        for _ in 0..<Int(random.next() % 2) where newer.count > 1 {
          newer.remove(at: Int(random.next() % UInt64(newer.count)))
        }
        newer = newer.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        rows = newer
        feed.update(to: [Self.section("S", newer)])
        asked = (shown, move, newer)
      }
      rows.append("last")
      feed.update(to: [Self.section("S", rows)])
      guard let asked else { continue }
      let context = "seed \(seed): shown \(asked.shown), move \(asked.move), feed then \(asked.newer)"
      let moved = asked.shown[asked.move.source.item]
      var landed = asked.shown
      landed.insert(landed.remove(at: asked.move.source.item), at: asked.move.target.item)
      let final = feed.sections[0].elements.map { "\($0.id)" }
      if asked.newer.contains(moved) {
        #expect(reported == [ListIdentifier(moved)], "\(context): reported \(reported)")
        // Only that row changed place in the feed.
        #expect(final.filter { $0 != moved } == asked.newer.filter { $0 != moved }, "\(context): \(final)")
        // Beside the row it follows in the list shown, when the feed still has that row.
        let index = asked.move.target.item
        if index > 0, let before = Optional(landed[index - 1]), asked.newer.contains(before) {
          #expect(final.firstIndex(of: moved) == final.firstIndex(of: before).map { $0 + 1 }, "\(context): \(final)")
        }
      } else {
        #expect(reported.isEmpty, "\(context): reported \(reported)")
        #expect(failures.contains(.rowNotMovable(asked.move.source)), "\(context): \(failures)")
        #expect(final == asked.newer, "\(context): \(final)")
      }
      #expect(view.renderedLines == final.map { "== \($0) ==" }, "\(context)")
      #expect(view.inconsistencies.isEmpty, "\(context)")
    }
  }

  static func mismatch(_ view: RecordingListView, _ engine: ListEngine) -> String? {
    if let mismatch = view.countMismatch(with: engine) { return mismatch }
    let expected = ListRendering.lines(of: engine.snapshot)
    return view.renderedLines == expected ? nil : "view \(view.renderedLines) != engine \(expected)"
  }

  /// A random selection call: select or deselect a row, select all, clear. The choices are drawn before the
  /// call, since the call's callbacks draw from the same generator.
  static func randomSelectionCall(_ engine: ListEngine, _ chaos: Chaos) {
    let rows = engine.snapshot.enumerated().flatMap { section, content in
      content.elements.indices.map { ItemPath(item: $0, section: section) }
    }
    let kind = chaos.pick(5)
    let selected = engine.selection.identifiers
    let index = chaos.pick(max(rows.count, selected.count))
    switch kind {
    case 0: engine.selectAll()
    case 1: engine.clearSelection()
    case 2: if !selected.isEmpty { engine.deselect(selected[index % selected.count]) }
    default: if !rows.isEmpty { try? engine.select(rowAt: rows[index % rows.count]) }
    }
  }

  /// Why the selection does not match the list, or `nil`: every selected identity is shown or hidden by a feed,
  /// and the view's selected rows are the engine's.
  static func selectionMismatch(
    _ view: RecordingListView, _ engine: ListEngine, hidden: (ListIdentifier) -> Bool
  ) -> String? {
    let shown = Set(engine.snapshot.flatMap { $0.elements.map(\.id) })
    if let stray = engine.selection.identifiers.first(where: { !shown.contains($0) && !hidden($0) }) {
      return "\(stray) is selected but neither shown nor hidden"
    }
    return view.selectedRows == engine.selectedRows ? nil : "view \(view.selectedRows) != \(engine.selectedRows)"
  }

  static func randomMove(in snapshot: ListSnapshot, _ random: inout SeededRandom) -> Move<ItemPath>? {
    let filled = snapshot.indices.filter { !snapshot[$0].elements.isEmpty }
    guard let section = filled.randomElement(using: &random) else { return nil }
    let item = Int(random.next() % UInt64(snapshot[section].elements.count))
    let target = Int(random.next() % UInt64(snapshot[section].elements.count))
    return Move(source: ItemPath(item: item, section: section), target: ItemPath(item: target, section: section))
  }

  /// A few identities of the rows of a list, and sometimes one it does not have.
  static func randomRows(in snapshot: ListSnapshot, _ random: inout SeededRandom) -> [ListIdentifier] {
    var ids = snapshot.flatMap { $0.elements.map(\.id) }.filter { _ in random.next() % 3 == 0 }
    if random.next() % 4 == 0 { ids.append("no such row") }
    return ids
  }

  static func section(_ id: String, _ rows: [String]) -> ListSectionSnapshot {
    ListSection(id: id, items: rows.map { SectionHeaderCell.makeBinder(value: $0, id: $0) }).snapshot
  }

  /// A feed of ``outline()``, each row indented by its depth.
  /// ``outlineFeed()`` shown by an engine on a recording view, with `change` made to the feed once, from the
  /// engine's first `didInsertRows` (while that insert is shown).
  static func outlineShown(
    changingOnFirstInsert change: @escaping @MainActor (OutlineFeed<String>) -> Void
  ) throws -> (RecordingListView, OutlineFeed<String>, ListEngine) {
    let view = RecordingListView()
    let feed = outlineFeed()
    let engine = try ListEngine(view: view, showing: feed)
    var once = true
    engine.delegate.didInsertRows = { _ in
      guard once else { return }
      once = false
      change(feed)
    }
    return (view, feed, engine)
  }

  static func outlineFeed() -> OutlineFeed<String> {
    OutlineFeed(id: "outline", outline: outline()) { row in
      SectionHeaderCell.makeBinder(value: String(repeating: "  ", count: row.depth) + row.element, id: row.element)
    }
  }

  static func outline() -> Outline<String> {
    Outline([
      Outline.Node("fruit", children: [Outline.Node("apple"), Outline.Node("pear", children: [Outline.Node("seed")])]),
      Outline.Node("leek"),
      Outline.Node("nuts", children: [Outline.Node("almond")]),
    ])
  }
}

/// Random calls from callbacks, with a budget so that a case ends, and the tasks they start.
@MainActor
final class Chaos {
  var random: SeededRandom
  /// The calls a test draws from, each named for the failure message.
  var actions = WeightedChoice<@MainActor () -> Void>([("nothing", weight: 1, {})])
  /// The names of the calls made so far, in order, for the failure message.
  private(set) var log: [String] = []
  private var budget = 40
  /// Whether a delegate closure is running the current call.
  private(set) var isInCallback = false
  private var tasks: [Task<Void, Never>] = []

  init(seed: UInt64) { random = SeededRandom(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 1) }

  func pick(_ count: Int) -> Int { random.below(max(1, count)) }

  /// Draws one of ``actions`` and makes it.
  func act() {
    let action = actions.pick(using: &random)
    log.append(action.name)
    action.value()
  }

  /// Acts from a callback one time in three, while the budget lasts.
  func maybeAct() {
    guard budget > 0, pick(3) == 0 else { return }
    budget -= 1
    isInCallback = true
    defer { isInCallback = false }
    act()
  }

  func spawn(_ body: @escaping @MainActor () async -> Void) { tasks.append(Task { await body() }) }

  /// Waits for every task started, including those started while waiting.
  func settle() async {
    while let task = tasks.first {
      tasks.removeFirst()
      await task.value
    }
  }

  /// A delegate whose every change, display, scroll and selection closure may act.
  func delegate() -> SyncDelegate {
    var delegate = SyncDelegate()
    delegate.willApply = { [unowned self] _ in maybeAct() }
    delegate.didApply = { [unowned self] _ in maybeAct() }
    delegate.didDeleteSections = { [unowned self] _ in maybeAct() }
    delegate.didInsertSections = { [unowned self] _ in maybeAct() }
    delegate.didMoveSections = { [unowned self] _ in maybeAct() }
    delegate.didUpdateSections = { [unowned self] _ in maybeAct() }
    delegate.didDeleteRows = { [unowned self] _ in maybeAct() }
    delegate.didInsertRows = { [unowned self] _ in maybeAct() }
    delegate.didMoveRows = { [unowned self] _ in maybeAct() }
    delegate.didReconfigureRows = { [unowned self] _ in maybeAct() }
    delegate.didReloadRows = { [unowned self] _ in maybeAct() }
    delegate.willDisplayCell = { [unowned self] _, _ in maybeAct() }
    delegate.didEndDisplayingCell = { [unowned self] _, _ in maybeAct() }
    delegate.didSelectRow = { [unowned self] _, _ in maybeAct() }
    delegate.didMoveRow = { [unowned self] _, _ in maybeAct() }
    delegate.didChangeSelection = { [unowned self] _ in maybeAct() }
    return delegate
  }
}
