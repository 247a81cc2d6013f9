import ListFlowDiff
import Synchronization

/// The number of `hash(into:)` calls on ``CountedItem`` identifiers since the last ``CountedItem/counting(_:)``.
private let hashCalls = Atomic<Int>(0)
/// The number of `==` calls on ``CountedItem`` identifiers since the last ``CountedItem/counting(_:)``.
private let equalityCalls = Atomic<Int>(0)

/// An ``Item`` whose identifier counts the hash and equality calls made on it.
struct CountedItem: Differentiable {
  /// An identifier that counts its `hash(into:)` and `==` calls.
  struct Identifier: Hashable {
    /// The item's identity.
    var value: Int

    static func == (lhs: Identifier, rhs: Identifier) -> Bool {
      equalityCalls.add(1, ordering: .relaxed)
      return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
      hashCalls.add(1, ordering: .relaxed)
      hasher.combine(value)
    }
  }

  /// The item counted.
  var item: Item

  /// Wraps an item.
  init(_ item: Item) { self.item = item }

  /// The counting identifier.
  var differenceIdentifier: Identifier { Identifier(value: item.id) }

  /// Whether the payloads are equal.
  func isContentEqual(to source: CountedItem) -> Bool { item.payload == source.item.payload }

  /// Runs `body` and returns the calls its identifiers received.
  static func counting(_ body: () -> Int) -> (hashes: Int, equalities: Int) {
    hashCalls.store(0, ordering: .relaxed)
    equalityCalls.store(0, ordering: .relaxed)
    blackHole(body())
    return (hashCalls.load(ordering: .relaxed), equalityCalls.load(ordering: .relaxed))
  }
}
