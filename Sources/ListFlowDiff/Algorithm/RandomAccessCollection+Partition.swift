extension RandomAccessCollection {
  /// The index of the first element for which `belongsInSecondPartition` is `true`, or `endIndex` when there is
  /// none: the package's one binary search.
  ///
  /// The collection must be partitioned by the predicate: every element for which it is `false` comes before
  /// every element for which it is `true`. In a sorted collection, `partitioningIndex { $0 >= value }` is the
  /// lower bound of `value` (how many elements are below it), and `partitioningIndex { $0 > value } - 1` the last
  /// element at or below it. A range of integers is such a collection too, for a search over positions.
  ///
  /// ```swift
  /// let sorted = [1, 3, 3, 7]
  /// sorted.partitioningIndex { $0 >= 3 }  // 1
  /// sorted.partitioningIndex { $0 > 3 }  // 3
  /// ```
  ///
  /// - Parameter belongsInSecondPartition: The predicate that partitions the collection.
  /// - Returns: The first index of the second partition.
  /// - Complexity: O(log *n*) calls of the predicate and index moves.
  @inlinable
  package func partitioningIndex(
    where belongsInSecondPartition: (Element) throws -> Bool
  ) rethrows -> Index {
    var low = startIndex
    var count = self.count
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if try belongsInSecondPartition(self[middle]) {
        count = half
      } else {
        low = index(after: middle)
        count -= half + 1
      }
    }
    return low
  }
}
