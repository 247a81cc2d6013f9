import ListFlowTesting
import TestSupport

/// The source and target arrays of the flat scenarios of Benchmarks/README.md, each drawn from `SeededRandom(seed: 42)`.
enum FlatInputs {
  /// A source and a target.
  typealias Pair = (source: [Item], target: [Item])

  /// `readme5k` (`scale` 1) and `readme100k` (`scale` 20), with or without the `-upd` updates.
  ///
  /// Source: `5,000 × scale` new items. Target: the source without `2,000 × scale ..< 3,000 × scale`, then
  /// `1,000 × scale` new items inserted at index `3,000 × scale`, then `0 ..< 200 × scale` shuffled. With
  /// `updates`, every target index `j % 10 == 7` that is not a new item is then updated.
  static func readme(scale: Int, updates: Bool) -> Pair {
    var random = SeededRandom()
    let source = random.newItems(5_000 * scale)
    var target = source
    target.removeSubrange(2_000 * scale..<3_000 * scale)
    let inserted = random.newItems(1_000 * scale)
    let insertion = 3_000 * scale
    target.insert(contentsOf: inserted, at: insertion)
    random.shuffle(&target, in: 0..<200 * scale)
    if updates {
      let fresh = insertion..<insertion + inserted.count
      for j in stride(from: 7, to: target.count, by: 10) where !fresh.contains(j) {
        target[j] = target[j].updated
      }
    }
    return (source, target)
  }

  /// `mixN`: 10% changes at random places, `k = count / 40` each of deletes, moves, updates and inserts.
  ///
  /// A shuffled permutation of `0..<count` picks the source indices: its first `k` are deleted, the next `k`
  /// moved, the next `k` updated in place. The kept items (stayed and updated) keep their source order. The
  /// extras, the moved items in permutation order then `k` new items, each draw a gap `below(kept + 1)`; extras
  /// in the same gap go there in extras order, before the kept item of that index. Draws: source items, the
  /// permutation, the new items, the gaps.
  static func mix(count: Int) -> Pair {
    var random = SeededRandom()
    let k = count / 40
    let source = random.newItems(count)
    var permutation = Array(0..<count)
    random.shuffle(&permutation, in: 0..<count)

    var fate = [UInt8](repeating: 0, count: count)  // 0 stays, 1 deleted, 2 moved, 3 updated
    for i in 0..<min(3 * k, count) { fate[permutation[i]] = UInt8(i / k + 1) }
    var kept: [Item] = []
    kept.reserveCapacity(count - 2 * k)
    for index in source.indices where fate[index] == 0 || fate[index] == 3 {
      kept.append(fate[index] == 3 ? source[index].updated : source[index])
    }
    var extras = permutation[k..<2 * k].map { source[$0] }
    extras += random.newItems(k)

    var gaps = [[Item]](repeating: [], count: kept.count + 1)
    for extra in extras { gaps[random.below(kept.count + 1)].append(extra) }
    var target: [Item] = []
    target.reserveCapacity(kept.count + extras.count)
    for gap in 0...kept.count {
      target += gaps[gap]
      if gap < kept.count { target.append(kept[gap]) }
    }
    return (source, target)
  }
}
