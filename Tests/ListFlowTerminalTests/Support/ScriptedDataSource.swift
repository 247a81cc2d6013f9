import ListFlowTerminal

/// A minimal data source for view tests: it holds a snapshot of `TextCell` rows, serves cells from the view's
/// reuse pool, records every event, and applies a new snapshot to the view stage by stage, as a controller does.
@MainActor
final class ScriptedDataSource: ListDataSource {
  struct Row: Hashable {
    var id: Int
    var title: String
  }

  struct Section: Hashable {
    var id: Int
    var header: String?
    var footer: String?
    var rows: [Row]
  }

  private(set) var snapshot: ListSnapshot = []
  private(set) var events: [String] = []
  var editActions: [SyncDelegate.EditAction] = [.delete]
  weak var view: (any ListView)?

  static func binder(_ row: Row) -> CellBinder {
    CellBinder(cell: TextCell.self, value: row.title, id: ListIdentifier(row.id)) { cell, title in cell.title = title }
  }

  static func headerBinder(_ text: String, id: Int) -> CellBinder {
    CellBinder(cell: TextCell.self, value: text, id: ListIdentifier(id)) { cell, title in cell.title = title }
  }

  static func snapshot(_ sections: [Section]) -> ListSnapshot {
    sections.map { section in
      ListSectionSnapshot(
        model: ListSectionSnapshot.Model(
          id: ListIdentifier(section.id), header: section.header.map { headerBinder($0, id: section.id) },
          footer: section.footer.map { headerBinder($0, id: -section.id - 1) }),
        elements: section.rows.map(binder))
    }
  }

  /// Shows `sections`: a reload the first time, staged batch updates afterwards.
  func show(_ sections: [Section]) {
    let target = Self.snapshot(sections)
    guard let view, !snapshot.isEmpty else {
      snapshot = target
      view?.reloadData()
      return
    }
    let changes = StagedChangeset(source: snapshot, target: target)
    for (index, stage) in changes.enumerated() {
      let previous = snapshot
      snapshot = stage.data
      view.performBatchUpdates(
        ListUpdate(changeset: stage, previous: previous, stage: index, stageCount: changes.count))
    }
  }

  var numberOfSections: Int { snapshot.count }

  func numberOfRows(inSection section: Int) -> Int {
    snapshot.indices.contains(section) ? snapshot[section].elements.count : 0
  }

  func cell(at path: ItemPath, for view: any ListView) throws(ListFlowError) -> any ListCell {
    guard snapshot.indices.contains(path.section), snapshot[path.section].elements.indices.contains(path.item) else {
      throw .rowOutOfRange(
        path: path, rowCount: snapshot.indices.contains(path.section) ? snapshot[path.section].elements.count : 0)
    }
    let binder = snapshot[path.section].elements[path.item]
    let cell = try view.reusePool.dequeue(for: binder)
    try binder.configure(cell)
    return cell
  }

  func header(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? {
    supplementaryPulls += 1
    guard snapshot.indices.contains(section) else { return nil }
    return try supplementary(snapshot[section].model.header, view)
  }

  func footer(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? {
    supplementaryPulls += 1
    guard snapshot.indices.contains(section) else { return nil }
    return try supplementary(snapshot[section].model.footer, view)
  }

  /// How many headers and footers were pulled (dequeued and configured).
  var supplementaryPulls = 0

  private func supplementary(_ binder: CellBinder?, _ view: any ListView) throws(ListFlowError) -> (any ListCell)? {
    guard let binder else { return nil }
    let cell = try view.reusePool.dequeue(for: binder)
    try binder.configure(cell)
    return cell
  }

  func height(of element: ListElement) -> RowHeight? {
    heightRequests += 1
    switch element {
    case .row(let path): return path.item >= 0 && path.item < numberOfRows(inSection: path.section) ? .exact(1) : nil
    case .header(let section):
      return snapshot.indices.contains(section) && snapshot[section].model.header != nil ? .exact(1) : nil
    case .footer(let section):
      return snapshot.indices.contains(section) && snapshot[section].model.footer != nil ? .exact(1) : nil
    }
  }

  /// How many times ``height(of:)`` was asked.
  var heightRequests = 0

  func selectRow(at path: ItemPath) throws(ListFlowError) { events.append("select \(path)") }

  func highlightRow(at path: ItemPath, isHighlighted: Bool) throws(ListFlowError) {
    events.append("\(isHighlighted ? "highlight" : "unhighlight") \(path)")
  }

  func didScroll(to position: SyncDelegate.ScrollPosition) {
    if position.isAtEnd { events.append("reached end") }
  }

  func editActions(forRowAt path: ItemPath) throws(ListFlowError) -> [SyncDelegate.EditAction] { editActions }

  func commitEdit(_ action: SyncDelegate.EditAction, forRowAt path: ItemPath) throws(ListFlowError) {
    events.append("\(action.id) \(path)")
  }

  func takeEvents() -> [String] {
    defer { events = [] }
    return events
  }
}
