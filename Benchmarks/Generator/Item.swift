import ListFlowDiff

/// The element of every diff scenario: identity `id` (a random 64-bit value), content `payload`.
///
/// It is `Hashable` on both fields for the standard library's diff, which compares whole elements: there an
/// updated element is a removal and an insertion.
struct Item: Hashable, Sendable, Differentiable {
  /// The identity.
  var id: Int
  /// The content; "updating" an element adds 1 to it.
  var payload: Int

  /// The identity.
  var differenceIdentifier: Int { id }

  /// Whether the payloads are equal.
  func isContentEqual(to source: Item) -> Bool { payload == source.payload }

  /// The element with its payload increased by 1.
  var updated: Item { Item(id: id, payload: payload + 1) }
}
