/// An error that changing the children of a ``ComposedDataSource`` throws.
public enum CompositionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The source is already a child of a composite: a source has one place in one list.
  case alreadyComposed
  /// The composite would contain itself, directly or through its children.
  case cycle
  /// A child index outside the composite's children.
  case childIndexOutOfRange(index: Int, childCount: Int)

  /// A sentence naming what went wrong.
  public var description: String {
    switch self {
    case .alreadyComposed: "the source is already a child of a composite; remove it there first"
    case .cycle: "a composite cannot contain itself"
    case .childIndexOutOfRange(let index, let count): "child index \(index) is outside 0..<\(count)"
    }
  }
}
