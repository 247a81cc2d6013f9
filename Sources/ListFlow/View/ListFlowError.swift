/// An error of ListFlow's list machinery, naming what was wrong.
///
/// The controller never traps on bad input: each case below is either thrown by the call that met it or
/// reported through ``SyncDelegate/didFail`` (and kept in ``ListController/lastError``).
public enum ListFlowError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Nothing is registered under the reuse identifier and automatic registration is off.
  case unregisteredCell(reuseIdentifier: String)
  /// The cell dequeued under a reuse identifier is not the type the binder configures.
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
  /// No row of the list shown has this identity (a scroll to a row by identity, say).
  case rowNotFound(ListIdentifier)

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
    case .rowNotFound(let id): "no row of the list has identity \(id)"
    }
  }
}
