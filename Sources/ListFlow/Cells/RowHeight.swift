/// The height of a row, header or footer, in the host's unit (rows in a terminal).
public enum RowHeight: Hashable, Sendable, CustomStringConvertible {
  /// The height is known: declared on the item or on the cell type.
  case exact(Int)
  /// The cell sizes itself; the host may assume this height until it has measured the cell.
  case estimated(Int)

  /// The number the host uses before measuring: the exact or the estimated height.
  public var value: Int {
    switch self {
    case .exact(let height), .estimated(let height): height
    }
  }

  /// `exact(n)` or `estimated(n)`.
  public var description: String {
    switch self {
    case .exact(let height): "exact(\(height))"
    case .estimated(let height): "estimated(\(height))"
    }
  }
}
