/// A paged list as a feed of a composite: a ``PagingController`` owns the rows, and the feed shows them in one
/// section with the rows of its state (placeholder, empty state, failure, loading and failed footers, end of list)
/// from a ``PagingAppearance``.
///
/// The paging controller is the single owner of the rows: the feed keeps only their binders, appended as pages
/// load. After every change of the controller the feed sends the change of its section: a page appended costs
/// its rows (their binders made, and a diff of the rows after those loaded before: the footer and the new rows),
/// O(*k* + log *p*) for *k* rows appended to *p* pages loaded. A refresh that replaces the rows, or a change of
/// what the feed shows instead of its rows (placeholder, empty state, failure), diffs every row shown. The feed's
/// own ``delegate`` receives the events of its rows (local positions): displaying a row near the end loads the
/// next page, and selecting the failure row or the failed footer retries the load that failed (in a task, which
/// loads nothing when another load recovered from the failure before it started).
///
/// Each identity is shown once: when a page repeats an element whose row (by the identity of the binder `row`
/// makes) is already loaded, as a page of a list whose data shifted between two loads does, the later repeat is
/// dropped and the row loaded first stays. A page that repeats only rows already loaded therefore adds no row, and
/// loads nothing more by itself. Pass `keepsDuplicates: true` to keep every element: the diff then matches the
/// repeated identities in order (``DuplicatePolicy/matchInOrder``).
///
/// `row` is called once per loaded element, when its page loads (the binder made to read its identity is the one
/// shown), or when the feed is made for the rows loaded before: a load starting, a failure, a retry or a page
/// appended make no binder for the rows already loaded.
///
/// ```swift
/// let paging = PagingController { (cursor: Int?) in try await api.page(cursor ?? 1) }
/// let feed = PagedFeed(id: "posts", paging: paging, appearance: appearance) { post in
///   PostCell.makeBinder(value: post, id: post.id)
/// }
/// try screen.append(feed)
/// await paging.refresh()
/// ```
@MainActor
public final class PagedFeed<Page: Pageable & Sendable>: ListFeed {
  /// The paging controller that loads and owns the rows.
  public let paging: PagingController<Page>
  /// The rows shown for each state of the paging controller.
  public var appearance: PagingAppearance {
    didSet { rebuild() }
  }
  /// The link to the composite this feed is a child of.
  public let feedLink = FeedLink<ListSectionSnapshot>()
  /// The section shown: the rows of the paging controller and those of its state.
  public private(set) var displayedSections: [ListSectionSnapshot] = []
  /// The closures that receive the events of the feed's rows (positions in the feed), as you set them. The feed
  /// handles its rows' events itself too, before these closures, whatever they are: a displayed row near the end
  /// loads the next page, and selecting a retry row retries.
  public var delegate = SyncDelegate()
  /// The task of the last load started by a displayed row or a retry, for a test that waits for it.
  public private(set) var lastTriggeredLoad: Task<PagingController<Page>.Outcome, Never>?

  private let sectionID: ListIdentifier
  private let row: (Page.Element) -> CellBinder
  /// The binders of the paging controller's rows, in order, a piece for each run of rows appended: each made
  /// once, when its page loaded, and never copied (a tree of pieces, so that appending a page costs the page).
  private var content: _PieceTree?
  /// The number of rows of ``content``.
  private var contentCount: Int { content?.count ?? 0 }
  /// What the section shows now: how many rows of ``content`` (all of them, or none in a state that shows no
  /// rows), and the rows of the state after them or instead of them (from ``appearance``).
  private var shown: (contentCount: Int, others: [CellBinder]) = (0, [])
  /// What the paging controller keeps a page by while the feed shows each identity once; `nil` when it keeps
  /// duplicates.
  private let loaded: LoadedRows?
  /// The paging controller's ``PagingController/replacementCount`` that ``content`` follows.
  private var replacementCount = 0
  /// The rows of the feed on screen: how many displayed cells are at each position (a row ending display during
  /// a change may share its old position with a row displayed at its new one).
  private var displayedItems: [Int: Int] = [:]

  /// Creates a feed over a paging controller; it takes the controller's ``PagingController/didChange``.
  ///
  /// - Parameters:
  ///   - id: The identity of the feed's section.
  ///   - paging: The paging controller.
  ///   - appearance: The rows of each paging state.
  ///   - keepsDuplicates: Whether a loaded element whose row identity is already loaded is kept (`true`) or
  ///     dropped (`false`, the default: each identity is shown once). The feed sets this on `paging`, for the
  ///     pages loaded from now on.
  ///   - row: Makes the binder of a loaded element; its identity tells repeated elements apart.
  public init<ID: Hashable & Sendable>(
    id: ID,
    paging: PagingController<Page>,
    appearance: PagingAppearance,
    keepsDuplicates: Bool = false,
    row: @escaping (Page.Element) -> CellBinder
  ) {
    self.paging = paging
    self.appearance = appearance
    self.sectionID = ListIdentifier(id)
    self.row = row
    let binders = paging.rows.map(row)
    content = binders.isEmpty ? nil : _PieceTree.leaf(.binders(binders[...]))
    replacementCount = paging.replacementCount
    if !keepsDuplicates {
      // The rows already loaded are identified by the binders just made: `row` is not called for them again.
      let loaded = LoadedRows(identities: Set(binders.map(\.id)))
      self.loaded = loaded
      // Weakly: once the feed is gone, the controller keeps every element again, as without a feed, and makes
      // no binder (held, they would pile up with every page).
      paging.keptElements = { [weak loaded] elements, replacing in
        loaded?.keep(elements, replacing: replacing, row: row) ?? elements
      }
    } else {
      // A feed made before over the same controller may have set what it keeps: every element is kept now.
      loaded = nil
      paging.keptElements = nil
    }
    displayedSections = makeSections()
    paging.didChange = { [weak self] in self?.rebuild() }
  }

  /// Rebuilds the section from the paging controller and sends the changes: when the rows shown before are
  /// still shown, only the rows after them are diffed (see ``appendedChanges(before:appended:)``).
  ///
  /// - Complexity: O(*k* + log *p*) for *k* rows appended to *p* pages, with a call to `row` for each; O(*n*) for
  ///   the diff of *n* rows after a replacement or a change of the state shown instead of the rows.
  private func rebuild() {
    let before = shown
    let appended = updateContentBinders()
    let previous = displayedSections
    displayedSections = makeSections()
    if let appended, before.contentCount > 0, shown.contentCount == before.contentCount + appended.count,
      let changes = appendedChanges(before: before, appended: appended)
    {
      feedLink.send(changes)
    } else {
      feedLink.send(from: previous, to: displayedSections)
    }
  }

  /// The change from the section shown before, whose rows of ``content`` (`before.contentCount`, at least one)
  /// are still shown, first, to the section shown now: the rows after them (the state's rows before; the rows
  /// `appended` and the state's rows now) diffed alone, their positions moved past the rows kept, and each
  /// stage's data those rows followed by the stage's. `nil` when that diff changes the section itself.
  ///
  /// - Complexity: O(*k* + log *p*) for *k* rows after the rows kept and *p* pieces of ``content``.
  private func appendedChanges(
    before: (contentCount: Int, others: [CellBinder]), appended: [CellBinder]
  ) -> StagedChangeset<[ListSectionSnapshot]>? {
    guard let kept = content?.slice(0..<before.contentCount), let shownSection = displayedSections.first else {
      return nil
    }
    func section(_ rows: [CellBinder]) -> [ListSectionSnapshot] {
      [ListSectionSnapshot(model: shownSection.model, elements: CellBinderList(rows))]
    }
    let tail = StagedChangeset(source: section(before.others), target: section(appended + shown.others))
    return tail.placed(
      at: before.contentCount, before: [.rows(_PiecesSource(kept), 0..<before.contentCount)], after: [],
      final: displayedSections)
  }

  /// Brings ``content`` up to the paging controller's rows: after a replacement every row is new, else the rows
  /// past the binders are (a paging controller only appends between replacements). The new rows take the
  /// binders ``loaded`` made for the elements the paging controller kept since the last rebuild, one a row, in
  /// order; `row` makes them when there are none (the feed keeps duplicates, or a feed made later over the same
  /// paging controller picks its elements).
  ///
  /// - Returns: The binders appended (empty for none); `nil` after a replacement.
  private func updateContentBinders() -> [CellBinder]? {
    let made = loaded?.takeBinders() ?? []
    var replaced = false
    if paging.replacementCount != replacementCount || paging.rows.count < contentCount {
      replacementCount = paging.replacementCount
      content = nil
      replaced = true
    }
    guard paging.rows.count > contentCount else { return replaced ? nil : [] }
    let new = paging.rows[contentCount...]
    let appended = made.count == new.count ? made : new.map(row)
    content = _PieceTree.join(content, _PieceTree.leaf(.binders(appended[...])))
    return replaced ? nil : appended
  }

  /// The section for the paging controller's state: the rows loaded (while the state shows rows) and the state's
  /// rows from ``appearance``; notes what it shows in ``shown``.
  private func makeSections() -> [ListSectionSnapshot] {
    let others = appearance.rows(for: paging.presentation, contentRows: [])
    let showsContent = if case .rows = paging.presentation { true } else { false }
    var pieces: [CellBinderList.Piece] = []
    if showsContent, let content { pieces.append(.rows(_PiecesSource(content), 0..<content.count)) }
    if !others.isEmpty { pieces.append(.binders(others[...])) }
    shown = (showsContent ? contentCount : 0, others)
    var section = ListSection<CellBinder>(id: sectionID, items: []).snapshot
    section.elements = CellBinderList(uncompacted: pieces)
    return [section]
  }

  /// A row of the feed was displayed: the paging controller loads the next page when it is near the end.
  func rowDisplayed(_ item: Int) {
    displayedItems[item, default: 0] += 1
    if paging.rowDisplayed(item) { lastTriggeredLoad = paging.displayTriggeredLoad }
  }

  /// A row of the feed left the screen: the paging controller forgets the rows it remembered as on screen beyond
  /// the furthest row still displayed (the user scrolled back up).
  ///
  /// - Complexity: O(*v*) for *v* rows on screen.
  func rowEndedDisplay(_ item: Int) {
    guard let count = displayedItems[item] else { return }
    displayedItems[item] = count > 1 ? count - 1 : nil
    paging.rowsStillDisplayed(upTo: displayedItems.keys.max())
  }

  /// A row was selected: the failure row and the failed footer retry the load that failed (a failed refresh from
  /// its first page, a failed page that page), as ``PagingController/loadMore()`` does, in a task. When a load
  /// recovered from the failure before the task started, the task loads nothing (its outcome is
  /// ``PagingController/Outcome/ignored(_:)`` with ``PagingController/IgnoreReason/staleResult``): a retry row
  /// never loads a page nobody asked for.
  func rowSelected(_ item: Int) {
    let isRetryRow =
      switch paging.presentation {
      case .failure: true
      case .rows(.failed): item == paging.rows.count
      default: false
      }
    guard isRetryRow else { return }
    lastTriggeredLoad = Task { [paging] in
      // No load failed any more, and none runs: the load-more would load the next page, not retry.
      if case .error = paging.state {} else if !paging.state.isBusy { return .ignored(.staleResult) }
      return await paging.loadMore()
    }
  }
}

extension PagedFeed {
  /// The identities of the rows a feed that shows each identity once has loaded, and the binders of the elements
  /// kept since the feed last took them: the paging controller keeps a page by them
  /// (``PagingController/keptElements``), so that each loaded element's binder is made once and its identity
  /// hashed once.
  @MainActor final class LoadedRows {
    private var identities: Set<ListIdentifier>
    private var binders: [CellBinder] = []

    init(identities: Set<ListIdentifier>) { self.identities = identities }

    /// The elements of a page whose identity (that of the binder `row` makes) is not loaded yet, nor earlier
    /// among them, in order; notes their identities and keeps their binders. A page that replaces the rows
    /// starts from no identity.
    ///
    /// - Complexity: O(*k*) for *k* elements, with a call to `row` for each; the array given is returned as it is
    ///   when every element is kept.
    func keep(
      _ elements: [Page.Element], replacing: Bool, row: (Page.Element) -> CellBinder
    ) -> [Page.Element] {
      // The loop works on the set and the binders moved out of the object (not copied: the object's are emptied
      // first), since every access to a stored property of a class is checked for exclusivity at run time.
      var identities = replacing ? [] : self.identities
      var binders = replacing ? [] : self.binders
      self.identities = []
      self.binders = []
      defer {
        self.identities = identities
        self.binders = binders
      }
      binders.reserveCapacity(binders.count + elements.count)
      // A first page makes the set at its size; a set grown by its inserts hashes every identity again as it
      // doubles. (A later page lets the set grow by doubling: reserving the room of each page made it again.)
      if identities.isEmpty { identities.reserveCapacity(elements.count) }
      // The elements kept, made at the first element dropped.
      var kept: [Page.Element]?
      for index in elements.indices {
        let binder = row(elements[index])
        if identities.insert(binder.id).inserted {
          binders.append(binder)
          kept?.append(elements[index])
        } else if kept == nil {
          kept = Array(elements[..<index])
        }
      }
      return kept ?? elements
    }

    /// The binders kept since the last call, in order.
    func takeBinders() -> [CellBinder] {
      defer { binders = [] }
      return binders
    }
  }
}

extension PagedFeed: _HandlingFeed {
  /// The delegate with the feed's own handling added before ``SyncDelegate/willDisplayCell``,
  /// ``SyncDelegate/didEndDisplayingCell`` and ``SyncDelegate/didSelectRow``.
  var handlingDelegate: SyncDelegate {
    var routed = delegate
    let display = delegate.willDisplayCell
    routed.willDisplayCell = { [weak self] cell, path in
      self?.rowDisplayed(path.item)
      display(cell, path)
    }
    let endDisplay = delegate.didEndDisplayingCell
    routed.didEndDisplayingCell = { [weak self] cell, path in
      self?.rowEndedDisplay(path.item)
      endDisplay(cell, path)
    }
    let select = delegate.didSelectRow
    routed.didSelectRow = { [weak self] path, binder in
      self?.rowSelected(path.item)
      select(path, binder)
    }
    return routed
  }
}
