import ListFlowTerminal

/// The Demo's list: a composite of three feeds shown by one `ListEngine` in a `TerminalListView`.
///
/// - `machine`: a `SectionsFeed` following the store: the static "This machine" section, made by a
///   static-list constructor;
/// - `pinned`: a `ListController`, following the store: the pinned processes;
/// - `top`: an `OutlineFeed` following the store: the busiest processes, each expanding (→) to its threads;
/// - `browse`: a `PagedFeed`: every process by pid, a page at a time, loading more near the end, with
///   loading, failure (enter retries) and end-of-list rows. Its pages are cut from the store's reading, and on
///   every tick (and so on `r`) it reloads the pages it has loaded: processes that exited leave it, new ones
///   come in, as in the other sections.
///
/// The Demo's own commands (`DemoKeys`) change the store: enter pins or unpins a process, d hides one, t shows
/// its threads. Space selects processes and `/` filters the process lists by name (`DemoFilter`).
@MainActor
final class DemoList {
  let view: TerminalListView
  let store: Store<DemoState>
  let machine = SectionsFeed<ListSectionSnapshot>()
  let pinned: ListController<DemoState>
  let top: OutlineFeed<ProcessNode>
  let browse: PagedFeed<Page<ProcessRow, Int>>
  let controller: ListEngine
  /// The filters in front of the three process lists (see `DemoFilter`).
  let filters: [FilteredFeed]
  /// Changes applied by the last change of the list, for the status bar.
  private(set) var lastChangeCount = 0
  /// Called before every change reaches the view, with the tick of the machine feed's state.
  var willShowTick: (Int) -> Void = { _ in }
  private var feeds: [Task<Void, Never>] = []

  /// Builds the feeds and shows the store's current state.
  init(view: TerminalListView, store: Store<DemoState>) throws {
    self.view = view
    self.store = store
    let state = store.state
    machine.update(to: MachineSections.sections(state))
    pinned = ListController(sections: PinnedSections.sections)
    top = OutlineFeed(id: "top", outline: Outline(ProcessTree.roots(state))) { row in
      ProcessTree.cell(row, ownPID: state.ownPID)
    }
    top.header = MachineSections.heading("Processes by CPU now · → shows threads")
    let pageSize = state.pageSize
    let paging = PagingController(prefetchDistance: .init(rows: 3)) {
      (cursor: Int?) async throws -> Page<ProcessRow, Int> in
      try ProcessBrowser.page(from: cursor ?? 0, size: pageSize, of: store.state.rowsByPID)
    }
    browse = PagedFeed(
      id: "all", paging: paging,
      appearance: PagingAppearance(
        placeholderRows: [MachineSections.heading("loading processes…")],
        failure: MachineSections.heading("could not read the process table · enter retries"),
        loadingMore: MachineSections.heading("loading more…"),
        failedFooter: MachineSections.heading("loading failed · enter retries"),
        endOfList: MachineSections.heading("end of the process list"))
    ) { row in
      CellBinder(
        data: BrowseItem(row: row),
        map: { (item: BrowseItem, cell: TextCell) in
          cell.title = item.row.name
          cell.subtitle = "pid \(item.row.pid)"
        }
      )
    }

    let composite = ComposedFeed<ListSectionSnapshot>()
    filters = try DemoFilter.feeds([pinned, top, browse])
    try composite.append(machine)
    for filter in filters { try composite.append(filter) }

    controller = try ListEngine(view: view, showing: composite)
    controller.delegate.willApply = { [unowned self] _ in
      self.willShowTick(self.store.state.tick)
    }
    controller.delegate.didApply = { [unowned self] transition in
      self.lastChangeCount = transition.changes.changeCount
    }

    // Pinning, hiding and threads are the Demo's own commands (`DemoKeys`); the top list's highlight follows
    // the cursor.
    var topEvents = SyncDelegate()
    DemoFocus.follow(in: &topEvents, store: store)
    top.delegate = topEvents
    DemoFilter.install(on: self)
  }

  /// Starts the feeds: the machine, pinned and top lists follow the store; the paged list loads its first page,
  /// then reloads the pages it has loaded on every tick.
  func start() {
    let store = store
    feeds.append(Task { await machine.run(store.updates(), sections: MachineSections.sections) })
    feeds.append(Task { await pinned.run(store.updates()) })
    feeds.append(Task { await top.run(store.updates(), roots: ProcessTree.roots) })
    feeds.append(Task { [browse] in await Self.follow(store, with: browse) })
  }

  /// Loads the first page of every process, then reloads the loaded pages whenever a new reading (a tick, or `r`)
  /// reaches the store, so that the paged list never keeps a process that exited nor misses one that started.
  static func follow(_ store: Store<DemoState>, with browse: PagedFeed<Page<ProcessRow, Int>>) async {
    var tick = store.state.tick
    await browse.paging.refresh()
    for await state in store.updates() where state.tick != tick {
      tick = state.tick
      // A load-more started by a displayed row may be running: the reload waits for it rather than skip a tick.
      if await browse.paging.refreshLoadedPages() == .ignored(.busy), let running = browse.lastTriggeredLoad {
        _ = await running.value
        await browse.paging.refreshLoadedPages()
      }
    }
  }

  /// Waits until the feeds end (the store finished).
  func finish() async {
    for feed in feeds { await feed.value }
  }
}

/// A process of the paged list of all processes.
struct BrowseItem: ListItemDataModel, Hashable {
  var row: ProcessRow
  var identity: Int { row.pid }
}

/// Pages of every process, by pid.
enum ProcessBrowser {
  struct Unreadable: Error {}

  /// The page starting at `offset`: `size` processes of `rows` (a reading, by pid), and the next offset, or `nil`
  /// at the end.
  static func page(from offset: Int, size: Int, of rows: [ProcessRow]) throws -> Page<ProcessRow, Int> {
    guard !rows.isEmpty else { throw Unreadable() }
    let start = min(max(0, offset), rows.count)
    let end = min(start + max(1, size), rows.count)
    return Page(elements: Array(rows[start..<end]), nextPage: end < rows.count ? end : nil)
  }
}
