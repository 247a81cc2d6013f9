extension PagingController {
  /// Where a paged list stands: the states of the controller's refresh and paging decisions.
  ///
  /// The transitions:
  ///
  /// | from | trigger or result | to |
  /// | --- | --- | --- |
  /// | ``initial``, ``paginated``, ``populated``, ``error(_:)`` | refresh | ``refreshing`` |
  /// | ``error(_:)`` of a refresh | load more (retries the first page) | ``refreshing`` |
  /// | ``paginated``, ``error(_:)`` of a load-more | load more | ``paging`` |
  /// | ``refreshing``, ``paging`` | page loaded, `nextPage != nil` | ``paginated`` |
  /// | ``refreshing``, ``paging`` | page loaded, `nextPage == nil` | ``populated`` |
  /// | ``refreshing``, ``paging`` | load failed | ``error(_:)`` |
  /// | ``refreshing``, ``paging`` | load cancelled | the state before the load |
  ///
  /// Every other trigger is ignored: a refresh or a load-more while ``refreshing`` or ``paging`` (busy), a
  /// load-more in ``populated`` (last page reached) or before the first page arrived.
  public enum State: Hashable, Sendable, CustomStringConvertible {
    /// Nothing has been loaded yet.
    case initial
    /// The first page is being loaded, from scratch (a first load or a pull to refresh).
    case refreshing
    /// Rows are shown and more pages follow.
    case paginated
    /// The next page is being loaded; the rows already shown stay.
    case paging
    /// Every page is loaded: the last page had no next page. The list may be empty.
    case populated
    /// The last load failed; the rows shown before it stay, and a refresh (or a retried load-more) recovers.
    ///
    /// The failure names the load that failed and what its error said. After a failed refresh, a load-more loads
    /// the first page again rather than the page after the rows shown, which the refresh meant to replace.
    case error(Failure)

    /// Whether a load is running, so that new triggers are ignored.
    public var isBusy: Bool {
      switch self {
      case .refreshing, .paging: true
      case .initial, .paginated, .populated, .error: false
      }
    }

    /// The state's name, and for an error the load that failed and its message.
    public var description: String {
      switch self {
      case .initial: "initial"
      case .refreshing: "refreshing"
      case .paginated: "paginated"
      case .paging: "paging"
      case .populated: "populated"
      case .error(let failure): "error(\(failure))"
      }
    }
  }

  /// The two loads of a paged list.
  public enum Operation: Hashable, Sendable, CustomStringConvertible {
    /// Loading the first page and replacing every row with it.
    case refresh
    /// Loading the next page and appending its rows.
    case loadMore

    /// `refresh` or `loadMore`.
    public var description: String {
      switch self {
      case .refresh: "refresh"
      case .loadMore: "loadMore"
      }
    }
  }
}
