import ListFlow

/// A minimal host with a small viewport: it shows the first `rowCount` rows of the first section, as a terminal
/// viewport would, keeps only their cells and records nothing. The benchmarks measure the pipeline through it, and
/// tests use it to check that a change costs what it touches on screen, not the whole list.
///
/// It pulls its visible cells from the data source on a reload and after every batch that changes one of its rows
/// (a batch that changes only rows off the screen leaves them, as a table view leaves its cells), so what it costs
/// is what a host with a small viewport costs; unlike `RecordingListView` it keeps no history, so the memory a run gains
/// is the pipeline's own. It tells its data source of nothing: no display, scroll or user event (a delegate's
/// `willDisplayCell`, `didEndDisplayingCell`, `didScroll` and the like are not called), it keeps no selection,
/// and it shows neither the list's own header and footer nor section headers and footers; test those with
/// `RecordingListView`.
///
/// ```swift
/// let view = ViewportListView(rowCount: 20)
/// let controller = ListController<[Contact]> { [ListSection(id: "contacts", items: $0)] } cell: {
///   ContactCell.makeBinder(value: $0, id: $0.id)
/// }
/// let engine = try ListEngine(view: view, showing: controller)  // keep it while the list is shown
/// await controller.apply(contacts)  // 20,000 contacts: about 20 binders made
/// view.renderedLines                // the first 20 rows
/// ```
@MainActor
public final class ViewportListView: ListView {
  /// The engine the view asks for its rows.
  public weak var dataSource: (any ListDataSource)?
  /// The pool the cells are dequeued from.
  public let reusePool = CellReusePool()
  /// Always `true`: the viewport is on screen, so changes come as batches.
  public let isVisible = true
  private let rowCount: Int
  /// The cells shown, top to bottom: one a row, a placeholder for a row whose cell the data source could not make.
  public private(set) var cells: [any ListCell] = []

  /// Creates a viewport of `rowCount` rows.
  ///
  /// - Parameter rowCount: How many rows it shows at most; a negative count counts as 0.
  public init(rowCount: Int = 50) {
    self.rowCount = max(rowCount, 0)
  }

  /// The positions of the rows shown.
  public var visibleRows: [ItemPath] {
    cells.indices.map { ItemPath(item: $0, section: 0) }
  }

  /// The lines shown, one a row: a row whose cell the data source could not make shows `<error: …>` naming the
  /// error, as in `RecordingListView`.
  public var renderedLines: [String] { cells.map(\.textRepresentation) }

  /// Pulls the cells of the viewport's rows again.
  public func reloadData() { pullVisibleCells() }

  /// Pulls the viewport's cells again when the batch touches one of its rows.
  public func performBatchUpdates(_ update: ListUpdate) {
    if touchesVisibleRows(update) { pullVisibleCells() }
  }

  /// Whether a batch changes a row of the viewport (the first `rowCount` rows of section 0), before or after it:
  /// like a table view, the host keeps its cells through a batch that changes only rows off the screen.
  private func touchesVisibleRows(_ update: ListUpdate) -> Bool {
    let changeset = update.changeset
    if changeset.sectionChangeCount > 0 { return true }
    func visible(_ path: ItemPath) -> Bool { path.section == 0 && path.item < rowCount }
    return changeset.elementDeleted.contains(where: visible) || changeset.elementInserted.contains(where: visible)
      || changeset.elementUpdated.contains(where: visible)
      || changeset.elementMoved.contains { visible($0.source) || visible($0.target) }
      || update.refreshedRows.contains(where: visible)
  }

  /// Pulls the cells of the viewport's rows; a row whose cell the data source cannot make shows a placeholder
  /// (`<error: …>`, as in `RecordingListView`), so that every row keeps its line.
  private func pullVisibleCells() {
    for cell in cells where !(cell is PlaceholderCell) { reusePool.enqueue(cell) }
    guard let dataSource, dataSource.numberOfSections > 0 else {
      cells = []
      return
    }
    let count = max(min(rowCount, dataSource.numberOfRows(inSection: 0)), 0)
    cells = (0..<count).map { item -> any ListCell in
      do throws(ListFlowError) {
        return try dataSource.cell(at: ItemPath(item: item, section: 0), for: self)
      } catch {
        return PlaceholderCell(error: error)
      }
    }
  }
}
