#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal a ``TerminalSession`` took over: its descriptors, the settings it had, and the raw settings used.
struct SavedTerminal: @unchecked Sendable {
  // `termios` is a plain C struct of integers; it only lacks a `Sendable` annotation.
  let inputDescriptor: Int32
  let outputDescriptor: Int32
  /// The settings found when the first session started; restored when the last one ends.
  let original: termios
  /// The settings of raw mode, applied again when the program resumes after a suspend.
  let raw: termios
  /// Whether the session turned mouse reporting on (again after a suspend).
  var reportsMouse = false

  /// The bytes a session writes when it starts: alternate screen, hidden cursor, no wrap, bracketed paste, clear
  /// screen.
  static let setupSequence = Array(
    (EscapeSequence.enterAlternateScreen + EscapeSequence.hideCursor + EscapeSequence.disableLineWrap
      + EscapeSequence.enableBracketedPaste + EscapeSequence.resetAttributes + EscapeSequence.eraseScreen).utf8)

  /// The bytes that undo ``setupSequence`` and turn mouse reporting off (whether or not it was on).
  static let restoreSequence = Array(
    (EscapeSequence.resetAttributes + EscapeSequence.enableLineWrap + EscapeSequence.showCursor
      + EscapeSequence.disableMouseReporting + EscapeSequence.disableBracketedPaste
      + EscapeSequence.leaveAlternateScreen).utf8)

  /// The bytes that turn mouse reporting on, after ``setupSequence``.
  static let mouseSequence = Array(EscapeSequence.enableMouseReporting.utf8)

  /// Raw mode made from `original`: no echo, no line buffering, no signal keys, 8-bit bytes, one byte per read.
  static func rawSettings(from original: termios) -> termios {
    var raw = original
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
      controlCharacters[Int(VMIN)] = 1
      controlCharacters[Int(VTIME)] = 0
    }
    return raw
  }

  /// Puts the terminal in raw mode and draws the setup sequence, opening the output gate.
  func takeOver() -> Int32 {
    var settings = raw
    guard tcsetattr(inputDescriptor, TCSAFLUSH, &settings) == 0 else { return errno }
    ScreenGate.open(outputDescriptor) {
      _ = Self.setupSequence.withUnsafeBytes { writeAll(outputDescriptor, $0) }
      if reportsMouse { _ = Self.mouseSequence.withUnsafeBytes { writeAll(outputDescriptor, $0) } }
    }
    return 0
  }

  /// Closes the output gate, writes the restoring bytes and puts the original settings back.
  func giveBack() {
    ScreenGate.close(outputDescriptor) {
      _ = Self.restoreSequence.withUnsafeBytes { writeAll(outputDescriptor, $0) }
    }
    var settings = original
    _ = tcsetattr(inputDescriptor, TCSAFLUSH, &settings)
  }
}
