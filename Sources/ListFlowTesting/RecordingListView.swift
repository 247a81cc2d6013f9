/// A ``ListView`` for tests: it applies every batch to the cells it holds as a UIKit table view would, checks its
/// counts against its data source after every stage, and records what happened.
///
/// ```swift
/// let view = RecordingListView()
/// let controller = ListController<VenueDetailViewState>(cell: VenueDetailViewState.binder)
/// let engine = try ListEngine(view: view, showing: controller)  // keep it while the list is shown
/// await controller.apply(state)
/// #expect(view.renderedLines == ["# Kaminarimon", "== Reviews ==", "Yosuke Ishikawa: Foo"])
/// #expect(view.inconsistencies.isEmpty)
/// #expect(view.registrations.map(\.reuseIdentifier).contains(ReviewCell.reuseIdentifier))
/// ```
///
/// The view holds one cell per row (and per header and footer), pulled from its data source. A batch is applied
/// by keeping the cells of the rows that stay, in order, and filling the positions of inserted and moved rows;
/// when what it holds does not add up to the data source's counts, that is an *inconsistency*, the bug class
/// that makes a UIKit data source throw "invalid number of rows". A batch that names a row or a section twice (a
/// row deleted twice, deleted and moved, or moved twice; a row refreshed twice, or refreshed and deleted, itself or
/// with its section; a section deleted twice, deleted and moved or updated, or updated twice) is one too, whatever
/// the counts, as a table view refuses it. It is recorded in
/// ``inconsistencies`` and the view recovers by reloading. Cells the view drops go back to its ``reusePool``.
@MainActor
public final class RecordingListView: ListView {
  /// The cells the view holds for one section.
  public struct Section {
    /// The header's view, if the section has one.
    public var header: (any ListCell)?
    /// The rows' cells, in order.
    public var rows: [any ListCell]
    /// The footer's view, if the section has one.
    public var footer: (any ListCell)?
  }

  /// One cell the view obtained from its data source (``isReconfigured`` `false`) or had filled again (`true`).
  public struct ConfiguredCell: Hashable, Sendable, CustomStringConvertible {
    /// What the cell shows.
    public var element: ListElement
    /// The cell type's name.
    public var cellTypeName: String
    /// The cell's text once configured.
    public var text: String
    /// Whether an existing cell was filled again.
    public var isReconfigured: Bool

    /// `element: CellType "text"`, with `(reconfigured)` when it was filled again.
    public var description: String {
      "\(element): \(cellTypeName) \"\(text)\"\(isReconfigured ? " (reconfigured)" : "")"
    }
  }

  /// The data source: the engine that shows a feed here; held weakly.
  public weak var dataSource: (any ListDataSource)?
  /// The view's registrations and free cells.
  public let reusePool: CellReusePool
  /// Whether the view reports itself on screen; set it to `false` to see the controller reload instead.
  public var isVisible: Bool
  /// Called after each batch is applied and checked, with the view and the batch.
  public var didApplyBatch: ((RecordingListView, ListUpdate) -> Void)?

  /// The cells the view holds, section by section.
  public private(set) var sections: [Section] = []
  /// The list's own header (``ListDataSource/listHeader(for:)``), pulled at each reload; `nil` for none.
  public private(set) var listHeader: (any ListCell)?
  /// The list's own footer (``ListDataSource/listFooter(for:)``), pulled at each reload; `nil` for none.
  public private(set) var listFooter: (any ListCell)?
  /// Every batch applied, in order (the latest ``historyLimit`` of them when there is a limit).
  public private(set) var updates: [ListUpdate] = []
  /// How many times the view was reloaded.
  public private(set) var reloadCount = 0
  /// Every cell obtained or filled again, in order (the latest ``historyLimit`` of them when there is a limit).
  public private(set) var configuredCells: [ConfiguredCell] = []
  /// How many of the latest entries ``updates`` and ``configuredCells`` keep at least; `nil` (the default) keeps
  /// all.
  ///
  /// A test that drives thousands of states through a large list, or a benchmark, sets a limit so that the
  /// history does not grow without bound. Older entries are dropped a chunk of `max(1, historyLimit / 64)` at a
  /// time, so each history holds at most `historyLimit + max(1, historyLimit / 64)` entries, trimming moves about
  /// 64 entries per entry added, and no single batch frees more than a small part of the history at once (freeing
  /// old batches, which hold whole snapshots, would otherwise stall one batch in many). Inconsistencies, errors
  /// and deselections are always kept.
  public let historyLimit: Int?
  /// Every inconsistency found after a batch, as a sentence that starts with the batch's stage number and count
  /// (`stage 2/3: …`, the ``ListUpdate/stage`` + 1, whatever stage an update made by hand holds); empty when the
  /// view always matched its data source.
  public private(set) var inconsistencies: [String] = []
  /// Errors the data source threw while the view pulled cells (the row then shows a placeholder).
  public internal(set) var errors: [ListFlowError] = []
  /// Rows the controller deselected.
  public private(set) var deselectedRows: [ItemPath] = []
  /// The scrolls asked of the view (``scrollToRow(at:alignment:)``), oldest first.
  public internal(set) var scrollRequests: [ScrollRequest] = []
  /// Every selection change the view was told of, in order.
  public internal(set) var selectionChanges: [ListSelection.Change] = []

  /// Creates an empty view.
  ///
  /// - Parameters:
  ///   - reusePool: The pool to dequeue cells from; a new one with automatic registration by default.
  ///   - isVisible: Whether the view reports itself on screen.
  ///   - historyLimit: How many of the latest batches and configured cells to keep; `nil` keeps all, a negative
  ///     limit counts as 0, and any other is taken as given, up to `Int.max` (which keeps all, as `nil` does).
  public init(reusePool: CellReusePool = CellReusePool(), isVisible: Bool = true, historyLimit: Int? = nil) {
    self.reusePool = reusePool
    self.isVisible = isVisible
    self.historyLimit = historyLimit.map { max($0, 0) }
  }

  /// Drops the oldest entries of `history` beyond ``historyLimit``, in small chunks (see ``historyLimit``).
  private func trim<Entry>(_ history: inout [Entry]) {
    // Compared as the count beyond the limit: the sum of a limit near `Int.max` and its chunk would overflow.
    guard let historyLimit, history.count - historyLimit >= max(1, historyLimit / 64) else { return }
    history.removeFirst(history.count - historyLimit)
  }

  /// The registrations of the view's reuse pool, in order.
  public var registrations: [CellReusePool.Registration] { reusePool.registrations }

  /// Every row position, ascending: the whole list counts as on screen.
  public var visibleRows: [ItemPath] {
    sections.enumerated().flatMap { section, content in
      content.rows.indices.map { ItemPath(item: $0, section: section) }
    }
  }

  /// The list as text: the list's header line, then for each section its header's line, its rows' lines and its
  /// footer's line, then the list's footer line, using each cell's ``ListCell/textRepresentation``.
  public var renderedLines: [String] {
    [listHeader?.textRepresentation].compactMap { $0 }
      + sections.flatMap { section in
        [section.header?.textRepresentation].compactMap { $0 } + section.rows.map(\.textRepresentation)
          + [section.footer?.textRepresentation].compactMap { $0 }
      } + [listFooter?.textRepresentation].compactMap { $0 }
  }

  /// ``renderedLines`` joined by newlines.
  public var renderedText: String { renderedLines.joined(separator: "\n") }

  /// Drops every cell (back to the pool) and pulls the whole list again.
  public func reloadData() {
    reloadCount += 1
    for (index, section) in sections.enumerated() { discard(section, at: index) }
    for cell in [listHeader, listFooter].compactMap({ $0 }) where !(cell is PlaceholderCell) {
      reusePool.enqueue(cell)
    }
    listHeader = nil
    listFooter = nil
    guard let dataSource else {
      sections = []
      return
    }
    listHeader = pullListSupplementary(dataSource.listHeader)
    sections = (0..<dataSource.numberOfSections).map { pullSection($0, from: dataSource) }
    listFooter = pullListSupplementary(dataSource.listFooter)
  }

  /// Applies one stage to the cells the view holds, then checks the counts against the data source.
  ///
  /// - Parameter update: The stage.
  public func performBatchUpdates(_ update: ListUpdate) {
    updates.append(update)
    trim(&updates)
    guard let dataSource else { return }
    do {
      try applyUpdates(update, from: dataSource)
      try applyStructure(update.changeset, from: dataSource)
      if let mismatch = countMismatch(with: dataSource) { throw Inconsistency(message: mismatch) }
    } catch {
      // `stage + 1` for any stage of an update made by hand: from 0 up it is counted as a `UInt`, never overflows.
      let number = update.stage < 0 ? String(update.stage + 1) : String(UInt(update.stage) + 1)
      inconsistencies.append("stage \(number)/\(update.stageCount): \(error.message)")
      reloadData()
    }
    didApplyBatch?(self, update)
  }

  /// Records the deselection.
  ///
  /// - Parameter path: The row's position.
  public func deselectRow(at path: ItemPath) { deselectedRows.append(path) }

  /// Where the view's counts differ from its data source's, or `nil` when they match.
  ///
  /// - Parameter dataSource: The data source to compare with.
  /// - Returns: A sentence naming the first difference.
  public func countMismatch(with dataSource: any ListDataSource) -> String? {
    guard sections.count == dataSource.numberOfSections else {
      return
        "invalid number of sections: the data source has \(dataSource.numberOfSections), the view \(sections.count)"
    }
    for (index, section) in sections.enumerated() where section.rows.count != dataSource.numberOfRows(inSection: index)
    {
      return "invalid number of rows in section \(index): the data source has "
        + "\(dataSource.numberOfRows(inSection: index)), the view \(section.rows.count)"
    }
    return nil
  }

  // MARK: Pulling and dropping cells

  func pullSection(_ index: Int, from dataSource: any ListDataSource) -> Section {
    let header = pullSupplementary(.header(section: index), from: dataSource)
    let rows = (0..<dataSource.numberOfRows(inSection: index)).map {
      pullCell(ItemPath(item: $0, section: index), from: dataSource)
    }
    return Section(header: header, rows: rows, footer: pullSupplementary(.footer(section: index), from: dataSource))
  }

  func pullCell(_ path: ItemPath, from dataSource: any ListDataSource) -> any ListCell {
    let cell: any ListCell
    do {
      cell = try dataSource.cell(at: path, for: self)
    } catch {
      errors.append(error)
      cell = PlaceholderCell(error: error)
    }
    record(cell, .row(path), isReconfigured: false)
    dataSource.willDisplay(cell, for: .row(path))
    return cell
  }

  func pullSupplementary(_ element: ListElement, from dataSource: any ListDataSource) -> (any ListCell)? {
    let pulled: (any ListCell)?
    do {
      switch element {
      case .header(let section): pulled = try dataSource.header(inSection: section, for: self)
      case .footer(let section): pulled = try dataSource.footer(inSection: section, for: self)
      case .row(let path): pulled = try dataSource.cell(at: path, for: self)
      }
    } catch {
      errors.append(error)
      pulled = PlaceholderCell(error: error)
    }
    guard let cell = pulled else { return nil }
    record(cell, element, isReconfigured: false)
    dataSource.willDisplay(cell, for: element)
    return cell
  }

  /// The list's header or footer, from one of the data source's methods; a placeholder when it throws.
  func pullListSupplementary(
    _ pull: (any ListView) throws(ListFlowError) -> (any ListCell)?
  ) -> (any ListCell)? {
    do {
      return try pull(self)
    } catch {
      errors.append(error)
      return PlaceholderCell(error: error)
    }
  }

  func record(_ cell: any ListCell, _ element: ListElement, isReconfigured: Bool) {
    configuredCells.append(
      ConfiguredCell(
        element: element,
        cellTypeName: _TypeNameCache.shared.name(of: type(of: cell)),
        text: cell.textRepresentation,
        isReconfigured: isReconfigured
      )
    )
    trim(&configuredCells)
  }

  func drop(_ cell: any ListCell, _ element: ListElement) {
    dataSource?.didEndDisplaying(cell, for: element)
    if !(cell is PlaceholderCell) { reusePool.enqueue(cell) }
  }

  func discard(_ section: Section, at index: Int) {
    if let header = section.header { drop(header, .header(section: index)) }
    for (item, cell) in section.rows.enumerated() { drop(cell, .row(ItemPath(item: item, section: index))) }
    if let footer = section.footer { drop(footer, .footer(section: index)) }
  }

  func replaceSections(_ newSections: [Section]) { sections = newSections }
  func replaceRow(_ cell: any ListCell, at path: ItemPath) { sections[path.section].rows[path.item] = cell }
  func replaceHeader(_ cell: (any ListCell)?, footer: (any ListCell)?, inSection section: Int) {
    sections[section].header = cell
    sections[section].footer = footer
  }

  /// A stage the view could not apply.
  struct Inconsistency: Error {
    var message: String
  }
}

extension Error {
  fileprivate var message: String { (self as? RecordingListView.Inconsistency)?.message ?? "\(self)" }
}

/// What the view shows for a row whose cell the data source could not make.
final class PlaceholderCell: ListCell {
  var error: ListFlowError?
  init() {}
  init(error: ListFlowError) { self.error = error }
  var textRepresentation: String { "<error: \(error.map(\.description) ?? "unknown")>" }
}
