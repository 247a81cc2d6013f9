/// What a sectioned diff found, as positions only: which sections and elements match, which changed, and the
/// changes of each stage. ``stages(source:target:targetData:)`` then builds each stage's data.
///
/// The plan is computed from one pair of section lists (the *keys*, matched by identity and compared by
/// content) and can build the stages of another pair with the same shape (the *data*): `ListFlow` diffs a
/// state's row values and builds stages of the cell binders made from them.
///
/// What another module may use (`package`, usable from inlinable code so that generic callers are specialised)
/// is the result, never the working arrays below:
///
/// - ``init(source:target:policy:sourceHashes:targetHashes:)`` and ``error``: the diff of the keys.
/// - ``sourceSection(ofTargetSection:)`` and ``isModelUpdated(sourceSection:)``: which sections match, and
///   whether a kept section's model changed.
/// - ``stages(source:target:targetData:)``: the stages, built from any data of the keys' shape.
///
/// The passes: 1 matches sections (1b looks for duplicates in unmatched sections under `.reject`), 2 numbers the
/// elements of matched sections end to end, 3 matches elements (3b checks the matches taken on equal hashes),
/// then ``listChanges(old:new:oldSections:newSections:)`` runs passes 4 to 6.
@usableFromInline
package struct _SectionedPlan {
  /// Sections: source index to target index and back, -1 when deleted or inserted.
  @usableFromInline var sections: _Matching
  /// Elements of matched sections, by flat position: target to source, -1 when inserted (empty for a sparse
  /// plan, which needs none); source to the kept element's position in its section once the deletes are
  /// applied, -1 when deleted.
  @usableFromInline var elements: _Matching
  /// For each source section, the flat position of its first element (deleted sections: -1).
  @usableFromInline var sourceStart: [Int] = []
  /// For each target section, the flat position of its first element (inserted sections: -1).
  @usableFromInline var targetStart: [Int] = []
  /// For each source flat position, its section; empty for a sparse plan, whose sections all stay in place (see
  /// ``_flatSection(_:sectionOf:starts:)``).
  @usableFromInline var sourceSectionOf: [Int] = []
  /// For each target flat position, its section; empty for a sparse plan.
  @usableFromInline var targetSectionOf: [Int] = []
  /// For each source section, whether its model is kept and its content changed.
  @usableFromInline var modelUpdated: [Bool] = []
  /// For each entry of ``elementUpdated``, the target flat position of the updated element.
  @usableFromInline var updatedTargets: [Int] = []
  /// For each source section, its rank among the matched sections (deleted sections: -1).
  @usableFromInline var sectionRank: [Int] = []
  /// Whether the data after the deletes is needed (there is a stage 2 or 3).
  @usableFromInline var needsSurvivors = false
  @usableFromInline var sectionUpdated: [Int] = []
  @usableFromInline var sectionDeleted: [Int] = []
  @usableFromInline var sectionInserted: [Int] = []
  @usableFromInline var sectionMoved: [Move<Int>] = []
  @usableFromInline var elementUpdated: [ItemPath] = []
  @usableFromInline var elementDeleted: [ItemPath] = []
  @usableFromInline var elementInserted: [ItemPath] = []
  @usableFromInline var elementMoved: [Move<ItemPath>] = []
  /// For each source section, its number of elements.
  @usableFromInline var sourceCounts: [Int] = []
  /// For each target section, its number of elements.
  @usableFromInline var targetCounts: [Int] = []
  /// The duplicate identifier that stopped the diff, under ``DuplicatePolicy/reject``.
  @usableFromInline package internal(set) var error: DiffError?

  /// Matches `target` with `source` and lists the changes; on a rejected duplicate only ``error`` is set.
  ///
  /// - Parameters:
  ///   - oldSections: The source sections.
  ///   - newSections: The target sections.
  ///   - policy: The duplicate policy.
  ///   - sourceHashes: The hash of every element of every source section, in order, when the caller kept
  ///     them (they must be the elements' ``Differentiable/differenceHash``); `nil` to ask the elements.
  ///   - targetHashes: The same for the target.
  /// - Complexity: O(*n* + *m*) hashing and comparisons, plus O(*k* log *k*) for sections or elements of a
  ///   section that changed order.
  @inlinable
  package init<Section: DifferentiableSection>(
    source oldSections: [Section],
    target newSections: [Section],
    policy: DuplicatePolicy,
    sourceHashes: [Int]? = nil,
    targetHashes: [Int]? = nil
  ) {
    // Pass 1: match sections by their model's identity.
    sections = _matchByIdentity(source: oldSections, target: newSections, policy: policy)
    elements = _Matching(sourceCount: 0, targetCount: 0)
    if let duplicate = sections.duplicate {
      error = DiffError.duplicateIdentifier(
        .init(
          identifier: duplicate.identifier,
          side: duplicate.side,
          isSection: true,
          first: ItemPath(item: 0, section: duplicate.first),
          second: ItemPath(item: 0, section: duplicate.second)
        )
      )
      return
    }

    // Pass 1b: under `.reject`, elements of deleted or inserted sections are not matched, so look for their
    // duplicates here, on each side that has such sections.
    if policy.kind == .reject {
      for (side, sides, partners) in [
        (DiffError.Duplicate.Side.source, oldSections, sections.sourceToTarget),
        (.target, newSections, sections.targetToSource),
      ] where partners.contains(-1) {
        if let duplicate = _firstDuplicateElement(in: sides, side: side) {
          error = .duplicateIdentifier(duplicate)
          return
        }
      }
    }

    // Pass 2: flatten the elements of matched sections (those of deleted or inserted sections go with them).
    let old = _FlattenedSections(oldSections, including: sections.sourceToTarget, hashes: sourceHashes)
    let new = _FlattenedSections(newSections, including: sections.targetToSource, hashes: targetHashes)
    sourceStart = old.start
    targetStart = new.start
    sourceSectionOf = old.sectionOf
    targetSectionOf = new.sectionOf
    sourceCounts = old.elements.map(\.count)
    targetCounts = new.elements.map(\.count)

    // Pass 3: match elements by identity, across sections; each matched section is a run. An element found where
    // its run expects it is matched on equal hashes; pass 3b compares those identities.
    var runs: [_MatchRun] = []
    for (targetSection, section) in sections.targetToSource.enumerated() where section >= 0 {
      runs.append(
        _MatchRun(
          targetStart: new.start[targetSection], sourceStart: old.start[section],
          sourceEnd: old.start[section] + old.elements[section].count))
    }
    func match(hintsCompareHashes: Bool, probesHashes: Bool) -> _Matching {
      _matchByIdentity(
        sourceHashes: old.hashes,
        targetHashes: new.hashes,
        sourceIdentifier: { old.element($0).differenceIdentifier },
        targetIdentifier: { new.element($0).differenceIdentifier },
        sameInSource: { old.element($0).hasSameIdentity(as: old.element($1)) },
        sameAcross: { old.element($0).hasSameIdentity(as: new.element($1)) },
        sameInTarget: { new.element($0).hasSameIdentity(as: new.element($1)) },
        policy: policy,
        runs: runs,
        hintsCompareHashes: hintsCompareHashes,
        probesHashes: probesHashes
      )
    }
    elements = match(hintsCompareHashes: true, probesHashes: true)

    // Pass 3b: every pair matched within its section, in order, reading both sections' arrays directly. Pairs
    // found by probing were compared already; comparing them again is cheap. Two identities with equal hashes
    // (rare) mean a wrong match: match again, comparing identities at every step (and straight with the
    // identifiers' dictionary when the hashes collided so often that the table gave up).
    verification: for (targetSection, section) in sections.targetToSource.enumerated() where section >= 0 {
      let targetStart = new.start[targetSection]
      let sourceStart = old.start[section]
      let newElements = new.elements[targetSection]
      let oldElements = old.elements[section]
      for item in 0..<newElements.count {
        let sourceItem = elements.targetToSource[targetStart + item] - sourceStart
        if sourceItem >= 0, sourceItem < oldElements.count,
          !newElements[item].hasSameIdentity(as: oldElements[sourceItem])
        {
          elements = match(hintsCompareHashes: false, probesHashes: !elements.usedIdentifierDictionary)
          break verification
        }
      }
    }
    if let duplicate = elements.duplicate {
      let flattened = duplicate.side == .source ? old : new
      error = DiffError.duplicateIdentifier(
        .init(
          identifier: duplicate.identifier,
          side: duplicate.side,
          isSection: false,
          first: flattened.path(duplicate.first),
          second: flattened.path(duplicate.second)
        )
      )
      return
    }

    listChanges(old: old, new: new, oldSections: oldSections, newSections: newSections)
  }

  /// The source section a target section comes from, or `nil` when it is inserted.
  ///
  /// - Parameter targetSection: A section index of the target; it must be in range.
  /// - Returns: The matched source section's index.
  /// - Complexity: O(1).
  @inlinable
  package func sourceSection(ofTargetSection targetSection: Int) -> Int? {
    let section = sections.targetToSource[targetSection]
    return section < 0 ? nil : section
  }

  /// Whether a source section is kept and its model's content changed (a section update).
  ///
  /// - Parameter sourceSection: A section index of the source; it must be in range.
  /// - Returns: `true` when the section is updated.
  /// - Complexity: O(1).
  @inlinable
  package func isModelUpdated(sourceSection: Int) -> Bool { modelUpdated[sourceSection] }
}

/// The section of a flat position: its entry of `sectionOf` when the plan lists them (the full plan), else the
/// last section of `starts` (ascending, as in a sparse plan) that starts at or before it.
///
/// - Complexity: O(1) with `sectionOf`, else O(log *s*) for *s* sections.
@usableFromInline @inline(__always)
func _flatSection(_ flat: Int, sectionOf: [Int], starts: [Int]) -> Int {
  sectionOf.isEmpty ? starts.partitioningIndex { $0 > flat } - 1 : sectionOf[flat]
}
