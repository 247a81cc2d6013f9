import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// The terminal view is re-entrant: app code that the view calls while it draws a frame, handles a key or the
/// mouse, resizes, scrolls or applies a change (the delegate's closures and the cells' configure closures) may
/// call straight back into the view or the engine, and every such call is made, in order, none lost, none
/// trapped, none drawn from a half-updated state.
///
/// Generated runs: sections of rows of one to three lines in a filtered composite, driven by user steps (keys,
/// the wheel, clicks, resizes, new lists, the filter typed, the spinner), while random delegate closures
/// (`willDisplayCell`, `didEndDisplayingCell`, `didHighlightRow`, `didSelectRow`, `didChangeSelection`,
/// `didScroll`, `didReachEnd`) and cells' configure closures make at most one call back each, within a budget per
/// step: a resize, a scroll to a row, a key, a reload of the engine, a reload of the view that the app makes itself,
/// a new list, reconfigured rows, the spinner, the title, the status, the filter's query.
///
/// The oracle does not use the view's drawing: the screen is the bytes written replayed on a model terminal that
/// takes the size of each resize when it is asked for (as a real one does before the app hears of it), and it must
/// equal the frame a fresh view and engine, built from scratch for the last list shown and put in the same
/// viewport, query, spinner, title and status, draw. The view's viewport must hold the data source's counts, its
/// size must be the last one asked for, and a scroll to a row asked last, of the view or of the engine, leaves the
/// row at its position in the last list under the cursor, in every step: the calls made from callbacks run in the
/// order asked, whichever of the two each was made to.
@MainActor
@Suite struct ReentrantViewPropertyTests {
  typealias Sec = IncrementalScreenPropertyTests.Sec
  typealias Row = IncrementalScreenPropertyTests.Row

  /// A call made from a callback.
  enum Call: Sendable {
    case resize, scrollTo, key, reload, viewReload, newList, reconfigure, spinner, title, status, query, select
  }

  static let calls = WeightedChoice<Call>([
    ("resize", weight: 2, .resize),
    ("scroll to a row", weight: 2, .scrollTo),
    ("a key", weight: 2, .key),
    ("reload the engine", weight: 1, .reload),
    ("reload the view", weight: 1, .viewReload),
    ("show a new list", weight: 2, .newList),
    ("reconfigure rows", weight: 1, .reconfigure),
    ("start or stop the spinner", weight: 1, .spinner),
    ("set the title", weight: 1, .title),
    ("set the status", weight: 1, .status),
    ("set the filter's query", weight: 1, .query),
    ("select a row", weight: 1, .select),
  ])

  /// What a user step does.
  enum Step: Sendable { case key, wheel, click, resize, newList, query, spinner, scrollTo }

  static let steps = WeightedChoice<Step>([
    ("a key", weight: 4, .key),
    ("a wheel notch", weight: 2, .wheel),
    ("a click", weight: 2, .click),
    ("resize the screen", weight: 1, .resize),
    ("show a new list", weight: 3, .newList),
    ("type into the filter", weight: 1, .query),
    ("start or stop the spinner", weight: 1, .spinner),
    ("scroll to a row", weight: 1, .scrollTo),
  ])

  /// Makes the binder of a row; `hook` runs each time a cell is configured from it.
  static func binder(_ row: Row, hook: (@MainActor @Sendable () -> Void)?) -> CellBinder {
    CellBinder(cell: TextCell.self, value: row, id: ListIdentifier(row.id)) { cell, row in
      cell.title = row.title
      cell.accessory = row.accessory
      cell.detailLines = (1..<max(row.height, 1)).map { "d\(row.id).\($0)" }
      hook?()
    }
    .height(row.height)
  }

  static func snapshot(_ sections: [Sec], hook: (@MainActor @Sendable () -> Void)?) -> [ListSectionSnapshot] {
    sections.map { section in
      ListSection(
        id: section.id,
        header: section.header.map { text in
          CellBinder(cell: TextCell.self, value: text, id: ListIdentifier("h\(section.id)")) { cell, text in
            cell.title = text
            hook?()
          }
        },
        footer: nil,
        items: section.rows.map { binder($0, hook: hook) }
      ).snapshot
    }
  }

  /// Passes the delegate's calls on to the harness.
  @MainActor
  final class Relay {
    weak var harness: Harness?
  }

  @MainActor
  final class Harness {
    let time = ManualTime()
    var random: SeededRandom
    /// The size the terminal has: the last one asked for.
    var size: TerminalSize
    let output = CapturingOutput()
    let view: TerminalListView
    let source: SectionsFeed<ListSectionSnapshot>
    let filter: FilteredFeed
    let engine: ListEngine
    var screen: ScreenModel
    var sections: [Sec] = []
    var nextID = 0
    /// The calls callbacks may still make in this step.
    var budget = 0
    /// Whether a callback is making its call (it makes no other meanwhile: one call per callback).
    var isCalling = false
    var log: [String] = []
    /// The position the last scroll to a row asked for, while no later call moved the viewport or changed the
    /// list: the scroll goes to the row there in the list once the calls asked before it are done, which is the
    /// last list.
    var scrolledTo: ItemPath?
    var title = "List"
    var status = ""

    init(seed: UInt64) throws {
      random = SeededRandom(seed: seed)
      size = TerminalSize(columns: 1 + random.below(30), rows: random.below(12))
      screen = ScreenModel(columns: size.columns, rows: size.rows)
      source = SectionsFeed(sections: [])
      filter = try FilteredFeed(source)
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(filter)
      view = TerminalListView(output: output, mode: .screen(size), title: title, clock: time.clock)
      // The delegate's closures reach the harness once it is made.
      let relay = Relay()
      var delegate = SyncDelegate()
      delegate.willDisplayCell = { _, _ in relay.harness?.callback("willDisplayCell") }
      delegate.didEndDisplayingCell = { _, _ in relay.harness?.callback("didEndDisplayingCell") }
      delegate.didHighlightRow = { _, _ in relay.harness?.callback("didHighlightRow") }
      delegate.didSelectRow = { _, _ in relay.harness?.callback("didSelectRow") }
      delegate.didChangeSelection = { _ in relay.harness?.callback("didChangeSelection") }
      delegate.didScroll = { _ in relay.harness?.callback("didScroll") }
      delegate.didReachEnd = { relay.harness?.callback("didReachEnd") }
      // `d` deletes the row under the cursor: the app takes it out of its list, from the callback.
      delegate.editActions = { _, _ in [.delete] }
      delegate.commitEdit = { _, _, row in relay.harness?.delete(row.id) }
      engine = try ListEngine(view: view, showing: composite, delegate: delegate)
      engine.selectionMode = [ListSelection.Mode.none, .single, .multiple][random.below(3)]
      let filter = filter
      view.onFilterChange = { filter.query = $0 }
      relay.harness = self
    }

    /// A callback: now and then, one call back into the view or the engine, within the step's budget.
    func callback(_ name: String) {
      guard !isCalling, budget > 0, random.oneIn(3) else { return }
      budget -= 1
      isCalling = true
      defer { isCalling = false }
      let call = ReentrantViewPropertyTests.calls.pick(using: &random)
      log.append("\(name)→\(call.name)")
      make(call.value)
    }

    /// Takes a row out of the list, as `d` asks, and perhaps makes a call.
    func delete(_ id: ListIdentifier) {
      scrolledTo = nil
      log.append("commitEdit")
      show(
        sections.map { section in
          var section = section
          section.rows.removeAll { ListIdentifier($0.id) == id }
          return section
        })
      callback("commitEdit")
    }

    /// Makes a call, from a callback or as a user step.
    func make(_ call: Call) {
      // A reload keeps the cursor on its row: a scroll asked before it still holds.
      if ![.title, .status, .viewReload].contains(call) { scrolledTo = nil }
      switch call {
      case .resize:
        resize(TerminalSize(columns: random.below(31), rows: random.below(13)))
      case .scrollTo:
        let paths = rowPaths()
        guard !paths.isEmpty else { return }
        let path = paths[random.below(paths.count)]
        let alignments: [ListEngine.ScrollAlignment] = [.top, .center, .bottom, .visible]
        // Asked for now: a call made meanwhile (from a callback of this one) comes after it.
        scrolledTo = path
        if random.oneIn(2) {
          view.scrollToRow(at: path, alignment: alignments[random.below(4)])
        } else {
          try? engine.scrollToRow(at: path, alignment: alignments[random.below(4)])
        }
      case .key:
        let keys: [Key] = [.up, .down, .pageUp, .pageDown, .home, .end, .enter, .character(" "), .character("d")]
        view.handle(keys[random.below(keys.count)])
      case .reload:
        engine.reloadData()
      case .viewReload:
        // The app reloads the view itself, whatever the engine is doing.
        view.reloadData()
      case .newList:
        var edits: [String] = []
        show(IncrementalScreenPropertyTests.mutate(sections, &random, nextID: &nextID, log: &edits))
      case .reconfigure:
        let ids = sections.flatMap(\.rows).map { ListIdentifier($0.id) }.filter { _ in random.oneIn(2) }
        engine.reconfigureRows(ids, animated: random.oneIn(2))
      case .spinner:
        if view.isSpinning { view.stopSpinner() } else { view.startSpinner("wait") }
      case .title:
        title = IncrementalScreenPropertyTests.text(&random)
        view.title = title
      case .status:
        status = IncrementalScreenPropertyTests.text(&random)
        view.status = status
      case .query:
        view.filterQuery = ["", "a", "x", "日"][random.below(4)]
      case .select:
        let paths = rowPaths()
        guard !paths.isEmpty else { return }
        try? engine.toggleSelection(ofRowAt: paths[random.below(paths.count)])
      }
    }

    func rowPaths() -> [ItemPath] {
      guard let dataSource = view.dataSource else { return [] }
      return (0..<dataSource.numberOfSections).flatMap { s in
        (0..<dataSource.numberOfRows(inSection: s)).map { ItemPath(item: $0, section: s) }
      }
    }

    func show(_ sections: [Sec]) {
      self.sections = sections
      source.update(to: ReentrantViewPropertyTests.snapshot(sections) { [unowned self] in self.callback("cell") })
    }

    /// The terminal takes the new size when it is asked for; what was written before is drawn at the old one.
    func resize(_ size: TerminalSize) {
      screen.feed(output.takeText())
      self.size = size
      screen = ScreenModel(columns: size.columns, rows: size.rows)
      view.resize(to: size)
    }

    /// A fresh view and engine of the last list shown, in the same viewport, query, spinner, title and status.
    func freshFrame() throws -> TerminalFrame {
      let fresh = TerminalListView(
        output: CapturingOutput(), mode: .screen(size), title: title, clock: time.clock)
      let source = SectionsFeed<ListSectionSnapshot>(
        sections: ReentrantViewPropertyTests.snapshot(sections, hook: nil))
      let filter = try FilteredFeed(source)
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(filter)
      var delegate = SyncDelegate()
      delegate.editActions = { _, _ in [.delete] }
      let engine = try ListEngine(view: fresh, showing: composite, delegate: delegate)
      engine.selectionMode = self.engine.selectionMode
      fresh.onFilterChange = { filter.query = $0 }
      fresh.filterQuery = view.filterQuery
      fresh.isEditingFilter = view.isEditingFilter
      fresh.typedCharacter = view.typedCharacter
      engine.setSelection(self.engine.selection)
      fresh.status = status
      fresh.spinner = view.spinner
      fresh.followsLastRow = view.followsLastRow
      fresh.viewport = view.viewport
      let frame = fresh.makeFrame(size: size)
      withExtendedLifetime(engine) {}
      return frame
    }
  }

  /// Checks the state after a step; records an issue and returns `false` on the first difference.
  static func check(_ h: Harness, _ context: String) throws -> Bool {
    h.screen.feed(h.output.takeText())
    #expect(h.screen.unsupported.isEmpty, "\(context): \(h.screen.unsupported)")
    guard case .screen(let size) = h.view.mode, size == h.size else {
      Issue.record("\(context): the view is at \(h.view.mode), the last size asked for is \(h.size)")
      return false
    }
    guard let dataSource = h.view.dataSource else { return false }
    let counts = (0..<dataSource.numberOfSections).map { dataSource.numberOfRows(inSection: $0) }
    guard h.view.viewport.sections.map(\.itemCount) == counts else {
      Issue.record("\(context): the viewport holds \(h.view.viewport.sections.map(\.itemCount)), the list \(counts)")
      return false
    }
    if h.view.title != h.title || h.view.status != h.status {
      Issue.record("\(context): title or status lost")
      return false
    }
    // The last call asked was a scroll: it ran last, on the last list (a position that list does not have is
    // clamped by the view and an error for the engine).
    if let wanted = h.scrolledTo, h.rowPaths().contains(wanted), h.view.selectedRow != wanted {
      Issue.record(
        "\(context): the scroll to \(wanted) was lost (cursor at \(String(describing: h.view.selectedRow)))")
      return false
    }
    let expected = ScreenModel.expected(for: try h.freshFrame())
    if h.screen.cells != expected.cells {
      let bad = (0..<h.size.rows).filter { h.screen.cells[$0] != expected.cells[$0] }
      Issue.record("\(context): rows \(bad) differ\nshown:\n\(h.screen.text)\nfresh:\n\(expected.text)")
      return false
    }
    return true
  }

  @Test("random steps whose callbacks call back (12 seeds quick, 600 deep, 25 steps): nothing lost or half drawn")
  func callbacksCallBack() throws {
    var failures = 0
    for seed in DeepPass.seeds(quick: 12, deep: 600) {
      let h = try Harness(seed: seed)
      h.budget = 2
      h.make(.newList)
      var ok = try Self.check(h, "seed \(seed) first list \(h.log)")
      for step in 0..<25 where ok {
        h.log = []
        h.budget = 1 + h.random.below(4)
        let picked = Self.steps.pick(using: &h.random)
        h.log.append(picked.name)
        if picked.value != .spinner { h.scrolledTo = nil }
        switch picked.value {
        case .key: h.make(.key)
        case .wheel:
          h.view.handle(
            mouse: MouseEvent(
              kind: h.random.oneIn(2) ? .wheelUp : .wheelDown, column: 0, row: h.random.below(max(h.size.rows, 1))))
        case .click:
          h.view.handle(mouse: MouseEvent(kind: .press(.left), column: 1, row: h.random.below(max(h.size.rows, 1))))
        case .resize: h.make(.resize)
        case .newList: h.make(.newList)
        case .query:
          let keys: [Key] = [.character("/"), .character("a"), .backspace, .escape, .enter]
          h.view.handle(keys[h.random.below(keys.count)])
        case .spinner: h.make(.spinner)
        case .scrollTo: h.make(.scrollTo)
        }
        ok = try Self.check(h, "seed \(seed) step \(step) \(h.log)")
      }
      if !ok { failures += 1 }
      if failures >= 3 { break }
    }
  }

  /// A call made from a callback in `scrollsKeepTheOrderAsked`: a scroll of the view or of the engine, or a reload
  /// of the view that the app makes itself (it keeps the cursor's row).
  enum OrderedCall: Sendable { case viewScroll, engineScroll, viewReload }

  static let orderedCalls = WeightedChoice<OrderedCall>([
    ("scroll the view to a row", weight: 3, .viewScroll),
    ("scroll the engine to a row", weight: 3, .engineScroll),
    ("reload the view", weight: 1, .viewReload),
  ])

  /// The state the callbacks of `scrollsKeepTheOrderAsked` share.
  @MainActor
  final class OrderProbe {
    var random: SeededRandom
    weak var engine: ListEngine?
    weak var view: TerminalListView?
    /// The calls callbacks may still make in this step.
    var budget = 0
    /// The position the last scroll asked for.
    var asked: ItemPath?
    var log: [String] = []

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    func callback(_ name: String) {
      guard budget > 0, random.oneIn(2), let engine, let view else { return }
      budget -= 1
      let call = ReentrantViewPropertyTests.orderedCalls.pick(using: &random)
      let rows = engine.snapshot.first?.elements.count ?? 0
      guard rows > 0 else { return }
      let path = ItemPath(item: random.below(rows), section: 0)
      log.append("\(name)→\(call.name) \(path.item)")
      switch call.value {
      case .viewScroll:
        asked = path
        view.scrollToRow(at: path, alignment: .visible)
      case .engineScroll:
        asked = path
        try? engine.scrollToRow(at: path, alignment: .visible)
      case .viewReload:
        view.reloadData()
      }
    }
  }

  @Test("scrolls asked from callbacks, to the view and to the engine, run in the order asked (40 seeds quick)")
  func scrollsKeepTheOrderAsked() throws {
    var failures = 0
    for seed in DeepPass.seeds(quick: 40, deep: 400) {
      let probe = OrderProbe(seed: seed)
      let size = TerminalSize(columns: 20, rows: 3 + probe.random.below(8))
      let view = TerminalListView(output: CapturingOutput(), mode: .screen(size))
      let source = SectionsFeed<ListSectionSnapshot>(sections: [])
      var delegate = SyncDelegate()
      delegate.willDisplayCell = { _, _ in probe.callback("willDisplayCell") }
      delegate.didEndDisplayingCell = { _, _ in probe.callback("didEndDisplayingCell") }
      delegate.didHighlightRow = { _, _ in probe.callback("didHighlightRow") }
      delegate.didScroll = { _ in probe.callback("didScroll") }
      let engine = try ListEngine(view: view, showing: source, delegate: delegate)
      probe.engine = engine
      probe.view = view
      var nextID = 0
      for step in 0..<12 {
        probe.budget = 1 + probe.random.below(4)
        probe.asked = nil
        probe.log = []
        if probe.random.oneIn(3) {
          // A key: the view handles it, the engine applies nothing.
          view.handle(probe.random.oneIn(2) ? .down : .pageDown)
        } else {
          // A new list: the engine applies it while the callbacks ask.
          let rows = (0..<(1 + probe.random.below(30))).map { _ in
            nextID += 1
            return Row(id: nextID, title: "r\(nextID)", accessory: "", height: 1 + probe.random.below(2))
          }
          source.update(to: Self.snapshot([Sec(id: 0, header: nil, footer: nil, rows: rows)], hook: nil))
        }
        let rows = engine.snapshot.first?.elements.count ?? 0
        if let asked = probe.asked, asked.item < rows, view.selectedRow != asked {
          let cursor = String(describing: view.selectedRow)
          Issue.record("seed \(seed) step \(step) \(probe.log): cursor at \(cursor), last scroll to \(asked)")
          failures += 1
          break
        }
      }
      if failures >= 3 { break }
    }
  }

  /// Counts the writes of a view: one per frame written.
  final class CountingOutput: TerminalOutput, @unchecked Sendable {
    nonisolated(unsafe) var writes = 0
    var interruptions: Int { 0 }
    func write(_ bytes: [UInt8]) { writes += 1 }
  }

  static let typedKeys = WeightedChoice<Key>([
    ("open the filter", weight: 1, .character("/")),
    ("type a digit", weight: 4, .character("3")),
    ("type a letter", weight: 2, .character("i")),
    ("erase", weight: 2, .backspace),
    ("move down", weight: 1, .down),
    ("close the filter", weight: 1, .enter),
  ])

  @Test("a key whose callback changes the filter's query writes one frame, once the new list is shown (20 seeds)")
  func filterKeyWritesOneFrame() throws {
    for seed in DeepPass.seeds(quick: 20, deep: 200) {
      var random = SeededRandom(seed: seed)
      let output = CountingOutput()
      let view = TerminalListView(output: output, mode: .screen(TerminalSize(columns: 30, rows: 4 + random.below(8))))
      let rows = (0..<(1 + random.below(40))).map {
        Row(id: $0, title: "item \($0 % 7)", accessory: "", height: 1 + random.below(2))
      }
      let source = SectionsFeed(sections: Self.snapshot([Sec(id: 0, header: nil, footer: nil, rows: rows)], hook: nil))
      let filter = try FilteredFeed(source)
      let engine = try ListEngine(view: view, showing: filter)
      view.onFilterChange = { filter.query = $0 }
      var log: [String] = []
      for _ in 0..<12 {
        let key = Self.typedKeys.pick(using: &random)
        log.append(key.name)
        let before = output.writes
        view.handle(key.value)
        guard output.writes - before <= 1 else {
          Issue.record("seed \(seed) \(log): \(output.writes - before) frames written for one key")
          break
        }
      }
      withExtendedLifetime(engine) {}
    }
  }

  @Test("Enter on a single-select list: the row is the selection before didSelectRow, as outside a view's call")
  func enterSelectsBeforeDidSelectRow() throws {
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 20, rows: 6)))
    let rows = (0..<3).map { Row(id: $0, title: "item \($0)", accessory: "", height: 1) }
    let source = SectionsFeed(sections: Self.snapshot([Sec(id: 0, header: nil, footer: nil, rows: rows)], hook: nil))
    var seen: [String] = []
    var delegate = SyncDelegate()
    delegate.didChangeSelection = { _ in seen.append("didChangeSelection") }
    delegate.didSelectRow = { _, _ in seen.append("didSelectRow") }
    let engine = try ListEngine(view: view, showing: source, delegate: delegate)
    engine.selectionMode = .single
    view.handle(.down)
    view.handle(.enter)
    #expect(seen == ["didChangeSelection", "didSelectRow"])
    #expect(engine.selection.identifiers == [ListIdentifier(1)])
  }

  @Test("the article's example: callbacks that start the spinner and set the status are drawn once done")
  func articleExample() throws {
    let output = CapturingOutput()
    let size = TerminalSize(columns: 30, rows: 6)
    let view = TerminalListView(output: output, mode: .screen(size))
    var delegate = SyncDelegate()
    delegate.didReachEnd = { view.startSpinner("loading") }  // drawn once the frame in progress is done
    delegate.didHighlightRow = { path, _ in view.status = "row \(path.item + 1)" }
    let rows = (0..<3).map { Row(id: $0, title: "item \($0)", accessory: "", height: 1) }
    let source = SectionsFeed(sections: Self.snapshot([Sec(id: 0, header: nil, footer: nil, rows: rows)], hook: nil))
    let engine = try ListEngine(view: view, showing: source, delegate: delegate)
    view.handle(.down)
    var screen = ScreenModel(columns: size.columns, rows: size.rows)
    screen.feed(output.takeText())
    #expect(view.isSpinning && view.status == "row 2")
    #expect(screen.text.contains("loading") && screen.text.contains("row 2"), "\(screen.text)")
    withExtendedLifetime(engine) {}
  }
}
