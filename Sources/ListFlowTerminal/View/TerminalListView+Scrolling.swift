import ListFlow

extension TerminalListView {
  /// Moves the cursor to a row and scrolls so that the row sits where `alignment` says, as far as the list
  /// allows; the data source hears of the new highlight.
  ///
  /// A path outside the list is clamped to the nearest row. In plain mode the cursor moves and nothing is drawn.
  ///
  /// - Parameters:
  ///   - path: The row's position.
  ///   - alignment: Where the row goes on screen.
  public func scrollToRow(at path: ItemPath, alignment: ListEngine.ScrollAlignment) {
    moveCursor { $0.scroll(to: path, alignment: alignment) }
  }

  /// The first line of the list area on screen: the line under the title bar.
  static let listTop = 1

  /// Handles a mouse event: the wheel scrolls three lines, keeping the cursor on screen; a left click on a row
  /// moves the cursor there, and a click on the row under the cursor selects it (as Enter does). Clicks on a
  /// header, a footer, the bars or below the list do nothing, and so do other buttons and any event at a row or
  /// column outside the screen (a negative one, say).
  ///
  /// - Parameter event: The event, with the screen position the terminal reported.
  /// - Returns: ``TerminalCommand/select`` when the click selected the row, else `nil`.
  @discardableResult
  public func handle(mouse event: MouseEvent) -> TerminalCommand? {
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
  /// Notes the identity of the cursor's row, so that a reload finds it again.
  func rememberCursor() {
    cursorIdentity = viewport.selection.flatMap { dataSource?.identity(ofRowAt: $0) }
  }

  /// Tells the data source that the row under the cursor changed: the row that had the highlight loses it, the
  /// row now under the cursor gains it (`ListDataSource.highlightRow(at:isHighlighted:)`).
  ///
  /// After a change of the list, rows are compared by identity, and the old row is found where the change put
  /// it (``performBatchUpdates(_:)`` follows it): a row that moved still gets its event, and a row that was
  /// deleted gets none. No search over the list: a cursor move costs the rows it touches. A data source that knows no
  /// identities (`ListDataSource.identity(ofRowAt:)` is `nil`) hears only of cursor moves, by position.
  ///
  /// - Parameter afterChange: Whether the list changed since the last highlight (rather than the cursor moving).
  func followHighlight(afterChange: Bool) {
    guard let dataSource else { return }
    let cursor = viewport.selection.map { FollowedRow(identity: cursorIdentity, path: $0) }
    let knowsIdentities = cursor?.identity != nil || highlighted?.identity != nil
    if afterChange && !knowsIdentities { return }
    switch (highlighted, cursor) {
    case (nil, nil): return
    case (let old?, let new?) where knowsIdentities ? old.identity == new.identity : old.path == new.path:
      highlighted = new  // the same row, perhaps at a new position
      return
    default: break
    }
    do {
      if let old = highlighted {
        // Where the row is now: followed through every change when its identity is known (nil when the row is
        // gone), checked with one identity read (a search only when something else moved it); else the
        // position it had.
        var path = old.path
        if let identity = old.identity, let known = path, dataSource.identity(ofRowAt: known) != identity {
          path = dataSource.path(ofRowWithIdentity: identity)
        }
        if let path { try dataSource.highlightRow(at: path, isHighlighted: false) }
      }
      highlighted = cursor
      if let path = cursor?.path { try dataSource.highlightRow(at: path, isHighlighted: true) }
    } catch {
      record(error)
    }
  }
}
