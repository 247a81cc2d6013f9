/// One entry of a ``KeyMap``: the keys that trigger a command.
///
/// The same binding drives the input handling of ``TerminalListView``, its one-line help in the status bar, its
/// help screen (`?`), and a program's `--help` text, which describe it with its command's help.
///
/// ```swift
/// KeyBinding([.character("u")], .refresh)  // u refreshes, instead of r
/// ```
public struct KeyBinding: Hashable, Sendable {
  /// The keys, the first one named first in the help.
  public var keys: [Key]
  /// The command they trigger.
  public var command: TerminalCommand

  /// Creates a binding.
  ///
  /// - Parameters:
  ///   - keys: The keys that trigger the command.
  ///   - command: The command.
  public init(_ keys: [Key], _ command: TerminalCommand) {
    self.keys = keys
    self.command = command
  }

  /// The keys as the help names them, joined by `/`: `k/up`.
  public var keyNames: String { keys.map(Self.name(of:)).joined(separator: "/") }

  /// How the help names a key, in ASCII (arrows and `·` are East Asian Ambiguous, two columns on some
  /// terminals): `up`, `PgDn`, `enter`, `space`, `ctrl-c`, `alt-x`, the character itself.
  ///
  /// - Parameter key: The key.
  /// - Returns: Its name.
  public static func name(of key: Key) -> String {
    switch key {
    case .up: "up"
    case .down: "down"
    case .left: "left"
    case .right: "right"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .home: "Home"
    case .end: "End"
    case .enter: "enter"
    case .escape: "esc"
    case .backspace: "backspace"
    case .tab: "tab"
    case .interrupt: "ctrl-c"
    case .suspend: "ctrl-z"
    case .endOfInput: "ctrl-d"
    case .character(" "): "space"
    case .character(let character): String(character)
    case .mouse(let event): "mouse \(event.kind)"
    case .unknown(let bytes): "bytes \(bytes)"
    case .alt(let key): "alt-" + name(of: key)
    case .paste: "paste"
    }
  }
}
