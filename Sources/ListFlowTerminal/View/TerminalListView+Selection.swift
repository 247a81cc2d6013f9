extension TerminalListView {
  /// The mark of a selected row: `✓` (U+2713, one column in every locale, not East Asian Ambiguous), or `*`
  /// when the screen is drawn in ASCII only.
  static func selectedMark(asciiOnly: Bool) -> String { asciiOnly ? "* " : "✓ " }

  /// The column a list with a selection mode draws before each row: the selected mark, or blanks; `nil` when the
  /// list keeps no selection, so a list without selection looks as it always did.
  func selectionMark(for path: ItemPath) -> StyledLine? {
    guard let dataSource, dataSource.selectionMode.limit > 0 else { return nil }
    guard dataSource.isRowSelected(at: path) else { return StyledLine("  ") }
    return StyledLine(Self.selectedMark(asciiOnly: differ.asciiOnly), style: .bold)
  }

  /// The status bar's count of a multi-select list's selection (`3 selected`, rows a filter hides included), or
  /// `nil` when nothing is selected or the list selects one row at most.
  func selectionNote() -> String? {
    guard selectedCount > 0, let dataSource, dataSource.selectionMode.limit > 1 else { return nil }
    return "\(selectedCount) selected"
  }

  /// Space in a multi-select list: the data source toggles the row under the cursor.
  func toggleCurrentRow() {
    guard let path = viewport.selection, let dataSource else { return }
    do { try dataSource.toggleSelection(ofRowAt: path) } catch { record(error) }
    render()
  }
}
