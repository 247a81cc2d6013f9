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

  @inlinable
  init(_ sections: [Section], including partners: [Int]) {
    elements = sections.map(\.elements)
    start = [Int](repeating: -1, count: sections.count)
    var count = 0
    for (section, partner) in zip(sections.indices, partners) where partner >= 0 {
      count += elements[section].count
    }
    sectionOf.reserveCapacity(count)
    hashes.reserveCapacity(count)
    for (section, partner) in zip(sections.indices, partners) where partner >= 0 {
      start[section] = sectionOf.count
      sectionOf.append(contentsOf: repeatElement(section, count: elements[section].count))
      for element in elements[section] { hashes.append(element.differenceHash) }
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

  // Pass 1b: under `.reject`, elements of deleted or inserted sections are not matched, so look for their
  // duplicates here, on each side that has such sections.
  if policy.kind == .reject {
    for (side, sides, partners) in [
      (DiffError.Duplicate.Side.source, oldSections, sections.sourceToTarget),
      (.target, newSections, sections.targetToSource),
    ] where partners.contains(-1) {
      if let duplicate = _firstDuplicateElement(in: sides, side: side) { return ([], .duplicateIdentifier(duplicate)) }
    }
  }

  // Pass 2: flatten the elements of matched sections (those of deleted or inserted sections go with them).
  let old = _FlattenedSections(oldSections, including: sections.sourceToTarget)
  let new = _FlattenedSections(newSections, including: sections.targetToSource)

  // Pass 3: match elements by identity, across sections.
  var elements = _matchByIdentity(
    sourceHashes: old.hashes,
    targetHashes: new.hashes,
    sameInSource: { old.element($0).hasSameIdentity(as: old.element($1)) },
    sameAcross: { old.element($0).hasSameIdentity(as: new.element($1)) },
    sameInTarget: { new.element($0).hasSameIdentity(as: new.element($1)) },
    describeSource: { String(describing: old.element($0).differenceIdentifier) },
    describeTarget: { String(describing: new.element($0).differenceIdentifier) },
    policy: policy
  )
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

  // Pass 4: section inserts and moves; a longest run of matched sections keeping their order stays.
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

  // Pass 5: in source order, section and element updates and deletes. Each kept element's entry of
  // `elements.sourceToTarget` is rewritten to its position in its section once the deletes are applied.
  var sectionUpdated: [Int] = []
  var sectionDeleted: [Int] = []
  var elementUpdated: [ItemPath] = []
  var elementDeleted: [ItemPath] = []
  var afterUpdates = oldSections
  // The data after the deletes is needed only when there is a stage 2 or 3.
  let needsSurvivors =
    sections.sourceToTarget.contains(-1) || elements.sourceToTarget.contains(-1) || !sectionInserted.isEmpty
    || !sectionMoved.isEmpty
  var survivors: [[Element]] = Array(repeating: [], count: needsSurvivors ? oldSections.count : 0)
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
    var keptCount = 0
    let start = old.start[section]
    let oldElements = old.elements[section]
    if needsSurvivors { kept.reserveCapacity(oldElements.count) }
    for item in 0..<oldElements.count {
      let targetFlat = elements.sourceToTarget[start + item]
      if targetFlat < 0 {
        elementDeleted.append(ItemPath(item: item, section: section))
        continue
      }
      let newSection = new.sectionOf[targetFlat]
      let newItem = targetFlat - new.start[newSection]
      if new.elements[newSection][newItem].isContentEqual(to: oldElements[item]) {
        if needsSurvivors { kept.append(oldElements[item]) }
      } else {
        elementUpdated.append(ItemPath(item: item, section: section))
        let element = new.elements[newSection][newItem]
        if withUpdates == nil { withUpdates = Array(oldElements) }
        withUpdates![item] = element
        if needsSurvivors { kept.append(element) }
      }
      elements.sourceToTarget[start + item] = keptCount
      keptCount += 1
    }
    if needsSurvivors { survivors[section] = kept }
    if modelChanged || withUpdates != nil {
      let model = modelChanged ? newSections[targetSection] : oldSections[section]
      afterUpdates[section] = Section(source: model, elements: withUpdates ?? Array(oldElements))
    }
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
  let afterDeletes =
    needsSurvivors
    ? oldSections.indices.compactMap { section -> Section? in
      sections.sourceToTarget[section] < 0 ? nil : Section(source: afterUpdates[section], elements: survivors[section])
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
    stages.append(Changeset(data: target, elementInserted: elementInserted, elementMoved: elementMoved))
  }
  return (stages, nil)
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
