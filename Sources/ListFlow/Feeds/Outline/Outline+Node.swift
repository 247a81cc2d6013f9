extension Outline {
  /// An element of a hierarchical list and the elements under it: a row that can expand to show its children.
  ///
  /// ```swift
  /// let tree = Outline.Node("Fruit", children: [Outline.Node("Apple"), Outline.Node("Pear")])
  /// ```
  public struct Node {
    /// The node's element.
    public var element: Element
    /// The nodes under this one, shown when it is expanded.
    public var children: [Outline.Node]

    /// Creates a node.
    ///
    /// - Parameters:
    ///   - element: The node's element.
    ///   - children: The nodes under it.
    public init(_ element: Element, children: [Outline.Node] = []) {
      self.element = element
      self.children = children
    }

    /// Whether the node has children to show.
    public var isExpandable: Bool { !children.isEmpty }
  }
}

extension Outline.Node: Equatable where Element: Equatable {}
extension Outline.Node: Hashable where Element: Hashable {}
extension Outline.Node: Sendable where Element: Sendable {}
