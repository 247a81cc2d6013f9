import ListFlow

extension TerminalListView {
  /// A row followed through the stages of a change: its identity and its section's, and its position in the list
  /// after the stages applied so far (`nil` while the change has it deleted).
  ///
  /// Two sections may show rows of the same identity (as the Demo's Pinned section and its list of every process
  /// do): they are two rows. So a row is told from another by its position, and found again by identity in the
  /// section of its section's identity first.
  struct FollowedRow {
    /// The row's identity, when the data source knows it.
    var identity: ListIdentifier?
    /// The identity of the row's section when the change started (when the row was last placed), when the data
    /// source (an engine) knows it: the row is its section's row of its identity.
    var section: ListIdentifier?
    /// The row's position now; `nil` when a stage deleted it and no later stage inserted it again.
    var path: ItemPath?
  }

  /// The row under the cursor, with the identities ``rememberCursor()`` noted.
  var cursorRow: FollowedRow? {
    viewport.selection.map { FollowedRow(identity: cursorIdentity, section: cursorSection, path: $0) }
  }

  /// The identity of a section of the list shown, when the data source is an engine.
  func identity(ofSection section: Int) -> ListIdentifier? {
    (dataSource as? ListEngine)?.identity(ofSection: section)
  }

  /// Follows a row through one stage: by position (moves included), and, when the row was deleted by this
  /// stage or an earlier one of the change, by identity: first among the rows this stage puts in the section of
  /// the row's section identity (inserted or moved there: a diff that pairs rows of the same identity in order
  /// may delete the row and move another of its identity to its section, which then stays the row), then among
  /// the rows it inserts elsewhere, the rows of sections it inserts included (a row another section showed
  /// already is another row). A row that goes to a section the change inserts is deleted by one stage and
  /// inserted by another, so it is found again there.
  ///
  /// - Parameters:
  ///   - row: The row, as followed up to the stage before.
  ///   - update: The stage; the data source already reflects it.
  ///   - mapper: The stage's position mapper.
  /// - Returns: The row after the stage.
  /// - Complexity: O(log *c*) for *c* changes while the row stays; O(*i*) identity reads for the *i* rows the
  ///   stage inserts while the row is gone (at most twice: its own section's, then all). No binder is made for a
  ///   data source that knows its rows' identities without them.
  func follow(_ row: FollowedRow, through update: ListUpdate, mapper: PathMapper) -> FollowedRow {
    var row = row
    if let path = row.path {
      switch mapper.map(path) {
      case .kept(let target):
        row.path = target
        // A diff that pairs rows of one identity in order may move the row out of its section while a row of its
        // identity is still there: that one is the row.
        if let section = row.section, let identity = row.identity, self.identity(ofSection: target.section) != section,
          let own = (dataSource as? ListEngine)?.path(ofRowWithIdentity: identity, inSection: section)
        {
          row.path = own
        }
      case .removed: row.path = nil
      }
    }
    guard row.path == nil, let identity = row.identity else { return row }
    row.path = insertedPath(of: identity, inSection: row.section, in: update.changeset)
    return row
  }

  /// The position of the row with an identity among the rows a stage inserts or moves into the section of
  /// identity `section`, else among the rows it inserts, or `nil`.
  private func insertedPath(
    of identity: ListIdentifier, inSection section: ListIdentifier?, in changes: Changeset<[ListSectionSnapshot]>
  ) -> ItemPath? {
    guard let dataSource else { return nil }
    // The engine reads a run of paths in one section without looking the section up for each.
    let engine = dataSource as? ListEngine
    func first(among paths: [ItemPath]) -> ItemPath? {
      if let engine { return engine.firstRow(withIdentity: identity, among: paths) }
      return paths.first { dataSource.identity(ofRowAt: $0) == identity }
    }
    func rows(of section: Int) -> [ItemPath] {
      (0..<dataSource.numberOfRows(inSection: section)).map { ItemPath(item: $0, section: section) }
    }
    if let section, let engine, let own = engine.section(withIdentity: section) {
      let inOwn = { (paths: [ItemPath]) in paths.filter { $0.section == own } }
      if let path = first(among: inOwn(changes.elementInserted)) { return path }
      if let path = first(among: inOwn(changes.elementMoved.map(\.target))) { return path }
      if changes.sectionInserted.contains(own), let path = first(among: rows(of: own)) { return path }
    }
    // Elsewhere, a row the stage moves is another row that was in the list already: not this one; nor is a row
    // put in a section that showed a row of the identity before the change.
    let finder = dataSource as? any _ReloadCursorFinding
    func firstNew(among paths: [ItemPath]) -> ItemPath? {
      var rest = paths[...]
      while let path = first(among: Array(rest)) {
        guard let engine, let section = engine.identity(ofSection: path.section),
          finder?._listBeforeChange(hasRow: identity, inSection: section) == true
        else { return path }
        rest = rest.drop { $0 != path }.dropFirst()
      }
      return nil
    }
    if let path = firstNew(among: changes.elementInserted) { return path }
    for section in changes.sectionInserted {
      if let path = firstNew(among: rows(of: section)) { return path }
    }
    return nil
  }

  /// The position of a row after a reload, or after a change that the view did not follow it through: first
  /// where `hint` says (the row's place before, checked with one identity read, and, with an engine, its
  /// section's), else in the section of the row's section identity, else wherever the data source finds it.
  func pathAfterReload(of row: FollowedRow, hint: ItemPath?) -> ItemPath? {
    guard let dataSource, let identity = row.identity else { return nil }
    if let hint, dataSource.identity(ofRowAt: hint) == identity,
      row.section == nil || self.identity(ofSection: hint.section) == row.section
    {
      return hint
    }
    if let section = row.section, let engine = dataSource as? ListEngine,
      let path = engine.path(ofRowWithIdentity: identity, inSection: section)
    {
      return path
    }
    return dataSource.path(ofRowWithIdentity: identity)
  }
}
