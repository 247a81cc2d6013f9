extension ComposedListController {
  /// Sends a selection to the owning child's delegate (local path), then to ``delegate`` (global path).
  ///
  /// - Parameter path: The selected row's global position.
  /// - Throws: A ``ListFlowError`` for a position out of range.
  public func selectRow(at path: ItemPath) throws(ListFlowError) {
    let (binder, child, local) = try route(path)
    child?.didSelectRow(local, binder)
    delegate.didSelectRow(path, binder)
    if (child?.deselectsAutomatically ?? false) || delegate.deselectsAutomatically {
      view.deselectRow(at: path)
      child?.didDeselectRow(local, binder)
      delegate.didDeselectRow(path, binder)
    }
  }

  /// Sends a deselection to the owning child's delegate, then to ``delegate``.
  ///
  /// - Parameter path: The row's global position.
  /// - Throws: A ``ListFlowError`` for a position out of range.
  public func deselectRow(at path: ItemPath) throws(ListFlowError) {
    let (binder, child, local) = try route(path)
    child?.didDeselectRow(local, binder)
    delegate.didDeselectRow(path, binder)
  }

  /// Sends a highlight change to the owning child's delegate, then to ``delegate``.
  ///
  /// - Parameters:
  ///   - path: The row's global position.
  ///   - isHighlighted: Whether the row is highlighted now.
  /// - Throws: A ``ListFlowError`` for a position out of range.
  public func highlightRow(at path: ItemPath, isHighlighted: Bool) throws(ListFlowError) {
    let (binder, child, local) = try route(path)
    if isHighlighted {
      child?.didHighlightRow(local, binder)
      delegate.didHighlightRow(path, binder)
    } else {
      child?.didUnhighlightRow(local, binder)
      delegate.didUnhighlightRow(path, binder)
    }
  }

  /// Sends a cell's appearance to the owning child's delegate (local positions), then to ``delegate``.
  ///
  /// - Parameters:
  ///   - cell: The cell.
  ///   - element: The row, header or footer, in global positions.
  public func willDisplay(_ cell: any ListCell, for element: ListElement) {
    switch element {
    case .row(let path):
      if let (source, local) = composite.source(for: path) { childDelegate(source)?.willDisplayCell(cell, local) }
    case .header(let section):
      if let (source, local) = composite.source(forSection: section) {
        childDelegate(source)?.willDisplayHeader(cell, local)
      }
    case .footer(let section):
      if let (source, local) = composite.source(forSection: section) {
        childDelegate(source)?.willDisplayFooter(cell, local)
      }
    }
    element.notify(
      cell, row: delegate.willDisplayCell, header: delegate.willDisplayHeader, footer: delegate.willDisplayFooter)
  }

  /// Sends a cell's disappearance to ``delegate``; the child is not told, its position may be gone already.
  ///
  /// - Parameters:
  ///   - cell: The cell.
  ///   - element: The row, header or footer, in the global positions it had.
  public func didEndDisplaying(_ cell: any ListCell, for element: ListElement) {
    element.notify(
      cell, row: delegate.didEndDisplayingCell, header: delegate.didEndDisplayingHeader,
      footer: delegate.didEndDisplayingFooter)
  }

  /// Sends a scroll to ``delegate``, with the reached-top and reached-end edges.
  ///
  /// - Parameter position: The new position.
  public func didScroll(to position: ScrollPosition) {
    reportScroll(to: position)
  }

  /// The edit actions the owning child offers for a row (its delegate, or ``delegate`` when it has none).
  ///
  /// - Parameter path: The row's global position.
  /// - Returns: The actions, none when the row cannot be edited.
  /// - Throws: A ``ListFlowError`` for a position out of range.
  public func editActions(forRowAt path: ItemPath) throws(ListFlowError) -> [EditAction] {
    let (binder, child, local) = try route(path)
    if let child { return child.allowedEditActions(at: local, for: binder) }
    return delegate.allowedEditActions(at: path, for: binder)
  }

  /// Commits an edit action at the owning child (its delegate, or ``delegate`` when it has none), which updates
  /// its source; the change comes back to the view as the child's changes.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - path: The row's global position.
  /// - Throws: ``ListFlowError/rowNotEditable(_:)`` when the row cannot be edited, or a position error.
  public func commitEdit(_ action: EditAction, forRowAt path: ItemPath) throws(ListFlowError) {
    let (binder, child, local) = try route(path)
    let canEdit = child.map { $0.canEditRow(local, binder) } ?? delegate.canEditRow(path, binder)
    guard canEdit else {
      report(.rowNotEditable(path))
      throw .rowNotEditable(path)
    }
    if let child { child.commitEdit(action, local, binder) } else { delegate.commitEdit(action, path, binder) }
  }

  /// Whether a row can be moved: its child's delegate says so (or ``delegate`` when it has none).
  ///
  /// - Parameter path: The row's global position.
  /// - Returns: `true` when the row can be moved.
  public func canMoveRow(at path: ItemPath) -> Bool {
    guard let (binder, child, local) = try? route(path) else { return false }
    return child.map { $0.canMoveRow(local, binder) } ?? delegate.canMoveRow(path, binder)
  }

  /// A row the view moved inside one child: the child's source takes the move, its delegate is told with local
  /// positions, then ``delegate`` with global ones.
  ///
  /// - Parameter move: The move, in global positions.
  /// - Throws: ``ListFlowError/rowNotMovable(_:)`` when the row cannot move or would leave its child, or a
  ///   position error.
  public func moveRow(_ move: Move<ItemPath>) throws(ListFlowError) {
    let (binder, child, local) = try route(move.source)
    guard child.map({ $0.canMoveRow(local, binder) }) ?? delegate.canMoveRow(move.source, binder) else {
      report(.rowNotMovable(move.source))
      throw .rowNotMovable(move.source)
    }
    guard let (source, sourceLocal) = composite.source(for: move.source),
      let (targetSource, targetSection) = composite.source(forSection: move.target.section), targetSource === source
    else {
      report(.rowNotMovable(move.source))
      throw .rowNotMovable(move.source)
    }
    let targetLocal = ItemPath(item: move.target.item, section: targetSection)
    let rowCount = source.sections[targetSection].elements.count - (targetSection == sourceLocal.section ? 1 : 0)
    guard (0...rowCount).contains(targetLocal.item) else {
      report(.rowOutOfRange(path: move.target, rowCount: rowCount))
      throw .rowOutOfRange(path: move.target, rowCount: rowCount)
    }
    isAbsorbingViewMove = true
    source.moveRow(Move(source: sourceLocal, target: targetLocal))
    isAbsorbingViewMove = false
    child?.didMoveRow(Move(source: sourceLocal, target: targetLocal), binder)
    delegate.didMoveRow(move, binder)
  }

  /// The binder at a global position, the owning child's delegate, and the local position.
  private func route(_ path: ItemPath) throws(ListFlowError) -> (CellBinder, SyncDelegate?, ItemPath) {
    let binder = try reportedRow(at: path)
    guard let (source, local) = composite.source(for: path) else { return (binder, nil, path) }
    return (binder, childDelegate(source), local)
  }

  private func childDelegate(_ source: SectionedDataSource<ListSectionSnapshot>) -> SyncDelegate? {
    childDelegates[ObjectIdentifier(source)]
  }
}
