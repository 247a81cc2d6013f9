extension PagingController {
  /// What a paged list shows for a state and a number of rows: a loading placeholder, an empty-state view, a
  /// failure view, or the rows with a footer.
  ///
  /// | state | no rows | some rows |
  /// | --- | --- | --- |
  /// | ``State/initial``, ``State/refreshing`` | ``loadingPlaceholder`` | ``rows(_:)`` `.none` |
  /// | ``State/paginated`` | ``rows(_:)`` `.none` (nothing is loading) | ``rows(_:)`` `.none` |
  /// | ``State/paging`` | ``loadingPlaceholder`` | ``rows(_:)`` ``Footer/loadingMore`` |
  /// | ``State/populated`` | ``empty`` | ``rows(_:)`` ``Footer/endReached`` |
  /// | ``State/error(_:)`` | ``failure`` | ``rows(_:)`` ``Footer/failed`` |
  ///
  /// A refresh over existing rows keeps showing them (the host shows its own refresh indicator from the state). A
  /// loading row (placeholder or footer) is shown only while a load runs, or before the first one: a list whose
  /// pages so far were empty, with more to come, shows no row rather than a spinner that nothing will stop.
  public enum Presentation: Hashable, Sendable {
    /// The first rows are on their way: show skeleton or spinner rows.
    case loadingPlaceholder
    /// Everything is loaded and there is nothing: show the empty-state view.
    case empty
    /// Loading failed and there is nothing to show: show a failure view with a retry.
    case failure
    /// Show the rows, with this footer after them.
    case rows(Footer)

    /// What follows the rows of a paged list.
    public enum Footer: Hashable, Sendable {
      /// Nothing.
      case none
      /// A spinner row: the next page is loading.
      case loadingMore
      /// A retry row: the last load failed.
      case failed
      /// Nothing more will come: the last page is shown.
      case endReached
    }

    /// The presentation of a state with a number of rows.
    ///
    /// - Parameters:
    ///   - state: The refresh state.
    ///   - rowCount: The number of rows loaded.
    public init(state: State, rowCount: Int) {
      if rowCount <= 0 {
        switch state {
        case .initial, .refreshing, .paging: self = .loadingPlaceholder
        // Pages follow but none is loading (the pages so far were empty): a loading row would never go away.
        case .paginated: self = .rows(.none)
        case .populated: self = .empty
        case .error: self = .failure
        }
      } else {
        switch state {
        case .initial, .refreshing, .paginated: self = .rows(.none)
        case .paging: self = .rows(.loadingMore)
        case .populated: self = .rows(.endReached)
        case .error: self = .rows(.failed)
        }
      }
    }
  }
}
