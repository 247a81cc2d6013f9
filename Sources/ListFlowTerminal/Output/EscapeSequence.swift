/// Every ANSI/VT escape sequence ListFlowTerminal writes, in one namespace.
///
/// Nothing else in the module spells an escape code: the frame differ, the session and the tests all go through
/// these members, so the set of sequences a terminal can receive from ListFlow is exactly what this file lists.
/// Rows and columns are zero-based here and converted to the one-based numbers of the protocol.
///
/// ```swift
/// output.write(EscapeSequence.moveCursor(row: 0, column: 0) + EscapeSequence.eraseLine)
/// ```
enum EscapeSequence {
  /// The escape character, `ESC` (U+001B), that starts every sequence.
  static let escape = "\u{1B}"
  /// The control sequence introducer, `ESC [`.
  static let controlSequenceIntroducer = "\u{1B}["

  /// Moves the cursor to a zero-based row and column (`CSI row;column H`).
  ///
  /// - Parameters:
  ///   - row: The zero-based row, 0 being the top line.
  ///   - column: The zero-based column, 0 being the left edge.
  /// - Returns: The sequence.
  static func moveCursor(row: Int, column: Int) -> String {
    "\(controlSequenceIntroducer)\(max(row, 0) + 1);\(max(column, 0) + 1)H"
  }

  /// Erases from the cursor to the end of the line, with the current background (`CSI K`).
  static let eraseToEndOfLine = "\u{1B}[K"
  /// Erases the whole line the cursor is on (`CSI 2K`).
  static let eraseLine = "\u{1B}[2K"
  /// Erases the whole screen (`CSI 2J`); the cursor does not move.
  static let eraseScreen = "\u{1B}[2J"

  /// Hides the cursor (`CSI ?25l`).
  static let hideCursor = "\u{1B}[?25l"
  /// Shows the cursor (`CSI ?25h`).
  static let showCursor = "\u{1B}[?25h"
  /// Switches to the alternate screen buffer, saving the normal one (`CSI ?1049h`).
  static let enterAlternateScreen = "\u{1B}[?1049h"
  /// Switches back to the normal screen buffer (`CSI ?1049l`).
  static let leaveAlternateScreen = "\u{1B}[?1049l"
  /// Turns automatic wrapping at the right margin off (`CSI ?7l`), so a full-width line never scrolls the screen.
  static let disableLineWrap = "\u{1B}[?7l"
  /// Turns automatic wrapping at the right margin back on (`CSI ?7h`).
  static let enableLineWrap = "\u{1B}[?7h"

  /// Turns mouse reporting on: button presses and releases and the wheel (`CSI ?1000h`), in the SGR encoding
  /// (`CSI ?1006h`), which reports any column and row as decimal numbers.
  static let enableMouseReporting = "\u{1B}[?1000h\u{1B}[?1006h"
  /// Turns mouse reporting off again (`CSI ?1006l`, `CSI ?1000l`).
  static let disableMouseReporting = "\u{1B}[?1006l\u{1B}[?1000l"

  /// Turns bracketed paste on (`CSI ?2004h`): the terminal sends pasted text between `CSI 200~` and `CSI 201~`,
  /// which the key decoder turns into one ``Key/paste(_:)`` instead of keys.
  static let enableBracketedPaste = "\u{1B}[?2004h"
  /// Turns bracketed paste off again (`CSI ?2004l`).
  static let disableBracketedPaste = "\u{1B}[?2004l"

  /// Resets every text attribute to the terminal's default (`CSI 0m`).
  static let resetAttributes = "\u{1B}[0m"

  /// Select Graphic Rendition: sets text attributes (`CSI p1;p2…m`).
  ///
  /// An empty parameter list is the same as ``resetAttributes``.
  ///
  /// - Parameter parameters: The SGR parameters, for example `[1, 31]` for bold red.
  /// - Returns: The sequence.
  static func selectGraphicRendition(_ parameters: [Int]) -> String {
    parameters.isEmpty
      ? resetAttributes
      : "\(controlSequenceIntroducer)\(parameters.map(String.init).joined(separator: ";"))m"
  }
}
