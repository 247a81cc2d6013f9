/// Paths into trees of values whose children are an array of their own type (an outline's nodes, say), for
/// generated tests that change a tree in place. A path is the index of a root, then of a child at each level.
///
/// ```swift
/// let tree = TreePaths<Outline<String>.Node>(children: \.children)
/// for path in tree.all(roots) { … }
/// tree.change(&roots, at: path[...]) { $0.children = [] }
/// ```
public struct TreePaths<Node> {
  private let children: WritableKeyPath<Node, [Node]>

  /// Paths into trees whose nodes keep their children at `children`.
  ///
  /// - Parameter children: Where a node keeps its children.
  public init(children: WritableKeyPath<Node, [Node]>) {
    self.children = children
  }

  /// Every path of the trees, depth first.
  ///
  /// - Parameters:
  ///   - nodes: The roots.
  ///   - parent: The path of the node the roots hang under; empty for the trees' own roots.
  /// - Returns: The paths, each node before its children.
  public func all(_ nodes: [Node], under parent: [Int] = []) -> [[Int]] {
    nodes.indices.flatMap { index in
      [parent + [index]] + all(nodes[index][keyPath: children], under: parent + [index])
    }
  }

  /// Changes the node at `path` in place: the arrays on the way are copied, every other subtree is shared.
  ///
  /// - Parameters:
  ///   - nodes: The roots.
  ///   - path: A path of the trees; an empty one changes nothing.
  ///   - body: The change.
  public func change(_ nodes: inout [Node], at path: ArraySlice<Int>, _ body: (inout Node) -> Void) {
    guard let index = path.first else { return }
    if path.count == 1 {
      body(&nodes[index])
    } else {
      change(&nodes[index][keyPath: children], at: path.dropFirst(), body)
    }
  }

  /// Changes the children of the node at `parent` (the roots for an empty path) in place.
  ///
  /// - Parameters:
  ///   - roots: The roots.
  ///   - parent: The path of the node whose children change.
  ///   - body: The change.
  public func changeChildren(_ roots: inout [Node], of parent: [Int], _ body: (inout [Node]) -> Void) {
    if parent.isEmpty {
      body(&roots)
    } else {
      change(&roots, at: parent[...]) { body(&$0[keyPath: children]) }
    }
  }

  /// The node at `path`, a path of the trees.
  ///
  /// - Parameters:
  ///   - path: The path; not empty.
  ///   - roots: The roots.
  /// - Returns: The node.
  public func node(at path: [Int], of roots: [Node]) -> Node {
    var node = roots[path[0]]
    for index in path.dropFirst() { node = node[keyPath: children][index] }
    return node
  }
}
