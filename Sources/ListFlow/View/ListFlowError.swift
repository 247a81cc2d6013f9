/// An error of ListFlow's list machinery, naming what was wrong: one type for every call that can fail.
///
/// ListFlow never traps on bad input: each case below is either thrown by the call that met it (an edit, a
/// composite's change of children, putting a feed on a view) or reported through ``SyncDelegate/didFail`` (and
/// kept in ``ListController/lastError``).
public enum ListFlowError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Nothing is registered under the reuse identifier and automatic registration is off.
  case unregisteredCell(reuseIdentifier: String)
  /// The cell dequeued under a reuse identifier is not the type the binder configures: the app registered another
  /// type under the identifier (see ``CellReusePool``).
  case mistypedCell(reuseIdentifier: String, expected: String, found: String)
  /// A section index that the list does not have.
  case sectionOutOfRange(section: Int, sectionCount: Int)
  /// A row position that the list does not have.
  case rowOutOfRange(path: ItemPath, rowCount: Int)
  /// The same identity twice in a state, with the controller's duplicate policy set to reject it.
  case duplicateIdentifier(DiffError.Duplicate)
  /// A changeset could not be applied (a bug in the changes given, never in a controller-made diff).
  case invalidChangeset(String)
  /// The row cannot be edited: ``SyncDelegate/canEditRow`` said no.
  case rowNotEditable(ItemPath)
  /// The row cannot be moved: ``SyncDelegate/canMoveRow`` said no.
  case rowNotMovable(ItemPath)
  /// The sequence of states ended with an error.
  case stateStreamFailed(String)
  /// Rows asked to be reconfigured or reloaded (``ListEngine/reconfigureRows(_:animated:)``) are not in the list
  /// shown; the other rows of the request were refreshed.
  case unknownRows([ListIdentifier])
  /// No row of the list shown has this identity (a scroll to a row by identity, say).
  case rowNotFound(ListIdentifier)

  // MARK: Edits (``ListEdit``)

  /// No section of the list has this identity.
  case unknownSection(ListIdentifier)
  /// A section with this identity is in the list already.
  case duplicateSection(ListIdentifier)
  /// A row with this identity is in the list already.
  case duplicateRow(ListIdentifier)
  /// Rows were added to a list that has no section.
  case noSection
  /// A row was asked to move before or after itself.
  case movedRelativeToItself(ListIdentifier)

  // MARK: Composition (``ComposedFeed``, ``FilteredFeed``, ``ListEngine``)

  /// The feed is shown already (by a composite, a filter or an engine); remove it there first.
  case alreadyComposed
  /// A composite was asked to contain itself, directly or through a child or a ``FilteredFeed``.
  case cycle
  /// A child index that the composite does not have.
  case childIndexOutOfRange(index: Int, childCount: Int)

  /// A sentence naming what went wrong.
  public var description: String {
    switch self {
    case .unregisteredCell(let reuseIdentifier):
      "no cell is registered for reuse identifier \"\(reuseIdentifier)\" and automatic registration is off"
    case .mistypedCell(let reuseIdentifier, let expected, let found):
      "the cell for reuse identifier \"\(reuseIdentifier)\" is a \(found), but its binder configures a \(expected)"
    case .sectionOutOfRange(let section, let sectionCount):
      "section \(section) is out of range: the list has \(sectionCount) sections"
    case .rowOutOfRange(let path, let rowCount):
      "row \(path) is out of range: its section has \(rowCount) rows"
    case .duplicateIdentifier(let duplicate): duplicate.description
    case .invalidChangeset(let message): "invalid changeset: \(message)"
    case .rowNotEditable(let path): "row \(path) cannot be edited"
    case .rowNotMovable(let path): "row \(path) cannot be moved"
    case .stateStreamFailed(let message): "the sequence of states failed: \(message)"
    case .unknownRows(let ids): "no row has the identity \(ids.map(\.description).joined(separator: ", "))"
    case .rowNotFound(let id): "no row of the list has identity \(id)"
    case .unknownSection(let id): "no section has the identity \(id)"
    case .duplicateSection(let id): "a section with the identity \(id) is in the list already"
    case .duplicateRow(let id): "a row with the identity \(id) is in the list already"
    case .noSection: "rows were appended to a list with no section"
    case .movedRelativeToItself(let id): "\(id) cannot move before or after itself"
    case .alreadyComposed: "the feed is shown already; remove it there first"
    case .cycle: "a composite cannot contain itself"
    case .childIndexOutOfRange(let index, let count): "child index \(index) is outside 0..<\(count)"
    }
  }
}
