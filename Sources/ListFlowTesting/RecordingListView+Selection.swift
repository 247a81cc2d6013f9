extension RecordingListView {
  /// Records a selection change in ``selectionChanges``.
  ///
  /// - Parameter change: What changed.
  public func selectionDidChange(_ change: ListSelection.Change) {
    selectionChanges.append(change)
  }

  /// The rows the view holds that its data source says are selected, ascending.
  public var selectedRows: [ItemPath] {
    guard let dataSource else { return [] }
    return visibleRows.filter { dataSource.isRowSelected(at: $0) }
  }

  /// ``renderedLines`` of the rows only, each selected row marked with `[x] ` and every other with `[ ] `.
  public var renderedSelection: [String] {
    let selected = Set(selectedRows)
    return sections.enumerated().flatMap { section, content in
      content.rows.enumerated().map { item, cell in
        (selected.contains(ItemPath(item: item, section: section)) ? "[x] " : "[ ] ") + cell.textRepresentation
      }
    }
  }
}
