/// A title of a list's section index (the A–Z strip of a contacts list) and the section it jumps to.
///
/// A ``ComposedFeed`` maps each child's titles to global sections, in child order.
public struct SectionIndexTitle: Hashable, Sendable, CustomStringConvertible {
  /// The text shown in the index.
  public var title: String
  /// The section the title jumps to.
  public var section: Int

  /// Creates an index title.
  ///
  /// - Parameters:
  ///   - title: The text shown in the index.
  ///   - section: The section the title jumps to.
  public init(_ title: String, section: Int) {
    self.title = title
    self.section = section
  }

  /// `title -> section`.
  public var description: String { "\(title) -> \(section)" }
}
