/// A cell that draws itself as one line of a terminal.
///
/// ``TerminalListView`` asks each visible cell for its line at the width available. A `ListCell` that does not
/// adopt this protocol is drawn from its `textRepresentation`.
///
/// ```swift
/// final class ScoreCell: TerminalCell {
///   var score = 0
///   func line(width: Int) -> StyledLine { StyledLine("score \(score)", style: .bold) }
/// }
/// ```
public protocol TerminalCell: ListCell {
  /// The cell's line, at most `width` columns (longer lines are truncated with `⋯` by the view).
  ///
  /// - Parameter width: The columns available.
  /// - Returns: The styled line; its text is sanitised by ``StyledRun``.
  func line(width: Int) -> StyledLine

  /// The cell's text on one line without styles or padding, for plain output; by default the text of a wide
  /// ``line(width:)`` with trailing spaces removed.
  var plainText: String { get }
}

extension TerminalCell {
  /// The text of a 1,000-column ``line(width:)``, trailing spaces removed.
  public var plainText: String {
    var text = line(width: 1_000).text
    while text.last == " " { text.removeLast() }
    return text
  }
}
