import ListFlowDiff
import TestSupport
import Testing

/// The package's one binary search, `RandomAccessCollection.partitioningIndex(where:)`, must find what a linear
/// scan finds: the first element of the second partition, or the end.
@Suite("Binary search: the partitioning index is the linear scan's")
struct PartitioningIndexTests {
  @Test("Random sorted arrays with repeated values, every probe value: lower and upper bounds as a linear scan")
  func sortedArraysMatchLinearScan() {
    for index in 0..<2_000 {
      let seed = caseSeed(index)
      var random = SeededRandom(seed: seed)
      let count = random.below(40)
      let spread = 1 + random.below(20)
      let sorted = (0..<count).map { _ in random.below(spread) }.sorted()
      for value in -1...(spread + 1) {
        let lower = sorted.firstIndex { $0 >= value } ?? sorted.endIndex
        let upper = sorted.firstIndex { $0 > value } ?? sorted.endIndex
        #expect(sorted.partitioningIndex { $0 >= value } == lower, "seed \(seed), value \(value)")
        #expect(sorted.partitioningIndex { $0 > value } == upper, "seed \(seed), value \(value)")
        // A slice keeps its own indices.
        let start = random.below(count + 1)
        let slice = sorted[start...]
        #expect(
          slice.partitioningIndex { $0 >= value } == (slice.firstIndex { $0 >= value } ?? slice.endIndex),
          "seed \(seed), value \(value), slice from \(start)")
      }
    }
  }

  @Test("A range of integers partitioned at a random point: the point, with O(log n) predicate calls")
  func rangesMatchLinearScan() {
    for index in 0..<2_000 {
      let seed = caseSeed(index)
      var random = SeededRandom(seed: seed)
      let start = random.below(100) - 50
      let count = random.below(300)
      let range = start..<(start + count)
      let point = start + random.below(count + 1)
      var calls = 0
      let found = range.partitioningIndex { value in
        calls += 1
        return value >= point
      }
      #expect(found == (range.firstIndex { $0 >= point } ?? range.endIndex), "seed \(seed)")
      #expect(calls <= Int.bitWidth - count.leadingZeroBitCount, "seed \(seed): \(calls) calls for \(count)")
    }
  }

  @Test("An empty collection and an all-true or all-false predicate")
  func edges() {
    #expect([Int]().partitioningIndex { _ in true } == 0)
    #expect([1, 2, 3].partitioningIndex { _ in true } == 0)
    #expect([1, 2, 3].partitioningIndex { _ in false } == 3)
  }
}
