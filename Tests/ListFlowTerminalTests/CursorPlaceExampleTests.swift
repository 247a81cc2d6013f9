import ListFlow
import ListFlowTesting
import Synchronization
import Testing

@testable import ListFlowTerminal

/// The row that takes the cursor's place in the changes apps make: a paged feed's placeholder replaced by the first
/// page in a later stage of the change, a failed footer retried, the last row of a section deleted, a filter's
/// query over a long list, which is shown by a reload, and a controller's new rows shown by a reload
/// (`CursorPlaceChangePropertyTests` checks the rule at large).
@MainActor
@Suite struct CursorPlaceExampleTests {
  struct Event: Identifiable, Hashable, Sendable, Titled, ListItemDataModel {
    var id: Int
    var title: String? { "event \(id)" }
  }

  struct Failure: Error {}

  static func text(_ value: String, id: String) -> CellBinder {
    CellBinder(cell: TextCell.self, value: value, id: ListIdentifier(id)) { $0.title = $1 }
  }

  static let appearance = PagingAppearance(
    placeholderRows: [text("loading events", id: "placeholder")],
    loadingMore: text("loading more", id: "loading"),
    failedFooter: text("failed (enter retries)", id: "failed"),
    endOfList: text("end", id: "end"))

  static func events(_ paging: PagingController<Page<Event, Int>>) -> PagedFeed<Page<Event, Int>> {
    PagedFeed(id: "events", paging: paging, appearance: appearance) { event in
      CellBinder(data: event, map: { (event: Event, cell: TextCell) in cell.title = event.title ?? "" })
    }
  }

  static func shownID(_ view: TerminalListView, _ engine: ListEngine) -> ListIdentifier? {
    view.selectedRow.flatMap { engine.identity(ofRowAt: $0) }
  }

  @Test("the first page replacing the placeholder keeps the cursor at the top of the page", arguments: [false, true])
  func placeholderReplaced(withSettings: Bool) async throws {
    let paging = PagingController { (cursor: Int?) async throws -> Page<Event, Int> in
      Page(elements: (0..<30).map { Event(id: $0) }, nextPage: nil)
    }
    let events = Self.events(paging)
    let screen = ComposedFeed<ListSectionSnapshot>()
    try screen.append(events)
    if withSettings {
      try screen.append(
        SectionsFeed<ListSectionSnapshot>(sections: [
          ListSection(id: "settings", items: [Self.text("toggle A", id: "a")]).snapshot
        ]))
    }
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 40, rows: 10)))
    let engine = try ListEngine(view: view, showing: screen)
    #expect(Self.shownID(view, engine) == "placeholder")
    await paging.refresh()
    #expect(view.selectedRow == ItemPath(item: 0, section: 0))
    #expect(engine.snapshot[0].elements.count > 1)
    #expect(view.visibleRows.first == ItemPath(item: 0, section: 0))
  }

  @Test("retrying a failed footer keeps the cursor on the loading row, then on the page that replaces it")
  func retriedFooter() async throws {
    let gate = ProgressGate()
    let attempts = Mutex(0)
    let paging = PagingController(prefetchDistance: .init(rows: 1)) {
      (cursor: Int?) async throws -> Page<Event, Int> in
      if cursor == nil { return Page(elements: (0..<3).map { Event(id: $0) }, nextPage: 2) }
      let attempt = attempts.withLock { value in
        value += 1
        return value
      }
      if attempt == 1 { throw Failure() }
      await gate.wait(untilAtLeast: 1)
      return Page(elements: (3..<6).map { Event(id: $0) }, nextPage: nil)
    }
    let events = Self.events(paging)
    let settings = SectionsFeed<ListSectionSnapshot>(sections: [
      ListSection(id: "settings", items: [Self.text("toggle A", id: "a"), Self.text("toggle B", id: "b")]).snapshot
    ])
    let screen = ComposedFeed<ListSectionSnapshot>()
    try screen.append(events)
    try screen.append(settings)
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 40, rows: 20)))
    let engine = try ListEngine(view: view, showing: screen)
    await paging.refresh()
    // The short first page is on screen, so the feed asks for page 2 by itself: it fails.
    for _ in 0..<1_000 where events.displayedSections[0].elements.last?.id != "failed" { await Task.yield() }
    #expect(events.displayedSections[0].elements.map(\.id).last == "failed")
    // The first page took the placeholder's place.
    #expect(Self.shownID(view, engine) == engine.identity(ofRowAt: ItemPath(item: 0, section: 0)))
    try engine.scrollToRow(at: ItemPath(item: 3, section: 0))
    #expect(Self.shownID(view, engine) == "failed")
    view.handle(.enter)
    for _ in 0..<1_000 where events.displayedSections[0].elements.last?.id != "loading" { await Task.yield() }
    #expect(Self.shownID(view, engine) == "loading")
    gate.advance(to: 1)
    _ = await events.lastTriggeredLoad?.value
    for _ in 0..<1_000 where engine.snapshot[0].elements.count < 6 { await Task.yield() }
    // The second page took the loading row's place: the cursor is on its first row.
    #expect(view.selectedRow == ItemPath(item: 3, section: 0))
    #expect(Self.shownID(view, engine) == engine.identity(ofRowAt: ItemPath(item: 3, section: 0)))
  }

  @Test("deleting the cursor's row, the last of its section, puts the cursor on the first row of the next")
  func lastRowOfSectionDeleted() throws {
    let sections = { (first: [String]) in
      [
        ListSection(id: "first", items: first.map { Self.text($0, id: $0) }).snapshot,
        ListSection(id: "second", items: [Self.text("s0", id: "s0")]).snapshot,
      ]
    }
    let source = SectionsFeed<ListSectionSnapshot>(sections: sections(["r0", "r1", "r2"]))
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 30, rows: 10)))
    let engine = try ListEngine(view: view, showing: source)
    view.handle(.down)
    view.handle(.down)
    #expect(Self.shownID(view, engine) == "r2")
    source.update(to: sections(["r0", "r1"]))
    #expect(Self.shownID(view, engine) == "s0")
  }

  struct Line: Identifiable, Hashable, Sendable, Titled, Differentiable {
    var id: Int
    var title: String? { (id % 2 == 0 ? "api-" : "auth-") + "\(id)" }
  }

  /// Below 1,000 rows the filter diffs the rows it shows; from 1,000 on it shows them by a reload, which puts
  /// the cursor at the same row.
  @Test(
    "a query that hides the cursor's row puts it on the next row that stays, in a long list too",
    arguments: [500, 2_000])
  func cursorAfterQuery(count: Int) async throws {
    let controller = ListController<[Line]>(rows: { [ListSection(id: "lines", items: $0)] }) { line in
      CellBinder(cell: TextCell.self, value: line.title ?? "", id: ListIdentifier(line.id)) { $0.title = $1 }
    }
    let filtered = try FilteredFeed(controller)
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 40, rows: 10)))
    let engine = try ListEngine(view: view, showing: filtered)
    view.onFilterChange = { filtered.query = $0 }
    await controller.apply((0..<count).map(Line.init))
    try engine.scrollToRow(at: ItemPath(item: 100, section: 0), alignment: .center)
    let line = view.selectedRowScreenLine
    let reloads = engine.reloadCount
    view.filterQuery = "auth"  // hides every api row
    #expect(engine.reloadCount == reloads + (count >= 1_000 ? 1 : 0))
    #expect(Self.shownID(view, engine) == ListIdentifier(101))
    #expect(view.selectedRowScreenLine == line)
    // Back to every row: the cursor stays on its row.
    view.filterQuery = ""
    #expect(Self.shownID(view, engine) == ListIdentifier(101))
    // A query that hides every row after the cursor's: the nearest row before it that stays.
    try engine.scrollToRow(at: ItemPath(item: count - 1, section: 0))
    view.filterQuery = "api"
    #expect(Self.shownID(view, engine) == ListIdentifier(count - 2))
  }
}

extension CursorPlaceExampleTests {
  /// A controller of rows (the rows path: identities read from the rows, no binder made to find one) whose
  /// states the engine shows by reloads.
  @Test("a reload of a controller's rows puts the cursor on the rows that take its row's place", arguments: [0, 3])
  func rowsPathReload(inserted: Int) async throws {
    let controller = ListController<[Line]>(rows: { [ListSection(id: "lines", items: $0)] }) { line in
      CellBinder(cell: TextCell.self, value: line.title ?? "", id: ListIdentifier(line.id)) { $0.title = $1 }
    }
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 40, rows: 10)))
    let engine = try ListEngine(view: view, showing: controller, reloadThreshold: 0)
    let lines = (0..<100).map(Line.init)
    await controller.apply(lines)
    try engine.scrollToRow(at: ItemPath(item: 50, section: 0))
    let reloads = engine.reloadCount
    // Rows 45 to 55 go; `inserted` new rows come in their place.
    await controller.apply(lines[..<45] + (1_000..<1_000 + inserted).map(Line.init) + lines[56...])
    #expect(engine.reloadCount == reloads + 1)
    #expect(Self.shownID(view, engine) == ListIdentifier(inserted > 0 ? 1_000 : 56))
  }
}

extension TerminalListView {
  /// The screen line of the cursor's row in the list area, if it is on screen.
  fileprivate var selectedRowScreenLine: Int? { viewport.selectionScreenRow }
}
