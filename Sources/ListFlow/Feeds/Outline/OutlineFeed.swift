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
/// made by `cell` when a view reads the row. A change of the outline (new trees, an expansion) diffs the rows
/// by their identity and content, so it costs one walk of the visible rows and calls to `cell` for the rows it
/// changed and the rows the view shows; setting the same trees again calls `cell` for no row. A row's identity
/// is its element's ``Differentiable/differenceIdentifier``, wrapped in a ``ListIdentifier``: every binder
/// `cell` makes is identified by it, whatever ``CellBinder/id`` `cell` gave.
///
/// - Precondition: `cell` depends only on what ``Outline/Row/isContentEqual(to:)`` compares (the element's
///   content, the depth, the expandability and the expansion), so a row with equal content would get an equal
///   binder. It is not checked: a `cell` that breaks it shows the binder of the first state that had the row's
///   content.
@MainActor
public final class OutlineFeed<Element: Differentiable>: ListFeed where Element.DifferenceIdentifier: Sendable {
  /// The outline: trees and expanded identities. Setting it shows the new visible rows.
  public var outline: Outline<Element> {
    didSet { rebuild() }
  }
  /// The section's header, or `nil`.
  public var header: CellBinder? {
    didSet { rebuild() }
  }
  /// The section's footer, or `nil`.
  public var footer: CellBinder? {
    didSet { rebuild() }
  }
  /// Asked before a row expands; `false` keeps it collapsed. Every row may expand by default.
  public var shouldExpand: (Outline<Element>.Row) -> Bool = { _ in true }
  /// The link to the composite this feed is a child of.
  public let feedLink = FeedLink<ListSectionSnapshot>()
  /// The closures that receive the events of the outline's rows, with positions in the feed (section 0).
  public var delegate = SyncDelegate()
  /// The section shown: the outline's visible rows.
  public private(set) var displayedSections: [ListSectionSnapshot] = []
  /// The visible rows, in order.
  public private(set) var rows: [Outline<Element>.Row] = []
  /// The ``Differentiable/differenceHash`` of the element of every row of ``rows``, for the next diff.
  private var rowHashes: [Int] = []

  private let sectionID: ListIdentifier
  let cell: (Outline<Element>.Row) -> CellBinder
  /// The expanded identities from before a tree filter expanded the ancestors of its matches (see
  /// ``FilteredFeed``), restored when the filter is cleared.
  var expansionBeforeFilter: Set<Element.DifferenceIdentifier>?

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
    self.sectionID = ListIdentifier(id)
    self.cell = cell
    (rows, rowHashes) = outline.visibleRows(reservingCapacity: 0)
    displayedSections = [ListSectionSnapshot(model: sectionModel, elements: lazyBinders(of: rows))]
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

  /// Expands or collapses the row at a position of ``rows``; a row without children, or one that
  /// ``shouldExpand`` keeps closed, is left alone.
  ///
  /// - Parameters:
  ///   - expanded: Whether the row should be expanded.
  ///   - path: The row's position in the feed (section 0).
  /// - Returns: Whether the row's expansion changed.
  @discardableResult
  public func setExpanded(_ expanded: Bool, forRowAt path: ItemPath) -> Bool {
    guard path.section == 0, rows.indices.contains(path.item), rows[path.item].isExpandable,
      rows[path.item].isExpanded != expanded
    else { return false }
    let row = rows[path.item]
    if expanded {
      guard shouldExpand(row) else { return false }
      outline.expand(row.differenceIdentifier)
    } else {
      outline.collapse(row.differenceIdentifier)
    }
    return true
  }

  /// Whether the row at a position of ``rows`` is expanded: `nil` for a row without children, or a collapsed
  /// one that ``shouldExpand`` keeps closed.
  ///
  /// - Parameter path: The row's position in the feed (section 0).
  /// - Returns: Whether the row is expanded, or `nil` when it can neither expand nor collapse.
  public func isRowExpanded(at path: ItemPath) -> Bool? {
    guard path.section == 0, rows.indices.contains(path.item), rows[path.item].isExpandable else { return nil }
    let row = rows[path.item]
    if !row.isExpanded, !shouldExpand(row) { return nil }
    return row.isExpanded
  }

  /// Expands a collapsed row or collapses an expanded one.
  ///
  /// - Parameter index: The row's position in ``rows``.
  /// - Returns: Whether the row's expansion changed.
  @discardableResult
  public func toggleRow(at index: Int) -> Bool {
    guard rows.indices.contains(index) else { return false }
    return setExpanded(!rows[index].isExpanded, forRowAt: ItemPath(item: index, section: 0))
  }

  /// Shows the outline's visible rows: diffs them with the rows shown by identity and content (no binder is made
  /// for that), and sends the changes. The new list makes a row's binder when a view reads it; an updated row's
  /// binder is made for the stage that updates it.
  ///
  /// - Complexity: O(*v*) for *v* visible rows, plus a call to `cell` per updated row.
  private func rebuild() {
    let previousRows = rows
    let previousHashes = rowHashes
    let previous = displayedSections
    (rows, rowHashes) = outline.visibleRows(reservingCapacity: previousRows.count)
    let model = sectionModel
    displayedSections = [ListSectionSnapshot(model: model, elements: lazyBinders(of: rows))]
    let source = [ArraySection(model: previous[0].model, elements: previousRows)]
    let target = [ArraySection(model: model, elements: rows)]
    let plan =
      _SectionedPlan(sparseSource: source, target: target, sourceHashes: previousHashes, targetHashes: rowHashes)
      ?? _SectionedPlan(
        source: source, target: target, policy: .matchInOrder, sourceHashes: previousHashes, targetHashes: rowHashes)
    let stages = plan.stages(source: previous, target: displayedSections, targetData: displayedSections)
    feedLink.send(StagedChangeset(stages))
  }

  /// The section's identity, header and footer.
  private var sectionModel: ListSectionSnapshot.Model {
    ListSectionSnapshot.Model(id: sectionID, header: header, footer: footer)
  }

  /// The binders of `rows`, each made by `cell` when read and identified by its row's element.
  private func lazyBinders(of rows: [Outline<Element>.Row]) -> CellBinderList {
    rows.isEmpty
      ? CellBinderList() : CellBinderList(pieces: [.rows(_OutlineRowSource(rows: rows, cell: cell), rows.indices)])
  }
}

/// The visible rows of an ``OutlineFeed`` and its `cell` function, as the source of a ``CellBinderList``: a row's
/// binder is made when read, and its identity is read from its element.
///
/// `@unchecked Sendable`: every stored property is a `let`; the rows and the function belong to the main actor,
/// and every read runs on it (`MainActor.assumeIsolated` stops a read from elsewhere).
final class _OutlineRowSource<Element: Differentiable>: _CellBinderSource, @unchecked Sendable
where Element.DifferenceIdentifier: Sendable {
  let rows: [Outline<Element>.Row]
  let cell: (Outline<Element>.Row) -> CellBinder

  init(rows: [Outline<Element>.Row], cell: @escaping (Outline<Element>.Row) -> CellBinder) {
    self.rows = rows
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
    path.section == 0 && rows.indices.contains(path.item) ? rows[path.item].depth : 0
  }

  /// Expands the ancestors of every node whose row matches, keeping the expansion from before the filter to
  /// give back when `matches` is `nil`; the other nodes keep that expansion.
  ///
  /// - Parameter matches: Whether a row matches, or `nil` to give back the expansion from before.
  /// - Returns: `true`: a filter keeps each match's ancestors.
  /// - Complexity: O(*n* × *d*) for *n* nodes *d* deep: every node's row is made and matched, collapsed or not.
  @discardableResult
  public func revealRows(matching matches: ((CellBinder) -> Bool)?) -> Bool {
    guard let matches else {
      restoreExpansion()
      return true
    }

    let before = expansionBeforeFilter ?? outline.expanded
    expansionBeforeFilter = before
    var expanded = before
    // Depth first with an explicit stack; each entry carries its ancestors' identities.
    var stack: [(node: Outline<Element>.Node, depth: Int, ancestors: [Element.DifferenceIdentifier])] =
      outline.roots.reversed().map { ($0, 0, []) }
    while let (node, depth, ancestors) = stack.popLast() {
      let id = node.element.differenceIdentifier
      let row = Outline.Row(
        element: node.element, depth: depth, isExpandable: node.isExpandable, isExpanded: expanded.contains(id))
      if matches(cell(row)) { expanded.formUnion(ancestors) }
      for child in node.children.reversed() { stack.append((child, depth + 1, ancestors + [id])) }
    }
    if expanded != outline.expanded { outline.expanded = expanded }
    return true
  }

  private func restoreExpansion() {
    guard let before = expansionBeforeFilter else { return }
    expansionBeforeFilter = nil
    if before != outline.expanded { outline.expanded = before }
  }
}
