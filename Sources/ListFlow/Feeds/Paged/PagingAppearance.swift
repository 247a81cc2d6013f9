/// The rows a paged list shows besides its own: skeleton or spinner rows while the first page loads, an
/// empty-state row, a failure row, and the row after the content (loading more, retry, end of list).
///
/// ```swift
/// let appearance = PagingAppearance(
///   placeholderRows: PagingAppearance.placeholderRows(SkeletonCell.self, count: 5),
///   emptyState: MessageCell.makeBinder(value: "Nothing here yet"),
///   failure: MessageCell.makeBinder(value: "Could not load. Pull to retry."),
///   loadingMore: SpinnerCell.makeBinder(value: "Loading…")
/// )
/// let feed = PagedFeed(id: "feed", paging: paging, appearance: appearance) { PostCell.makeBinder(value: $0) }
/// ```
///
/// Every row is a ``CellBinder`` with an identity of its own, so going from the placeholder to the rows, or from
/// the rows to a footer, is diffed like any change of rows.
public struct PagingAppearance: Sendable {
  /// The rows shown while the first page loads (``PagingController/Presentation/loadingPlaceholder``).
  public var placeholderRows: [CellBinder]
  /// The row shown when everything is loaded and there is nothing (``PagingController/Presentation/empty``), or `nil`.
  public var emptyState: CellBinder?
  /// The row shown when the first load failed (``PagingController/Presentation/failure``), or `nil`.
  public var failure: CellBinder?
  /// The row after the content while the next page loads, or `nil`.
  public var loadingMore: CellBinder?
  /// The row after the content when the last load failed, or `nil`.
  public var failedFooter: CellBinder?
  /// The row after the content once the last page is shown, or `nil`.
  public var endOfList: CellBinder?

  /// Creates an appearance; every part is optional.
  ///
  /// - Parameters:
  ///   - placeholderRows: The rows shown while the first page loads.
  ///   - emptyState: The row shown when there is nothing.
  ///   - failure: The row shown when the first load failed.
  ///   - loadingMore: The row after the content while the next page loads.
  ///   - failedFooter: The row after the content when the last load failed.
  ///   - endOfList: The row after the content once the last page is shown.
  public init(
    placeholderRows: [CellBinder] = [],
    emptyState: CellBinder? = nil,
    failure: CellBinder? = nil,
    loadingMore: CellBinder? = nil,
    failedFooter: CellBinder? = nil,
    endOfList: CellBinder? = nil
  ) {
    self.placeholderRows = placeholderRows
    self.emptyState = emptyState
    self.failure = failure
    self.loadingMore = loadingMore
    self.failedFooter = failedFooter
    self.endOfList = endOfList
  }

  /// Skeleton rows: `count` rows of an empty cell type, identified as placeholders.
  ///
  /// - Parameters:
  ///   - cell: The cell type of a skeleton or spinner row.
  ///   - count: The number of rows; a negative count gives none.
  /// - Returns: The rows.
  public static func placeholderRows<Cell: ListCell>(_ cell: Cell.Type, count: Int) -> [CellBinder] {
    (0..<max(0, count)).map { index in
      CellBinder(cell: cell, value: index, id: ListIdentifier(index, scope: "placeholder")) { _, _ in }
    }
  }

  /// The rows to show for a presentation: the content's rows, the placeholder, the empty state or the failure,
  /// followed by the footer row that fits.
  ///
  /// - Parameters:
  ///   - presentation: What to show.
  ///   - contentRows: The rows of the loaded content, used for ``PagingController/Presentation/rows(_:)``.
  /// - Returns: The rows, in display order.
  /// - Complexity: O(*n*) for *n* rows.
  public func rows<Page>(
    for presentation: PagingController<Page>.Presentation,
    contentRows: [CellBinder]
  ) -> [CellBinder] {
    switch presentation {
    case .loadingPlaceholder: return placeholderRows
    case .empty: return emptyState.map { [$0] } ?? []
    case .failure: return failure.map { [$0] } ?? []
    case .rows(let footer):
      let footerRow: CellBinder? =
        switch footer {
        case .none: nil
        case .loadingMore: loadingMore
        case .failed: failedFooter
        case .endReached: endOfList
        }
      return footerRow.map { contentRows + [$0] } ?? contentRows
    }
  }
}
