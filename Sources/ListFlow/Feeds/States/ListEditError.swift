/// Why an edit of a ``ListEdit`` was refused. A refused edit changes nothing.
public enum ListEditError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No section has this identity.
  case unknownSection(ListIdentifier)
  /// No row has this identity.
  case unknownRow(ListIdentifier)
  /// A section with this identity is in the list already, or twice among those inserted.
  case duplicateSection(ListIdentifier)
  /// A row with this identity is in the list already, or twice among those inserted.
  case duplicateRow(ListIdentifier)
  /// A section index the list does not have.
  case sectionOutOfRange(section: Int, sectionCount: Int)
  /// A row position the list does not have; `rowCount` is the section's number of rows.
  case rowOutOfRange(path: ItemPath, rowCount: Int)
  /// Rows were appended with no section named, to a list that has none.
  case noSection
  /// A row or section was to move before or after itself.
  case movedRelativeToItself(ListIdentifier)

  /// A sentence naming what was wrong.
  public var description: String {
    switch self {
    case .unknownSection(let id): "no section has the identity \(id)"
    case .unknownRow(let id): "no row has the identity \(id)"
    case .duplicateSection(let id): "a section with the identity \(id) is in the list already"
    case .duplicateRow(let id): "a row with the identity \(id) is in the list already"
    case .sectionOutOfRange(let section, let sectionCount):
      "section \(section) is out of range: the list has \(sectionCount) sections"
    case .rowOutOfRange(let path, let rowCount): "row \(path) is out of range: its section has \(rowCount) rows"
    case .noSection: "rows were appended to a list with no section"
    case .movedRelativeToItself(let id): "\(id) cannot move before or after itself"
    }
  }
}
