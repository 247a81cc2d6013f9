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
