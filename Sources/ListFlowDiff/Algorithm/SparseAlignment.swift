/// Pass 2 of the sparse plan (``_SectionedPlan/init(sparseSource:target:sourceHashes:targetHashes:alignment:)``):
/// aligns each section with its target by Myers' greedy algorithm on hashes
/// (``_alignSparse(_:_:sourceBase:targetBase:deleted:inserted:)``), section by section.
///
/// - Parameters:
///   - sourceHashes: The hash of every source element, in order.
///   - targetHashes: The same for the target.
///   - sourceStart: The flat position of each source section's first element.
///   - targetStart: The same for the target (as many sections).
/// - Returns: The flat positions left out, ascending: source positions (`deleted`) and target positions
///   (`inserted`); `nil` when a section has more differences than the alignment's bound.
/// - Complexity: O(*n* + *m* + *d*²) hash comparisons for *d* positions left out.
@usableFromInline
internal func _alignSections(
  sourceHashes: [Int],
  targetHashes: [Int],
  sourceStart: [Int],
  targetStart: [Int]
) -> (deleted: [Int], inserted: [Int])? {
  let sectionCount = sourceStart.count
  var deleted: [Int] = []
  var inserted: [Int] = []
  let aligned = sourceHashes.withUnsafeBufferPointer { sourceHashes in
    targetHashes.withUnsafeBufferPointer { targetHashes in
      for section in 0..<sectionCount {
        let sourceEnd = section + 1 < sectionCount ? sourceStart[section + 1] : sourceHashes.count
        let targetEnd = section + 1 < sectionCount ? targetStart[section + 1] : targetHashes.count
        guard
          _alignSparse(
            UnsafeBufferPointer(rebasing: sourceHashes[sourceStart[section]..<sourceEnd]),
            UnsafeBufferPointer(rebasing: targetHashes[targetStart[section]..<targetEnd]),
            sourceBase: sourceStart[section], targetBase: targetStart[section], deleted: &deleted,
            inserted: &inserted)
        else { return false }
      }
      return true
    }
  }
  return aligned ? (deleted, inserted) : nil
}

/// Aligns a source section with its target by Myers' greedy algorithm on hashes, and appends the positions it
/// leaves out: source positions (plus `sourceBase`) to `deleted`, target positions (plus `targetBase`) to
/// `inserted`, both ascending.
///
/// - Parameters:
///   - source: The hashes of the source elements.
///   - target: The hashes of the target elements.
///   - sourceBase: Added to every source position appended.
///   - targetBase: Added to every target position appended.
///   - deleted: Receives the source positions left out.
///   - inserted: Receives the target positions left out.
/// - Returns: `false`, with nothing appended, when more than a bound of positions would be left out (the bound
///   grows as the square root of the sizes, at least 32 and at most 512).
/// - Complexity: O(*n* + *m* + *d*²) comparisons for *d* positions left out.
internal func _alignSparse(
  _ source: UnsafeBufferPointer<Int>,
  _ target: UnsafeBufferPointer<Int>,
  sourceBase: Int,
  targetBase: Int,
  deleted: inout [Int],
  inserted: inout [Int]
) -> Bool {
  _alignSparse(
    sourceCount: source.count, targetCount: target.count, sourceBase: sourceBase, targetBase: targetBase,
    deleted: &deleted, inserted: &inserted
  ) { source[$0] == target[$1] }
}

/// ``_alignSparse(_:_:sourceBase:targetBase:deleted:inserted:)`` for any equality of positions: `equal(i, j)` says
/// whether source position `i` and target position `j` can be aligned.
///
/// ListFlow aligns a state's rows with the rows shown by identity, to copy the hashes of the aligned rows rather
/// than hash every row again.
@inlinable
package func _alignSparse(
  sourceCount: Int,
  targetCount: Int,
  sourceBase: Int,
  targetBase: Int,
  deleted: inout [Int],
  inserted: inout [Int],
  equal: (Int, Int) -> Bool
) -> Bool {
  // The common start and end.
  var low = 0
  while low < sourceCount, low < targetCount, equal(low, low) { low += 1 }
  var sourceHigh = sourceCount
  var targetHigh = targetCount
  while sourceHigh > low, targetHigh > low, equal(sourceHigh - 1, targetHigh - 1) {
    sourceHigh -= 1
    targetHigh -= 1
  }
  let n = sourceHigh - low
  let m = targetHigh - low
  if n == 0 || m == 0 {
    deleted.append(contentsOf: (low..<sourceHigh).lazy.map { $0 + sourceBase })
    inserted.append(contentsOf: (low..<targetHigh).lazy.map { $0 + targetBase })
    return true
  }
  let bound = min(n + m, min(512, max(32, 2 * Int(Double(sourceCount + targetCount).squareRoot()))))
  // `trace` holds, for each d, the furthest x on each diagonal k in -d...d, at d * d + k + d.
  var trace: [Int] = []
  var furthest = [Int](repeating: 0, count: 2 * bound + 3)
  let offset = bound + 1
  var found = -1
  search: for d in 0...bound {
    for k in stride(from: -d, through: d, by: 2) {
      var x =
        k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1])
        ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1
      var y = x - k
      while x < n, y < m, equal(low + x, low + y) {
        x += 1
        y += 1
      }
      furthest[offset + k] = x
      if x >= n, y >= m {
        found = d
        trace.append(contentsOf: furthest[(offset - d)...(offset + d)])
        break search
      }
    }
    trace.append(contentsOf: furthest[(offset - d)...(offset + d)])
  }
  guard found >= 0 else { return false }
  // Back from the end: each step of d is one position left out.
  var removed: [Int] = []
  var added: [Int] = []
  var x = n
  var y = m
  var d = found
  while d > 0 {
    let k = x - y
    let base = (d - 1) * (d - 1) + d - 1
    let previousK = k == -d || (k != d && trace[base + k - 1] < trace[base + k + 1]) ? k + 1 : k - 1
    let previousX = trace[base + previousK]
    let previousY = previousX - previousK
    if previousK == k + 1 {
      added.append(low + previousY + targetBase)
    } else {
      removed.append(low + previousX + sourceBase)
    }
    x = previousX
    y = previousY
    d -= 1
  }
  deleted.append(contentsOf: removed.reversed())
  inserted.append(contentsOf: added.reversed())
  return true
}

/// Pass 5 of the sparse plan: the element matching of an alignment and of the left-out pairs, with the aligned
/// runs (``_matchAligned(sourceStart:targetStart:sourceTotal:targetTotal:deleted:inserted:sourceToTarget:targetToSource:runs:)``).
///
/// - Parameters:
///   - sourceStart: The flat position of each source section's first element.
///   - targetStart: The same for the target.
///   - sourceTotal: The number of source elements.
///   - targetTotal: The number of target elements.
///   - deleted: The source positions the alignment left out, ascending.
///   - inserted: The target positions it left out, ascending.
///   - pairedSource: For each of `inserted`, the source position paired with it, or -1.
/// - Returns: The target position of each source position and the source position of each target position (-1
///   when unmatched), and the aligned runs (consecutive on both sides, within a section) in order: first target
///   and source positions, length.
/// - Complexity: O(*n* + *m*) stores, O(*d*) for the rest.
@inlinable
internal func _matchSparse(
  sourceStart: [Int],
  targetStart: [Int],
  sourceTotal: Int,
  targetTotal: Int,
  deleted: [Int],
  inserted: [Int],
  pairedSource: [Int]
) -> (sourceToTarget: [Int], targetToSource: [Int], runs: [(target: Int, source: Int, count: Int)]) {
  // Both arrays are written once, position by position (`_matchAligned` writes every one), not filled first.
  var runs: [(target: Int, source: Int, count: Int)] = []
  var targetToSource: [Int] = []
  let sourceToTarget = [Int](unsafeUninitializedCapacity: sourceTotal) { sourceToTarget, sourceInitialized in
    targetToSource = [Int](unsafeUninitializedCapacity: targetTotal) { targetToSource, targetInitialized in
      _matchAligned(
        sourceStart: sourceStart, targetStart: targetStart, sourceTotal: sourceTotal, targetTotal: targetTotal,
        deleted: deleted, inserted: inserted, sourceToTarget: sourceToTarget, targetToSource: targetToSource,
        runs: &runs)
      for (index, source) in pairedSource.enumerated() where source >= 0 {
        sourceToTarget[source] = inserted[index]
        targetToSource[inserted[index]] = source
      }
      targetInitialized = targetTotal
    }
    sourceInitialized = sourceTotal
  }
  return (sourceToTarget, targetToSource, runs)
}

/// Matches the elements an alignment kept, section by section, in order, and lists them as runs.
///
/// - Parameters:
///   - sourceStart: The flat position of each source section's first element.
///   - targetStart: The same for the target.
///   - sourceTotal: The number of source elements.
///   - targetTotal: The number of target elements.
///   - deleted: The source positions the alignment left out, ascending.
///   - inserted: The target positions it left out, ascending.
///   - sourceToTarget: Receives the target position of every aligned source position.
///   - targetToSource: Receives the source position of every aligned target position.
///   - runs: Receives the aligned runs (consecutive on both sides, within a section), in order.
/// - Complexity: O(*n* + *m*) stores, O(*d*) for the rest.
@usableFromInline
internal func _matchAligned(
  sourceStart: [Int],
  targetStart: [Int],
  sourceTotal: Int,
  targetTotal: Int,
  deleted: [Int],
  inserted: [Int],
  sourceToTarget: UnsafeMutableBufferPointer<Int>,
  targetToSource: UnsafeMutableBufferPointer<Int>,
  runs: inout [(target: Int, source: Int, count: Int)]
) {
  var nextDeleted = 0
  var nextInserted = 0
  for section in sourceStart.indices {
    var source = sourceStart[section]
    var target = targetStart[section]
    let sourceEnd = section + 1 < sourceStart.count ? sourceStart[section + 1] : sourceTotal
    let targetEnd = section + 1 < targetStart.count ? targetStart[section + 1] : targetTotal
    while true {
      while source < sourceEnd, nextDeleted < deleted.count, deleted[nextDeleted] == source {
        sourceToTarget[source] = -1
        source += 1
        nextDeleted += 1
      }
      while target < targetEnd, nextInserted < inserted.count, inserted[nextInserted] == target {
        targetToSource[target] = -1
        target += 1
        nextInserted += 1
      }
      guard source < sourceEnd, target < targetEnd else {
        // Left out to the end of the section (every position is written, the arrays are not filled first).
        while source < sourceEnd {
          sourceToTarget[source] = -1
          source += 1
        }
        while target < targetEnd {
          targetToSource[target] = -1
          target += 1
        }
        break
      }
      let sourceStop = nextDeleted < deleted.count ? min(deleted[nextDeleted], sourceEnd) : sourceEnd
      let targetStop = nextInserted < inserted.count ? min(inserted[nextInserted], targetEnd) : targetEnd
      let count = min(sourceStop - source, targetStop - target)
      runs.append((target, source, count))
      for offset in 0..<count {
        sourceToTarget[source + offset] = target + offset
        targetToSource[target + offset] = source + offset
      }
      source += count
      target += count
    }
  }
}
