import Synchronization

/// The binders of a section's rows, as a view reads them: a random-access collection of ``CellBinder`` indexed
/// from zero, which can also be changed like an array.
///
/// A list of binders is kept as *pieces*: runs of binders that were made, and runs of the app's own rows whose
/// binders are made only when they are read. A list made from rows (``ListController/init(configuration:delegate:rows:cell:)``)
/// holds the rows and the function that makes a row's binder, not a binder per row; a stage of a change holds
/// the pieces of the list before it, cut around the rows that changed. So making a list, or a stage of a few
/// changes, costs about as much as the changes, not as the rows, and a list of a million rows keeps no object
/// per row.
///
/// Reading an element made from a row calls the row's binder function each time: two reads of one position give
/// equal binders (the function depends only on the row), not the same storage.
///
/// ```swift
/// let contacts = [Contact(id: 1, name: "Ada"), Contact(id: 2, name: "Grace")]
/// var rows = CellBinderList(rows: contacts) { ContactCell.makeBinder(value: $0, id: $0.id) }  // no binder made
/// let second = rows[1]        // Grace's binder, made now
/// rows.remove(at: 0)          // the rows are shared, not copied
/// let binders = Array(rows)   // every binder, made now
/// ```
///
/// - Complexity: Reading an element is O(1) for a list of one piece and O(log *p*) for *p* pieces. A list that
///   gathered many pieces (through many edits) is made into one piece again once it has more than about one
///   piece per 16 elements: a piece that reads through a balanced tree of the pieces before, so no binder is
///   made, and a later edit cuts the tree in O(log *p*) instead of copying its pieces.
public struct CellBinderList: Sendable {
  /// A run of the list: binders, or rows of a source whose binders are made when read.
  enum Piece: Sendable {
    case binders(ArraySlice<CellBinder>)
    case rows(any _CellBinderSource, Range<Int>)

    var count: Int {
      switch self {
      case .binders(let binders): binders.count
      case .rows(_, let range): range.count
      }
    }

    /// The element at `offset` from the piece's start.
    func element(at offset: Int) -> CellBinder {
      switch self {
      case .binders(let binders): binders[binders.startIndex + offset]
      case .rows(let source, let range): source.binder(at: range.lowerBound + offset)
      }
    }

    /// The identity of the element at `offset` from the piece's start: a binder's ``CellBinder/id``, or the
    /// identity its source reads from the row (a binder is made only when the source cannot say).
    func identity(at offset: Int) -> ListIdentifier {
      switch self {
      case .binders(let binders): binders[binders.startIndex + offset].id
      case .rows(let source, let range): source.identity(at: range.lowerBound + offset)
      }
    }

    /// The first word of the piece's first binder (its storage's address), read only to bring the piece's array
    /// into the cache before the piece is copied (see `_PieceTree.rebuilt`); `nil` for rows of a source, whose
    /// storage many pieces share.
    var firstBinderWord: UInt? {
      guard case .binders(let binders) = self else { return nil }
      return binders.withUnsafeBufferPointer { buffer in
        guard let first = buffer.baseAddress, !buffer.isEmpty else { return nil }
        return UnsafeRawPointer(first).load(as: UInt.self)
      }
    }

    /// The piece's elements in `offsets` (offsets from the piece's start).
    func slice(_ offsets: Range<Int>) -> Piece {
      switch self {
      case .binders(let binders):
        .binders(binders[(binders.startIndex + offsets.lowerBound)..<(binders.startIndex + offsets.upperBound)])
      case .rows(let source, let range):
        .rows(source, (range.lowerBound + offsets.lowerBound)..<(range.lowerBound + offsets.upperBound))
      }
    }
  }

  /// A piece and where it goes: a position of a list, or of the list an edit leaves.
  ///
  /// A struct, not a tuple: an array of tuples is destroyed by the runtime, walking each tuple's elements through
  /// their metadata (4% of a told edit's `apply` went to destroying its arrays of placed pieces); an
  /// array of a struct, by code made for it.
  struct PlacedPiece {
    var position: Int
    var piece: Piece
  }

  /// The pieces, none of them empty.
  var pieces: [Piece]
  /// The end of every piece: `ends[i]` is the number of elements in pieces `0...i`.
  var ends: [Int]

  /// A list of no binders.
  public init() {
    pieces = []
    ends = []
  }

  /// A list of the binders given.
  ///
  /// - Complexity: O(1) for an array (its storage is shared), else O(*n*).
  public init(_ binders: some Sequence<CellBinder>) {
    if let list = binders as? CellBinderList {
      self = list
      return
    }
    let array = Array(binders)
    self.init(pieces: array.isEmpty ? [] : [.binders(array[...])])
  }

  /// A list of one binder per row, each made by `cell` when it is read.
  ///
  /// - Parameters:
  ///   - rows: The rows; their storage is shared, not copied.
  ///   - cell: Makes a row's binder; it must depend only on the row.
  /// - Complexity: O(1).
  public init<Row: Sendable>(rows: [Row], cell: @escaping @Sendable (Row) -> CellBinder) {
    self.init(
      pieces: rows.isEmpty
        ? [] : [.rows(_RowBinderSource(rows: rows, identity: nil, identityHashes: nil, cell: cell), 0..<rows.count)])
  }

  /// A list of one binder per row, each made by `cell` when it is read, whose identities are read from the rows
  /// without making binders: every binder made is identified by `identity` of its row, whatever `cell` gave it.
  ///
  /// - Parameters:
  ///   - rows: The rows; their storage is shared, not copied.
  ///   - identity: The identity of the row at a position of the rows (given the rows, so that a reader made
  ///     where `Row` is known reads a row in place, without copying it through the generic code of this list).
  ///   - identityHashes: The hashes of every row's identity (``ListIdentifier``'s), in order: all read in one
  ///     call, in code made where `Row` is known.
  ///   - cell: Makes a row's binder; it must depend only on the row.
  ///   - carrying: The list these rows follow (the rows of the state before, one section of them) and the flat
  ///     positions an alignment of the two states left out, deleted and inserted (see `_RowMemo.alignment`),
  ///     the section's first flat position in each, and whether each of `count` rows from a position of the
  ///     rows has the content of the row from a position of the rows before: a kept row takes its identity hash
  ///     from the row before, and, when it kept its content, the title read of it (`_RowCarry`).
  /// - Complexity: O(1), and O(log *d* + *r*) with `carrying` (see `_RowBinderSource.carry(from:)`).
  @usableFromInline
  init<Row: Sendable>(
    rows: [Row], identity: @escaping @Sendable (_ rows: [Row], _ position: Int) -> ListIdentifier,
    identityHashes: @escaping @Sendable ([Row]) -> [Int], cell: @escaping @Sendable (Row) -> CellBinder,
    carrying: (
      list: CellBinderList, deleted: [Int], inserted: [Int], sourceBase: Int, targetBase: Int,
      same: @Sendable (_ new: [Row], _ newStart: Int, _ old: [Row], _ oldStart: Int, _ count: Int) -> [Bool]
    )? = nil
  ) {
    let source = _RowBinderSource(rows: rows, identity: identity, identityHashes: identityHashes, cell: cell)
    if let carrying, let carry = source.carry(from: carrying) {
      source.memo.withLock { $0.carry = carry }
    }
    self.init(pieces: rows.isEmpty ? [] : [.rows(source, 0..<rows.count)])
  }

  /// A list of the pieces given, in order (empty pieces are left out), made one piece again when fragmented
  /// (see `compactIfFragmented()`).
  init(pieces: [Piece]) {
    self.init(uncompacted: pieces)
    compactIfFragmented()
  }

  /// A list of the pieces given, in order (empty pieces are left out), however many.
  init(uncompacted pieces: [Piece]) {
    // The array is kept as it is, not copied, when no piece is empty (as the pieces a list is cut into are).
    let nonEmpty = pieces.allSatisfy { $0.count > 0 } ? pieces : pieces.filter { $0.count > 0 }
    var total = 0
    ends = nonEmpty.map { piece in
      total += piece.count
      return total
    }
    self.pieces = nonEmpty
  }

  /// Makes the list one piece when it has gathered more than 64 pieces and more than about one per 16 elements,
  /// so that an edit, which costs a step per piece, stays cheap after many edits. The piece reads its elements
  /// from a balanced tree of the pieces (``_PiecesSource``): a piece of a tree already made joins as the part of
  /// the tree it covers, so that making the piece costs O(*p* log *t*) for *p* pieces and trees of *t*; no binder
  /// is made, and a run of rows keeps what it remembers of them. (A told edit leaves its list one such piece
  /// whatever its length: see ``splicing(removing:placing:)``.)
  mutating func compactIfFragmented() {
    guard pieces.count > 64, pieces.count * 16 > count else { return }
    guard let tree = _PieceTree.joining(pieces.compactMap(Self.treePart)[...]) else { return }
    pieces = [.rows(_PiecesSource(tree), 0..<tree.count)]
    ends = [tree.count]
  }

  /// A piece as a part of a tree of pieces: the part of the tree it covers, for a piece of a tree already made.
  static func treePart(_ piece: Piece) -> _PieceTree? {
    if case .rows(let source as _PiecesSource, let range) = piece { return source.tree.slice(range) }
    return _PieceTree.leaf(piece)
  }

  /// The list with the elements at `removed` taken out and the pieces of `placed` put at their positions in the
  /// result, as one piece reading through a tree of pieces (``_PiecesSource``) that shares every node of this
  /// list's tree (when it has one) that the positions do not touch: the list a told edit leaves.
  ///
  /// - Parameters:
  ///   - removed: Positions of this list, sorted, distinct.
  ///   - placed: The pieces, one element each, by their positions in the result, sorted.
  /// - Complexity: O(*k* log(*t*/*k*) + *k*) for *k* positions and a tree of *t* pieces, plus O(*p*) for a list
  ///   of *p* pieces that is not one tree.
  func splicing(removing removed: [Int], placing placed: [PlacedPiece]) -> CellBinderList {
    // Where each placed piece goes in this list: before its `kept`-th element not removed, found by walking the
    // removed positions once (both lists are sorted).
    // A piece that reads through a tree is put in as the tree's own pieces, which join the leaves they fall in.
    var inserted: [PlacedPiece] = []
    inserted.reserveCapacity(placed.count)
    var skipped = 0
    for (index, row) in placed.enumerated() {
      let kept = row.position - index
      while skipped < removed.count, removed[skipped] <= kept + skipped { skipped += 1 }
      if case .rows(let source as _PiecesSource, let range) = row.piece {
        source.tree.forEachPiece(in: range) { piece, _ in
          inserted.append(PlacedPiece(position: kept + skipped, piece: piece))
          return true
        }
      } else if row.piece.count > 0 {
        inserted.append(PlacedPiece(position: kept + skipped, piece: row.piece))
      }
    }
    let tree =
      if let tree = _PieceTree.joining(pieces.compactMap(Self.treePart)[...]) {
        tree.replacing(removed: removed[...], inserted: inserted[...])
      } else {
        _PieceTree.joining(pieces: inserted.lazy.map(\.piece))
      }
    guard let tree else { return CellBinderList() }
    return CellBinderList(uncompacted: [.rows(_PiecesSource(tree), 0..<tree.count)])
  }

  /// Whether the list is `other`'s very storage, so that its elements are `other`'s without a look at them.
  ///
  /// - Complexity: O(1).
  func sharesStorage(with other: CellBinderList) -> Bool { _sharesStorage(pieces, other.pieces) }

  /// The index of the piece holding element `position`.
  func pieceIndex(of position: Int) -> Int {
    ends.dropLast().partitioningIndex { $0 > position }
  }

  /// The start of piece `index`.
  func pieceStart(_ index: Int) -> Int { index == 0 ? 0 : ends[index - 1] }

  /// The pieces holding the elements in `range`, cut at its bounds.
  func pieces(in range: Range<Int>) -> [Piece] {
    var result: [Piece] = []
    appendPieces(in: range, to: &result)
    return result
  }

  /// Appends the pieces holding the elements in `range`, cut at its bounds.
  ///
  /// - Complexity: O(log *p* + *m*) for *m* pieces appended.
  func appendPieces(in range: Range<Int>, to result: inout [Piece]) {
    guard !range.isEmpty else { return }
    var index = pieceIndex(of: range.lowerBound)
    while index < pieces.count {
      let start = pieceStart(index)
      guard start < range.upperBound else { break }
      let lower = Swift.max(range.lowerBound, start) - start
      let upper = Swift.min(range.upperBound, ends[index]) - start
      result.append(lower == 0 && upper == pieces[index].count ? pieces[index] : pieces[index].slice(lower..<upper))
      index += 1
    }
  }
}

extension CellBinderList: RandomAccessCollection {
  /// Positions are offsets from zero, as in an array.
  public typealias Index = Int
  /// The positions, `0..<count`.
  public typealias Indices = Range<Int>
  /// A run of the list.
  public typealias SubSequence = Slice<CellBinderList>

  /// 0.
  public var startIndex: Int { 0 }
  /// The number of binders.
  public var endIndex: Int { ends.last ?? 0 }
  /// The number of binders.
  public var count: Int { ends.last ?? 0 }
  /// Whether the list has no binder.
  public var isEmpty: Bool { pieces.isEmpty }
  /// `0..<count`.
  public var indices: Range<Int> { 0..<count }
  /// `index + 1`.
  public func index(after index: Int) -> Int { index + 1 }
  /// `index - 1`.
  public func index(before index: Int) -> Int { index - 1 }

  /// The binder at `position`.
  ///
  /// - Precondition: `position` is in ``indices``.
  /// - Complexity: O(1) for one piece, else O(log *p*); a binder made from a row is made now.
  public subscript(position: Int) -> CellBinder {
    get {
      precondition(position >= 0 && position < count, "CellBinderList index out of range")
      if pieces.count == 1 { return pieces[0].element(at: position) }
      let index = pieceIndex(of: position)
      return pieces[index].element(at: position - pieceStart(index))
    }
    set {
      replaceSubrange(position..<position + 1, with: CollectionOfOne(newValue))
    }
  }

  /// The binders in `bounds`.
  public subscript(bounds: Range<Int>) -> Slice<CellBinderList> {
    get { Slice(base: self, bounds: bounds) }
    set { replaceSubrange(bounds, with: Array(newValue)) }
  }

  /// Reads the elements piece by piece: O(1) each.
  public struct Iterator: IteratorProtocol {
    let pieces: [Piece]
    var piece = 0
    var offset = 0

    init(pieces: [Piece]) { self.pieces = pieces }

    /// The next binder, or `nil` at the end.
    public mutating func next() -> CellBinder? {
      while piece < pieces.count {
        if offset < pieces[piece].count {
          defer { offset += 1 }
          return pieces[piece].element(at: offset)
        }
        piece += 1
        offset = 0
      }
      return nil
    }
  }

  /// An iterator from the first binder.
  public func makeIterator() -> Iterator { Iterator(pieces: pieces) }
}

extension CellBinderList: MutableCollection {}

extension CellBinderList: RangeReplaceableCollection {
  /// Replaces the elements in `range` with `newElements`.
  ///
  /// - Complexity: O(*p* + *k*) for *p* pieces and *k* new elements: the other elements are not copied.
  public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newElements: C)
  where C.Element == CellBinder {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "CellBinderList range out of bounds")
    var newPieces = pieces(in: 0..<range.lowerBound)
    if let list = newElements as? CellBinderList {
      newPieces.append(contentsOf: list.pieces)
    } else if !newElements.isEmpty {
      newPieces.append(.binders(Array(newElements)[...]))
    }
    newPieces.append(contentsOf: pieces(in: range.upperBound..<count))
    self = CellBinderList(pieces: newPieces)
  }
}

extension CellBinderList: ExpressibleByArrayLiteral {
  /// A list of the binders written.
  public init(arrayLiteral elements: CellBinder...) { self.init(elements) }
}

extension CellBinderList: Equatable {
  /// Whether the lists have equal binders in the same order.
  public static func == (lhs: CellBinderList, rhs: CellBinderList) -> Bool { lhs.elementsEqual(rhs) }
}

extension CellBinderList: CustomStringConvertible {
  /// The binders, as an array prints them.
  public var description: String { Array(self).description }
}

extension CellBinderList {
  /// The list with the elements at some positions (ascending) replaced by pieces of one element each (a row of
  /// another list, cut from its piece, or a binder a told edit gave), shared, not read (a row made when read
  /// stays unmade): the data of a stage, read while the stage is applied, so its pieces are kept as they are (the
  /// list shown afterwards is the target's).
  ///
  /// - Complexity: O(*p* + *k*) for *p* pieces and *k* replacements.
  func _replacing(placing replacements: [PlacedPiece]) -> CellBinderList {
    guard !replacements.isEmpty else { return self }
    var newPieces: [Piece] = []
    newPieces.reserveCapacity(pieces.count + 2 * replacements.count)
    var next = 0
    for replacement in replacements {
      appendPieces(in: next..<replacement.position, to: &newPieces)
      newPieces.append(replacement.piece)
      next = replacement.position + 1
    }
    appendPieces(in: next..<count, to: &newPieces)
    return CellBinderList(uncompacted: newPieces)
  }

  /// The list without the elements at some positions: the data of a stage, its pieces kept as they are.
  ///
  /// - Complexity: O(*p* + *k*) for *p* pieces and *k* positions.
  func _removing(_ positions: some Sequence<Int>) -> CellBinderList {
    var newPieces: [Piece] = []
    var next = 0
    for position in positions {
      // Room for every piece kept and cut in two, made at the first position (none for no position): an array
      // grown a doubling at a time is copied at each doubling, and a told edit makes this list for its deletes.
      if newPieces.capacity == 0 { newPieces.reserveCapacity(pieces.count + positions.underestimatedCount + 1) }
      appendPieces(in: next..<position, to: &newPieces)
      next = position + 1
    }
    guard next > 0 else { return self }
    appendPieces(in: next..<count, to: &newPieces)
    return CellBinderList(uncompacted: newPieces)
  }
}

extension CellBinderList {
  /// The identity of the element at `position`, read without making a binder when the element's piece knows
  /// its rows' identities (a list made by the rows path), else the binder's ``CellBinder/id``.
  ///
  /// - Precondition: `position` is in ``indices``.
  /// - Complexity: O(1) for one piece, else O(log *p*); no call to a row's binder function when the identities
  ///   are known.
  func identity(at position: Int) -> ListIdentifier {
    precondition(position >= 0 && position < count, "CellBinderList index out of range")
    if pieces.count == 1 { return pieces[0].identity(at: position) }
    let index = pieceIndex(of: position)
    return pieces[index].identity(at: position - pieceStart(index))
  }

  /// Appends the hash of every element's identity (``ListIdentifier``'s), in order: for rows made from values,
  /// those their run keeps for searches by identity (made now if it has none).
  ///
  /// - Complexity: O(*n*); no binder made where the rows' identities are known.
  func appendIdentityHashes(to hashes: inout [Int]) {
    for piece in pieces { Self.appendIdentityHashes(of: piece, to: &hashes) }
  }

  /// Appends the hashes of the identities of a piece's elements, in order.
  static func appendIdentityHashes(of piece: Piece, to hashes: inout [Int]) {
    switch piece {
    case .binders(let binders): for binder in binders { hashes.append(binder.id.hash) }
    case .rows(let source, let range): source.appendIdentityHashes(in: range, to: &hashes)
    }
  }

  /// The identities of the elements, in order, read as ``identity(at:)`` reads them.
  ///
  /// - Complexity: O(1) to make; O(1) per identity read.
  var identities: some Sequence<ListIdentifier> {
    pieces.lazy.flatMap { piece in (0..<piece.count).lazy.map { piece.identity(at: $0) } }
  }

  /// The position of the first element with an identity, or `nil` when there is none.
  ///
  /// - Parameters:
  ///   - id: The identity.
  ///   - first: Where the search starts.
  /// - Returns: The position.
  /// - Complexity: O(*n*) identity comparisons for binders; for rows made from values, O(1) after the first
  ///   search of their run, which reads every identity of the run once and keeps where each is. No binder made
  ///   when the identities are known.
  func firstIndex(ofIdentity id: ListIdentifier, from first: Int = 0) -> Int? {
    guard first < count else { return nil }
    var index = first <= 0 ? 0 : pieceIndex(of: first)
    while index < pieces.count {
      let start = pieceStart(index)
      // The piece's part from `first` on.
      let skipped = Swift.max(first - start, 0)
      switch pieces[index] {
      case .binders(let binders):
        let part = binders[(binders.startIndex + skipped)...]
        if let found = part.firstIndex(where: { $0.id == id }) { return start + found - binders.startIndex }
      case .rows(let source, let range):
        if let position = source.firstPosition(ofIdentity: id, in: (range.lowerBound + skipped)..<range.upperBound) {
          return start + position - range.lowerBound
        }
      }
      index += 1
    }
    return nil
  }

  /// The number of elements whose identities a search by identity (``positions(ofIdentities:)``,
  /// ``firstIndex(ofIdentity:from:)``) reads one by one, every time: binders, and rows whose identities are read
  /// from their binders. A search of the others looks them up.
  ///
  /// - Complexity: O(*p*) for *p* pieces (and the pieces of a tree of them).
  var identityScanCount: Int {
    pieces.reduce(0) { count, piece in
      switch piece {
      case .binders(let binders): count + binders.count
      case .rows(let source, let range): count + source.identityScanCount(in: range)
      }
    }
  }

  /// Whether a search by identity reads most elements' identities one by one (``identityScanCount``): a list of
  /// binders, not one of rows made from values whose identities are known (with a few binders a told edit put in).
  var scansIdentities: Bool { identityScanCount * 4 > count }

  /// The positions of the elements whose identity is one of `ids`, ascending.
  ///
  /// - Complexity: A run of rows made from values whose identities are known looks each identity up (O(1) per
  ///   identity once the run was searched, as in ``firstIndex(ofIdentity:from:)``); any other piece reads the
  ///   identity of each of its elements once.
  func positions(ofIdentities ids: Set<ListIdentifier>) -> [Int] {
    guard !ids.isEmpty else { return [] }
    var found: [Int] = []
    for (index, piece) in pieces.enumerated() {
      let start = pieceStart(index)
      switch piece {
      case .binders(let binders):
        for (offset, binder) in binders.enumerated() where ids.contains(binder.id) { found.append(start + offset) }
      case .rows(let source, let range):
        found += source.positions(ofIdentities: ids, in: range).map { start + $0 - range.lowerBound }
      }
    }
    return found
  }
}

extension CellBinderList {
  /// The text a filter with the default searchable text matches for the row at `position`: ``rowTitle(at:)`` for
  /// a row made from a value, else ``FilteredFeed/defaultSearchableText(of:)`` of its binder (one binder made).
  /// With `text`, a filter's searchable text of its own, that text of the row's binder.
  func matchedTitle(at position: Int, text: (@Sendable (CellBinder) -> String)? = nil) -> String {
    if let text { return text(self[position]) }
    return rowTitle(at: position) ?? FilteredFeed.defaultSearchableText(of: self[position])
  }

  /// The title of the row at `position` read from the row value itself, with no binder made: the row's
  /// ``Titled/title`` (empty for none) when the element is a row of a list made from ``Titled`` rows; `nil`
  /// otherwise (a binder, or rows that are not titled).
  ///
  /// - Complexity: O(1) for one piece, else O(log *p*); once a quarter of a run's rows have been read, the
  ///   titles of all its rows are read once and kept.
  func rowTitle(at position: Int) -> String? {
    let (piece, offset) = locate(position)
    guard case .rows(let source, let range) = piece else { return nil }
    return source.title(at: range.lowerBound + offset)
  }

  /// The positions of the rows whose ``matchedTitle(at:text:)`` a query, given as its pattern, is found in
  /// (``FilteredFeed/Match``'s `isFound`), ascending: among `candidates` (ascending) when given, else among
  /// every row.
  ///
  /// - Complexity: O(*n*) in the bytes of the texts matched. Without `text`, a run of ``Titled`` rows reads its
  ///   titles once and keeps them, with no binder made; any other row (a binder, a row that is not ``Titled``,
  ///   any row when `text` is given) is matched by its binder's text, one binder read or made a row.
  func rowPositions(
    matchingTitles pattern: _QueryPattern, among candidates: [Int]?, text: (@Sendable (CellBinder) -> String)? = nil
  ) -> [Int] {
    var found: [Int] = []
    var next = 0
    for (index, piece) in pieces.enumerated() {
      let start = pieceStart(index)
      let end = start + piece.count
      // The candidates in the piece, as positions of the list.
      var pieceCandidates: ArraySlice<Int>?
      if let candidates {
        let first = next
        while next < candidates.count, candidates[next] < end { next += 1 }
        guard first < next else { continue }
        pieceCandidates = candidates[first..<next]
      }
      if text == nil, case .rows(let source, let range) = piece {
        // Position `p` of the list is position `p + shift` of the source.
        let shift = range.lowerBound - start
        let sourceCandidates = pieceCandidates.map { shift == 0 ? Array($0) : $0.map { $0 + shift } }
        if let matched = source.titlePositions(matching: pattern, in: range, among: sourceCandidates) {
          if shift == 0 && found.isEmpty {
            found = matched
          } else {
            found.append(contentsOf: matched.lazy.map { $0 - shift })
          }
          continue
        }
      }
      // No title read from the rows: each row is matched by its binder, as `matchedTitle(at:text:)` does.
      let text = text ?? FilteredFeed.defaultSearchableText(of:)
      func matches(_ position: Int) -> Bool {
        FilteredFeed.Match.isFound(pattern, in: text(piece.element(at: position - start)))
      }
      if let pieceCandidates {
        found.append(contentsOf: pieceCandidates.lazy.filter(matches))
      } else {
        found.append(contentsOf: (start..<end).lazy.filter(matches))
      }
    }
    return found
  }

  /// The height of the row at `position` as a host asks it: the binder's own height, else its cell type's
  /// preferred height, else the type's estimate. A row made from a value keeps its height once asked, so that a
  /// later question (a reload, a filter) makes no binder again.
  ///
  /// - Complexity: O(1) for one piece, else O(log *p*); at most one binder made per row of a run of rows.
  func rowHeight(at position: Int) -> RowHeight {
    let (piece, offset) = locate(position)
    switch piece {
    case .binders(let binders): return binders[binders.startIndex + offset].rowHeight
    case .rows(let source, let range): return source.height(at: range.lowerBound + offset)
    }
  }

  /// The piece holding `position` and the offset from its start.
  func locate(_ position: Int) -> (piece: Piece, offset: Int) {
    precondition(position >= 0 && position < count, "CellBinderList index out of range")
    if pieces.count == 1 { return (pieces[0], position) }
    let index = pieceIndex(of: position)
    return (pieces[index], position - pieceStart(index))
  }
}

extension CellBinder {
  /// The height a host asks: the binder's own, else the cell type's preferred, else its estimate.
  var rowHeight: RowHeight {
    if let height { return .exact(height) }
    if let height = cellType.preferredHeight { return .exact(height) }
    return .estimated(cellType.estimatedHeight)
  }
}

/// Where the binders of a run of rows come from: made when they are read.
protocol _CellBinderSource: AnyObject, Sendable {
  /// The binder of the row at `position`.
  func binder(at position: Int) -> CellBinder
  /// The identity of the row at `position`: read from the row when the source knows how, else its binder's.
  func identity(at position: Int) -> ListIdentifier
  /// The title of the row at `position` read from the row, or `nil` when the rows are not ``Titled``.
  func title(at position: Int) -> String?
  /// The height of the row's binder (see `CellBinderList.rowHeight(at:)`).
  func height(at position: Int) -> RowHeight
  /// The first position in `range` of a row with an identity, or `nil`.
  func firstPosition(ofIdentity id: ListIdentifier, in range: Range<Int>) -> Int?
  /// The positions in `range` of the rows whose identity is one of `ids`, ascending.
  func positions(ofIdentities ids: Set<ListIdentifier>, in range: Range<Int>) -> [Int]
  /// Appends the hashes of the identities of the rows in `range` (``ListIdentifier``'s), in order.
  func appendIdentityHashes(in range: Range<Int>, to hashes: inout [Int])
  /// The number of rows in `range` whose identities a search by identity reads one by one (see
  /// `CellBinderList.identityScanCount`).
  func identityScanCount(in range: Range<Int>) -> Int
  /// The positions in `range`, or among `candidates` (ascending, in `range`) when given, whose rows' titles a
  /// query, given as its pattern, is found in, or `nil` when the rows are not ``Titled``: one pass over kept
  /// titles, with no binder made.
  func titlePositions(matching pattern: _QueryPattern, in range: Range<Int>, among candidates: [Int]?) -> [Int]?
}

extension _CellBinderSource {
  /// The first position in `range` of a row with an identity, or `nil`: one identity read per row.
  func firstPosition(ofIdentity id: ListIdentifier, in range: Range<Int>) -> Int? {
    range.first { identity(at: $0) == id }
  }

  /// One identity read per row.
  func positions(ofIdentities ids: Set<ListIdentifier>, in range: Range<Int>) -> [Int] {
    range.filter { ids.contains(identity(at: $0)) }
  }

  func titlePositions(matching pattern: _QueryPattern, in range: Range<Int>, among candidates: [Int]?) -> [Int]? {
    nil
  }

  /// Every row: its identity is read to be compared.
  func identityScanCount(in range: Range<Int>) -> Int { range.count }

  /// One identity read per row.
  func appendIdentityHashes(in range: Range<Int>, to hashes: inout [Int]) {
    for position in range { hashes.append(identity(at: position).hash) }
  }
}

/// The rows of a section, the function that makes a row's binder and, when known, the function that reads a
/// row's identity (then every binder made takes that identity).
final class _RowBinderSource<Row: Sendable>: _CellBinderSource {
  let rows: [Row]
  /// The identity of the row at a position of ``rows``, when the rows' identities are known.
  let rowIdentity: (@Sendable (_ rows: [Row], _ position: Int) -> ListIdentifier)?
  /// The hashes of every row's identity, in order, when the rows' identities are known.
  let identityHashes: (@Sendable ([Row]) -> [Int])?
  let cell: @Sendable (Row) -> CellBinder

  init(
    rows: [Row], identity: (@Sendable (_ rows: [Row], _ position: Int) -> ListIdentifier)?,
    identityHashes: (@Sendable ([Row]) -> [Int])?, cell: @escaping @Sendable (Row) -> CellBinder
  ) {
    self.rows = rows
    self.rowIdentity = identity
    self.identityHashes = identityHashes
    self.cell = cell
  }

  func binder(at position: Int) -> CellBinder {
    rememberedBinder(at: position, in: memo) {
      var binder = cell(rows[position])
      if let rowIdentity { binder.id = rowIdentity(rows, position) }
      return binder
    }
  }

  func identity(at position: Int) -> ListIdentifier {
    guard let rowIdentity else { return cell(rows[position]).id }
    return rowIdentity(rows, position)
  }

  /// The first position in `range` of a row with an identity: where the rows' identities are read from the rows,
  /// every identity is read once, on the first search, and the rows kept by identity (``_IdentityPositions``).
  func firstPosition(ofIdentity id: ListIdentifier, in range: Range<Int>) -> Int? {
    guard let rowIdentity else { return range.first { identity(at: $0) == id } }
    let read = { (position: Int) in rowIdentity(self.rows, position) }
    return memo.withLock { table in
      guard let index = table.identityPositions(count: rows.count, identity: read, all: allIdentityHashes) else {
        return range.first { read($0) == id }
      }
      return index.first(of: id, in: range, identity: read)
    }
  }

  /// Where the rows' identities are read from the rows, each identity looked up (see
  /// ``firstPosition(ofIdentity:in:)``) when they are few beside the rows, else each row's identity read; one
  /// binder made per row when the identities are not known.
  func positions(ofIdentities ids: Set<ListIdentifier>, in range: Range<Int>) -> [Int] {
    guard rowIdentity != nil, ids.count * 8 < range.count else {
      return range.filter { ids.contains(identity(at: $0)) }
    }
    var found: [Int] = []
    for id in ids {
      var from = range.lowerBound
      while from < range.upperBound, let position = firstPosition(ofIdentity: id, in: from..<range.upperBound) {
        found.append(position)
        from = position + 1
      }
    }
    return found.sorted()
  }

  /// None where the rows' identities are read from the rows (they are looked up), else every row.
  func identityScanCount(in range: Range<Int>) -> Int { rowIdentity == nil ? range.count : 0 }

  /// The hashes the rows' index by identity keeps, when it is made; else those carried from the rows before
  /// where there are, the others read; else every row's, read in one pass.
  func appendIdentityHashes(in range: Range<Int>, to hashes: inout [Int]) {
    guard let rowIdentity else {
      for position in range { hashes.append(cell(rows[position]).id.hash) }
      return
    }
    let read = { (position: Int) in rowIdentity(self.rows, position) }
    let known = memo.withLock { table in
      table.identityIndex?.hashes ?? table.carry?.hashes?.hashes(count: rows.count, identity: read)
    }
    hashes.append(contentsOf: (known ?? allIdentityHashes())[range])
  }

  /// The hashes of every row's identity, in order.
  private func allIdentityHashes() -> [Int] {
    if let identityHashes { return identityHashes(rows) }
    return rows.indices.map { identity(at: $0).hash }
  }

  /// The rows' titles and heights, each read once when first asked.
  let memo = Mutex(_RowMemoTable())
  /// How a row's title is read, when the rows are ``Titled``: asked of the runtime once, not once a title.
  let titleOfRow = _titleReader(of: Row.self)
  /// Whether the rows are ``Titled``.
  var rowsAreTitled: Bool { titleOfRow != nil }

  func title(at position: Int) -> String? {
    guard rowsAreTitled else { return nil }
    return memo.withLock { table in
      table.title(at: position, count: rows.count, one: oneTitle, reading: titles)
    }
  }

  func titlePositions(matching pattern: _QueryPattern, in range: Range<Int>, among candidates: [Int]?) -> [Int]? {
    guard rowsAreTitled else { return nil }
    return memo.withLock {
      $0.titlePositions(matching: pattern, in: range, among: candidates, one: oneTitle, reading: titles)
    }
  }

  /// The title of the row at `position` (empty for none).
  private func oneTitle(at position: Int) -> String { titleOfRow?(rows[position]) ?? "" }

  /// What these rows may take from the rows of `carrying`'s list (see
  /// ``CellBinderList/init(rows:identity:cell:carrying:)``): its titles and identity hashes where it made them, or
  /// what it would take itself; `nil` when it has nothing to give, or is not one run of rows of this type.
  ///
  /// - Complexity: O(log *d* + *r*) for *d* positions left out and *r* runs of kept rows.
  func carry(
    from carrying: (
      list: CellBinderList, deleted: [Int], inserted: [Int], sourceBase: Int, targetBase: Int,
      same: @Sendable (_ new: [Row], _ newStart: Int, _ old: [Row], _ oldStart: Int, _ count: Int) -> [Bool]
    )
  ) -> _RowCarry? {
    guard rowIdentity != nil, carrying.list.pieces.count == 1,
      case .rows(let piece, let range) = carrying.list.pieces[0],
      let before = piece as? _RowBinderSource<Row>, range == 0..<before.rows.count
    else { return nil }
    // What the rows before have to give: what they made of themselves, else what they would take themselves
    // (then through the runs they kept of the rows they would take it from).
    var titles: (titles: [String], index: _TitleIndex?, rows: [Row], through: [_KeptRun]?)?
    var hashes: (hashes: [Int], through: [_KeptRun]?)?
    before.memo.withLock { table in
      if rowsAreTitled, let made = table.titles {
        titles = (made, table.titleIndex, before.rows, nil)
      } else if rowsAreTitled, let taken = table.carry?.titles, let rows = taken.rows as? [Row] {
        titles = (taken.titles, taken.index, rows, taken.runs)
      }
      if let made = table.identityIndex {
        hashes = (made.hashes, nil)
      } else if let taken = table.carry?.hashes {
        hashes = (taken.hashes, taken.runs)
      }
    }
    guard titles != nil || hashes != nil else { return nil }
    // The runs of rows these kept of the rows before: made only when there is something to take.
    func local(_ flat: [Int], base: Int, count: Int) -> [Int] {
      let start = flat.partitioningIndex { $0 >= base }
      let end = flat.partitioningIndex { $0 >= base + count }
      return flat[start..<end].map { $0 - base }
    }
    let runs = [_KeptRun](
      sourceCount: before.rows.count, targetCount: rows.count,
      deleted: local(carrying.deleted, base: carrying.sourceBase, count: before.rows.count),
      inserted: local(carrying.inserted, base: carrying.targetBase, count: rows.count))
    guard !runs.isEmpty else { return nil }
    let now = rows
    let same = carrying.same
    return _RowCarry(
      count: rows.count,
      titles: titles.map { given in
        let then = given.rows
        return _RowCarry.Titles(
          titles: given.titles, index: given.index, rows: then, runs: given.through.map { runs.through($0) } ?? runs,
          same: { run in same(now, run.target, then, run.source, run.count) })
      },
      hashes: hashes.map { _RowCarry.Hashes(hashes: $0.hashes, runs: $0.through.map { runs.through($0) } ?? runs) })
  }

  /// Every row's title (empty for none).
  private func titles() -> [String] { _titles(of: rows) ?? rows.map { _ in "" } }

  func height(at position: Int) -> RowHeight {
    memoizedHeight(at: position, count: rows.count, in: memo)
  }
}

extension _CellBinderSource {
  /// The binder of the row at `position`: one made a moment ago, kept in `memo`, or one `make` makes now (and
  /// `memo` keeps). A change reads an updated row several times (its stage, the view's cell, the frame); the
  /// row's binder is made once.
  func rememberedBinder(
    at position: Int, in memo: borrowing Mutex<_RowMemoTable>, make: () -> CellBinder
  ) -> CellBinder {
    if let made = memo.withLock({ $0.recentBinder(at: position) }) { return made }
    let binder = make()
    memo.withLock { $0.remember(binder, at: position) }
    return binder
  }

  /// The height of the row at `position` from `memo`, or its binder's, then kept in `memo`.
  func memoizedHeight(at position: Int, count: Int, in memo: borrowing Mutex<_RowMemoTable>) -> RowHeight {
    if let known = memo.withLock({ $0.height(at: position) }) { return known }
    let height = binder(at: position).rowHeight
    memo.withLock { $0.setHeight(height, at: position, count: count) }
    return height
  }
}

/// What a run of rows remembers of its rows: their titles, and the heights asked so far.
struct _RowMemoTable: Sendable {
  var titles: [String]?
  /// The bytes of ``titles``, kept once a query of ASCII characters matched them all.
  var titleIndex: _TitleIndex?
  /// The positions of the rows by identity, kept once a row was searched by identity.
  var identityIndex: _IdentityPositions?
  /// What the rows may take from the rows they came from, until ``titles`` and ``identityIndex`` are made.
  var carry: _RowCarry?
  /// The titles read one by one so far, while ``titles`` is not kept.
  var titleReads = 0
  /// Per row, 0 for not asked yet, `n + 1` for `exact(n)`, `-(n + 1)` for `estimated(n)`.
  var heights: [Int32] = []
  /// The binders made last, each in the slot of its position modulo ``recentCount`` (a screen of rows keeps
  /// its binders; a binder is a value of its row alone, so a kept one is the one `cell` would make again).
  var recent: [(position: Int, binder: CellBinder)?] = []
  /// The number of binders ``recent`` keeps: more than a screen's rows.
  static let recentCount = 64

  init() {}

  /// The title of the row at `position`: read alone with `one`, or, once many have been read, from every row's
  /// title read once with `read` and kept.
  mutating func title(
    at position: Int, count: Int, one: (Int) -> String, reading read: () -> [String]
  ) -> String? {
    if let titles { return titles[position] }
    // A few titles are read one by one (the rows a change inserted); once a quarter of the rows have been read,
    // every title is read and kept (a filter matching every row as the user types).
    titleReads += 1
    guard titleReads > count / 4 else { return one(position) }
    return allTitles(one: one, reading: read)[position]
  }

  func recentBinder(at position: Int) -> CellBinder? {
    guard !recent.isEmpty, let kept = recent[position % Self.recentCount], kept.position == position else {
      return nil
    }
    return kept.binder
  }

  mutating func remember(_ binder: CellBinder, at position: Int) {
    if recent.isEmpty { recent = Array(repeating: nil, count: Self.recentCount) }
    recent[position % Self.recentCount] = (position, binder)
  }

  func height(at position: Int) -> RowHeight? {
    guard position < heights.count else { return nil }
    let code = heights[position]
    if code > 0 { return .exact(Int(code) - 1) }
    if code < 0 { return .estimated(Int(-code) - 1) }
    return nil
  }

  mutating func setHeight(_ height: RowHeight, at position: Int, count: Int) {
    let value = min(height.value, Int(Int32.max) - 1)
    guard value >= 0 else { return }
    if heights.isEmpty { heights = Array(repeating: 0, count: count) }
    switch height {
    case .exact: heights[position] = Int32(value + 1)
    case .estimated: heights[position] = -Int32(value + 1)
    }
  }
}

/// The positions of a run of rows by their identities' hashes (``ListIdentifier``'s, computed when the identity
/// was made): a row is found by identity with a probe of a table and one identity read per row of the same hash,
/// instead of a read of every row's identity.
struct _IdentityPositions: Sendable {
  /// Open addressing: each slot holds a position plus one in its low 32 bits (0 for an empty slot) and the high
  /// 32 bits of the row's identity hash in its high 32 bits, so that a search reads one slot a probe and no
  /// hash of ``hashes`` (in a long list, each was a cache miss of its own).
  private let slots: [UInt64]
  /// Each row's identity hash.
  let hashes: [Int]
  /// The number of slots minus one (a power of two minus one).
  private let mask: Int
  /// Whether the rows' identities were checked distinct: a search stops at the first row of the identity.
  private let isDistinct: Bool

  /// The index of rows with these identity hashes, in order; `nil` for more rows than a slot holds.
  ///
  /// - Complexity: O(*n*), with no identity read.
  init?(hashes: [Int]) {
    self.init(hashes: hashes, checking: false) { _, _ in false }
  }

  /// The index of rows with these identity hashes, in order, when their identities are distinct: `sameRow(a,
  /// b)` tells whether rows `a` and `b`, of the same hash, have the same identity. `nil` when two rows have one
  /// identity, when the hashes collide so often that a search would walk long runs of them (more probes than
  /// four a row), or for more rows than a slot holds.
  ///
  /// - Complexity: O(*n*), and `sameRow` for the pairs of rows whose hashes are equal.
  init?(hashes: [Int], distinct sameRow: (Int, Int) -> Bool) {
    self.init(hashes: hashes, checking: true, sameRow)
  }

  private init?(hashes: [Int], checking: Bool, _ sameRow: (Int, Int) -> Bool) {
    let count = hashes.count
    guard count < Int(Int32.max) else { return nil }
    var capacity = 16
    while capacity < count * 2 { capacity *= 2 }
    let mask = capacity - 1
    var slots = [UInt64](repeating: 0, count: capacity)
    var probes = 0
    let probeLimit = 4 * count + 64
    for position in 0..<count {
      let hash = hashes[position]
      let tag = Self.tag(of: hash)
      var slot = Self.slot(of: hash, mask: mask)
      while slots[slot] != 0 {
        if checking {
          probes += 1
          if probes > probeLimit { return nil }
          let other = Self.position(in: slots[slot])
          if slots[slot] & Self.tagMask == tag, hashes[other] == hash, sameRow(other, position) { return nil }
        }
        slot = (slot + 1) & mask
      }
      slots[slot] = tag | UInt64(position + 1)
    }
    self.slots = slots
    self.hashes = hashes
    self.mask = mask
    isDistinct = checking
  }

  /// The first position in `range` of a row with `id`, `identity` reading a row's identity.
  ///
  /// Only the rows whose slots hold the high bits of `id`'s hash are read (`identity`): the rows of the same
  /// identity, and about one in four billion others.
  func first(of id: ListIdentifier, in range: Range<Int>, identity: (Int) -> ListIdentifier) -> Int? {
    var found: Int?
    let tag = Self.tag(of: id.hash)
    var slot = Self.slot(of: id.hash, mask: mask)
    while slots[slot] != 0 {
      let entry = slots[slot]
      let position = Self.position(in: entry)
      if entry & Self.tagMask == tag, range.contains(position), position < found ?? .max, identity(position) == id {
        // No other row has the identity: the rest of the run need not be read (a cache miss a row, in a long list).
        if isDistinct { return position }
        found = position
      }
      slot = (slot + 1) & mask
    }
    return found
  }

  /// The high half of a slot: the hash's high 32 bits.
  private static let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000

  /// The high 32 bits of a hash, where a slot keeps them.
  private static func tag(of hash: Int) -> UInt64 { UInt64(bitPattern: Int64(hash)) & tagMask }

  /// The position a slot (not empty) holds.
  private static func position(in entry: UInt64) -> Int { Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1 }

  /// The first slot to probe for a hash: its bits mixed (Fibonacci hashing), masked.
  private static func slot(of hash: Int, mask: Int) -> Int {
    Int(truncatingIfNeeded: (UInt(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
  }
}

/// The pieces of a list that gathered many of them, as one piece of another list (see
/// `CellBinderList.compactIfFragmented()` and `CellBinderList.splicing(removing:placing:)`): each read goes to the
/// piece of the tree that holds the element.
final class _PiecesSource: _CellBinderSource {
  /// The pieces, none of them a `_PiecesSource`'s. Never changed once made (no node of a tree is), so shared
  /// between threads safely: a tree is a managed buffer, which the compiler cannot see is immutable.
  nonisolated(unsafe) let tree: _PieceTree

  init(_ tree: _PieceTree) { self.tree = tree }

  func binder(at position: Int) -> CellBinder {
    let (piece, offset) = tree.leaf(at: position)
    return piece.element(at: offset)
  }

  func identity(at position: Int) -> ListIdentifier {
    let (piece, offset) = tree.leaf(at: position)
    return piece.identity(at: offset)
  }

  func title(at position: Int) -> String? {
    guard case (.rows(let source, let range), let offset) = tree.leaf(at: position) else { return nil }
    return source.title(at: range.lowerBound + offset)
  }

  func height(at position: Int) -> RowHeight {
    switch tree.leaf(at: position) {
    case (.binders(let binders), let offset): binders[binders.startIndex + offset].rowHeight
    case (.rows(let source, let range), let offset): source.height(at: range.lowerBound + offset)
    }
  }

  func firstPosition(ofIdentity id: ListIdentifier, in range: Range<Int>) -> Int? {
    var found: Int?
    tree.forEachPiece(in: range) { piece, start in
      switch piece {
      case .binders(let binders):
        found = binders.firstIndex { $0.id == id }.map { start + $0 - binders.startIndex }
      case .rows(let source, let rows):
        found = source.firstPosition(ofIdentity: id, in: rows).map { start + $0 - rows.lowerBound }
      }
      return found == nil
    }
    return found
  }

  /// Each piece's positions, as the piece finds them.
  func positions(ofIdentities ids: Set<ListIdentifier>, in range: Range<Int>) -> [Int] {
    CellBinderList(uncompacted: tree.pieces(in: range)).positions(ofIdentities: ids).map { $0 + range.lowerBound }
  }

  func identityScanCount(in range: Range<Int>) -> Int {
    var count = 0
    tree.forEachPiece(in: range) { piece, _ in
      switch piece {
      case .binders(let binders): count += binders.count
      case .rows(let source, let rows): count += source.identityScanCount(in: rows)
      }
      return true
    }
    return count
  }

  func appendIdentityHashes(in range: Range<Int>, to hashes: inout [Int]) {
    tree.forEachPiece(in: range) { piece, _ in
      CellBinderList.appendIdentityHashes(of: piece, to: &hashes)
      return true
    }
  }

  func titlePositions(matching pattern: _QueryPattern, in range: Range<Int>, among candidates: [Int]?) -> [Int]? {
    let part = CellBinderList(uncompacted: tree.pieces(in: range))
    let shifted = candidates.map { $0.map { $0 - range.lowerBound } }
    return part.rowPositions(matchingTitles: pattern, among: shifted).map { $0 + range.lowerBound }
  }
}
