/// Marks one longest strictly increasing subsequence of `sequence`.
///
/// Patience sorting: `tails[k]` is the position of the smallest value that ends an increasing run of length
/// `k + 1` seen so far, and `previous[i]` links each position to the one before it in its run. Values are the
/// source positions of matched elements in target order, so they are distinct.
///
/// - Parameter sequence: Distinct integers.
/// - Returns: `nil` when the whole sequence is increasing (nothing moved), otherwise a mask with `true` at the
///   positions that belong to the chosen longest increasing subsequence.
/// - Complexity: O(*n* log *n*) at worst, O(*n*) when the values mostly keep their order.
@usableFromInline
package func _longestIncreasingSubsequenceMask(_ sequence: [Int]) -> [Bool]? {
  let count = sequence.count
  // Pass 0: the common case, nothing out of order.
  var isIncreasing = true
  var index = 1
  while index < count {
    if sequence[index - 1] > sequence[index] {
      isIncreasing = false
      break
    }
    index += 1
  }
  if isIncreasing { return nil }

  // Pass 1: patience sorting.
  var tails: [Int] = []
  tails.reserveCapacity(count)
  var previous = [Int](repeating: -1, count: count)
  for position in 0..<count {
    let value = sequence[position]
    if let last = tails.last, sequence[last] < value {
      previous[position] = last
      tails.append(position)
      continue
    }
    // Binary search for the first tail whose value is not below `value`.
    let low = tails.partitioningIndex { sequence[$0] >= value }
    previous[position] = low > 0 ? tails[low - 1] : -1
    if low == tails.count { tails.append(position) } else { tails[low] = position }
  }

  // Pass 2: walk back from the last tail.
  var mask = [Bool](repeating: false, count: count)
  var position = tails.last ?? -1
  while position >= 0 {
    mask[position] = true
    position = previous[position]
  }
  return mask
}
