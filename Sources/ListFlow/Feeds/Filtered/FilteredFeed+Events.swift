extension FilteredFeed {
  /// The position in the source of a row shown at `path` (the same position while no query is set), or `nil`.
  ///
  /// - Parameter path: A position among the filtered rows.
  /// - Returns: The row's position in ``source``.
  /// - Complexity: O(1).
  public func sourcePath(for path: ItemPath) -> ItemPath? {
    guard !query.isEmpty else { return path }
    guard sourceItems.indices.contains(path.section), sourceItems[path.section].indices.contains(path.item),
      sourceSections.indices.contains(path.section)
    else { return nil }
    return ItemPath(item: sourceItems[path.section][path.item], section: sourceSections[path.section])
  }

  /// The position in the source of the row of identity `id` shown at `path`: ``sourcePath(for:)`` while the row
  /// there carries `id`. The list shown lags behind the filter's rows while a change is shown and a callback of it
  /// set the query or changed the source (that change waits behind the one shown): an event the view sends
  /// meanwhile (a terminal view's highlight following its cursor) names a row of the list shown, which is then
  /// looked for by its identity, in the source section the filter maps `path.section` to, else in every source
  /// section.
  ///
  /// - Complexity: One identity read while the list shown is the filter's; else a search of the source's rows.
  func sourcePath(for path: ItemPath, identity id: ListIdentifier) -> ItemPath? {
    let rows = source.displayedSections
    let mapped = sourcePath(for: path)
    if let mapped, rows.identity(ofRowAt: mapped) == id { return mapped }
    let section = sourceSection(for: path.section)
    if rows.indices.contains(section), let item = rows[section].elements.firstIndex(ofIdentity: id) {
      return ItemPath(item: item, section: section)
    }
    return rows.path(ofRow: id)
  }

  /// The source position of a row of the list last sent (`shownMapping`): while a change is sent, a position
  /// before it.
  func shownSourcePath(for path: ItemPath) -> ItemPath? {
    guard let (items, sections) = shownMapping else { return path }
    guard items.indices.contains(path.section), items[path.section].indices.contains(path.item),
      sections.indices.contains(path.section)
    else { return nil }
    return ItemPath(item: items[path.section][path.item], section: sections[path.section])
  }

  /// The feed that owns each section of the source now, and the section's index there (see `shownOwners`).
  ///
  /// - Complexity: O(*s* log *c*) for *s* sections of a composite of *c* children.
  func sourceOwners() -> [SectionRoute] {
    source.displayedSections.indices.map { section in
      guard let (feed, local) = source.feed(owningSection: section) else {
        return SectionRoute(owner: nil, localSection: section)
      }
      return SectionRoute(owner: feed, localSection: local)
    }
  }

  /// The feed that owned a section of the source when the list last sent was sent, and the section's index there:
  /// while a change is sent, its owner before it (`shownOwners`).
  func shownOwner(ofSourceSection section: Int) -> (feed: any ListFeed<ListSectionSnapshot>, section: Int)? {
    guard shownOwners.indices.contains(section), let owner = shownOwners[section].owner else { return nil }
    return (owner, shownOwners[section].localSection)
  }

  /// The index in the source of a section shown at `section`.
  func sourceSection(for section: Int) -> Int {
    guard !query.isEmpty else { return section }
    return sourceSections.indices.contains(section) ? sourceSections[section] : section
  }

  /// A delegate that sends each event of a filtered row to the delegate of the feed that owns the row under
  /// the source (through nested composites), with the row's position there.
  func forwarding(to source: any ListFeed<ListSectionSnapshot>) -> SyncDelegate {
    // A row named by its position and its binder: found by its identity when the filter's rows moved on.
    let row: (ItemPath, CellBinder?) -> (SyncDelegate, ItemPath)? = { [weak self] path, binder in
      guard let self,
        let sourcePath = binder.map({ self.sourcePath(for: path, identity: $0.id) }) ?? self.sourcePath(for: path),
        let (leaf, local) = source.leaf(ofRow: sourcePath)
      else { return nil }
      return (leaf.eventDelegate, local)
    }
    let section: (Int) -> (SyncDelegate, Int)? = { [weak self] index in
      guard let self, let (leaf, local) = source.feed(owningSection: self.sourceSection(for: index)) else {
        return nil
      }
      return (leaf.eventDelegate, local)
    }
    var routed = SyncDelegate()
    // A row chosen through the filter is deselected as the feed that owns it under the source would deselect it
    // (a composite's child, with its own setting); the source's setting is the one read without a row.
    let deselects = source.eventDelegate.deselectsAutomatically
    routed.deselectsAutomatically = deselects
    routed.deselectsRowAutomatically = { path in
      guard let (delegate, local) = row(path, nil) else { return deselects }
      return delegate.deselectsAutomatically(rowAt: local)
    }
    routed.didSelectRow = { path, binder in if let (d, p) = row(path, binder) { d.didSelectRow(p, binder) } }
    routed.didDeselectRow = { path, binder in if let (d, p) = row(path, binder) { d.didDeselectRow(p, binder) } }
    routed.didHighlightRow = { path, binder in if let (d, p) = row(path, binder) { d.didHighlightRow(p, binder) } }
    routed.didUnhighlightRow = { path, binder in if let (d, p) = row(path, binder) { d.didUnhighlightRow(p, binder) } }
    routed.willDisplayCell = { cell, path in if let (d, p) = row(path, nil) { d.willDisplayCell(cell, p) } }
    // A row's display ends at its position in the list the view showed: while a change is sent, the list before it.
    routed.didEndDisplayingCell = { [weak self] cell, path in
      guard let self, let sourcePath = self.shownSourcePath(for: path),
        let (leaf, section) = self.shownOwner(ofSourceSection: sourcePath.section)
      else { return }
      leaf.eventDelegate.didEndDisplayingCell(cell, ItemPath(item: sourcePath.item, section: section))
    }
    routed.willDisplayHeader = { cell, index in if let (d, s) = section(index) { d.willDisplayHeader(cell, s) } }
    // Sections, as rows, by the list the view showed.
    let shownSection: (Int) -> (SyncDelegate, Int)? = { [weak self] index in
      guard let self else { return nil }
      let sourceSection =
        if let (_, sections) = self.shownMapping { sections.indices.contains(index) ? sections[index] : index } else {
          index
        }
      guard let (leaf, local) = self.shownOwner(ofSourceSection: sourceSection) else { return nil }
      return (leaf.eventDelegate, local)
    }
    routed.didEndDisplayingHeader = { cell, index in
      if let (d, s) = shownSection(index) { d.didEndDisplayingHeader(cell, s) }
    }
    routed.willDisplayFooter = { cell, index in if let (d, s) = section(index) { d.willDisplayFooter(cell, s) } }
    routed.didEndDisplayingFooter = { cell, index in
      if let (d, s) = shownSection(index) { d.didEndDisplayingFooter(cell, s) }
    }
    // A row, header or footer the list keeps that left the screen (scrolled off, or pushed off by a change) ends
    // at its position in the filter's rows now, with the feed that owns it now: after the change, as it is drawn.
    routed.didEndDisplayingKept = { cell, element in
      switch element {
      case .row(let path):
        if let (d, p) = row(path, nil) { d.endDisplaying(keptCell: cell, at: .row(p)) }
      case .header(let index):
        if let (d, s) = section(index) { d.endDisplaying(keptCell: cell, at: .header(section: s)) }
      case .footer(let index):
        if let (d, s) = section(index) { d.endDisplaying(keptCell: cell, at: .footer(section: s)) }
      }
    }
    routed.canEditRow = { path, binder in row(path, binder).map { $0.0.canEditRow($0.1, binder) } ?? false }
    routed.editActions = { path, binder in row(path, binder).map { $0.0.editActions($0.1, binder) } ?? [] }
    routed.commitEdit = { action, path, binder in
      if let (d, p) = row(path, binder) { d.commitEdit(action, p, binder) }
    }
    // Rows move while no query is set: the rows shown are the source's, at the same positions. A move reaches
    // the delegate of the feed that owns the row, mapped by section (after the move, the row at the source
    // position may be gone).
    routed.canMoveRow = { [weak self] path, binder in
      guard let self, self.query.isEmpty, let (delegate, local) = row(path, binder) else { return false }
      return delegate.canMoveRow(local, binder)
    }
    routed.didMoveRow = { move, binder in
      guard let (delegate, source) = section(move.source.section), let (_, target) = section(move.target.section)
      else { return }
      delegate.didMoveRow(
        Move(
          source: ItemPath(item: move.source.item, section: source),
          target: ItemPath(item: move.target.item, section: target)), binder)
    }
    routed.didChangeSelection = { [weak self] change in self?.forwardSelectionChange(change, to: source) }
    routed.didReceiveCellAction = { event in
      let element: ListElement
      let delegate: SyncDelegate
      switch event.element {
      case .row(let path):
        guard let (d, p) = row(path, event.row) else { return }
        (delegate, element) = (d, .row(p))
      case .header(let index):
        guard let (d, s) = section(index) else { return }
        (delegate, element) = (d, .header(section: s))
      case .footer(let index):
        guard let (d, s) = section(index) else { return }
        (delegate, element) = (d, .footer(section: s))
      }
      delegate.deliver(SyncDelegate.CellAction(action: event.action, element: element, row: event.row))
    }
    return routed
  }
}

extension FilteredFeed {
  /// Tells the feed that owns each row of a change under `source` (the source itself, or a child of a composite
  /// source) of its own rows only: the identities of those rows, at their positions there. An identity removed
  /// with no position (a selected row the source deleted) reaches each feed that was told it was selected
  /// (``selectionOwners``).
  ///
  /// The change's positions are those of the list shown, mapped through the filter's newest rows: a position
  /// whose row there does not carry an identity of the change (the list shown lags behind them) is left out, and
  /// the identities it left without a feed are looked up among the newest rows. While a query is set, the
  /// change's identities are looked up among the source's rows too, since selection follows identity: the feed
  /// that owns a row the query hides hears of it with no position (selected or deselected by its identity),
  /// even where another row of the identity is shown; one that the source hides in turn (a filter under it) goes
  /// to the feed that hides it.
  ///
  /// - Complexity: O(*r*) for the *r* identities and positions of the change, plus a look-up of its identities
  ///   among the source's rows while a query is set (`sourceRows(ofIdentities:)`), and of the identities left without a feed, when there are
  ///   some, among the rows shown (as `hiddenIdentities(among:)` looks them up: no pass over every row), plus,
  ///   now and then, a pass over the identities the feeds were told are selected, to forget those no longer
  ///   selected.
  func forwardSelectionChange(_ change: ListSelection.Change, to source: any ListFeed<ListSectionSnapshot>) {
    var split = ListSelection.Change.SplitByFeed(selection: change.selection)
    /// Tells the feed that owns the row shown at `path` of the row's identity `id`, at the row's position there.
    func note(_ id: ListIdentifier, at path: ItemPath, added: Bool) -> Bool {
      guard let sourcePath = sourcePath(for: path), let (feed, local) = source.leaf(ofRow: sourcePath) else {
        return false
      }
      split.note(id, at: local, of: feed, added: added)
      return true
    }
    let addedIDs = Set(change.added)
    let removedIDs = Set(change.removed)
    var unplacedAdded = addedIDs
    var unplacedRemoved = removedIDs
    for (paths, added) in [(change.addedRows, true), (change.removedRows, false)] {
      for path in paths {
        guard displayedSections.indices.contains(path.section),
          displayedSections[path.section].elements.indices.contains(path.item)
        else { continue }
        let id = displayedSections[path.section].elements.identity(at: path.item)
        guard (added ? addedIDs : removedIDs).contains(id), note(id, at: path, added: added) else { continue }
        if added { unplacedAdded.remove(id) } else { unplacedRemoved.remove(id) }
      }
    }
    // An identity removed reaches every feed told it was selected, with no position where it has none there.
    for id in change.removed {
      guard let owners = selectionOwners.removeValue(forKey: id) else { continue }
      for owner in owners.feeds {
        split.note(id, at: nil, of: owner, added: false)
        unplacedRemoved.remove(id)
      }
    }
    // Identities left without a feed (positions of a list shown that lags behind the newest rows): looked up there.
    if !unplacedAdded.isEmpty || !unplacedRemoved.isEmpty {
      let ids = unplacedAdded.union(unplacedRemoved)
      for (index, section) in displayedSections.enumerated() {
        for item in section.elements.positions(ofIdentities: ids) {
          let id = section.elements.identity(at: item)
          _ = note(id, at: ItemPath(item: item, section: index), added: unplacedAdded.contains(id))
        }
      }
    }
    // Rows of the change's identities that the query hides: selected by identity while hidden, or deselected
    // while hidden, even where another row of the identity is shown (selection follows identity). The feed that
    // owns each under the source hears of it with no position; one that the source hides in turn (a filter under
    // it), the feed that hides it.
    let changed = addedIDs.union(removedIDs)
    if !query.isEmpty {
      let sections = source.displayedSections
      for path in sourceRows(ofIdentities: changed) {
        let id = sections[path.section].elements.identity(at: path.item)
        guard let (feed, _) = source.leaf(ofRow: path) else { continue }
        split.note(id, at: nil, of: feed, added: addedIDs.contains(id))
      }
    }
    for (id, feeds) in _hidingFeeds(of: changed, in: source) {
      for feed in feeds { split.note(id, at: nil, of: feed, added: addedIDs.contains(id)) }
    }
    for (feed, added) in split.addedByFeed {
      for id in added { selectionOwners[id, default: _SelectionOwners()].insert(feed) }
    }
    // Identities that left the selection unseen (a hidden row deselected) are forgotten now and then.
    if selectionOwners.count > 2 * change.selection.count + 16 {
      selectionOwners = selectionOwners.filter { change.selection.contains($0.key) }
    }
    split.send()
  }
}

/// The feeds under a filter's source that were told a row of theirs is selected (one, unless rows of several
/// carry the identity), held weakly.
struct _SelectionOwners {
  private weak var first: (any ListFeed<ListSectionSnapshot>)?
  private var others: [_WeakFeed] = []

  /// The feeds still there.
  var feeds: [any ListFeed<ListSectionSnapshot>] {
    ([first].compactMap { $0 }) + others.compactMap(\.feed)
  }

  /// Adds a feed, once.
  mutating func insert(_ feed: any ListFeed<ListSectionSnapshot>) {
    guard first !== feed, !others.contains(where: { $0.feed === feed }) else { return }
    if first == nil { first = feed } else { others.append(_WeakFeed(feed: feed)) }
  }
}

/// A feed held weakly.
struct _WeakFeed {
  weak var feed: (any ListFeed<ListSectionSnapshot>)?
}

extension FilteredFeed {
  /// The events of the filtered rows, sent on to the feed that owns each row under the source, at the row's
  /// position there: a change of the selection reaches each such feed with its own rows only (a selected row it
  /// deleted with no position), and a row chosen is deselected automatically when the delegate of the feed that
  /// owns it says so (``SyncDelegate/deselectsAutomatically``; this delegate's own reads the source's).
  ///
  /// A position is mapped through the filter's newest rows. While the list shown lags behind them (the query or
  /// the source changed from a callback during a change, and that change waits; or between the stages of one
  /// change), an event of a row may be mapped through the newer rows, so keep to the row's binder (passed with
  /// selection, edit and move events) rather than its position in such callbacks.
  public var delegate: SyncDelegate { forwarding(to: source) }

  /// Moves a row in the source, while no query is set (the rows shown are then the source's, at the same
  /// positions): the feed that owns the row takes it as it would unfiltered.
  ///
  /// - Parameter move: The move, in this feed's positions.
  /// - Throws: ``ListFlowError/rowNotMovable(_:)`` while a query is set, or what the source throws.
  public func moveRow(_ move: Move<ItemPath>) throws(ListFlowError) {
    guard query.isEmpty else { throw .rowNotMovable(move.source) }
    try source.moveRow(move)
  }

  /// Whether a row the query hides is held by the source (so that its selection is kept).
  ///
  /// - Parameter id: A row's identity.
  /// - Returns: Whether the query hides it, or the source hides it.
  /// - Complexity: The row looked up in the source's rows and in the rows shown, once until they change (O(1) a
  ///   section for rows made from values whose identities are known, once searched); from the 17th row asked
  ///   about since they changed, ``hiddenRows`` (O(*n*) once), so that asking about every row costs one pass.
  ///   Over a source of binders, every row asked about is looked up in a table of the source's rows, made once
  ///   until the source changes.
  public func hidesRow(_ id: ListIdentifier) -> Bool { queryHides(id) || source.hidesRow(id) }

  /// Whether the source holds a row `id` and the query hides it: ``hiddenRows`` when it is known, else a look-up
  /// of the row, for the first ``hiddenRowLookups`` rows asked about since the rows shown changed.
  private func queryHides(_ id: ListIdentifier) -> Bool {
    if let hiddenRowsCache { return hiddenRowsCache.contains(id) }
    if let known = hiddenRowAnswers[id] { return known }
    // Over a source of binders every row is looked up in the table of the source's rows: no pass is cheaper.
    guard hiddenRowAnswers.count < Self.hiddenRowLookups || sourceScansIdentities else {
      return hiddenRows.contains(id)
    }
    let ids: Set = [id]
    let hidden =
      !query.isEmpty && !sourceIdentities(among: ids).isEmpty
      && !displayedSections.contains { !$0.elements.positions(ofIdentities: ids).isEmpty }
    hiddenRowAnswers[id] = hidden
    return hidden
  }

  /// The rows ``hidesRow(_:)`` looks up one by one after the rows shown changed.
  static let hiddenRowLookups = 16
}

extension FilteredFeed: _HidingFeed {
  /// The identities among `ids` that the query or the source hides: the identities looked up together in the
  /// source's rows and then in the rows shown (no pass over every row, where ``hidesRow(_:)`` makes one from the
  /// 17th row asked about).
  ///
  /// - Complexity: O(*s* × *k*) look-ups of *k* identities in *s* sections for rows made from values whose
  ///   identities are known (see `CellBinderList.positions(ofIdentities:)`); over a source of binders, a look-up
  ///   of each in the table of the source's rows (`sourceRows(ofIdentities:)`).
  func hiddenIdentities(among ids: Set<ListIdentifier>) -> Set<ListIdentifier> {
    let bySource = _hiddenIdentities(among: ids, in: source)
    guard !query.isEmpty else { return bySource }
    if let hiddenRowsCache { return bySource.union(ids.filter { hiddenRowsCache.contains($0) }) }
    let inSource = sourceIdentities(among: ids)
    return bySource.union(inSource.subtracting(_heldIdentities(among: inSource, in: displayedSections)))
  }

  /// The identities among `ids` of which the source holds a row that this feed does not show: rows the query
  /// hides, even where it shows another row of the identity, and rows the source hides (a filter under it). Where
  /// `hiddenIdentities(among:)` asks whether no row of an identity is shown, this asks whether any is hidden: a
  /// selection change reaches every row of its identities, so each feed that hides one hears of it.
  ///
  /// - Complexity: The identities looked up together in the source's rows and then in the rows shown (see
  ///   `CellBinderList.positions(ofIdentities:)`; over a source of binders, `sourceRows(ofIdentities:)`), plus
  ///   the source's answer; no pass over every row but the one that lists a source of binders once a change.
  func identitiesWithHiddenRows(among ids: Set<ListIdentifier>) -> Set<ListIdentifier> {
    var hidden = Set(_hidingFeeds(of: ids, in: source).keys)
    guard !query.isEmpty else { return hidden }
    /// How many rows carry each of `ids` in `sections`, added to `count` (`sign` 1) or taken from it (-1).
    func count(
      _ ids: Set<ListIdentifier>, in sections: [ListSectionSnapshot], into count: inout [ListIdentifier: Int], sign: Int
    ) {
      for section in sections {
        for position in section.elements.positions(ofIdentities: ids) {
          count[section.elements.identity(at: position), default: 0] += sign
        }
      }
    }
    var rows: [ListIdentifier: Int] = [:]
    let sections = source.displayedSections
    for path in sourceRows(ofIdentities: ids) {
      rows[sections[path.section].elements.identity(at: path.item), default: 0] += 1
    }
    guard !rows.isEmpty else { return hidden }
    count(Set(rows.keys), in: displayedSections, into: &rows, sign: -1)
    for (id, left) in rows where left > 0 { hidden.insert(id) }
    return hidden
  }
}

extension FilteredFeed: _HoldingFeed {
  /// The identities among `ids` of rows the source holds that this feed does not show: those the source holds
  /// and does not show itself (a tree's rows under a collapsed row, a filter's under it), and, while a query is
  /// set, the source's rows of which no row is shown here.
  ///
  /// - Complexity: The source's answer, then the identities left looked up together in the source's rows and in
  ///   the rows shown (see `CellBinderList.positions(ofIdentities:)`); no pass over every row where the rows'
  ///   identities are known; over a source of binders, in the table of the source's rows
  ///   (`sourceRows(ofIdentities:)`).
  func unshownIdentities(among ids: Set<ListIdentifier>) -> Set<ListIdentifier> {
    let bySource = _unshownIdentities(among: ids, in: source)
    guard !query.isEmpty, bySource.count < ids.count else { return bySource }
    let inSource = sourceIdentities(among: ids.subtracting(bySource))
    return bySource.union(inSource.subtracting(_heldIdentities(among: inSource, in: displayedSections)))
  }
}

extension FilteredFeed {
  /// Expands or collapses a row of the source, at the row's position there. While a query is set over a source
  /// that reveals the ancestors of its matches, the query decides the expansion, and nothing changes.
  ///
  /// - Parameters:
  ///   - expanded: Whether the row should show its children.
  ///   - path: The row's position in the filtered list.
  /// - Returns: Whether the expansion changed.
  @discardableResult
  public func setExpanded(_ expanded: Bool, forRowAt path: ItemPath) -> Bool {
    guard !followsQuery, let sourcePath = sourcePath(for: path) else { return false }
    return source.setExpanded(expanded, forRowAt: sourcePath)
  }

  /// Whether a row is expanded, as the source says; `nil` while the query decides the expansion.
  ///
  /// - Parameter path: The row's position in the filtered list.
  /// - Returns: The source's answer.
  public func isRowExpanded(at path: ItemPath) -> Bool? {
    guard !followsQuery, let sourcePath = sourcePath(for: path) else { return nil }
    return source.isRowExpanded(at: sourcePath)
  }

  /// The depth of a row, as the source says.
  ///
  /// - Parameter path: The row's position in the filtered list.
  /// - Returns: The source's answer.
  public func depth(ofRowAt path: ItemPath) -> Int {
    sourcePath(for: path).map { source.depth(ofRowAt: $0) } ?? 0
  }

  /// Whether the query decides which rows of a tree are expanded.
  var followsQuery: Bool { !query.isEmpty && sourceRevealsRows }
}
