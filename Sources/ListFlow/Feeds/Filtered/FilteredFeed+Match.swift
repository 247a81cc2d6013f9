extension FilteredFeed {
  /// A query found in a text by ``FilteredFeed/Match/init(query:in:)``: where each of the query's characters matched,
  /// and how good the match is.
  ///
  /// The query matches when its characters appear in the text in order, not necessarily next to each other,
  /// ignoring case (`"fx"` matches `"Firefox"`). Of all the ways to place them, the match keeps the one with the
  /// highest ``score``:
  ///
  /// - each matched character scores ``characterScore``;
  /// - a character matched right after the previous one adds ``consecutiveBonus``;
  /// - a character at the start of a word (the first character, one after a character that is not a letter or a
  ///   digit, or an uppercase letter after a lowercase one) adds ``wordStartBonus``;
  /// - every character skipped between two matched characters takes 1 away.
  ///
  /// So `"ff"` in `"firefox"` prefers `f`…`f` (offsets 0 and 4) and `"fox"` prefers the consecutive `fox`.
  ///
  /// ```swift
  /// let match = FilteredFeed.Match(query: "ffx", in: "Firefox")
  /// match?.offsets  // [0, 4, 6]
  /// FilteredFeed.Match(query: "xz", in: "Firefox")  // nil
  /// ```
  public struct Match: Hashable, Sendable {
    /// How good the match is: higher is better; 0 for an empty query.
    public var score: Int
    /// The offsets (in `Character`s from the start of the text) of the characters that matched, ascending, one per
    /// character of the query.
    public var offsets: [Int]

    /// The points of each matched character.
    public static let characterScore = 16
    /// The extra points of a character matched right after the previous one.
    public static let consecutiveBonus = 24
    /// The extra points of a character matched at the start of a word.
    public static let wordStartBonus = 32
    /// The characters of a text that are looked at; a longer text matches on its start only.
    public static let maximumTextLength = 1_024

    /// Creates a match from a score and offsets.
    ///
    /// - Parameters:
    ///   - score: The score.
    ///   - offsets: The matched character offsets, ascending.
    public init(score: Int, offsets: [Int]) {
      self.score = score
      self.offsets = offsets
    }

    /// Finds a query in a text, ignoring case; `nil` when the text does not contain the query's characters in
    /// order. An empty query matches every text, with score 0 and no offsets.
    ///
    /// - Parameters:
    ///   - query: What the user typed.
    ///   - text: The searchable text of a row.
    /// Characters are compared ignoring case and, when short, as canonically equivalent (`é` is `e` and U+0301); a
    /// character of more than 64 UTF-8 bytes (a letter under many combining marks)
    /// matches only the same scalars, so that no comparison costs more than linear time in its bytes.
    ///
    /// - Complexity: O(*n* × *m*) comparisons for a text of *n* characters (at most ``maximumTextLength``) and a
    ///   query of *m*, each linear in the bytes of the shorter character; O(*n*) comparisons when the query does not
    ///   match.
    public init?(query: String, in text: String) {
      self.init(pattern: Self.pattern(of: query), in: text)
    }

    /// A query's characters as `init(pattern:in:)` compares them: made once for a query matched against many
    /// texts.
    ///
    /// - Complexity: O(*m*) in the scalars of the query.
    static func pattern(of query: String) -> _QueryPattern {
      _QueryPattern(query)
    }

    /// Whether a query, given as its `pattern(of:)`, is found in a text: `init(pattern:in:) != nil`, without the
    /// offsets, and with no allocation for an ASCII query and an ASCII text.
    ///
    /// - Complexity: O(*n*) in the characters of the text.
    static func isFound(_ pattern: _QueryPattern, in text: String) -> Bool {
      if pattern.folded.isEmpty { return true }
      if let ascii = pattern.ascii, let found = _asciiFinds(ascii, in: text) { return found }
      return Match(pattern: pattern, in: text) != nil
    }

    /// Finds a query, given as its `pattern(of:)`, in a text (see `init(query:in:)`).
    init?(pattern: _QueryPattern, in text: String) {
      guard !pattern.folded.isEmpty else {
        self.init(score: 0, offsets: [])
        return
      }
      if let ascii = pattern.ascii, let bytes = _plainASCIIPrefix(of: text, limit: Self.maximumTextLength) {
        // One byte a character: the same comparisons and word starts as for `Character`s, on bytes.
        let lowered = bytes.map(_asciiLowercased)
        self.init(
          lowered: lowered, pattern: ascii,
          wordStart: { offset in
            guard offset > 0 else { return true }
            let previous = bytes[offset - 1]
            if !_isASCIIAlphanumeric(previous) { return true }
            return _isASCIILowercase(previous) && _isASCIIUppercase(bytes[offset])
          })
        return
      }
      let characters = Array(text.prefix(Self.maximumTextLength))
      self.init(
        lowered: characters.map { _FoldedCharacter($0) }, pattern: pattern.folded,
        wordStart: { Self.isWordStart(characters, at: $0) })
    }

    /// The best match of `pattern` in a text of `lowered` characters (see `init(query:in:)`).
    private init?<Folded: Equatable>(lowered: [Folded], pattern: [Folded], wordStart: (Int) -> Bool) {
      // Pass 1: a greedy scan rejects a text that does not hold the query in order.
      var next = 0
      for character in lowered where next < pattern.count && character == pattern[next] { next += 1 }
      guard next == pattern.count else { return nil }
      // Pass 2: best[j] is the best score of the query's characters so far with the last one at offset j
      // (`nil` where it cannot be); parents[i][j] is where character i - 1 then is.
      let count = lowered.count
      let bonus = (0..<count).map { Self.characterScore + (wordStart($0) ? Self.wordStartBonus : 0) }
      var best: [Int?] = (0..<count).map { lowered[$0] == pattern[0] ? bonus[$0] : nil }
      var parents: [[Int]] = [Array(repeating: -1, count: count)]
      for index in 1..<pattern.count {
        var current: [Int?] = Array(repeating: nil, count: count)
        var parent = Array(repeating: -1, count: count)
        // The best `best[k] + k` over k < j - 1, and its k: a gap of j - k - 1 characters costs that much.
        var gapBest: (value: Int, offset: Int)?
        for offset in 0..<count {
          if offset >= 2, let previous = best[offset - 2] {
            let value = previous + offset - 2
            if gapBest == nil || value > gapBest!.value { gapBest = (value, offset - 2) }
          }
          guard lowered[offset] == pattern[index] else { continue }
          var choice: (score: Int, parent: Int)?
          if let gapBest { choice = (gapBest.value - (offset - 1), gapBest.offset) }
          if offset >= 1, let previous = best[offset - 1] {
            let consecutive = previous + Self.consecutiveBonus
            if choice == nil || consecutive >= choice!.score { choice = (consecutive, offset - 1) }
          }
          if let choice {
            current[offset] = choice.score + bonus[offset]
            parent[offset] = choice.parent
          }
        }
        best = current
        parents.append(parent)
      }
      // Pass 3: the best end, then back through the parents.
      var end = -1
      for offset in 0..<count {
        if let score = best[offset], end < 0 || score > best[end]! { end = offset }
      }
      guard end >= 0, let score = best[end] else { return nil }
      var offsets = [end]
      for index in stride(from: pattern.count - 1, to: 0, by: -1) {
        offsets.append(parents[index][offsets[offsets.count - 1]])
      }
      self.init(score: score, offsets: offsets.reversed())
      assert(offsets.count == pattern.count)
    }

    /// Whether the character at `offset` starts a word.
    static func isWordStart(_ characters: [Character], at offset: Int) -> Bool {
      guard offset > 0 else { return true }
      let previous = characters[offset - 1]
      if !(previous.isLetter || previous.isNumber) { return true }
      return previous.isLowercase && characters[offset].isUppercase
    }
  }
}

/// A character lowercased for ``FilteredFeed/Match``, compared in linear time: short ones as `String`s (canonical
/// equivalence), long ones by their UTF-8 bytes, since comparing canonically costs more than linear time in the
/// combining marks of a character.
struct _FoldedCharacter: Equatable {
  /// The longest character, in UTF-8 bytes, compared as canonically equivalent.
  static let longLength = 64

  let text: String
  let isLong: Bool

  init(_ character: Character) {
    text = character.lowercased()
    isLong = text.utf8.count > Self.longLength
  }

  static func == (lhs: _FoldedCharacter, rhs: _FoldedCharacter) -> Bool {
    if lhs.isLong || rhs.isLong { return lhs.text.utf8.elementsEqual(rhs.text.utf8) }
    return lhs.text == rhs.text
  }
}

/// A query as ``FilteredFeed/Match`` compares it: its folded characters and, when every character is one ASCII
/// byte other than a carriage return, those bytes lowercased (compared byte by byte with an ASCII text).
struct _QueryPattern: Sendable {
  let folded: [_FoldedCharacter]
  let ascii: [UInt8]?

  init(_ query: String) {
    folded = query.map { _FoldedCharacter($0) }
    let bytes = Array(query.utf8)
    ascii =
      bytes.count == folded.count && bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D })
      ? bytes.map(_asciiLowercased) : nil
  }
}

/// Whether the lowercased ASCII `pattern` is found in order in `text`, read as bytes; `nil` when the part of the
/// text a match reads (its first ``FilteredFeed/Match/maximumTextLength`` characters) is not plain ASCII (a
/// byte of 0x80 or more, or a carriage return, which may join the next byte into one character). Allocates
/// nothing for a native string.
func _asciiFinds(_ pattern: [UInt8], in text: String) -> Bool? {
  func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    let limit = FilteredFeed.Match.maximumTextLength
    let readCount = min(bytes.count, limit)
    // A combining mark after the last byte read would join it into one character.
    if bytes.count > limit, bytes[limit] >= 0x80 { return nil }
    guard _isPlainASCII(UnsafeBufferPointer(rebasing: bytes[..<readCount])) else { return nil }
    // Each query byte, in order, at the first place after the last one's.
    var index = 0
    for wanted in pattern {
      while index < readCount, _asciiLowercased(bytes[index]) != wanted { index += 1 }
      if index == readCount { return false }
      index += 1
    }
    return true
  }
  if let found = text.utf8.withContiguousStorageIfAvailable({ scan($0) }) { return found }
  return Array(text.utf8).withUnsafeBufferPointer { scan($0) }
}

/// Whether every byte is below 0x80 and none is a carriage return: eight bytes at a time.
func _isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  let raw = UnsafeRawBufferPointer(bytes)
  var offset = 0
  while offset + 8 <= raw.count {
    let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    if word & 0x8080_8080_8080_8080 != 0 { return false }
    // A byte of `word ^ 0x0D…` is zero where `word` holds a carriage return.
    let returns = word ^ 0x0D0D_0D0D_0D0D_0D0D
    if (returns &- 0x0101_0101_0101_0101) & ~returns & 0x8080_8080_8080_8080 != 0 { return false }
    offset += 8
  }
  while offset < raw.count {
    if raw[offset] >= 0x80 || raw[offset] == 0x0D { return false }
    offset += 1
  }
  return true
}

/// The first `limit` bytes of a text, when they are plain ASCII (see `_asciiFinds(_:in:)`), else `nil`.
func _plainASCIIPrefix(of text: String, limit: Int) -> [UInt8]? {
  var bytes: [UInt8] = []
  for byte in text.utf8.prefix(limit + 1) {
    if byte >= 0x80 || byte == 0x0D { return nil }
    bytes.append(byte)
  }
  if bytes.count > limit { bytes.removeLast() }
  return bytes
}

func _asciiLowercased(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
func _isASCIILowercase(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
func _isASCIIUppercase(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
func _isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
  _isASCIILowercase(byte) || _isASCIIUppercase(byte) || (byte >= 0x30 && byte <= 0x39)
}

/// A filter's query as its rows are matched against it: the query's pattern, and the filter's searchable text
/// when the app gave its own (`nil`: the default text, read from a row's title where the row holds one, with no
/// binder made; see ``CellBinderList/matchedTitle(at:text:)``).
struct _RowQuery: Sendable {
  let pattern: _QueryPattern
  let text: (@Sendable (CellBinder) -> String)?
  /// Whether a row shown whose text does not hold the query is shown as context (an ancestor of a match in a
  /// tree's section, see `_TitleMatchedRows`); a list's rows shown all hold it.
  var marksContext = false

  /// This query, with rows shown that do not hold it marked as context when `marks` is `true`.
  func markingContext(_ marks: Bool) -> _RowQuery {
    var query = self
    query.marksContext = marks
    return query
  }

  /// Whether the query is found in the text of the row at `position` of `rows`.
  func isFound(inRowAt position: Int, of rows: CellBinderList) -> Bool {
    FilteredFeed.Match.isFound(pattern, in: rows.matchedTitle(at: position, text: text))
  }

  /// The positions of the rows of `rows` whose text holds the query, ascending: among `candidates` (ascending)
  /// when given.
  func positions(in rows: CellBinderList, among candidates: [Int]?) -> [Int] {
    rows.rowPositions(matchingTitles: pattern, among: candidates, text: text)
  }
}
