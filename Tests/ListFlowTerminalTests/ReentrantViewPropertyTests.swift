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
/// step: a resize, a scroll to a row, a key, a reload, a new list, reconfigured rows, the spinner, the title, the
/// status, the filter's query.
///
/// The oracle does not use the view's drawing: the screen is the bytes written replayed on a model terminal that
/// takes the size of each resize when it is asked for (as a real one does before the app hears of it), and it must
/// equal the frame a fresh view and engine, built from scratch for the last list shown and put in the same
/// viewport, query, spinner, title and status, draw. The view's viewport must hold the data source's counts, its
/// size must be the last one asked for, and a scroll to a row asked last leaves that row under the cursor.
@MainActor
@Suite struct ReentrantViewPropertyTests {
  typealias Sec = IncrementalScreenPropertyTests.Sec
  typealias Row = IncrementalScreenPropertyTests.Row

  /// A call made from a callback.
  enum Call: Sendable {
    case resize, scrollTo, key, reload, newList, reconfigure, spinner, title, status, query, select
  }

  static let calls = WeightedChoice<Call>([
    ("resize", weight: 2, .resize),
    ("scroll to a row", weight: 2, .scrollTo),
    ("a key", weight: 2, .key),
    ("reload the engine", weight: 1, .reload),
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
    /// The row the last scroll to a row asked for, while no later call moved the viewport.
    var scrolledTo: ListIdentifier?
    /// Whether a call of this step went to the engine while it applied a change: the engine runs it once the
    /// change is done, perhaps after calls the view queued later (each queues the calls made to it).
    var engineQueued = false
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
      if engine.isApplying { engineQueued = true }
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
      if call != .title, call != .status { scrolledTo = nil }
      if engine.isApplying, [.scrollTo, .reload, .newList, .reconfigure, .query, .select].contains(call) {
        engineQueued = true
      }
      switch call {
      case .resize:
        resize(TerminalSize(columns: random.below(31), rows: random.below(13)))
      case .scrollTo:
        let paths = rowPaths()
        guard !paths.isEmpty else { return }
        let path = paths[random.below(paths.count)]
        let alignments: [ListEngine.ScrollAlignment] = [.top, .center, .bottom, .visible]
        // Asked for now: a call made meanwhile (from a callback of this one) comes after it.
        scrolledTo = view.dataSource?.identity(ofRowAt: path)
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
    if !h.engineQueued, let wanted = h.scrolledTo,
      let found = h.rowPaths().first(where: { dataSource.identity(ofRowAt: $0) == wanted })
    {
      if h.view.selectedRow != found {
        Issue.record(
          "\(context): the scroll to \(wanted) was lost (cursor at \(String(describing: h.view.selectedRow)))")
        return false
      }
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
        h.engineQueued = false
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
