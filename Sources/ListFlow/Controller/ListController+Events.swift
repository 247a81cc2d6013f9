extension ListController {
  /// The user selected a row: calls ``SyncDelegate/didSelectRow`` with its binder (model and tag), then, with
  /// ``SyncDelegate/deselectsAutomatically``, deselects it in the view and calls ``SyncDelegate/didDeselectRow``.
  ///
  /// - Parameter path: The row's position.
  /// - Throws: An out-of-range error (also reported to the delegate); nothing is called then.
  public func selectRow(at path: ItemPath) throws(ListFlowError) {
    let binder = try reportedRow(at: path)
    delegate.didSelectRow(path, binder)
    if delegate.deselectsAutomatically {
      view.deselectRow(at: path)
      delegate.didDeselectRow(path, binder)
    }
  }

  /// The user deselected a row: calls ``SyncDelegate/didDeselectRow``.
  ///
  /// - Parameter path: The row's position.
  /// - Throws: An out-of-range error (also reported to the delegate).
  public func deselectRow(at path: ItemPath) throws(ListFlowError) {
    delegate.didDeselectRow(path, try reportedRow(at: path))
  }

  /// A row's highlight started or ended: calls ``SyncDelegate/didHighlightRow`` or
  /// ``SyncDelegate/didUnhighlightRow``.
  ///
  /// - Parameters:
  ///   - path: The row's position.
  ///   - isHighlighted: Whether the highlight starts.
  /// - Throws: An out-of-range error (also reported to the delegate).
  public func highlightRow(at path: ItemPath, isHighlighted: Bool) throws(ListFlowError) {
    let binder = try reportedRow(at: path)
    if isHighlighted { delegate.didHighlightRow(path, binder) } else { delegate.didUnhighlightRow(path, binder) }
  }

  /// A row, header or footer is about to appear: calls the matching `willDisplay…` closure.
  ///
  /// - Parameters:
  ///   - cell: Its cell.
  ///   - element: Which row, header or footer.
  public func willDisplay(_ cell: any ListCell, for element: ListElement) {
    element.notify(
      cell, row: delegate.willDisplayCell, header: delegate.willDisplayHeader, footer: delegate.willDisplayFooter)
  }

  /// A row, header or footer left the screen: calls the matching `didEndDisplaying…` closure.
  ///
  /// - Parameters:
  ///   - cell: Its cell.
  ///   - element: Where it was.
  public func didEndDisplaying(_ cell: any ListCell, for element: ListElement) {
    element.notify(
      cell, row: delegate.didEndDisplayingCell, header: delegate.didEndDisplayingHeader,
      footer: delegate.didEndDisplayingFooter)
  }

  /// The view scrolled: calls ``SyncDelegate/didScroll``, then ``SyncDelegate/didReachTop`` or
  /// ``SyncDelegate/didReachEnd`` when the viewport gets to an edge it was not at before.
  ///
  /// - Parameter position: Where the viewport is now.
  public func didScroll(to position: ScrollPosition) {
    reportScroll(to: position)
  }

  /// The edit actions of a row: ``SyncDelegate/editActions`` when ``SyncDelegate/canEditRow`` allows it, else none.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: The actions.
  /// - Throws: An out-of-range error (also reported to the delegate).
  public func editActions(forRowAt path: ItemPath) throws(ListFlowError) -> [EditAction] {
    let binder = try reportedRow(at: path)
    return delegate.allowedEditActions(at: path, for: binder)
  }

  /// The user chose an edit action: calls ``SyncDelegate/commitEdit``. The list changes when the app's next
  /// state (without the deleted item, say) is applied.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - path: The row's position.
  /// - Throws: An out-of-range error, or ``ListFlowError/rowNotEditable(_:)`` when ``SyncDelegate/canEditRow``
  ///   says no (also reported to the delegate).
  public func commitEdit(_ action: EditAction, forRowAt path: ItemPath) throws(ListFlowError) {
    let binder = try reportedRow(at: path)
    guard delegate.canEditRow(path, binder) else {
      report(.rowNotEditable(path))
      throw .rowNotEditable(path)
    }
    delegate.commitEdit(action, path, binder)
  }

  /// Whether a row exists and ``SyncDelegate/canMoveRow`` allows moving it.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: Whether the user may drag it.
  public func canMoveRow(at path: ItemPath) -> Bool {
    guard let binder = try? row(at: path) else { return false }
    return delegate.canMoveRow(path, binder)
  }

  /// The user moved a row: the controller moves it in the list shown (the view already shows it there), then
  /// calls ``SyncDelegate/didMoveRow`` so that the app updates its state to match.
  ///
  /// - Parameter move: Where the row was and where it is now; the target may be in another section, and
  ///   `target.item` may be at most the number of rows of the target section once the row left its source.
  /// - Throws: An out-of-range error for the source or the target, or ``ListFlowError/rowNotMovable(_:)``
  ///   (also reported to the delegate); the list is unchanged then.
  public func moveRow(_ move: Move<ItemPath>) throws(ListFlowError) {
    let binder = try reportedRow(at: move.source)
    guard delegate.canMoveRow(move.source, binder) else {
      report(.rowNotMovable(move.source))
      throw .rowNotMovable(move.source)
    }
    let target = move.target
    guard snapshot.indices.contains(target.section) else {
      let error = ListFlowError.sectionOutOfRange(section: target.section, sectionCount: snapshot.count)
      report(error)
      throw error
    }
    let targetCount = snapshot[target.section].elements.count - (target.section == move.source.section ? 1 : 0)
    guard (0...targetCount).contains(target.item) else {
      let error = ListFlowError.rowOutOfRange(path: target, rowCount: targetCount)
      report(error)
      throw error
    }
    snapshot[move.source.section].elements.remove(at: move.source.item)
    snapshot[target.section].elements.insert(binder, at: target.item)
    modelGeneration += 1
    // The rows of the last state no longer describe the list: the next state is diffed by its binders.
    shownRows = nil
    delegate.didMoveRow(move, binder)
  }
}
