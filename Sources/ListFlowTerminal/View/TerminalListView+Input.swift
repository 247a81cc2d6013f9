extension TerminalListView {
  /// Handles a key with the view's ``keyMap``, or a mouse event (see ``handle(mouse:)``).
  ///
  /// A paste (``Key/paste(_:)``) is typed into the filter while one is typed, and ignored otherwise; an Alt key
  /// (``Key/alt(_:)``) does what the key map binds it to, which is nothing in ``KeyMap/standard``.
  ///
  /// - Parameter key: The key pressed.
  /// - Returns: The command the key triggered, `nil` when it means nothing; ``TerminalCommand/quit`` tells the
  ///   caller to stop.
  @discardableResult
  public func handle(_ key: Key) -> TerminalCommand? {
    if isShowingHelp { return handleOnHelpScreen(key) }
    if case .mouse(let event) = key { return handle(mouse: event) }
    if isEditingFilter { return editFilter(with: key) }
    guard let command = command(for: key) else { return nil }
    perform(command)
    return command
  }

  /// The help screen covers the list, so keys do not act on rows the user cannot see: Ctrl-C and Ctrl-D still
  /// quit, a mouse event or a paste does nothing, and any other key only closes the help screen.
  private func handleOnHelpScreen(_ key: Key) -> TerminalCommand? {
    switch key {
    case .interrupt, .endOfInput: return .quit
    case .mouse, .unknown, .paste: return nil
    default:
      perform(.toggleHelp)
      return .toggleHelp
    }
  }

  /// Performs a command: moves the cursor, selects, deletes through the row's edit action, asks for a refresh.
  ///
  /// Moving the cursor highlights the new row (and unhighlights the old one) through the data source; Enter calls
  /// `selectRow`, which reaches `SyncDelegate.didSelectRow` with the row's model and tag; `d` commits the row's
  /// destructive edit action (the first one named `delete`, or else the first destructive one) and does nothing
  /// when the row has none; ``TerminalCommand/quit`` does nothing here: the caller stops. Errors from the data
  /// source are kept in ``lastError`` and shown on the status bar.
  ///
  /// - Parameter command: The command.
  public func perform(_ command: TerminalCommand) {
    switch command {
    case .moveUp: moveCursor(by: -1)
    case .moveDown: moveCursor(by: 1)
    case .pageUp: moveCursor { $0.movePage(by: -1) }
    case .pageDown: moveCursor { $0.movePage(by: 1) }
    case .moveToTop: moveCursor(by: -viewport.itemCount)
    case .moveToBottom: moveCursor(by: viewport.itemCount)
    case .select: selectCurrentRow()
    case .delete: deleteCurrentRow()
    case .refresh: onRefresh()
    case .expand: setSelectionExpanded(true)
    case .collapse: setSelectionExpanded(false)
    case .toggleHelp:
      isShowingHelp.toggle()
      render()
    case .toggleSelection: toggleCurrentRow()
    case .filter: startFilter()
    case .clearFilter: setFilterQuery("", editing: false)
    case .quit: return
    }
  }

  private func moveCursor(by distance: Int) {
    moveCursor { $0.moveSelection(by: distance) }
  }

  /// Changes the viewport (a move, a page, a scroll), moves the highlight when the selection changed, draws.
  func moveCursor(_ change: (inout ListViewport) -> Void) {
    let previous = viewport.selection
    change(&viewport)
    rememberCursor()
    if previous != viewport.selection { followHighlight(afterChange: false) }
    render()
  }

  /// Asks the data source to expand or collapse the selected row; the feed that owns it publishes the change.
  private func setSelectionExpanded(_ expanded: Bool) {
    guard let path = viewport.selection, let dataSource else { return }
    dataSource.setExpanded(expanded, forRowAt: path)
    render()
  }

  func selectCurrentRow() {
    guard let path = viewport.selection, let dataSource else { return }
    do { try dataSource.selectRow(at: path) } catch { record(error) }
    render()
  }

  private func deleteCurrentRow() {
    guard let path = viewport.selection, let dataSource else { return }
    do {
      let actions = try dataSource.editActions(forRowAt: path)
      let action = actions.first { $0.id == EditAction.delete.id } ?? actions.first { $0.style == .destructive }
      if let action { try dataSource.commitEdit(action, forRowAt: path) }
    } catch {
      record(error)
    }
    render()
  }
}
