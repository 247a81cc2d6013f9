import ListFlow

extension TerminalListView {
  /// Moves the cursor to a row and scrolls so that the row sits where `alignment` says, as far as the list
  /// allows; the data source hears of the new highlight.
  ///
  /// A path outside the list is clamped to the nearest row. In plain mode the cursor moves and nothing is drawn.
  /// Called from a callback of the view (while it draws a frame or handles a call), it waits until the view is
  /// done, and goes to the row at `path` in the list then.
  ///
  /// - Parameters:
  ///   - path: The row's position.
  ///   - alignment: Where the row goes on screen.
  public func scrollToRow(at path: ItemPath, alignment: ListEngine.ScrollAlignment) {
    // The engine runs a scroll it queued: it is in its place already.
    if let engine = dataSource as? ListEngine, engine.scrollsViewAtOnce {
      engine.scrollsViewAtOnce = false
      runBusy { moveCursor { $0.scroll(to: path, alignment: alignment) } }
      return
    }
    runOrDefer { [unowned self] in moveCursor { $0.scroll(to: path, alignment: alignment) } }
  }

  /// The first line of the list area on screen: the line under the title bar.
  static let listTop = 1

  /// Handles a mouse event: the wheel scrolls three lines, keeping the cursor on screen; a left click on a row
  /// moves the cursor there, and a click on the row under the cursor selects it (as Enter does). Clicks on a
  /// header, a footer, the bars or below the list do nothing, and so do other buttons and any event at a row or
  /// column outside the screen (a negative one, say).
  ///
  /// Called from a callback of the view (while it draws a frame or handles a call), the event waits until the view
  /// is done, and the call returns `nil`.
  ///
  /// - Parameter event: The event, with the screen position the terminal reported.
  /// - Returns: ``TerminalCommand/select`` when the click selected the row, else `nil`.
  @discardableResult
  public func handle(mouse event: MouseEvent) -> TerminalCommand? {
    var command: TerminalCommand?
    runOrDefer { [unowned self] in command = handleNow(mouse: event) }
    return command
  }

  func handleNow(mouse event: MouseEvent) -> TerminalCommand? {
    // An event off the screen (a negative row, say) is not the user's: nothing happens.
    guard case .screen(let size) = mode, !isShowingHelp, (0..<size.rows).contains(event.row),
      (0..<size.columns).contains(event.column)
    else { return nil }
    switch event.kind {
    case .wheelUp: moveCursor(reach: (Self.wheelLines, 0)) { $0.scroll(byLines: -Self.wheelLines) }
    case .wheelDown: moveCursor(reach: (0, Self.wheelLines)) { $0.scroll(byLines: Self.wheelLines) }
    case .press(.left):
      guard case .item(let path) = viewport.row(atScreenLine: event.row - Self.listTop - listHeaderLineCount) else {
        return nil
      }
      if path == viewport.selection {
        followsLastRow = false
        selectCurrentRow()
        return .select
      }
      moveCursor { $0.select(path) }
    default: break
    }
    return nil
  }

  /// The lines one notch of the wheel scrolls.
  static let wheelLines = 3
}

extension TerminalListView {
  /// Notes the identity of the cursor's row and of its section, so that a reload finds it again.
  func rememberCursor() {
    cursorIdentity = viewport.selection.flatMap { dataSource?.identity(ofRowAt: $0) }
    cursorSection = viewport.selection.flatMap { identity(ofSection: $0.section) }
  }

  /// Tells the data source that the row under the cursor changed: the row that had the highlight loses it, the
  /// row now under the cursor gains it (`ListDataSource.highlightRow(at:isHighlighted:)`).
  ///
  /// The row that had the highlight is where ``performBatchUpdates(_:)`` or ``reloadData()`` followed it (`nil`
  /// once a change deleted it), so rows are compared by position: the cursor is still on that row when it is at
  /// that position, whatever the rows' identities (two sections may show rows of the same identity, and moving
  /// from one to the other moves the highlight). A row that moved still gets its event, and a row that was deleted
  /// gets none. No search over the list: a cursor move costs the rows it touches. A data source that knows no
  /// identities (`ListDataSource.identity(ofRowAt:)` is `nil`) hears only of cursor moves.
  ///
  /// The unhighlight's callback may change the list (a delegate that collapses the row the cursor leaves, say):
  /// the row is no longer highlighted while it runs, so that the change, which follows the cursor, highlights the
  /// cursor's row where the change put it, and the cursor's row is read again after it, never at a position the
  /// change has given to another row.
  ///
  /// - Parameter afterChange: Whether the list changed since the last highlight (rather than the cursor moving).
  func followHighlight(afterChange: Bool) {
    guard let dataSource else { return }
    let cursor = cursorRow
    let knowsIdentities = cursor?.identity != nil || highlighted?.identity != nil
    if afterChange && !knowsIdentities { return }
    switch (highlighted, cursor) {
    case (nil, nil): return
    case (let old?, let new?) where old.path == new.path && old.identity == new.identity:
      highlighted = new  // the same row
      return
    default: break
    }
    do {
      if let old = highlighted {
        // Where the row is now: followed through every change when its identity is known (nil when the row is
        // gone), checked with one identity read (a search, in its own section first, only when something else
        // moved it); else the position it had.
        var path = old.path
        if let identity = old.identity, let known = path, dataSource.identity(ofRowAt: known) != identity {
          path = pathAfterReload(of: old, hint: nil)
        }
        highlighted = nil
        if let path { try dataSource.highlightRow(at: path, isHighlighted: false) }
        // A change the callback made has highlighted the cursor's row already.
        guard highlighted == nil else { return }
      }
      // Read again: the unhighlight's callback may have changed the list.
      let cursor = cursorRow
      highlighted = cursor
      if let path = cursor?.path { try dataSource.highlightRow(at: path, isHighlighted: true) }
    } catch {
      record(error)
    }
  }
}
