extension PagingController {
  /// What one call to a ``PagingController`` did.
  public enum Outcome: Hashable, Sendable, CustomStringConvertible {
    /// A refresh replaced every row; this many rows are loaded now.
    case replaced(rowCount: Int)
    /// A load-more appended the rows at these positions (possibly none, for an empty page).
    case appended(Range<Int>)
    /// The load failed; the rows were kept.
    case failed(Operation)
    /// The load was cancelled; the rows and the state before it were kept.
    case cancelled
    /// Nothing was done.
    case ignored(IgnoreReason)

    /// A short description of the outcome.
    public var description: String {
      switch self {
      case .replaced(let count): "replaced with \(count) rows"
      case .appended(let range): "appended rows \(range.lowerBound)..<\(range.upperBound)"
      case .failed(let operation): "\(operation) failed"
      case .cancelled: "cancelled"
      case .ignored(let reason): "ignored: \(reason)"
      }
    }
  }
}
