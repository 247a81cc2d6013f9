/// A `ListView` for ANSI terminals: a scrolling viewport with a selection cursor, section headers and footers,
/// styled text cells, and repaint of the changed lines only; or, when output is not a terminal, one plain line
/// per applied change.
///
/// The view pulls counts and cells from its ``dataSource`` (the `ListEngine` that shows a feed in it), like a
/// UIKit table view. In
/// ``Mode/screen(_:)`` it draws a frame of the terminal's size: a title bar, the visible rows, a status bar; each
/// change ends with ``render()``, which writes only the rows that differ from the last frame.
/// In ``Mode/plain`` it writes no escape code at all: every applied change becomes one line such as
/// `insert 0:12 firefox`, `move 3:4 -> 0:1 sshd`, `update 0:5 bash`, `delete 0:3 cron` (see <doc:ShowingAListInATerminal>).
/// All text from models is sanitised (``TextSanitizer``) before it is written.
///
/// ```swift
/// let view = TerminalListView(output: StandardOutput(), mode: .screen(size))
/// let engine = try ListEngine(view: view, showing: controller, delegate: delegate)  // keep it while shown
/// for await key in session.keys() {
///   if view.handle(key) == .quit { break }
/// }
/// ```
///
/// Heights: a row's height is asked of the data source when the row comes on screen, never for the whole list: a
/// first load or a reload of 100,000 rows asks the heights of a screen of rows. A row not measured yet is assumed
/// to take one line; when a cursor move, a page, a scroll or a change brings on screen rows of other heights, the
/// view measures them and lays the screen out again, so what it shows is what it would show with every height
/// known (see <doc:MultiLineRows>).
///
/// Cells: a ``TerminalCell`` (such as ``TextCell``) draws its own line; any other `ListCell` is drawn from its
/// `textRepresentation`. Headers are drawn bold and footers dim. A cell the data source cannot provide is drawn
/// as a red `⚠` line naming the error, which is also kept in ``lastError``: a bad row never stops the view. A
/// cell is drawn once per configuration and its lines are kept while it stays on screen, so a frame draws only the
/// rows that changed (and those the cursor or the selection left or reached): what a cell shows is what its mapper
/// and styles wrote, and a change made to it later (say by a `willDisplayCell` callback that kept it) shows when
/// the row is configured again, by a new state, `ListEngine.reconfigureRows(_:animated:)` or a reload.
///
/// Re-entrant: app code the view calls while it draws a frame, handles a key or the mouse, resizes, scrolls or
/// applies a change (a delegate's closure, a cell's configure closure, a command's action) may call the view or the
/// engine back. A call to the view's ``resize(to:)``, ``handle(_:)``, ``handle(mouse:)``, ``perform(_:)``,
/// ``scrollToRow(at:alignment:)``, ``startSpinner(_:)``, ``stopSpinner()``, ``postStatus(_:for:)`` or ``tick()``
/// waits until the view is done, then runs before the call in progress returns. Shown by an engine, the view makes
/// each call as one of the engine's operations (the engine is applying meanwhile), so the calls made from
/// callbacks, to the view or to the engine, wait in the engine's queue and run in the order asked; the changes and
/// reloads the engine applies are taken at once, and so is ``reloadData()`` asked by the app. A frame a callback's
/// call made out of date is not written: the view draws one frame once every call is done (see
/// <doc:ShowingAListInATerminal>).
@MainActor
public final class TerminalListView: ListView {
  /// How the view writes: a live screen, or plain change lines.
  public enum Mode: Hashable, Sendable {
    /// A full-screen list of this size (the caller sets up the terminal, for example with ``TerminalSession``).
    /// The view clamps each side to `0...4096`: a negative one counts as 0.
    case screen(TerminalSize)
    /// One plain line per applied change, no escape codes: for pipes, files and tests.
    case plain
  }

  /// The engine the view pulls counts and cells from and sends events to (held weakly).
  public weak var dataSource: (any ListDataSource)?
  /// The registrations and free cells of this view.
  public let reusePool = CellReusePool()
  /// How the view writes.
  public private(set) var mode: Mode
  /// The text of the title bar (sanitised when drawn). In ``Mode/plain``, which has no title bar, it is kept and
  /// not written.
  public var title: String {
    // Compared by bytes, in linear time: `String`'s `!=` compares canonical equivalence, which costs more for
    // text with many combining marks and misses a change to other bytes that look the same.
    didSet { if !title.utf8.elementsEqual(oldValue.utf8) { render() } }
  }
  /// Extra text for the right of the status bar, for example the time of the last update (sanitised). In
  /// ``Mode/plain``, which has no status bar, it is kept and not written (a message posted with
  /// ``postStatus(_:for:)`` is).
  public var status: String {
    didSet { if !status.utf8.elementsEqual(oldValue.utf8) { render() } }
  }
  /// Called when the user asks for fresh data (`r`); `nil` (the default) makes ``TerminalCommand/refresh``
  /// unavailable, so neither the key nor the help offers it.
  public var onRefresh: (@MainActor () -> Void)? {
    didSet { render() }
  }
  /// Called with the filter's query each time the user changes it (typing after `/`, Backspace, Escape); set it
  /// to a ``FilteredFeed``'s query. `nil` (the default) turns the `/` filter off (and the help does not offer
  /// it); setting it to `nil` while a query is set or typed clears the query the view shows and stops typing
  /// (keys act again: `q` quits), without calling the handler that was removed, so clear the feed's query too if
  /// the list should show every row.
  ///
  /// ```swift
  /// view.onFilterChange = { query in filtered.query = query }
  /// ```
  public var onFilterChange: ((String) -> Void)? {
    didSet {
      if onFilterChange == nil {
        shownQuery = ""
        typedCharacter = TypedCharacter()
        isEditingFilter = false
      }
      render()
    }
  }
  /// The filter's query (sanitised); empty when no filter is set. The user types it after `/`; an app sets it
  /// to clear the filter or to start with one, and the view shows it and tells ``onFilterChange``, as it does
  /// for typing (characters that cannot be typed are left out, and it is cut at 256 Unicode scalars). Set it here,
  /// not in the ``FilteredFeed`` (whose query the view does not see), so that the status bar shows the query the
  /// list is filtered by. Setting it stops typing. With no ``onFilterChange`` (the filter off) it stays empty.
  public var filterQuery: String {
    get { shownQuery }
    set {
      guard onFilterChange != nil else { return }
      setFilterQuery(Self.typable(newValue), editing: false)
    }
  }
  /// The query ``filterQuery`` reads.
  var shownQuery = ""
  /// The character typed last into the query, while it may go on.
  var typedCharacter = TypedCharacter()
  /// Whether keys type into the filter's query (after `/`, until Enter or Escape).
  public internal(set) var isEditingFilter = false
  /// The last error met while pulling a cell or sending an event, if any.
  public private(set) var lastError: ListFlowError?
  /// The keys the view answers to, built-in commands and the app's, and the text of its help line and help
  /// screen (see <doc:MouseAndKeys>).
  public var keyMap = KeyMap.standard {
    didSet {
      actingBindingsMemo = nil
      render()
    }
  }
  /// Whether the help screen (the commands of ``keyMap`` that would act) replaces the list; `?` toggles it.
  public internal(set) var isShowingHelp = false
  /// Whether the frames keep their colours: `false` when the environment sets `NO_COLOR` (bold, dim, italic,
  /// underline and inverse stay).
  public let usesColor: Bool
  /// The time source of status messages and the spinner.
  public let clock: TerminalClock

  let output: any TerminalOutput
  var viewport: ListViewport {
    didSet { isSettled = false }
  }
  var differ = FrameDiffer()
  var plainLog = PlainChangeLog()
  /// The cells on screen, by element.
  var heldCells: [ListElement: any ListCell] = [:]
  /// The lines last drawn of a cell, by the cell, with what they were drawn for (see `lines(for:shown:width:)`);
  /// forgotten when the cell is configured again.
  var rowLinesMemo: [ObjectIdentifier: RowLines] = [:]
  /// The lines of rows drawn since the view was made (not those taken from ``rowLinesMemo``): the work of the
  /// frames, which the tests count.
  var rowLinesDrawn = 0
  /// The bindings that acted when last asked, for the commands then available (see `actingBindings()`).
  var actingBindingsMemo: ActingBindings?
  /// The title bar last drawn, with the title and width it was drawn for (see `titleBar(width:)`).
  var titleBarMemo: (title: String, width: Int, line: StyledLine)?
  var lastScrollPosition: SyncDelegate.ScrollPosition?
  /// The output's ``TerminalOutput/interruptions`` when the last frame was drawn.
  var seenInterruptions = 0
  /// The list's own header and footer, pinned above and below the rows (see `TerminalListView+ListSupplementaries`).
  var listSupplementaries: (header: (any ListCell)?, footer: (any ListCell)?) = (nil, nil)
  /// The row that was last told it is highlighted (it is under the cursor): its identity when the data source
  /// knows it, and its position, followed through every change when the identity is known (`nil` once a change
  /// deleted it).
  var highlighted: FollowedRow?
  /// The cursor's row as it was when the change being applied started, followed through its stages, so that
  /// the cursor finds its row again wherever a later stage puts it (a section the change inserts, say).
  var followedCursor: FollowedRow?
  /// The cursor's screen line when the change being applied started.
  var changeAnchor: Int?
  /// The change being applied, from the cursor's row when it started: where the cursor goes once a stage
  /// deleted its row (`nil` when the list had no row).
  var changeTrace: ChangeTrace?
  /// The identity of the cursor's row, to find it again after a reload.
  var cursorIdentity: ListIdentifier?
  /// The identity of the cursor's row's section (with an engine), to find the row in its own section first when
  /// another section shows a row of the same identity.
  var cursorSection: ListIdentifier?
  /// Whether the cursor follows the last row (End): a change keeps it on the last row, so that rows that come in
  /// at the end bring it with them. Any other command, a click, the wheel or a scroll to a row stops it.
  var followsLastRow = false
  /// The shown status message and when it goes away (clock time).
  var statusMessage: (text: String, expiry: Duration)?
  /// The spinner's label and when it started (clock time), while it runs.
  var spinner: (label: String, start: Duration)?
  /// The rows whose heights the viewport's shape holds as the data source gave them: the rows shown when the
  /// viewport last settled, followed through the changes since. Every other row's height in the shape is an
  /// assumption (one line, or what it measured when it was last shown), corrected when the row comes on screen.
  var measuredRows: Set<ItemPath> = [] {
    didSet { isSettled = false }
  }
  /// Whether ``settle(reach:_:)`` measured the rows of the viewport as it is, with ``measuredRows`` as they are:
  /// a settle that does not change the viewport would then change nothing. Any change of either clears it.
  var isSettled = false
  /// How many identities the data source's selection holds, as its last ``selectionDidChange(_:)`` said.
  var selectedCount = 0
  /// Whether the view is drawing a frame or handling a call: a call the app makes meanwhile from a callback
  /// waits in ``deferredCalls``, or in the engine's queue (see `runOrDefer(_:)`).
  var isBusy = false
  /// The calls made while the view was busy, oldest first (with an engine for data source, they wait in the
  /// engine's queue instead).
  var deferredCalls: [() -> Void] = []
  /// How many calls of the view wait in its engine's queue (see `runOrDefer(_:)`).
  var queuedCalls = 0
  /// Whether a frame was asked for while the view was busy: it is drawn once the calls are done.
  var needsFrame = false
  /// How many changes and reloads the view applied: a cell pulled while one was applied (from its configure
  /// closure) is of the list before it, and is not kept.
  var appliedChanges = 0

  /// Creates a view.
  ///
  /// - Parameters:
  ///   - output: Where the bytes go: ``StandardOutput`` in a program, ``CapturingOutput`` in a test.
  ///   - mode: A screen of a size, or plain lines.
  ///   - title: The text of the title bar.
  ///   - asciiOnly: Whether screen mode draws ASCII only (every other character as `?`, one per column it takes).
  ///     By default: when the output is a ``StandardOutput`` and the locale's character set is not UTF-8 (see
  ///     ``TerminalSession/localeIsUTF8(environment:)``); never for another output, so tests do not depend on
  ///     the environment.
  ///   - environment: The variables that pick the look (see ``TerminalEnvironment``): `NO_COLOR` turns colours
  ///     off, and `TERM=dumb` turns ``Mode/screen(_:)`` into ``Mode/plain``. By default the process's for a
  ///     ``StandardOutput`` and none for another output, so tests do not depend on the environment.
  ///   - clock: The time source of status messages and the spinner; the continuous clock by default.
  public init(
    output: any TerminalOutput, mode: Mode, title: String = "", asciiOnly: Bool? = nil,
    environment: TerminalEnvironment? = nil, clock: TerminalClock = .continuous
  ) {
    let environment = environment ?? (output is StandardOutput ? .process : TerminalEnvironment([:]))
    let mode = environment.isDumb ? .plain : Self.clamped(mode)
    self.output = output
    self.mode = mode
    self.usesColor = environment.allowsColor
    self.clock = clock
    self.differ.asciiOnly = asciiOnly ?? (output is StandardOutput && !environment.localeIsUTF8)
    self.seenInterruptions = output.interruptions
    self.title = title
    self.status = ""
    if case .screen(let size) = mode {
      viewport = ListViewport(height: Self.listHeight(for: size))
    } else {
      viewport = ListViewport(height: 0)
    }
  }

  /// The largest number of columns and of rows a screen is drawn with.
  static let maximumScreenSide = 4_096

  /// A mode whose screen size has each side in `0...maximumScreenSide`.
  static func clamped(_ mode: Mode) -> Mode {
    guard case .screen(let size) = mode else { return mode }
    func clamp(_ side: Int) -> Int { min(max(side, 0), maximumScreenSide) }
    return .screen(TerminalSize(columns: clamp(size.columns), rows: clamp(size.rows)))
  }

  /// The rows the list area takes on a screen: all but the title and status bars.
  static func listHeight(for size: TerminalSize) -> Int { max(size.rows - 2, 0) }

  /// Whether the view is on screen: always, for a terminal or a plain log.
  public var isVisible: Bool { true }

  /// The item rows on screen, ascending (in plain mode: none).
  public var visibleRows: [ItemPath] {
    viewport.visibleRows.compactMap { row in
      if case .item(let path) = row { return path }
      return nil
    }
  }

  /// The selected row, if the list has any row.
  public var selectedRow: ItemPath? { viewport.selection }

  /// Drops every cell and pulls the whole list again: the counts of its sections, and the heights of the rows the
  /// screen then shows (the others are assumed to take one line until they are shown, see <doc:MultiLineRows>).
  ///
  /// The cursor stays on its row when the data source can find it by identity, on the same screen line as far as
  /// the list allows: the engine, which knows the list before the reload, finds it in the section of the same
  /// identity, else in a section that had no row of that identity before (another section's row of the same
  /// identity, such as a pinned copy, is another row); another data source, with
  /// `ListDataSource.path(ofRowWithIdentity:)`. A row the wheel scrolled into, its first lines above the top, keeps
  /// them there. When the reload removed its row, the cursor goes where a change
  /// shown in batches would put it (see ``performBatchUpdates(_:)``), on the same screen line too: the engine knows
  /// the list shown before the reload, so the cursor goes to the row the reload put in its place, else to the first
  /// row after it that stays, else to the nearest row before it that stays (a reload that a ``FilteredFeed``'s
  /// query makes in a long list moves the cursor as the same query does in a short one). With a data source that is
  /// not an engine, it stays at its position, clamped into the list.
  public func reloadData() {
    runBusy { reloadNow() }
  }

  private func reloadNow() {
    appliedChanges &+= 1
    // Read before the list's header and footer change the list area's height, which scrolls the cursor's row.
    let screenRow = viewport.selectionAnchor
    for (element, cell) in heldCells { endDisplaying(cell, element) }
    heldCells = [:]
    pullListSupplementaries()
    changeTrace = nil
    followedCursor = nil
    // The engine knows the list before the reload: where the row is now, in its own section first, or the row
    // that takes its place.
    let finder = dataSource as? any _ReloadCursorFinding
    func reloaded(_ row: FollowedRow) -> (path: ItemPath, isRow: Bool)? {
      guard let identity = row.identity, let path = row.path else { return nil }
      return finder?._pathAfterReload(ofRowWithIdentity: identity, at: path)
    }
    let cursor = cursorRow
    let reloadedCursor = cursor.flatMap(reloaded)
    let found = cursor.flatMap { reloadedCursor?.path ?? pathAfterReload(of: $0, hint: $0.path) }
    if let old = highlighted, old.identity != nil {
      let isCursorRow = old.path == cursor?.path && old.identity == cursor?.identity
      let reloadedRow = isCursorRow ? reloadedCursor : reloaded(old)
      // A row the reload removed is no longer highlighted: the row that takes its place is another row.
      highlighted?.path =
        reloadedRow.map { $0.isRow ? $0.path : nil } ?? pathAfterReload(of: old, hint: old.path)
    }
    let wanted: ItemPath? = found ?? viewport.selection
    measuredRows = []
    viewport.setSections(currentShape(), selecting: wanted)
    // A row whose first lines were above the top keeps its place only when it is still there: the row that
    // takes its place comes on screen as the cursor's row does.
    let keepsRow = reloadedCursor?.isRow ?? true
    let anchor = found != nil ? screenRow.flatMap { $0 < 0 && !keepsRow ? nil : $0 } : nil
    let followsLastRow = followsLastRow
    settle { viewport in
      if followsLastRow {
        viewport.moveSelection(by: viewport.itemCount)
      } else if let anchor {
        viewport.keepSelection(atScreenRow: anchor)
      } else {
        viewport.scrollToSelection()
      }
    }
    rememberCursor()
    followHighlight(afterChange: true)
    if case .plain = mode {
      plainLog.reload(from: self)
      flushPlainLog()
    }
    render()
  }

  /// Applies one stage of changes: follows held cells and the selection through it, reconfigures or drops
  /// updated cells, and draws once the last stage of a change is applied.
  ///
  /// The cursor stays on its row, by position and identity (moves included, into a section the change inserts
  /// too; in its own section first, when another section shows a row of the same identity), and the row keeps its
  /// line on screen: rows
  /// inserted or deleted above it scroll the list instead of moving the cursor, so the user's place is kept and
  /// unchanged rows are not repainted. A row the wheel scrolled into, its first lines above the top (a row taller
  /// than the screen), keeps those lines above the top: the screen stays on the part of it the user scrolled to.
  /// When the selected row is deleted, the cursor goes to the row that takes its
  /// place, judged over the whole change (all its stages) and across sections: the first row the change inserts
  /// where the row was (between the last row before it that stays and the first row after it that stays, even
  /// when a later stage inserts it, as when a paged feed's first page replaces its placeholder), else the first
  /// row after it that stays, in its section or a later one, else the nearest row before it that stays. A row the
  /// change moves does not stay, and a row it moves to the place does not take it. Finding the place costs the
  /// rows passed over (rows before it that the change deleted or moved, rows it moved to the place), not the list.
  /// While the cursor follows the last row (``TerminalCommand/moveToBottom``, End), it goes to the last row
  /// instead, on screen: rows that come in at the end bring it with them, as `tail -f` shows new lines.
  ///
  /// The list is drawn once the change's last stage is applied: a stage whose ``ListUpdate/stage`` is its
  /// ``ListUpdate/stageCount`` − 1. An update made by hand may hold any numbers: a stage at or past the last of its
  /// count, or with a count below 1, ends its change too, so what it changed is drawn.
  ///
  /// - Parameter update: The stage; the data source already reflects it.
  public func performBatchUpdates(_ update: ListUpdate) {
    runBusy { performNow(update) }
  }

  private func performNow(_ update: ListUpdate) {
    appliedChanges &+= 1
    if case .plain = mode {
      plainLog.apply(update, from: self)
      flushPlainLog()
    }
    let mapper = PathMapper(update.changeset)
    moveHeldCells(through: update, mapper: mapper)
    // The cursor's line when the change started: every stage keeps it there, so that a stage that shortens the
    // list for a moment (deletes before inserts) does not move it for good.
    if update.stage == 0 {
      changeAnchor = viewport.selectionAnchor
      followedCursor = cursorRow
      changeTrace = viewport.selection.map { ChangeTrace(start: $0, rowCounts: viewport.sections.map(\.itemCount)) }
    }
    changeTrace?.append(update.changeset, mapper: mapper)
    let shapeBefore = viewport.sections
    // The cursor's row, followed by position and, once deleted, by identity among the rows inserted since.
    followedCursor = followedCursor.map { follow($0, through: update, mapper: mapper) }
    // The cursor's row keeps its lines where they were, its first ones above the top included (the wheel scrolled
    // into it); the row that takes its place when it is deleted comes on screen as the cursor's row does.
    let screenRow = changeAnchor.flatMap { $0 < 0 && followedCursor?.path == nil ? nil : $0 }
    if let old = highlighted, old.identity != nil { highlighted = follow(old, through: update, mapper: mapper) }
    let shape = shape(after: update, before: shapeBefore, mapper: mapper)
    // Once the cursor's row is gone, the cursor holds its place, judged over the stages so far: the row the
    // change puts there, or the first row after it that stays (a row a stage moves does not take it).
    let selection =
      followedCursor?.path
      ?? changeTrace?.place(in: shape.sections)
    followMeasuredRows(through: update, mapper: mapper, counted: shape.counted)
    viewport.setSections(shape.sections, selecting: selection)
    if let screenRow { viewport.keepSelection(atScreenRow: screenRow) }
    // No stage follows the last of its count (compared so that no count overflows, whatever an update made by hand
    // holds); past it, or with no count, the change ends too.
    let endsChange = update.stageCount <= 0 || update.stage >= update.stageCount - 1
    if endsChange {
      // The rows the change brought on screen are measured: the cursor keeps its line with their real heights,
      // or, following the last row, goes to the last row, on screen.
      let followsLastRow = followsLastRow
      settle { viewport in
        if followsLastRow {
          viewport.moveSelection(by: viewport.itemCount)
        } else if let screenRow {
          viewport.keepSelection(atScreenRow: screenRow)
        } else {
          viewport.scrollToSelection()
        }
      }
    }
    rememberCursor()
    if endsChange {
      followedCursor = nil
      changeTrace = nil
      followHighlight(afterChange: true)
      render()
    }
  }

  /// Shows a row as not selected: nothing to undo, the cursor stays where it is.
  ///
  /// - Parameter path: The row's position.
  public func deselectRow(at path: ItemPath) {}

  /// Draws the selection again, in one frame: selected rows carry a mark, and in a multi-select list the status
  /// bar counts the selected rows (see <doc:ShowingAListInATerminal>).
  ///
  /// - Parameter change: What changed.
  public func selectionDidChange(_ change: ListSelection.Change) {
    selectedCount = change.selection.count
    render()
  }

  /// Adapts to a new terminal size and repaints in full; with the same size, just repaints in full (after a
  /// resume, or when something else may have drawn on the screen). In ``Mode/plain``, which has no size, it does
  /// nothing. The cursor's row stays on screen; when the wheel had scrolled into it (a row taller than the screen,
  /// its first lines above the top), its lines stay on their screen lines (see <doc:MultiLineRows>).
  ///
  /// Called from a callback of the view (while it draws or handles a call), it waits until the view is done.
  ///
  /// - Parameter size: The new size; each side is clamped to `0...4096` (see ``Mode/screen(_:)``).
  public func resize(to size: TerminalSize) {
    runOrDefer { [unowned self] in resizeNow(to: size) }
  }

  private func resizeNow(to size: TerminalSize) {
    guard case .screen = mode, case .screen(let size) = Self.clamped(.screen(size)) else { return }
    mode = .screen(size)
    let height = listAreaHeight(for: size)
    settle { $0.setHeight(height) }
    differ.invalidate()
    render()
  }

  /// Records an error and reports it on the status bar.
  func record(_ error: ListFlowError) {
    lastError = error
  }

  private func flushPlainLog() {
    let lines = plainLog.takeLines()
    if !lines.isEmpty { output.write(lines.map { $0 + "\n" }.joined()) }
  }
}
