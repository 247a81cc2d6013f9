extension PagingController {
  /// A failed load of a paged list, as a plain value: which load failed and what its error said.
  ///
  /// ``State/error(_:)`` carries one, so a host can show what went wrong without keeping the error itself.
  /// The error is kept as its description, which makes the failure `Sendable`, `Hashable` and comparable in tests
  /// whatever the loader throws; ``PagingController/lastError`` keeps the error value.
  ///
  /// ```swift
  /// if case .error(let failure) = paging.state {
  ///   statusLine = "\(failure.operation) failed: \(failure.message)"
  /// }
  /// ```
  public struct Failure: Hashable, Sendable, CustomStringConvertible {
    /// The load that failed.
    public var operation: Operation
    /// What the load's error said: its `String(describing:)`.
    public var message: String

    /// Creates a failure from a message.
    ///
    /// - Parameters:
    ///   - operation: The load that failed.
    ///   - message: What went wrong.
    public init(operation: Operation, message: String) {
      self.operation = operation
      self.message = message
    }

    /// Creates a failure from the error a load threw.
    ///
    /// - Parameters:
    ///   - operation: The load that failed.
    ///   - error: The error the load threw; its `String(describing:)` becomes ``message``.
    public init(operation: Operation, error: any Error) {
      self.init(operation: operation, message: String(describing: error))
    }

    /// `operation: message`.
    public var description: String { "\(operation): \(message)" }
  }
}
