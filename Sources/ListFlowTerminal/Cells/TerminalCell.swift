/// A cell that draws itself as one or more lines of a terminal.
///
/// ``TerminalListView`` asks each visible cell for its lines at the width available. A `ListCell` that does not
/// adopt this protocol is drawn from its `textRepresentation`. A row takes the height its data source declares
/// (on the item, else on the cell type, else the type's estimate; see <doc:MultiLineRows>): the view draws that
/// many of the cell's ``lines(width:)``, and blank lines where the cell has fewer.
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

  /// The cell's lines, at most `width` columns each: the first is ``line(width:)`` by default (a one-line cell).
  ///
  /// - Parameter width: The columns available.
  /// - Returns: The lines, top first; the view shows as many as the row's height.
  func lines(width: Int) -> [StyledLine]

  /// The cell's text on one line without styles or padding, for plain output; by default the text of a wide
  /// ``line(width:)`` with trailing spaces removed.
  var plainText: String { get }
}

extension TerminalCell {
  /// One line: ``line(width:)``.
  ///
  /// - Parameter width: The columns available.
  /// - Returns: `[line(width: width)]`.
  public func lines(width: Int) -> [StyledLine] { [line(width: width)] }

  /// The text of a 1,000-column ``line(width:)``, trailing spaces removed.
  public var plainText: String {
    var text = line(width: 1_000).text
    while text.last == " " { text.removeLast() }
    return text
  }
}
