extension PagingController {
  /// The paged list as one section of cell binders, with the placeholder, empty-state, failure and footer rows of
  /// an appearance: what to give a ``ListController`` after every ``didChange``.
  ///
  /// - Parameters:
  ///   - id: The section's identity.
  ///   - appearance: The rows shown besides the content.
  ///   - row: Makes the binder of one loaded element.
  /// - Returns: One section.
  /// - Complexity: O(*n*) for *n* rows.
  public func sections<ID: Hashable & Sendable>(
    id: ID,
    appearance: PagingAppearance,
    row: (Page.Element) -> CellBinder
  ) -> [ListSection<CellBinder>] {
    [ListSection(id: id, items: appearance.rows(for: presentation, contentRows: rows.map(row)))]
  }
}
