/// Turns successive frames into the fewest bytes that bring a terminal from one to the next, line by line.
///
/// The differ remembers the last frame it drew. For the next frame of the same size it writes, for each row
/// whose line changed and only for those, a cursor move to the start of the row, the line's runs with their
/// attributes, and an erase of the rest of the row when the line is narrower than the screen. Unchanged rows
/// cost nothing, so the bytes per update grow with the rows that changed, not with the screen or the list.
/// The first frame, a frame of a new size, and a frame after ``invalidate()`` are drawn in full (erase the screen,
/// then every non-empty row).
///
/// Every line ends with attributes reset, so a frame never leaves a color behind.
///
/// ```swift
/// var differ = FrameDiffer()
/// output.write(differ.render(frame))  // full repaint
/// output.write(differ.render(next))   // only the rows that changed
/// ```
struct FrameDiffer: Sendable {
  /// The last frame drawn, if any.
  private(set) var current: TerminalFrame?
  /// Whether every character outside ASCII is drawn as `?` (one per column it takes), for a terminal whose
  /// character set is not UTF-8: there, bytes of UTF-8 text could act as C1 controls.
  var asciiOnly = false

  /// Creates a differ that has drawn nothing yet; its first frame is a full repaint.
  init() {}

  /// Forgets the last frame, so the next ``render(_:)`` repaints everything (after a resize, or when something
  /// else may have written to the screen).
  mutating func invalidate() { current = nil }

  /// Returns the bytes that turn the screen showing the last frame into one showing `frame`, and remembers it.
  ///
  /// - Parameter frame: The frame to show next.
  /// - Returns: The escape sequences and text to write; empty when nothing changed.
  /// - Complexity: O(*r* + *c*): *r* rows compared, *c* the text of the changed rows.
  mutating func render(_ frame: TerminalFrame) -> String {
    defer { current = frame }
    guard let current, current.size == frame.size else { return Self.fullRepaint(frame, asciiOnly: asciiOnly) }
    var output = ""
    for row in frame.lines.indices where frame.lines[row] != current.lines[row] {
      Self.draw(
        frame.lines[row], atRow: row, columns: frame.size.columns, erasing: true, asciiOnly: asciiOnly, into: &output)
    }
    return output
  }

  /// The bytes that draw `frame` on a screen whatever it shows: erase everything, then draw every row.
  ///
  /// - Parameters:
  ///   - frame: The frame.
  ///   - asciiOnly: Whether characters outside ASCII are drawn as `?`.
  /// - Returns: The escape sequences and text to write.
  /// - Complexity: O(*n*) in the text of the frame.
  static func fullRepaint(_ frame: TerminalFrame, asciiOnly: Bool = false) -> String {
    var output = EscapeSequence.resetAttributes + EscapeSequence.eraseScreen
    for (row, line) in frame.lines.enumerated() where !line.runs.isEmpty {
      draw(line, atRow: row, columns: frame.size.columns, erasing: false, asciiOnly: asciiOnly, into: &output)
    }
    return output
  }

  /// Appends the bytes that draw one line at the start of a row.
  ///
  /// A line as wide as the screen is not followed by an erase: the cursor waits past the last column, and an erase
  /// there would blank the last character on some terminals. Such a line is erased before it is drawn instead
  /// when it holds anything but ASCII: a terminal may draw a character narrower than ``DisplayWidth`` counts it
  /// (an emoji with a skin tone, a joined family, in two columns), and the columns it leaves would still show the
  /// line before.
  private static func draw(
    _ line: StyledLine, atRow row: Int, columns: Int, erasing: Bool, asciiOnly: Bool, into output: inout String
  ) {
    output += EscapeSequence.moveCursor(row: row, column: 0)
    if erasing, !asciiOnly, line.width >= columns,
      !line.runs.allSatisfy({ $0.text.utf8.allSatisfy { $0 < 0x80 } })
    {
      output += EscapeSequence.eraseToEndOfLine
    }
    var style = TextStyle.plain
    var width = 0
    for run in line.runs where !run.text.isEmpty {
      if run.style != style {
        output += EscapeSequence.selectGraphicRendition(run.style.graphicRenditionParameters)
        style = run.style
      }
      output += asciiOnly ? Self.ascii(run.text) : run.text
      width += run.width
    }
    if style != .plain { output += EscapeSequence.resetAttributes }
    if erasing && width < columns { output += EscapeSequence.eraseToEndOfLine }
  }

  /// The text with every character outside printable ASCII replaced by as many `?` as the columns it takes.
  static func ascii(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    var result = ""
    for character in text {
      if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
        result.append(character)
      } else {
        result += String(repeating: "?", count: DisplayWidth.of(character))
      }
    }
    return result
  }
}
