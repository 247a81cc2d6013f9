import Synchronization

/// An outline (expandable rows) as a feed of a composite: expanding and collapsing a row go through the engine
/// as inserts and deletes of its children, and the row itself is updated.
///
/// ```swift
/// let tree = OutlineFeed(id: "files", outline: Outline(roots)) { row in
///   LabelCell.makeBinder(value: String(repeating: "  ", count: row.depth) + row.element.name, id: row.differenceIdentifier)
/// }
/// tree.shouldExpand = { row in row.element.name != "secret" }
/// try screen.append(tree)
/// tree.toggleRow(at: 0)        // expands the first row: its children are inserted under it
/// ```
///
/// A view that can expand rows (the terminal host's → and ← keys) asks the engine, which hands the request to
/// the feed that owns the row (``ListFeed/setExpanded(_:forRowAt:)``).
///
/// **What a change costs.** The feed keeps the visible rows as values, not a binder per row: a row's binder is
/// made by `cell` when a view reads the row. New trees that share their unchanged subtrees with the trees before
/// (trees changed in place: `tree.outline.roots[2].children[5].element = file`, a child put in or taken out, a
/// root appended or removed, the same trees set again) cost the nodes compared on the way down to the change
/// (the roots, then the children of each changed node's ancestors) and the rows of the nodes that changed, which
/// are walked and diffed alone. A node put in or taken out also costs the rows of the nodes after it among its
/// siblings (their indices changed): a file added to a folder costs the folder's rows after it, not the list.
/// Trees that share nothing cost a walk of every visible row, each diffed by its identity and content, as do
/// setting the expanded identities and a change whose rows are more than half the visible rows (for which the
/// walk costs less). Either way `cell` is called for the rows the change updated and the rows the
/// view shows; setting the same trees again calls it for no row.
/// Expanding or collapsing one row (``setExpanded(_:forRowAt:)``, ``toggleRow(at:)``, the → and ← keys) costs
/// the rows it shows or hides, not the list: they are put in or taken out after the row, and no other row is
/// read, when no other visible row has the row's identity (else the visible rows are walked and diffed, as for
/// a change of ``outline``). The first such expansion or collapse counts the visible rows' hashes once
/// (O(*v*)); the counts then follow every change. Setting ``header`` or ``footer`` reads no row. A row's identity is its element's
/// ``Differentiable/differenceIdentifier``, wrapped in a ``ListIdentifier``: every binder `cell` makes is
/// identified by it, whatever ``CellBinder/id`` `cell` gave.
///
/// - Precondition: `cell` depends only on what ``Outline/Row/isContentEqual(to:)`` compares (the element's
///   content, the depth, the expandability and the expansion), so a row with equal content would get an equal
///   binder. It is not checked: a `cell` that breaks it shows the binder of the first state that had the row's
///   content.
@MainActor
public final class OutlineFeed<Element: Differentiable>: ListFeed where Element.DifferenceIdentifier: Sendable {
  /// The outline: trees and expanded identities. Setting it shows the new visible rows; a change of the trees
  /// made in place costs the nodes it changed (see "What a change costs" above).
  public var outline: Outline<Element> {
    didSet {
      guard !isChangingInPlace else { return }
      if let matches = revealedMatches, !isRevealing {
        revealTouches = []
        // The app changed the expansion while a filter reveals its matches: the change is kept in the expansion
        // the filter gives back (it is not the filter's own).
        let expansionChanged = outline.expanded != shownExpanded
        if expansionChanged { keepForAfterFilter(from: shownExpanded, to: outline.expanded) }
        // A match the trees put in or renamed under a collapsed node is revealed too, and a node left without a
        // match under it gets back its expansion from before the filter: the revealed matches follow the nodes
        // that changed (an assignment in the observer does not call it again).
        let changed = _sharesStorage(outline.roots, shownRoots) ? [] : followReveal(from: shownRoots, matches)
        if expansionChanged {
          let expanded = (expansionBeforeFilter ?? outline.expanded).union(revealedCounts.keys)
          if expanded != outline.expanded { outline.expanded = expanded }
        } else {
          for id in changed {
            if revealedCounts[id] != nil || expansionBeforeFilter?.contains(id) == true {
              outline.expanded.insert(id)
            } else {
              outline.expanded.remove(id)
            }
          }
        }
      }
      let before = (roots: shownRoots, expanded: shownExpanded)
      // Kept before anything is sent: a change made while it is shown compares with this one.
      (shownRoots, shownExpanded) = (outline.roots, outline.expanded)
      if !showChangedSubtrees(from: before) { rebuild() }
    }
  }
  /// The section's header, or `nil`. Setting it shows it without reading a row.
  public var header: CellBinder? {
    didSet { showSectionModel() }
  }
  /// The section's footer, or `nil`. Setting it shows it without reading a row.
  public var footer: CellBinder? {
    didSet { showSectionModel() }
  }
  /// Asked when a row with children is about to expand (``setExpanded(_:forRowAt:)``, ``toggleRow(at:)``, the
  /// → key), and at no other time: not when a view asks whether a row is expanded (``isRowExpanded(at:)``), so
  /// not as a cursor moves. `false` keeps the row collapsed. Every row may expand by default.
  ///
  /// It may change ``outline``, for example to load the row's children the first time it opens (give a node
  /// not read yet one placeholder child, so that it can expand): the row asked about is then found again by its
  /// identity and expanded in the new trees.
  public var shouldExpand: (Outline<Element>.Row) -> Bool = { _ in true }
  /// The link to the composite this feed is a child of.
  public let feedLink = FeedLink<ListSectionSnapshot>()
  /// The closures that receive the events of the outline's rows, with positions in the feed (section 0).
  public var delegate = SyncDelegate()
  /// The section shown: the outline's visible rows.
  public private(set) var displayedSections: [ListSectionSnapshot] = [] {
    didSet { shownChanges &+= 1 }
  }
  /// How many times the rows shown changed: a row's position read before a callback (``shouldExpand``) is only
  /// used after it when no change came between.
  private var shownChanges = 0
  /// The visible rows, in order.
  ///
  /// - Complexity: O(1) after a change of ``outline``; after an expansion or a collapse made in place (see
  ///   "What a change costs" above), the first read gathers the rows, O(*v*) for *v* visible rows, and keeps
  ///   them until the next change.
  public var rows: [Outline<Element>.Row] {
    if let gatheredRows { return gatheredRows }
    let rows = gathered().rows
    gatheredRows = rows
    return rows
  }
  /// The visible rows as one array, when made: by the last walk of the outline, or by a read of ``rows``.
  private var gatheredRows: [Outline<Element>.Row]?
  /// How many visible rows have each ``Differentiable/differenceHash`` (rows with equal identities have equal
  /// hashes, so a hash one row has is an identity no other row has): made by the first expansion or collapse in
  /// place, then kept following every change (a hash no visible row has is not a key). Hashes, not identities:
  /// counting them is code made for `Int`, and reads no identity.
  private var visibleCounts: [Int: Int]?
  /// Whether ``outline`` is being changed by an expansion or a collapse in place, which shows its rows itself.
  private var isChangingInPlace = false
  /// The trees and expanded identities of the rows shown, which the next change of ``outline`` is compared with.
  /// Kept here, not read as the observer's old value: that would copy the outline on every change made in place
  /// (a copy of the expanded identities for each expansion).
  private var shownRoots: [Outline<Element>.Node]
  private var shownExpanded: Set<Element.DifferenceIdentifier>

  private let sectionID: ListIdentifier
  let cell: (Outline<Element>.Row) -> CellBinder
  /// The expanded identities from before a tree filter expanded the ancestors of its matches (see
  /// ``FilteredFeed``), restored when the filter is cleared.
  var expansionBeforeFilter: Set<Element.DifferenceIdentifier>?
  /// While a tree filter reveals the matches of its query, whether a row matches: a change of the trees reveals
  /// the matches it puts in as well.
  private(set) var revealedMatches: ((CellBinder) -> Bool)?
  /// Whether ``revealRows(matching:)`` is setting the expansion (the filter's change, not the app's).
  private var isRevealing = false
  /// While a tree filter reveals its matches, the matches of every node of the trees, in the trees' places
  /// (see ``revealRows(matching:)``).
  var revealTree: [_RevealNode<Element.DifferenceIdentifier>] = []
  /// While a tree filter reveals its matches, how many nodes of each identity have a match under them: the
  /// identities the filter expands.
  var revealedCounts: [Element.DifferenceIdentifier: Int] = [:]
  /// The places of the trees whose rows the last change may have shown or hidden (see
  /// `takeRevealedChanges()`).
  var revealTouches: [_RevealTouch] = []

  /// Creates a feed over an outline.
  ///
  /// - Parameters:
  ///   - id: The identity of the feed's section.
  ///   - outline: The trees and the expanded identities.
  ///   - cell: Makes the binder of a visible row (its depth and expansion are part of the row).
  public init<ID: Hashable & Sendable>(
    id: ID,
    outline: Outline<Element>,
    cell: @escaping (Outline<Element>.Row) -> CellBinder
  ) {
    self.outline = outline
    (shownRoots, shownExpanded) = (outline.roots, outline.expanded)
    self.sectionID = ListIdentifier(id)
    self.cell = cell
    let walk = outline.visibleRows(of: outline.roots, reservingCapacity: 0)
    gatheredRows = walk.rows
    displayedSections = [ListSectionSnapshot(model: sectionModel, elements: lazyBinders(of: walk))]
  }

  /// Follows a sequence of states, each giving the outline's trees, until it ends or the task is cancelled; the
  /// expanded identities are kept from state to state.
  ///
  /// ```swift
  /// Task { await tree.run(store.updates()) { state in state.folders.map(Outline.Node.init) } }
  /// ```
  ///
  /// - Parameters:
  ///   - states: The states, for example a store's updates.
  ///   - roots: The trees of a state.
  public func run<S: AsyncSequence>(
    _ states: S,
    roots: (S.Element) -> [Outline<Element>.Node]
  ) async {
    await follow(states) { outline.roots = roots($0) }
  }

  /// Expands or collapses the row at a position of ``rows``; a row without children, one whose identity cannot
  /// expand (it is not equal to itself, see ``Outline``), or one that ``shouldExpand`` keeps closed, is left
  /// alone. While a ``FilteredFeed`` reveals its matches, a row with a match under it that is collapsed stays
  /// expanded: the collapse is kept for when the query is cleared (see ``revealRows(matching:)``), and no row
  /// changes.
  ///
  /// - Parameters:
  ///   - expanded: Whether the row should be expanded.
  ///   - path: The row's position in the feed (section 0).
  /// - Returns: Whether the row's expansion changed (for the collapse kept for after a filter, `true`).
  /// - Complexity: O(*k* + log *v*) for the *k* rows it shows or hides among *v* visible rows, when no other
  ///   visible row has the row's identity; else a walk and a diff of the visible rows, O(*v*) (see "What a
  ///   change costs" above).
  @discardableResult
  public func setExpanded(_ expanded: Bool, forRowAt path: ItemPath) -> Bool {
    guard path.section == 0, (0..<rowCount).contains(path.item) else { return false }
    let row = row(at: path.item)
    guard row.isExpandable, row.isExpanded != expanded else { return false }
    let changesBefore = shownChanges
    if expanded {
      guard Outline<Element>.canExpand(row.differenceIdentifier), shouldExpand(row) else { return false }
    }
    // Kept for after a filter that reveals its matches, before the change is shown: an expansion made in place
    // is not seen by the observer of `outline`, and the filter, told of the change, reveals its matches again
    // from the expansion kept.
    if revealedMatches != nil {
      revealTouches = []
      let id: Set = [row.differenceIdentifier]
      keepForAfterFilter(from: expanded ? [] : id, to: expanded ? id : [])
      // A node with a match under it stays expanded while the filter reveals it: collapsing it is kept for
      // after the filter, and changes no row.
      if !expanded, revealedCounts[row.differenceIdentifier] != nil { return true }
    }
    if shownChanges == changesBefore, changeInPlace(row, at: path.item, expanding: expanded) { return true }
    if expanded {
      outline.expand(row.differenceIdentifier)
    } else {
      outline.collapse(row.differenceIdentifier)
    }
    return true
  }

  /// Whether the row at a position of ``rows`` is expanded: `nil` for a row without children, or whose identity
  /// cannot expand (it is not equal to itself, see ``Outline``). It does not ask ``shouldExpand``, which is asked
  /// only when a row is about to expand.
  ///
  /// - Parameter path: The row's position in the feed (section 0).
  /// - Returns: Whether the row is expanded, or `nil` when it can neither expand nor collapse.
  public func isRowExpanded(at path: ItemPath) -> Bool? {
    guard path.section == 0, (0..<rowCount).contains(path.item) else { return nil }
    let row = row(at: path.item)
    return row.isExpandable && Outline<Element>.canExpand(row.differenceIdentifier) ? row.isExpanded : nil
  }

  /// Expands a collapsed row or collapses an expanded one.
  ///
  /// - Parameter index: The row's position in ``rows``.
  /// - Returns: Whether the row's expansion changed.
  @discardableResult
  public func toggleRow(at index: Int) -> Bool {
    guard (0..<rowCount).contains(index) else { return false }
    return setExpanded(!row(at: index).isExpanded, forRowAt: ItemPath(item: index, section: 0))
  }

  /// Shows the outline's visible rows: diffs them with the rows shown by identity and content (no binder is made
  /// for that), and sends the changes. The new list makes a row's binder when a view reads it; an updated row's
  /// binder is made for the stage that updates it.
  ///
  /// - Complexity: O(*v*) for *v* visible rows, plus a call to `cell` per updated row.
  private func rebuild() {
    let previous = displayedSections
    let (previousRows, previousHashes) = gathered()
    let walk = outline.visibleRows(of: outline.roots, reservingCapacity: previousRows.count)
    gatheredRows = walk.rows
    displayedSections = [ListSectionSnapshot(model: sectionModel, elements: lazyBinders(of: walk))]
    feedLink.send(changes(from: (previousRows, previousHashes), in: previous, to: walk, in: displayedSections))
  }

  /// The stages from rows (and their hashes), as the section `source` holds them, to the rows of `walk`, as the
  /// section `target` holds them, diffed by identity and content; the visible rows' counts follow them.
  private func changes(
    from previous: (rows: [Outline<Element>.Row], hashes: [Int]), in source: [ListSectionSnapshot],
    to walk: _OutlineWalk<Element>, in target: [ListSectionSnapshot]
  ) -> StagedChangeset<[ListSectionSnapshot]> {
    let sourceRows = [ArraySection(model: source[0].model, elements: previous.rows)]
    let targetRows = [ArraySection(model: target[0].model, elements: walk.rows)]
    let plan =
      _SectionedPlan(
        sparseSource: sourceRows, target: targetRows, sourceHashes: previous.hashes, targetHashes: walk.hashes)
      ?? _SectionedPlan(
        source: sourceRows, target: targetRows, policy: .matchInOrder, sourceHashes: previous.hashes,
        targetHashes: walk.hashes)
    let changes = StagedChangeset(plan.stages(source: source, target: target, targetData: target))
    if visibleCounts != nil {
      // Deletes name rows before, inserts rows after; an update or a move keeps its identity.
      for stage in changes {
        for path in stage.elementDeleted { count(previous.hashes[path.item], by: -1) }
        for path in stage.elementInserted { count(walk.hashes[path.item], by: 1) }
      }
    }
    return changes
  }

  /// Shows a change of the trees that kept the expanded identities and shares every subtree it did not change with
  /// the trees before (trees changed in place, as `tree.outline.roots[2].children[5].element = file` changes
  /// them): only the rows of the nodes that differ are walked and diffed, at their place, in a list that shares
  /// every other row's piece.
  ///
  /// The nodes are compared from the roots down, level by level: a node is the same as before when its element
  /// has the same identity and content and its children are the very array they were (or are hidden under a
  /// collapsed node, or are none in both). Past the same nodes at both ends of a level, a single node of the same
  /// identity and content, expanded, is compared by its children; anything else is the change. On a level where
  /// nodes were put in or taken out, only the same nodes at its start are skipped: the nodes after the change
  /// have other indices now, which their rows remember, so their rows are walked again with the change's.
  ///
  /// - Returns: Whether the change was shown; `false` (the expanded identities changed, or the changed nodes held
  ///   more than half the visible rows) leaves it to ``rebuild()``.
  /// - Complexity: O(*w*) for the *w* nodes compared on the levels down to the change, plus O(*k* + log *v*) for
  ///   the *k* rows of the changed nodes (before and now) among *v* visible rows; where nodes were put in or
  ///   taken out, *k* counts the rows of the nodes after them on their level too.
  private func showChangedSubtrees(
    from old: (roots: [Outline<Element>.Node], expanded: Set<Element.DifferenceIdentifier>)
  ) -> Bool {
    guard old.expanded == outline.expanded else { return false }
    var path: [Int] = []
    var before = old.roots
    var now = outline.roots
    while true {
      if _sharesStorage(before, now) {
        // Nothing changed (as at the top, the same trees set again): the diff would find no change.
        feedLink.send(StagedChangeset())
        return true
      }
      // The nodes after the changed ones keep their indices, which their rows remember, only when as many nodes
      // replace as many; else they are walked again with the changed ones, to the end of the level.
      let keepsIndices = before.count == now.count
      let (first, last) = before.withUnsafeBufferPointer { before in
        now.withUnsafeBufferPointer { now in sameEnds(before, now, trailing: keepsIndices) }
      }
      let changedBefore = first..<(before.count - last)
      let changedNow = first..<(now.count - last)
      if changedBefore.isEmpty, changedNow.isEmpty {
        feedLink.send(StagedChangeset())
        return true
      }
      if changedBefore.count == 1, changedNow.count == 1 {
        let (previous, next) = (before[first], now[first])
        let id = next.element.differenceIdentifier
        if previous.element.differenceIdentifier == id, next.element.isContentEqual(to: previous.element),
          !previous.children.isEmpty, !next.children.isEmpty, outline.expanded.contains(id)
        {
          // The node's row is as it was: what changed is under it.
          path.append(first)
          before = previous.children
          now = next.children
          continue
        }
      }
      return showRows(of: now[changedNow], under: path, replacing: changedBefore, endsLevel: last == 0)
    }
  }

  /// How many nodes lead and trail `before` and `now` that are the same (``isSameSubtree(_:_:)``), at most as
  /// many in all as the shorter has; no trailing node is counted when `trailing` is `false`. Nodes with the same
  /// bits (copied from the trees before: the same element, the very children array) are compared as memory, many
  /// at a time, then the others one by one: a level of many roots is compared at the speed of memory, not of a
  /// call to the element's identity and content per node.
  private func sameEnds(
    _ before: UnsafeBufferPointer<Outline<Element>.Node>, _ now: UnsafeBufferPointer<Outline<Element>.Node>,
    trailing: Bool
  ) -> (first: Int, last: Int) {
    guard let previous = before.baseAddress, let next = now.baseAddress else { return (0, 0) }
    let common = Swift.min(before.count, now.count)
    var first = _sameBitsPrefix(previous, next, limit: common)
    while first < common, _sameBits(previous + first, next + first) || isSameSubtree(before[first], now[first]) {
      first += 1
    }
    guard trailing else { return (first, 0) }
    let (previousEnd, nextEnd) = (previous + before.count, next + now.count)
    var last = _sameBitsSuffix(endingAt: previousEnd, nextEnd, limit: common - first)
    while last < common - first,
      _sameBits(previousEnd - 1 - last, nextEnd - 1 - last)
        || isSameSubtree(previousEnd[-1 - last], nextEnd[-1 - last])
    {
      last += 1
    }
    return (first, last)
  }

  /// Whether `next` shows the rows `previous` showed, found without a walk (see
  /// ``showChangedSubtrees(from:)``).
  @inline(__always)
  private func isSameSubtree(_ previous: Outline<Element>.Node, _ next: Outline<Element>.Node) -> Bool {
    let id = next.element.differenceIdentifier
    guard previous.element.differenceIdentifier == id, next.element.isContentEqual(to: previous.element) else {
      return false
    }
    if previous.children.isEmpty || next.children.isEmpty { return previous.children.isEmpty == next.children.isEmpty }
    return _sharesStorage(previous.children, next.children) || !outline.expanded.contains(id)
  }

  /// Replaces the rows of the nodes `replaced` (indices among the children of the node at `parent`, or among the
  /// roots) with the rows of `nodes`, their nodes now (at the same first index): the rows are diffed alone and
  /// their changes sent at their place. `endsLevel`: no node comes after them.
  ///
  /// - Returns: Whether the rows were shown; `false` when the replaced nodes held more than half the visible rows,
  ///   which ``rebuild()`` walks and diffs for less (it neither gathers the rows before nor cuts the list).
  private func showRows(
    of nodes: ArraySlice<Outline<Element>.Node>, under parent: [Int], replacing replaced: Range<Int>, endsLevel: Bool
  ) -> Bool {
    // The rows of the replaced nodes: from the first one's row to the row of the node after them, or to the
    // end of the parent's rows.
    let start = firstPosition(notBefore: parent + [replaced.lowerBound])
    let end =
      !endsLevel
      ? firstPosition(notBefore: parent + [replaced.upperBound])
      : parent.isEmpty ? rowCount : firstPosition(notBefore: Array(parent.dropLast()) + [parent[parent.count - 1] + 1])
    guard (end - start) * 2 <= rowCount else { return false }
    var walk = outline.visibleRows(of: Array(nodes), origin: parent, reservingCapacity: end - start)
    // The first level's places count from the first replaced node.
    for index in walk.places.indices where walk.places[index].parent < 0 {
      walk.places[index].childIndex += Int32(truncatingIfNeeded: replaced.lowerBound)
    }
    var previousRows: [Outline<Element>.Row] = []
    var previousHashes: [Int] = []
    previousRows.reserveCapacity(end - start)
    previousHashes.reserveCapacity(end - start)
    forEachRun(in: start..<end) { source, range in
      previousRows += source.rows[range]
      previousHashes += source.walk.hashes[range]
      return true
    }
    let model = displayedSections[0].model
    let list = displayedSections[0].elements
    let part = [ListSectionSnapshot(model: model, elements: CellBinderList(uncompacted: list.pieces(in: start..<end)))]
    let next = [ListSectionSnapshot(model: model, elements: lazyBinders(of: walk))]
    let stages = changes(from: (previousRows, previousHashes), in: part, to: walk, in: next)
    let placed: [CellBinderList.PlacedPiece] =
      walk.rows.isEmpty ? [] : [.init(position: start, piece: next[0].elements.pieces[0])]
    displayedSections = [
      ListSectionSnapshot(model: model, elements: list.splicing(removing: Array(start..<end), placing: placed))
    ]
    gatheredRows = nil
    // Both parts hold the same section model, so no stage changes the section.
    let whole =
      stages.placed(
        at: start, before: list.pieces(in: 0..<start), after: list.pieces(in: end..<list.count),
        final: displayedSections) ?? StagedChangeset()
    feedLink.send(whole)
    return true
  }

  /// The first visible row whose node's path is not before `bound` (paths in depth-first order: a node's row
  /// comes before its children's), or ``rowCount``.
  ///
  /// - Complexity: O(log *v* × (*d* + log *p*)) for *v* visible rows *d* deep in *p* pieces.
  func firstPosition(notBefore bound: [Int]) -> Int {
    var low = 0
    var high = rowCount
    while low < high {
      let middle = (low + high) / 2
      let (source, index) = location(of: middle)
      if source.walk.path(at: index).lexicographicallyPrecedes(bound) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }

  /// Shows the section's header and footer with the rows shown: the section is updated when their content
  /// changed (as a diff of the rows would find, without the walk).
  private func showSectionModel() {
    let previous = displayedSections[0].model
    let model = sectionModel
    displayedSections = [ListSectionSnapshot(model: model, elements: displayedSections[0].elements)]
    feedLink.send(
      model.isContentEqual(to: previous)
        ? StagedChangeset() : StagedChangeset([Changeset(data: displayedSections, sectionUpdated: [0])]))
  }

  /// Expands or collapses the row at `position` in place when no other visible row has its identity: its
  /// visible descendants are put in after it (walked from its node) or taken out (the rows after it that are
  /// deeper), and the row is updated, in the list that shares every other row's piece.
  ///
  /// - Returns: Whether the change was made; `false` leaves everything as it was.
  private func changeInPlace(_ row: Outline<Element>.Row, at position: Int, expanding: Bool) -> Bool {
    if visibleCounts == nil {
      let hashes = gathered().hashes
      var counts: [Int: Int] = [:]
      counts.reserveCapacity(hashes.count)
      for hash in hashes { counts[hash, default: 0] += 1 }
      visibleCounts = counts
    }
    let (rowSource, index) = location(of: position)
    guard visibleCounts?[rowSource.walk.hashes[index]] == 1 else { return false }
    let id = row.differenceIdentifier
    let path = rowSource.walk.path(at: index)
    // The place is checked against the row: a node found elsewhere (a place past 32 bits, which no tree that fits
    // in memory has) walks and diffs instead.
    guard let node = outline.node(at: path), node.element.differenceIdentifier == id else { return false }
    var changed = _OutlineWalk<Element>(origin: Array(path.dropLast()))
    changed.rows = [row]
    changed.rows[0].isExpanded = expanding
    changed.hashes = [rowSource.walk.hashes[index]]
    changed.places = [_OutlinePlace(parent: -1, childIndex: rowSource.walk.places[index].childIndex)]
    // The rows after the row that are shown or hidden.
    let others: Range<Int>
    // The outline changes without a walk; the flag is down again before the changes are sent, so that a change
    // of the outline made while they are shown (by a delegate, say) is shown too.
    isChangingInPlace = true
    // The expanded identities change in place: the copy kept for the next comparison is let go first.
    shownExpanded = []
    if expanding { outline.expand(id) } else { outline.collapse(id) }
    shownExpanded = outline.expanded
    isChangingInPlace = false
    if expanding {
      // The row's descendants, whose first level's parent is the row (at 0).
      let walk = outline.visibleRows(of: node.children, origin: path, reservingCapacity: 0)
      for hash in walk.hashes { count(hash, by: 1) }
      changed.rows += walk.rows
      changed.hashes += walk.hashes
      changed.places += walk.places.lazy.map { _OutlinePlace(parent: $0.parent + 1, childIndex: $0.childIndex) }
      others = (position + 1)..<(position + 1 + walk.rows.count)
    } else {
      var end = position + 1
      forEachRun(in: end..<rowCount) { source, range in
        for index in range {
          guard source.rows[index].depth > row.depth else { return false }
          count(source.walk.hashes[index], by: -1)
          end += 1
        }
        return true
      }
      others = (position + 1)..<end
    }
    let piece = CellBinderList.Piece.rows(_OutlineRowSource(walk: changed, cell: cell), changed.rows.indices)
    let model = displayedSections[0].model
    let list = displayedSections[0].elements
    let updated = [
      ListSectionSnapshot(
        model: model, elements: list._replacing(placing: [.init(position: position, piece: piece.slice(0..<1))]))
    ]
    displayedSections = [
      ListSectionSnapshot(
        model: model,
        elements: list.splicing(
          removing: expanding ? [position] : Array(position..<others.upperBound),
          placing: [.init(position: position, piece: piece)]))
    ]
    gatheredRows = nil
    let paths = others.map { ItemPath(item: $0, section: 0) }
    feedLink.send(
      StagedChangeset([
        Changeset(data: updated, elementUpdated: [ItemPath(item: position, section: 0)]),
        expanding
          ? Changeset(data: displayedSections, elementInserted: paths)
          : Changeset(data: displayedSections, elementDeleted: paths),
      ]))
    return true
  }

  /// Adds `delta` to the count of visible rows with the hash `hash`, when the counts are kept.
  private func count(_ hash: Int, by delta: Int) {
    guard visibleCounts != nil else { return }
    let count = (visibleCounts?[hash] ?? 0) + delta
    visibleCounts?[hash] = count > 0 ? count : nil
  }

  /// The number of visible rows.
  var rowCount: Int { displayedSections[0].elements.count }

  /// The visible row at `position` (in `0..<rowCount`).
  ///
  /// - Complexity: O(1) while ``rows`` is gathered, else O(log *p*) for *p* pieces.
  private func row(at position: Int) -> Outline<Element>.Row {
    if let gatheredRows { return gatheredRows[position] }
    let (source, index) = location(of: position)
    return source.rows[index]
  }

  /// The run of rows holding the visible row at `position` (in `0..<rowCount`), and the row's index in it.
  func location(of position: Int) -> (source: _OutlineRowSource<Element>, index: Int) {
    var (piece, offset) = displayedSections[0].elements.locate(position)
    if case .rows(let pieces as _PiecesSource, let range) = piece {
      (piece, offset) = pieces.tree.leaf(at: range.lowerBound + offset)
    }
    // Every piece of the list is a run of this feed's rows, or a tree of such runs (see `lazyBinders(of:)`
    // and `changeInPlace(_:at:expanding:)`).
    guard case .rows(let source as _OutlineRowSource<Element>, let range) = piece else {
      preconditionFailure("an outline's list holds only runs of its rows")
    }
    return (source, range.lowerBound + offset)
  }

  /// Calls `body` with the runs of rows holding the visible rows in `range`, in order, cut at its bounds, until
  /// it returns `false`.
  private func forEachRun(
    in range: Range<Int>, _ body: (_OutlineRowSource<Element>, Range<Int>) -> Bool
  ) {
    func visit(_ piece: CellBinderList.Piece) -> Bool {
      switch piece {
      case .rows(let pieces as _PiecesSource, let range):
        return pieces.tree.forEachPiece(in: range) { piece, _ in visit(piece) }
      case .rows(let source as _OutlineRowSource<Element>, let range):
        return body(source, range)
      default:
        return true
      }
    }
    for piece in displayedSections[0].elements.pieces(in: range) { guard visit(piece) else { return } }
  }

  /// The visible rows and their elements' hashes, gathered from the runs of the list.
  ///
  /// - Complexity: O(1) for a list of one run, else O(*v*).
  private func gathered() -> (rows: [Outline<Element>.Row], hashes: [Int]) {
    let list = displayedSections[0].elements
    if list.pieces.count == 1, case .rows(let source as _OutlineRowSource<Element>, let range) = list.pieces[0],
      range == source.rows.indices
    {
      return (source.rows, source.walk.hashes)
    }
    var rows: [Outline<Element>.Row] = []
    var hashes: [Int] = []
    rows.reserveCapacity(list.count)
    hashes.reserveCapacity(list.count)
    forEachRun(in: 0..<list.count) { source, range in
      rows += source.rows[range]
      hashes += source.walk.hashes[range]
      return true
    }
    return (rows, hashes)
  }

  /// The section's identity, header and footer.
  private var sectionModel: ListSectionSnapshot.Model {
    ListSectionSnapshot.Model(id: sectionID, header: header, footer: footer)
  }

  /// The binders of the rows of a walk, each made by `cell` when read and identified by its row's element.
  private func lazyBinders(of walk: _OutlineWalk<Element>) -> CellBinderList {
    walk.rows.isEmpty
      ? CellBinderList() : CellBinderList(pieces: [.rows(_OutlineRowSource(walk: walk, cell: cell), walk.rows.indices)])
  }
}

/// The visible rows of an ``OutlineFeed`` and its `cell` function, as the source of a ``CellBinderList``: a row's
/// binder is made when read, and its identity is read from its element.
///
/// `@unchecked Sendable`: every stored property is a `let`; the rows and the function belong to the main actor,
/// and every read runs on it (`MainActor.assumeIsolated` stops a read from elsewhere).
final class _OutlineRowSource<Element: Differentiable>: _CellBinderSource, @unchecked Sendable
where Element.DifferenceIdentifier: Sendable {
  /// The rows, their hashes for the next diff, and where their nodes are, for an expansion in place.
  let walk: _OutlineWalk<Element>
  /// The walk's rows (the same storage), read per row without going through the walk, a generic struct whose
  /// fields code not made for `Element` finds through its type's metadata.
  let rows: [Outline<Element>.Row]
  let cell: (Outline<Element>.Row) -> CellBinder

  init(walk: _OutlineWalk<Element>, cell: @escaping (Outline<Element>.Row) -> CellBinder) {
    self.walk = walk
    self.rows = walk.rows
    self.cell = cell
  }

  func binder(at position: Int) -> CellBinder {
    rememberedBinder(at: position, in: memo) {
      MainActor.assumeIsolated {
        let row = rows[position]
        var binder = cell(row)
        binder.id = ListIdentifier(row.differenceIdentifier)
        return binder
      }
    }
  }

  func identity(at position: Int) -> ListIdentifier {
    MainActor.assumeIsolated { ListIdentifier(rows[position].differenceIdentifier) }
  }

  /// The rows' titles and heights, each read once when first asked.
  let memo = Mutex(_RowMemoTable())
  /// How an element's title is read, when the elements are ``Titled``: asked of the runtime once, not once a
  /// title.
  let titleOfElement = _titleReader(of: Element.self)
  /// Whether the rows are ``Titled``.
  var rowsAreTitled: Bool { titleOfElement != nil }

  func title(at position: Int) -> String? {
    guard rowsAreTitled else { return nil }
    return memo.withLock { table in
      table.title(
        at: position, count: rows.count, one: { titleOfElement?(rows[$0].element) ?? "" }, reading: titles)
    }
  }

  func titlePositions(matching pattern: _QueryPattern, in range: Range<Int>, among candidates: [Int]?) -> [Int]? {
    guard rowsAreTitled else { return nil }
    return memo.withLock {
      $0.titlePositions(
        matching: pattern, in: range, among: candidates, one: { titleOfElement?(rows[$0].element) ?? "" },
        reading: titles)
    }
  }

  /// Every row's title (empty for none).
  private func titles() -> [String] { rows.map { titleOfElement?($0.element) ?? "" } }

  func height(at position: Int) -> RowHeight {
    memoizedHeight(at: position, count: rows.count, in: memo)
  }
}

extension OutlineFeed {
  /// The depth of a row of ``rows``: 0 for a root.
  ///
  /// - Parameter path: The row's position in the feed (section 0).
  /// - Returns: Its depth, or 0 for a position that does not exist.
  public func depth(ofRowAt path: ItemPath) -> Int {
    path.section == 0 && (0..<rowCount).contains(path.item) ? row(at: path.item).depth : 0
  }

  /// Expands the ancestors of every node whose row matches, keeping the expansion from before the filter to
  /// give back when `matches` is `nil`; the other nodes keep that expansion. Until then, each change of the trees
  /// does the same, so that a match it puts in or renames under a collapsed node is shown too: the feed keeps
  /// whether each node matches and how many nodes under it do, and a change matches only the nodes it put in or
  /// changed (and, for changes in several places, the run of sibling nodes from the level where they part). A
  /// row the app collapses that has a match under it stays expanded; the collapse is kept for after.
  ///
  /// - Parameter matches: Whether a row matches, or `nil` to give back the expansion from before.
  /// - Returns: `true`: a filter keeps each match's ancestors.
  /// - Complexity: O(*n*) for *n* nodes: every node's row is made and matched, collapsed or not. Meanwhile a
  ///   change of the trees makes and matches the rows of the nodes it changed, plus O(*d*) for the nodes above
  ///   them (see `followReveal(from:_:)`).
  @discardableResult
  public func revealRows(matching matches: ((CellBinder) -> Bool)?) -> Bool {
    revealedMatches = matches
    guard let matches else {
      revealTree = []
      revealedCounts = [:]
      revealTouches = []
      restoreExpansion()
      return true
    }
    expansionBeforeFilter = expansionBeforeFilter ?? outline.expanded
    buildReveal(matches)
    let expanded = expansionBeforeFilter.map { $0.union(revealedCounts.keys) } ?? outline.expanded
    if expanded != outline.expanded {
      isRevealing = true
      defer { isRevealing = false }
      outline.expanded = expanded
    }
    return true
  }

  /// Keeps a change of the expansion the app made while a filter reveals its matches (`before` to `after`) in
  /// the expansion given back when the filter is cleared.
  ///
  /// - Complexity: O(*e*) in the expanded identities.
  private func keepForAfterFilter(
    from before: Set<Element.DifferenceIdentifier>, to after: Set<Element.DifferenceIdentifier>
  ) {
    guard var kept = expansionBeforeFilter else { return }
    kept.subtract(before.subtracting(after))
    kept.formUnion(after.subtracting(before))
    expansionBeforeFilter = kept
  }

  private func restoreExpansion() {
    guard let before = expansionBeforeFilter else { return }
    expansionBeforeFilter = nil
    if before != outline.expanded { outline.expanded = before }
  }
}

extension OutlineFeed: _HoldingFeed {
  /// The identities among `ids` of the nodes under a collapsed row: the tree holds them and shows no row of them.
  ///
  /// - Complexity: A walk of the trees shown, stopped once every identity was found: O(*N*) for *N* nodes at
  ///   worst (the tree keeps no index of the nodes it does not show); an identity is made only for the nodes under
  ///   a collapsed row.
  func unshownIdentities(among ids: Set<ListIdentifier>) -> Set<ListIdentifier> {
    var found: Set<ListIdentifier> = []
    // Siblings still to walk, and whether a collapsed row is above them.
    var stack: [(nodes: [Outline<Element>.Node], isUnshown: Bool)] = [(shownRoots, false)]
    while found.count < ids.count, let (nodes, isUnshown) = stack.popLast() {
      for node in nodes {
        let id = node.element.differenceIdentifier
        if isUnshown {
          let listID = ListIdentifier(id)
          if ids.contains(listID) { found.insert(listID) }
        }
        if !node.children.isEmpty { stack.append((node.children, isUnshown || !shownExpanded.contains(id))) }
      }
    }
    return found
  }
}
