extension FilteredFeed {
  /// The position in the source of a row shown at `path` (the same position while no query is set), or `nil`.
  ///
  /// - Parameter path: A position among the filtered rows.
  /// - Returns: The row's position in ``source``.
  /// - Complexity: O(1).
  public func sourcePath(for path: ItemPath) -> ItemPath? {
    guard !query.isEmpty else { return path }
    guard sourcePaths.indices.contains(path.section), sourcePaths[path.section].indices.contains(path.item) else {
      return nil
    }
    return sourcePaths[path.section][path.item]
  }

  /// The index in the source of a section shown at `section`.
  func sourceSection(for section: Int) -> Int {
    guard !query.isEmpty else { return section }
    return sourceSections.indices.contains(section) ? sourceSections[section] : section
  }

  /// A delegate that passes the events of the filtered rows to `inner` with the rows' positions in the source.
  func forwarding(to inner: SyncDelegate) -> SyncDelegate {
    guard !query.isEmpty else { return inner }
    let map: (ItemPath) -> ItemPath = { [weak self] path in self?.sourcePath(for: path) ?? path }
    let mapSection: (Int) -> Int = { [weak self] section in self?.sourceSection(for: section) ?? section }
    var routed = inner
    routed.didSelectRow = { inner.didSelectRow(map($0), $1) }
    routed.didDeselectRow = { inner.didDeselectRow(map($0), $1) }
    routed.didHighlightRow = { inner.didHighlightRow(map($0), $1) }
    routed.didUnhighlightRow = { inner.didUnhighlightRow(map($0), $1) }
    routed.willDisplayCell = { inner.willDisplayCell($0, map($1)) }
    routed.didEndDisplayingCell = { inner.didEndDisplayingCell($0, map($1)) }
    routed.willDisplayHeader = { inner.willDisplayHeader($0, mapSection($1)) }
    routed.didEndDisplayingHeader = { inner.didEndDisplayingHeader($0, mapSection($1)) }
    routed.willDisplayFooter = { inner.willDisplayFooter($0, mapSection($1)) }
    routed.didEndDisplayingFooter = { inner.didEndDisplayingFooter($0, mapSection($1)) }
    routed.canEditRow = { inner.canEditRow(map($0), $1) }
    routed.editActions = { inner.editActions(map($0), $1) }
    routed.commitEdit = { inner.commitEdit($0, map($1), $2) }
    routed.canMoveRow = { _, _ in false }
    routed.didChangeSelection = { change in
      var change = change
      change.addedRows = change.addedRows.map(map)
      change.removedRows = change.removedRows.map(map)
      inner.didChangeSelection(change)
    }
    routed.selectionHooks = inner.selectionHooks.mapValues { hook in { hook(map($0), $1) } }
    routed.displayHooks = inner.displayHooks.mapValues { hook in { hook($0, map($1)) } }
    routed.actionHandlers = inner.actionHandlers.mapValues { handler in { handler(Self.mapped($0, map, mapSection)) } }
    routed.didReceiveCellAction = { inner.didReceiveCellAction(Self.mapped($0, map, mapSection)) }
    return routed
  }

  /// A cell action's event with its element's position in the source.
  private static func mapped(
    _ event: CellActionEvent, _ map: (ItemPath) -> ItemPath, _ mapSection: (Int) -> Int
  ) -> CellActionEvent {
    let element: ListElement =
      switch event.element {
      case .row(let path): .row(map(path))
      case .header(let section): .header(section: mapSection(section))
      case .footer(let section): .footer(section: mapSection(section))
      }
    return CellActionEvent(action: event.action, element: element, row: event.row)
  }
}

extension FilteredFeed: _DelegateCarrying {
  /// The source's own delegate (see ``FilteredFeed``'s Events), forwarding with positions in the source.
  var ownDelegate: SyncDelegate? {
    guard let inner = (source as? any _DelegateCarrying)?.ownDelegate else { return nil }
    return forwarding(to: inner)
  }
}

extension FilteredFeed: ExpandableSource {
  /// Expands or collapses a row of a source that is an ``ExpandableSource``, at the row's position there.
  ///
  /// - Parameters:
  ///   - expanded: Whether the row should show its children.
  ///   - path: The row's position among the filtered rows.
  /// - Returns: Whether the row's expansion changed; `false` when the source does not expand rows, and for a
  ///   tree while a query is set (its expansion follows the query).
  @discardableResult
  public func setExpanded(_ expanded: Bool, forRowAt path: ItemPath) -> Bool {
    guard let expandable = source as? any ExpandableSource, !followsQuery, let sourcePath = sourcePath(for: path)
    else {
      return false
    }
    return expandable.setExpanded(expanded, forRowAt: sourcePath)
  }

  /// Whether a row is expanded, as a source that is an ``ExpandableSource`` says.
  ///
  /// - Parameter path: The row's position among the filtered rows.
  /// - Returns: Whether it is expanded; `nil` when it can neither expand nor collapse, and for a tree while a
  ///   query is set (its expansion follows the query).
  public func isRowExpanded(at path: ItemPath) -> Bool? {
    guard let expandable = source as? any ExpandableSource, !followsQuery, let sourcePath = sourcePath(for: path)
    else { return nil }
    return expandable.isRowExpanded(at: sourcePath)
  }
}

extension FilteredFeed {
  /// Whether the source is a tree whose expansion follows the query now.
  var followsQuery: Bool { !query.isEmpty && source is any _FilterableTree }
}
