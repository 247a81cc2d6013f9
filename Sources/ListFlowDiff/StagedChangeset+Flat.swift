extension StagedChangeset where Data: RangeReplaceableCollection, Data.Element: Differentiable {
  /// Computes the stages that turn `source` into `target`, matching duplicate identifiers in order.
  ///
  /// Elements are matched by ``Differentiable/differenceIdentifier``; a matched element whose content differs
  /// (``Differentiable/isContentEqual(to:)``) is an update. Of the matched elements, a longest run that keeps
  /// its relative order stays put and only the others are moves, so the moves are as few as they can be.
  /// Positions are ``ItemPath`` values in section 0. See ``StagedChangeset`` for what each stage holds.
  ///
  /// ```swift
  /// let changes = StagedChangeset(source: ["a", "b", "c"], target: ["b", "c", "a", "d"])
  /// // one stage: "d" inserted at 0:3, "a" moved 0:0 -> 0:2
  /// ```
  ///
  /// - Parameters:
  ///   - source: The collection before the change.
  ///   - target: The collection after the change.
  /// - Complexity: O(*n* + *m*) hashing and content comparisons, plus O(*k* log *k*) for the *k* matched elements
  ///   when some of them changed order.
  /// - Precondition: Each side holds fewer than 2³¹ − 2 elements (positions are packed in 32 bits).
  @inlinable
  public init(source: Data, target: Data) {
    self.init(_flatDiff(source: source, target: target, policy: .matchInOrder).stages)
  }

  /// Computes the stages that turn `source` into `target`, with a policy for duplicate identifiers.
  ///
  /// - Parameters:
  ///   - source: The collection before the change.
  ///   - target: The collection after the change.
  ///   - duplicates: What to do when an identifier stands twice in `source` or in `target`.
  /// - Throws: ``DiffError/duplicateIdentifier(_:)`` when `duplicates` is ``DuplicatePolicy/reject`` and an
  ///   identifier stands twice.
  /// - Complexity: As `init(source:target:)`, plus one hash insertion per inserted element under `.reject`.
  /// - Precondition: Each side holds fewer than 2³¹ − 2 elements (positions are packed in 32 bits).
  @inlinable
  public init(source: Data, target: Data, duplicates: DuplicatePolicy) throws(DiffError) {
    let result = _flatDiff(source: source, target: target, policy: duplicates)
    if let error = result.error { throw error }
    self.init(result.stages)
  }
}

/// The stages of a flat diff, or the error that stopped it.
@inlinable
internal func _flatDiff<Data: RangeReplaceableCollection>(
  source: Data,
  target: Data,
  policy: DuplicatePolicy
) -> (stages: [Changeset<Data>], error: DiffError?) where Data.Element: Differentiable {
  let old = Array(source)
  let new = Array(target)

  // Passes 1 and 2: match by identity.
  var matching = _matchByIdentity(source: old, target: new, policy: policy)
  if let duplicate = matching.duplicate {
    let error = DiffError.duplicateIdentifier(
      .init(
        identifier: duplicate.identifier,
        side: duplicate.side,
        isSection: false,
        first: ItemPath(item: duplicate.first, section: 0),
        second: ItemPath(item: duplicate.second, section: 0)
      )
    )
    return ([], error)
  }

  // Pass 3: in source order, updates and deletes. `sourceToTarget` is rewritten to each kept element's
  // position once the deletes are applied (its "compact" position), which the moves of pass 5 start from.
  var updated: [ItemPath] = []
  var deleted: [ItemPath] = []
  var updatedData: [Data.Element]? = nil
  var kept = 0
  for sourcePosition in old.indices {
    let targetPosition = matching.sourceToTarget[sourcePosition]
    if targetPosition < 0 {
      deleted.append(ItemPath(item: sourcePosition, section: 0))
      continue
    }
    if !new[targetPosition].isContentEqual(to: old[sourcePosition]) {
      updated.append(ItemPath(item: sourcePosition, section: 0))
      if updatedData == nil { updatedData = old }
      updatedData![sourcePosition] = new[targetPosition]
    }
    matching.sourceToTarget[sourcePosition] = kept
    kept += 1
  }

  // Pass 4: the matched elements' source positions in target order; a longest increasing run stays.
  var matchedInTargetOrder: [Int] = []
  matchedInTargetOrder.reserveCapacity(kept)
  for sourcePosition in matching.targetToSource where sourcePosition >= 0 {
    matchedInTargetOrder.append(sourcePosition)
  }
  let staying = _longestIncreasingSubsequenceMask(matchedInTargetOrder)

  // Pass 5: in target order, inserts and moves (from the compact position to the target position).
  var inserted: [ItemPath] = []
  var moved: [Move<ItemPath>] = []
  var matchedRank = 0
  for (targetPosition, sourcePosition) in matching.targetToSource.enumerated() {
    if sourcePosition < 0 {
      inserted.append(ItemPath(item: targetPosition, section: 0))
      continue
    }
    if let staying, !staying[matchedRank] {
      let compact = matching.sourceToTarget[sourcePosition]
      moved.append(
        Move(source: ItemPath(item: compact, section: 0), target: ItemPath(item: targetPosition, section: 0)))
    }
    matchedRank += 1
  }
  assert(old.count - deleted.count + inserted.count == new.count, "counts must add up")

  // The stages, each with the data once it is applied.
  var stages: [Changeset<Data>] = []
  let afterUpdates = updatedData ?? old
  if !updated.isEmpty {
    stages.append(Changeset(data: Data(afterUpdates), elementUpdated: updated))
  }
  if !deleted.isEmpty {
    var survivors: [Data.Element] = []
    survivors.reserveCapacity(kept)
    var nextDeleted = 0
    for (sourcePosition, element) in afterUpdates.enumerated() {
      if nextDeleted < deleted.count, deleted[nextDeleted].item == sourcePosition {
        nextDeleted += 1
      } else {
        survivors.append(element)
      }
    }
    stages.append(Changeset(data: Data(survivors), elementDeleted: deleted))
  }
  if !inserted.isEmpty || !moved.isEmpty {
    stages.append(Changeset(data: target, elementInserted: inserted, elementMoved: moved))
  }
  return (stages, nil)
}
