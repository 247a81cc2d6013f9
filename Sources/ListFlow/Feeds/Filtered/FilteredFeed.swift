import Synchronization

/// A feed that shows only the rows of another feed whose searchable text matches a query, with the matched
/// characters highlighted: the `/` filter of a terminal list, as a feed of a ``ComposedFeed``.
///
/// The feed wraps a source (a ``ListController``, a ``SectionsFeed``, any
/// ``ListFeed``) and publishes the source's sections with only the rows that match ``query`` (see
/// ``FilteredFeed/Match``), **in the source's order**: rows are not sorted by score, so a list keeps its shape while the
/// user types. While the query is not empty, sections left without rows are left out. The query is state like
/// any other: each change of it, or of the source, is diffed with the rows shown and published as staged
/// changes, so rows that come back are inserts and rows that go are deletes.
///
/// ```swift
/// let processes = ListController<[Process]> { list in
///   [ListSection(id: "all", items: list.map { ProcessItem($0).cellBinder })]
/// }
/// let filtered = try FilteredFeed(processes)
/// try screen.append(filtered)
/// filtered.query = "fx"      // only the rows whose title holds f…x
/// ```
///
/// **Trees.** When the source is an ``OutlineFeed``, the feed filters it as a tree: it shows each matching row
/// with its ancestors, which are marked as context (``CellBinder/isFilterContext``; their cells get
/// ``MatchHighlighting/markAsFilterContext()``), and it searches collapsed branches too: while the query is set,
/// the ancestors of every match are expanded (a match a change of the trees puts in too), and clearing the query
/// gives back the expansion from before the filter. While a query is set, the expansion follows it, so rows of a
/// tree cannot be expanded or collapsed through the filter (``isRowExpanded(at:)`` says `nil`), and the tree's
/// `outline.expanded` reads the expansion shown. The app may still change the tree's expansion meanwhile (setting
/// `outline.expanded`, `outline.expand(_:)`, the tree's own `setExpanded(_:forRowAt:)`): the ancestors of the
/// matches stay expanded, and the change is kept in the expansion given back when the query is cleared. A change
/// of a tree while a query is set makes and matches only the rows it changed: the tree matches the nodes it
/// changed, and the filter projects the change onto the positions of the rows shown and shows or hides the rows
/// it touched and their ancestors as the tree says, with no pass over the rows (but a copy of the positions
/// shown: the article on filtering says more). In a composite source, a child that reveals the matches (a tree) is filtered as a tree and the other
/// children as lists, and while a query is set, a change of a child's rows costs its change in that child: a
/// list's change matches only the rows it inserts or updates, a tree's as above (a change of sections filters the
/// whole composite again).
///
/// ```swift
/// let tree = OutlineFeed(id: "files", outline: Outline(folders)) { row in FileCell.binder(row) }
/// let filtered = try FilteredFeed(tree)
/// filtered.query = "f0123"   // every f0123.txt, under its folders, collapsed ones included
/// filtered.query = ""        // the folders expanded as before
/// ```
///
/// **Selection.** A row the filter hides stays selected: the feed answers ``ListFeed/hidesRow(_:)``, so the engine keeps
/// hidden rows in the selection and shows them selected again when the query lets them back. After a change that may
/// have dropped a hidden row, the engine asks about its hidden selected rows together: the filter looks them all up
/// at once in its source's rows and in the rows shown, so many hidden selected rows cost their look-ups, not a pass
/// over every row.
///
/// **Events.** A row's events reach the ``ListFeed/delegate`` of the feed that owns the row under the source
/// (the source itself, or a child of a composite source), with the row's position **there**; also while the list
/// shown lags behind the filter's rows (a callback of the change shown set the query: that change waits behind it),
/// an event that names a row (a choice, a highlight, an edit, a cell's action) reaches the row shown, found by its
/// identity (the display events, which name a cell, follow the filter's rows by position). A row that leaves the
/// view (deleted by its source, hidden by a new query, or in a reload) ends its display
/// (``SyncDelegate/didEndDisplayingCell``) at the position it had in the source before the change, as it would
/// unfiltered, in the feed that owned it then (a composite's sections may have moved); so do headers and footers,
/// by their sections before the change. A row the change keeps that only leaves the screen (pushed off by rows
/// above it) ends at its position in the source after the change, in the feed that owns it then, as a row
/// scrolled off does. A change of the
/// selection reaches each such feed with its own rows only, a selected row it deleted included (with no
/// position), hidden by the query or not, even when another row of the identity is shown; a row chosen is
/// deselected automatically when the delegate of the feed that owns it says so
/// (``SyncDelegate/deselectsAutomatically``). Expanding and collapsing reach the source the same way (an
/// ``OutlineFeed``). Rows move as they would unfiltered while no query is set (the source's feed asked through its
/// ``SyncDelegate/canMoveRow``); while a query is set, they cannot be moved.
///
/// The filter shows its source: the source must not be shown by anything else (a composite, another filter or an
/// engine; the initializer throws ``ListFlowError/alreadyComposed`` then), and a composite that the filter's
/// source contains cannot take the filter as a child (``ListFlowError/cycle``). The filter connects to the
/// source's ``ListFeed/feedLink`` and reads its ``ListFeed/displayedSections``.
@MainActor
public final class FilteredFeed: ListFeed {
  /// The feed whose rows are filtered.
  public let source: any ListFeed<ListSectionSnapshot>
  /// The link to the composite that shows the filtered rows.
  public let feedLink = FeedLink<ListSectionSnapshot>()
  /// The sections shown: the source's, with only the matching rows.
  public internal(set) var displayedSections: [ListSectionSnapshot] = []
  /// The text of a row that the query is matched against: by default the title of a ``Titled`` model, else
  /// the model's description.
  public var searchableText: @Sendable (CellBinder) -> String { customText ?? FilteredFeed.defaultSearchableText(of:) }
  /// What the user typed; empty shows every row. (Under the terminal host the view hands its query on here:
  /// set the view's `filterQuery` to change it from code, so that the view shows the query too.) Setting a query of other bytes than the last one filters again
  /// (the bytes are compared, in linear time: comparing as `String`s costs more than that for a character that
  /// carries many combining marks). On a list of 1,000 rows or more, the feed remembers the rows the last few
  /// queries matched, section by section, through changes of the source: a query set again (a character erased)
  /// is matched only in the sections the source changed since, and a query that holds the characters of a
  /// remembered one in their order (a character typed on) only against the rows that one matched.
  public var query: String {
    didSet {
      if !query.utf8.elementsEqual(oldValue.utf8), !refilterByRowTitles() { refilter() }
      shownMapping = mapping
    }
  }
  /// The identities of the source's rows that the query hides now.
  ///
  /// - Complexity: O(*n*) in the source's rows the first time it is read after a change, O(1) after that.
  public var hiddenRows: Set<ListIdentifier> {
    if let hiddenRowsCache { return hiddenRowsCache }
    var hidden: Set<ListIdentifier> = []
    if !query.isEmpty {
      let sections = source.displayedSections
      var shown = [[Int]](repeating: [], count: sections.count)
      for (index, section) in sourceSections.enumerated() where sections.indices.contains(section) {
        shown[section] = sourceItems[index]
      }
      for (index, section) in sections.enumerated() {
        let rows = Set(shown[index])
        for item in section.elements.indices where !rows.contains(item) {
          hidden.insert(section.elements.identity(at: item))
        }
      }
      // A row shown elsewhere under the same identity is not hidden.
      if !hidden.isEmpty {
        for section in displayedSections { for id in section.elements.identities { hidden.remove(id) } }
      }
    }
    hiddenRowsCache = hidden
    return hidden
  }
  /// ``hiddenRows`` once read or computed along a filtering; `nil` when the rows shown changed since.
  var hiddenRowsCache: Set<ListIdentifier>? = [] {
    didSet { hiddenRowAnswers = [:] }
  }
  /// Over a source of binders (see `sourceScansIdentities`), each source section's rows by identity (the table
  /// a run of rows made from values keeps, made from the binders' identities), and the sections' row counts: made
  /// at the first search since the source last sent a change; `nil` until then.
  var sourceRowsByIdentity: (tables: [_IdentityPositions?], counts: [Int])?

  /// The positions of the source's rows whose identity is one of `ids`, section by section, ascending: looked up
  /// in each section, or, over a source of binders, in ``sourceRowsByIdentity``, made now when it is not.
  ///
  /// - Complexity: As `CellBinderList.positions(ofIdentities:)` in each section; over a source of binders, a
  ///   probe of a table per identity and section once the tables are made, which reads every row's identity
  ///   hash once a change of the source (no allocation per row).
  func sourceRows(ofIdentities ids: Set<ListIdentifier>) -> [ItemPath] {
    guard !ids.isEmpty else { return [] }
    let sections = source.displayedSections
    // The tables are dropped when the source sends a change; the counts of rows guard against a source that
    // changed its rows without one.
    let counts = sections.map(\.elements.count)
    if sourceRowsByIdentity?.counts != counts { sourceRowsByIdentity = nil }
    if sourceRowsByIdentity == nil, sourceScansIdentities {
      let tables = sections.map { section in
        var hashes: [Int] = []
        hashes.reserveCapacity(section.elements.count)
        section.elements.appendIdentityHashes(to: &hashes)
        return _IdentityPositions(hashes: hashes)
      }
      sourceRowsByIdentity = (tables, counts)
    }
    var paths: [ItemPath] = []
    for (index, section) in sections.enumerated() {
      let elements = section.elements
      guard let table = sourceRowsByIdentity?.tables[index] else {
        paths += elements.positions(ofIdentities: ids).map { ItemPath(item: $0, section: index) }
        continue
      }
      var items: [Int] = []
      for id in ids {
        var from = 0
        while from < elements.count,
          let item = table.first(of: id, in: from..<elements.count, identity: elements.identity(at:))
        {
          items.append(item)
          from = item + 1
        }
      }
      paths += items.sorted().map { ItemPath(item: $0, section: index) }
    }
    return paths
  }

  /// The identities among `ids` that rows of the source carry (see `sourceRows(ofIdentities:)`).
  func sourceIdentities(among ids: Set<ListIdentifier>) -> Set<ListIdentifier> {
    guard sourceScansIdentities else { return _heldIdentities(among: ids, in: source.displayedSections) }
    let sections = source.displayedSections
    return Set(sourceRows(ofIdentities: ids).map { sections[$0.section].elements.identity(at: $0.item) })
  }

  /// Whether most rows of the source are binders, whose identities a search reads one by one (see
  /// `CellBinderList.scansIdentities`): the filter then keeps the source's rows by identity once per list of
  /// them (``sourceRowsByIdentity``) and looks rows up there, not by a search of every row of the source per
  /// call.
  ///
  /// - Complexity: O(*p*) for *p* pieces of the source's sections.
  var sourceScansIdentities: Bool {
    var rows = 0
    var scanned = 0
    for section in source.displayedSections {
      rows += section.elements.count
      scanned += section.elements.identityScanCount
    }
    return scanned * 4 > rows
  }
  /// The rows ``hidesRow(_:)`` looked up since ``hiddenRowsCache`` was last set, and whether the query hides each.
  var hiddenRowAnswers: [ListIdentifier: Bool] = [:]
  /// For each source section, the positions of its rows shown, ascending, while the rows shown were matched by
  /// their titles (see `refilterByRowTitles()` and `projectChange(_:)`); `nil` otherwise.
  var titlePositions: [[Int]]?
  /// For each shown section, the positions in its source section (``sourceSections``) of the rows shown,
  /// ascending.
  var sourceItems: [[Int]] = []
  /// For each shown section, its index in the source.
  var sourceSections: [Int] = []
  /// Whether the feed is expanding or restoring a tree source's rows: the change the source sends meanwhile is
  /// filtered once the feed is done.
  var isAdjustingTree = false
  /// Whether the sections shown are the source's as they are (the last filtering had an empty query): then a
  /// change of the source is passed on as it is, with no diff and no binder made.
  var showsSourceAsIs = false
  /// The binders of the source's rows that the last filtering read, section by section (kept only until
  /// ``refilter()`` has diffed with them).
  var readRows: [[CellBinder]] = []
  /// For each row of the source, section by section, the binder shown for it (`nil` for a row the query
  /// hides): kept while a query filters a source that is not a tree, so that a change of the source matches
  /// only the rows it inserts or updates (see `filterChange(_:)`), until a change of sections makes the rows
  /// shown positions (``titlePositions``), as on a long list. Over a tree, or a composite that holds trees,
  /// ``revealedPositions`` are kept instead.
  var matchedRows: [[CellBinder?]]?
  /// While a query filters a tree or a composite that holds trees: for each source section, the positions of its
  /// rows shown, ascending, and its number of rows, so that a change of a child costs that child's change (see
  /// `filterChangeBesideTrees(_:changesSections:)`); once a change was filtered so, the rows shown make their
  /// binders when read. `nil` otherwise.
  var revealedPositions: (positions: [[Int]], counts: [Int])?
  /// The rows stepped through one by one while a query filters a tree or a composite that holds trees: every row
  /// of the source when it is filtered again, and the rows a change of the source touched when one is filtered
  /// by the positions shown (see `filterChangeBesideTrees(_:changesSections:)`); for the counting tests.
  var besideTreesRowSteps = 0
  /// Whether the source reveals the ancestors of matches (``ListFeed/revealRows(matching:)``): a tree, filtered
  /// with each match's ancestors as context.
  var sourceRevealsRows = false
  /// The searchable text the app gave; `nil` for the default, with which a row made from a ``Titled`` value is
  /// matched by the value's title, with no binder made.
  let customText: (@Sendable (CellBinder) -> String)?
  /// For each selected identity a feed under the source was told of (see `forwardSelectionChange(_:to:)`), the
  /// feeds told: those that hear when it leaves the selection, also once its row is gone (a row the source
  /// deleted, which the change names with no position).
  var selectionOwners: [ListIdentifier: _SelectionOwners] = [:]
  /// Where the rows of the list last sent are in the source (`nil` for each at its own position, with no query):
  /// brought up to date once a change of the source or of the query is handled, so that while it is sent the
  /// view's ends of display, at positions before it, are mapped as that list was.
  var shownMapping: (items: [[Int]], sections: [Int])?
  /// The feed that owned each section of the source when the list last sent was sent, and the section's index
  /// there: read again after a change of the source that inserts, deletes or moves sections (a composite's child
  /// moved, hidden, or given sections), so that while it is sent an end of display, at a position before it,
  /// reaches the feed that owned the row then, not the child that owns its section since.
  var shownOwners: [SectionRoute] = []
  /// Where the rows shown now are in the source (see `shownMapping`). The arrays are shared, never copied:
  /// the mapping is only ever replaced whole.
  var mapping: (items: [[Int]], sections: [Int])? { query.isEmpty ? nil : (sourceItems, sourceSections) }
  /// The queries last matched by the rows' texts alone (at most ``keptTitleMatches``, and at most
  /// ``keptTitlePositionsPerRow`` positions a source row in all; through a change of the source, the query shown
  /// and those it extends), each with the positions it matched in each section of ``titleMatchedSections``:
  /// `nil` for a section whose rows it was not matched against (see `refilterByRowTitles()`,
  /// `carryTitleMatches(to:keepingQueriesIn:)` and `projectChange(_:)`).
  var titleMatches: [(pattern: [_FoldedCharacter], positions: [[Int]?])] = []
  /// The source's sections that the positions of ``titleMatches`` are positions of.
  var titleMatchedSections: [ListSectionSnapshot] = []
  /// The most queries kept in `titleMatches`: one per character of a query being typed and erased.
  static let keptTitleMatches = 32
  /// The most positions kept in `titleMatches`, per row of the source: the memory of a few queries that match
  /// most rows.
  static let keptTitlePositionsPerRow = 4
  /// The number of rows of each source section when the rows shown were last matched by their titles alone
  /// (see `refilterByRowTitles()`); `nil` otherwise. The rows shown then make their binders when read.
  var titleMatchedCounts: [Int]?

  /// The query as the rows are matched against it: its pattern and the searchable text the app gave.
  var rowQuery: _RowQuery { _RowQuery(pattern: FilteredFeed.Match.pattern(of: query), text: customText) }

  /// Creates a feed that filters `source`.
  ///
  /// - Parameters:
  ///   - source: The feed to filter, shown by nothing else.
  ///   - query: The first query; empty by default.
  ///   - searchableText: The text of a row the query is matched against; `nil`, the default, for
  ///     ``defaultSearchableText(of:)``, which matches a row declared as a ``Titled`` value (the rows of a
  ///     ``ListController`` made with `rows:cell:`) by the value's title, with no binder made. The offsets of the
  ///     matched characters are offsets in this text. A text of your own is a function of the row alone: it is
  ///     called on any thread, for several rows at once when a long list is matched, and again when a row shown
  ///     is read. A row's binder is made to call it, so a new query costs a binder a row; a change of the source
  ///     while a query is set costs the rows it changes, with either text.
  /// - Throws: ``ListFlowError/alreadyComposed`` when something shows `source` already (a composite, another
  ///   filter or an engine).
  public init(
    _ source: any ListFeed<ListSectionSnapshot>,
    query: String = "",
    searchableText: (@Sendable (CellBinder) -> String)? = nil
  ) throws(ListFlowError) {
    guard !source.feedLink.isConnected else { throw .alreadyComposed }
    self.source = source
    self.query = query
    self.customText = searchableText
    adjustTree()
    displayedSections = filtered(source.displayedSections)
    shownMapping = mapping
    shownOwners = sourceOwners()
    source.feedLink.connect(owner: self) { [weak self] message in
      guard let self else { return }
      if case .changes(let changes, let reloading, let animated) = message {
        self.sourceRowsByIdentity = nil
        // No query is shown: what the queries matched is dropped, with the sections they were matched on (a
        // projection of the change carries what the query shown extends).
        if self.query.isEmpty {
          self.titleMatches = []
          self.titleMatchedSections = []
        }
        guard !self.isAdjustingTree else { return }
        if self.query.isEmpty, self.showsSourceAsIs {
          // Every row is shown as the source shows it: its change is the filter's, passed on with no diff.
          self.displayedSections = self.source.displayedSections
          self.feedLink.send(changes, reloading: reloading, animated: animated)
        } else if reloading || !(self.projectChange(changes) || self.filterChange(changes)) {
          self.refilter()
        }
        self.shownMapping = self.mapping
        // A section changes owner only with a change that inserts, deletes or moves sections.
        if reloading || changes.isEmpty
          || changes.contains(where: {
            !$0.sectionDeleted.isEmpty || !$0.sectionInserted.isEmpty || !$0.sectionMoved.isEmpty
          })
        {
          self.shownOwners = self.sourceOwners()
        }
      } else {
        self.feedLink.forward(message)
      }
    }
  }

  /// A filter let go gives its source back as it found it: a tree the query had expanded (``OutlineFeed``) goes back
  /// to its expansion from before the filter, and stops revealing matches, so that what shows the source next
  /// shows it unfiltered.
  isolated deinit {
    if !query.isEmpty, sourceRevealsRows { _ = source.revealRows(matching: nil) }
  }

  /// The title of a ``Titled`` model, else the model's description.
  ///
  /// - Parameter row: A row's binder.
  /// - Returns: The text to match.
  nonisolated public static func defaultSearchableText(of row: CellBinder) -> String {
    if let titled = row.model as? any Titled { return titled.title ?? "" }
    return String(describing: row.model)
  }

  /// Filters the source's sections again and sends the change of the rows shown.
  ///
  /// - Complexity: O(*n* × *m*) for *n* characters of searchable text and a query of *m* characters; O(*r*) in
  ///   the number of rows for an empty query. A change of the source does not always come here: while the query
  ///   is empty (and was when the rows were last filtered) it is passed on as it is, and while a query filters
  ///   a source that is not a tree, a change matches only the rows it inserts or updates (and the rows of the
  ///   sections it inserts) by their titles, with no binder made for rows declared as ``Titled`` values. Over
  ///   a tree, or a composite that holds one, a change of a list child's rows matches only the rows it inserts
  ///   or updates, and a change of a tree's rows none itself (the tree matches the nodes it changed, and the
  ///   rows shown make their binders when read); either is projected onto the positions of the rows shown,
  ///   O(*k* log *s*) for *k* rows touched among *s* shown plus a copy of those positions, with no other row
  ///   read.
  public func refilter() {
    let wasAsIs = showsSourceAsIs
    adjustTree()
    // The rows hidden before, when known: when they are not (the rows shown were followed through changes of the
    // source, positions of rows that may have moved since), the selection is told to ask about its hidden rows.
    let wasHidden = hiddenRowsCache
    let next = filtered(source.displayedSections)
    var previous = displayedSections
    if wasAsIs, !sourceRevealsRows, readRows.count == previous.count {
      // The rows shown were the source's, which filtering just read: the diff reads those binders instead of
      // making every row's binder again.
      for (index, rows) in readRows.enumerated() where rows.count == previous[index].elements.count {
        previous[index].elements = CellBinderList(rows)
      }
    }
    readRows = []
    displayedSections = next
    feedLink.send(from: previous, to: next)
    shownMapping = mapping
    // A hidden row the source dropped changes nothing shown, but must leave the selection.
    if !(wasHidden?.isSubset(of: hiddenRows) ?? false) { feedLink.sendHiddenRowsChange() }
  }

  /// A tree source: expands the ancestors of the query's matches, or gives back the expansion from before when
  /// the query is empty.
  private func adjustTree() {
    isAdjustingTree = true
    defer { isAdjustingTree = false }
    if query.isEmpty {
      sourceRevealsRows = source.revealRows(matching: nil)
    } else {
      let pattern = FilteredFeed.Match.pattern(of: query)  // once, not once a node
      let searchableText = searchableText
      sourceRevealsRows = source.revealRows { FilteredFeed.Match(pattern: pattern, in: searchableText($0)) != nil }
    }
  }

  /// The rows of a tree to show: each match and its ancestors (the rows before it, each less deep than the
  /// last); `nil` for an ancestor that is only context, the match otherwise.
  private static func treeRows(
    _ matches: [FilteredFeed.Match?], depths: [Int]
  ) -> [Int: FilteredFeed.Match?] {
    var shown: [Int: FilteredFeed.Match?] = [:]
    var ancestors: [Int] = []
    for (index, match) in matches.enumerated() {
      let depth = index < depths.count ? depths[index] : 0
      while let last = ancestors.last, (last < depths.count ? depths[last] : 0) >= depth { ancestors.removeLast() }
      if let match {
        shown[index] = match
        for ancestor in ancestors where shown[ancestor] == nil { shown[ancestor] = .some(nil) }
      }
      ancestors.append(index)
    }
    return shown
  }

  /// The binder shown for each of a source section's rows (`binders`, read once), `nil` for a row the query
  /// hides: the matches, highlighted, and, in a tree's section (``revealsRows(inSection:)``), their ancestors,
  /// marked as context.
  ///
  /// - Complexity: One text matched per row, and in a tree's section one depth read per row.
  func shownRows(
    _ binders: [CellBinder], ofSection sectionIndex: Int, pattern: _QueryPattern
  ) -> [CellBinder?] {
    let searchableText = searchableText
    let matches = binders.map { binder in
      let text = searchableText(binder)
      return FilteredFeed.Match.isFound(pattern, in: text) ? FilteredFeed.Match(pattern: pattern, in: text) : nil
    }
    // A tree keeps each match's ancestors as context; a list keeps the matches.
    let shown =
      revealsRows(inSection: sectionIndex)
      ? Self.treeRows(
        matches, depths: binders.indices.map { source.depth(ofRowAt: ItemPath(item: $0, section: sectionIndex)) })
      : nil
    return binders.indices.map { item in
      let kept: FilteredFeed.Match?? = shown.map { $0[item] } ?? matches[item].map { .some($0) }
      switch kept {
      case .some(.some(let match)): return binders[item].highlightingMatches(match.offsets)
      case .some(.none): return binders[item].markingAsFilterContext()
      case .none: return nil
      }
    }
  }

  /// Whether the rows of a source section are filtered as a tree's (each match with its ancestors): every
  /// section of a source that reveals the ancestors of matches (``sourceRevealsRows``), except in a composite,
  /// whose sections are a tree's when the child that shows them reveals them
  /// (``ComposedFeed/revealsRows(inSection:)``) and a list's otherwise.
  func revealsRows(inSection section: Int) -> Bool {
    guard sourceRevealsRows else { return false }
    guard let composite = source as? ComposedFeed<ListSectionSnapshot> else { return true }
    return composite.revealsRows(inSection: section)
  }

  /// The source's sections with only the matching rows, each carrying its matched offsets.
  private func filtered(_ sections: [ListSectionSnapshot]) -> [ListSectionSnapshot] {
    readRows = []
    matchedRows = nil
    revealedPositions = nil
    titleMatchedCounts = nil
    titlePositions = nil
    guard !query.isEmpty else {
      hiddenRowsCache = []
      sourceItems = []
      sourceSections = []
      showsSourceAsIs = true
      return sections
    }
    showsSourceAsIs = false
    var hidden: Set<ListIdentifier> = []
    var result: [ListSectionSnapshot] = []
    var items: [[Int]] = []
    var sectionIndices: [Int] = []
    var matched: [[CellBinder?]] = []
    // Over trees, the positions of each source section's rows shown, for the changes to come.
    var positions: [[Int]] = []
    let pattern = FilteredFeed.Match.pattern(of: query)  // once, not once a row
    for (sectionIndex, section) in sections.enumerated() {
      var rows: [CellBinder] = []
      var rowItems: [Int] = []
      // Each row's binder is read once: a row made from a value makes its binder on every read.
      let binders = Array(section.elements)
      readRows.append(binders)
      let sectionMatched = shownRows(binders, ofSection: sectionIndex, pattern: pattern)
      for (item, row) in binders.enumerated() {
        if let shown = sectionMatched[item] {
          rows.append(shown)
          rowItems.append(item)
        } else {
          hidden.insert(row.id)
        }
      }
      matched.append(sectionMatched)
      if sourceRevealsRows {
        positions.append(rowItems)
        besideTreesRowSteps += binders.count
      }
      if !rows.isEmpty {
        result.append(ListSectionSnapshot(model: section.model, elements: rows))
        items.append(rowItems)
        sectionIndices.append(sectionIndex)
      }
    }
    sourceItems = items
    sourceSections = sectionIndices
    if sourceRevealsRows {
      revealedPositions = (positions, matched.map(\.count))
    } else {
      matchedRows = matched
    }
    // A row shown elsewhere under the same identity is not hidden.
    for section in result { for row in section.elements { hidden.remove(row.id) } }
    hiddenRowsCache = hidden
    return result
  }
}

extension FilteredFeed {
  /// The fewest rows of the source for which a change of the query is filtered by the rows' titles alone
  /// (`refilterByRowTitles()`); a shorter list is filtered and diffed row by row. A list that reaches it while a
  /// query is set moves to the positions shown then (see `filterChange(_:)`).
  static let titleFilteringMinimumRows = 1_000

  /// Filters again after the query changed, matching each row by its searchable text (with the default, the
  /// title of a ``Titled`` value read from the row, no binder made; any other row by its binder), and shows the
  /// matching rows as a list whose binders are made when read, by a reload: a view then asks only the rows on
  /// screen for their binders (and every row for its height, which a row made from a value keeps). The positions
  /// shown are kept, so that a change of the source while the query is set costs its change
  /// (`projectChange(_:)`). Applies to a source that is not a tree, of at least ``titleFilteringMinimumRows``
  /// rows; otherwise it changes nothing and returns `false`.
  ///
  /// - Returns: Whether the rows were filtered.
  /// - Complexity: O(*n*) in the characters of the rows' texts: with the default text, for ``Titled`` rows,
  ///   each title read from its row once per list of rows, with no allocation per row that does not match an
  ///   ASCII query and no binder made; for any other row, one binder read or made.
  func refilterByRowTitles() -> Bool {
    if query.isEmpty {
      // Back to every row, from rows matched by their titles: the source's rows as they are, by a reload too
      // (a diff would make the binder of every row on both sides). Beside trees, the rows shown were followed
      // by their positions (`refilterBesideTreesByRowTitles()`), made when read: a reload as well, once the
      // lists beside the trees hold enough rows.
      if titleMatchedCounts == nil, revealedPositions != nil, sourceRevealsRows,
        listRowCount(of: source.displayedSections) >= Self.titleFilteringMinimumRows
      {
        adjustTree()
        displayedSections = filtered(source.displayedSections)
        readRows = []
        feedLink.send(StagedChangeset(), reloading: true)
        feedLink.sendHiddenRowsChange()
        return true
      }
      guard titleMatchedCounts != nil else { return false }
      adjustTree()
      guard !sourceRevealsRows else { return false }
      displayedSections = filtered(source.displayedSections)
      readRows = []
      feedLink.send(StagedChangeset(), reloading: true)
      feedLink.sendHiddenRowsChange()
      return true
    }
    let sections = source.displayedSections
    guard sections.reduce(0, { $0 + $1.elements.count }) >= Self.titleFilteringMinimumRows else { return false }
    // A tree's rows (a source that reveals matches, or a composite that holds a tree) are filtered as a tree:
    // not matched here, in parts on other threads, where a tree's `cell` may not be called.
    adjustTree()
    guard !sourceRevealsRows else { return refilterBesideTreesByRowTitles() }
    let rowQuery = self.rowQuery
    let pattern = rowQuery.pattern.folded
    carryTitleMatches(to: sections)
    // For each section, the positions the query matched there already, else the rows there of the narrowest
    // query it extends (a text that holds a query's characters in order holds those of any query they hold in
    // order), else every row.
    var known = [[Int]?](repeating: nil, count: sections.count)
    var candidates = [[Int]?](repeating: nil, count: sections.count)
    for entry in titleMatches {
      let same = entry.pattern == pattern
      guard same || entry.pattern.isSubsequence(of: pattern) else { continue }
      for index in sections.indices {
        guard let positions = entry.positions[index] else { continue }
        if same {
          known[index] = positions
        } else if positions.count < candidates[index]?.count ?? Int.max {
          candidates[index] = positions
        }
      }
    }
    let matched = Self.positions(in: sections, matching: rowQuery, known: known, among: candidates)
    if known.contains(where: { $0 == nil }) { keepTitleMatch(pattern, matched) }
    show(positions: matched, of: sections)
    feedLink.send(StagedChangeset(), reloading: true)
    feedLink.sendHiddenRowsChange()
    return true
  }

  /// The rows of the sections of `sections` that are not a tree's (``revealsRows(inSection:)``).
  func listRowCount(of sections: [ListSectionSnapshot]) -> Int {
    sections.indices.reduce(0) { revealsRows(inSection: $1) ? $0 : $0 + sections[$1].elements.count }
  }

  /// Filters again after the query changed, over a composite that holds trees beside lists of at least
  /// ``titleFilteringMinimumRows`` rows (the tree's expansion already set by `adjustTree()`): a tree's rows are
  /// matched as `refilter()` matches them (its rows made, each match shown with its ancestors), and a list's rows
  /// by their searchable text as `refilterByRowTitles()` matches them (with the default, the title of a
  /// ``Titled`` value, no binder made), on this thread. The rows shown are then followed by their positions, as
  /// after a change filtered beside trees (`filterChangeBesideTrees(_:changesSections:)`), and shown by a reload:
  /// a diff would make the binder of every row of the lists on both sides. Otherwise it changes nothing and
  /// returns `false`, and the caller filters every row again.
  ///
  /// - Returns: Whether the rows were filtered.
  /// - Complexity: O(*n*) in the characters of the lists' texts, with no binder made for ``Titled`` rows, plus a
  ///   binder made and matched per visible row of the trees.
  private func refilterBesideTreesByRowTitles() -> Bool {
    let sections = source.displayedSections
    guard listRowCount(of: sections) >= Self.titleFilteringMinimumRows else { return false }
    let isTree = sections.indices.map { revealsRows(inSection: $0) }
    let rowQuery = self.rowQuery
    let pattern = FilteredFeed.Match.pattern(of: query)  // once, not once a row
    var positions: [[Int]] = []
    var made: [[Int: CellBinder]] = []
    for (index, section) in sections.enumerated() {
      besideTreesRowSteps += section.elements.count
      guard isTree[index] else {
        positions.append(rowQuery.positions(in: section.elements, among: nil))
        made.append([:])
        continue
      }
      var shown: [Int] = []
      var binders: [Int: CellBinder] = [:]
      for (item, row) in shownRows(Array(section.elements), ofSection: index, pattern: pattern).enumerated() {
        guard let row else { continue }
        shown.append(item)
        binders[item] = row
      }
      positions.append(shown)
      made.append(binders)
    }
    revealedPositions = (positions, sections.map(\.elements.count))
    matchedRows = nil
    readRows = []
    titleMatchedCounts = nil
    titlePositions = nil
    showsSourceAsIs = false
    // The rows hidden are found when asked, not for every query (that would read every hidden row's identity).
    hiddenRowsCache = nil
    sourceSections = positions.indices.filter { !positions[$0].isEmpty }
    sourceItems = sourceSections.map { positions[$0] }
    displayedSections = Self.shownSections(
      of: sections, positions: positions, query: rowQuery, treeSections: isTree, made: made)
    feedLink.send(StagedChangeset(), reloading: true)
    feedLink.sendHiddenRowsChange()
    return true
  }

  /// Carries ``titleMatches`` over to the source's `sections`: a section whose rows are those a query was
  /// matched against (the same storage: a section the source kept untouched) keeps that query's positions; any
  /// other section's are unknown. A query left with no section known is dropped. Each section is looked for
  /// among the sections matched on from where the one before it was found, and a few past that: a source keeps
  /// its sections in their order, and a section moved further is matched again.
  ///
  /// - Parameters:
  ///   - sections: The source's sections now.
  ///   - pattern: Through a change of the source, the pattern of the query shown: only the queries it extends
  ///     (those an erased character gets back to, and itself) are carried.
  /// - Complexity: O(*s*) for *s* sections, times the queries carried when a section changed.
  func carryTitleMatches(to sections: [ListSectionSnapshot], keepingQueriesIn pattern: [_FoldedCharacter]? = nil) {
    if let pattern { titleMatches.removeAll { !$0.pattern.isSubsequence(of: pattern) } }
    let matchedOn = titleMatchedSections
    titleMatchedSections = sections
    guard !titleMatches.isEmpty else { return }
    var carried = [Int?](repeating: nil, count: sections.count)
    var unchanged = matchedOn.count == sections.count
    var next = 0
    for index in sections.indices {
      for candidate in next..<Swift.min(next + 4, matchedOn.count)
      where sections[index].elements.sharesStorage(with: matchedOn[candidate].elements) {
        carried[index] = candidate
        next = candidate + 1
        break
      }
      if carried[index] != index { unchanged = false }
    }
    guard !unchanged else { return }
    titleMatches = titleMatches.compactMap { entry in
      let positions = carried.map { index in index.flatMap { entry.positions[$0] } }
      return positions.contains { $0 != nil } ? (entry.pattern, positions) : nil
    }
  }

  /// Keeps the positions `pattern` matched in every section of ``titleMatchedSections`` as the last query of
  /// ``titleMatches`` (in place of the one of the same pattern), and drops the oldest while more are kept than
  /// ``keptTitleMatches``, or than ``keptTitlePositionsPerRow`` positions a row.
  func keepTitleMatch(_ pattern: [_FoldedCharacter], _ positions: [[Int]]) {
    func count(_ positions: [[Int]?]) -> Int { positions.reduce(0) { $0 + ($1?.count ?? 0) } }
    titleMatches.removeAll { $0.pattern == pattern }
    titleMatches.append((pattern, positions.map { $0 }))
    let rowCount = titleMatchedSections.reduce(0) { $0 + $1.elements.count }
    var kept = titleMatches.reduce(0) { $0 + count($1.positions) }
    while titleMatches.count > Self.keptTitleMatches
      || (titleMatches.count > 1 && kept > Self.keptTitlePositionsPerRow * rowCount)
    {
      kept -= count(titleMatches.removeFirst().positions)
    }
  }

  /// The positions of the rows of `sections` whose text holds the query, section by section, ascending: those of
  /// `known` for a section it gives them for, else among the positions of `candidates` for a section it gives
  /// them for, else among every row. Each section reads its titles in parts from `_minimumRowsPerPart` rows;
  /// many shorter sections (a long list kept in chunks) are matched in parts of sections instead.
  nonisolated static func positions(
    in sections: [ListSectionSnapshot], matching query: _RowQuery, known: [[Int]?] = [],
    among candidates: [[Int]?] = []
  ) -> [[Int]] {
    let rowCount = sections.reduce(0) { $0 + $1.elements.count }
    let sectionsPerPart =
      sections.allSatisfy { $0.elements.count < _minimumRowsPerPart }
      ? Swift.max(1, _minimumRowsPerPart * sections.count / Swift.max(rowCount, 1)) : sections.count
    return _mapInParts(Array(sections.indices), minimumPart: sectionsPerPart) { index in
      if index < known.count, let positions = known[index] { return positions }
      return query.positions(in: sections[index].elements, among: index < candidates.count ? candidates[index] : nil)
    }
  }

  /// Shows the rows of the source's `sections` at `positions` (one list a section), as rows whose binders are
  /// made when read, and keeps the positions, so that the next change of the source is projected onto them
  /// (`projectChange(_:)`). Sends nothing: the caller says what changed.
  func show(positions: [[Int]], of sections: [ListSectionSnapshot]) {
    readRows = []
    matchedRows = nil
    showsSourceAsIs = false
    titleMatchedCounts = sections.map(\.elements.count)
    titlePositions = positions
    sourceSections = positions.indices.filter { !positions[$0].isEmpty }
    sourceItems = sourceSections.map { positions[$0] }
    // The rows hidden are found when asked (a selected row that left the screen), not for every query.
    hiddenRowsCache = nil
    displayedSections = Self.shownSections(of: sections, positions: positions, query: rowQuery)
  }

  /// The binder shown for each row of the source before a change, section by section (`nil` for a row the
  /// query hides), made from the rows shown when they were matched by their titles: what `filterChange(_:)`
  /// starts from. One binder made per row shown.
  func rowsMatchedByTitles() -> [[CellBinder?]]? {
    guard let counts = titleMatchedCounts else { return nil }
    var rows = counts.map { [CellBinder?](repeating: nil, count: $0) }
    for (shown, sourceIndex) in sourceSections.enumerated() {
      guard rows.indices.contains(sourceIndex), displayedSections.indices.contains(shown) else { return nil }
      let elements = displayedSections[shown].elements
      for (offset, item) in sourceItems[shown].enumerated() where rows[sourceIndex].indices.contains(item) {
        rows[sourceIndex][item] = elements[offset]
      }
    }
    return rows
  }
}

/// How the rows of a `_TitleMatchedRows` are found by identity: not asked yet, looked up in the base list (whose
/// identities are known), or in a table of the rows shown (over a base list of binders).
enum _ShownIdentities: Sendable {
  case unknown
  case inBase
  case shown([ListIdentifier: [Int]])
}

/// The rows of a source section that a query matched by their titles: each row's binder is the source's,
/// highlighted, made when read. In a tree's section (`_RowQuery.marksContext`), a row shown whose text does not
/// hold the query is an ancestor of a match, marked as context.
final class _TitleMatchedRows: _CellBinderSource {
  let base: CellBinderList
  let positions: [Int]
  let query: _RowQuery
  /// The binders already made, by position in `base`: rows a change matched by their binders' texts.
  let made: [Int: CellBinder]

  init(base: CellBinderList, positions: [Int], query: _RowQuery, made: [Int: CellBinder] = [:]) {
    self.base = base
    self.positions = positions
    self.query = query
    self.made = made
  }

  func binder(at position: Int) -> CellBinder {
    let item = positions[position]
    if !made.isEmpty, let binder = made[item] { return binder }
    let binder = base[item]
    let title = query.text?(binder) ?? base.rowTitle(at: item) ?? FilteredFeed.defaultSearchableText(of: binder)
    guard let match = FilteredFeed.Match(pattern: query.pattern, in: title) else {
      return query.marksContext ? binder.markingAsFilterContext() : binder
    }
    return binder.highlightingMatches(match.offsets)
  }

  /// Where the rows shown are by identity, when the base list reads its identities one by one
  /// (`CellBinderList.scansIdentities`: binders): made at the first search, from the rows shown alone, so that a
  /// search costs its identities, not a read of every row of the base list, which the query mostly hides.
  private let shownByIdentity = Mutex(_ShownIdentities.unknown)

  func identity(at position: Int) -> ListIdentifier { base.identity(at: positions[position]) }

  /// The positions shown of each identity (see ``shownByIdentity``), or `nil` when the base list looks its
  /// identities up.
  ///
  /// - Complexity: O(1) once made; made at the first call, with one identity read per row shown.
  private func shownPositionsByIdentity() -> [ListIdentifier: [Int]]? {
    shownByIdentity.withSanitizedLock { known in
      switch known {
      case .inBase: return nil
      case .shown(let table): return table
      case .unknown:
        guard base.scansIdentities else {
          known = .inBase
          return nil
        }
        var table: [ListIdentifier: [Int]] = [:]
        for (offset, item) in positions.enumerated() { table[base.identity(at: item), default: []].append(offset) }
        known = .shown(table)
        return table
      }
    }
  }

  /// Each row of the base list with the identity (found there, usually one), looked up among the positions
  /// shown (a binary search); over a base list of binders, the rows shown of the identity.
  func firstPosition(ofIdentity id: ListIdentifier, in range: Range<Int>) -> Int? {
    if let shown = shownPositionsByIdentity() { return shown[id]?.first { range.contains($0) } }
    var from = 0
    while let item = base.firstIndex(ofIdentity: id, from: from) {
      let offset = positions.partitioningIndex { $0 >= item }
      if offset < positions.count, positions[offset] == item, range.contains(offset) { return offset }
      from = item + 1
    }
    return nil
  }

  /// The rows of the base list with the identities, each looked up among the positions shown; over a base list
  /// of binders, the rows shown of the identities.
  func positions(ofIdentities ids: Set<ListIdentifier>, in range: Range<Int>) -> [Int] {
    if let shown = shownPositionsByIdentity() {
      return ids.flatMap { shown[$0] ?? [] }.filter { range.contains($0) }.sorted()
    }
    return base.positions(ofIdentities: ids).compactMap { item in
      let offset = positions.partitioningIndex { $0 >= item }
      return offset < positions.count && positions[offset] == item && range.contains(offset) ? offset : nil
    }
  }

  /// None: the rows are looked up in the base list, or, over binders, among the rows shown, each read once.
  func identityScanCount(in range: Range<Int>) -> Int { 0 }

  func title(at position: Int) -> String? { base.matchedTitle(at: positions[position]) }
  func height(at position: Int) -> RowHeight { base.rowHeight(at: positions[position]) }
}
