import ListFlow

extension TerminalListView {
  /// A row followed through the stages of a change: its identity, and its position in the list after the stages
  /// applied so far (`nil` while the change has it deleted).
  struct FollowedRow {
    /// The row's identity, when the data source knows it.
    var identity: ListIdentifier?
    /// The row's position now; `nil` when a stage deleted it and no later stage inserted it again.
    var path: ItemPath?
  }

  /// Follows a row through one stage: by position (moves included), and, when the row was deleted by this
  /// stage or an earlier one of the change, by identity among the rows this stage inserts, the rows of sections
  /// it inserts included. A row that goes to a section the change inserts is deleted by one stage and inserted
  /// by another, so it is found again there.
  ///
  /// - Parameters:
  ///   - row: The row, as followed up to the stage before.
  ///   - update: The stage; the data source already reflects it.
  ///   - mapper: The stage's position mapper.
  /// - Returns: The row after the stage.
  /// - Complexity: O(log *c*) for *c* changes while the row stays; O(*i*) identity reads for the *i* rows the
  ///   stage inserts while the row is gone. No binder is made for a data source that knows its rows'
  ///   identities without them.
  func follow(_ row: FollowedRow, through update: ListUpdate, mapper: PathMapper) -> FollowedRow {
    var row = row
    if let path = row.path {
      switch mapper.map(path) {
      case .kept(let target): row.path = target
      case .removed: row.path = nil
      }
    }
    guard row.path == nil, let identity = row.identity else { return row }
    row.path = insertedPath(of: identity, in: update.changeset)
    return row
  }

  /// The position of the row with an identity among the rows a stage inserts, or `nil`.
  private func insertedPath(of identity: ListIdentifier, in changes: Changeset<[ListSectionSnapshot]>) -> ItemPath? {
    guard let dataSource else { return nil }
    // The engine reads a run of paths in one section without looking the section up for each.
    let engine = dataSource as? ListEngine
    func first(among paths: [ItemPath]) -> ItemPath? {
      if let engine { return engine.firstRow(withIdentity: identity, among: paths) }
      return paths.first { dataSource.identity(ofRowAt: $0) == identity }
    }
    if let path = first(among: changes.elementInserted) { return path }
    if let path = first(among: changes.elementMoved.map(\.target)) { return path }
    for section in changes.sectionInserted {
      let rows = (0..<dataSource.numberOfRows(inSection: section)).map { ItemPath(item: $0, section: section) }
      if let path = first(among: rows) { return path }
    }
    return nil
  }

  /// The position of the row with an identity after a reload: first where `hint` says (the row's place before,
  /// checked with one identity read), else wherever the data source finds it.
  func pathAfterReload(of identity: ListIdentifier, hint: ItemPath?) -> ItemPath? {
    guard let dataSource else { return nil }
    if let hint, dataSource.identity(ofRowAt: hint) == identity { return hint }
    return dataSource.path(ofRowWithIdentity: identity)
  }
}
