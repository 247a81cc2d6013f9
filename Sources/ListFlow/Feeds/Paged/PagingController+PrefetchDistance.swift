extension PagingController {
  /// How close to the end of a list the visible rows get before the next page is requested.
  ///
  /// With a distance of `d`, a load-more starts once at most `d` rows lie between the end of the area the viewport
  /// covers and the last row. A distance of 0 waits until the last row is visible; a larger one loads earlier, so
  /// that scrolling rarely reaches the end before the next page arrives.
  ///
  /// ```swift
  /// let paging = PagingController(prefetchDistance: .init(rows: 10)) { (cursor: Int?) in
  ///   try await api.page(cursor ?? 1)
  /// }
  /// paging.prefetchDistance.isNearEnd(coveredRows: 0..<20, rowCount: 25)  // true: 5 rows left, fewer than 10
  /// ```
  public struct PrefetchDistance: Hashable, Sendable, CustomStringConvertible {
    /// The number of rows left after the covered area at or below which more rows are requested; never negative.
    public let rows: Int

    /// Creates a distance; a negative value is taken as 0.
    ///
    /// - Parameter rows: The number of rows left after the covered area at or below which more rows are requested.
    public init(rows: Int) {
      self.rows = max(0, rows)
    }

    /// Five rows: the distance ``PagingController`` uses unless told otherwise.
    public static var `default`: PrefetchDistance { PrefetchDistance(rows: 5) }

    /// Whether the covered rows are near enough to the end of the list to load more.
    ///
    /// `coveredRows` is the area the viewport covers, which may reach past the last row when the rows do not fill
    /// the viewport (a page shorter than the viewport): that case is always near the end.
    ///
    /// - Parameters:
    ///   - coveredRows: The rows the viewport covers, in row positions.
    ///   - rowCount: The number of rows in the list.
    /// - Returns: `true` when `rowCount - coveredRows.upperBound <= rows`, computed without overflow for any
    ///   values (a covered area ending far below 0 is far from the end; one reaching far past it is near it).
    /// - Complexity: O(1).
    public func isNearEnd(coveredRows: Range<Int>, rowCount: Int) -> Bool {
      let (remaining, overflow) = rowCount.subtractingReportingOverflow(coveredRows.upperBound)
      // On overflow the true difference is beyond Int's range: above Int.max when the area ends below 0.
      guard !overflow else { return coveredRows.upperBound > 0 }
      return remaining <= rows
    }

    /// `rows: N`.
    public var description: String { "rows: \(rows)" }
  }
}
