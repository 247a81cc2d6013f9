import ListFlowTesting
import TestSupport

/// The change mix of the scale scenarios: `c` changes to a list of rows, in this order, each position drawn
/// with `below(count)` on the rows as they are at that moment: `c / 4` updates (payload + 1), `c / 4` deletes,
/// `c / 4` inserts of new items (the position is drawn, then the item), `c / 4` moves (removed at a drawn position,
/// inserted at a position drawn on the rows left).
///
/// Applied one by one to an array, each delete, insert and move shifts half the array on average: at a million
/// rows, 100 changes would move 800 MB a state and the producer would cost more than the list it feeds. So the
/// changes are applied to a ``RowEdits`` (the array cut into pieces) and the new array is made in one copy;
/// debug builds check the result against the plain array's.
enum ChangeMix {
  /// Makes `count` changes to `rows`.
  ///
  /// - Parameters:
  ///   - count: The number of changes `c`; a multiple of 4 makes exactly `c` (the rest of `c / 4` is dropped).
  ///   - rows: The rows to change.
  ///   - random: The generator the positions and new items are drawn from.
  static func apply(_ count: Int, to rows: inout [Item], using random: inout SeededRandom) {
    #if DEBUG
    var plain = rows
    var plainRandom = random
    apply(count, toEditable: &plain, using: &plainRandom)
    #endif
    var edits = RowEdits(rows)
    apply(count, toEditable: &edits, using: &random)
    rows = edits.rows
    #if DEBUG
    var (next, plainNext) = (random, plainRandom)  // copies: the check draws nothing from `random`
    assert(rows == plain && next.next() == plainNext.next(), "RowEdits disagrees with the plain array")
    #endif
  }

  private static func apply<Rows: EditableRows>(
    _ count: Int, toEditable rows: inout Rows, using random: inout SeededRandom
  ) {
    func position(below bound: Int) -> Int { bound > 0 ? random.below(bound) : 0 }
    let quarter = count / 4
    for _ in 0..<quarter where rows.count > 0 { rows.update(at: random.below(rows.count)) }
    for _ in 0..<quarter where rows.count > 0 { _ = rows.remove(at: random.below(rows.count)) }
    for _ in 0..<quarter {
      let index = position(below: rows.count)
      rows.insert(random.newItem(), at: index)
    }
    for _ in 0..<quarter where rows.count > 0 {
      let item = rows.remove(at: random.below(rows.count))
      rows.insert(item, at: position(below: rows.count))
    }
  }
}

/// A list of rows that can be changed one row at a time.
protocol EditableRows {
  /// The number of rows.
  var count: Int { get }
  /// Adds 1 to the payload of the row at `index`.
  mutating func update(at index: Int)
  /// Removes and returns the row at `index`.
  mutating func remove(at index: Int) -> Item
  /// Inserts `item` at `index` (at most ``count``).
  mutating func insert(_ item: Item, at index: Int)
}

extension Array: EditableRows where Element == Item {
  mutating func update(at index: Int) { self[index].payload += 1 }
}

/// Rows as a list of pieces (runs of a base array, or single rows), so that a change costs a walk over the
/// pieces (two more per change at most) instead of a shift of the array; ``rows`` makes the array in one copy.
struct RowEdits<Row> {
  private enum Piece {
    case base(Range<Int>)
    case row(Row)

    var count: Int {
      switch self {
      case .base(let range): range.count
      case .row: 1
      }
    }
  }

  private let base: [Row]
  private var pieces: [Piece]
  private(set) var count: Int

  /// The rows of `base`, unchanged.
  init(_ base: [Row]) {
    self.base = base
    pieces = base.isEmpty ? [] : [.base(base.indices)]
    count = base.count
  }

  /// The rows, as one array.
  var rows: [Row] {
    var rows: [Row] = []
    rows.reserveCapacity(count)
    for piece in pieces {
      switch piece {
      case .base(let range): rows.append(contentsOf: base[range])
      case .row(let item): rows.append(item)
      }
    }
    return rows
  }

  /// Removes and returns the row at `index`.
  mutating func remove(at index: Int) -> Row {
    let piece = split(at: index)
    count -= 1
    switch pieces[piece] {
    case .row(let item):
      pieces.remove(at: piece)
      return item
    case .base(let range):
      if range.count == 1 { pieces.remove(at: piece) } else { pieces[piece] = .base(range.dropFirst()) }
      return base[range.lowerBound]
    }
  }

  /// Inserts `item` at `index` (at most ``count``).
  mutating func insert(_ item: Row, at index: Int) {
    pieces.insert(.row(item), at: split(at: index))
    count += 1
  }

  /// Cuts the piece that holds row `index` so that a piece starts there; returns that piece's index
  /// (`pieces.count` when `index` is ``count``).
  private mutating func split(at index: Int) -> Int {
    var start = 0
    for piece in pieces.indices {
      if index == start { return piece }
      let end = start + pieces[piece].count
      if index < end, case .base(let range) = pieces[piece] {
        let cut = range.lowerBound + index - start
        pieces[piece] = .base(range.lowerBound..<cut)
        pieces.insert(.base(cut..<range.upperBound), at: piece + 1)
        return piece + 1
      }
      start = end
    }
    return pieces.count
  }
}

extension RowEdits: EditableRows where Row == Item {
  mutating func update(at index: Int) {
    var item = remove(at: index)
    item.payload += 1
    insert(item, at: index)
  }
}
