extension PagingController {
  /// Why a trigger or a result left a paged list unchanged: the payload of ``Outcome/ignored(_:)``.
  public enum IgnoreReason: Hashable, Sendable, CustomStringConvertible {
    /// A load is already running (``State/refreshing`` or ``State/paging``).
    case busy
    /// The last page was loaded: there is no next page (``State/populated``).
    case lastPageReached
    /// A load-more came before any page told what the next one is.
    case nothingLoaded
    /// A result came for a request that is no longer the one running; or a load scheduled in a task found, when
    /// the task started, that the list had moved on: the load-more of a displayed row found a load failed (a
    /// displayed row never retries one, see ``PagingController/rowDisplayed(_:)``), the retry of a
    /// ``PagedFeed``'s retry row found no load failed any more.
    case staleResult
    /// The visible rows are not near enough to the end to load more.
    case notNearEnd
    /// The last page added no row (it was empty, or repeated rows already loaded), and nothing new was reported
    /// since: loading waits for other covered rows, a displayed row of the content, or an explicit load, so that a
    /// server answering empty pages cannot make the list load by itself forever.
    case waitingForNewReport

    /// The reason in words.
    public var description: String {
      switch self {
      case .busy: "a load is already running"
      case .lastPageReached: "the last page was loaded"
      case .nothingLoaded: "no page was loaded yet"
      case .staleResult: "the result belongs to a request that is no longer running, or the list moved on since"
      case .notNearEnd: "the visible rows are not near the end"
      case .waitingForNewReport: "the last page added no row; waiting for a new report"
      }
    }
  }
}
