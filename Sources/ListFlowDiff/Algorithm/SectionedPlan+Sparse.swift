extension _SectionedPlan {
  /// The plan of a change that keeps every section where it was and touches few elements, found without hashing
  /// every element: `nil` when the change is not of that kind, and the caller makes the full plan
  /// (``init(source:target:policy:sourceHashes:targetHashes:)``) instead.
  ///
  /// Each section is aligned with its target by Myers' greedy algorithm on identities (equal hashes, then
  /// ``Differentiable/hasSameIdentity(as:)``), which walks the long runs of unchanged elements by comparing
  /// neighbours and costs O(*n* + *d*²) for *d* differences. The elements the alignment leaves out are then
  /// paired by identity, across sections, into moves, in order (the k-th left-out source element of an identity
  /// with the k-th left-out target element). The result is the full plan's, with the policy
  /// ``DuplicatePolicy/matchInOrder``:
  ///
  /// - the same matching of elements: the path gives up when an identity left out on one side also stands among
  ///   the aligned elements, so every identity is either aligned in order on both sides or paired in order;
  /// - the same moves: a section with elements paired within it chooses them as the full plan does, by the same
  ///   longest increasing run of its matching, found over its aligned runs rather than its elements; in another
  ///   section every element that stays in it is aligned, so none of them moves;
  /// - hence the same stages, with the same changes and data.
  ///
  /// The passes, each documented where it is declared (`SectionedPlan+SparsePasses.swift`, `SparseAlignment.swift`,
  /// `SparsePairing.swift`, `SparseStayingRuns.swift`):
  ///
  /// 1. ``sparseSectionStarts(source:target:sourceTotal:targetTotal:)``: the sections keep their identities and
  ///    places; where each one's elements start.
  /// 2. ``_alignSections(sourceHashes:targetHashes:sourceStart:targetStart:)``: each section aligned by hashes,
  ///    unless the caller gives its own alignment; the positions left out.
  /// 3. ``_pairLeftOut(deleted:inserted:sourceHashes:targetHashes:sameIdentity:)``: the left-out elements paired
  ///    by identity; then ``_leftOutIdentityIsAligned(sourceHashes:targetHashes:deleted:inserted:)`` gives up
  ///    when an identity left out also stands aligned.
  /// 4. ``init(sparseSourceStart:targetStart:sourceCounts:targetCounts:)``: the plan's section arrays.
  /// 5. ``_matchSparse(sourceStart:targetStart:sourceTotal:targetTotal:deleted:inserted:pairedSource:)``: the
  ///    element matching, with the aligned runs.
  /// 6. ``listSparseUpdatesAndDeletes(source:target:runs:sourceToTarget:)``: updates and deletes (the full plan's
  ///    pass 5); gives up when two aligned identities only had equal hashes.
  /// 7. ``listSparseInsertsAndMoves(inserted:insertedSections:pairedSource:runs:)``: inserts and moves (the full
  ///    plan's pass 6).
  ///
  /// - Parameters:
  ///   - oldSections: The source sections.
  ///   - newSections: The target sections, with the sources' identities in the same order.
  ///   - sourceHashes: The ``Differentiable/differenceHash`` of every source element, in order.
  ///   - targetHashes: The same for the target.
  ///   - alignment: The flat positions an alignment of each section by identity left out, ascending, when the
  ///     caller has made it (ListFlow does, to copy the hashes of the aligned rows); `nil` to align by hashes here.
  /// - Complexity: O(*n* + *m* + *d*²) comparisons for *d* elements inserted, deleted or moved, with *d* at most
  ///   a bound that grows as the square root of the size (above it the path gives up after that much work).
  @inlinable
  package init?<Section: DifferentiableSection>(
    sparseSource oldSections: [Section],
    target newSections: [Section],
    sourceHashes: [Int],
    targetHashes: [Int],
    alignment: (deleted: [Int], inserted: [Int])? = nil
  ) {
    // Pass 1: the sections stay in place; where each one's elements start.
    guard
      let (sourceStart, targetStart) = Self.sparseSectionStarts(
        source: oldSections, target: newSections, sourceTotal: sourceHashes.count, targetTotal: targetHashes.count)
    else { return nil }

    // Pass 2: each section aligned with its target; the flat positions left out, ascending. Aligned pairs of
    // equal hashes have their identities compared in pass 6, which gives up on a pair that differs.
    guard
      let (deleted, inserted) = alignment
        ?? _alignSections(
          sourceHashes: sourceHashes, targetHashes: targetHashes, sourceStart: sourceStart, targetStart: targetStart)
    else { return nil }

    // Pass 3: the left-out elements paired by identity, in order: `pairedSource[i]` is the source of
    // `inserted[i]`, or -1. Then the path gives up when an identity left out stands among the aligned elements.
    let deletedSections = deleted.map { flat in sourceStart.partitioningIndex { $0 > flat } - 1 }
    let insertedSections = inserted.map { flat in targetStart.partitioningIndex { $0 > flat } - 1 }
    let pairedSource = _pairLeftOut(
      deleted: deleted, inserted: inserted, sourceHashes: sourceHashes, targetHashes: targetHashes
    ) { candidate, index in
      let source = deletedSections[candidate]
      let target = insertedSections[index]
      return oldSections[source].elements[deleted[candidate] - sourceStart[source]].hasSameIdentity(
        as: newSections[target].elements[inserted[index] - targetStart[target]])
    }
    guard
      !_leftOutIdentityIsAligned(
        sourceHashes: sourceHashes, targetHashes: targetHashes, deleted: deleted, inserted: inserted)
    else { return nil }

    // Pass 4: the plan's section arrays, as the full plan fills them.
    self.init(
      sparseSourceStart: sourceStart, targetStart: targetStart, sourceCounts: oldSections.map(\.elements.count),
      targetCounts: newSections.map(\.elements.count))

    // Pass 5: the aligned elements matched in order, section by section, as runs; then the pairs.
    var sourceToTarget: [Int]
    let targetToSource: [Int]
    let runs: [(target: Int, source: Int, count: Int)]
    (sourceToTarget, targetToSource, runs) = _matchSparse(
      sourceStart: sourceStart, targetStart: targetStart, sourceTotal: sourceHashes.count,
      targetTotal: targetHashes.count, deleted: deleted, inserted: inserted, pairedSource: pairedSource)

    // Pass 6: updates and deletes, in source order; each kept element's entry becomes its position once the
    // deletes are applied.
    guard
      listSparseUpdatesAndDeletes(
        source: oldSections, target: newSections, runs: runs, sourceToTarget: &sourceToTarget)
    else { return nil }
    elements.sourceToTarget = sourceToTarget
    elements.targetToSource = targetToSource
    needsSurvivors = !elementDeleted.isEmpty

    // Pass 7: inserts and moves, by target.
    listSparseInsertsAndMoves(
      inserted: inserted, insertedSections: insertedSections, pairedSource: pairedSource, runs: runs)
    assert(
      sourceHashes.count - elementDeleted.count + elementInserted.count == targetHashes.count,
      "element counts of the sections must add up")
  }
}
