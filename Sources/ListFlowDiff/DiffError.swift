/// An error that a diff or the application of a changeset throws.
public enum DiffError: Error, Hashable, Sendable, CustomStringConvertible {
  /// An identifier stands twice in the same collection and the policy is ``DuplicatePolicy/reject``.
  case duplicateIdentifier(Duplicate)

  /// A changeset names a position that does not exist in the data it is applied to.
  case positionOutOfRange(String)

  /// Where an identifier stands twice.
  public struct Duplicate: Hashable, Sendable, CustomStringConvertible {
    /// Which collection holds the duplicate.
    public enum Side: String, Hashable, Sendable {
      /// The collection before the change.
      case source
      /// The collection after the change.
      case target
    }

    /// The identifier, as `String(describing:)` prints it.
    public var identifier: String
    /// The collection that holds it twice.
    public var side: Side
    /// Whether the identifier is a section's (`true`) or an element's.
    public var isSection: Bool
    /// Its first position (for a section, `item` is 0).
    public var first: ItemPath
    /// Its second position.
    public var second: ItemPath

    /// Creates a description of a duplicate.
    public init(identifier: String, side: Side, isSection: Bool, first: ItemPath, second: ItemPath) {
      self.identifier = identifier
      self.side = side
      self.isSection = isSection
      self.first = first
      self.second = second
    }

    /// A sentence naming the duplicate.
    public var description: String {
      let kind = isSection ? "section identifier" : "identifier"
      let at = isSection ? "sections \(first.section) and \(second.section)" : "\(first) and \(second)"
      return "duplicate \(kind) \(identifier) in the \(side.rawValue) at \(at)"
    }
  }

  /// A sentence naming what went wrong.
  public var description: String {
    switch self {
    case .duplicateIdentifier(let duplicate): duplicate.description
    case .positionOutOfRange(let message): "position out of range: \(message)"
    }
  }
}
