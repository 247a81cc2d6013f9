import Synchronization

/// A thread-safe flag that is set once and stays set: remembers that an output failed.
final class FailureFlag: Sendable {
  private let value = Atomic<Bool>(false)

  /// Whether the flag is set.
  var isSet: Bool { value.load(ordering: .relaxed) }

  /// Sets the flag.
  func set() { value.store(true, ordering: .relaxed) }
}
