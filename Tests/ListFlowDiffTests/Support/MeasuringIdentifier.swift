import ListFlowDiff

/// Counts the `hash(into:)` and `==` calls made on ``MeasuringIdentifier`` values sharing it.
final class CallCounter {
  var hashes = 0
  var equalities = 0
  var total: Int { hashes + equalities }
}

/// An identifier that counts the hash and equality calls a diff makes on it: the linearity fence counts work
/// instead of timing it.
struct MeasuringIdentifier: Hashable {
  var value: Int
  let counter: CallCounter

  static func == (lhs: MeasuringIdentifier, rhs: MeasuringIdentifier) -> Bool {
    lhs.counter.equalities += 1
    return lhs.value == rhs.value
  }

  func hash(into hasher: inout Hasher) {
    counter.hashes += 1
    hasher.combine(value)
  }
}

/// An element whose identity is a ``MeasuringIdentifier``.
struct MeasuredElement: Differentiable {
  var id: MeasuringIdentifier
  var content: Int

  var differenceIdentifier: MeasuringIdentifier { id }

  func isContentEqual(to source: MeasuredElement) -> Bool { content == source.content }
}

/// An element whose identity is a ``MeasuringIdentifier`` and whose ``Differentiable/differenceHash`` is one
/// constant for every element: the worst hash there is.
struct CollidingMeasuredElement: Differentiable {
  var id: MeasuringIdentifier
  var content: Int

  init(_ element: MeasuredElement) {
    id = element.id
    content = element.content
  }

  var differenceIdentifier: MeasuringIdentifier { id }
  var differenceHash: Int { 42 }

  func isContentEqual(to source: CollidingMeasuredElement) -> Bool { content == source.content }
}
