/// The `labels` app's rows, kept in chunks of at most 2,048, so that a change at any position costs a walk over
/// the chunks' counts and a shift inside one chunk: O(*n* / 1,024 + 2,048), some 40 KB touched at a million rows,
/// not a copy of the rows.
///
/// An app that tells its edits keeps its rows in such a way: the edits are what it knows, and it has no array of
/// every row to hand over. The contenders that tell edits and apply states in turn make that array (``rows``) for
/// each state they apply; those that only tell edits never do, so that no copy of a million rows (retaining and
/// releasing each label's storage) runs between two told states and empties the cache the list works in.
struct ChunkedRows<Row> {
  /// The rows, in order, in chunks of 1 to `2 * half` rows.
  private var chunks: [[Row]]
  /// The number of rows of each chunk: read by the walk, without reading each chunk's storage.
  private var counts: [Int]
  /// The number of rows.
  private(set) var count: Int
  /// A chunk that grows past twice this many rows is cut in two.
  private static var half: Int { 1_024 }

  /// The rows given, in chunks of ``half``.
  init(_ rows: [Row]) {
    chunks = stride(from: 0, to: rows.count, by: Self.half).map {
      Array(rows[$0..<min($0 + Self.half, rows.count)])
    }
    counts = chunks.map(\.count)
    count = rows.count
  }

  /// The rows, as one array.
  var rows: [Row] {
    var rows: [Row] = []
    rows.reserveCapacity(count)
    for chunk in chunks { rows.append(contentsOf: chunk) }
    return rows
  }

  /// The chunk that holds position `index` (or, for `index == count`, the last chunk) and the position in it.
  private func locate(_ index: Int) -> (chunk: Int, offset: Int) {
    var offset = index
    for chunk in counts.indices {
      if offset < counts[chunk] || chunk == counts.count - 1 { return (chunk, offset) }
      offset -= counts[chunk]
    }
    return (0, 0)
  }

  /// Removes and returns the row at `index` (below ``count``).
  mutating func remove(at index: Int) -> Row {
    let (chunk, offset) = locate(index)
    let row = chunks[chunk].remove(at: offset)
    counts[chunk] -= 1
    count -= 1
    if counts[chunk] == 0 {
      chunks.remove(at: chunk)
      counts.remove(at: chunk)
    }
    return row
  }

  /// Inserts `row` at `index` (at most ``count``).
  mutating func insert(_ row: Row, at index: Int) {
    guard !chunks.isEmpty else {
      chunks = [[row]]
      counts = [1]
      count = 1
      return
    }
    let (chunk, offset) = locate(index)
    chunks[chunk].insert(row, at: offset)
    counts[chunk] += 1
    count += 1
    if counts[chunk] > 2 * Self.half {
      let back = Array(chunks[chunk][Self.half...])
      chunks[chunk].removeSubrange(Self.half...)
      chunks.insert(back, at: chunk + 1)
      counts[chunk] = Self.half
      counts.insert(back.count, at: chunk + 1)
    }
  }
}
