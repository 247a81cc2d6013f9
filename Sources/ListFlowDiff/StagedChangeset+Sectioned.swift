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
  @inlinable
  public init(source: Data, target: Data, duplicates: DuplicatePolicy) throws(DiffError) {
    let result = _sectionedDiff(source: source, target: target, policy: duplicates)
    if let error = result.error { throw error }
    self.init(result.stages)
  }
}

/// The elements of the matched sections, end to end, and where each section starts.
@usableFromInline
internal struct _FlattenedSections<Element> {
  /// The elements of the sections that were matched, section after section.
  @usableFromInline var elements: [Element] = []
  /// For each flattened element, its section's index.
  @usableFromInline var sectionOf: [Int] = []
  /// For each section, the flattened position of its first element (unmatched sections: -1).
  @usableFromInline var start: [Int]

  @inlinable
  init<Section: DifferentiableSection>(_ sections: [Section], including isIncluded: [Int])
  where Section.Elements.Element == Element {
    start = [Int](repeating: -1, count: sections.count)
    for (section, partner) in zip(sections.indices, isIncluded) where partner >= 0 {
      start[section] = elements.count
      elements.append(contentsOf: sections[section].elements)
      sectionOf.append(contentsOf: repeatElement(section, count: elements.count - start[section]))
    }
  }

  /// The path of a flattened position.
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
  typealias Section = Data.Element
  typealias Element = Section.Elements.Element
  let oldSections = Array(source)
  let newSections = Array(target)

  // Pass 1: match sections by their model's identity.
  let sections = _matchByIdentity(source: oldSections, target: newSections, policy: policy)
  if let duplicate = sections.duplicate {
    let error = DiffError.duplicateIdentifier(
      .init(
        identifier: duplicate.identifier,
        side: duplicate.side,
        isSection: true,
        first: ItemPath(item: 0, section: duplicate.first),
        second: ItemPath(item: 0, section: duplicate.second)
      )
    )
    return ([], error)
  }

  // Pass 2: flatten the elements of matched sections (those of deleted or inserted sections go with them).
  let old = _FlattenedSections(oldSections, including: sections.sourceToTarget)
  let new = _FlattenedSections(newSections, including: sections.targetToSource)

  // Pass 3: match elements by identity, across sections.
  var elements = _matchByIdentity(source: old.elements, target: new.elements, policy: policy)
  if let duplicate = elements.duplicate {
    let flattened = duplicate.side == .source ? old : new
    let error = DiffError.duplicateIdentifier(
      .init(
        identifier: duplicate.identifier,
        side: duplicate.side,
        isSection: false,
        first: flattened.path(duplicate.first),
        second: flattened.path(duplicate.second)
      )
    )
    return ([], error)
  }

  // Pass 4: in source order, section and element updates and deletes. Each kept element's entry of
  // `elements.sourceToTarget` is rewritten to its position in its section once the deletes are applied.
  var sectionUpdated: [Int] = []
  var sectionDeleted: [Int] = []
  var elementUpdated: [ItemPath] = []
  var elementDeleted: [ItemPath] = []
  var afterUpdates = oldSections
  var survivors: [[Element]] = Array(repeating: [], count: oldSections.count)
  for section in oldSections.indices {
    let targetSection = sections.sourceToTarget[section]
    if targetSection < 0 {
      sectionDeleted.append(section)
      continue
    }
    let modelChanged = !newSections[targetSection].model.isContentEqual(to: oldSections[section].model)
    if modelChanged { sectionUpdated.append(section) }
    var withUpdates: [Element]? = nil
    var kept: [Element] = []
    let start = old.start[section]
    let end = start + oldSections[section].elements.count
    kept.reserveCapacity(end - start)
    for flat in start..<end {
      let targetFlat = elements.sourceToTarget[flat]
      if targetFlat < 0 {
        elementDeleted.append(ItemPath(item: flat - start, section: section))
        continue
      }
      var element = old.elements[flat]
      if !new.elements[targetFlat].isContentEqual(to: element) {
        elementUpdated.append(ItemPath(item: flat - start, section: section))
        element = new.elements[targetFlat]
        if withUpdates == nil { withUpdates = Array(old.elements[start..<end]) }
        withUpdates![flat - start] = element
      }
      elements.sourceToTarget[flat] = kept.count
      kept.append(element)
    }
    survivors[section] = kept
    if modelChanged || withUpdates != nil {
      let model = modelChanged ? newSections[targetSection] : oldSections[section]
      afterUpdates[section] = Section(source: model, elements: withUpdates ?? Array(old.elements[start..<end]))
    }
  }

  // Pass 5: section inserts and moves; a longest run of matched sections keeping their order stays.
  let staying = _longestIncreasingSubsequenceMask(sections.targetToSource.filter { $0 >= 0 })
  var sectionRank = [Int](repeating: -1, count: oldSections.count)
  var rank = 0
  for section in oldSections.indices where sections.sourceToTarget[section] >= 0 {
    sectionRank[section] = rank
    rank += 1
  }
  var sectionInserted: [Int] = []
  var sectionMoved: [Move<Int>] = []
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

  // Pass 6: per target section, element inserts and moves. Elements from the same section keep a longest
  // increasing run; elements from another section always move, from their place in the stage-3 data.
  var elementInserted: [ItemPath] = []
  var elementMoved: [Move<ItemPath>] = []
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
        item: elements.sourceToTarget[sourceFlat],
        section: sections.sourceToTarget[sourceSection]
      )
      if sourceSection == section {
        defer { sameRank += 1 }
        guard let stayingElements, !stayingElements[sameRank] else { continue }
      }
      elementMoved.append(Move(source: sourcePath, target: targetPath))
    }
  }

  // The stages, each with the data once it is applied.
  var stages: [Changeset<Data>] = []
  if !sectionUpdated.isEmpty || !elementUpdated.isEmpty {
    stages.append(Changeset(data: Data(afterUpdates), sectionUpdated: sectionUpdated, elementUpdated: elementUpdated))
  }
  let afterDeletes = oldSections.indices.compactMap { section -> Section? in
    sections.sourceToTarget[section] < 0 ? nil : Section(source: afterUpdates[section], elements: survivors[section])
  }
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
    stages.append(Changeset(data: target, elementInserted: elementInserted, elementMoved: elementMoved))
  }
  return (stages, nil)
}
