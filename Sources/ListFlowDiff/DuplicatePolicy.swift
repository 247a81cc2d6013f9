/// What a diff does when an identifier stands more than once in the source or in the target.
///
/// - ``matchInOrder`` (the default): the k-th occurrence of an identifier in the source is matched with its k-th
///   occurrence in the target; occurrences left over are deleted or inserted. Deterministic, and applying the
///   result still gives exactly the target.
/// - ``reject``: the diff throws ``DiffError/duplicateIdentifier(_:)`` naming the identifier and where it
///   stands twice. Detecting duplicates in the target costs one more hash insertion per inserted element, and
///   on a side of a sectioned diff that deletes or inserts sections, one more per element of that side.
public struct DuplicatePolicy: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline
  internal enum Kind: Hashable, Sendable {
    case matchInOrder
    case reject
  }

  @usableFromInline
  internal let kind: Kind

  internal init(_ kind: Kind) { self.kind = kind }

  /// Match the k-th occurrence in the source with the k-th in the target.
  public static let matchInOrder = DuplicatePolicy(.matchInOrder)

  /// Throw ``DiffError/duplicateIdentifier(_:)``.
  public static let reject = DuplicatePolicy(.reject)

  /// The policy's name.
  public var description: String {
    switch kind {
    case .matchInOrder: "matchInOrder"
    case .reject: "reject"
    }
  }
}
