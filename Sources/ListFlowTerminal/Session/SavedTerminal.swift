import ListFlow
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal settings saved by a ``TerminalSession``, and the one place that puts them back.
///
/// A process-wide registration lets the `atexit` handler and the signal handlers, which cannot capture a session,
/// restore the terminal. Restoring takes the registration out first, so it happens once.
struct SavedTerminal: @unchecked Sendable {
  // `termios` is a plain C struct of integers; it only lacks a `Sendable` annotation.
  let inputDescriptor: Int32
  let outputDescriptor: Int32
  let settings: termios

  /// The bytes a session writes when it starts: alternate screen, hidden cursor, no wrap, clear screen.
  static let setupSequence =
    EscapeSequence.enterAlternateScreen + EscapeSequence.hideCursor + EscapeSequence.disableLineWrap
    + EscapeSequence.resetAttributes + EscapeSequence.eraseScreen

  /// The bytes that undo ``setupSequence``.
  static let restoreSequence =
    EscapeSequence.resetAttributes + EscapeSequence.enableLineWrap + EscapeSequence.showCursor
    + EscapeSequence.leaveAlternateScreen

  /// Makes `saved` the terminal to restore, and installs the `atexit` handler once.
  static func register(_ saved: SavedTerminal) {
    let installExitHandler = registration.withSanitizedLock { registration in
      registration.saved = saved
      defer { registration.exitHandlerInstalled = true }
      return !registration.exitHandlerInstalled
    }
    if installExitHandler { atexit { SavedTerminal.restoreRegistered() } }
  }

  /// Restores the registered terminal, if any, and forgets it.
  static func restoreRegistered() {
    guard
      let saved = registration.withSanitizedLock({ registration in
        defer { registration.saved = nil }
        return registration.saved
      })
    else { return }
    StandardOutput(fileDescriptor: saved.outputDescriptor).write(restoreSequence)
    var settings = saved.settings
    _ = tcsetattr(saved.inputDescriptor, TCSAFLUSH, &settings)
  }
}

/// The process-wide registration behind ``SavedTerminal/register(_:)``.
private let registration = Mutex(Registration())

private struct Registration: Sendable {
  var saved: SavedTerminal?
  var exitHandlerInstalled = false
}
