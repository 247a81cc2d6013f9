/// What a key asks a ``TerminalListView`` to do.
///
/// The default key map: ↑/`k` and ↓/`j` move the selection, Page Up/Page Down (and `b`/space) move a page,
/// Home/`g` and End/`G` jump to the first and last row, Enter selects, `d` deletes (the row's edit action),
/// `r` refreshes, `/` starts the filter, `q`, Escape, Ctrl-C and Ctrl-D quit.
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
  /// Select or deselect the row under the cursor (space, in a multi-select list).
  case toggleSelection
  /// Start typing the filter's query (`/`).
  case filter
  /// Clear the filter (Escape, while a filter is set).
  case clearFilter
  /// Leave.
  case quit

  /// The command a key triggers in the default key map, if any.
  ///
  /// - Parameter key: The key pressed.
  public init?(key: Key) {
    switch key {
    case .up, .character("k"): self = .moveUp
    case .down, .character("j"): self = .moveDown
    case .pageUp, .character("b"): self = .pageUp
    case .pageDown, .character(" "): self = .pageDown
    case .home, .character("g"): self = .moveToTop
    case .end, .character("G"): self = .moveToBottom
    case .enter: self = .select
    case .character("d"): self = .delete
    case .character("r"): self = .refresh
    case .right, .character("l"): self = .expand
    case .left, .character("h"): self = .collapse
    case .character("/"): self = .filter
    case .character("q"), .escape, .interrupt, .endOfInput: self = .quit
    default: return nil
    }
  }
}
