/// The pieces of a list that gathered many of them, kept in a balanced tree whose nodes are shared, never
/// changed: a list made from parts of other lists' trees shares their nodes, so cutting a run out of the pieces
/// (``slice(_:)``) or joining two runs (``join(_:_:)``) costs O(log *p*) nodes for *p* pieces, not a copy of the
/// pieces (see `CellBinderList.compactIfFragmented()` and `CellBinderList.splicing(removing:placing:)`).
///
/// A B+ tree of wide nodes: a leaf holds from one to ``leafCapacity`` pieces, in order; an inner node holds up to
/// ``branching`` subtrees of one height, with the number of elements of each, so that a descent reads one node a
/// level and not the subtrees beside its path. Every node but the root holds at least ``minimumChildren``
/// subtrees (half of ``branching``) or ``leafMinimum`` pieces. So the height is below log8(*l*) + 1 for *l*
/// leaves: four levels at a million rows cut by many told edits, where a binary tree of leaves had some fourteen,
/// each a read from memory when the list is long. Many pieces a leaf keep a told edit cheap: a row put in or taken
/// out of a run makes one leaf again (a copy of its few pieces).
final class _PieceTree: ManagedBuffer<_PieceTreeHeader, UInt64> {
  // A node is one allocation: its header, then a leaf's pieces or an inner node's subtrees with their counts, in
  // words of room bound to the one or the other. A node is never changed once made, so it is safe to share
  // between threads, which the type system cannot see: a managed buffer is not `Sendable` (see
  // `_PiecesSource.tree`).

  // The header is read through its pointer: `header`, a stored property of a class, checks exclusive access at
  // run time on every read (a third of a told edit's descent).

  /// A subtree of an inner node, and the number of its elements (read without reading the subtree).
  typealias Child = _PieceTreeChild
  typealias Piece = CellBinderList.Piece

  /// The number of elements under the node.
  var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }
  /// 0 for a leaf, else one more than its subtrees'.
  var height: Int { withUnsafeMutablePointerToHeader { $0.pointee.height } }
  /// The number of pieces of a leaf; 0 for an inner node.
  var pieceCount: Int { withUnsafeMutablePointerToHeader { $0.pointee.height == 0 ? $0.pointee.slotCount : 0 } }
  /// The number of subtrees of an inner node; 0 for a leaf.
  var childCount: Int { withUnsafeMutablePointerToHeader { $0.pointee.height == 0 ? 0 : $0.pointee.slotCount } }

  /// The most pieces a leaf holds.
  static let leafCapacity = 16
  /// The fewest pieces a leaf other than the root holds.
  static let leafMinimum = 4
  /// The most subtrees an inner node holds.
  static let branching = 16
  /// The fewest subtrees an inner node other than the root holds.
  static let minimumChildren = 8

  deinit {
    _ = withUnsafeMutablePointers { header, words in
      if header.pointee.height == 0 {
        Self.pieces(words).deinitialize(count: header.pointee.slotCount)
      } else {
        Self.children(words).deinitialize(count: header.pointee.slotCount)
      }
    }
  }

  private static func pieces(_ words: UnsafeMutablePointer<UInt64>) -> UnsafeMutablePointer<Piece> {
    UnsafeMutableRawPointer(words).assumingMemoryBound(to: Piece.self)
  }

  private static func children(_ words: UnsafeMutablePointer<UInt64>) -> UnsafeMutablePointer<Child> {
    UnsafeMutableRawPointer(words).assumingMemoryBound(to: Child.self)
  }

  /// Reads the pieces of a leaf (none for an inner node); the buffer is valid during `body`.
  func withPieces<Result>(_ body: (UnsafeBufferPointer<Piece>) throws -> Result) rethrows -> Result {
    try withUnsafeMutablePointers { header, words in
      try body(
        UnsafeBufferPointer(start: Self.pieces(words), count: header.pointee.height == 0 ? header.pointee.slotCount : 0)
      )
    }
  }

  /// Reads the subtrees of an inner node (none for a leaf); the buffer is valid during `body`.
  func withChildren<Result>(_ body: (UnsafeBufferPointer<Child>) throws -> Result) rethrows -> Result {
    try withUnsafeMutablePointers { header, words in
      try body(
        UnsafeBufferPointer(
          start: Self.children(words), count: header.pointee.height == 0 ? 0 : header.pointee.slotCount))
    }
  }

  /// The subtrees of an inner node, with their counts (none for a leaf).
  var children: [Child] { withChildren { Array($0) } }

  /// Whether the node holds as many pieces or subtrees as a node below the root must.
  var isFull: Bool {
    withUnsafeMutablePointerToHeader {
      $0.pointee.slotCount >= ($0.pointee.height == 0 ? Self.leafMinimum : Self.minimumChildren)
    }
  }

  /// A leaf of one piece (not empty).
  static func leaf(_ piece: Piece) -> _PieceTree {
    withUnsafePointer(to: piece) { leaf(copying: UnsafeBufferPointer(start: $0, count: 1)) }
  }

  /// A leaf of a copy of `pieces` and then of `more`: from one to ``leafCapacity`` in all, none of them empty.
  static func leaf(
    copying pieces: UnsafeBufferPointer<Piece>,
    _ more: UnsafeBufferPointer<Piece> = UnsafeBufferPointer(start: nil, count: 0)
  ) -> _PieceTree {
    leaf(pieceCount: pieces.count + more.count) { elements in
      if let first = pieces.baseAddress { elements.initialize(from: first, count: pieces.count) }
      if let first = more.baseAddress { (elements + pieces.count).initialize(from: first, count: more.count) }
    }
  }

  /// A leaf of `pieceCount` pieces (from one to ``leafCapacity``, none of them empty), which `initialize` puts in
  /// its room.
  private static func leaf(pieceCount: Int, _ initialize: (UnsafeMutablePointer<Piece>) -> Void) -> _PieceTree {
    node(height: 0, slotCount: pieceCount, initialize) { $0.pointee.count }
  }

  /// An inner node of `height` over the `childCount` subtrees (one height lower, from one to ``branching``) that
  /// `initialize` puts in its room.
  private static func inner(
    height: Int, childCount: Int, _ initialize: (UnsafeMutablePointer<Child>) -> Void
  ) -> _PieceTree {
    node(height: height, slotCount: childCount, initialize) { $0.pointee.count }
  }

  /// A node of `height` whose room holds `slotCount` slots (pieces or subtrees) that `initialize` puts there, and
  /// counts the elements under it by each slot's count (read in place: a subtree copied out would be retained).
  @inline(__always)
  private static func node<Slot>(
    height: Int, slotCount: Int, _ initialize: (UnsafeMutablePointer<Slot>) -> Void,
    count: (UnsafeMutablePointer<Slot>) -> Int
  ) -> _PieceTree {
    let words = (slotCount * MemoryLayout<Slot>.stride + 7) / 8
    let node = unsafeDowncast(
      create(minimumCapacity: words) { _ in _PieceTreeHeader(count: 0, height: height, slotCount: slotCount) },
      to: _PieceTree.self)
    node.withUnsafeMutablePointers { header, words in
      let slots = UnsafeMutableRawPointer(words).bindMemory(to: Slot.self, capacity: slotCount)
      initialize(slots)
      var total = 0
      for index in 0..<slotCount { total += count(slots + index) }
      header.pointee.count = total
    }
    return node
  }

  /// An inner node over copies of `children` (from one to ``branching``, of one height).
  private static func inner(copying children: some Collection<Child>) -> _PieceTree {
    let height = children.first.map { $0.node.height + 1 } ?? 1
    return inner(height: height, childCount: children.count) { room in
      var next = room
      for child in children {
        next.initialize(to: child)
        next += 1
      }
    }
  }

  /// The node as a subtree of another.
  private var asChild: Child { Child(node: self, count: count) }

  // MARK: Joining

  /// The elements of `first` then those of `second`.
  ///
  /// - Complexity: O(*b* (|*h1* − *h2*| + 1)) for the two heights and *b* subtrees a node; the result's height is
  ///   at most one more than the taller's.
  static func join(_ first: _PieceTree?, _ second: _PieceTree?) -> _PieceTree? {
    guard let first else { return second }
    guard let second else { return first }
    return joined(first, second)
  }

  /// Two trees joined (as a rope's concatenation): the shorter goes in beside the taller's edge at its height,
  /// nodes that hold too little merge with the one beside them, and nodes that hold too much split in two.
  static func joined(_ first: _PieceTree, _ second: _PieceTree) -> _PieceTree {
    let firstHeight = first.height
    let secondHeight = second.height
    if firstHeight < secondHeight {
      let children = second.children
      if firstHeight == secondHeight - 1 && first.isFull {
        return merged([first.asChild], children[...])
      }
      let edge = joined(first, children[0].node)
      if edge.height == secondHeight - 1 { return merged([edge.asChild], children[1...]) }
      return merged(edge.children, children[1...])
    }
    if firstHeight > secondHeight {
      let children = first.children
      if secondHeight == firstHeight - 1 && second.isFull {
        return merged(children, [second.asChild][...])
      }
      let edge = joined(children[children.count - 1].node, second)
      if edge.height == firstHeight - 1 { return merged(Array(children.dropLast()), [edge.asChild][...]) }
      return merged(Array(children.dropLast()), edge.children[...])
    }
    if firstHeight == 0 {
      // Two leaves that fit in one are one: the tree stays as low as its pieces allow.
      let firstCount = first.pieceCount
      let secondCount = second.pieceCount
      if firstCount + secondCount <= leafCapacity || firstCount < leafMinimum || secondCount < leafMinimum {
        return first.withPieces { first in second.withPieces { second in leaves(of: [first, second]) } }
      }
      return inner(copying: [first.asChild, second.asChild])
    }
    if first.isFull && second.isFull { return inner(copying: [first.asChild, second.asChild]) }
    return merged(first.children, second.children[...])
  }

  /// A node over `first` then `second` (subtrees of one height), or, past ``branching``, a node over two nodes
  /// that share them evenly.
  private static func merged(_ first: [Child], _ second: ArraySlice<Child>) -> _PieceTree {
    let all = first + second
    if all.count <= branching { return inner(copying: all) }
    let middle = all.count / 2
    return inner(copying: [inner(copying: all[..<middle]).asChild, inner(copying: all[middle...]).asChild])
  }

  /// The pieces of `parts`, in order, in leaves of near-equal sizes under one node (more than ``leafCapacity``
  /// and at most twice as many), or in one leaf.
  private static func leaves(of parts: [UnsafeBufferPointer<Piece>]) -> _PieceTree {
    var all: [Piece] = []
    for part in parts { all.append(contentsOf: part) }
    return all.withUnsafeBufferPointer { all in
      var nodes: [Child] = []
      for range in leafRanges(count: all.count) {
        nodes.append(leaf(copying: UnsafeBufferPointer(rebasing: all[range])).asChild)
      }
      return nodes.count == 1 ? nodes[0].node : inner(copying: nodes)
    }
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
  static func joining(pieces: some Sequence<Piece>) -> _PieceTree? {
    var builder = Builder()
    for piece in pieces { builder.append(piece) }
    return builder.tree()
  }

  /// Gathers pieces and trees, in order, into one tree: the pieces in full leaves, the trees as they are.
  private struct Builder {
    /// The pieces since the last tree.
    var pending: [Piece] = []
    /// The trees so far (a run of pieces made one tree).
    var parts: [_PieceTree] = []

    mutating func append(_ piece: Piece) {
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

    /// Makes the pending pieces one tree: as few leaves as hold them, of near-equal sizes, under nodes as full
    /// as they can be.
    private mutating func flush() {
      guard !pending.isEmpty else { return }
      var level: [_PieceTree.Child] = []
      pending.withUnsafeBufferPointer { pending in
        for range in _PieceTree.leafRanges(count: pending.count) {
          level.append(_PieceTree.leaf(copying: UnsafeBufferPointer(rebasing: pending[range])).asChild)
        }
      }
      while level.count > 1 {
        var above: [_PieceTree.Child] = []
        for range in _PieceTree.groupRanges(count: level.count) {
          above.append(_PieceTree.inner(copying: level[range]).asChild)
        }
        level = above
      }
      parts.append(level[0].node)
      pending.removeAll(keepingCapacity: true)
    }

    /// The tree of everything appended, or `nil` for nothing.
    mutating func tree() -> _PieceTree? {
      flush()
      return _PieceTree.balancedJoin(parts[...])
    }
  }

  /// The runs `0..<count` pieces are cut into for as few leaves as hold them, of near-equal sizes (none for none).
  private static func leafRanges(count: Int) -> LazyMapSequence<Range<Int>, Range<Int>> {
    evenRanges(count: count, most: leafCapacity)
  }

  /// The runs `0..<count` subtrees are cut into for as few nodes as hold them, of near-equal sizes.
  private static func groupRanges(count: Int) -> LazyMapSequence<Range<Int>, Range<Int>> {
    evenRanges(count: count, most: branching)
  }

  /// `0..<count` cut into as few runs of at most `most` as hold it, of near-equal sizes (at least `most` / 2
  /// each when there are two or more).
  private static func evenRanges(count: Int, most: Int) -> LazyMapSequence<Range<Int>, Range<Int>> {
    let parts = (count + most - 1) / most
    return (0..<parts).lazy.map { count * $0 / parts..<count * ($0 + 1) / parts }
  }

  /// Joins parts halving: trees paired level by level.
  private static func balancedJoin(_ parts: ArraySlice<_PieceTree>) -> _PieceTree? {
    switch parts.count {
    case 0: return nil
    case 1: return parts.first
    default:
      let middle = parts.startIndex + parts.count / 2
      return join(balancedJoin(parts[..<middle]), balancedJoin(parts[middle...]))
    }
  }

  // MARK: Cutting

  /// The elements in `range` (clamped to the tree's), or `nil` when none: one descent, making only the nodes of
  /// the part kept.
  ///
  /// - Complexity: O(*b* log *p*) for *b* subtrees a node.
  func slice(_ range: Range<Int>) -> _PieceTree? {
    let lower = Swift.max(range.lowerBound, 0)
    let upper = Swift.min(range.upperBound, count)
    guard lower < upper else { return nil }
    if lower == 0 && upper == count { return self }
    if height == 0 {
      var cut: [Piece] = []
      forEachPiece(in: lower..<upper) { piece, _ in
        cut.append(piece)
        return true
      }
      return cut.withUnsafeBufferPointer { Self.leaf(copying: $0) }
    }
    let children = self.children
    var start = 0
    var first: _PieceTree?
    var middle: [Child] = []
    var last: _PieceTree?
    for child in children {
      let end = start + child.count
      defer { start = end }
      if end <= lower { continue }
      if start >= upper { break }
      if start >= lower && end <= upper {
        middle.append(child)
      } else if start < lower {
        first = child.node.slice((lower - start)..<(upper - start))
        if end >= upper { return first }
      } else {
        last = child.node.slice(0..<(upper - start))
      }
    }
    let kept: _PieceTree? =
      switch middle.count {
      case 0: nil
      case 1: middle[0].node
      default: Self.inner(copying: middle)
      }
    return Self.join(Self.join(first, kept), last)
  }

  // MARK: Splicing

  /// The elements with those at `removed` taken out and each piece of `inserted` put before the element at its
  /// position, in one descent: the nodes on the paths to the positions touched are made again, every other
  /// subtree is shared. The pieces join the leaves they fall in (no leaf is made for a piece alone).
  ///
  /// - Parameters:
  ///   - removed: Positions in `0..<count`, sorted, distinct.
  ///   - inserted: Positions in `0...count` (`count`: after the last element), none of them removed, sorted, and
  ///     the pieces to put there (in order, for one position), none of them empty.
  /// - Returns: The tree, or `nil` when no element is left.
  /// - Complexity: O(*b* *k* log(*p*/*k*) + *k*) for *k* positions touched in a tree of *p* pieces and *b*
  ///   subtrees a node (the nodes on the paths made again, each retaining the subtrees it keeps), where slicing
  ///   and joining the tree once per position makes O(*b* *k* log *p*).
  func replacing(
    removed: ArraySlice<Int>, inserted: ArraySlice<CellBinderList.PlacedPiece>
  ) -> _PieceTree? {
    // The descent reads the positions through buffer pointers: slicing the arrays at every node on the paths
    // (bounds kept and checked) was a third of the descent's own instructions.
    removed.withUnsafeBufferPointer { removed in
      inserted.withUnsafeBufferPointer { inserted in
        if removed.isEmpty && inserted.isEmpty { return self }
        let room = Self.room(children: 1, removed: removed.count, inserted: inserted.count)
        return withUnsafeTemporaryAllocation(of: Child.self, capacity: room) { buffer in
          guard let out = buffer.baseAddress else { return nil }
          var used = 0
          _ = Self.rebuilt(
            .passUnretained(self), count: count, base: 0, removed: removed, inserted: inserted, into: out,
            used: &used, room: room)
          // The nodes made, of the tree's height (or a single one, lower), under new roots as far as needed.
          while used > 1 {
            used = Self.grouped(out, count: used)
          }
          guard used == 1 else { return nil }
          return (out).move().node
        }
      }
    }
  }

  /// Room enough for what a node's subtrees are made into: each subtree kept, or made again into at most three
  /// nodes and one more for every eight pieces it gains or positions it loses (see
  /// ``rebuilt(_:count:base:removed:inserted:into:used:room:)``).
  private static func room(children: Int, removed: Int, inserted: Int) -> Int {
    4 * children + (removed + 2 * inserted) / 4 + 8
  }

  /// Appends to `out` the nodes that the subtree `node` (of `count` elements, its first at `base`) is made
  /// into with the elements at `removed` taken out and the pieces of `inserted` put in: the nodes on their paths
  /// made again, every other subtree shared. They are of the node's height, each holding as many subtrees as a
  /// node below the root must, unless the result is one node (possibly lower, or holding fewer), or none when no
  /// element is left.
  ///
  /// The caller keeps `node` alive, and so every node under it: the descent holds no reference of its own to the
  /// nodes it passes through; a subtree kept as it is is retained once, by the node that takes it.
  ///
  /// - Returns: Whether what was appended may hold too little, or be lower than the node (for the caller to
  ///   merge with a node beside it).
  private static func rebuilt(
    _ node: Unmanaged<_PieceTree>, count: Int, base: Int, removed: UnsafeBufferPointer<Int>,
    inserted: UnsafeBufferPointer<CellBinderList.PlacedPiece>, into out: UnsafeMutablePointer<Child>,
    used: inout Int, room: Int
  ) -> Bool {
    if removed.isEmpty && inserted.isEmpty {
      precondition(used < room, "more nodes than the room")
      (out + used).initialize(to: Child(node: node.takeUnretainedValue(), count: count))
      used += 1
      return false
    }
    return node._withUnsafeGuaranteedRef { tree in
      tree.withUnsafeMutablePointers { header, words in
        let height = header.pointee.height
        let slotCount = header.pointee.slotCount
        if height == 0 {
          return rebuiltLeaf(
            UnsafeBufferPointer(start: pieces(words), count: slotCount), base: base, removed: removed,
            inserted: inserted, into: out, used: &used, room: room)
        }
        let children = Self.children(words)
        // Each subtree's header read first, the reads independent of each other, so that the cache misses of a
        // wide node overlap: a retain of a subtree kept (below) is an atomic add, which waits for every read
        // before it, so each subtree's miss came alone, one after another (at a million rows, most of them).
        for index in 0..<slotCount {
          let childHeight = Unmanaged.passUnretained(children[index].node)._withUnsafeGuaranteedRef { $0.height }
          precondition(childHeight == height - 1, "subtrees of different heights")
        }
        let gatherRoom = Self.room(children: slotCount, removed: removed.count, inserted: inserted.count)
        return withUnsafeTemporaryAllocation(of: Child.self, capacity: gatherRoom) { buffer -> Bool in
          guard let gathered = buffer.baseAddress else { return false }
          var gatheredCount = 0
          var needsMerge = false
          var start = base
          var nextRemoved = removed.startIndex
          var nextInserted = inserted.startIndex
          for index in 0..<slotCount {
            let childCount = children[index].count
            let end = start + childCount
            let isLast = index == slotCount - 1
            var removedEnd = nextRemoved
            while removedEnd < removed.endIndex && removed[removedEnd] < end { removedEnd += 1 }
            var insertedEnd = nextInserted
            if isLast {
              insertedEnd = inserted.endIndex
            } else {
              while insertedEnd < inserted.endIndex && inserted[insertedEnd].position < end { insertedEnd += 1 }
            }
            if removedEnd == nextRemoved && insertedEnd == nextInserted {
              precondition(gatheredCount < gatherRoom, "more nodes than the room")
              (gathered + gatheredCount).initialize(to: children[index])
              gatheredCount += 1
            } else {
              let short = rebuilt(
                .passUnretained(children[index].node), count: childCount, base: start,
                removed: .init(rebasing: removed[nextRemoved..<removedEnd]),
                inserted: .init(rebasing: inserted[nextInserted..<insertedEnd]), into: gathered,
                used: &gatheredCount, room: gatherRoom)
              if short { needsMerge = true }
            }
            nextRemoved = removedEnd
            nextInserted = insertedEnd
            start = end
          }
          if needsMerge { gatheredCount = mergingShortNodes(gathered, count: gatheredCount, height: height - 1) }
          switch gatheredCount {
          case 0:
            return false
          case 1:
            // One subtree left: it stands for the node, a level lower.
            precondition(used < room, "more nodes than the room")
            (out + used).moveInitialize(from: gathered, count: 1)
            used += 1
            return true
          default:
            let groups = grouped(gathered, count: gatheredCount)
            precondition(used + groups <= room, "more nodes than the room")
            (out + used).moveInitialize(from: gathered, count: groups)
            used += groups
            return groups == 1 && gatheredCount < minimumChildren
          }
        }
      }
    }
  }

  /// Makes the `count` subtrees at `nodes` (of one height) into as few nodes as hold them, of near-equal sizes,
  /// put at `nodes` in order; returns their number.
  private static func grouped(_ nodes: UnsafeMutablePointer<Child>, count: Int) -> Int {
    var made = 0
    for range in groupRanges(count: count) {
      let node = inner(height: nodes[range.lowerBound].node.height + 1, childCount: range.count) {
        $0.moveInitialize(from: nodes + range.lowerBound, count: range.count)
      }
      (nodes + made).initialize(to: node.asChild)
      made += 1
    }
    return made
  }

  /// Merges each of the `count` subtrees at `nodes` that is lower than `height` or holds too little with one
  /// beside it, until every one is of `height` and full or one is left; returns how many are left, in place.
  /// (Rare: a told edit that takes out about every row of a subtree.)
  private static func mergingShortNodes(_ nodes: UnsafeMutablePointer<Child>, count: Int, height: Int) -> Int {
    var list = Array(UnsafeBufferPointer(start: nodes, count: count))
    nodes.deinitialize(count: count)
    var index = 0
    while list.count > 1 && index < list.count {
      let node = list[index].node
      if node.height == height && node.isFull {
        index += 1
        continue
      }
      let at = index > 0 ? index - 1 : index
      let joined = joined(list[at].node, list[at + 1].node)
      if joined.height > height {
        list.replaceSubrange(at...(at + 1), with: joined.children)
      } else {
        list.replaceSubrange(at...(at + 1), with: [joined.asChild])
      }
      index = at
    }
    nodes.initialize(from: list, count: list.count)
    return list.count
  }

  /// A leaf's pieces (the first starting at element `base`) with the elements at `removed` taken out and the
  /// pieces of `inserted` put in, appended to `out` in as few leaves as hold them (see
  /// ``rebuilt(_:count:base:removed:inserted:into:used:room:)``); returns whether they may hold too few pieces.
  ///
  /// Each piece kept is copied once, into the leaf that holds it (a copy is a retain of what the piece reads
  /// from, an atomic operation; at a million rows the splice spends a third of its time in them, and holding an
  /// edit's binders in one array, so that they are few and warm, did not make it faster): the pieces are gathered
  /// in a buffer on the stack, then moved into the leaf. An insertion never falls on a removed position, and one
  /// at a piece's end goes before the next piece (or after the last).
  private static func rebuiltLeaf(
    _ pieces: UnsafeBufferPointer<Piece>, base: Int, removed: UnsafeBufferPointer<Int>,
    inserted: UnsafeBufferPointer<CellBinderList.PlacedPiece>, into out: UnsafeMutablePointer<Child>,
    used outUsed: inout Int, room: Int
  ) -> Bool {
    // Each piece's binders read first, the reads independent of each other, before the copies below retain
    // them (see `rebuilt`).
    for index in pieces.indices {
      if let word = pieces[index].firstBinderWord { precondition(word != 0, "a binder without storage") }
    }
    // A removal cuts a piece in two runs, an insertion in two runs around the piece put in.
    let capacity = pieces.count + removed.count + 2 * inserted.count
    return withUnsafeTemporaryAllocation(of: Piece.self, capacity: capacity) { buffer in
      guard let result = buffer.baseAddress else { return false }
      var used = 0
      func append(_ piece: Piece) {
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
      if used == 0 { return true }
      // Past a leaf (a leaf fills up over many edits), cut into leaves of near-equal sizes, the pieces moved in as
      // into one leaf (copied, each was retained, then released with the buffer).
      for range in leafRanges(count: used) {
        let part = leaf(pieceCount: range.count) {
          $0.moveInitialize(from: result + range.lowerBound, count: range.count)
        }
        precondition(outUsed < room, "more nodes than the room")
        (out + outUsed).initialize(to: part.asChild)
        outUsed += 1
      }
      return used < leafMinimum
    }
  }

  // MARK: Reading

  /// The piece holding element `position` (in `0..<count`) and the offset from its start.
  ///
  /// - Complexity: O(*b* log *p*), one node read a level.
  func leaf(at position: Int) -> (piece: Piece, offset: Int) {
    // The descent holds no reference of its own: every node is kept by `self`, which the caller holds (a
    // retain and a release a level were a third of a look-up).
    var node = Unmanaged.passUnretained(self)
    var offset = position
    while let next = node._withUnsafeGuaranteedRef({ current -> Unmanaged<_PieceTree>? in
      current.withUnsafeMutablePointers { header, words in
        guard header.pointee.height > 0 else { return nil }
        let children = Self.children(words)
        let last = header.pointee.slotCount - 1
        var index = 0
        while index < last && offset >= children[index].count {
          offset -= children[index].count
          index += 1
        }
        return .passUnretained(children[index].node)
      }
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
  /// - Complexity: O(*b* log *p* + *m*) for *m* pieces visited.
  @discardableResult
  func forEachPiece(in range: Range<Int>, _ body: (_ piece: Piece, _ start: Int) -> Bool) -> Bool {
    visit(range, base: 0, count: count, body)
  }

  private func visit(_ range: Range<Int>, base: Int, count: Int, _ body: (Piece, Int) -> Bool) -> Bool {
    let lower = Swift.max(range.lowerBound - base, 0)
    let upper = Swift.min(range.upperBound - base, count)
    guard lower < upper else { return true }
    if height == 0 {
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
    return withChildren { children in
      var start = 0
      for child in children {
        let end = start + child.count
        if end > lower {
          guard child.node.visit(range, base: base + start, count: child.count, body) else { return false }
        }
        if end >= upper { break }
        start = end
      }
      return true
    }
  }

  /// The pieces holding the elements in `range`, cut at its bounds.
  func pieces(in range: Range<Int>) -> [Piece] {
    var result: [Piece] = []
    forEachPiece(in: range) { piece, _ in
      result.append(piece)
      return true
    }
    return result
  }
}

/// A node of a ``_PieceTree``: what a descent reads, next to the reference count, and the number of a leaf's
/// pieces or an inner node's subtrees, which follow it.
struct _PieceTreeHeader {
  /// The number of elements under the node.
  var count: Int
  /// 0 for a leaf, else one more than its subtrees'.
  var height: Int
  /// The pieces of a leaf (from one to ``_PieceTree/leafCapacity``, none of them empty), or the subtrees of an
  /// inner node (from one to ``_PieceTree/branching``).
  var slotCount: Int
}

/// A subtree of an inner node of a ``_PieceTree`` and the number of its elements, kept in the node so that a
/// descent does not read the subtrees beside its path.
struct _PieceTreeChild {
  var node: _PieceTree
  var count: Int
}
