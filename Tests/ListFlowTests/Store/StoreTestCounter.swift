import Synchronization

/// A thread-safe counter for closures that are `@Sendable` (Observation's `onChange`, termination handlers).
final class StoreTestCounter: Sendable {
  private let count = Atomic(0)

  /// The count so far.
  var value: Int { count.load(ordering: .sequentiallyConsistent) }

  /// Adds one.
  func increment() {
    count.add(1, ordering: .sequentiallyConsistent)
  }
}
