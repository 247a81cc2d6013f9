/// A key press read from a terminal in raw mode.
public enum Key: Hashable, Sendable {
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// The left arrow.
  case left
  /// The right arrow.
  case right
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Home.
  case home
  /// End.
  case end
  /// Return or Enter.
  case enter
  /// A lone Escape: an `ESC` that no other byte followed within the session's
  /// ``TerminalSession/escapeTimeout``.
  case escape
  /// Backspace or Delete (the key left of Return, which sends `DEL` or `BS`).
  case backspace
  /// Tab.
  case tab
  /// Ctrl-C, which raw mode delivers as a byte instead of a signal.
  case interrupt
  /// Ctrl-Z, which raw mode delivers as a byte; ``TerminalSession/keys()`` suspends the program instead of
  /// reporting it.
  case suspend
  /// Ctrl-D, end of input.
  case endOfInput
  /// A printable character (letters, digits, punctuation, any script).
  case character(Character)
  /// A mouse button or wheel, reported when the session turned mouse reporting on.
  case mouse(MouseEvent)
  /// A key pressed with Alt (or Meta) held: the terminal sent `ESC` just before the key's bytes. The key is a
  /// character, ``enter``, ``tab`` or ``backspace``. ``KeyMap/standard`` binds no Alt key (Alt+q does not quit):
  /// a binding of its own gives one a command.
  indirect case alt(Key)
  /// Text the user pasted, as the terminal sent it between the markers of bracketed paste (which a
  /// ``TerminalSession`` turns on): never keys. A ``TerminalListView`` types it into the filter while one is typed
  /// and ignores it otherwise.
  case paste(String)
  /// Another control byte or escape sequence, kept for diagnostics; never acted on.
  case unknown([UInt8])
}
