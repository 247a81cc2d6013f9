import ListFlow

/// Something a key does in a ``TerminalListView``: a name, the words of the help, the keys it is bound to by
/// default, when it is available, and what it does.
///
/// The built-in commands are static members (``moveUp``, ``select``, ``delete``, ``expand``, ``quit``…); an app
/// defines its own the same way and adds them to the view's ``KeyMap``. Built-in and app commands share the
/// input, the help line, the `?` screen and a program's `--help`.
///
/// ```swift
/// let expandAll = TerminalCommand(
///   "expandAll", keys: [.character("e")], shortHelp: "expand all", help: "expand every directory"
/// ) { context in
///   tree.outline.expandAll()
///   context.view.postStatus("expanded \(context.row.map { "from \($0)" } ?? "all")")
/// }
/// view.keyMap.add(expandAll)
/// ```
///
/// **Availability.** A command acts only while ``isAvailable`` says so, and the help shows only the commands
/// that would act: ``delete`` needs a row with a delete (or destructive) edit action under the cursor,
/// ``refresh`` needs ``TerminalListView/onRefresh``, ``expand`` and ``collapse`` need a row under the cursor
/// that the data source can expand or collapse (`ListDataSource.isRowExpanded(at:)`), ``filter`` needs
/// ``TerminalListView/onFilterChange``, ``clearFilter`` a filter that is set, ``toggleSelection`` a multi-select
/// list, and the moves a row to move to. A key bound to several commands triggers the first available one, which
/// is how space toggles the row of a multi-select list and pages down otherwise, and how Escape clears a filter
/// that is set and quits otherwise.
///
/// Two commands are equal when their ``name``s are: the name identifies the command in a ``KeyMap``.
public struct TerminalCommand: Hashable, Sendable {
  /// What a command acts on: the view, the row under the cursor and the selection.
  @MainActor
  public struct Context {
    /// The view the key was pressed in.
    public let view: TerminalListView

    /// Creates the context of a view as it is now.
    ///
    /// - Parameter view: The view.
    public init(view: TerminalListView) {
      self.view = view
    }

    /// The position of the row under the cursor, or `nil` when the list has no row.
    public var row: ItemPath? { view.selectedRow }

    /// The identity of the row under the cursor (its binder's `id`), when the data source says.
    public var rowIdentity: ListIdentifier? {
      row.flatMap { view.dataSource?.identity(ofRowAt: $0) }
    }

    /// The binder of the row under the cursor (its model, tag and identity), when the data source is a
    /// `ListEngine` (as a `ListController` made with the view, or `ListEngine(view:showing:)`, gives).
    public var rowBinder: CellBinder? {
      guard let row, let engine = view.dataSource as? ListEngine, engine.snapshot.indices.contains(row.section),
        engine.snapshot[row.section].elements.indices.contains(row.item)
      else { return nil }
      return engine.snapshot[row.section].elements[row.item]
    }

    /// The positions of the selected rows shown, in list order (the data source's selection; empty when it has
    /// none). A selected row that a filter hides has no position and is not here, though the status bar counts it:
    /// a command that acts on the whole selection reads the engine's `selection` (identities, hidden rows
    /// included).
    ///
    /// - Complexity: that of `ListEngine.selectedRows` when the data source is a `ListEngine` (a look-up per
    ///   selected identity on the `rows:cell:` path, nothing when no row is selected); else O(*n*) in the rows of
    ///   the list.
    public var selectedRows: [ItemPath] {
      if let engine = view.dataSource as? ListEngine { return engine.selectedRows }
      guard let dataSource = view.dataSource else { return [] }
      var rows: [ItemPath] = []
      for section in 0..<dataSource.numberOfSections {
        for item in 0..<dataSource.numberOfRows(inSection: section) {
          let path = ItemPath(item: item, section: section)
          if dataSource.isRowSelected(at: path) { rows.append(path) }
        }
      }
      return rows
    }
  }

  /// The command's identifier, unique in a key map (`moveUp`, `expandAll`); shown when it has no help.
  public let name: String
  /// The keys the command is bound to when it is added to a ``KeyMap`` without keys of its own.
  public var keys: [Key]
  /// A word or two for the status bar's help line (`select`), or `nil` to leave the command out of that line.
  public var shortHelp: String?
  /// A sentence fragment for the help screen and `--help` (`select the row under the cursor`).
  public var help: String
  /// Whether the command would act now; the help lists it, and its keys trigger it, only then.
  public var isAvailable: @MainActor @Sendable (Context) -> Bool
  /// What the command does.
  public var action: @MainActor @Sendable (Context) -> Void

  /// Creates a command.
  ///
  /// - Parameters:
  ///   - name: The identifier, unique in a key map.
  ///   - keys: The keys it is bound to by default.
  ///   - shortHelp: The words for the help line, or `nil` to leave it out there.
  ///   - help: The description for the help screen; `shortHelp` (or the name) by default.
  ///   - isAvailable: Whether it would act now; always by default.
  ///   - action: What it does, given the view, the row under the cursor and the selection.
  public init(
    _ name: String, keys: [Key], shortHelp: String? = nil, help: String? = nil,
    isAvailable: @escaping @MainActor @Sendable (Context) -> Bool = { _ in true },
    action: @escaping @MainActor @Sendable (Context) -> Void
  ) {
    self.name = name
    self.keys = keys
    self.shortHelp = shortHelp
    self.help = help ?? shortHelp ?? name
    self.isAvailable = isAvailable
    self.action = action
  }

  /// Whether two commands have the same name.
  ///
  /// - Parameters:
  ///   - lhs: A command.
  ///   - rhs: Another command.
  /// - Returns: `true` when the names are equal.
  public static func == (lhs: TerminalCommand, rhs: TerminalCommand) -> Bool { lhs.name == rhs.name }

  /// Hashes the name.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension TerminalCommand {
  /// Move the cursor one row up (`k`, ↑); available unless the cursor is on the first row.
  public static let moveUp = TerminalCommand(
    "moveUp", keys: [.character("k"), .up], shortHelp: "up", help: "move the cursor up",
    isAvailable: { $0.view.canMoveCursor(by: -1) }, action: { $0.view.moveCursor(by: -1) })
  /// Move the cursor one row down (`j`, ↓); available unless the cursor is on the last row.
  public static let moveDown = TerminalCommand(
    "moveDown", keys: [.character("j"), .down], shortHelp: "down", help: "move the cursor down",
    isAvailable: { $0.view.canMoveCursor(by: 1) }, action: { $0.view.moveCursor(by: 1) })
  /// Move the cursor one page up (Page Up, `b`).
  public static let pageUp = TerminalCommand(
    "pageUp", keys: [.pageUp, .character("b")], help: "move a page up",
    isAvailable: { $0.view.canMoveCursor(by: -1) }, action: { $0.view.movePage(down: false) })
  /// Move the cursor one page down (Page Down, space).
  public static let pageDown = TerminalCommand(
    "pageDown", keys: [.pageDown, .character(" ")], help: "move a page down",
    isAvailable: { $0.view.canMoveCursor(by: 1) }, action: { $0.view.movePage(down: true) })
  /// Move the cursor to the first row (Home, `g`).
  public static let moveToTop = TerminalCommand(
    "moveToTop", keys: [.home, .character("g")], help: "move to the first row",
    isAvailable: { $0.view.canMoveCursor(by: -1) },
    action: { $0.view.moveCursor(by: -$0.view.viewport.itemCount) })
  /// Move the cursor to the last row and follow it (End, `G`): until another command acts (any other key that
  /// acts, ``TerminalListView/perform(_:)``), a click, the wheel or ``TerminalListView/scrollToRow(at:alignment:)``
  /// moves the cursor, each change of the list puts it on the last row, so that rows that come in at the end
  /// bring it with them, and the status bar says `follow`. Available while the cursor can move down or does not
  /// follow the last row yet, on an empty list too: a log that starts empty is followed from its first line.
  public static let moveToBottom = TerminalCommand(
    "moveToBottom", keys: [.end, .character("G")], help: "move to the last row and follow it",
    isAvailable: { $0.view.canMoveCursor(by: 1) || !$0.view.followsLastRow },
    action: { $0.view.followLastRow() })
  /// Choose the row under the cursor (Enter): `selectRow`, which reaches the delegate's `didSelectRow`; in a
  /// multi-select list the selection is left to ``toggleSelection`` (space).
  public static let select = TerminalCommand(
    "select", keys: [.enter], shortHelp: "select", help: "select the row under the cursor",
    isAvailable: { $0.row != nil }, action: { $0.view.selectCurrentRow() })
  /// Delete the row under the cursor through its edit action (`d`): the first one named `delete`, else the first
  /// destructive one; available only when the row has one.
  public static let delete = TerminalCommand(
    "delete", keys: [.character("d")], shortHelp: "delete", help: "delete the row (its edit action)",
    isAvailable: { $0.view.deleteAction() != nil }, action: { $0.view.deleteCurrentRow() })
  /// Ask for fresh data (`r`): calls ``TerminalListView/onRefresh``; available only when it is set.
  public static let refresh = TerminalCommand(
    "refresh", keys: [.character("r")], shortHelp: "refresh", help: "ask for fresh data",
    isAvailable: { $0.view.onRefresh != nil }, action: { $0.view.onRefresh?() })
  /// Expand the row under the cursor (→, `l`); available only on a collapsed row with children (an outline asks
  /// its `shouldExpand` when the key is pressed, not before).
  public static let expand = TerminalCommand(
    "expand", keys: [.right, .character("l")], shortHelp: "expand", help: "expand the row",
    isAvailable: { $0.view.expansionOfCurrentRow() == false }, action: { $0.view.setCurrentRowExpanded(true) })
  /// Collapse the row under the cursor (←, `h`); available only on an expanded row.
  public static let collapse = TerminalCommand(
    "collapse", keys: [.left, .character("h")], shortHelp: "collapse", help: "collapse the row",
    isAvailable: { $0.view.expansionOfCurrentRow() == true }, action: { $0.view.setCurrentRowExpanded(false) })
  /// Go to the parent of the row under the cursor (←, `h`, where ``collapse`` does not act): the nearest row above
  /// it, in its section, that is less deep (`ListDataSource.depth(ofRowAt:)`); available only on a row below the
  /// top level of a tree that is not expanded. It reads the depth of each row between the two.
  public static let goToParent = TerminalCommand(
    "goToParent", keys: [.left, .character("h")], shortHelp: "parent", help: "go to the row's parent (in a tree)",
    isAvailable: { $0.view.expansionOfCurrentRow() != true && $0.view.depthOfCurrentRow() > 0 },
    action: { $0.view.moveCursorToParent() })
  /// Select or deselect the row under the cursor (space); available only in a multi-select list.
  public static let toggleSelection = TerminalCommand(
    "toggleSelection", keys: [.character(" ")], shortHelp: "mark",
    help: "select or deselect the row (multi-select lists)",
    isAvailable: { $0.row != nil && $0.view.dataSource?.selectionMode == .multiple },
    action: { $0.view.toggleCurrentRow() })
  /// Start typing the filter's query (`/`); available only when ``TerminalListView/onFilterChange`` is set.
  public static let filter = TerminalCommand(
    "filter", keys: [.character("/")], shortHelp: "filter", help: "filter the rows (type; enter keeps, esc clears)",
    isAvailable: { $0.view.onFilterChange != nil }, action: { $0.view.startFilter() })
  /// Clear the filter (Escape); available only while a filter is set.
  public static let clearFilter = TerminalCommand(
    "clearFilter", keys: [.escape], help: "clear the filter (while one is set)",
    isAvailable: { !$0.view.filterQuery.isEmpty }, action: { $0.view.setFilterQuery("", editing: false) })
  /// Show or hide the help screen (`?`), which lists the commands that would act.
  public static let toggleHelp = TerminalCommand(
    "toggleHelp", keys: [.character("?")], shortHelp: "help", help: "show or hide this help",
    action: { $0.view.toggleHelp() })
  /// Leave (`q`, Escape, Ctrl-C, Ctrl-D): the view does nothing; ``TerminalListView/handle(_:)`` returns it
  /// and the caller stops.
  public static let quit = TerminalCommand(
    "quit", keys: [.character("q"), .escape, .interrupt, .endOfInput], shortHelp: "quit", help: "quit",
    action: { _ in })
}
