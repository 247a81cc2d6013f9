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

/// Matches the elements of `target` with those of `source` by identity.
///
/// Pass 1 builds a table from identifier to the first source position holding it, walking the source backwards so
/// that `Dictionary.updateValue` hands back the next later occurrence of a duplicate, which is chained in `next`.
/// Pass 2 looks every target identifier up once; under ``DuplicatePolicy/matchInOrder`` the k-th occurrence in the
/// target takes the k-th in the source (the table's entry advances along `next`).
///
/// - Complexity: O(*n* + *m*) expected: one hash insertion per source element and one look-up per target
///   element; under ``DuplicatePolicy/reject`` one more insertion per inserted element.
@inlinable
internal func _matchByIdentity<Element: Differentiable>(
  source: [Element],
  target: [Element],
  policy: DuplicatePolicy
) -> _Matching {
  var matching = _Matching(sourceCount: source.count, targetCount: target.count)
  let rejects = policy.kind == .reject

  // Pass 1: identifier -> first source position; `next` chains later duplicates (allocated on the first one).
  var table = [Element.DifferenceIdentifier: Int](minimumCapacity: source.count)
  var next: [Int] = []
  var position = source.count - 1
  while position >= 0 {
    let identifier = source[position].differenceIdentifier
    if let later = table.updateValue(position, forKey: identifier) {
      if rejects {
        matching.duplicate = (.source, position, later, String(describing: identifier))
        return matching
      }
      if next.isEmpty { next = [Int](repeating: -1, count: source.count) }
      next[position] = later
    }
    position -= 1
  }

  // Pass 2: look every target identifier up. Negative entries (reject only) mark target-only identifiers.
  for targetPosition in target.indices {
    let identifier = target[targetPosition].differenceIdentifier
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
