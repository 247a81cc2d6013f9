/// A node of the matches a tree filter reveals in an ``OutlineFeed``: whether the node's row matches, and how
/// many nodes under it match. One per node of the outline's trees, in the same places, kept while a filter
/// reveals its matches, so that a change of the trees costs the nodes it changed, not the trees.
final class _RevealNode<ID: Hashable> {
  let id: ID
  /// Whether the node's row matches.
  var matches: Bool
  /// How many nodes under this one match.
  var below = 0
  /// The children's, in order.
  var children: [_RevealNode<ID>] = []

  init(id: ID, matches: Bool) {
    self.id = id
    self.matches = matches
  }

  /// Lets go of the nodes under this one without recursion: a node let go lets go of its children, so a tree as
  /// deep as the outline's (a chain of tens of thousands of folders) would take a stack frame a level. The nodes
  /// no one else holds are emptied one by one from a list instead.
  deinit {
    guard !children.isEmpty else { return }
    var pending = children
    children = []
    while var node = pending.popLast() {
      if isKnownUniquelyReferenced(&node) {
        pending += node.children
        node.children = []
      }
    }
  }

  /// Whether a filter shows the node's row: it matches, or a node under it does.
  var isShown: Bool { matches || below > 0 }
}

/// What a tree filter shows of a visible row of a tree: nothing, the row as context (a node under it matches),
/// or the row as a match.
enum _RevealStatus {
  case hidden
  case context
  case match
}

/// A tree whose rows a filter shows each with its ancestors (an ``OutlineFeed``), which tells the filter what it
/// shows of a row, and which rows a change of the trees may have changed that for, so that the filter matches
/// only those.
@MainActor
protocol _RevealingTree: AnyObject {
  /// What the filter shows of the visible row at `item`; `nil` when the tree does not know (it reveals no
  /// matches).
  func revealStatus(ofRowAt item: Int) -> _RevealStatus?
  /// The visible rows whose ``revealStatus(ofRowAt:)`` the last change of the trees may have changed, besides the
  /// rows that change inserted, updated or moved; forgotten once taken. `nil` when the tree does not know.
  func takeRevealedChanges() -> [Int]?
}

/// A place in the trees whose rows a change may have shown or hidden: a node, or a run of children of a node (of
/// the roots, for an empty parent path), with everything under them.
enum _RevealTouch {
  case node([Int])
  case children(parent: [Int], range: Range<Int>)
}

extension OutlineFeed: _RevealingTree {
  func revealStatus(ofRowAt item: Int) -> _RevealStatus? {
    guard revealedMatches != nil, (0..<rowCount).contains(item) else { return nil }
    let (source, index) = location(of: item)
    guard let node = revealNode(at: source.walk.path(at: index)) else { return nil }
    return node.matches ? .match : node.below > 0 ? .context : .hidden
  }

  func takeRevealedChanges() -> [Int]? {
    guard revealedMatches != nil else { return nil }
    let touches = revealTouches
    revealTouches = []
    var positions: [Int] = []
    for touch in touches {
      switch touch {
      case .node(let path):
        let position = firstPosition(notBefore: path)
        guard position < rowCount else { continue }
        let (source, index) = location(of: position)
        if source.walk.path(at: index) == path { positions.append(position) }
      case .children(let parent, let range):
        // The rows of the children in the range and of everything under them: from the first one's row to the
        // first row past them (a path past the last child comes after every row under the parent).
        let start = firstPosition(notBefore: parent + [range.lowerBound])
        let end = firstPosition(notBefore: parent + [range.upperBound])
        if start < end { positions += start..<end }
      }
    }
    return positions
  }

  /// The node of the revealed matches at `path`, or `nil` when there is none.
  func revealNode(at path: [Int]) -> _RevealNode<Element.DifferenceIdentifier>? {
    Outline<Element>.node(at: path, in: revealTree, children: \.children)
  }

  /// Whether the row of `node`, `depth` deep, matches.
  func revealMatches(_ node: Outline<Element>.Node, depth: Int, _ matches: (CellBinder) -> Bool) -> Bool {
    let id = node.element.differenceIdentifier
    let row = Outline.Row(
      element: node.element, depth: depth, isExpandable: node.isExpandable,
      isExpanded: node.isExpandable && outline.expanded.contains(id))
    return matches(cell(row))
  }

  /// The revealed matches of `nodes`, `depth` deep: every node's row made and matched once. Each node with a
  /// match under it is counted in ``revealedCounts`` (its identity put in `changed`).
  ///
  /// - Complexity: O(*n*) for the *n* nodes, without recursion.
  func revealNodes(
    of nodes: ArraySlice<Outline<Element>.Node>, depth: Int, _ matches: (CellBinder) -> Bool,
    changed: inout Set<Element.DifferenceIdentifier>
  ) -> [_RevealNode<Element.DifferenceIdentifier>] {
    var result: [_RevealNode<Element.DifferenceIdentifier>] = []
    // Depth first: every node made when reached, after its parent, with the position of its parent's.
    var order: [(node: _RevealNode<Element.DifferenceIdentifier>, parent: Int)] = []
    var stack: [(node: Outline<Element>.Node, depth: Int, parent: Int)] = nodes.reversed().map { ($0, depth, -1) }
    while let (node, depth, parent) = stack.popLast() {
      let made = _RevealNode(id: node.element.differenceIdentifier, matches: revealMatches(node, depth: depth, matches))
      if parent < 0 { result.append(made) } else { order[parent].node.children.append(made) }
      order.append((made, parent))
      let position = order.count - 1
      for child in node.children.reversed() { stack.append((child, depth + 1, position)) }
    }
    // Children come after their parents: counted up from the last.
    for (node, parent) in order.reversed() {
      if node.below > 0 { countRevealed(node.id, by: 1, changed: &changed) }
      if parent >= 0 { order[parent].node.below += node.below + (node.matches ? 1 : 0) }
    }
    return result
  }

  /// Takes the nodes with a match under them among `nodes` and under them out of ``revealedCounts``.
  ///
  /// - Complexity: O(*n*) for the *n* nodes with a match under them; no row made.
  func forgetReveal(
    of nodes: ArraySlice<_RevealNode<Element.DifferenceIdentifier>>, changed: inout Set<Element.DifferenceIdentifier>
  ) {
    var stack = Array(nodes)
    while let node = stack.popLast() {
      // A node without a match under it has no such node under it either.
      guard node.below > 0 else { continue }
      countRevealed(node.id, by: -1, changed: &changed)
      stack += node.children
    }
  }

  /// Adds `delta` to the nodes with a match under them that have the identity `id`; an identity that cannot expand
  /// (not equal to itself, see ``Outline``) is not counted: no table finds it, and it is never revealed.
  func countRevealed(
    _ id: Element.DifferenceIdentifier, by delta: Int, changed: inout Set<Element.DifferenceIdentifier>
  ) {
    guard Outline<Element>.canExpand(id) else { return }
    let count = (revealedCounts[id] ?? 0) + delta
    if (count > 0) != (revealedCounts[id] != nil) { changed.insert(id) }
    revealedCounts[id] = count > 0 ? count : nil
  }

  /// Builds the revealed matches of the outline's trees, every node's row made and matched.
  ///
  /// - Complexity: O(*n*) for *n* nodes.
  func buildReveal(_ matches: (CellBinder) -> Bool) {
    revealedCounts = [:]
    revealTouches = []
    var changed: Set<Element.DifferenceIdentifier> = []
    revealTree = revealNodes(of: outline.roots[...], depth: 0, matches, changed: &changed)
  }

  /// Follows a change of the trees from `old` to the outline's in the revealed matches: the nodes are compared
  /// from the roots down, level by level, as ``showChangedSubtrees(from:)`` compares them, but under collapsed
  /// nodes too. A single node of the same identity is matched again when its content or expandability changed,
  /// and compared by its children when they changed; any other run of changed nodes is replaced, its old nodes
  /// forgotten and its new ones matched. The counts of the nodes above are then brought up to date. The nodes
  /// that may show or hide their rows are kept in ``revealTouches``, for the filter.
  ///
  /// - Returns: The identities whose nodes with a match under them came or went.
  /// - Complexity: O(*w*) for the nodes compared on the levels down to the change (no row made for them), plus a
  ///   row made and matched for each node of the change, plus O(*d*) for the nodes above it.
  func followReveal(
    from old: [Outline<Element>.Node], _ matches: (CellBinder) -> Bool
  ) -> Set<Element.DifferenceIdentifier> {
    var changed: Set<Element.DifferenceIdentifier> = []
    var path: [Int] = []
    var above: [(node: _RevealNode<Element.DifferenceIdentifier>, ownChange: Int, wasShown: Bool)] = []
    var before = old
    var now = outline.roots
    var matchedChange = 0
    while !_sharesStorage(before, now) {
      let common = Swift.min(before.count, now.count)
      var first = 0
      while first < common, isSameForReveal(before[first], now[first]) { first += 1 }
      var last = 0
      while last < common - first, isSameForReveal(before[before.count - 1 - last], now[now.count - 1 - last]) {
        last += 1
      }
      let changedBefore = first..<(before.count - last)
      let changedNow = first..<(now.count - last)
      if changedBefore.isEmpty, changedNow.isEmpty { break }
      let level = above.last?.node.children ?? revealTree
      guard level.count == before.count else {
        // The revealed matches lost track of the trees (not expected): built again, every row touched.
        changed = Set(revealedCounts.keys)
        buildReveal(matches)
        changed.formUnion(revealedCounts.keys)
        revealTouches = [.children(parent: [], range: 0..<outline.roots.count)]
        return changed
      }
      if changedBefore.count == 1, changedNow.count == 1,
        before[first].element.differenceIdentifier == now[first].element.differenceIdentifier
      {
        // The same node: matched again when its row changed, and compared by its children when they changed.
        let (previous, next) = (before[first], now[first])
        let node = level[first]
        let wasShown = node.isShown
        var ownChange = 0
        if !next.element.isContentEqual(to: previous.element) || previous.isExpandable != next.isExpandable {
          let matched = revealMatches(next, depth: path.count, matches)
          ownChange = (matched ? 1 : 0) - (node.matches ? 1 : 0)
          node.matches = matched
        }
        path.append(first)
        above.append((node, ownChange, wasShown))
        if _sharesStorage(previous.children, next.children) { break }
        before = previous.children
        now = next.children
        continue
      }
      // A run of nodes replaced: the old ones forgotten, the new ones matched.
      let forgotten = level[changedBefore]
      let gone = forgotten.reduce(0) { $0 + $1.below + ($1.matches ? 1 : 0) }
      forgetReveal(of: forgotten, changed: &changed)
      let made = revealNodes(of: now[changedNow], depth: path.count, matches, changed: &changed)
      matchedChange = made.reduce(0) { $0 + $1.below + ($1.matches ? 1 : 0) } - gone
      var replaced = level
      replaced.replaceSubrange(changedBefore, with: made)
      if let parent = above.last?.node { parent.children = replaced } else { revealTree = replaced }
      revealTouches.append(.children(parent: path, range: changedNow))
      break
    }
    // The nodes above the change, from the lowest: their counts of matches under them, and whether they show.
    var change = matchedChange
    for (depth, entry) in above.enumerated().reversed() {
      let node = entry.node
      let hadMatchBelow = node.below > 0
      node.below += change
      if hadMatchBelow != (node.below > 0) { countRevealed(node.id, by: hadMatchBelow ? -1 : 1, changed: &changed) }
      if entry.wasShown != node.isShown || entry.ownChange != 0 {
        revealTouches.append(.node(Array(path.prefix(depth + 1))))
      }
      change += entry.ownChange
    }
    return changed
  }

  /// Whether `next` holds the same matches as `previous`, found without a row made: the same identity and
  /// content, and the very children (or none in both), collapsed or not.
  private func isSameForReveal(_ previous: Outline<Element>.Node, _ next: Outline<Element>.Node) -> Bool {
    guard previous.element.differenceIdentifier == next.element.differenceIdentifier,
      next.element.isContentEqual(to: previous.element)
    else { return false }
    if previous.children.isEmpty || next.children.isEmpty { return previous.children.isEmpty == next.children.isEmpty }
    return _sharesStorage(previous.children, next.children)
  }
}
