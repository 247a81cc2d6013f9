/// How many terminal columns text takes, counted per grapheme cluster (Swift `Character`).
///
/// Terminals do not agree on the width of a character: xterm, VTE and others add up glibc's `wcwidth` of each
/// code point, while grapheme-aware terminals (kitty, WezTerm, iTerm2…) draw an emoji sequence as one glyph of 2
/// columns. A character's width here is the **larger** of the two, so that a line measured here is never wider on
/// either kind of screen (it may be a column or two short on one of them):
///
/// - Per code point: East Asian Wide or Fullwidth scalars (CJK ideographs, kana, Hangul syllables, fullwidth
///   forms…) and emoji-presentation scalars take 2; combining marks, joiners, variation selectors, Hangul vowel and
///   final jamo, controls and format characters take 0; every other scalar takes 1 (so a Devanagari conjunct
///   such as `क्ष`, one character, takes 2, and a spacing mark such as the `ा` of `का` adds 1).
/// - As one glyph: a character shown as an emoji takes 2: its first scalar has the Emoji_Presentation property,
///   or it carries the emoji variation selector U+FE0F (`❤️`, the keycap `1️⃣`), or it is a flag.
///
/// So `👍🏽` (an emoji and a skin tone) takes 4 and the family `👨‍👩‍👧` 6, as `wcwidth` counts them; a grapheme-aware
/// terminal draws them in 2 and leaves the rest of the cell blank. Characters of East Asian Ambiguous width (`±`,
/// `…`, `↑`) count 1, as in every locale outside East Asia; ListFlowTerminal's own chrome uses none of them.
///
/// The wide ranges are a compact table of the East Asian Width property (Unicode 16); a terminal that uses an
/// older table may draw a few rare characters one column narrower.
///
/// ```swift
/// DisplayWidth.of("日本")    // 4
/// DisplayWidth.of("❤️")     // 2
/// DisplayWidth.truncate("日本語テキスト", to: 7)  // "日本語⋯"
/// ```
public enum DisplayWidth {
  /// The columns a string takes.
  ///
  /// - Parameter text: The text, already sanitised.
  /// - Returns: The sum of the widths of its characters.
  /// - Complexity: O(*n*) in the length of `text`.
  public static func of(_ text: some StringProtocol) -> Int {
    let printable =
      text.utf8.withContiguousStorageIfAvailable(isPrintableASCII)
      ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    if printable { return text.utf8.count }
    return text.reduce(0) { $0 + of($1) }
  }

  /// Whether every byte is printable ASCII (0x20 to 0x7E), each taking one column: one pass over the bytes
  /// without a branch per byte (a string's UTF-8 view read byte by byte costs several times more).
  static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var outside: UInt8 = 0
    for byte in bytes { outside |= byte &- 0x20 >= 0x5F ? 1 : 0 }
    return outside == 0
  }

  /// The columns one character (grapheme cluster) takes.
  ///
  /// - Parameter character: The character.
  /// - Returns: Its width in columns: 0 for a character made only of zero-width scalars, 1 or 2 for most, more
  ///   for emoji sequences that a terminal measuring per code point draws wider.
  /// - Complexity: O(*k*) in the scalars of the character.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.isASCII && scalars.count == 1 { return first.value >= 0x20 && first.value < 0x7F ? 1 : 0 }
    let perCodePoint = scalars.reduce(0) { $0 + width(of: $1) }
    guard perCodePoint > 0 else { return 0 }
    let properties = first.properties
    let isEmojiGlyph =
      properties.isEmojiPresentation || isRegionalIndicator(first)
      || (properties.isEmoji && scalars.contains("\u{FE0F}"))
    return isEmojiGlyph ? max(perCodePoint, 2) : perCodePoint
  }

  /// The columns one scalar takes on a terminal that measures code points one by one (`wcwidth`).
  static func width(of scalar: Unicode.Scalar) -> Int {
    if scalar.isASCII { return scalar.value >= 0x20 && scalar.value < 0x7F ? 1 : 0 }
    if isZeroWidth(scalar) { return 0 }
    // A regional indicator is East Asian Neutral: `wcwidth` gives each of a flag's two 1.
    if isRegionalIndicator(scalar) { return 1 }
    return isWide(scalar.value) || scalar.properties.isEmojiPresentation ? 2 : 1
  }

  /// Whether a scalar takes no column of its own (it modifies or joins the one before it, or is invisible).
  ///
  /// - Parameter scalar: The scalar.
  /// - Returns: `true` for combining marks, joiners, variation selectors, controls and format characters.
  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200B...0x200F, 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x1160...0x11FF: return true
    default: break
    }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return true
    default: return false
    }
  }

  private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
  }

  /// Whether a code point is East Asian Wide (W) or Fullwidth (F).
  ///
  /// - Parameter value: The code point.
  /// - Returns: `true` when terminals draw it two columns wide.
  /// - Complexity: O(log *r*) in the number of ranges of the table.
  static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// East Asian Wide and Fullwidth blocks (Unicode 16), sorted and disjoint (emoji are handled by their
  /// properties). Unicode 16 made the trigrams, digrams and hexagrams of the Yijing (`☰`, `䷀`) and the Tai Xuan
  /// Jing symbols and counting rods wide, and added CJK strokes and Khitan characters: a terminal that knows Unicode
  /// 16 draws them in two columns, one that does not in one, and the larger is counted.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
    0x2630...0x2637, 0x268A...0x268F, 0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x2FFF,
    0x3000...0x303E, 0x3041...0x3096, 0x3099...0x30FF, 0x3105...0x312F, 0x3131...0x318E, 0x3190...0x31E5,
    0x31EF...0x321E, 0x3220...0x3247, 0x3250...0xA48C, 0xA490...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3,
    0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60,
    0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5,
    0x18CFF...0x18D08, 0x1AFF0...0x1B2FB, 0x1D300...0x1D356, 0x1D360...0x1D376, 0x1F200...0x1F202,
    0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x20000...0x2FFFD,
    0x30000...0x3FFFD,
  ]
}
