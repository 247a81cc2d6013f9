/// Which source element each target element is, and the other way round: pass 1 and 2 of Heckel's diff.
@usableFromInline
package struct _Matching {
  /// For each source position, the target position of the same element, or -1 when it was deleted.
  @usableFromInline package var sourceToTarget: [Int]
  /// For each target position, the source position of the same element, or -1 when it was inserted.
  @usableFromInline package var targetToSource: [Int]
  /// The first duplicate found, when the policy rejects duplicates.
  @usableFromInline var duplicate: (side: DiffError.Duplicate.Side, first: Int, second: Int, identifier: String)?

  @inlinable
  init(sourceCount: Int, targetCount: Int) {
    sourceToTarget = [Int](repeating: -1, count: sourceCount)
    targetToSource = [Int](repeating: -1, count: targetCount)
    duplicate = nil
  }
}

/// An open-addressing hash table from an element's hash to a position, with linear probing.
///
/// It is keyed by the hashes the elements were asked for once (``Differentiable/differenceHash``), so that a probe
/// compares two integers, and an identifier is compared only when the hashes agree. Each slot is one 64-bit word:
/// the high 32 bits of the hash, and the value (a position, or a caller's negative code) in the low 32 bits, so a
/// table of 10,000 elements takes 128 KiB and stays in cache. Slots are spread by Fibonacci hashing (multiplying
/// by 2⁶⁴/φ and keeping the high bits), so that even plain integer hashes fill the table evenly.
///
/// Positions must be below 2³¹ − 2, far beyond what a list holds in memory.
@usableFromInline
internal struct _PositionTable {
  /// The value of an empty slot.
  @usableFromInline static var empty: Int { Int(Int32.min) }

  /// Each slot: the hash's high half, then the value's 32 bits.
  @usableFromInline var slots: [UInt64]
  @usableFromInline let mask: Int
  @usableFromInline let shift: UInt64

  /// A table for up to `count` entries, at most about two thirds full.
  @inlinable
  init(capacityFor count: Int) {
    var bits = 3
    while (1 << bits) < count + count / 2 { bits += 1 }
    slots = [UInt64](repeating: Self.word(hash: 0, value: Self.empty), count: 1 << bits)
    mask = (1 << bits) - 1
    shift = UInt64(64 - bits)
  }

  /// A slot's word.
  @inlinable
  static func word(hash: Int, value: Int) -> UInt64 {
    let low = UInt64(UInt32(bitPattern: Int32(truncatingIfNeeded: value)))
    return (UInt64(bitPattern: Int64(hash)) & 0xFFFF_FFFF_0000_0000) | low
  }

  /// The first slot to probe for `hash`.
  @inlinable
  func home(of hash: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(hash)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The value in a slot.
  @inlinable
  func value(at slot: Int) -> Int { Int(Int32(bitPattern: UInt32(truncatingIfNeeded: slots[slot]))) }

  /// The slot holding an entry with `hash` for which `matches` holds, or the empty slot where it would go.
  ///
  /// - Parameters:
  ///   - hash: The hash looked for.
  ///   - matches: Whether the entry with the given value (whose hash agrees with `hash`) is the one looked for.
  /// - Returns: The slot; its value is ``empty`` when no entry matched.
  @inlinable
  func slot(for hash: Int, where matches: (Int) -> Bool) -> Int {
    var slot = home(of: hash)
    let high = UInt64(bitPattern: Int64(hash)) & 0xFFFF_FFFF_0000_0000
    return slots.withUnsafeBufferPointer { slots in
      while true {
        let word = slots[slot]
        let value = Int(Int32(bitPattern: UInt32(truncatingIfNeeded: word)))
        if value == Self.empty || (word & 0xFFFF_FFFF_0000_0000 == high && matches(value)) { return slot }
        slot = (slot &+ 1) & mask
      }
    }
  }

  /// Fills a slot, or sets its value.
  @inlinable
  mutating func set(_ value: Int, hash: Int, at slot: Int) {
    slots[slot] = Self.word(hash: hash, value: value)
  }
}

/// A range of target positions whose elements are expected, mostly, at consecutive source positions from
/// `sourceStart`: the elements of a target section and of its source section.
@usableFromInline
internal struct _MatchRun {
  /// The first target position of the run; the run ends where the next one starts.
  @usableFromInline let targetStart: Int
  /// The source position the run's first target element is expected at.
  @usableFromInline let sourceStart: Int
  /// The end of the source range the run's elements are expected in.
  @usableFromInline let sourceEnd: Int

  @inlinable
  init(targetStart: Int, sourceStart: Int, sourceEnd: Int) {
    self.targetStart = targetStart
    self.sourceStart = sourceStart
    self.sourceEnd = sourceEnd
  }
}

/// Matches the elements of a target with those of a source by identity.
///
/// Pass 1 builds a table from identity to the first source position holding it. A later occurrence of the same
/// identifier (rare) is chained after the first in `next`, with `last` remembering each chain's end. Pass 2 looks
/// every target identifier up once; under ``DuplicatePolicy/matchInOrder`` the k-th occurrence in the target takes
/// the k-th in the source (the table's entry advances along `next`).
///
/// The table is keyed by the hashes given (one per element, computed once by the caller) and compares
/// identifiers only when two hashes are equal: about once per matched element.
///
/// When no identity stands twice in the source, pass 2 first tries the source position that follows the last
/// match of the target's run (`runs`): most elements of a list that changed a little are where the previous one
/// left off, and checking that position reads two arrays in order, where a probe of the table misses the cache.
/// The answer is the same as the probe's: the source element with the target's identity is unique, and the
/// check compares identities.
///
/// - Parameters:
///   - sourceHashes: The hash of each source element's identifier, in order.
///   - targetHashes: The hash of each target element's identifier, in order.
///   - sameInSource: Whether the source elements at two positions have the same identifier.
///   - sameAcross: Whether the source element at a position and the target element at another have the same
///     identifier.
///   - sameInTarget: Whether the target elements at two positions have the same identifier.
///   - describeSource: The identifier of the source element at a position, as an error names it.
///   - describeTarget: The identifier of the target element at a position, as an error names it.
///   - policy: What to do with duplicates.
///   - runs: The runs of the target, by ascending `targetStart`, the first starting at 0; none to probe the table
///     for every target element.
///   - hintsCompareHashes: Whether a run's expected source position is taken on equal hashes alone, without
///     `sameAcross`: the caller then compares the identities of every pair matched within a run, and matches
///     again without this when two differ (equal hashes of different identities).
/// - Complexity: O(*n* + *m*) expected: one probe per element, one identifier comparison per matched element;
///   a duplicate costs one more comparison; under ``DuplicatePolicy/reject`` one more insertion per inserted
///   element.
@inlinable
internal func _matchByIdentity(
  sourceHashes: [Int],
  targetHashes: [Int],
  sameInSource: (Int, Int) -> Bool,
  sameAcross: (Int, Int) -> Bool,
  sameInTarget: (Int, Int) -> Bool,
  describeSource: (Int) -> String,
  describeTarget: (Int) -> String,
  policy: DuplicatePolicy,
  runs: [_MatchRun] = [],
  hintsCompareHashes: Bool = false
) -> _Matching {
  let sourceCount = sourceHashes.count
  let targetCount = targetHashes.count
  precondition(
    sourceCount < Int(Int32.max) - 2 && targetCount < Int(Int32.max) - 2,
    "a diff takes fewer than 2^31 - 2 elements per side")
  var matching = _Matching(sourceCount: sourceCount, targetCount: targetCount)
  let rejects = policy.kind == .reject

  // Pass 1: identity -> first source position; `next` chains later duplicates (allocated on the first one).
  var table = _PositionTable(capacityFor: rejects ? sourceCount + targetCount : sourceCount)
  var next: [Int] = []
  var last: [Int] = []
  for position in 0..<sourceCount {
    let hash = sourceHashes[position]
    let slot = table.slot(for: hash) { sameInSource($0, position) }
    let first = table.value(at: slot)
    if first == _PositionTable.empty {
      table.set(position, hash: hash, at: slot)
      continue
    }
    if rejects {
      matching.duplicate = (.source, first, position, describeSource(position))
      return matching
    }
    if next.isEmpty {
      next = [Int](repeating: -1, count: sourceCount)
      last = Array(0..<sourceCount)
    }
    next[last[first]] = position
    last[first] = position
  }

  // Pass 2: look every target identifier up. Negative values (reject only) mark target-only identifiers:
  // -2 - target position.
  // The next run, the source position expected for the next target element, and the end of its source range.
  let followsRuns = next.isEmpty && !runs.isEmpty
  var nextRun = 0
  var expected = 0
  var expectedEnd = 0
  for targetPosition in 0..<targetCount {
    let hash = targetHashes[targetPosition]
    if followsRuns {
      while nextRun < runs.count, runs[nextRun].targetStart <= targetPosition {
        expected = runs[nextRun].sourceStart
        expectedEnd = runs[nextRun].sourceEnd
        nextRun += 1
      }
      if expected < expectedEnd, sourceHashes[expected] == hash, matching.sourceToTarget[expected] < 0,
        hintsCompareHashes || sameAcross(expected, targetPosition)
      {
        matching.sourceToTarget[expected] = targetPosition
        matching.targetToSource[targetPosition] = expected
        expected += 1
        continue
      }
    }
    let slot = table.slot(for: hash) { value in
      value >= 0 ? sameAcross(value, targetPosition) : sameInTarget(-2 - value, targetPosition)
    }
    let sourcePosition = table.value(at: slot)
    if sourcePosition == _PositionTable.empty {
      if rejects { table.set(-2 - targetPosition, hash: hash, at: slot) }
      continue
    }
    if sourcePosition < 0 {
      matching.duplicate = (.target, -2 - sourcePosition, targetPosition, describeTarget(targetPosition))
      return matching
    }
    if matching.sourceToTarget[sourcePosition] >= 0 {
      // Every source occurrence is taken: a duplicate in the target.
      if rejects {
        let first = matching.sourceToTarget[sourcePosition]
        matching.duplicate = (.target, first, targetPosition, describeTarget(targetPosition))
        return matching
      }
      continue
    }
    matching.sourceToTarget[sourcePosition] = targetPosition
    matching.targetToSource[targetPosition] = sourcePosition
    if !next.isEmpty, next[sourcePosition] >= 0 { table.set(next[sourcePosition], hash: hash, at: slot) }
    // The run goes on after this element, when it comes from the run's source range.
    if followsRuns, sourcePosition < expectedEnd, sourcePosition >= runs[nextRun - 1].sourceStart {
      expected = sourcePosition + 1
    }
  }
  return matching
}

/// Matches the elements of `target` with those of `source` by identity.
@inlinable
internal func _matchByIdentity<Element: Differentiable>(
  source: [Element],
  target: [Element],
  policy: DuplicatePolicy
) -> _Matching {
  _matchByIdentity(
    sourceHashes: source.map(\.differenceHash),
    targetHashes: target.map(\.differenceHash),
    sameInSource: { source[$0].hasSameIdentity(as: source[$1]) },
    sameAcross: { source[$0].hasSameIdentity(as: target[$1]) },
    sameInTarget: { target[$0].hasSameIdentity(as: target[$1]) },
    describeSource: { String(describing: source[$0].differenceIdentifier) },
    describeTarget: { String(describing: target[$0].differenceIdentifier) },
    policy: policy,
    runs: [_MatchRun(targetStart: 0, sourceStart: 0, sourceEnd: source.count)]
  )
}
