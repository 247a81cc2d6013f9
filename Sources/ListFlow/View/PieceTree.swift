/// The pieces of a list that gathered many of them, kept in a balanced tree whose nodes are shared, never
/// changed: a list made from parts of other lists' trees shares their nodes, so cutting a run out of the pieces
/// (``slice(_:)``) or joining two runs (``join(_:_:)``) costs O(log *p*) for *p* pieces, not a copy of the pieces (see
/// `CellBinderList.compactIfFragmented()` and `CellBinderList.splicing(removing:placing:)`).
///
/// A leaf holds from one to ``leafCapacity`` pieces, in order; an inner node holds two subtrees whose heights
/// differ by at most one (an AVL tree of leaves), so its height is below 1.45 log2(*l* + 2) for *l* leaves. Many
/// pieces a leaf keep a told edit cheap: a row put in or taken out of a run makes one leaf again (a copy of its
/// few pieces), where a leaf a piece made three leaves and two nodes, which the paths above then rebalanced, and
/// the tree is some four levels lower.
final class _PieceTree: Sendable {
  // What a descent reads comes first, next to the reference count: one cache line of a node (stored properties
  // are laid out in order).
  /// The number of elements under the node.
  let count: Int
  /// The subtrees, for an inner node.
  let left: _PieceTree?
  let right: _PieceTree?
  /// 0 for a leaf, else one more than the taller subtree's.
  let height: Int
  /// The pieces, for a leaf: from one to ``leafCapacity``, none of them empty; none for an inner node.
  let pieces: [CellBinderList.Piece]

  /// The most pieces a leaf holds.
  static let leafCapacity = 16

  /// A leaf of one piece (not empty).
  convenience init(leaf piece: CellBinderList.Piece) {
    self.init(leaf: [piece])
  }

  /// A leaf of pieces: from one to ``leafCapacity``, none of them empty.
  init(leaf pieces: [CellBinderList.Piece]) {
    var count = 0
    for index in pieces.indices { count += pieces[index].count }
    self.pieces = pieces
    left = nil
    right = nil
    self.count = count
    height = 0
  }

  /// An inner node of two subtrees whose heights differ by at most one.
  private init(_ left: _PieceTree, _ right: _PieceTree) {
    pieces = []
    self.left = left
    self.right = right
    count = left.count + right.count
    height = Swift.max(left.height, right.height) + 1
  }

  /// The elements of `first` then those of `second`.
  ///
  /// - Complexity: O(|*h1* − *h2*| + 1) for the two heights; the result's height is at most one more than the
  ///   taller's.
  static func join(_ first: _PieceTree?, _ second: _PieceTree?) -> _PieceTree? {
    guard let first else { return second }
    guard let second else { return first }
    return joined(first, second)
  }

  private static func joined(_ first: _PieceTree, _ second: _PieceTree) -> _PieceTree {
    if first.height > second.height + 1, let left = first.left, let right = first.right {
      return balanced(left, joined(right, second))
    }
    if second.height > first.height + 1, let left = second.left, let right = second.right {
      return balanced(joined(first, left), right)
    }
    // Two leaves that fit in one are one: the tree stays as low as its pieces allow.
    if first.height == 0, second.height == 0, first.pieces.count + second.pieces.count <= leafCapacity {
      return _PieceTree(leaf: first.pieces + second.pieces)
    }
    return _PieceTree(first, second)
  }

  /// A node of two subtrees whose heights differ by at most two, rotated so that they differ by at most one.
  private static func balanced(_ first: _PieceTree, _ second: _PieceTree) -> _PieceTree {
    if first.height > second.height + 1, let left = first.left, let right = first.right {
      if left.height >= right.height { return _PieceTree(left, _PieceTree(right, second)) }
      if let middleLeft = right.left, let middleRight = right.right {
        return _PieceTree(_PieceTree(left, middleLeft), _PieceTree(middleRight, second))
      }
    }
    if second.height > first.height + 1, let left = second.left, let right = second.right {
      if right.height >= left.height { return _PieceTree(_PieceTree(first, left), right) }
      if let middleLeft = left.left, let middleRight = left.right {
        return _PieceTree(_PieceTree(first, middleLeft), _PieceTree(middleRight, right))
      }
    }
    return _PieceTree(first, second)
  }

  /// A balanced tree of `parts`, in order, or `nil` for none: the pieces of leaves next to each other are put in
  /// as few leaves as hold them.
  ///
  /// - Complexity: O(*k* + Σ log) for *k* parts and their pieces.
  static func joining(_ parts: ArraySlice<_PieceTree>) -> _PieceTree? {
    var builder = Builder()
    for part in parts { builder.append(part) }
    return builder.tree()
  }

  /// A balanced tree of `pieces` (none empty), in order, in as few leaves as hold them, or `nil` for none.
  static func joining(pieces: some Sequence<CellBinderList.Piece>) -> _PieceTree? {
    var builder = Builder()
    for piece in pieces { builder.append(piece) }
    return builder.tree()
  }

  /// Gathers pieces and trees, in order, into one tree: the pieces in full leaves, the trees as they are.
  private struct Builder {
    /// The pieces since the last tree.
    var pending: [CellBinderList.Piece] = []
    /// The leaves and trees so far.
    var parts: [_PieceTree] = []

    mutating func append(_ piece: CellBinderList.Piece) {
      pending.append(piece)
    }

    /// Appends a tree: a leaf's pieces join the pending ones, any other tree is kept whole.
    mutating func append(_ tree: _PieceTree) {
      guard tree.height > 0 else {
        pending.append(contentsOf: tree.pieces)
        return
      }
      flush()
      parts.append(tree)
    }

    /// Cuts the pending pieces into as few leaves as hold them, of near-equal sizes.
    private mutating func flush() {
      _PieceTree.appendLeaves(of: pending, to: &parts)
      pending.removeAll(keepingCapacity: true)
    }

    /// The tree of everything appended, or `nil` for nothing.
    mutating func tree() -> _PieceTree? {
      if parts.isEmpty {
        // The common case of a told edit: a leaf made again, one allocation for its pieces.
        if pending.isEmpty { return nil }
        if pending.count <= _PieceTree.leafCapacity { return _PieceTree(leaf: pending) }
      }
      flush()
      return _PieceTree.balancedJoin(parts[...])
    }
  }

  /// Appends `pieces` (none empty) cut into as few leaves as hold them, of near-equal sizes.
  private static func appendLeaves(of pieces: [CellBinderList.Piece], to parts: inout [_PieceTree]) {
    guard !pieces.isEmpty else { return }
    let leafCount = (pieces.count + leafCapacity - 1) / leafCapacity
    var start = 0
    for leaf in 1...leafCount {
      let end = pieces.count * leaf / leafCount
      parts.append(_PieceTree(leaf: Array(pieces[start..<end])))
      start = end
    }
  }

  /// Joins parts halving: leaves paired level by level.
  private static func balancedJoin(_ parts: ArraySlice<_PieceTree>) -> _PieceTree? {
    switch parts.count {
    case 0: return nil
    case 1: return parts.first
    default:
      let middle = parts.startIndex + parts.count / 2
      return join(balancedJoin(parts[..<middle]), balancedJoin(parts[middle...]))
    }
  }

  /// The elements in `range` (clamped to the tree's), or `nil` when none: one descent, making only the nodes of
  /// the part kept.
  ///
  /// - Complexity: O(log *p*).
  func slice(_ range: Range<Int>) -> _PieceTree? {
    let lower = Swift.max(range.lowerBound, 0)
    let upper = Swift.min(range.upperBound, count)
    guard lower < upper else { return nil }
    if lower == 0 && upper == count { return self }
    guard let left, let right else {
      var cut: [CellBinderList.Piece] = []
      forEachPiece(in: lower..<upper) { piece, _ in
        cut.append(piece)
        return true
      }
      return _PieceTree(leaf: cut)
    }
    if upper <= left.count { return left.slice(lower..<upper) }
    if lower >= left.count { return right.slice((lower - left.count)..<(upper - left.count)) }
    return Self.join(left.slice(lower..<left.count), right.slice(0..<(upper - left.count)))
  }

  /// The elements with those at `removed` taken out and each piece of `inserted` put before the element at its
  /// position, in one descent: the nodes on the paths to the positions touched are made again, every other
  /// subtree is shared. The pieces join the leaves they fall in (no leaf is made for a piece alone).
  ///
  /// - Parameters:
  ///   - removed: Positions in `0..<count`, sorted, distinct.
  ///   - inserted: Positions in `0...count` (`count`: after the last element), none of them removed, sorted, and
  ///     the pieces to put there (in order, for one position), none of them empty.
  /// - Returns: The tree, or `nil` when no element is left.
  /// - Complexity: O(*k* log(*p*/*k*) + *k*) nodes made for *k* positions touched in a tree of *p* pieces, where
  ///   slicing and joining the tree once per position makes O(*k* log *p*).
  func replacing(
    removed: ArraySlice<Int>, inserted: ArraySlice<(position: Int, piece: CellBinderList.Piece)>
  ) -> _PieceTree? {
    // The descent reads the positions through buffer pointers: slicing the arrays at every node on the paths
    // (bounds kept and checked) was a tenth of the descent.
    removed.withUnsafeBufferPointer { removed in
      inserted.withUnsafeBufferPointer { inserted in
        rebuilt(base: 0, removed: removed, inserted: inserted)
      }
    }
  }

  private func rebuilt(
    base: Int, removed: UnsafeBufferPointer<Int>,
    inserted: UnsafeBufferPointer<(position: Int, piece: CellBinderList.Piece)>
  ) -> _PieceTree? {
    if removed.isEmpty && inserted.isEmpty { return self }
    guard let left, let right else {
      return Self.rebuiltLeaf(pieces, base: base, removed: removed, inserted: inserted)
    }
    let split = base + left.count
    let removedSplit = removed.partitioningIndex { $0 >= split }
    let insertedSplit = inserted.partitioningIndex { $0.position >= split }
    return Self.join(
      left.rebuilt(
        base: base, removed: .init(rebasing: removed[..<removedSplit]),
        inserted: .init(rebasing: inserted[..<insertedSplit])),
      right.rebuilt(
        base: split, removed: .init(rebasing: removed[removedSplit...]),
        inserted: .init(rebasing: inserted[insertedSplit...])))
  }

  /// A leaf's pieces (the first starting at element `base`) with the elements at `removed` taken out and the pieces
  /// of `inserted` put in, in as few leaves as hold them (see ``rebuilt(base:removed:inserted:)``).
  ///
  /// Each piece kept is copied once, into the leaf that holds it (a copy is a retain of what the piece reads
  /// from: a cache miss in a long list, where the binders told over many edits are spread over memory). An
  /// insertion never falls on a removed position, and one at a piece's end goes before the next piece (or after
  /// the last).
  private static func rebuiltLeaf(
    _ pieces: [CellBinderList.Piece], base: Int, removed: UnsafeBufferPointer<Int>,
    inserted: UnsafeBufferPointer<(position: Int, piece: CellBinderList.Piece)>
  ) -> _PieceTree? {
    var result: [CellBinderList.Piece] = []
    result.reserveCapacity(pieces.count + 2 * removed.count + inserted.count)
    var nextRemoved = removed.startIndex
    var nextInserted = inserted.startIndex
    var start = base
    for index in pieces.indices {
      let end = start + pieces[index].count
      var cursor = start
      while true {
        let removal = nextRemoved < removed.endIndex ? removed[nextRemoved] : Int.max
        let insertion = nextInserted < inserted.endIndex ? inserted[nextInserted].position : Int.max
        let stop = Swift.min(Swift.min(removal, insertion), end)
        // The run of the piece before the next position touched, or to its end.
        if stop > cursor {
          result.append(
            cursor == start && stop == end
              ? pieces[index] : pieces[index].slice((cursor - start)..<(stop - start)))
          cursor = stop
        }
        if insertion <= removal, insertion < end {
          result.append(inserted[nextInserted].piece)
          nextInserted += 1
        } else if removal < end {
          cursor = removal + 1
          nextRemoved += 1
        } else {
          break
        }
      }
      start = end
    }
    for insertion in inserted[nextInserted...] { result.append(insertion.piece) }
    if result.isEmpty { return nil }
    if result.count <= leafCapacity { return _PieceTree(leaf: result) }
    var leaves: [_PieceTree] = []
    appendLeaves(of: result, to: &leaves)
    return balancedJoin(leaves[...])
  }

  /// The piece holding element `position` (in `0..<count`) and the offset from its start.
  ///
  /// - Complexity: O(log *p*).
  func leaf(at position: Int) -> (piece: CellBinderList.Piece, offset: Int) {
    // The descent holds no reference of its own: every node is kept by `self`, which the caller holds (a
    // retain and a release a level were a third of a look-up).
    var node = Unmanaged.passUnretained(self)
    var offset = position
    while let next = node._withUnsafeGuaranteedRef({ current -> Unmanaged<_PieceTree>? in
      guard let left = current.left, let right = current.right else { return nil }
      if offset < left.count { return .passUnretained(left) }
      offset -= left.count
      return .passUnretained(right)
    }) {
      node = next
    }
    // Every node without subtrees is a leaf, and `offset` is below its count.
    return node._withUnsafeGuaranteedRef { leaf in
      for index in leaf.pieces.indices {
        let count = leaf.pieces[index].count
        if offset < count { return (leaf.pieces[index], offset) }
        offset -= count
      }
      return (.binders([]), offset)
    }
  }

  /// The pieces holding the elements in `range`, in order, cut at its bounds; `body` returns `false` to stop.
  ///
  /// - Complexity: O(log *p* + *m*) for *m* pieces visited.
  @discardableResult
  func forEachPiece(in range: Range<Int>, _ body: (_ piece: CellBinderList.Piece, _ start: Int) -> Bool) -> Bool {
    visit(range, base: 0, body)
  }

  private func visit(
    _ range: Range<Int>, base: Int, _ body: (CellBinderList.Piece, Int) -> Bool
  ) -> Bool {
    let lower = Swift.max(range.lowerBound - base, 0)
    let upper = Swift.min(range.upperBound - base, count)
    guard lower < upper else { return true }
    guard let left, let right else {
      var start = 0
      for piece in pieces {
        let end = start + piece.count
        if end > lower {
          let cut = Swift.max(lower - start, 0)..<(Swift.min(upper, end) - start)
          guard body(cut.count == piece.count ? piece : piece.slice(cut), base + start + cut.lowerBound) else {
            return false
          }
        }
        if end >= upper { break }
        start = end
      }
      return true
    }
    return left.visit(range, base: base, body) && right.visit(range, base: base + left.count, body)
  }

  /// The pieces holding the elements in `range`, cut at its bounds.
  func pieces(in range: Range<Int>) -> [CellBinderList.Piece] {
    var result: [CellBinderList.Piece] = []
    forEachPiece(in: range) { piece, _ in
      result.append(piece)
      return true
    }
    return result
  }
}
