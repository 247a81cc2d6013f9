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
final class _PieceTree: ManagedBuffer<_PieceTreeHeader, CellBinderList.Piece> {
  // A node is one allocation: its header, then a leaf's pieces (a leaf that held an array of its pieces was two
  // allocations, and a read went to the array's storage, another cache line, from the node). A node is never
  // changed once made, so it is safe to share between threads, which the type system cannot see: a managed
  // buffer is not `Sendable` (see `_PiecesSource.tree`).

  // The header is read through its pointer: `header`, a stored property of a class, checks exclusive access at
  // run time on every read (a third of a told edit's descent).

  /// The number of elements under the node.
  var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }
  /// The subtrees, for an inner node.
  var left: _PieceTree? { withUnsafeMutablePointerToHeader { $0.pointee.left } }
  var right: _PieceTree? { withUnsafeMutablePointerToHeader { $0.pointee.right } }
  /// 0 for a leaf, else one more than the taller subtree's.
  var height: Int { withUnsafeMutablePointerToHeader { $0.pointee.height } }
  /// The number of pieces of a leaf; 0 for an inner node.
  var pieceCount: Int { withUnsafeMutablePointerToHeader { $0.pointee.pieceCount } }

  /// The most pieces a leaf holds.
  static let leafCapacity = 16

  deinit {
    _ = withUnsafeMutablePointers { header, pieces in pieces.deinitialize(count: header.pointee.pieceCount) }
  }

  /// A node with `header`, room for `capacity` pieces, none of them there yet.
  private static func node(_ header: _PieceTreeHeader, capacity: Int) -> _PieceTree {
    unsafeDowncast(create(minimumCapacity: capacity) { _ in header }, to: _PieceTree.self)
  }

  /// Reads the pieces of a leaf (none for an inner node); the buffer is valid during `body`.
  func withPieces<Result>(_ body: (UnsafeBufferPointer<CellBinderList.Piece>) throws -> Result) rethrows -> Result {
    try withUnsafeMutablePointers { header, pieces in
      try body(UnsafeBufferPointer(start: pieces, count: header.pointee.pieceCount))
    }
  }

  /// A leaf of one piece (not empty).
  static func leaf(_ piece: CellBinderList.Piece) -> _PieceTree {
    withUnsafePointer(to: piece) { leaf(copying: UnsafeBufferPointer(start: $0, count: 1)) }
  }

  /// A leaf of a copy of `pieces` and then of `more`: from one to ``leafCapacity`` in all, none of them empty.
  static func leaf(
    copying pieces: UnsafeBufferPointer<CellBinderList.Piece>,
    _ more: UnsafeBufferPointer<CellBinderList.Piece> = UnsafeBufferPointer(start: nil, count: 0)
  ) -> _PieceTree {
    leaf(pieceCount: pieces.count + more.count) { elements in
      if let first = pieces.baseAddress { elements.initialize(from: first, count: pieces.count) }
      if let first = more.baseAddress { (elements + pieces.count).initialize(from: first, count: more.count) }
    }
  }

  /// A leaf of `pieceCount` pieces (from one to ``leafCapacity``, none of them empty), which `initialize` puts in
  /// its room.
  private static func leaf(
    pieceCount: Int, _ initialize: (UnsafeMutablePointer<CellBinderList.Piece>) -> Void
  ) -> _PieceTree {
    let leaf = node(
      _PieceTreeHeader(count: 0, left: nil, right: nil, height: 0, pieceCount: pieceCount), capacity: pieceCount)
    leaf.withUnsafeMutablePointers { header, pieces in
      initialize(pieces)
      var count = 0
      for index in 0..<pieceCount { count += pieces[index].count }
      header.pointee.count = count
    }
    return leaf
  }

  /// An inner node of two subtrees whose heights differ by at most one.
  private static func inner(_ left: _PieceTree, _ right: _PieceTree) -> _PieceTree {
    node(
      _PieceTreeHeader(
        count: left.count + right.count, left: left, right: right,
        height: Swift.max(left.height, right.height) + 1, pieceCount: 0),
      capacity: 0)
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
    if first.height == 0, second.height == 0,
      first.pieceCount + second.pieceCount <= leafCapacity
    {
      return first.withPieces { first in second.withPieces { second in leaf(copying: first, second) } }
    }
    return inner(first, second)
  }

  /// A node of two subtrees whose heights differ by at most two, rotated so that they differ by at most one.
  private static func balanced(_ first: _PieceTree, _ second: _PieceTree) -> _PieceTree {
    if first.height > second.height + 1, let left = first.left, let right = first.right {
      if left.height >= right.height { return inner(left, inner(right, second)) }
      if let middleLeft = right.left, let middleRight = right.right {
        return inner(inner(left, middleLeft), inner(middleRight, second))
      }
    }
    if second.height > first.height + 1, let left = second.left, let right = second.right {
      if right.height >= left.height { return inner(inner(first, left), right) }
      if let middleLeft = left.left, let middleRight = left.right {
        return inner(inner(first, middleLeft), inner(middleRight, right))
      }
    }
    return inner(first, second)
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
        tree.withPieces { pending.append(contentsOf: $0) }
        return
      }
      flush()
      parts.append(tree)
    }

    /// Cuts the pending pieces into as few leaves as hold them, of near-equal sizes.
    private mutating func flush() {
      pending.withUnsafeBufferPointer { _PieceTree.appendLeaves(of: $0, to: &parts) }
      pending.removeAll(keepingCapacity: true)
    }

    /// The tree of everything appended, or `nil` for nothing.
    mutating func tree() -> _PieceTree? {
      if parts.isEmpty {
        if pending.isEmpty { return nil }
        if pending.count <= _PieceTree.leafCapacity {
          return pending.withUnsafeBufferPointer { _PieceTree.leaf(copying: $0) }
        }
      }
      flush()
      return _PieceTree.balancedJoin(parts[...])
    }
  }

  /// Appends `pieces` (none empty) cut into as few leaves as hold them, of near-equal sizes.
  private static func appendLeaves(
    of pieces: UnsafeBufferPointer<CellBinderList.Piece>, to parts: inout [_PieceTree]
  ) {
    for range in leafRanges(count: pieces.count) {
      parts.append(leaf(copying: UnsafeBufferPointer(rebasing: pieces[range])))
    }
  }

  /// The runs `0..<count` pieces are cut into for as few leaves as hold them, of near-equal sizes (none for none).
  private static func leafRanges(count: Int) -> LazyMapSequence<Range<Int>, Range<Int>> {
    let leafCount = (count + leafCapacity - 1) / leafCapacity
    return (0..<leafCount).lazy.map { count * $0 / leafCount..<count * ($0 + 1) / leafCount }
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
      return cut.withUnsafeBufferPointer { Self.leaf(copying: $0) }
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
    removed: ArraySlice<Int>, inserted: ArraySlice<CellBinderList.PlacedPiece>
  ) -> _PieceTree? {
    // The descent reads the positions through buffer pointers: slicing the arrays at every node on the paths
    // (bounds kept and checked) was a third of the descent's own instructions.
    removed.withUnsafeBufferPointer { removed in
      inserted.withUnsafeBufferPointer { inserted in
        Self.rebuilt(.passUnretained(self), base: 0, removed: removed, inserted: inserted)
      }
    }
  }

  /// The subtree `node` (its first element at `base`) with the elements at `removed` taken out and the pieces of
  /// `inserted` put in: the nodes on their paths made again, every other subtree shared.
  ///
  /// The caller keeps `node` alive, and so every node under it: the descent holds no reference of its own to the
  /// nodes it passes through (a retain and a release of both subtrees at every level, touched or not, were half
  /// of the splice's time in `swift_retain` under `perf`); a subtree kept as it is is retained once, by the node
  /// that takes it.
  private static func rebuilt(
    _ node: Unmanaged<_PieceTree>, base: Int, removed: UnsafeBufferPointer<Int>,
    inserted: UnsafeBufferPointer<CellBinderList.PlacedPiece>
  ) -> _PieceTree? {
    if removed.isEmpty && inserted.isEmpty { return node.takeUnretainedValue() }
    let children = node._withUnsafeGuaranteedRef { tree in
      tree.withUnsafeMutablePointerToHeader { header -> (left: Unmanaged<_PieceTree>, right: Unmanaged<_PieceTree>)? in
        guard let left = header.pointee.left, let right = header.pointee.right else { return nil }
        return (.passUnretained(left), .passUnretained(right))
      }
    }
    guard let (left, right) = children else {
      return node._withUnsafeGuaranteedRef { leaf in
        leaf.withPieces { rebuiltLeaf($0, base: base, removed: removed, inserted: inserted) }
      }
    }
    let split = base + left._withUnsafeGuaranteedRef { $0.count }
    let removedSplit = removed.partitioningIndex { $0 >= split }
    let insertedSplit = inserted.partitioningIndex { $0.position >= split }
    return join(
      rebuilt(
        left, base: base, removed: .init(rebasing: removed[..<removedSplit]),
        inserted: .init(rebasing: inserted[..<insertedSplit])),
      rebuilt(
        right, base: split, removed: .init(rebasing: removed[removedSplit...]),
        inserted: .init(rebasing: inserted[insertedSplit...])))
  }

  /// A leaf's pieces (the first starting at element `base`) with the elements at `removed` taken out and the pieces
  /// of `inserted` put in, in as few leaves as hold them (see ``rebuilt(_:base:removed:inserted:)``).
  ///
  /// Each piece kept is copied once, into the leaf that holds it (a copy is a retain of what the piece reads
  /// from, an atomic operation; at a million rows the splice spends a third of its time in them, and holding an
  /// edit's binders in one array, so that they are few and warm, did not make it faster): the pieces are gathered
  /// in a buffer on the stack, then moved into the leaf. An insertion never falls on a removed position, and one
  /// at a piece's end goes before the next piece (or after the last).
  private static func rebuiltLeaf(
    _ pieces: UnsafeBufferPointer<CellBinderList.Piece>, base: Int, removed: UnsafeBufferPointer<Int>,
    inserted: UnsafeBufferPointer<CellBinderList.PlacedPiece>
  ) -> _PieceTree? {
    // A removal cuts a piece in two runs, an insertion in two runs around the piece put in.
    let capacity = pieces.count + removed.count + 2 * inserted.count
    return withUnsafeTemporaryAllocation(of: CellBinderList.Piece.self, capacity: capacity) { buffer in
      guard let result = buffer.baseAddress else { return nil }
      var used = 0
      func append(_ piece: CellBinderList.Piece) {
        assert(used < capacity, "more pieces than the bound")
        (result + used).initialize(to: piece)
        used += 1
      }
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
            append(
              cursor == start && stop == end ? pieces[index] : pieces[index].slice((cursor - start)..<(stop - start)))
            cursor = stop
          }
          if insertion <= removal, insertion < end {
            append(inserted[nextInserted].piece)
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
      for insertion in inserted[nextInserted...] { append(insertion.piece) }
      if used == 0 { return nil }
      // Past a leaf (a leaf fills up over many edits: a fifth of the leaves a told edit makes again), cut into
      // leaves of near-equal sizes, the pieces moved in as into one leaf (copied, each was retained, then
      // released with the buffer).
      var tree: _PieceTree?
      for range in leafRanges(count: used) {
        let part = leaf(pieceCount: range.count) {
          $0.moveInitialize(from: result + range.lowerBound, count: range.count)
        }
        tree = join(tree, part)
      }
      return tree
    }
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
      leaf.withPieces { pieces in
        for index in pieces.indices {
          let count = pieces[index].count
          if offset < count { return (pieces[index], offset) }
          offset -= count
        }
        return (.binders([]), offset)
      }
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
      return withPieces { pieces in
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

/// A node of a ``_PieceTree``: what a descent reads, next to the reference count (one cache line of a node),
/// and the number of a leaf's pieces, which follow it.
struct _PieceTreeHeader {
  /// The number of elements under the node.
  var count: Int
  /// The subtrees, for an inner node.
  var left: _PieceTree?
  var right: _PieceTree?
  /// 0 for a leaf, else one more than the taller subtree's.
  var height: Int
  /// The pieces of a leaf: from one to ``_PieceTree/leafCapacity``, none of them empty; none for an inner node.
  var pieceCount: Int
}
