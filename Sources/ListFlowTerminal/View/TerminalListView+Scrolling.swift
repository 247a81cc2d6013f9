import ListFlow

extension TerminalListView {
  /// Moves the cursor to a row and scrolls so that the row sits where `alignment` says, as far as the list
  /// allows (see ``ListViewport/scroll(to:alignment:)``); the data source hears of the new highlight.
  ///
  /// A path outside the list is clamped to the nearest row. In plain mode the cursor moves and nothing is drawn.
  ///
  /// - Parameters:
  ///   - path: The row's position.
  ///   - alignment: Where the row goes on screen.
  public func scrollToRow(at path: ItemPath, alignment: ScrollAlignment) {
    moveCursor { $0.scroll(to: path, alignment: alignment) }
  }

  /// The first line of the list area on screen: the line under the title bar.
  static let listTop = 1

  /// Handles a mouse event: the wheel scrolls three lines, keeping the cursor on screen; a left click on a row
  /// moves the cursor there, and a click on the row under the cursor selects it (as Enter does). Clicks on a
  /// header, a footer, the bars or below the list do nothing, and so do other buttons.
  ///
  /// - Parameter event: The event, with the screen position the terminal reported.
  /// - Returns: ``TerminalCommand/select`` when the click selected the row, else `nil`.
  @discardableResult
  public func handle(_ event: MouseEvent) -> TerminalCommand? {
    guard case .screen = mode, !isShowingHelp else { return nil }
    switch event.kind {
    case .wheelUp: moveCursor { $0.scroll(byLines: -Self.wheelLines) }
    case .wheelDown: moveCursor { $0.scroll(byLines: Self.wheelLines) }
    case .press(.left):
      guard case .item(let path) = viewport.row(atScreenLine: event.row - Self.listTop) else { return nil }
      if path == viewport.selection {
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
