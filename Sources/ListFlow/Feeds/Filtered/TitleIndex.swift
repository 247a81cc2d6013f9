// Matching a query against every title of a run of rows at once: the titles' bytes kept lowercased, one after
// another, and scanned eight bytes at a time, with no `String` read, lock taken or reference counted per title.

/// The titles of a run of rows as the ASCII match (`_asciiFinds(_:in:)`) reads them: each title's first
/// ``FilteredFeed/Match/maximumTextLength`` bytes, lowercased, one after another. A title that match cannot read
/// as bytes (not plain ASCII) is marked, and matched as a `String`.
struct _TitleIndex: Sendable {
  /// The lowercased bytes of the titles, one after another.
  private let bytes: [UInt8]
  /// Where each title's bytes start; `starts[i + 1]` is where title `i`'s end.
  private let starts: [Int]
  /// Whether each title was read as bytes; an unread title has no bytes.
  private let plain: [Bool]

  /// The index of `titles`.
  ///
  /// - Complexity: O(*n*) in the bytes of the titles.
  init(_ titles: [String]) {
    var bytes: [UInt8] = []
    var starts: [Int] = []
    var plain: [Bool] = []
    starts.reserveCapacity(titles.count + 1)
    plain.reserveCapacity(titles.count)
    let limit = FilteredFeed.Match.maximumTextLength
    for title in titles {
      starts.append(bytes.count)
      var title = title
      let read = title.withUTF8 { utf8 -> Bool in
        // The same bytes and the same refusals as `_asciiFinds(_:in:)`.
        let readCount = min(utf8.count, limit)
        if utf8.count > limit, utf8[limit] >= 0x80 { return false }
        let prefix = UnsafeBufferPointer(rebasing: utf8[..<readCount])
        guard _isPlainASCII(prefix) else { return false }
        bytes.append(contentsOf: prefix)
        return true
      }
      plain.append(read)
    }
    starts.append(bytes.count)
    bytes.withUnsafeMutableBufferPointer { bytes in
      for index in bytes.indices { bytes[index] = _asciiLowercased(bytes[index]) }
    }
    self.bytes = bytes
    self.starts = starts
    self.plain = plain
  }

  /// The positions in `range` whose titles hold `pattern` (lowercased ASCII) in order, ascending; a title not
  /// read as bytes is asked of `otherwise`.
  ///
  /// - Complexity: O(*n*) in the bytes of the titles in `range`, about a byte per instruction.
  func positions(matching pattern: [UInt8], in range: Range<Int>, otherwise: (Int) -> Bool) -> [Int] {
    positions(matching: pattern, of: range, otherwise: otherwise)
  }

  /// The positions among `candidates` (ascending) whose titles hold `pattern`, as
  /// ``positions(matching:in:otherwise:)``.
  func positions(matching pattern: [UInt8], among candidates: [Int], otherwise: (Int) -> Bool) -> [Int] {
    positions(matching: pattern, of: candidates, otherwise: otherwise)
  }

  /// The positions of `positions` whose titles hold `pattern` (specialized for each caller's sequence).
  @inline(__always)
  private func positions(
    matching pattern: [UInt8], of positions: some Sequence<Int>, otherwise: (Int) -> Bool
  ) -> [Int] {
    var found: [Int] = []
    bytes.withUnsafeBytes { text in
      pattern.withUnsafeBufferPointer { pattern in
        plain.withUnsafeBufferPointer { plain in
          starts.withUnsafeBufferPointer { starts in
            for position in positions {
              let holds =
                plain[position]
                ? Self.holds(pattern, in: text, from: starts[position], to: starts[position + 1])
                : otherwise(position)
              if holds { found.append(position) }
            }
          }
        }
      }
    }
    return found
  }

  /// Whether `text[start..<end]` holds the bytes of `pattern` in order.
  @inline(__always)
  private static func holds(
    _ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeRawBufferPointer, from start: Int, to end: Int
  ) -> Bool {
    var index = start
    for wanted in pattern {
      guard let found = firstIndex(of: wanted, in: text, from: index, to: end) else { return false }
      index = found + 1
    }
    return true
  }

  /// The first place of `wanted` in `text[start..<end]`: eight bytes at a time, a byte of the word XORed with
  /// `wanted` in every byte being zero where it is `wanted`.
  @inline(__always)
  static func firstIndex(of wanted: UInt8, in text: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int? {
    let spread = UInt64(wanted) &* 0x0101_0101_0101_0101
    var index = start
    while index + 8 <= end {
      let word = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ spread
      // The lowest byte flagged is the first zero byte (a borrow only flags bytes above a zero one).
      let zeros = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
      if zeros != 0 { return index + zeros.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < end {
      if text[index] == wanted { return index }
      index += 1
    }
    return nil
  }
}

extension _RowMemoTable {
  /// The positions in `range`, or among `candidates` (ascending, in `range`) when given, whose titles a query,
  /// given as its pattern, is found in (``FilteredFeed/Match``'s `isFound`): every title read once with `read`
  /// and kept, and, for an ASCII query, the titles' bytes kept too (``_TitleIndex``).
  mutating func titlePositions(
    matching pattern: _QueryPattern, in range: Range<Int>, among candidates: [Int]?, reading read: () -> [String]
  ) -> [Int] {
    let titles = self.titles ?? read()
    self.titles = titles
    let otherwise = { (position: Int) in FilteredFeed.Match.isFound(pattern, in: titles[position]) }
    guard let ascii = pattern.ascii, !ascii.isEmpty else {
      return candidates.map { $0.filter(otherwise) } ?? range.filter(otherwise)
    }
    let index = titleIndex ?? _TitleIndex(titles)
    titleIndex = index
    if let candidates { return index.positions(matching: ascii, among: candidates, otherwise: otherwise) }
    return index.positions(matching: ascii, in: range, otherwise: otherwise)
  }
}

/// The titles of `rows` (empty for none), read with no cast per row; `nil` when the rows are not ``Titled``.
func _titles<Row>(of rows: [Row]) -> [String]? {
  guard let type = Row.self as? any Titled.Type else { return nil }
  func read<T: Titled>(_: T.Type) -> [String] {
    // `T` is `Row`, opened from its metatype: the array is reinterpreted, not converted.
    unsafeBitCast(rows, to: [T].self).map { $0.title ?? "" }
  }
  return read(type)
}

extension Array where Element == _FoldedCharacter {
  /// Whether these characters appear in `other` in order (not necessarily next to each other): then every text
  /// that holds `other`'s characters in order holds these too.
  ///
  /// - Complexity: O(*m*) comparisons for `other` of *m* characters.
  func isSubsequence(of other: [_FoldedCharacter]) -> Bool {
    var next = startIndex
    for character in other where next < endIndex && self[next] == character { next += 1 }
    return next == endIndex
  }
}
