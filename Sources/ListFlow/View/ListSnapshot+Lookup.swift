extension [ListSectionSnapshot] {
  /// The number of rows of a section, or 0 when the section does not exist.
  ///
  /// - Parameter section: The section's index.
  /// - Returns: The number of rows.
  func rowCount(inSection section: Int) -> Int {
    indices.contains(section) ? self[section].elements.count : 0
  }

  /// The binder of a row.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: The row's binder.
  /// - Throws: ``ListFlowError/sectionOutOfRange(section:sectionCount:)`` or
  ///   ``ListFlowError/rowOutOfRange(path:rowCount:)``.
  func row(at path: ItemPath) throws(ListFlowError) -> CellBinder {
    guard indices.contains(path.section) else {
      throw .sectionOutOfRange(section: path.section, sectionCount: count)
    }
    let rows = self[path.section].elements
    guard rows.indices.contains(path.item) else { throw .rowOutOfRange(path: path, rowCount: rows.count) }
    return rows[path.item]
  }

  /// The position of the first row with an identity, or `nil` when there is none.
  ///
  /// - Parameter id: The row's identity.
  /// - Returns: The row's position.
  /// - Complexity: O(n) identity comparisons in the number of rows; no binder is made for rows whose identity
  ///   the list knows (see ``CellBinderList/identity(at:)``).
  func path(ofRow id: ListIdentifier) -> ItemPath? {
    for (section, content) in enumerated() {
      if let item = content.elements.firstIndex(ofIdentity: id) {
        return ItemPath(item: item, section: section)
      }
    }
    return nil
  }

  /// The position of the first row with an identity in the section of identity `section` (the first section of
  /// it), or `nil` when that section has none or there is no such section: two sections may show rows of the same
  /// identity, and a row is looked for in its own section first.
  ///
  /// - Parameters:
  ///   - id: The row's identity.
  ///   - section: The identity of the row's section.
  ///   - occurrence: How many rows of the identity to pass over first (rows of a section that share an identity
  ///     are told apart by their order); the last row of it when the section has no more.
  /// - Returns: The row's position.
  /// - Complexity: O(*s*) section identity comparisons, and a search of one section as ``path(ofRow:)`` searches.
  func path(ofRow id: ListIdentifier, inSection section: ListIdentifier, occurrence: Int = 0) -> ItemPath? {
    guard let index = firstIndex(where: { $0.model.id == section }),
      var item = self[index].elements.firstIndex(ofIdentity: id)
    else { return nil }
    var passed = 0
    while passed < occurrence, let next = self[index].elements.firstIndex(ofIdentity: id, from: item + 1) {
      item = next
      passed += 1
    }
    return ItemPath(item: item, section: index)
  }

  /// Where a row of the list `before`, of identity `id` in the section of identity `section`, is in this list: the
  /// row of that identity in the section of that identity (``path(ofRow:inSection:)``), else the first row of that
  /// identity in a section that had no row of it in `before` (a change moved it there); `nil` otherwise. Two
  /// sections may show rows of the same identity (a "Pinned" section and the full list below it): a row of the
  /// identity that another section showed before the change is another row.
  ///
  /// - Parameters:
  ///   - id: The row's identity.
  ///   - section: The identity of the row's section in `before`.
  ///   - before: The list the row was in.
  ///   - occurrence: How many rows of the identity come before the row in its section (see
  ///     ``path(ofRow:inSection:occurrence:)``).
  /// - Returns: The row's position.
  /// - Complexity: O(*s*) section identity comparisons and a search of one section while the row is in its own
  ///   section; else a search of every other section, and for each that has a row of the identity, O(*s*)
  ///   section identity comparisons and a search of one section of `before`.
  func path(
    ofRow id: ListIdentifier, inSection section: ListIdentifier, before: ListSnapshot, occurrence: Int = 0
  ) -> ItemPath? {
    if let own = path(ofRow: id, inSection: section, occurrence: occurrence) { return own }
    for (index, now) in enumerated() where now.model.id != section {
      guard let item = now.elements.firstIndex(ofIdentity: id) else { continue }
      if before.path(ofRow: id, inSection: now.model.id) == nil { return ItemPath(item: item, section: index) }
    }
    return nil
  }

  /// The identity of a row, read without making its binder when the list knows it, or `nil` when the row does
  /// not exist.
  ///
  /// - Parameter path: The row's position.
  /// - Returns: The row's identity.
  func identity(ofRowAt path: ItemPath) -> ListIdentifier? {
    guard indices.contains(path.section), self[path.section].elements.indices.contains(path.item) else { return nil }
    return self[path.section].elements.identity(at: path.item)
  }

  /// The first of `paths` whose row has the identity `id`, each identity read as ``identity(ofRowAt:)`` reads
  /// it, each section's rows looked up once for a run of paths in it; paths to no row are skipped.
  ///
  /// - Complexity: O(*k*) identity reads for *k* paths, no binder made where the rows' identities are known.
  func firstPath(of id: ListIdentifier, among paths: [ItemPath]) -> ItemPath? {
    var section = -1
    var rows = CellBinderList()
    for path in paths {
      if path.section != section {
        guard indices.contains(path.section) else { continue }
        section = path.section
        rows = self[section].elements
      }
      if rows.indices.contains(path.item), rows.identity(at: path.item) == id { return path }
    }
    return nil
  }

  /// The binder of a row, header or footer, or `nil` when the element does not exist.
  ///
  /// - Parameter element: The row, header or footer.
  /// - Returns: Its binder.
  func binder(of element: ListElement) -> CellBinder? {
    switch element {
    case .row(let path): try? row(at: path)
    case .header(let section): indices.contains(section) ? self[section].model.header : nil
    case .footer(let section): indices.contains(section) ? self[section].model.footer : nil
    }
  }

  /// The height of a row, header or footer: the item's own, else its cell type's, else the type's estimate.
  ///
  /// - Parameter element: The row, header or footer.
  /// - Returns: The height, or `nil` when the element does not exist.
  func height(of element: ListElement) -> RowHeight? {
    if case .row(let path) = element {
      guard indices.contains(path.section), self[path.section].elements.indices.contains(path.item) else {
        return nil
      }
      return self[path.section].elements.rowHeight(at: path.item)
    }
    guard let binder = binder(of: element) else { return nil }
    if let height = binder.height { return .exact(height) }
    if let height = binder.cellType.preferredHeight { return .exact(height) }
    return .estimated(binder.cellType.estimatedHeight)
  }
}
