/// Which source element each target element is, and the other way round: pass 1 and 2 of Heckel's diff.
@usableFromInline
internal struct _Matching {
  /// For each source position, the target position of the same element, or -1 when it was deleted.
  @usableFromInline var sourceToTarget: [Int]
  /// For each target position, the source position of the same element, or -1 when it was inserted.
  @usableFromInline var targetToSource: [Int]
  /// The first duplicate found, when the policy rejects duplicates.
  @usableFromInline var duplicate: (side: DiffError.Duplicate.Side, first: Int, second: Int, identifier: String)?

  @inlinable
  init(sourceCount: Int, targetCount: Int) {
    sourceToTarget = [Int](repeating: -1, count: sourceCount)
    targetToSource = [Int](repeating: -1, count: targetCount)
    duplicate = nil
  }
}

/// Matches the elements of a target with those of a source by identity.
///
/// Pass 1 builds a table from identifier to the first source position holding it. A later occurrence of the same
/// identifier (rare) is chained after the first in `next`, with `last` remembering each chain's end. Pass 2 looks
/// every target identifier up once; under ``DuplicatePolicy/matchInOrder`` the k-th occurrence in the target takes
/// the k-th in the source (the table's entry advances along `next`).
///
/// - Parameters:
///   - source: The source's identifiers, in order; `sourceCount` of them.
///   - target: The target's identifiers, in order; `targetCount` of them.
///   - policy: What to do with duplicates.
/// - Complexity: O(*n* + *m*) expected: one hash insertion per source element and one look-up per target
///   element; a duplicate costs two more hash operations; under ``DuplicatePolicy/reject`` one more insertion per
///   inserted element.
@inlinable
internal func _matchByIdentity<Identifier: Hashable, Source: Sequence<Identifier>, Target: Sequence<Identifier>>(
  source: Source,
  sourceCount: Int,
  target: Target,
  targetCount: Int,
  policy: DuplicatePolicy
) -> _Matching {
  var matching = _Matching(sourceCount: sourceCount, targetCount: targetCount)
  let rejects = policy.kind == .reject

  // Pass 1: identifier -> first source position; `next` chains later duplicates (allocated on the first one).
  var table = [Identifier: Int](minimumCapacity: sourceCount)
  var next: [Int] = []
  var last: [Int] = []
  var position = 0
  for identifier in source {
    defer { position += 1 }
    guard let first = table.updateValue(position, forKey: identifier) else { continue }
    if rejects {
      matching.duplicate = (.source, first, position, String(describing: identifier))
      return matching
    }
    table[identifier] = first
    if next.isEmpty {
      next = [Int](repeating: -1, count: sourceCount)
      last = Array(0..<sourceCount)
    }
    next[last[first]] = position
    last[first] = position
  }

  // Pass 2: look every target identifier up. Negative entries (reject only) mark target-only identifiers.
  var targetPosition = 0
  for identifier in target {
    defer { targetPosition += 1 }
    guard let sourcePosition = table[identifier] else {
      if rejects { table[identifier] = -2 - targetPosition }
      continue
    }
    if sourcePosition < 0 {
      matching.duplicate = (.target, -2 - sourcePosition, targetPosition, String(describing: identifier))
      return matching
    }
    if matching.sourceToTarget[sourcePosition] >= 0 {
      // Every source occurrence is taken: a duplicate in the target.
      if rejects {
        let first = matching.sourceToTarget[sourcePosition]
        matching.duplicate = (.target, first, targetPosition, String(describing: identifier))
        return matching
      }
      continue
    }
    matching.sourceToTarget[sourcePosition] = targetPosition
    matching.targetToSource[targetPosition] = sourcePosition
    if !next.isEmpty, next[sourcePosition] >= 0 { table[identifier] = next[sourcePosition] }
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
    source: source.lazy.map { $0.differenceIdentifier },
    sourceCount: source.count,
    target: target.lazy.map { $0.differenceIdentifier },
    targetCount: target.count,
    policy: policy
  )
}
