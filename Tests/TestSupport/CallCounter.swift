import Synchronization

/// Counts the calls a cost test watches (a feed's `cell`, a filter's searchable text), from any isolation.
///
/// The closure under test calls ``add()``; the test reads the total with ``value``, or the calls since it last
/// asked with ``take()``:
///
/// ```swift
/// let calls = CallCounter()
/// let controller = ListController<[ListSection<Line>]>(rows: { $0 }) { line in
///   calls.add()
///   return binder(line)
/// }
/// _ = calls.take()  // not the first state's
/// // … a step …
/// #expect(calls.take() <= bound)
/// ```
///
/// It counts with an `Atomic` (`Synchronization`), not a `Mutex`: a lock of the package is taken with
/// `withSanitizedLock`, which lives in `ListFlow`, and this target links no ListFlow module.
public final class CallCounter: Sendable {
  private let count = Atomic<Int>(0)

  /// A counter at zero.
  public init() {}

  /// Counts one call.
  public func add() {
    count.wrappingAdd(1, ordering: .sequentiallyConsistent)
  }

  /// The calls counted: since the counter was made, or since the last ``take()``.
  public var value: Int { count.load(ordering: .sequentiallyConsistent) }

  /// The calls since the last `take()` (or since the counter was made), and the count back to zero.
  public func take() -> Int {
    count.exchange(0, ordering: .sequentiallyConsistent)
  }
}
