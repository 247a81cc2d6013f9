/// Which source element each target element is, and the other way round: pass 1 and 2 of Heckel's diff.
@usableFromInline
internal struct _Matching {
  /// For each source position, the target position of the same element, or -1 when it was deleted.
  @usableFromInline var sourceToTarget: [Int]
  /// For each target position, the source position of the same element, or -1 when it was inserted.
  @usableFromInline var targetToSource: [Int]
  /// The first duplicate found, when the policy rejects duplicates.
  @usableFromInline var duplicate: (side: DiffError.Duplicate.Side, first: Int, second: Int, identifier: String)?
  /// Whether the hashes collided so often that the identifiers' own `Hashable` did the matching.
  @usableFromInline var usedIdentifierDictionary = false

  @inlinable
  init(sourceCount: Int, targetCount: Int) {
    sourceToTarget = [Int](repeating: -1, count: sourceCount)
    targetToSource = [Int](repeating: -1, count: targetCount)
    duplicate = nil
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
/// The table (``_PositionTable``) is keyed by the hashes given (one per element, computed once by the caller) and
/// compares identifiers only when two hashes are equal: about once per matched element. When the hashes collide so
/// often that probing the table costs more than a few steps per element, the table gives up and both passes run
/// again with a dictionary keyed by the identifiers (``_IdentifierDictionary``): the same answer, in bounded work.
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
///   - sourceIdentifier: The identifier of the source element at a position.
///   - targetIdentifier: The identifier of the target element at a position.
///   - sameInSource: Whether the source elements at two positions have the same identifier.
///   - sameAcross: Whether the source element at a position and the target element at another have the same
///     identifier.
///   - sameInTarget: Whether the target elements at two positions have the same identifier.
///   - policy: What to do with duplicates.
///   - runs: The runs of the target, by ascending `targetStart`, the first starting at 0; none to probe the table
///     for every target element.
///   - hintsCompareHashes: Whether a run's expected source position is taken on equal hashes alone, without
///     `sameAcross`: the caller then compares the identities of every pair matched within a run, and matches
///     again without this when two differ (equal hashes of different identities).
///   - probesHashes: Whether to try the hash table first; `false` goes straight to the identifiers' dictionary
///     (when an earlier matching of the same elements found their hashes colliding).
/// - Complexity: O(*n* + *m*) expected: one probe per element, one identifier comparison per matched element;
///   a duplicate costs one more comparison; under ``DuplicatePolicy/reject`` one more insertion per inserted
///   element. Colliding hashes add at most a few probe steps per element, then a `Hasher` round per element.
@inlinable
internal func _matchByIdentity<Identifier: Hashable>(
  sourceHashes: [Int],
  targetHashes: [Int],
  sourceIdentifier: (Int) -> Identifier,
  targetIdentifier: (Int) -> Identifier,
  sameInSource: (Int, Int) -> Bool,
  sameAcross: (Int, Int) -> Bool,
  sameInTarget: (Int, Int) -> Bool,
  policy: DuplicatePolicy,
  runs: [_MatchRun] = [],
  hintsCompareHashes: Bool = false,
  probesHashes: Bool = true
) -> _Matching {
  let sourceCount = sourceHashes.count
  let targetCount = targetHashes.count
  precondition(
    sourceCount < Int(Int32.max) - 2 && targetCount < Int(Int32.max) - 2,
    "a diff takes fewer than 2^31 - 2 elements per side")
  let capacity = policy.kind == .reject ? sourceCount + targetCount : sourceCount
  if probesHashes,
    let matching = _matchByIdentity(
      using: _PositionTable<Identifier>(capacityFor: capacity),
      budget: _PositionTable<Identifier>.budget(lookups: sourceCount + targetCount),
      sourceHashes: sourceHashes, targetHashes: targetHashes, sourceIdentifier: sourceIdentifier,
      targetIdentifier: targetIdentifier, sameInSource: sameInSource, sameAcross: sameAcross,
      sameInTarget: sameInTarget, policy: policy, runs: runs, hintsCompareHashes: hintsCompareHashes)
  {
    return matching
  }
  // The dictionary never gives up.
  var matching = _matchByIdentity(
    using: _IdentifierDictionary<Identifier>(capacityFor: capacity), budget: 0,
    sourceHashes: sourceHashes, targetHashes: targetHashes, sourceIdentifier: sourceIdentifier,
    targetIdentifier: targetIdentifier, sameInSource: sameInSource, sameAcross: sameAcross,
    sameInTarget: sameInTarget, policy: policy, runs: runs, hintsCompareHashes: hintsCompareHashes)!
  matching.usedIdentifierDictionary = true
  return matching
}

/// Passes 1 and 2 of ``_matchByIdentity(sourceHashes:targetHashes:sourceIdentifier:targetIdentifier:sameInSource:sameAcross:sameInTarget:policy:runs:hintsCompareHashes:probesHashes:)``
/// with one index and a probing budget (see ``_PositionTable``); `nil` when the index gives up.
@inlinable
internal func _matchByIdentity<Index: _IdentityIndex>(
  using index: consuming Index,
  budget: Int,
  sourceHashes: [Int],
  targetHashes: [Int],
  sourceIdentifier: (Int) -> Index.Identifier,
  targetIdentifier: (Int) -> Index.Identifier,
  sameInSource: (Int, Int) -> Bool,
  sameAcross: (Int, Int) -> Bool,
  sameInTarget: (Int, Int) -> Bool,
  policy: DuplicatePolicy,
  runs: [_MatchRun],
  hintsCompareHashes: Bool
) -> _Matching? {
  let sourceCount = sourceHashes.count
  let targetCount = targetHashes.count
  let empty = _PositionTable<Index.Identifier>.empty
  var matching = _Matching(sourceCount: sourceCount, targetCount: targetCount)
  let rejects = policy.kind == .reject
  var table = index
  var budget = budget

  // Pass 1: identity -> first source position; `next` chains later duplicates (allocated on the first one).
  var next: [Int] = []
  var last: [Int] = []
  for position in 0..<sourceCount {
    let hash = sourceHashes[position]
    guard
      let slot = table.slot(
        for: hash, identifier: { sourceIdentifier(position) }, where: { sameInSource($0, position) },
        budget: &budget)
    else { return nil }
    let first = table.value(at: slot)
    if first == empty {
      table.set(position, hash: hash, identifier: { sourceIdentifier(position) }, at: slot)
      continue
    }
    if rejects {
      matching.duplicate = (.source, first, position, String(describing: sourceIdentifier(position)))
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
    guard
      let slot = table.slot(
        for: hash, identifier: { targetIdentifier(targetPosition) },
        where: { value in
          value >= 0 ? sameAcross(value, targetPosition) : sameInTarget(-2 - value, targetPosition)
        }, budget: &budget)
    else { return nil }
    let sourcePosition = table.value(at: slot)
    if sourcePosition == empty {
      if rejects {
        table.set(-2 - targetPosition, hash: hash, identifier: { targetIdentifier(targetPosition) }, at: slot)
      }
      continue
    }
    if sourcePosition < 0 {
      matching.duplicate = (
        .target, -2 - sourcePosition, targetPosition, String(describing: targetIdentifier(targetPosition))
      )
      return matching
    }
    if matching.sourceToTarget[sourcePosition] >= 0 {
      // Every source occurrence is taken: a duplicate in the target.
      if rejects {
        let first = matching.sourceToTarget[sourcePosition]
        matching.duplicate = (.target, first, targetPosition, String(describing: targetIdentifier(targetPosition)))
        return matching
      }
      continue
    }
    matching.sourceToTarget[sourcePosition] = targetPosition
    matching.targetToSource[targetPosition] = sourcePosition
    if !next.isEmpty, next[sourcePosition] >= 0 {
      table.set(next[sourcePosition], hash: hash, identifier: { targetIdentifier(targetPosition) }, at: slot)
    }
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
    sourceIdentifier: { source[$0].differenceIdentifier },
    targetIdentifier: { target[$0].differenceIdentifier },
    sameInSource: { source[$0].hasSameIdentity(as: source[$1]) },
    sameAcross: { source[$0].hasSameIdentity(as: target[$1]) },
    sameInTarget: { target[$0].hasSameIdentity(as: target[$1]) },
    policy: policy,
    runs: [_MatchRun(targetStart: 0, sourceStart: 0, sourceEnd: source.count)]
  )
}
