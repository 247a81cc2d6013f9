extension ListEngine {
  /// The list's own header: a cell shown above the first section, or `nil` (the default) for none.
  ///
  /// ```swift
  /// engine.listHeader = TitleCell.makeBinder(value: "Settings", id: "list-header")
  /// ```
  ///
  /// Setting a header whose content differs from the one shown reloads the view (queued behind a change being
  /// applied), since a ``ListView`` asks for the list's header and footer when it reloads; setting an equal one
  /// does nothing.
  ///
  /// A header cell that sends actions (an ``ActionEmittingCell``) sends them to
  /// ``SyncDelegate/didReceiveListSupplementaryAction`` of ``delegate``, with this binder, while it is the cell the
  /// view was last given for the header; the same holds for ``listFooter``.
  public var listHeader: CellBinder? {
    get { listHeaderBinder }
    set {
      let changed = !Self.sameContent(listHeaderBinder, newValue)
      listHeaderBinder = newValue
      if changed && hasLoaded { reloadData() }
    }
  }

  /// The list's own footer: a cell shown below the last section, or `nil` (the default) for none.
  ///
  /// Setting it reloads the view when its content changed, as for ``listHeader``.
  public var listFooter: CellBinder? {
    get { listFooterBinder }
    set {
      let changed = !Self.sameContent(listFooterBinder, newValue)
      listFooterBinder = newValue
      if changed && hasLoaded { reloadData() }
    }
  }

  /// A configured view for ``listHeader``, dequeued from the view's reuse pool, or `nil`.
  ///
  /// - Parameter view: The view asking.
  /// - Returns: The header view, or `nil`.
  /// - Throws: ``ListFlowError/unregisteredCell(reuseIdentifier:)`` or
  ///   ``ListFlowError/mistypedCell(reuseIdentifier:expected:found:)``; also reported to the delegate.
  public func listHeader(for view: any ListView) throws(ListFlowError) -> (any ListCell)? {
    let cell = try listSupplementary(listHeaderBinder, for: view, isHeader: true)
    listSupplementaryCells.header = cell.map(ObjectIdentifier.init)
    return cell
  }

  /// A configured view for ``listFooter``, dequeued from the view's reuse pool, or `nil`.
  ///
  /// - Parameter view: The view asking.
  /// - Returns: The footer view, or `nil`.
  /// - Throws: As ``listHeader(for:)``.
  public func listFooter(for view: any ListView) throws(ListFlowError) -> (any ListCell)? {
    let cell = try listSupplementary(listFooterBinder, for: view, isHeader: false)
    listSupplementaryCells.footer = cell.map(ObjectIdentifier.init)
    return cell
  }

  /// A configured cell for the list's header or footer; a cell that sends actions (an ``ActionEmittingCell``)
  /// sends them to ``SyncDelegate/didReceiveListSupplementaryAction`` of ``delegate`` while it is the last cell
  /// made for its place.
  private func listSupplementary(
    _ binder: CellBinder?, for view: any ListView, isHeader: Bool
  ) throws(ListFlowError) -> (
    any ListCell
  )? {
    guard let binder else { return nil }
    let cell = try reporting { () throws(ListFlowError) -> any ListCell in try makeCell(binder, in: view) }
    if sendsActions(cell), let emitting = cell as? any ActionEmittingCell {
      installListSupplementaryActions(on: emitting, binder: binder, isHeader: isHeader)
    }
    return cell
  }

  private func installListSupplementaryActions<Cell: ActionEmittingCell>(
    on cell: Cell, binder: CellBinder, isHeader: Bool
  ) {
    cell.sendAction = { [weak self, unowned cell] action in
      guard let self else { return }
      let current = isHeader ? listSupplementaryCells.header : listSupplementaryCells.footer
      guard current == ObjectIdentifier(cell) else { return }
      delegate.didReceiveListSupplementaryAction(action, binder)
    }
  }

  private static func sameContent(_ left: CellBinder?, _ right: CellBinder?) -> Bool {
    switch (left, right) {
    case (nil, nil): true
    case (let left?, let right?): left.hasSameCell(as: right) && left.isContentEqual(to: right)
    default: false
    }
  }
}
