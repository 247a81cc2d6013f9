/// A hierarchical list: trees of elements, the set of expanded ones, and the visible rows they give.
///
/// ``rows`` flattens the trees depth first, showing the children of expanded nodes only. Expanding and
/// collapsing change the rows, which are diffed like any rows: expanding a node inserts its visible descendants
/// under it and reconfigures the node's row, collapsing deletes them.
///
/// ```swift
/// var outline = Outline([
///   Outline.Node("Fruit", children: [Outline.Node("Apple"), Outline.Node("Pear")]),
///   Outline.Node("Leek"),
/// ])
/// let before = outline.rows          // Fruit, Leek
/// outline.toggle("Fruit")
/// let changes = outline.changes(from: before)  // inserts rows 1 and 2, updates the Fruit row
/// ```
///
/// Expansion is by identity: nodes that share an identifier expand and collapse together, and an identifier
/// stays expanded while its node is removed and comes back. The expanded identities are a set, which finds an
/// identifier only when it is equal to itself: a node whose identifier is not (one that holds a NaN) can never
/// expand, and ``expand(_:)``, ``toggle(_:)`` and ``expandAll()`` leave its identifier out of ``expanded``.
public struct Outline<Element: Differentiable> {
  /// The top-level nodes.
  public var roots: [Outline<Element>.Node]
  /// The identities of the expanded nodes.
  public var expanded: Set<Element.DifferenceIdentifier>

  /// Creates an outline.
  ///
  /// - Parameters:
  ///   - roots: The top-level nodes.
  ///   - expanded: The identities of the nodes shown expanded.
  public init(_ roots: [Outline<Element>.Node], expanded: Set<Element.DifferenceIdentifier> = []) {
    self.roots = roots
    self.expanded = expanded
  }

  /// The visible rows: every root, and under each expanded node its children, depth first.
  ///
  /// - Complexity: O(*v*) for *v* visible rows (collapsed subtrees are not visited).
  public var rows: [Outline<Element>.Row] { visibleRows(of: roots, reservingCapacity: 0).rows }

  /// The visible rows under `roots`, walked depth first (see ``_OutlineWalk``).
  ///
  /// - Parameters:
  ///   - roots: The nodes to walk from: the outline's roots, or a node's children.
  ///   - origin: The path of the node whose children `roots` are (empty for the roots).
  ///   - capacity: How many rows to make room for at first (the count of the rows before, say).
  /// - Complexity: O(*v*) for *v* visible rows (collapsed subtrees are not visited).
  func visibleRows(
    of roots: [Outline<Element>.Node], origin: [Int] = [], reservingCapacity capacity: Int
  ) -> _OutlineWalk<Element> {
    // Local arrays, put in the walk at the end: a field of a generic struct is reached through its type's
    // metadata in code not specialized for `Element` (a quarter of a walk of 200,000 rows).
    var rows: [Outline<Element>.Row] = []
    var hashes: [Int] = []
    var places: [_OutlinePlace] = []
    rows.reserveCapacity(capacity)
    hashes.reserveCapacity(capacity)
    places.reserveCapacity(capacity)
    // The nodes of the level being walked, the next one's index and the position of their parent's row; the
    // levels above wait on a stack, so that deep trees do not recurse. Plain arrays and indices: no generic
    // slice or tuple is made per row.
    var level = roots
    var next = 0
    var parent = -1
    var parents: [[Outline<Element>.Node]] = []
    var parentNext: [Int] = []
    var parentRows: [Int] = []
    while true {
      guard next < level.count else {
        guard let above = parents.popLast() else { break }
        level = above
        next = parentNext.removeLast()
        parent = parentRows.removeLast()
        continue
      }
      let node = level[next]
      let isExpandable = !node.children.isEmpty
      let isExpanded = isExpandable && expanded.contains(node.element.differenceIdentifier)
      rows.append(
        Outline.Row(
          element: node.element, depth: origin.count + parents.count, isExpandable: isExpandable,
          isExpanded: isExpanded))
      hashes.append(node.element.differenceHash)
      places.append(
        _OutlinePlace(parent: Int32(truncatingIfNeeded: parent), childIndex: Int32(truncatingIfNeeded: next)))
      next += 1
      if isExpanded {
        parents.append(level)
        parentNext.append(next)
        parentRows.append(parent)
        parent = rows.count - 1
        level = node.children
        next = 0
      }
    }
    var walk = _OutlineWalk<Element>(origin: origin)
    walk.rows = rows
    walk.hashes = hashes
    walk.places = places
    return walk
  }

  /// The node at `path` (the index of a root, then of a child at each level), or `nil` when there is none.
  func node(at path: [Int]) -> Outline<Element>.Node? {
    Self.node(at: path, in: roots, children: \.children)
  }

  /// The node at `path` among the trees of `roots`, each node's subtrees read with `children`, or `nil` when
  /// there is none: for the outline's nodes and for any tree kept beside them in their places.
  static func node<Node>(at path: [Int], in roots: [Node], children: (Node) -> [Node]) -> Node? {
    guard let first = path.first, roots.indices.contains(first) else { return nil }
    var node = roots[first]
    for index in path.dropFirst() {
      let next = children(node)
      guard next.indices.contains(index) else { return nil }
      node = next[index]
    }
    return node
  }

  /// Expands the nodes with this identity; an identity not equal to itself (one that holds a NaN) is left out, as
  /// a set could never find it.
  ///
  /// - Parameter id: The identity.
  public mutating func expand(_ id: Element.DifferenceIdentifier) {
    if Self.canExpand(id) { expanded.insert(id) }
  }

  /// Whether nodes of an identity can expand: the identity is equal to itself, so that a set finds it (one that
  /// holds a NaN is not).
  static func canExpand(_ id: Element.DifferenceIdentifier) -> Bool { id == id }

  /// Collapses the nodes with this identity.
  ///
  /// - Parameter id: The identity.
  public mutating func collapse(_ id: Element.DifferenceIdentifier) { expanded.remove(id) }

  /// Expands the nodes with this identity when they are collapsed, and collapses them otherwise; an identity not
  /// equal to itself (one that holds a NaN) stays collapsed (see ``expand(_:)``).
  ///
  /// - Parameter id: The identity.
  /// - Returns: Whether they are expanded now.
  @discardableResult
  public mutating func toggle(_ id: Element.DifferenceIdentifier) -> Bool {
    if expanded.remove(id) != nil { return false }
    guard Self.canExpand(id) else { return false }
    expanded.insert(id)
    return true
  }

  /// Toggles the row at a position of ``rows``, as a tap on it does; a row without children is left alone.
  ///
  /// - Parameter index: A position in ``rows``.
  /// - Returns: Whether the row is expanded now, or `nil` when there is no such row or it has no children.
  /// - Complexity: O(*v*) for *v* visible rows.
  @discardableResult
  public mutating func toggleRow(at index: Int) -> Bool? {
    let rows = rows
    guard rows.indices.contains(index), rows[index].isExpandable else { return nil }
    return toggle(rows[index].differenceIdentifier)
  }

  /// Expands every node that has children (but those whose identity is not equal to itself, see ``expand(_:)``).
  ///
  /// - Complexity: O(*n*) for *n* nodes.
  public mutating func expandAll() {
    var stack = roots
    while let node = stack.popLast() {
      if node.isExpandable { expand(node.element.differenceIdentifier) }
      stack.append(contentsOf: node.children)
    }
  }

  /// Collapses every node.
  public mutating func collapseAll() { expanded.removeAll() }

  /// The staged changes from earlier rows to the current ones.
  ///
  /// - Parameter previous: The rows before, typically ``rows`` read before expanding or collapsing.
  /// - Returns: The diff of `previous` and ``rows``.
  /// - Complexity: O(*v*) for the visible rows of both.
  public func changes(from previous: [Outline<Element>.Row]) -> StagedChangeset<[Outline<Element>.Row]> {
    StagedChangeset(source: previous, target: rows)
  }
}

extension Outline: Equatable where Element: Equatable {}
extension Outline: Sendable where Element: Sendable, Element.DifferenceIdentifier: Sendable {}

/// The visible rows of a walk of an ``Outline``, depth first, and where each row's node is (``_OutlinePlace``), so
/// that a node is found from its row without keeping a reference to it (a retain per row, a fifth of a walk).
struct _OutlineWalk<Element: Differentiable> {
  /// The path of the node whose children are the walk's first level: empty for the outline's roots.
  var origin: [Int]
  /// The rows.
  var rows: [Outline<Element>.Row] = []
  /// The ``Differentiable/differenceHash`` of every row's element, for the next diff.
  var hashes: [Int] = []
  /// Where every row's node is.
  var places: [_OutlinePlace] = []

  init(origin: [Int]) { self.origin = origin }

  /// The path of the node of the row at `position`: ``origin``, then the index at every level down to it.
  func path(at position: Int) -> [Int] {
    var indices: [Int] = []
    var current = position
    while current >= 0 {
      indices.append(Int(places[current].childIndex))
      current = Int(places[current].parent)
    }
    return origin + indices.reversed()
  }
}

/// Where the node of a row of an ``_OutlineWalk`` is: one value a row, in one array (not generic, so that code not
/// made for an outline's element appends it as fast as an `Int`).
struct _OutlinePlace {
  /// The position of the row's parent's row in the walk, or -1 for a row of the walk's first level.
  var parent: Int32
  /// The node's index among its parent's children (or the roots).
  var childIndex: Int32
}
