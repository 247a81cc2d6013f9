extension Outline {
  /// One visible row of an ``Outline``: an element, its depth, and whether it is expanded.
  ///
  /// Rows are ``Differentiable`` like any rows: identity is the element's, and a row's content changes when its
  /// element's content, its depth, its expandability or its expansion changes (so the disclosure indicator of a
  /// row that expands is reconfigured).
  public struct Row: Differentiable {
    /// The row's element.
    public var element: Element
    /// How deep the row is: 0 for a root.
    public var depth: Int
    /// Whether the row has children.
    public var isExpandable: Bool
    /// Whether the row's children are shown under it.
    public var isExpanded: Bool

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - element: The row's element.
    ///   - depth: How deep the row is: 0 for a root.
    ///   - isExpandable: Whether the row has children.
    ///   - isExpanded: Whether the row's children are shown under it.
    @inline(__always)
    public init(element: Element, depth: Int, isExpandable: Bool, isExpanded: Bool) {
      self.element = element
      self.depth = depth
      self.isExpandable = isExpandable
      self.isExpanded = isExpanded
    }

    /// The element's identity.
    public var differenceIdentifier: Element.DifferenceIdentifier { element.differenceIdentifier }

    /// Whether the element's content, the depth, the expandability and the expansion are all unchanged.
    ///
    /// - Parameter source: The row with the same identity in the previous rows.
    /// - Returns: `true` when nothing visible changed.
    public func isContentEqual(to source: Outline.Row) -> Bool {
      depth == source.depth && isExpandable == source.isExpandable && isExpanded == source.isExpanded
        && element.isContentEqual(to: source.element)
    }
  }
}

extension Outline.Row: Equatable where Element: Equatable {}
extension Outline.Row: Hashable where Element: Hashable {}
extension Outline.Row: Sendable where Element: Sendable {}
