/// An element of a hierarchical list and the elements under it: a row that can expand to show its children.
///
/// ```swift
/// let tree = OutlineNode("Fruit", children: [OutlineNode("Apple"), OutlineNode("Pear")])
/// ```
public struct OutlineNode<Element: Differentiable> {
  /// The node's element.
  public var element: Element
  /// The nodes under this one, shown when it is expanded.
  public var children: [OutlineNode]

  /// Creates a node.
  ///
  /// - Parameters:
  ///   - element: The node's element.
  ///   - children: The nodes under it.
  public init(_ element: Element, children: [OutlineNode] = []) {
    self.element = element
    self.children = children
  }

  /// Whether the node has children to show.
  public var isExpandable: Bool { !children.isEmpty }
}

extension OutlineNode: Equatable where Element: Equatable {}
extension OutlineNode: Hashable where Element: Hashable {}
extension OutlineNode: Sendable where Element: Sendable {}
