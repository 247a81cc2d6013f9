extension StyledLine {
  /// The runs of two lines, side by side.
  ///
  /// - Parameters:
  ///   - lhs: The left line.
  ///   - rhs: The right line.
  /// - Returns: A line with the runs of both.
  public static func + (lhs: StyledLine, rhs: StyledLine) -> StyledLine {
    StyledLine(lhs.runs + rhs.runs)
  }
}
