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
    guard observesRowKinds else { return }
    if !update.reconfiguredRows.isEmpty { didReconfigureRows(update.reconfiguredRows) }
    if !update.reloadedRows.isEmpty { didReloadRows(update.reloadedRows) }
  }

  /// The edit actions of a row: ``editActions`` when ``canEditRow`` allows it, else none.
  ///
  /// - Parameters:
  ///   - path: The row's position, as this delegate sees it.
  ///   - row: The row's binder.
  /// - Returns: The actions.
  func allowedEditActions(at path: ItemPath, for row: CellBinder) -> [SyncDelegate.EditAction] {
    canEditRow(path, row) ? editActions(path, row) : []
  }
}

extension ListElement {
  /// Calls the closure for this element's kind: `row` with the row's position, `header` or `footer` with the
  /// section's index.
  ///
  /// Controllers pass the matching closures of their delegate (`delegate.willDisplayCell`, …) rather than call a
  /// method of the delegate: a delegate stored in a class is copied whole before one of its methods runs (a
  /// retain and a release for each of its closures, for every cell shown), while reading one closure copies that
  /// closure alone.
  ///
  /// - Parameters:
  ///   - cell: The cell.
  ///   - row: Called for a row.
  ///   - header: Called for a header.
  ///   - footer: Called for a footer.
  func notify(
    _ cell: any ListCell,
    row: (any ListCell, ItemPath) -> Void,
    header: (any ListCell, Int) -> Void,
    footer: (any ListCell, Int) -> Void
  ) {
    switch self {
    case .row(let path): row(cell, path)
    case .header(let section): header(cell, section)
    case .footer(let section): footer(cell, section)
    }
  }
}
