/// Which part of a list a reusable view shows: a row, or a section's header or footer.
public enum ListElement: Hashable, Sendable, CustomStringConvertible {
  /// A row, at a position.
  case row(ItemPath)
  /// The header of a section.
  case header(section: Int)
  /// The footer of a section.
  case footer(section: Int)

  /// `row 0:1`, `header 2` or `footer 2`.
  public var description: String {
    switch self {
    case .row(let path): "row \(path)"
    case .header(let section): "header \(section)"
    case .footer(let section): "footer \(section)"
    }
  }
}
