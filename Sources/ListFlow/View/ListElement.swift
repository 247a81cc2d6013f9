import ListFlowDiff

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

  /// The hash a `Set` or a `Dictionary` places the element by: its row's path's, or the path of an item before
  /// the section's first (-1 for the header, -2 for the footer), without a `Hasher` round.
  public func _rawHashValue(seed: Int) -> Int {
    switch self {
    case .row(let path): path._rawHashValue(seed: seed)
    case .header(let section): ItemPath(item: -1, section: section)._rawHashValue(seed: seed)
    case .footer(let section): ItemPath(item: -2, section: section)._rawHashValue(seed: seed)
    }
  }
}
