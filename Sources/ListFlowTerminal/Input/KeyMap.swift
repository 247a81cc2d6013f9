/// The keys a ``TerminalListView`` answers to: an ordered list of ``KeyBinding``s, each binding keys to a
/// ``TerminalCommand``, built-in or the app's own. It is the single source of the input handling, the one-line
/// help in the status bar, the help screen and a program's `--help` text.
///
/// A key bound to several commands triggers the first one that is available (see ``TerminalCommand``): space is
/// bound to ``TerminalCommand/toggleSelection`` before ``TerminalCommand/pageDown``, Escape to
/// ``TerminalCommand/clearFilter`` before ``TerminalCommand/quit``. The view's help line and help screen list
/// only the commands that would act now, each with the keys that would trigger it.
///
/// ```swift
/// var keys = KeyMap.standard
/// keys.add(.refresh, keys: [.character("u")])  // u refreshes, r no longer does
/// keys.remove(.delete)                          // d does nothing, and the help does not list it
/// keys.add(TerminalCommand("open", keys: [.character("o")], shortHelp: "open") { context in open(context.row) })
/// ```
public struct KeyMap: Hashable, Sendable {
  /// The bindings, in the order the help lists them.
  public var bindings: [KeyBinding]

  /// Creates a key map.
  ///
  /// - Parameter bindings: The bindings, in help order.
  public init(_ bindings: [KeyBinding]) {
    self.bindings = bindings
  }

  /// The standard bindings, each command with its own keys: moves, space (in a multi-select list), pages, ends,
  /// select, delete, refresh, expand, collapse, go to parent, filter, Escape (while a filter is set), help, quit.
  public static let standard = KeyMap(
    [
      TerminalCommand.moveUp, .moveDown, .toggleSelection, .pageUp, .pageDown, .moveToTop, .moveToBottom, .select,
      .delete, .refresh, .expand, .collapse, .goToParent, .filter, .clearFilter, .toggleHelp, .quit,
    ]
    .map { KeyBinding($0.keys, $0) })

  /// Binds a command to keys: the binding of a command with the same name gets the keys (and this command), or,
  /// when there is none, a new binding is appended.
  ///
  /// - Parameters:
  ///   - command: The command, built-in or the app's.
  ///   - keys: The keys; the command's own ``TerminalCommand/keys`` by default.
  public mutating func add(_ command: TerminalCommand, keys: [Key]? = nil) {
    let binding = KeyBinding(keys ?? command.keys, command)
    if let index = bindings.firstIndex(where: { $0.command == command }) {
      bindings[index] = binding
    } else {
      bindings.append(binding)
    }
  }

  /// Removes every binding of a command (by name): its keys no longer trigger it, and the help no longer lists
  /// it.
  ///
  /// - Parameter command: The command.
  public mutating func remove(_ command: TerminalCommand) {
    bindings.removeAll { $0.command == command }
  }

  /// The command of the first binding that lists a key, whether it is available or not (a view triggers the
  /// first *available* one).
  ///
  /// - Parameter key: The key pressed.
  /// - Returns: The command, or `nil` when no binding lists the key.
  /// - Complexity: O(*b*) in the bindings.
  public func command(for key: Key) -> TerminalCommand? {
    bindings.first { $0.keys.contains(key) }?.command
  }

  /// The one-line help of every binding: `k up - j down - enter select …`, each binding whose command has a short
  /// help, in order, named by its first key (a view's status bar shows only the commands that would act).
  public var helpLine: String { Self.helpLine(of: bindings) }

  /// The help lines of every binding, as `--help` prints them: its keys in a column, then its command's help;
  /// then the mouse (a view's help screen lists only the commands that would act).
  public var helpLines: [String] { Self.helpLines(of: bindings) }

  /// The one-line help of some bindings.
  static func helpLine(of bindings: [KeyBinding]) -> String {
    bindings.compactMap { binding in
      guard let short = binding.command.shortHelp, let key = binding.keys.first else { return nil }
      return sanitized("\(KeyBinding.name(of: key)) \(short)")
    }
    .joined(separator: " - ")
  }

  /// The help lines of some bindings, then (with `mouse`) the mouse's.
  static func helpLines(of bindings: [KeyBinding], mouse: Bool = true) -> [String] {
    let rows =
      bindings.map { (keys: sanitized($0.keyNames), help: sanitized($0.command.help)) }
      + (mouse ? mouseHelp : []).map { (keys: $0.keys, help: $0.help) }
    let width = rows.map { DisplayWidth.of($0.keys) }.max() ?? 0
    return rows.map { $0.keys + String(repeating: " ", count: width - DisplayWidth.of($0.keys) + 2) + $0.help }
  }

  /// Text an app gave, as it reaches the terminal.
  private static func sanitized(_ text: String) -> String { StyledRun(text).text }

  /// What the mouse does in a ``TerminalListView`` (when the session reports it): not bindings, but listed with
  /// them.
  public static let mouseHelp: [(keys: String, help: String)] = [
    ("wheel", "scroll, keeping the cursor on screen"),
    ("click", "move the cursor to a row; click it again to select it"),
  ]
}
