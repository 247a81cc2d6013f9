/// The size of a terminal screen in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
  /// The number of columns.
  public var columns: Int
  /// The number of rows.
  public var rows: Int

  /// Creates a size; negative values are treated as 0.
  ///
  /// - Parameters:
  ///   - columns: The number of columns.
  ///   - rows: The number of rows.
  public init(columns: Int, rows: Int) {
    self.columns = max(columns, 0)
    self.rows = max(rows, 0)
  }

  /// `columns×rows`, for example `80×24`.
  public var description: String { "\(columns)×\(rows)" }
}
