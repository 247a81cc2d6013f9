import TestSupport

/// The random number generator of Benchmarks/README.md: the tests' `SeededRandom` (the SplitMix64 algorithm),
/// seeded with 42 by default.
///
/// Every scenario draws its data from a fresh generator, so any two implementations compare on identical inputs.
extension SeededRandom {
  /// Creates a generator seeded with 42, as Benchmarks/README.md says.
  init() { self.init(seed: 42) }

  /// Shuffles `range` of `array` as Benchmarks/README.md says: Fisher–Yates from the last index down,
  /// `j = below(i + 1)` counted from the range's start, for `i` down to the second index (the classic loop: the
  /// first index would only draw `below(1)`, and does not draw).
  ///
  /// - Parameters:
  ///   - array: The array to shuffle in place.
  ///   - range: The indices to shuffle.
  mutating func shuffle<Element>(_ array: inout [Element], in range: Range<Int>) {
    guard range.count > 1 else { return }
    for i in stride(from: range.count - 1, to: 0, by: -1) {
      let j = below(i + 1)
      array.swapAt(range.lowerBound + i, range.lowerBound + j)
    }
  }

  /// A new element: a random 64-bit identity (one draw) and payload 0.
  mutating func newItem() -> Item {
    Item(id: Int(truncatingIfNeeded: next()), payload: 0)
  }

  /// `count` new elements, drawn in order.
  mutating func newItems(_ count: Int) -> [Item] {
    var items: [Item] = []
    items.reserveCapacity(count)
    for _ in 0..<count { items.append(newItem()) }
    return items
  }
}
