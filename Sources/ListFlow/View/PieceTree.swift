/// The pieces of a list that gathered many of them, kept in a balanced tree whose nodes are shared, never
/// changed: a list made from parts of other lists' trees shares their nodes, so cutting a run out of the pieces
/// (``slice(_:)``) or joining two runs (``join(_:_:)``) costs O(log *p*) for *p* pieces, not a copy of the pieces (see
/// `CellBinderList.compactIfFragmented()` and `CellBinderList.splicing(removing:placing:)`).
///
/// The pieces are the leaves, in order; an inner node holds two subtrees whose heights differ by at most one (an
/// AVL tree of leaves), so its height is below 1.45 log2(*p* + 2).
final class _PieceTree: Sendable {
  // What a descent reads comes first, next to the reference count: one cache line of a node (stored properties
  // are laid out in order), where the piece first put them on a second one, a second cache miss a node.
  /// The number of elements under the node.
  let count: Int
  /// The subtrees, for an inner node.
  let left: _PieceTree?
  let right: _PieceTree?
  /// 0 for a leaf, else one more than the taller subtree's.
  let height: Int
  /// The piece, for a leaf.
  let piece: CellBinderList.Piece?

  /// A leaf of one piece (not empty).
  init(leaf piece: CellBinderList.Piece) {
    self.piece = piece
    left = nil
    right = nil
    count = piece.count
    height = 0
  }

  /// An inner node of two subtrees whose heights differ by at most one.
  private init(_ left: _PieceTree, _ right: _PieceTree) {
    piece = nil
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

  /// A balanced tree of `parts`, in order, or `nil` for none.
  ///
  /// - Complexity: O(*k* + Σ log) for *k* parts: leaves are paired level by level.
  static func joining(_ parts: ArraySlice<_PieceTree>) -> _PieceTree? {
    switch parts.count {
    case 0: return nil
    case 1: return parts.first
    default:
      let middle = parts.startIndex + parts.count / 2
      return join(joining(parts[..<middle]), joining(parts[middle...]))
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
    if let piece { return _PieceTree(leaf: piece.slice(lower..<upper)) }
    guard let left, let right else { return nil }
    if upper <= left.count { return left.slice(lower..<upper) }
    if lower >= left.count { return right.slice((lower - left.count)..<(upper - left.count)) }
    return Self.join(left.slice(lower..<left.count), right.slice(0..<(upper - left.count)))
  }

  /// The elements with those at `removed` taken out and each tree of `inserted` put before the element at its
  /// position, in one descent: the nodes on the paths to the positions touched are made again, every other
  /// subtree is shared.
  ///
  /// - Parameters:
  ///   - removed: Positions in `0..<count`, sorted, distinct.
  ///   - inserted: Positions in `0...count` (`count`: after the last element), none of them removed, sorted, and
  ///     the trees to put there (in order, for one position).
  /// - Returns: The tree, or `nil` when no element is left.
  /// - Complexity: O(*k* log(*p*/*k*) + *k*) nodes made for *k* positions touched in a tree of *p* pieces, where
  ///   slicing and joining the tree once per position makes O(*k* log *p*).
  func replacing(
    removed: ArraySlice<Int>, inserted: ArraySlice<(position: Int, part: _PieceTree)>
  ) -> _PieceTree? {
    rebuilt(base: 0, removed: removed, inserted: inserted)
  }

  private func rebuilt(
    base: Int, removed: ArraySlice<Int>, inserted: ArraySlice<(position: Int, part: _PieceTree)>
  ) -> _PieceTree? {
    if removed.isEmpty && inserted.isEmpty { return self }
    if let piece {
      // The leaf's runs between the positions touched, and the trees inserted, in order; an insertion never
      // falls on a removed position.
      var parts: [_PieceTree] = []
      parts.reserveCapacity(2 * (removed.count + inserted.count) + 1)
      var cursor = 0
      var nextRemoved = removed.startIndex
      var nextInserted = inserted.startIndex
      func keep(upTo end: Int) {
        guard end > cursor else { return }
        parts.append(cursor == 0 && end == count ? self : _PieceTree(leaf: piece.slice(cursor..<end)))
        cursor = end
      }
      while nextRemoved < removed.endIndex || nextInserted < inserted.endIndex {
        let removal = nextRemoved < removed.endIndex ? removed[nextRemoved] - base : Int.max
        let insertion = nextInserted < inserted.endIndex ? inserted[nextInserted].position - base : Int.max
        if insertion <= removal {
          keep(upTo: insertion)
          parts.append(inserted[nextInserted].part)
          nextInserted += 1
        } else {
          keep(upTo: removal)
          cursor = removal + 1
          nextRemoved += 1
        }
      }
      keep(upTo: count)
      return Self.joining(parts[...])
    }
    guard let left, let right else { return self }
    let split = base + left.count
    let removedSplit = removed.partitioningIndex { $0 >= split }
    let insertedSplit = inserted.partitioningIndex { $0.position >= split }
    return Self.join(
      left.rebuilt(base: base, removed: removed[..<removedSplit], inserted: inserted[..<insertedSplit]),
      right.rebuilt(base: split, removed: removed[removedSplit...], inserted: inserted[insertedSplit...]))
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
    // Every node without subtrees is a leaf.
    return node._withUnsafeGuaranteedRef { ($0.piece ?? .binders([]), offset) }
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
    if let piece {
      let part = lower == 0 && upper == count ? piece : piece.slice(lower..<upper)
      return body(part, base + lower)
    }
    guard let left, let right else { return true }
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
