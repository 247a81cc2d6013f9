/// What a key asks a ``TerminalListView`` to do.
///
/// Which key does what is data: ``KeyMap/standard`` binds ↑/`k` and ↓/`j` to move the selection, Page Up/Page
/// Down (and `b`/space) to move a page, Home/`g` and End/`G` to jump to the first and last row, Enter to select,
/// `d` to delete (the row's edit action), `r` to refresh, → / `l` and ← / `h` to expand and collapse, `/` to
/// start the filter, `?` to show the help, `q`, Escape, Ctrl-C and Ctrl-D to quit.
///
/// ``TerminalListView/handle(_:)`` adapts two keys to the list: in a multi-select list, space is
/// ``toggleSelection`` instead of a page down, and while a filter is set, Escape is ``clearFilter`` instead of
/// quit.
public enum TerminalCommand: Hashable, Sendable {
  /// Move the selection one row up.
  case moveUp
  /// Move the selection one row down.
  case moveDown
  /// Move the selection one page up.
  case pageUp
  /// Move the selection one page down.
  case pageDown
  /// Move the selection to the first row.
  case moveToTop
  /// Move the selection to the last row.
  case moveToBottom
  /// Select the row under the cursor.
  case select
  /// Delete the row under the cursor through its edit action.
  case delete
  /// Ask for fresh data.
  case refresh
  /// Expand the selected row (→ or l): an outline row shows its children.
  case expand
  /// Collapse the selected row (← or h).
  case collapse
  /// Show or hide the help screen, which lists every key binding.
  case toggleHelp
  /// Select or deselect the row under the cursor (space, in a multi-select list).
  case toggleSelection
  /// Start typing the filter's query (`/`).
  case filter
  /// Clear the filter (Escape, while a filter is set).
  case clearFilter
  /// Leave.
  case quit

  /// The command a key triggers in the standard key map (``KeyMap/standard``), if any.
  ///
  /// - Parameter key: The key pressed.
  public init?(key: Key) {
    guard let command = KeyMap.standard.command(for: key) else { return nil }
    self = command
  }
}
