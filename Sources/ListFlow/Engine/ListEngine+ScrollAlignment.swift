extension ListEngine {
  /// Where a row ends up on screen when a list scrolls to it: at the top, in the centre, at the bottom, or just
  /// visible.
  ///
  /// The names follow UIKit's `UITableView.ScrollPosition` (`.top`, `.middle`, `.bottom`, `.none`).
  ///
  /// ```swift
  /// try engine.scrollToRow(at: ItemPath(item: 40, section: 0), alignment: .center)
  /// ```
  public enum ScrollAlignment: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The row's first line at the top of the viewport, as far as the list allows.
    case top
    /// The row in the middle of the viewport (a row of odd slack sits one line above the middle).
    case center
    /// The row's last line at the bottom of the viewport, as far as the list allows.
    case bottom
    /// The smallest scroll that shows the row: none when it is already on screen.
    case visible

    /// `top`, `center`, `bottom` or `visible`.
    public var description: String {
      switch self {
      case .top: "top"
      case .center: "center"
      case .bottom: "bottom"
      case .visible: "visible"
      }
    }
  }
}
