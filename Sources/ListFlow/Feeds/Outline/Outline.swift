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
/// stays expanded while its node is removed and comes back.
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
  public var rows: [Outline<Element>.Row] { visibleRows(reservingCapacity: 0).rows }

  /// The visible rows, and the ``Differentiable/differenceHash`` of each row's element (rows with equal
  /// identities have equal hashes), made in one walk.
  ///
  /// - Parameter capacity: How many rows to make room for at first (the count of the rows before, say).
  /// - Returns: The rows and their hashes, in order.
  /// - Complexity: O(*v*) for *v* visible rows (collapsed subtrees are not visited).
  func visibleRows(reservingCapacity capacity: Int) -> (rows: [Outline<Element>.Row], hashes: [Int]) {
    var rows: [Outline<Element>.Row] = []
    var hashes: [Int] = []
    rows.reserveCapacity(capacity)
    hashes.reserveCapacity(capacity)
    // The nodes of the level being walked and the next one's index; the levels above wait on a stack, so that
    // deep trees do not recurse. Plain arrays and indices: no generic slice or tuple is made per row.
    var level = roots
    var next = 0
    var parents: [[Outline<Element>.Node]] = []
    var parentNext: [Int] = []
    while true {
      guard next < level.count else {
        guard let parent = parents.popLast() else { break }
        level = parent
        next = parentNext.removeLast()
        continue
      }
      let node = level[next]
      next += 1
      let isExpandable = !node.children.isEmpty
      let isExpanded = isExpandable && expanded.contains(node.element.differenceIdentifier)
      rows.append(
        Outline.Row(element: node.element, depth: parents.count, isExpandable: isExpandable, isExpanded: isExpanded))
      hashes.append(node.element.differenceHash)
      if isExpanded {
        parents.append(level)
        parentNext.append(next)
        level = node.children
        next = 0
      }
    }
    return (rows, hashes)
  }

  /// Expands the nodes with this identity.
  ///
  /// - Parameter id: The identity.
  public mutating func expand(_ id: Element.DifferenceIdentifier) { expanded.insert(id) }

  /// Collapses the nodes with this identity.
  ///
  /// - Parameter id: The identity.
  public mutating func collapse(_ id: Element.DifferenceIdentifier) { expanded.remove(id) }

  /// Expands the nodes with this identity when they are collapsed, and collapses them otherwise.
  ///
  /// - Parameter id: The identity.
  /// - Returns: Whether they are expanded now.
  @discardableResult
  public mutating func toggle(_ id: Element.DifferenceIdentifier) -> Bool {
    if expanded.remove(id) != nil { return false }
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

  /// Expands every node that has children.
  ///
  /// - Complexity: O(*n*) for *n* nodes.
  public mutating func expandAll() {
    var stack = roots
    while let node = stack.popLast() {
      if node.isExpandable { expanded.insert(node.element.differenceIdentifier) }
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
