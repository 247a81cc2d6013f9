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
///
/// Because `ESC`, the 8-bit `CSI` and `OSC` and every other control are replaced, no escape sequence
/// (`CSI`, `OSC`, `DCS`, `APC`…) can survive: the bytes that follow them are printed as ordinary text.
/// Two format characters are kept because text needs them and they have no effect on the terminal: the zero-width
/// joiner U+200D (emoji sequences such as 👨‍👩‍👧) and the zero-width non-joiner U+200C (Persian, Indic scripts), as
/// are the tag characters U+E0020–U+E007F when they follow another character (subdivision flags).
/// Invalid UTF-8 never reaches a `String` (decoding replaces it by U+FFFD), and U+FFFD is shown as it is.
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
  public func sanitize(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    var result = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      // `\r\n` is one line break, not two.
      if scalar == "\r", index < scalars.count, scalars[index] == "\n" {
        appendLineBreak(to: &result)
        index += 1
        continue
      }
      replace(scalar, isFirst: index == 1, into: &result)
    }
    return String(result)
  }

  private func appendLineBreak(to result: inout String.UnicodeScalarView) {
    if keepsLineBreaks {
      result.append("\n")
    } else {
      result.append("\u{2424}")
    }
  }

  private func replace(_ scalar: Unicode.Scalar, isFirst: Bool, into result: inout String.UnicodeScalarView) {
    let value = scalar.value
    switch value {
    case 0x0A, 0x85, 0x2028, 0x2029:
      appendLineBreak(to: &result)
    case 0x0D:
      // A lone carriage return would move the cursor to column 0 even in multi-line text.
      if keepsLineBreaks { result.append("\n") } else { result.append("\u{2424}") }
    case 0x09:
      result.append(keepsLineBreaks ? "\t" : " ")
    case 0x00...0x1F:
      result.append(Unicode.Scalar(0x2400 + value)!)
    case 0x7F:
      result.append("\u{2421}")
    case 0x80...0x9F:
      appendCodePoint(value, to: &result)
    case 0x200C, 0x200D:
      result.append(scalar)
    case 0xE0020...0xE007F where !isFirst:
      result.append(scalar)
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
