extension StagedChangeset where Data: RangeReplaceableCollection, Data.Element: DifferentiableSection {
  /// Computes the stages that turn the sections of `source` into those of `target`, matching duplicate
  /// identifiers in order.
  ///
  /// Sections are matched by their model's identity, elements by theirs, across sections. A matched section whose
  /// model's content changed is a section update; a matched element whose content changed is an element update.
  /// Moves are minimal, for sections and for the elements that stay in their section; an element that changes
  /// section is always a move. See ``StagedChangeset`` for what each of the four stages holds.
  ///
  /// ```swift
  /// let before = [ArraySection(model: "A", elements: [1, 2]), ArraySection(model: "B", elements: [3])]
  /// let after = [ArraySection(model: "B", elements: [3, 1]), ArraySection(model: "A", elements: [2])]
  /// let changes = StagedChangeset(source: before, target: after)
  /// // stage 1: section moved 1 -> 0; stage 2: element moved 1:0 -> 0:1
  /// ```
  ///
  /// - Parameters:
  ///   - source: The sections before the change.
  ///   - target: The sections after the change.
  /// - Complexity: O(*n* + *m*) hashing and comparisons over sections and elements, plus O(*k* log *k*) for the
  ///   *k* matched sections or elements of a section when some of them changed order.
  /// - Precondition: Each side holds fewer than 2³¹ − 2 elements (positions are packed in 32 bits).
  @inlinable
  public init(source: Data, target: Data) {
    self.init(_sectionedDiff(source: source, target: target, policy: .matchInOrder).stages)
  }

  /// Computes the stages that turn the sections of `source` into those of `target`, with a policy for duplicate
  /// identifiers of sections and of elements.
  ///
  /// - Parameters:
  ///   - source: The sections before the change.
  ///   - target: The sections after the change.
  ///   - duplicates: What to do when a section or element identifier stands twice in `source` or in `target`.
  /// - Throws: ``DiffError/duplicateIdentifier(_:)`` when `duplicates` is ``DuplicatePolicy/reject`` and an
  ///   identifier stands twice.
  /// - Complexity: As `init(source:target:)`, plus one hash insertion per inserted element under `.reject`.
  /// - Precondition: Each side holds fewer than 2³¹ − 2 elements (positions are packed in 32 bits).
  @inlinable
  public init(source: Data, target: Data, duplicates: DuplicatePolicy) throws(DiffError) {
    let result = _sectionedDiff(source: source, target: target, policy: duplicates)
    if let error = result.error { throw error }
    self.init(result.stages)
  }
}

/// The elements of the matched sections numbered end to end ("flat" positions), without copying them.
@usableFromInline
internal struct _FlattenedSections<Section: DifferentiableSection> {
  /// Each section's elements (those of unmatched sections too, unused).
  @usableFromInline let elements: [Section.Elements]
  /// For each flat position, its section's index.
  @usableFromInline var sectionOf: [Int] = []
  /// For each section, the flat position of its first element (unmatched sections: -1).
  @usableFromInline var start: [Int]
  /// For each flat position, its element's ``Differentiable/differenceHash``.
  @usableFromInline var hashes: [Int] = []

  /// Flattens the sections that have a partner (`partners[section] >= 0`).
  ///
  /// - Parameters:
  ///   - sections: The sections.
  ///   - partners: For each section, its partner's index on the other side, or -1.
  ///   - allHashes: The ``Differentiable/differenceHash`` of every element of every section, in order, when the
  ///     caller kept them; `nil` to ask the elements.
  @inlinable
  init(_ sections: [Section], including partners: [Int], hashes allHashes: [Int]? = nil) {
    elements = sections.map(\.elements)
    start = [Int](repeating: -1, count: sections.count)
    var count = 0
    for (section, partner) in zip(sections.indices, partners) where partner >= 0 {
      count += elements[section].count
    }
    sectionOf.reserveCapacity(count)
    // Every section included and the hashes given: they are the flat hashes already, shared, not copied.
    let sharesHashes = allHashes?.count == count && !partners.contains(-1)
    if sharesHashes, let allHashes { hashes = allHashes } else { hashes.reserveCapacity(count) }
    var allStart = 0
    for (section, partner) in zip(sections.indices, partners) {
      let sectionCount = elements[section].count
      defer { allStart += sectionCount }
      guard partner >= 0 else { continue }
      start[section] = sectionOf.count
      sectionOf.append(contentsOf: repeatElement(section, count: sectionCount))
      if sharesHashes {
        continue
      } else if let allHashes {
        hashes.append(contentsOf: allHashes[allStart..<allStart + sectionCount])
      } else {
        for element in elements[section] { hashes.append(element.differenceHash) }
      }
    }
  }

  /// The number of flat positions.
  @inlinable var count: Int { sectionOf.count }

  /// The element at a flat position.
  @inlinable
  func element(_ flat: Int) -> Section.Elements.Element {
    let section = sectionOf[flat]
    return elements[section][flat - start[section]]
  }

  /// The path of a flat position.
  @inlinable
  func path(_ flat: Int) -> ItemPath {
    let section = sectionOf[flat]
    return ItemPath(item: flat - start[section], section: section)
  }
}

/// The stages of a sectioned diff, or the error that stopped it.
@inlinable
internal func _sectionedDiff<Data: RangeReplaceableCollection>(
  source: Data,
  target: Data,
  policy: DuplicatePolicy
) -> (stages: [Changeset<Data>], error: DiffError?) where Data.Element: DifferentiableSection {
  let oldSections = Array(source)
  let newSections = Array(target)
  let plan = _SectionedPlan(source: oldSections, target: newSections, policy: policy)
  if let error = plan.error { return ([], error) }
  return (plan.stages(source: oldSections, target: newSections, targetData: target), nil)
}

/// What a sectioned diff found, as positions only: which sections and elements match, which changed, and the
/// changes of each stage. ``stages(source:target:targetData:)`` then builds each stage's data.
///
/// The plan is computed from one pair of section lists (the *keys*, matched by identity and compared by
/// content) and can build the stages of another pair with the same shape (the *data*): `ListFlow` diffs a
/// state's row values and builds stages of the cell binders made from them.
@usableFromInline
package struct _SectionedPlan {
  /// Sections: source index to target index and back, -1 when deleted or inserted.
  @usableFromInline package var sections: _Matching
  /// Elements of matched sections, by flat position: target to source, -1 when inserted; source to the kept
  /// element's position in its section once the deletes are applied, -1 when deleted.
  @usableFromInline package var elements: _Matching
  /// For each source section, the flat position of its first element (deleted sections: -1).
  @usableFromInline package var sourceStart: [Int] = []
  /// For each target section, the flat position of its first element (inserted sections: -1).
  @usableFromInline package var targetStart: [Int] = []
  /// For each source flat position, its section.
  @usableFromInline package var sourceSectionOf: [Int] = []
  /// For each target flat position, its section.
  @usableFromInline package var targetSectionOf: [Int] = []
  /// For each source flat position, whether the element is kept and its content changed.
  @usableFromInline package var updated: [Bool] = []
  /// For each source section, whether its model is kept and its content changed.
  @usableFromInline package var modelUpdated: [Bool] = []
  /// For each entry of ``elementUpdated``, the target flat position of the updated element.
  @usableFromInline var updatedTargets: [Int] = []
  /// For each source section, whether any of its elements is deleted.
  @usableFromInline var hasDeletes: [Bool] = []
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
  /// The duplicate identifier that stopped the diff, under ``DuplicatePolicy/reject``.
  @usableFromInline package var error: DiffError?

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

    // Pass 3: match elements by identity, across sections; each matched section is a run. An element found where
    // its run expects it is matched on equal hashes; pass 3b compares those identities.
    var runs: [_MatchRun] = []
    for (targetSection, section) in sections.targetToSource.enumerated() where section >= 0 {
      runs.append(
        _MatchRun(
          targetStart: new.start[targetSection], sourceStart: old.start[section],
          sourceEnd: old.start[section] + old.elements[section].count))
    }
    func match(hintsCompareHashes: Bool) -> _Matching {
      _matchByIdentity(
        sourceHashes: old.hashes,
        targetHashes: new.hashes,
        sameInSource: { old.element($0).hasSameIdentity(as: old.element($1)) },
        sameAcross: { old.element($0).hasSameIdentity(as: new.element($1)) },
        sameInTarget: { new.element($0).hasSameIdentity(as: new.element($1)) },
        describeSource: { String(describing: old.element($0).differenceIdentifier) },
        describeTarget: { String(describing: new.element($0).differenceIdentifier) },
        policy: policy,
        runs: runs,
        hintsCompareHashes: hintsCompareHashes
      )
    }
    elements = match(hintsCompareHashes: true)

    // Pass 3b: every pair matched within its section, in order, reading both sections' arrays directly. Pairs
    // found by probing were compared already; comparing them again is cheap. Two identities with equal hashes
    // (rare) mean a wrong match: match again, comparing identities at every step.
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
          elements = match(hintsCompareHashes: false)
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

    // Pass 4: section inserts and moves; a longest run of matched sections keeping their order stays.
    let staying = _longestIncreasingSubsequenceMask(sections.targetToSource.filter { $0 >= 0 })
    sectionRank = [Int](repeating: -1, count: oldSections.count)
    var rank = 0
    for section in oldSections.indices where sections.sourceToTarget[section] >= 0 {
      sectionRank[section] = rank
      rank += 1
    }
    var matchedRank = 0
    for (targetSection, section) in sections.targetToSource.enumerated() {
      if section < 0 {
        sectionInserted.append(targetSection)
        continue
      }
      if let staying, !staying[matchedRank] {
        sectionMoved.append(Move(source: sectionRank[section], target: targetSection))
      }
      matchedRank += 1
    }

    // Pass 5: in source order, section and element updates and deletes. Each kept element's entry of
    // `elements.sourceToTarget` is rewritten to its position in its section once the deletes are applied.
    needsSurvivors =
      sections.sourceToTarget.contains(-1) || elements.sourceToTarget.contains(-1) || !sectionInserted.isEmpty
      || !sectionMoved.isEmpty
    updated = [Bool](repeating: false, count: old.count)
    modelUpdated = [Bool](repeating: false, count: oldSections.count)
    hasDeletes = [Bool](repeating: false, count: oldSections.count)
    for section in oldSections.indices {
      let targetSection = sections.sourceToTarget[section]
      if targetSection < 0 {
        sectionDeleted.append(section)
        continue
      }
      if !newSections[targetSection].model.isContentEqual(to: oldSections[section].model) {
        sectionUpdated.append(section)
        modelUpdated[section] = true
      }
      var keptCount = 0
      let start = old.start[section]
      let oldElements = old.elements[section]
      for item in 0..<oldElements.count {
        let targetFlat = elements.sourceToTarget[start + item]
        if targetFlat < 0 {
          elementDeleted.append(ItemPath(item: item, section: section))
          hasDeletes[section] = true
          continue
        }
        if !new.element(targetFlat).isContentEqual(to: oldElements[item]) {
          elementUpdated.append(ItemPath(item: item, section: section))
          updatedTargets.append(targetFlat)
          updated[start + item] = true
        }
        elements.sourceToTarget[start + item] = keptCount
        keptCount += 1
      }
    }

    // Pass 6: per target section, element inserts and moves. Elements from the same section keep a longest
    // increasing run; elements from another section always move, from their place in the stage-3 data.
    var sameSection: [Int] = []
    for (targetSection, section) in sections.targetToSource.enumerated() where section >= 0 {
      let start = new.start[targetSection]
      let end = start + newSections[targetSection].elements.count
      sameSection.removeAll(keepingCapacity: true)
      for flat in start..<end {
        let sourceFlat = elements.targetToSource[flat]
        if sourceFlat >= 0, old.sectionOf[sourceFlat] == section {
          sameSection.append(elements.sourceToTarget[sourceFlat])
        }
      }
      let stayingElements = _longestIncreasingSubsequenceMask(sameSection)
      var sameRank = 0
      for flat in start..<end {
        let targetPath = ItemPath(item: flat - start, section: targetSection)
        let sourceFlat = elements.targetToSource[flat]
        if sourceFlat < 0 {
          elementInserted.append(targetPath)
          continue
        }
        let sourceSection = old.sectionOf[sourceFlat]
        let sourcePath = ItemPath(
          item: elements.sourceToTarget[sourceFlat], section: sections.sourceToTarget[sourceSection])
        if sourceSection == section {
          defer { sameRank += 1 }
          guard let stayingElements, !stayingElements[sameRank] else { continue }
        }
        elementMoved.append(Move(source: sourcePath, target: targetPath))
      }
    }
  }

  /// The stages, each with the data once it is applied, built from data shaped like the keys the plan was
  /// computed from: the same number of sections, and of elements in each matched section.
  ///
  /// An updated element or section model takes the target's value; every other element keeps the source's.
  ///
  /// - Parameters:
  ///   - oldSections: The source data.
  ///   - newSections: The target data.
  ///   - targetData: The target data as the collection the last stage holds.
  /// - Returns: Up to four stages; none when nothing changed.
  /// - Complexity: O(*n* + *m*) element copies.
  @inlinable
  package func stages<Data: RangeReplaceableCollection>(
    source oldSections: [Data.Element],
    target newSections: [Data.Element],
    targetData: Data
  ) -> [Changeset<Data>] where Data.Element: DifferentiableSection {
    typealias Section = Data.Element
    typealias Element = Section.Elements.Element
    var afterUpdates = oldSections
    var survivors: [[Element]] = Array(repeating: [], count: needsSurvivors ? oldSections.count : 0)
    var update = 0
    for section in oldSections.indices {
      let targetSection = sections.sourceToTarget[section]
      if targetSection < 0 { continue }
      // The section with its updated elements replaced by the target's (shared when none is updated).
      var withUpdates = Array(oldSections[section].elements)
      let firstUpdate = update
      while update < elementUpdated.count, elementUpdated[update].section == section {
        let targetFlat = updatedTargets[update]
        let targetSection = targetSectionOf[targetFlat]
        withUpdates[elementUpdated[update].item] =
          newSections[targetSection].elements[targetFlat - targetStart[targetSection]]
        update += 1
      }
      if needsSurvivors {
        if hasDeletes[section] {
          let start = sourceStart[section]
          var kept: [Element] = []
          kept.reserveCapacity(withUpdates.count)
          for (item, element) in withUpdates.enumerated() where elements.sourceToTarget[start + item] >= 0 {
            kept.append(element)
          }
          survivors[section] = kept
        } else {
          survivors[section] = withUpdates
        }
      }
      if modelUpdated[section] || update > firstUpdate {
        let model = modelUpdated[section] ? newSections[targetSection] : oldSections[section]
        afterUpdates[section] = Section(source: model, elements: withUpdates)
      }
    }

    var stages: [Changeset<Data>] = []
    if !sectionUpdated.isEmpty || !elementUpdated.isEmpty {
      stages.append(Changeset(data: Data(afterUpdates), sectionUpdated: sectionUpdated, elementUpdated: elementUpdated))
    }
    let afterDeletes =
      needsSurvivors
      ? oldSections.indices.compactMap { section -> Section? in
        sections.sourceToTarget[section] < 0
          ? nil : Section(source: afterUpdates[section], elements: survivors[section])
      } : []
    if !sectionDeleted.isEmpty || !elementDeleted.isEmpty {
      stages.append(
        Changeset(data: Data(afterDeletes), sectionDeleted: sectionDeleted, elementDeleted: elementDeleted)
      )
    }
    if !sectionInserted.isEmpty || !sectionMoved.isEmpty {
      let arranged = sections.targetToSource.enumerated().map { targetSection, section in
        section < 0 ? newSections[targetSection] : afterDeletes[sectionRank[section]]
      }
      stages.append(Changeset(data: Data(arranged), sectionInserted: sectionInserted, sectionMoved: sectionMoved))
    }
    if !elementInserted.isEmpty || !elementMoved.isEmpty {
      stages.append(Changeset(data: targetData, elementInserted: elementInserted, elementMoved: elementMoved))
    }
    return stages
  }
}

/// The first element identifier that stands twice among all the elements of `sections`, in order.
///
/// - Complexity: O(*n*) expected: one hash insertion per element.
@inlinable
internal func _firstDuplicateElement<Section: DifferentiableSection>(
  in sections: [Section],
  side: DiffError.Duplicate.Side
) -> DiffError.Duplicate? {
  var seen: [Section.Elements.Element.DifferenceIdentifier: ItemPath] = [:]
  for (section, content) in sections.enumerated() {
    for (item, element) in content.elements.enumerated() {
      let path = ItemPath(item: item, section: section)
      if let first = seen.updateValue(path, forKey: element.differenceIdentifier) {
        return .init(
          identifier: String(describing: element.differenceIdentifier),
          side: side,
          isSection: false,
          first: first,
          second: path
        )
      }
    }
  }
  return nil
}
