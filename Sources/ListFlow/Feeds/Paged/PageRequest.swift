/// A load that ``RefreshStateMachine`` asks its driver to start.
///
/// The driver calls its loading function with ``cursor`` and reports the result back with the same request
/// (``RefreshStateMachine/pageLoaded(_:nextPage:)``, ``RefreshStateMachine/pageFailed(_:error:)`` or
/// ``RefreshStateMachine/pageCancelled(_:)``). A result carrying any other request is stale and ignored, so a late
/// answer can never overwrite a newer one.
struct PageRequest<Page: Pageable & Sendable>: Equatable, Sendable, CustomStringConvertible {
  /// Which load this is.
  var operation: PagingController<Page>.Operation
  /// The cursor to load: `nil` for the first page (a refresh), the previous page's `nextPage` otherwise.
  var cursor: Page.Cursor?
  /// A number unique among the requests of one state machine, telling a current result from a stale one.
  var ticket: Int

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - operation: Which load this is.
  ///   - cursor: The cursor to load, `nil` for the first page.
  ///   - ticket: A number unique among the requests of one state machine.
  init(operation: PagingController<Page>.Operation, cursor: Page.Cursor?, ticket: Int) {
    self.operation = operation
    self.cursor = cursor
    self.ticket = ticket
  }

  /// `operation(cursor) #ticket`.
  var description: String {
    "\(operation)(\(cursor.map { "\($0)" } ?? "first page")) #\(ticket)"
  }
}
