extension SyncDelegate {
  /// Calls the change closures for one applied stage, in the documented order: sections deleted, inserted,
  /// moved, updated, then rows deleted, inserted, moved, reconfigured and reloaded; an empty kind is skipped.
  ///
  /// - Parameter update: The stage the view just applied.
  func dispatch(_ update: ListUpdate) {
    let stage = update.changeset
    if !stage.sectionDeleted.isEmpty { didDeleteSections(stage.sectionDeleted) }
    if !stage.sectionInserted.isEmpty { didInsertSections(stage.sectionInserted) }
    if !stage.sectionMoved.isEmpty { didMoveSections(stage.sectionMoved) }
    if !stage.sectionUpdated.isEmpty { didUpdateSections(stage.sectionUpdated) }
    if !stage.elementDeleted.isEmpty { didDeleteRows(stage.elementDeleted) }
    if !stage.elementInserted.isEmpty { didInsertRows(stage.elementInserted) }
    if !stage.elementMoved.isEmpty { didMoveRows(stage.elementMoved) }
    if !update.reconfiguredRows.isEmpty { didReconfigureRows(update.reconfiguredRows) }
    if !update.reloadedRows.isEmpty { didReloadRows(update.reloadedRows) }
  }

  /// Calls the `willDisplay…` closure that matches a row, header or footer.
  ///
  /// - Parameters:
  ///   - cell: Its cell.
  ///   - element: Which row, header or footer.
  func willDisplay(_ cell: any ListCell, for element: ListElement) {
    switch element {
    case .row(let path): willDisplayCell(cell, path)
    case .header(let section): willDisplayHeader(cell, section)
    case .footer(let section): willDisplayFooter(cell, section)
    }
  }

  /// Calls the `didEndDisplaying…` closure that matches a row, header or footer.
  ///
  /// - Parameters:
  ///   - cell: Its cell.
  ///   - element: Where it was.
  func didEndDisplaying(_ cell: any ListCell, for element: ListElement) {
    switch element {
    case .row(let path): didEndDisplayingCell(cell, path)
    case .header(let section): didEndDisplayingHeader(cell, section)
    case .footer(let section): didEndDisplayingFooter(cell, section)
    }
  }

  /// The edit actions of a row: ``editActions`` when ``canEditRow`` allows it, else none.
  ///
  /// - Parameters:
  ///   - path: The row's position, as this delegate sees it.
  ///   - row: The row's binder.
  /// - Returns: The actions.
  func allowedEditActions(at path: ItemPath, for row: CellBinder) -> [EditAction] {
    canEditRow(path, row) ? editActions(path, row) : []
  }
}
