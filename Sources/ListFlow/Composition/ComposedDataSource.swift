/// A data source made of child sources shown one after another as one list: each child keeps its own sections,
/// updates and events, and the composite maps positions between them.
///
/// A child's update reaches the composite as the child's own staged changes shifted to its place (never a full
/// reload), with each stage's data being the whole composite's sections. Children can be sources of sections
/// (``SectionedDataSource``) or composites, nested to any depth, hidden (their sections leave as deletes) and
/// shown (they come back as inserts). Global and local positions map both ways through cached section offsets:
/// O(log n) from global to local, O(1) from local to global, rebuilt only when a child's section count changes.
///
/// ```swift
/// let banner = SectionedDataSource(sections: [ArraySection(model: "Banner", elements: ["Sale!"])])
/// let feed = SectionedDataSource(sections: [ArraySection(model: "Feed", elements: ["a", "b"])])
/// let screen = ComposedDataSource<ArraySection<String, String>>()
/// try screen.append(banner)
/// try screen.append(feed)
/// screen.didUpdate = { changes in view.apply(changes) }
/// feed.update(to: [ArraySection(model: "Feed", elements: ["a", "b", "c"])])  // insert at 1:2 on screen
/// banner.isHidden = true                                                     // delete section 0
/// ```
@MainActor
public final class ComposedDataSource<Section: DifferentiableSection> {
  /// The displayed sections of every child, in child order: the composite's content, shown or not.
  public private(set) var sections: [Section] = []
  /// Called with the staged changes of ``displayedSections`` after every change of a child, hide and show.
  public var didUpdate: @MainActor (StagedChangeset<[Section]>) -> Void = { _ in }
  /// The composite this one is a child of.
  internal weak var parent: ComposedDataSource<Section>?

  internal private(set) var children: [ComposedChild<Section>] = []
  /// The displayed section count of each child, with cached starts.
  internal private(set) var offsets = SectionOffsets()
  private var childIndices: [ObjectIdentifier: Int] = [:]

  /// Whether the composite is hidden: its sections are then not displayed.
  ///
  /// Hiding deletes its displayed sections, showing inserts its current ones.
  public var isHidden = false {
    didSet {
      guard isHidden != oldValue else { return }
      emit(visibilityChanges(of: sections, hidden: isHidden))
    }
  }

  /// The position of a direct child, by its identity.
  internal func indexOfChild(_ id: ObjectIdentifier) -> Int? { childIndices[id] }

  /// Creates an empty composite.
  public init() {}

  /// The sections on screen: ``sections``, or none while hidden.
  public var displayedSections: [Section] { isHidden ? [] : sections }

  /// The number of children, shown or hidden.
  public var childCount: Int { children.count }

  /// The index titles of every displayed child, in child order, naming global sections.
  public var sectionIndexTitles: [SectionIndexTitle] {
    children.indices.flatMap { index in
      let start = offsets.start(ofChild: index)
      return children[index].displayedSectionIndexTitles.map {
        SectionIndexTitle($0.title, section: $0.section + start)
      }
    }
  }

  /// The index titles on screen: ``sectionIndexTitles``, or none while hidden.
  public var displayedSectionIndexTitles: [SectionIndexTitle] { isHidden ? [] : sectionIndexTitles }

  // MARK: Children

  /// Adds a source of sections after the other children; its displayed sections are inserted.
  ///
  /// - Parameter child: The source.
  /// - Throws: ``CompositionError/alreadyComposed`` when the source is a child elsewhere.
  public func append(_ child: SectionedDataSource<Section>) throws(CompositionError) {
    try insert(.sections(child), at: children.count)
  }

  /// Adds a composite after the other children; its displayed sections are inserted.
  ///
  /// - Parameter child: The composite.
  /// - Throws: ``CompositionError/alreadyComposed`` when it is a child elsewhere, ``CompositionError/cycle`` when
  ///   it is this composite or contains it.
  public func append(_ child: ComposedDataSource<Section>) throws(CompositionError) {
    try insert(.composite(child), at: children.count)
  }

  /// Inserts a source of sections among the children; its displayed sections are inserted.
  ///
  /// - Parameters:
  ///   - child: The source.
  ///   - index: Its position among the children.
  /// - Throws: ``CompositionError/childIndexOutOfRange(index:childCount:)`` or
  ///   ``CompositionError/alreadyComposed``.
  public func insert(_ child: SectionedDataSource<Section>, at index: Int) throws(CompositionError) {
    try insert(.sections(child), at: index)
  }

  /// Inserts a composite among the children; its displayed sections are inserted.
  ///
  /// - Parameters:
  ///   - child: The composite.
  ///   - index: Its position among the children.
  /// - Throws: ``CompositionError/childIndexOutOfRange(index:childCount:)``,
  ///   ``CompositionError/alreadyComposed`` or ``CompositionError/cycle``.
  public func insert(_ child: ComposedDataSource<Section>, at index: Int) throws(CompositionError) {
    try insert(.composite(child), at: index)
  }

  /// Removes a child; its displayed sections are deleted, and it can be added again anywhere.
  ///
  /// - Parameter index: The child's position.
  /// - Throws: ``CompositionError/childIndexOutOfRange(index:childCount:)``.
  public func removeChild(at index: Int) throws(CompositionError) {
    guard children.indices.contains(index) else {
      throw .childIndexOutOfRange(index: index, childCount: children.count)
    }
    let range = offsets.sections(ofChild: index)
    let child = children.remove(at: index)
    child.parent = nil
    childIndices[child.id] = nil
    reindex(from: index)
    offsets.removeChild(at: index)
    sections.removeSubrange(range)
    guard !isHidden, !range.isEmpty else { return }
    emit(StagedChangeset([Changeset(data: sections, sectionDeleted: Array(range))]))
  }

  private func insert(_ child: ComposedChild<Section>, at index: Int) throws(CompositionError) {
    guard (0...children.count).contains(index) else {
      throw .childIndexOutOfRange(index: index, childCount: children.count)
    }
    guard child.parent == nil else { throw .alreadyComposed }
    if case .composite(let composite) = child {
      var ancestor: ComposedDataSource<Section>? = self
      while let node = ancestor {
        if node === composite { throw .cycle }
        ancestor = node.parent
      }
    }
    child.parent = self
    children.insert(child, at: index)
    reindex(from: index)
    let added = child.displayedSections
    let start = offsets.start(ofChild: index)
    offsets.insertChild(count: added.count, at: index)
    sections.insert(contentsOf: added, at: start)
    guard !isHidden, !added.isEmpty else { return }
    emit(StagedChangeset([Changeset(data: sections, sectionInserted: Array(start..<start + added.count))]))
  }

  private func reindex(from index: Int) {
    for position in index..<children.count { childIndices[children[position].id] = position }
  }

  // MARK: Updates

  /// Takes a child's staged changes, shifts them to the child's place and sends them on.
  ///
  /// - Complexity: O(*c*) for *c* changes plus O(*s*) per stage for the composite's *s* sections.
  internal func child(_ id: ObjectIdentifier, didChange changes: StagedChangeset<[Section]>) {
    guard let index = childIndices[id] else { return }
    let start = offsets.start(ofChild: index)
    var count = offsets.counts[index]
    var whole = sections
    let shifted = changes.shifted(bySections: start) { stageData -> [Section] in
      whole.replaceSubrange(start..<start + count, with: stageData)
      count = stageData.count
      return whole
    }
    sections = whole
    offsets.setCount(count, ofChild: index)
    guard !isHidden else { return }
    emit(shifted)
  }

  private func emit(_ changes: StagedChangeset<[Section]>) {
    guard !changes.isEmpty else { return }
    didUpdate(changes)
    parent?.child(ObjectIdentifier(self), didChange: changes)
  }
}
