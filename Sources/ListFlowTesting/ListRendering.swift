/// Renders lists as text with fresh cells, to compare with what a ``RecordingListView`` shows.
///
/// ```swift
/// #expect(view.renderedLines == ListRendering.lines(of: state.sections))
/// ```
@MainActor
public enum ListRendering {
  /// The lines of a list: for each section its header's, rows' and footer's
  /// ``ListCell/textRepresentation``, each cell made new and configured by its binder.
  ///
  /// A binder that cannot configure its own cell type cannot occur (the type comes from the binder); its line
  /// would be the cell's unconfigured text.
  ///
  /// - Parameter snapshot: The list.
  /// - Returns: One line per header, row and footer.
  /// - Complexity: O(n) cells made and configured.
  public static func lines(of snapshot: ListSnapshot) -> [String] {
    snapshot.flatMap { section in
      [section.model.header].compactMap { $0.map(line) } + section.elements.map(line)
        + [section.model.footer].compactMap { $0.map(line) }
    }
  }

  /// The lines of sections of binders.
  ///
  /// - Parameter sections: The sections.
  /// - Returns: One line per header, row and footer.
  public static func lines(of sections: [ListSection<CellBinder>]) -> [String] {
    lines(of: sections.map(\.snapshot))
  }

  /// The lines of a flat list of binders.
  ///
  /// - Parameter items: The items.
  /// - Returns: One line per item.
  public static func lines(of items: [CellBinder]) -> [String] {
    items.map(line)
  }

  /// The text of one fresh cell configured by `binder`.
  ///
  /// - Parameter binder: The binder.
  /// - Returns: The cell's ``ListCell/textRepresentation``.
  public static func line(_ binder: CellBinder) -> String {
    let cell = binder.cellType.init()
    try? binder.configure(cell)
    return cell.textRepresentation
  }
}
