extension TerminalListView {
  /// Handles a key with the view's ``keyMap`` (the first available command bound to it acts), or a mouse event
  /// (see ``handle(mouse:)``).
  ///
  /// A paste (``Key/paste(_:)``) is typed into the filter while one is typed, and ignored otherwise; an Alt key
  /// (``Key/alt(_:)``) does what the key map binds it to, which is nothing in ``KeyMap/standard``.
  ///
  /// Called from a callback of the view (while it draws a frame or handles a call), the key waits until the view
  /// is done, and the call returns `nil`.
  ///
  /// - Parameter key: The key pressed.
  /// - Returns: The command the key triggered, `nil` when it triggered none: it means nothing now, or it edited
  ///   the filter's query as it is typed (text, a paste, Backspace, Enter; watch ``filterQuery`` for those; Escape
  ///   returns ``TerminalCommand/clearFilter``), or it waits; ``TerminalCommand/quit`` tells the caller to stop.
  @discardableResult
  public func handle(_ key: Key) -> TerminalCommand? {
    var command: TerminalCommand?
    runOrDefer { [unowned self] in command = handleNow(key) }
    return command
  }

  private func handleNow(_ key: Key) -> TerminalCommand? {
    if isShowingHelp { return handleOnHelpScreen(key) }
    if case .mouse(let event) = key { return handleNow(mouse: event) }
    if isEditingFilter { return editFilter(with: key) }
    guard let command = command(for: key) else { return nil }
    act(command)
    return command
  }

  /// Performs an available command; any command but ``TerminalCommand/moveToBottom`` stops the cursor following
  /// the last row, as any key the user presses does.
  private func act(_ command: TerminalCommand) {
    let wasFollowing = followsLastRow
    if command != .moveToBottom { followsLastRow = false }
    command.action(TerminalCommand.Context(view: self))
    // The status bar said `follow`.
    if wasFollowing, !followsLastRow { render() }
  }

  /// The help screen covers the list, so keys do not act on rows the user cannot see: Ctrl-C and Ctrl-D still
  /// quit, a mouse event or a paste does nothing, and any other key only closes the help screen.
  private func handleOnHelpScreen(_ key: Key) -> TerminalCommand? {
    switch key {
    case .interrupt, .endOfInput: return .quit
    case .mouse, .unknown, .paste: return nil
    default:
      toggleHelp()
      return .toggleHelp
    }
  }

  /// Performs a command, built-in or the app's, when it is available (see ``TerminalCommand/isAvailable``).
  ///
  /// Moving the cursor highlights the new row (and unhighlights the old one) through the data source; Enter calls
  /// `selectRow`, which reaches `SyncDelegate.didSelectRow` with the row's model and tag; `d` commits the row's
  /// destructive edit action (the first one named `delete`, or else the first destructive one);
  /// ``TerminalCommand/quit`` does nothing here: the caller stops. Errors from the data source are kept in
  /// ``lastError`` and shown on the status bar.
  ///
  /// Called from a callback of the view (while it draws a frame or handles a call, a command's action say), the
  /// command waits until the view is done, and acts then if it is still available.
  ///
  /// ```swift
  /// view.perform(.moveToBottom)
  /// ```
  ///
  /// - Parameter command: The command.
  /// - Returns: Whether it was available, and so acted (or, from a callback, will act when its turn comes).
  @discardableResult
  public func perform(_ command: TerminalCommand) -> Bool {
    guard command.isAvailable(TerminalCommand.Context(view: self)) else { return false }
    runOrDefer { [unowned self] in
      // Asked from a callback, it acts once the view is done, if it is still available then.
      guard command.isAvailable(TerminalCommand.Context(view: self)) else { return }
      act(command)
    }
    return true
  }

  /// The command a key triggers now: the first binding of the ``keyMap`` that lists it and whose command is
  /// available.
  func command(for key: Key) -> TerminalCommand? {
    let context = TerminalCommand.Context(view: self)
    return keyMap.bindings.first { $0.keys.contains(key) && $0.command.isAvailable(context) }?.command
  }

  /// The bindings that would act now, in the key map's order, each with only the keys that would trigger it (a
  /// key an earlier available command takes is left out): what the help line and the help screen show.
  ///
  /// The bindings and their help line are kept for the commands available (and forgotten when ``keyMap`` changes):
  /// a frame, whose status bar shows the help line, pays the availability checks alone while neither changes.
  func actingBindings() -> [KeyBinding] { actingBindingsAndHelpLine().bindings }

  /// The acting bindings (``actingBindings()``) and their help line (`KeyMap.helpLine(of:)`).
  func actingBindingsAndHelpLine() -> (bindings: [KeyBinding], helpLine: String) {
    let context = TerminalCommand.Context(view: self)
    let available = keyMap.bindings.map { $0.command.isAvailable(context) }
    if let memo = actingBindingsMemo, memo.available == available {
      return (memo.bindings, memo.helpLine)
    }
    var claimed: Set<Key> = []
    var acting: [KeyBinding] = []
    for (binding, isAvailable) in zip(keyMap.bindings, available) where isAvailable {
      let keys = binding.keys.filter { claimed.insert($0).inserted }
      if !keys.isEmpty { acting.append(KeyBinding(keys, binding.command)) }
    }
    let helpLine = KeyMap.helpLine(of: acting)
    actingBindingsMemo = ActingBindings(available: available, bindings: acting, helpLine: helpLine)
    return (acting, helpLine)
  }

  /// Whether moving the cursor this way (up when negative) would move it: there is a row in that direction.
  func canMoveCursor(by direction: Int) -> Bool {
    guard let index = viewport.selectionIndex else { return false }
    return direction < 0 ? index > 0 : index < viewport.itemCount - 1
  }

  func moveCursor(by distance: Int) {
    moveCursor { $0.moveSelection(by: distance) }
  }

  /// Moves the cursor a page down or up (see `ListViewport.movePage(by:)`), measuring the rows of the page it
  /// passes over.
  func movePage(down: Bool) {
    let height = max(viewport.height, 1)
    moveCursor(reach: down ? (0, height) : (height, 0)) { $0.movePage(by: down ? 1 : -1) }
  }

  /// Moves the cursor to the last row and follows it (see ``followsLastRow``).
  func followLastRow() {
    moveCursor(following: true) { $0.moveSelection(by: $0.itemCount) }
  }

  /// Changes the viewport (a move, a page, a scroll), measuring the rows it brings on screen (see
  /// ``settle(reach:_:)``), moves the highlight when the selection changed, draws.
  ///
  /// - Parameters:
  ///   - reach: The lines above and below the screen whose rows decide where the change lands.
  ///   - following: Whether the cursor follows the last row from now on; any move but End stops it.
  ///   - change: The change.
  func moveCursor(
    reach: (above: Int, below: Int) = (0, 0), following: Bool = false, _ change: (inout ListViewport) -> Void
  ) {
    followsLastRow = following
    let previous = viewport.selection
    settle(reach: reach, change)
    rememberCursor()
    if previous != viewport.selection { followHighlight(afterChange: false) }
    render()
  }

  func toggleHelp() {
    isShowingHelp.toggle()
    render()
  }

  /// Whether the row under the cursor is expanded (`nil`: it can neither expand nor collapse).
  func expansionOfCurrentRow() -> Bool? {
    guard let path = viewport.selection, let dataSource else { return nil }
    return dataSource.isRowExpanded(at: path)
  }

  /// The depth of the row under the cursor in a tree (0 at the top level, or with no cursor).
  func depthOfCurrentRow() -> Int {
    guard let path = viewport.selection, let dataSource else { return 0 }
    return dataSource.depth(ofRowAt: path)
  }

  /// Moves the cursor to the parent of its row: the nearest row above it, in its section, that is less deep.
  /// Nothing moves when there is none (a row at the top level).
  ///
  /// - Complexity: A depth read for each row between the row and its parent.
  func moveCursorToParent() {
    guard let path = viewport.selection, let dataSource else { return }
    let depth = dataSource.depth(ofRowAt: path)
    guard depth > 0 else { return }
    var item = path.item - 1
    while item >= 0, dataSource.depth(ofRowAt: ItemPath(item: item, section: path.section)) >= depth { item -= 1 }
    guard item >= 0 else { return }
    moveCursor { $0.select(ItemPath(item: item, section: path.section)) }
  }

  /// Asks the data source to expand or collapse the selected row; the feed that owns it publishes the change.
  func setCurrentRowExpanded(_ expanded: Bool) {
    guard let path = viewport.selection, let dataSource else { return }
    dataSource.setExpanded(expanded, forRowAt: path)
    render()
  }

  func selectCurrentRow() {
    guard let path = viewport.selection, let dataSource else { return }
    do { try dataSource.selectRow(at: path) } catch { record(error) }
    render()
  }

  /// The edit action `d` commits on the row under the cursor: the first one named `delete`, or else the first
  /// destructive one; `nil` when it has none.
  func deleteAction() -> SyncDelegate.EditAction? {
    guard let path = viewport.selection, let dataSource,
      let actions = try? dataSource.editActions(forRowAt: path)
    else { return nil }
    return actions.first { $0.id == SyncDelegate.EditAction.delete.id } ?? actions.first { $0.style == .destructive }
  }

  func deleteCurrentRow() {
    guard let path = viewport.selection, let dataSource, let action = deleteAction() else { return }
    do { try dataSource.commitEdit(action, forRowAt: path) } catch { record(error) }
    render()
  }
}

/// The bindings of the key map that act when the commands `available` says are, and their help line: forgotten
/// when the key map changes.
struct ActingBindings {
  var available: [Bool]
  var bindings: [KeyBinding]
  var helpLine: String
}
