/// Turns any string into text that is safe to write to a terminal: nothing in it can move the cursor, change
/// colors, set the title, reorder the line or run a terminal command.
///
/// Every string that comes from a model passes through a sanitiser before it reaches the terminal
/// (``StyledRun`` does it on creation), so data can only ever appear as visible characters.
///
/// What is replaced, and by what (the replacements are visible and harmless, and show what was there):
///
/// | input | shown as |
/// | --- | --- |
/// | C0 controls U+0000–U+001F, including `ESC` | the matching Control Pictures glyph U+2400–U+241F (`ESC` → `␛`) |
/// | `DEL` U+007F | `␡` (U+2421) |
/// | line breaks `\n`, `\r\n`, `\r`, U+0085, U+2028, U+2029 (single-line mode) | `␤` (U+2424) |
/// | tab (single-line mode) | one space |
/// | C1 controls U+0080–U+009F (among them the 8-bit `CSI` U+009B and `OSC` U+009D) | `<U+009B>` |
/// | format characters (category Cf): bidi embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, marks U+200E, U+200F, U+061C, zero-width space, BOM… | `<U+202E>` |
/// | blank look-alikes: Hangul fillers U+115F, U+1160, U+3164, U+FFA0, Braille blank U+2800 | `<U+3164>` |
/// | tag characters U+E0000–U+E007F outside an emoji flag sequence | `<U+E0041>` |
/// | a variation selector that follows no letter, number, punctuation or symbol, or follows another one | `<U+FE0F>` |
/// | a zero-width joiner or non-joiner at the start (of a line or after a tab too, in multi-line mode) or after another one | `<U+200D>` |
/// | a scalar that joins the character before it (a combining, enclosing or spacing mark, an emoji modifier, a Hangul vowel or trailing consonant jamo) first in the text, or, in multi-line mode, first after a line break or a tab | `<U+0301>` |
/// | the last scalar of the text (or, in multi-line mode, before a line break or a tab) when a character written after it could join it: a lone regional indicator, an emoji's trailing zero-width joiner, a Hangul leading consonant jamo, a prepended mark such as U+0D4E | `<U+1F1FA>` |
///
/// Because `ESC`, the 8-bit `CSI` and `OSC` and every other control are replaced, no escape sequence
/// (`CSI`, `OSC`, `DCS`, `APC`…) can survive: the bytes that follow them are printed as ordinary text.
/// Invisible characters that could hide text are shown too: text smuggled as tag characters or as a run of
/// variation selectors, or a name made of fillers that look blank. What text needs is kept: the zero-width joiner
/// U+200D (emoji sequences such as 👨‍👩‍👧) and non-joiner U+200C (Persian, Indic scripts) once between two
/// characters, one variation selector after a character (`❤️`, ideographic variants), and the tag characters of a
/// flag: U+1F3F4 followed by one to six tags U+E0020–U+E007E and the cancel tag U+E007F (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
/// Invalid UTF-8 never reaches a `String` (decoding replaces it by U+FFFD), and U+FFFD is shown as it is.
/// Sanitised text never joins what is written before it, nor what is written after it: a first scalar that would
/// join the character before it (on a terminal, the last one of the run before, such as a padding space), and a
/// last scalar that a character written next could join (the first one of the run after), are shown by code
/// point, so that each run of a line starts and ends characters of its own and the terminal draws it in the
/// columns the view counted: two sanitised texts written one after the other never form one character. Marks,
/// joiners and syllables inside the text join their characters, as they should, and a whole flag, emoji sequence
/// or syllable at either end is kept. One join is left to the terminal: a text that ends with an Indic virama
/// (`क्`, as Sanskrit words may) is kept as it is, and a consonant written right after it forms a conjunct on a
/// terminal that follows Unicode 15.1's rule for them.
///
/// ```swift
/// TextSanitizer.singleLine.sanitize("\u{1B}]0;pwned\u{07}ok")  // "␛]0;pwned␇ok"
/// ```
public struct TextSanitizer: Sendable, Hashable {
  /// Whether line breaks and tabs are kept (multi-line) or flattened into one visible line.
  public var keepsLineBreaks: Bool

  /// Creates a sanitiser.
  ///
  /// - Parameter keepsLineBreaks: Whether `\n` and tab pass through unchanged. `false` (the default, for cells of
  ///   one line) shows line breaks as `␤` and tabs as a space. `\r` is never kept: it would move the cursor.
  public init(keepsLineBreaks: Bool = false) {
    self.keepsLineBreaks = keepsLineBreaks
  }

  /// The sanitiser for one-line cells: line breaks become `␤`, tabs a space.
  public static let singleLine = TextSanitizer()

  /// Returns the text with every control, escape and format character neutralised.
  ///
  /// - Parameter text: Any text, for example a model's title.
  /// - Returns: Text that only shows characters; equal to `text` when nothing needed replacing.
  /// - Complexity: O(*n*) in the number of Unicode scalars of `text`.
  public func sanitize(_ text: String) -> String { sanitize(text, followsCharacter: false, precedesCharacter: false) }

  /// Returns the text with every control, escape and format character neutralised; when `followsCharacter`, the
  /// text will be written right after a character of the same text (a typed character added to the filter's
  /// query, shown after `/`), so a scalar that joins the character before it is kept first in it; when
  /// `precedesCharacter`, a character of the same text that does not join it will be written right after it (a
  /// title drawn in runs of its own, such as a filter's highlights), so its last scalar is kept as it is.
  ///
  /// - Complexity: O(*n*) in the number of Unicode scalars of `text`.
  func sanitize(_ text: String, followsCharacter: Bool, precedesCharacter: Bool = false) -> String {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    var result = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    var index = 0
    // The last scalar copied as it is (not a replacement), and the end of a flag's tags being copied.
    var previous: Unicode.Scalar?
    var flagTagsEnd = 0
    // Whether the scalar starts the text, or a line or a tab's column kept in multi-line mode: one that would join
    // the character before it is shown by code point.
    var startsText = !followsCharacter
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      let isFirst = startsText
      startsText = false
      // `\r\n` is one line break, not two.
      if scalar == "\r", index < scalars.count, scalars[index] == "\n" {
        appendLineBreak(to: &result)
        previous = nil
        startsText = keepsLineBreaks
        index += 1
        continue
      }
      if scalar.value == 0x1F3F4 { flagTagsEnd = Self.flagTagsEnd(in: scalars, after: index) }
      let kept: Bool
      switch scalar.value {
      case 0xE0000...0xE007F: kept = index <= flagTagsEnd
      case 0xFE00...0xFE0F, 0xE0100...0xE01EF: kept = previous.map(Self.takesVariationSelector) ?? false
      case 0x200C, 0x200D: kept = !isFirst && previous.map { $0.value != 0x200C && $0.value != 0x200D } ?? false
      case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800: kept = false
      default:
        if isFirst, Self.joinsCharacterBefore(scalar) {
          appendCodePoint(scalar.value, to: &result)
          previous = nil
          continue
        }
        replace(scalar, into: &result)
        previous = result.last == scalar ? scalar : nil
        startsText = keepsLineBreaks && (result.last == "\n" || result.last == "\t")
        continue
      }
      if kept {
        result.append(scalar)
        previous = scalar
      } else {
        appendCodePoint(scalar.value, to: &result)
        previous = nil
      }
    }
    if !precedesCharacter { closeEnd(of: &result) }
    return String(result)
  }

  /// Shows the last scalar of `result` by code point when a character written after it could join it: the text
  /// (or, in multi-line mode, a line or a tab's column) never lets what is written after it join its end.
  ///
  /// No character that ends in a scalar below U+0300 is joined by one after it but CR by LF, and a CR is shown as
  /// a symbol: most texts skip the probe.
  private func closeEnd(of result: inout String.UnicodeScalarView) {
    guard let end = result.last, end.value >= 0x300, let last = String(result).last,
      Self.isJoinedByCharacterAfter(last)
    else { return }
    let value = result.removeLast().value
    appendCodePoint(value, to: &result)
  }

  /// Characters a text may start with that some characters join when they come right before them: any
  /// character at all (`a`), an emoji, a regional indicator and a Hangul leading consonant.
  private static let followers: [Character] = ["a", "\u{1F469}", "\u{1F1E6}", "\u{1100}"]

  /// Whether a character written right after `character` could join it, as Swift's characters see it: after a
  /// prepended mark, an emoji and a zero-width joiner, a lone regional indicator or a Hangul leading consonant.
  private static func isJoinedByCharacterAfter(_ character: Character) -> Bool {
    followers.contains { (String(character) + String($0)).count == 1 }
  }

  /// Whether `scalar` joins the character written before it (a grapheme extender such as a combining, enclosing
  /// or spacing mark, or an emoji modifier, or a Hangul vowel or trailing consonant), as Swift's characters see
  /// it: `a` or the syllable `가` followed by it is one character.
  static func joinsCharacterBefore(_ scalar: Unicode.Scalar) -> Bool {
    // No scalar below U+0300 joins a character before it.
    guard scalar.value >= 0x300 else { return false }
    return ["a", "\u{AC00}"].contains { (base: Unicode.Scalar) in
      var text = String.UnicodeScalarView()
      text.append(base)
      text.append(scalar)
      return String(text).count == 1
    }
  }

  /// Whether a variation selector may follow `scalar`: a letter, number, punctuation or symbol.
  private static func takesVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol,
      .otherSymbol:
      return true
    default: return false
    }
  }

  /// After U+1F3F4 at `start - 1`: the index just past its flag tags (one to six tags and a cancel tag), or
  /// `start` when what follows is not a flag's tags.
  private static func flagTagsEnd(in scalars: [Unicode.Scalar], after start: Int) -> Int {
    var index = start
    while index < scalars.count, index - start < 6, (0xE0020...0xE007E).contains(scalars[index].value) { index += 1 }
    guard index > start, index < scalars.count, scalars[index].value == 0xE007F else { return start }
    return index + 1
  }

  private func appendLineBreak(to result: inout String.UnicodeScalarView) {
    if keepsLineBreaks {
      closeEnd(of: &result)
      result.append("\n")
    } else {
      result.append("\u{2424}")
    }
  }

  private func replace(_ scalar: Unicode.Scalar, into result: inout String.UnicodeScalarView) {
    let value = scalar.value
    switch value {
    case 0x0A, 0x85, 0x2028, 0x2029:
      appendLineBreak(to: &result)
    case 0x0D:
      // A lone carriage return would move the cursor to column 0 even in multi-line text.
      appendLineBreak(to: &result)
    case 0x09:
      if keepsLineBreaks { closeEnd(of: &result) }
      result.append(keepsLineBreaks ? "\t" : " ")
    case 0x00...0x1F:
      result.append(Unicode.Scalar(0x2400 + value)!)
    case 0x7F:
      result.append("\u{2421}")
    case 0x80...0x9F:
      appendCodePoint(value, to: &result)
    default:
      if scalar.properties.generalCategory == .format {
        appendCodePoint(value, to: &result)
      } else {
        result.append(scalar)
      }
    }
  }

  private func appendCodePoint(_ value: UInt32, to result: inout String.UnicodeScalarView) {
    var hex = String(value, radix: 16, uppercase: true)
    if hex.count < 4 { hex = String(repeating: "0", count: 4 - hex.count) + hex }
    result.append(contentsOf: "<U+\(hex)>".unicodeScalars)
  }
}
