/// A feed made of child feeds shown one after another as one list (what other frameworks call a composed data
/// source): each child keeps its own sections, updates and events, and the composite maps positions between them.
///
/// A child is any ``ListFeed``: a ``SectionsFeed``, a ``ListController``, a
/// ``PagedFeed``, an ``OutlineFeed``, another composite (nested to any depth), or a type of your own. A
/// child's update reaches the composite as the child's own staged changes shifted to its place (never a full
/// reload), with each stage's data being the whole composite's sections. Children can be hidden (their sections
/// leave as deletes), shown (they come back as inserts) and reordered (``moveChild(from:to:)``, reported as
/// section moves). Global and local positions map both ways through cached section offsets: O(log n) from global
/// to local, O(1) from local to global, rebuilt only when a child's section count changes.
///
/// ```swift
/// let banner = SectionsFeed(sections: [ArraySection(model: "Banner", elements: ["Sale!"])])
/// let feed = SectionsFeed(sections: [ArraySection(model: "Feed", elements: ["a", "b"])])
/// let screen = ComposedFeed<ArraySection<String, String>>()
/// try screen.append(banner)
/// try screen.append(feed)
/// screen.didUpdate = { changes in print(changes) }
/// feed.update(to: [ArraySection(model: "Feed", elements: ["a", "b", "c"])])  // insert at 1:2 on screen
/// banner.isHidden = true                                                     // delete section 0
/// ```
@MainActor
public final class ComposedFeed<Section: DifferentiableSection>: ListFeed {
  /// The displayed sections of every child, in child order: the composite's content, shown or not.
  public private(set) var sections: [Section] = []
  /// Called with the staged changes of ``displayedSections`` after every change of a child, hide and show, once
  /// they are sent on: a change made here (of a child or another feed) comes after them. They come in the order the
  /// changes were made, each from the sections the one before led to, also for a change made while one is sent on
  /// (from a parent's `didUpdate`, or from the callbacks of an engine that shows the change at once): it is
  /// reported after the change being sent.
  public var didUpdate: @MainActor (StagedChangeset<[Section]>) -> Void = { _ in }
  /// The link to the composite this one is a child of.
  public let feedLink = FeedLink<Section>()

  /// The children, in display order.
  internal private(set) var children: [any ListFeed<Section>] = []
  /// The displayed section count of each child, with cached starts.
  internal private(set) var offsets = SectionOffsets()
  private var childIndices: [ObjectIdentifier: Int] = [:]
  /// While a ``FilteredFeed`` over this composite reveals the matches of its query (``revealRows(matching:)``),
  /// whether a row matches: a child added meanwhile reveals them too, and a child removed gives its rows back.
  private var revealedMatches: ((CellBinder) -> Bool)?
  /// The children that said they reveal the matches of a query (``revealRows(matching:)``, a tree): a
  /// ``FilteredFeed`` over the composite filters their rows as trees, the others' as lists.
  private var revealingChildren: Set<ObjectIdentifier> = []

  /// Whether the composite is hidden: its sections are then not displayed.
  ///
  /// Hiding deletes its displayed sections, showing inserts its current ones. While hidden, it hides no row
  /// (``hidesRow(_:)``): the rows a filter among its children hides leave the list, and the selection, with the
  /// rows shown.
  public var isHidden = false {
    didSet {
      guard isHidden != oldValue else { return }
      emit(visibilityChanges(of: sections, hidden: isHidden), reloading: false)
      if isHidden { feedLink.sendHiddenRowsChange() }
    }
  }

  /// The position of a direct child, by its identity.
  internal func indexOfChild(_ id: ObjectIdentifier) -> Int? { childIndices[id] }

  /// Creates an empty composite.
  public init() {
    feedLink.report = { [weak self] in self?.didUpdate($0) }
  }

  /// The sections on screen: ``sections``, or none while hidden.
  public var displayedSections: [Section] { isHidden ? [] : sections }

  /// The number of children, shown or hidden.
  public var childCount: Int { children.count }

  // MARK: Children

  /// Adds a child after the others; its displayed sections are inserted.
  ///
  /// - Parameter child: The source.
  /// - Throws: ``ListFlowError/alreadyComposed`` when the source is a child elsewhere or shown by a view of
  ///   its own, ``ListFlowError/cycle`` when it is this composite or contains it (directly, or as the source of
  ///   a ``FilteredFeed`` that shows this composite).
  public func append(_ child: any ListFeed<Section>) throws(ListFlowError) {
    try insert(child, at: children.count)
  }

  /// Inserts a child among the others; its displayed sections are inserted.
  ///
  /// - Parameters:
  ///   - child: The source.
  ///   - index: Its position among the children, from 0 through ``childCount``.
  /// - Throws: ``ListFlowError/childIndexOutOfRange(index:childCount:)``,
  ///   ``ListFlowError/alreadyComposed`` or ``ListFlowError/cycle``.
  public func insert(_ child: any ListFeed<Section>, at index: Int) throws(ListFlowError) {
    guard (0...children.count).contains(index) else {
      throw .childIndexOutOfRange(index: index, childCount: children.count)
    }
    // Up through what shows this composite (composites and filters) to the engine, if any: the child must not be
    // one of them.
    var ancestor: AnyObject? = self
    while let node = ancestor as? any ListFeed<Section> {
      if node === child { throw .cycle }
      ancestor = node.feedLink.owner
    }
    guard !child.feedLink.isConnected else { throw .alreadyComposed }
    // Under a filter that reveals its query's matches, the child reveals them too, before it is shown (its change
    // meanwhile goes nowhere: its sections are read below).
    let reveals = liveRevealedMatches().map { child.revealRows(matching: $0) } ?? false
    let id = ObjectIdentifier(child)
    if reveals { revealingChildren.insert(id) }
    child.feedLink.connect(owner: self) { [weak self] message in
      guard let self else { return }
      if case .changes(let changes, let reloading, let animated) = message {
        self.child(id, didChange: changes, reloading: reloading, animated: animated)
      } else {
        self.feedLink.forward(message)
      }
    }
    children.insert(child, at: index)
    reindex(from: index)
    let added = child.displayedSections
    let start = offsets.start(ofChild: index)
    offsets.insertChild(count: added.count, at: index)
    sections.insert(contentsOf: added, at: start)
    guard !isHidden, !added.isEmpty || reveals else { return }
    // A child that reveals matches (a tree) is sent as a reload, so that the filter filters everything again, as
    // a tree (keeping each match's ancestors), even when it filtered a list until now.
    emit(
      added.isEmpty
        ? StagedChangeset()
        : StagedChangeset([Changeset(data: sections, sectionInserted: Array(start..<start + added.count))]),
      reloading: reveals)
  }

  /// Removes a child; its displayed sections are deleted, and it can be added again anywhere. The rows it
  /// hides (a filter's, ``ListFeed/hidesRow(_:)``) leave the list with it, and so leave the selection.
  ///
  /// - Parameter index: The child's position.
  /// - Throws: ``ListFlowError/childIndexOutOfRange(index:childCount:)``.
  public func removeChild(at index: Int) throws(ListFlowError) {
    guard children.indices.contains(index) else {
      throw .childIndexOutOfRange(index: index, childCount: children.count)
    }
    let range = offsets.sections(ofChild: index)
    let child = children.remove(at: index)
    child.feedLink.disconnect()
    childIndices[ObjectIdentifier(child)] = nil
    revealingChildren.remove(ObjectIdentifier(child))
    reindex(from: index)
    offsets.removeChild(at: index)
    sections.removeSubrange(range)
    // Given back as the filter found it, as a filter let go gives back its source.
    if revealedMatches != nil { child.revealRows(matching: nil) }
    guard !isHidden else { return }
    if !range.isEmpty { emit(StagedChangeset([Changeset(data: sections, sectionDeleted: Array(range))])) }
    // The rows the child hid (a filter's) left the list with it: the selection drops them.
    feedLink.sendHiddenRowsChange()
  }

  /// Moves a child to another position among the children; its sections are reported as section moves.
  ///
  /// ```swift
  /// try screen.moveChild(from: 2, to: 0)   // the third child's sections now come first
  /// ```
  ///
  /// - Parameters:
  ///   - source: The child's position.
  ///   - destination: Its position once moved, from 0 to ``childCount`` - 1.
  /// - Throws: ``ListFlowError/childIndexOutOfRange(index:childCount:)`` for either position.
  /// - Complexity: O(*s*) for the composite's *s* sections.
  public func moveChild(from source: Int, to destination: Int) throws(ListFlowError) {
    guard children.indices.contains(source) else {
      throw .childIndexOutOfRange(index: source, childCount: children.count)
    }
    guard children.indices.contains(destination) else {
      throw .childIndexOutOfRange(index: destination, childCount: children.count)
    }
    guard source != destination else { return }
    let before = offsets
    let child = children.remove(at: source)
    children.insert(child, at: destination)
    let count = offsets.counts[source]
    offsets.removeChild(at: source)
    offsets.insertChild(count: count, at: destination)
    reindex(from: min(source, destination))
    // Section i of the old order lands where its child now starts, plus its place inside the child.
    var moved: [Section] = []
    moved.reserveCapacity(sections.count)
    var moves: [Move<Int>] = []
    for index in children.indices {
      let oldIndex = oldPosition(of: index, movedFrom: source, to: destination)
      let oldRange = before.sections(ofChild: oldIndex)
      let newStart = offsets.start(ofChild: index)
      for (offset, old) in oldRange.enumerated() {
        moved.append(sections[old])
        if old != newStart + offset { moves.append(Move(source: old, target: newStart + offset)) }
      }
    }
    sections = moved
    guard !isHidden, !moves.isEmpty else { return }
    emit(StagedChangeset([Changeset(data: sections, sectionMoved: moves)]))
  }

  /// ``revealedMatches`` while the filter that set them still shows this composite (the first ``FilteredFeed``
  /// up through the composites that hold it) with a query; once it is gone or cleared, none: a filter let go
  /// over a composite with no tree did not clear them.
  private func liveRevealedMatches() -> ((CellBinder) -> Bool)? {
    guard revealedMatches != nil else { return nil }
    var owner = feedLink.owner
    while let composite = owner as? ComposedFeed<Section> { owner = composite.feedLink.owner }
    guard let filter = owner as? FilteredFeed, !filter.query.isEmpty else {
      revealedMatches = nil
      return nil
    }
    return revealedMatches
  }

  /// Where the child now at `index` was before it or another child moved from `source` to `destination`.
  private func oldPosition(of index: Int, movedFrom source: Int, to destination: Int) -> Int {
    if index == destination { return source }
    if source < destination, (source..<destination).contains(index) { return index + 1 }
    if destination < source, (destination + 1...source).contains(index) { return index - 1 }
    return index
  }

  private func reindex(from index: Int) {
    for position in index..<children.count { childIndices[ObjectIdentifier(children[position])] = position }
  }

  // MARK: Updates

  /// Takes a child's staged changes, shifts them to the child's place and sends them on. A reload with no
  /// stages (a filter's new query over a long list, say) carries no sections: the child's are read from it.
  ///
  /// - Complexity: O(*c*) for *c* changes plus O(*s*) per stage for the composite's *s* sections.
  internal func child(
    _ id: ObjectIdentifier, didChange changes: StagedChangeset<[Section]>, reloading: Bool, animated: Bool
  ) {
    guard let index = childIndices[id] else { return }
    let start = offsets.start(ofChild: index)
    var count = offsets.counts[index]
    var whole = sections
    if changes.isEmpty {
      let now = children[index].displayedSections
      whole.replaceSubrange(start..<start + count, with: now)
      count = now.count
    }
    let shifted = changes.shifted(bySections: start) { stageData -> [Section] in
      whole.replaceSubrange(start..<start + count, with: stageData)
      count = stageData.count
      return whole
    }
    sections = whole
    offsets.setCount(count, ofChild: index)
    guard !isHidden else { return }
    emit(shifted, reloading: reloading, animated: animated)
  }

  /// Moves a row inside the child that owns it: both positions must be in the same child.
  ///
  /// - Parameter move: The move, in this composite's positions; the caller has checked that they exist.
  /// - Throws: ``ListFlowError/rowNotMovable(_:)`` when the positions are in different children or the child
  ///   takes no moves.
  public func moveRow(_ move: Move<ItemPath>) throws(ListFlowError) {
    guard let (child, sourceSection) = offsets.childSection(forSection: move.source.section),
      let (targetChild, targetSection) = offsets.childSection(forSection: move.target.section),
      child == targetChild
    else { throw .rowNotMovable(move.source) }
    try children[child].moveRow(
      Move(
        source: ItemPath(item: move.source.item, section: sourceSection),
        target: ItemPath(item: move.target.item, section: targetSection)))
  }

  private func emit(_ changes: StagedChangeset<[Section]>, reloading: Bool = false, animated: Bool = true) {
    // Sent on first, then reported to `didUpdate` (in order, see `FeedLink.didSend`), so that a change `didUpdate`
    // makes (of a child or another feed) comes after this one.
    feedLink.send(changes, reloading: reloading, animated: animated)
  }

}

extension ComposedFeed {
  /// The child that owns a displayed section, at the bottom of any nesting, and the section's index there.
  ///
  /// - Parameter section: A section of ``displayedSections``.
  /// - Returns: The leaf feed and its local section, or `nil` when the section does not exist.
  /// - Complexity: O(log *c*) per level for *c* children.
  public func feed(owningSection section: Int) -> (feed: any ListFeed<Section>, section: Int)? {
    guard let (child, local) = offsets.childSection(forSection: section) else { return nil }
    return children[child].feed(owningSection: local)
  }

  /// Whether the child that owns the row shows its children.
  ///
  /// - Parameter path: The row's position in this composite.
  /// - Returns: The child's answer at the row's local position.
  public func isRowExpanded(at path: ItemPath) -> Bool? {
    guard let (child, local) = childPath(for: path) else { return nil }
    return children[child].isRowExpanded(at: local)
  }

  /// Expands or collapses a row in the child that owns it.
  ///
  /// - Parameters:
  ///   - expanded: Whether the row should show its children.
  ///   - path: The row's position in this composite.
  /// - Returns: Whether the expansion changed.
  @discardableResult
  public func setExpanded(_ expanded: Bool, forRowAt path: ItemPath) -> Bool {
    guard let (child, local) = childPath(for: path) else { return false }
    return children[child].setExpanded(expanded, forRowAt: local)
  }

  /// Whether a child hides a row with this identity; a hidden composite hides none (its rows left the list).
  ///
  /// - Parameter id: A row's identity.
  /// - Returns: Whether any child hides it, while the composite is shown.
  public func hidesRow(_ id: ListIdentifier) -> Bool {
    !isHidden && children.contains { $0.hidesRow(id) }
  }

  /// The nesting depth of a row, as the child that owns it says (an ``OutlineFeed``'s row below its root is
  /// deeper than 0), so that a ``FilteredFeed`` over the composite keeps each match's ancestors.
  ///
  /// - Parameter path: The row's position in this composite.
  /// - Returns: The child's answer at the row's local position; 0 for a position that does not exist.
  /// - Complexity: O(log *c*) for *c* children, plus the child's answer.
  public func depth(ofRowAt path: ItemPath) -> Int {
    guard let (child, local) = childPath(for: path) else { return 0 }
    return children[child].depth(ofRowAt: local)
  }

  /// Asks every child to reveal the rows that match (a tree expands the ancestors of its matches), or, given
  /// `nil`, to give back what it showed before; a child added while matches are revealed reveals them too, and
  /// a child removed meanwhile gets `nil`. A ``FilteredFeed`` over the composite calls it when its query
  /// changes, and filters the rows of the children that reveal (the trees) as trees, the others as lists.
  ///
  /// - Parameter matches: Whether a row matches, or `nil` when the filter is cleared.
  /// - Returns: Whether any child reveals rows this way.
  /// - Complexity: The children's answers (nothing for a child that does not reveal rows).
  @discardableResult
  public func revealRows(matching matches: ((CellBinder) -> Bool)?) -> Bool {
    revealedMatches = matches
    var reveals = false
    for child in children {
      // Every child asked, not only up to the first that reveals.
      if child.revealRows(matching: matches) {
        reveals = true
        revealingChildren.insert(ObjectIdentifier(child))
      } else {
        revealingChildren.remove(ObjectIdentifier(child))
      }
    }
    return reveals
  }

  /// Whether the rows of a section are a tree's: the child that shows it, at the bottom of any nesting, said it
  /// reveals the matches of a query (the last ``revealRows(matching:)``, or when it was added meanwhile). A
  /// ``FilteredFeed`` over the composite filters them as a tree, keeping each match's ancestors, and the rows of
  /// the other sections as lists.
  ///
  /// - Parameter section: A section of ``sections``.
  /// - Returns: Whether the child that shows it reveals matches; `false` for a section that does not exist.
  /// - Complexity: O(log *c*) per level for *c* children.
  func revealsRows(inSection section: Int) -> Bool {
    guard let (child, local) = offsets.childSection(forSection: section) else { return false }
    let feed = children[child]
    guard revealingChildren.contains(ObjectIdentifier(feed)) else { return false }
    if let composite = feed as? ComposedFeed<Section> { return composite.revealsRows(inSection: local) }
    return true
  }
}

extension ComposedFeed: _HidingFeed {
  /// The identities among `ids` that any child hides, each child asked about those the children before did not
  /// hide; none while the composite is hidden.
  func hiddenIdentities(among ids: Set<ListIdentifier>) -> Set<ListIdentifier> {
    guard !isHidden else { return [] }
    var hidden: Set<ListIdentifier> = []
    for child in children where hidden.count < ids.count {
      hidden.formUnion(_hiddenIdentities(among: ids.subtracting(hidden), in: child))
    }
    return hidden
  }
}

extension ComposedFeed: _HoldingFeed where Section == ListSectionSnapshot {
  /// The identities among `ids` of rows the children hold and the composite does not show: those each child
  /// holds and does not show, and, while the composite is hidden (``isHidden``), the rows its children show.
  ///
  /// - Complexity: While hidden, a look-up of `ids` in the children's rows (see
  ///   `CellBinderList.positions(ofIdentities:)`); then each child's answer about the identities not found yet.
  func unshownIdentities(among ids: Set<ListIdentifier>) -> Set<ListIdentifier> {
    var held = isHidden ? _heldIdentities(among: ids, in: sections) : []
    for child in children where held.count < ids.count {
      held.formUnion(_unshownIdentities(among: ids.subtracting(held), in: child))
    }
    return held
  }
}
