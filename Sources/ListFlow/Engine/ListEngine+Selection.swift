extension ListEngine {
  // MARK: Reading

  /// How many rows can be selected; lowering it keeps the most recently selected rows.
  ///
  /// Setting it while a change is applied (from a delegate closure) takes effect once the change is done.
  public var selectionMode: ListSelection.Mode {
    get { selection.mode }
    set { enqueue(.editSelection { $0.mode = newValue }) }
  }

  /// The positions of the selected rows in the list shown, ascending (every row that carries a selected
  /// identity). A selected row that a filter hides has no position.
  ///
  /// - Complexity: O(1) when nothing is selected; for rows made from values whose identities are known (the
  ///   rows of a ``ListController`` made with `rows:cell:`), a look-up per selected identity and section (each
  ///   run of rows keeps a table of its identities once searched); else O(*n*) in the number of rows.
  public var selectedRows: [ItemPath] {
    guard !selection.isEmpty else { return [] }
    return rows(carrying: Set(selection.identifiers))
  }

  /// Whether the row at a position is selected; `false` for a position out of range.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: Whether its identity is selected.
  /// - Complexity: O(1).
  public func isRowSelected(at path: ItemPath) -> Bool {
    guard !selection.isEmpty, let id = snapshot.identity(ofRowAt: path) else { return false }
    return selection.contains(id)
  }

  // MARK: Changing

  /// Replaces the selection, for example with one an app kept in its state. Its mode becomes the list's mode;
  /// identities of rows that the list neither shows nor hides (with a filter) are left out.
  ///
  /// Called while a change is applied (from a delegate closure), it takes effect once the change is done, as
  /// every selection method does, and its identities are looked up then, in the list after the change: a row
  /// that change adds is selected. ``SyncDelegate/didChangeSelection`` is called when something changed.
  ///
  /// - Parameter selection: The new selection.
  public func setSelection(_ selection: ListSelection) {
    // Identities are resolved when the edit runs: a call queued behind a change sees the rows it adds.
    enqueue(
      .editSelection { [unowned self] in
        $0 = ListSelection(mode: selection.mode, identifiers: knownIdentifiers(selection.identifiers))
      })
  }

  /// Selects the rows with an identity (all of them when several rows share it); in ``ListSelection/Mode/single`` it
  /// replaces the row selected. An identity that the list neither shows nor hides when the call takes effect
  /// (after the change under way, if any) is ignored, as is every call in ``ListSelection/Mode/none``.
  ///
  /// - Parameter id: A row's identity.
  public func select(_ id: ListIdentifier) {
    enqueue(.editSelection { [unowned self] in $0.select(contentsOf: knownIdentifiers([id])) })
  }

  /// Selects the row at a position (and every row that shares its identity).
  ///
  /// - Parameter path: The row's position in the list shown.
  /// - Throws: An out-of-range error (also reported to the delegate); the selection is unchanged then.
  public func select(rowAt path: ItemPath) throws(ListFlowError) {
    let id = try reportedIdentity(ofRowAt: path)
    enqueue(.editSelection { $0.select(id) })
  }

  /// Deselects the rows with an identity; an identity that is not selected is ignored.
  ///
  /// - Parameter id: A row's identity.
  public func deselect(_ id: ListIdentifier) {
    enqueue(.editSelection { $0.deselect(id) })
  }

  /// Deselects the row at a position (and every row that shares its identity).
  ///
  /// - Parameter path: The row's position in the list shown.
  /// - Throws: An out-of-range error (also reported to the delegate); the selection is unchanged then.
  public func deselect(rowAt path: ItemPath) throws(ListFlowError) {
    let id = try reportedIdentity(ofRowAt: path)
    enqueue(.editSelection { $0.deselect(id) })
  }

  /// Selects every row the list shows when the call takes effect (after the change under way, if any), in
  /// order (in ``ListSelection/Mode/single``, the last one). Rows a filter hides are not added, and those already
  /// selected stay selected.
  ///
  /// - Complexity: O(*n*) in the number of rows.
  public func selectAll() {
    enqueue(.editSelection { [unowned self] in $0.select(contentsOf: snapshot.flatMap { $0.elements.identities }) })
  }

  /// Deselects every row, those a filter hides too.
  public func clearSelection() {
    enqueue(.editSelection { $0.removeAll() })
  }

  /// The user toggled a row (the space key of a multi-select list): a selected row leaves ``selection``, any
  /// other row joins it (in ``ListSelection/Mode/single`` it replaces the row selected; in
  /// ``ListSelection/Mode/none`` nothing changes). It is reported by ``SyncDelegate/didChangeSelection`` only:
  /// toggling is not choosing, so ``SyncDelegate/didSelectRow`` (Enter) is not called.
  ///
  /// Called while a change is applied, the position names the row the caller sees now; whether that row is
  /// selected is read when the toggle takes effect, after the calls queued before it.
  ///
  /// - Parameter path: The row's position.
  /// - Throws: An out-of-range error (also reported to the delegate).
  public func toggleSelection(ofRowAt path: ItemPath) throws(ListFlowError) {
    guard isApplying else { return try toggleNow(ofRowAt: path) }
    enqueue(.toggleSelection(try reportedIdentity(ofRowAt: path)))
  }

  private func toggleNow(ofRowAt path: ItemPath) throws(ListFlowError) {
    let id = try reportedRow(at: path).id
    if selection.contains(id) {
      editSelection { $0.deselect(id) }
    } else {
      editSelection { $0.select(id) }
    }
  }

  /// Runs a toggle that waited for a change: on the first row that still has the identity, if any. Its edit of
  /// the selection is made at once, so that it keeps its place among the calls queued after it.
  func performQueuedToggle(of id: ListIdentifier) {
    guard let path = snapshot.path(ofRow: id) else { return }
    editsSelectionAtOnce = true
    defer { editsSelectionAtOnce = false }
    try? toggleNow(ofRowAt: path)
  }

  /// Edits the selection in order: queued behind the change under way, or at once inside a queued toggle.
  func editSelection(_ edit: @escaping (inout ListSelection) -> Void) {
    if editsSelectionAtOnce {
      // Only the toggle's own edit: calls from the delegate closures it triggers wait their turn.
      editsSelectionAtOnce = false
      performSelectionEdit(edit)
    } else {
      enqueue(.editSelection(edit))
    }
  }

  // MARK: Following the list

  /// Notes the selected rows a stage deletes (positions in ``snapshot``, the list before the stage): once the
  /// change is done, those that are nowhere in the list leave the selection.
  func noteDeletedSelection(in stage: Changeset<ListSnapshot>) {
    let before = snapshot
    let routes = routingBeforeStage
    func note(_ id: ListIdentifier, section: Int) {
      selectionCandidates.insert(id)
      if deletedSelectionOwners[id] == nil, let routes, routes.indices.contains(section) {
        deletedSelectionOwners[id] = routes[section]
      }
    }
    for path in stage.elementDeleted {
      guard let id = before.identity(ofRowAt: path), selection.contains(id) else { continue }
      note(id, section: path.section)
    }
    for section in stage.sectionDeleted where before.indices.contains(section) {
      for id in before[section].elements.identities where selection.contains(id) {
        note(id, section: section)
      }
    }
  }

  /// The owners of the selected rows in `gone`, which a change deleted: noted as each was deleted, or found in
  /// the list before a reload. Forgets what was noted.
  ///
  /// - Complexity: O(*g*) for *g* identities; after a reload, a look-up of those not noted in each section of
  ///   the list before it.
  private func takeDeletedSelectionOwners(of gone: [ListIdentifier]) -> [ListIdentifier: SectionRoute] {
    defer {
      deletedSelectionOwners = [:]
      listBeforeReload = nil
    }
    var owners: [ListIdentifier: SectionRoute] = [:]
    var unknown: Set<ListIdentifier> = []
    for id in gone {
      if let route = deletedSelectionOwners[id] { owners[id] = route } else { unknown.insert(id) }
    }
    guard !unknown.isEmpty, let (list, routes) = listBeforeReload, let routes else { return owners }
    for section in list.indices where section < routes.count && !unknown.isEmpty {
      for position in list[section].elements.positions(ofIdentities: unknown) {
        let id = list[section].elements.identity(at: position)
        owners[id] = routes[section]
        unknown.remove(id)
      }
    }
    return owners
  }

  /// After a change: the selected identities whose rows were deleted and are neither in the list nor hidden by
  /// a filter leave the selection, and so do hidden ones that their feed dropped. Costs nothing when no selected
  /// row was deleted and none is hidden; the hidden ones are asked of their feed again only when it said its
  /// hidden rows changed, or the list reloaded.
  ///
  /// The feed a hidden row left the list shown from (``hiddenSelectionOwners``) hears when it leaves the
  /// selection, as the feed of a row deleted does: found among the rows the change deleted, as theirs are, so a
  /// row hidden costs no look-up except after a reload (see `takeDeletedSelectionOwners(of:)`).
  func followSelection() {
    // Hidden rows that a feed no longer hides are either shown again (selected rows like any other, whether or
    // not they are still in this set) or gone from the feed, which says so; rows deselected meanwhile are no
    // longer followed. Their owners are kept for this pass, for those that are gone (or hidden again).
    var released: [ListIdentifier: SectionRoute] = [:]
    var unhidden: Set<ListIdentifier> = []
    if !hiddenSelection.isEmpty {
      let stale = hiddenSelectionIsStale
      let stillHidden = stale ? hiddenIdentities(among: hiddenSelection.filter { selection.contains($0) }) : []
      unhidden = hiddenSelection.filter { !selection.contains($0) || (stale && !stillHidden.contains($0)) }
      hiddenSelection.subtract(unhidden)
      selectionCandidates.formUnion(unhidden)
      for id in unhidden {
        if let route = hiddenSelectionOwners.removeValue(forKey: id) { released[id] = route }
      }
    }
    hiddenSelectionIsStale = false
    guard !selectionCandidates.isEmpty else {
      deletedSelectionOwners = [:]
      listBeforeReload = nil
      return
    }
    let candidates = selectionCandidates
    selectionCandidates = []
    let shown = identifiers(in: candidates)
    let missing = candidates.filter { selection.contains($0) && !shown.contains($0) }
    let hidden = hiddenIdentities(among: missing)
    hiddenSelection.formUnion(hidden)
    // Hidden rows that the feed shows already in a list still queued (a callback changed a filter's query while
    // the selection changed): not gone, and looked at again once that list is shown. The feed answers for its
    // newest rows, so a row a query no longer hides is shown there, not here yet. (A row deleted from the list
    // shown and put back is a new row, as ever.)
    let coming = _heldIdentities(among: missing.subtracting(hidden).intersection(unhidden), in: feed.displayedSections)
    let gone = Array(missing.subtracting(hidden).subtracting(coming))
    let newlyHidden = hidden.filter { hiddenSelectionOwners[$0] == nil && released[$0] == nil }
    var owners = takeDeletedSelectionOwners(of: gone + newlyHidden + coming)
    for id in coming {
      selectionCandidates.insert(id)
      if let route = owners.removeValue(forKey: id) ?? released[id] { deletedSelectionOwners[id] = route }
    }
    for id in hidden {
      if let route = owners.removeValue(forKey: id) ?? released[id] { hiddenSelectionOwners[id] = route }
    }
    for id in gone where owners[id] == nil {
      // A row hidden and then deleted by its source: the feed that hid it hears, as it would of a row shown.
      if let route = released[id] { owners[id] = route }
    }
    guard !gone.isEmpty else { return }
    var next = selection
    next.deselect(contentsOf: gone)
    commitSelection(next, deletedRowOwners: owners)
  }

  /// A feed's hidden rows changed: once the change under way is done, hidden selected rows that no feed holds
  /// any more leave the selection.
  func followHiddenSelection() {
    guard !hiddenSelection.isEmpty else { return }
    hiddenSelectionIsStale = true
    enqueue(.editSelection { _ in })
  }

  /// Applies a queued edit of the selection; an identity added meanwhile whose row left is dropped again.
  func performSelectionEdit(_ edit: (inout ListSelection) -> Void) {
    var next = selection
    edit(&next)
    let added = next.difference(from: selection).added
    if !added.isEmpty {
      let shown = identifiers(in: Set(added))
      let offscreen = added.filter { !shown.contains($0) }
      // A row selected while a feed hides it: that feed hears of it (with no position), and of its deselection.
      let hiding = _hidingFeeds(of: Set(offscreen), in: feed)
      for (id, owners) in hiding {
        hiddenSelection.insert(id)
        if hiddenSelectionOwners[id] == nil, let owner = owners.first {
          hiddenSelectionOwners[id] = SectionRoute(owner: owner, localSection: 0)
        }
      }
      next.deselect(contentsOf: offscreen.filter { hiding[$0] == nil })
    }
    commitSelection(next)
    followSelection()
  }

  /// Makes `next` the selection and, when identities were added or removed, tells the view, the owners of the
  /// rows concerned (local positions), then ``delegate``; a change of mode alone is told to the view only.
  ///
  /// - Parameters:
  ///   - next: The new selection.
  ///   - deletedRowOwners: The owners of removed identities whose rows a change deleted: each hears of its
  ///     identity, with no position, as the owner of a hidden row does (``hiddenSelectionOwners``).
  func commitSelection(_ next: ListSelection, deletedRowOwners: [ListIdentifier: SectionRoute] = [:]) {
    let (added, removed) = next.difference(from: selection)
    let modeChanged = next.mode != selection.mode
    selection = next
    guard !added.isEmpty || !removed.isEmpty else {
      // A new mode alone changes how the view draws rows (a mark column), not which rows are selected.
      if modeChanged { view.selectionDidChange(ListSelection.Change(selection: next, added: [], removed: [])) }
      return
    }
    let addedRows = rows(carrying: Set(added))
    let removedRows = rows(carrying: Set(removed))
    let change = ListSelection.Change(
      selection: next, added: added, removed: removed, addedRows: addedRows, removedRows: removedRows)
    view.selectionDidChange(change)
    notifyOwners(of: change, deletedRowOwners: deletedRowOwners)
    delegate.didChangeSelection(change)
  }

  /// Tells each feed that owns rows of a change, with the change narrowed to its rows in its positions.
  ///
  /// - Complexity: O(*r*) for the *r* rows of the change (see ``ListSelection/Change/SplitByFeed``).
  private func notifyOwners(
    of change: ListSelection.Change, deletedRowOwners: [ListIdentifier: SectionRoute] = [:]
  ) {
    var split = ListSelection.Change.SplitByFeed(selection: change.selection)
    func add(_ path: ItemPath, added: Bool) {
      guard let route = route(forSection: path.section), let owner = route.owner,
        let id = snapshot.identity(ofRowAt: path)
      else { return }
      split.note(id, at: ItemPath(item: path.item, section: route.localSection), of: owner, added: added)
    }
    for path in change.addedRows { add(path, added: true) }
    for path in change.removedRows { add(path, added: false) }
    // A row hidden by a feed (a filter's query) has no position: the feed that hides it hears of its identity
    // alone, whether or not another row of the identity is shown (selection follows identity); so does the owner
    // of a row deleted, or deleted while hidden (``hiddenSelectionOwners``).
    let addedIDs = Set(change.added)
    for (id, owners) in _hidingFeeds(of: addedIDs.union(change.removed), in: feed) {
      for owner in owners { split.note(id, at: nil, of: owner, added: addedIDs.contains(id)) }
    }
    for id in change.removed {
      guard let owner = (deletedRowOwners[id] ?? hiddenSelectionOwners[id])?.owner else { continue }
      split.note(id, at: nil, of: owner, added: false)
    }
    split.send()
  }

  // MARK: Lookups

  /// The identities among `ids` that the list shows or a filter hides, in order.
  private func knownIdentifiers(_ ids: [ListIdentifier]) -> [ListIdentifier] {
    guard !ids.isEmpty else { return [] }
    let shown = identifiers(in: Set(ids))
    let hidden = hiddenIdentities(among: Set(ids.filter { !shown.contains($0) }))
    return ids.filter { shown.contains($0) || hidden.contains($0) }
  }

  /// The identities among `ids` that rows of the list shown carry.
  ///
  /// - Complexity: See ``rows(carrying:)``.
  private func identifiers(in ids: Set<ListIdentifier>) -> Set<ListIdentifier> {
    Set(rows(carrying: ids).compactMap { snapshot.identity(ofRowAt: $0) })
  }

  /// The positions of the rows that carry one of `ids`, ascending.
  ///
  /// - Complexity: O(*s* × *k*) look-ups of *k* identities in *s* sections for rows made from values whose
  ///   identities are known (O(1) each once a run of rows was searched); O(*n*) identity reads for binders.
  private func rows(carrying ids: Set<ListIdentifier>) -> [ItemPath] {
    guard !ids.isEmpty else { return [] }
    var paths: [ItemPath] = []
    for (section, content) in snapshot.enumerated() {
      paths += content.elements.positions(ofIdentities: ids).map { ItemPath(item: $0, section: section) }
    }
    return paths
  }

  /// The identities among `ids` whose rows a feed of the list holds and does not show now (a filter), found
  /// together.
  private func hiddenIdentities(among ids: Set<ListIdentifier>) -> Set<ListIdentifier> {
    _hiddenIdentities(among: ids, in: feed)
  }
}
