/// A load that ``RefreshStateMachine`` asks its driver to start.
///
/// The driver calls its loading function with ``cursor`` and reports the result back with the same request
/// (``RefreshStateMachine/pageLoaded(_:nextPage:)``, ``RefreshStateMachine/pageFailed(_:error:)`` or
/// ``RefreshStateMachine/pageCancelled(_:)``). A result carrying any other request is stale and ignored, so a late
/// answer can never overwrite a newer one.
public struct PageRequest<Cursor: Equatable & Sendable>: Equatable, Sendable, CustomStringConvertible {
  /// Which load this is.
  public var operation: RefreshOperation
  /// The cursor to load: `nil` for the first page (a refresh), the previous page's `nextPage` otherwise.
  public var cursor: Cursor?
  /// A number unique among the requests of one state machine, telling a current result from a stale one.
  public var ticket: Int

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - operation: Which load this is.
  ///   - cursor: The cursor to load, `nil` for the first page.
  ///   - ticket: A number unique among the requests of one state machine.
  public init(operation: RefreshOperation, cursor: Cursor?, ticket: Int) {
    self.operation = operation
    self.cursor = cursor
    self.ticket = ticket
  }

  /// `operation(cursor) #ticket`.
  public var description: String {
    "\(operation)(\(cursor.map { "\($0)" } ?? "first page")) #\(ticket)"
  }
}
