import Dispatch
import Foundation

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
    self.init(titles, carrying: nil, segments: [])
  }

  /// The index of `titles`, the bytes of the titles at the targets of `segments` (ascending) copied from the
  /// titles at their sources in `old`, which must be the same texts; the others read from `titles`.
  ///
  /// - Complexity: O(*n*) in the bytes of the titles read, plus a copy of each segment's bytes.
  init(_ titles: [String], carrying old: _TitleIndex?, segments: [_KeptRun]) {
    var bytes: [UInt8] = []
    var starts: [Int] = []
    var plain: [Bool] = []
    starts.reserveCapacity(titles.count + 1)
    plain.reserveCapacity(titles.count)
    if let old { bytes.reserveCapacity(old.bytes.count) }
    var position = 0
    func readUpTo(_ end: Int) {
      while position < end {
        starts.append(bytes.count)
        plain.append(Self.appendLowercased(titles[position], to: &bytes))
        position += 1
      }
    }
    if let old {
      for segment in segments
      where segment.target >= position && segment.target + segment.count <= titles.count
        && segment.source + segment.count < old.starts.count
      {
        readUpTo(segment.target)
        let sources = segment.source..<segment.source + segment.count
        let shift = bytes.count - old.starts[segment.source]
        for source in sources { starts.append(old.starts[source] + shift) }
        plain.append(contentsOf: old.plain[sources])
        bytes.append(contentsOf: old.bytes[old.starts[segment.source]..<old.starts[sources.upperBound]])
        position += segment.count
      }
    }
    readUpTo(titles.count)
    starts.append(bytes.count)
    self.bytes = bytes
    self.starts = starts
    self.plain = plain
  }

  /// Appends the lowercased bytes `_asciiFinds(_:in:)` reads of `title` to `bytes`; `false`, with nothing
  /// appended, when that match cannot read it as bytes (not plain ASCII).
  private static func appendLowercased(_ title: String, to bytes: inout [UInt8]) -> Bool {
    let limit = FilteredFeed.Match.maximumTextLength
    var title = title
    return title.withUTF8 { utf8 -> Bool in
      // The same bytes and the same refusals as `_asciiFinds(_:in:)`.
      let readCount = min(utf8.count, limit)
      if utf8.count > limit, utf8[limit] >= 0x80 { return false }
      let prefix = UnsafeBufferPointer(rebasing: utf8[..<readCount])
      guard _isPlainASCII(prefix) else { return false }
      let start = bytes.count
      bytes.append(contentsOf: prefix)
      bytes.withUnsafeMutableBufferPointer { bytes in
        for index in start..<bytes.count { bytes[index] = _asciiLowercased(bytes[index]) }
      }
      return true
    }
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
    matching pattern: _QueryPattern, in range: Range<Int>, among candidates: [Int]?, one: (Int) -> String,
    reading read: () -> [String]
  ) -> [Int] {
    let titles = allTitles(one: one, reading: read)
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

extension _RowMemoTable {
  /// Every title, read once and kept: taken from the run of rows this one came from where ``carry`` has them
  /// (with their bytes, when that run had them), else read with `read`. `one` reads a single row's title.
  mutating func allTitles(one: (Int) -> String, reading read: () -> [String]) -> [String] {
    if let titles { return titles }
    let titles: [String]
    if let carried = carry?.titles?.titles(count: carry?.count ?? 0, one: one) {
      titles = carried.titles
      if titleIndex == nil { titleIndex = carried.index }
    } else {
      titles = read()
    }
    self.titles = titles
    carry?.titles = nil
    if carry?.hashes == nil { carry = nil }
    return titles
  }

  /// The positions of the rows by identity, made once: the hashes of the rows this run kept taken from the run
  /// it came from (``carry``), the others read with `identity`; with nothing carried, every row's from `all`.
  mutating func identityPositions(
    count: Int, identity: (Int) -> ListIdentifier, all: () -> [Int]
  ) -> _IdentityPositions? {
    if let identityIndex { return identityIndex }
    identityIndex = _IdentityPositions(hashes: carry?.hashes?.hashes(count: count, identity: identity) ?? all())
    carry?.hashes = nil
    if carry?.titles == nil { carry = nil }
    return identityIndex
  }
}

/// What a run of rows takes from the run it came from (the rows of the state before): the titles that run read
/// (with their bytes) and its rows' identity hashes, each kept by that run or taken by it from the run before. A
/// state that keeps most rows keeps them, and a query typed, or a row found by identity, after it reads the titles
/// and identities of the rows it changed only.
struct _RowCarry: Sendable {
  /// The number of rows of the run that takes them.
  let count: Int
  /// The titles, until taken.
  var titles: Titles?
  /// The identity hashes, until taken.
  var hashes: Hashes?

  /// Titles of rows, and their bytes when kept.
  ///
  /// A title is taken only for a row whose content equals the row it came from (`isContentEqual`, checked when
  /// the titles are asked): a title is a function of its row, so the two rows' titles are the same text.
  struct Titles: Sendable {
    let titles: [String]
    let index: _TitleIndex?
    /// The rows they are the titles of (an array of the rows' type), for a run made later from this one.
    let rows: any Sendable
    /// The rows of the run that came from those rows, in order: positions `target..<target + count` came from
    /// `source..<source + count`.
    let runs: [_KeptRun]
    /// Whether each row of a run of kept rows has the content of the row it came from.
    let same: @Sendable (_KeptRun) -> [Bool]

    /// The titles of a run of `count` rows: taken where a row kept its content, read with `one` elsewhere; and
    /// their bytes when they were kept.
    ///
    /// - Complexity: O(*n*) content comparisons and copies, plus a title read for each row that did not keep
    ///   one.
    func titles(count: Int, one: (Int) -> String) -> (titles: [String], index: _TitleIndex?) {
      var taken: [String] = []
      taken.reserveCapacity(count)
      // The rows whose titles are taken, in runs: their bytes are taken too, a run at a time.
      var segments: [_KeptRun] = []
      var position = 0
      func readUpTo(_ end: Int) {
        while position < end {
          taken.append(one(position))
          position += 1
        }
      }
      for run in runs
      where run.target >= position && run.target + run.count <= count && run.source + run.count <= titles.count {
        readUpTo(run.target)
        let same = same(run)
        var offset = 0
        while offset < run.count {
          guard same[offset] else {
            taken.append(one(run.target + offset))
            offset += 1
            continue
          }
          var end = offset + 1
          while end < run.count, same[end] { end += 1 }
          taken.append(contentsOf: titles[(run.source + offset)..<(run.source + end)])
          segments.append(_KeptRun(target: run.target + offset, source: run.source + offset, count: end - offset))
          offset = end
        }
        position = run.target + run.count
      }
      readUpTo(count)
      return (taken, index.map { _TitleIndex(taken, carrying: $0, segments: segments) })
    }
  }

  /// Identity hashes of rows. Every kept row takes its hash: rows are kept by identity.
  struct Hashes: Sendable {
    let hashes: [Int]
    /// As ``Titles/runs``.
    let runs: [_KeptRun]

    /// The identity hashes of a run of `count` rows: taken for the kept rows, read with `identity` for the
    /// others.
    func hashes(count: Int, identity: (Int) -> ListIdentifier) -> [Int] {
      var taken: [Int] = []
      taken.reserveCapacity(count)
      for run in runs
      where run.target >= taken.count && run.target + run.count <= count && run.source + run.count <= hashes.count {
        while taken.count < run.target { taken.append(identity(taken.count).hash) }
        taken.append(contentsOf: hashes[run.source..<(run.source + run.count)])
      }
      while taken.count < count { taken.append(identity(taken.count).hash) }
      return taken
    }
  }
}

/// Positions `target..<target + count` of a run of rows that came from positions `source..<source + count` of
/// another.
struct _KeptRun: Sendable, Equatable {
  var target: Int
  var source: Int
  var count: Int
}

extension [_KeptRun] {
  /// The runs of rows kept from a run of `sourceCount` rows to one of `targetCount`, with the positions
  /// `deleted` from the first and `inserted` in the second (both ascending): the others pair up in order.
  ///
  /// - Complexity: O(*d* + *r*) for *d* positions left out and *r* runs.
  init(sourceCount: Int, targetCount: Int, deleted: some Collection<Int>, inserted: some Collection<Int>) {
    self = []
    var source = 0
    var target = 0
    var nextDeleted = deleted.startIndex
    var nextInserted = inserted.startIndex
    while source < sourceCount, target < targetCount {
      if nextDeleted != deleted.endIndex, deleted[nextDeleted] <= source {
        if deleted[nextDeleted] == source { source += 1 }
        deleted.formIndex(after: &nextDeleted)
        continue
      }
      if nextInserted != inserted.endIndex, inserted[nextInserted] <= target {
        if inserted[nextInserted] == target { target += 1 }
        inserted.formIndex(after: &nextInserted)
        continue
      }
      let sourceEnd = nextDeleted == deleted.endIndex ? sourceCount : Swift.min(deleted[nextDeleted], sourceCount)
      let targetEnd =
        nextInserted == inserted.endIndex ? targetCount : Swift.min(inserted[nextInserted], targetCount)
      let count = Swift.min(sourceEnd - source, targetEnd - target)
      appendMerging(_KeptRun(target: target, source: source, count: count))
      source += count
      target += count
    }
  }

  /// Appends `run`, as part of the last run when it follows it in both runs of rows.
  mutating func appendMerging(_ run: _KeptRun) {
    if let last, last.target + last.count == run.target, last.source + last.count == run.source {
      self[count - 1].count += run.count
    } else {
      append(run)
    }
  }

  /// These runs (from a middle run to this one) through `earlier` (from a first run to the middle one): the
  /// positions of this run that came, through the middle one, from the first.
  ///
  /// - Complexity: O(*r* + *s*) for *r* and *s* runs.
  func through(_ earlier: [_KeptRun]) -> [_KeptRun] {
    var composed: [_KeptRun] = []
    var next = 0
    for run in self {
      var start = run.source
      let end = run.source + run.count
      while start < end, next < earlier.count {
        let middle = earlier[next]
        if middle.target + middle.count <= start {
          next += 1
          continue
        }
        if middle.target >= end { break }
        let from = Swift.max(start, middle.target)
        let to = Swift.min(end, middle.target + middle.count)
        composed.appendMerging(
          _KeptRun(
            target: run.target + from - run.source, source: middle.source + from - middle.target, count: to - from))
        start = to
      }
    }
    return composed
  }
}

/// A function that reads a row's title (empty for none) through the conformance of `Row` to ``Titled``, found
/// once here; `nil` when the rows are not ``Titled``. A cast of each row to `any Titled` would look the
/// conformance up and box a row larger than three words, each time.
func _titleReader<Row>(of _: Row.Type) -> (@Sendable (Row) -> String)? {
  guard let type = Row.self as? any Titled.Type else { return nil }
  func make<T: Titled>(_: T.Type) -> @Sendable (Row) -> String {
    // `T` is `Row`, opened from its metatype: the row is read as what it is, not converted.
    { row in withUnsafePointer(to: row) { $0.withMemoryRebound(to: T.self, capacity: 1) { $0.pointee.title ?? "" } } }
  }
  return make(type)
}

/// The titles of `rows` (empty for none), read with no cast per row, a long array in parts at once (see
/// ``_mapInParts(_:minimumPart:_:)``); `nil` when the rows are not ``Titled``.
func _titles<Row: Sendable>(of rows: [Row]) -> [String]? {
  guard let type = Row.self as? any Titled.Type else { return nil }
  func read<T: Titled>(_: T.Type) -> [String] {
    // `T` is `Row`, opened from its metatype: the array is reinterpreted, not converted.
    _mapInParts(unsafeBitCast(rows, to: [T].self)) { $0.title ?? "" }
  }
  return read(type)
}

/// The fewest rows worth a thread of their own when titles are read or matched (``_mapInParts(_:minimumPart:_:)``).
let _minimumRowsPerPart = 16_384

/// `elements.map(transform)`, an array of more than `minimumPart` elements in as many parts as the machine has
/// processors, each part on a thread of its own (`concurrentPerform`), in order. `transform` must be safe to call
/// from several threads at once (a row's title, read from a `Sendable` row: a function of its value).
///
/// - Complexity: O(*n*) calls of `transform`, about *n* / *p* of them one after another on *p* processors.
func _mapInParts<Element, Result>(
  _ elements: [Element], minimumPart: Int = _minimumRowsPerPart, _ transform: (Element) -> Result
) -> [Result] {
  let parts = min(ProcessInfo.processInfo.activeProcessorCount, elements.count / minimumPart)
  guard parts > 1 else { return elements.map(transform) }
  return withoutActuallyEscaping(transform) { transform in
    elements.withUnsafeBufferPointer { elements in
      [Result](unsafeUninitializedCapacity: elements.count) { results, initialized in
        guard let base = results.baseAddress else { return }
        let work = _PartsOfAMap(elements: elements, results: base, transform: transform)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
          work.run(part: part, of: parts)
        }
        initialized = elements.count
      }
    }
  }
}

/// The work of ``_mapInParts(_:minimumPart:_:)`` shared by its threads. Sendable unchecked: during the map the
/// elements are only read, each part initialises its own range of the results (no two threads touch one
/// element), and `transform` is safe to call from several threads, as `_mapInParts` requires.
private struct _PartsOfAMap<Element, Result>: @unchecked Sendable {
  let elements: UnsafeBufferPointer<Element>
  let results: UnsafeMutablePointer<Result>
  let transform: (Element) -> Result

  /// Maps part `part` of `parts` equal parts.
  func run(part: Int, of parts: Int) {
    let start = elements.count * part / parts
    let end = elements.count * (part + 1) / parts
    for index in start..<end { (results + index).initialize(to: transform(elements[index])) }
  }
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
