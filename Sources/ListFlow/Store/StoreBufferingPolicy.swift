/// How many states a subscriber of a ``Store`` may have waiting before older ones are dropped.
///
/// Every subscriber gets its own buffer. When the subscriber is slower than the store, the buffer fills up and
/// each new state pushes out the oldest waiting one (newest-wins), so a slow subscriber skips intermediate states
/// instead of building a backlog. The last state the store published is never dropped: it is always the last
/// element the subscriber receives before the stream ends.
///
/// ```swift
/// let latestOnly = store.updates()                        // .latest: at most one state waiting
/// let lastFew = store.updates(bufferingPolicy: .newest(8)) // at most eight states waiting
/// ```
///
/// The policy is a struct over a private enum, so new policies can be added without breaking existing code.
public struct StoreBufferingPolicy: Sendable, Hashable, CustomStringConvertible {
  private enum Kind: Sendable, Hashable {
    case newest(Int)
  }

  private let kind: Kind

  private init(kind: Kind) {
    self.kind = kind
  }

  /// Keeps only the newest state: at most one state waits for the subscriber.
  ///
  /// This is the right policy for anything that renders state (a list controller, a view): only the latest
  /// state matters, and anything older is already out of date when the subscriber gets to it.
  public static let latest = StoreBufferingPolicy(kind: .newest(1))

  /// Keeps the `count` newest states: at most `count` states wait for the subscriber.
  ///
  /// A count below 1 is treated as 1, so the last published state always has a place to wait.
  ///
  /// - Parameter count: The largest number of states waiting for the subscriber.
  /// - Returns: A newest-wins policy with a buffer of `max(count, 1)` states.
  public static func newest(_ count: Int) -> StoreBufferingPolicy {
    StoreBufferingPolicy(kind: .newest(Swift.max(count, 1)))
  }

  /// The largest number of states that can wait for a subscriber under this policy.
  public var bound: Int {
    switch kind {
    case .newest(let count): count
    }
  }

  /// The policy as written in code: `.latest` or `.newest(n)`.
  public var description: String {
    switch kind {
    case .newest(1): ".latest"
    case .newest(let count): ".newest(\(count))"
    }
  }

  /// The matching buffering policy of `AsyncStream`.
  func asyncStreamPolicy<Element>(of _: Element.Type) -> AsyncStream<Element>.Continuation.BufferingPolicy {
    switch kind {
    case .newest(let count): .bufferingNewest(count)
    }
  }
}
