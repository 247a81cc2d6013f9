import ListFlow

/// A minimal host for the end-to-end scenarios: it shows the first `rowCount` rows of the first section, as a
/// terminal viewport would, keeps only their cells and records nothing.
///
/// It pulls its visible cells from the data source on a reload and after every batch, so what it costs is what
/// a host with a small viewport costs; unlike `RecordingListView` it keeps no history, so the memory a run gains
/// is the pipeline's own.
@MainActor
final class ViewportListView: ListView {
  weak var dataSource: (any ListDataSource)?
  let reusePool = CellReusePool()
  let isVisible = true
  private let rowCount: Int
  /// The cells shown, top to bottom.
  private(set) var cells: [any ListCell] = []

  init(rowCount: Int = 50) {
    self.rowCount = rowCount
  }

  var visibleRows: [ItemPath] {
    cells.indices.map { ItemPath(item: $0, section: 0) }
  }

  /// The lines shown.
  var renderedLines: [String] { cells.map(\.textRepresentation) }

  func reloadData() { pullVisibleCells() }

  func performBatchUpdates(_ update: ListUpdate) { pullVisibleCells() }

  private func pullVisibleCells() {
    for cell in cells { reusePool.enqueue(cell) }
    guard let dataSource, dataSource.numberOfSections > 0 else {
      cells = []
      return
    }
    let count = min(rowCount, dataSource.numberOfRows(inSection: 0))
    cells = (0..<count).compactMap { try? dataSource.cell(at: ItemPath(item: $0, section: 0), for: self) }
  }
}
