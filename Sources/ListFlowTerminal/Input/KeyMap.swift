/// The keys a ``TerminalListView`` answers to: an ordered list of ``KeyBinding``s, the single source of the
/// input handling, the one-line help in the status bar, the help screen and a program's `--help` text.
///
/// A key bound twice triggers the first binding's command. To add a binding, append one line to ``standard``
/// (or to a copy: `view.keyMap.bindings.append(…)`).
///
/// ```swift
/// var keys = KeyMap.standard
/// keys.bindings.append(KeyBinding([.character("x")], .delete, nil, help: "delete, as d does"))
/// keys.command(for: .character("x"))  // .delete
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

  /// The standard bindings: moves, pages, ends, select, delete, refresh, expand, collapse, filter, help, quit; then
  /// space and Escape in the contexts where a ``TerminalListView`` gives them another meaning.
  public static let standard = KeyMap([
    KeyBinding([.character("k"), .up], .moveUp, "up", help: "move the cursor up"),
    KeyBinding([.character("j"), .down], .moveDown, "down", help: "move the cursor down"),
    KeyBinding([.pageUp, .character("b")], .pageUp, nil, help: "move a page up"),
    KeyBinding([.pageDown, .character(" ")], .pageDown, nil, help: "move a page down"),
    KeyBinding([.home, .character("g")], .moveToTop, nil, help: "move to the first row"),
    KeyBinding([.end, .character("G")], .moveToBottom, nil, help: "move to the last row"),
    KeyBinding([.enter], .select, "select", help: "select the row under the cursor"),
    KeyBinding([.character("d")], .delete, "delete", help: "delete the row (its edit action)"),
    KeyBinding([.character("r")], .refresh, "refresh", help: "ask for fresh data"),
    KeyBinding([.right, .character("l")], .expand, nil, help: "expand the row"),
    KeyBinding([.left, .character("h")], .collapse, nil, help: "collapse the row"),
    KeyBinding([.character("/")], .filter, "filter", help: "filter the rows (type; enter keeps, esc clears)"),
    KeyBinding([.character("?")], .toggleHelp, "help", help: "show or hide this help"),
    KeyBinding([.character("q"), .escape, .interrupt, .endOfInput], .quit, "quit", help: "quit"),
    // Listed for the help; `TerminalListView` gives these keys these commands only in their context (a key bound
    // above keeps its first binding everywhere else).
    KeyBinding([.character(" ")], .toggleSelection, nil, help: "select or deselect the row (multi-select lists)"),
    KeyBinding([.escape], .clearFilter, nil, help: "clear the filter (while one is set)"),
  ])

  /// The command a key triggers: the first binding that lists the key.
  ///
  /// - Parameter key: The key pressed.
  /// - Returns: The command, or `nil` when no binding lists the key.
  /// - Complexity: O(*b*) in the bindings.
  public func command(for key: Key) -> TerminalCommand? {
    bindings.first { $0.keys.contains(key) }?.command
  }

  /// The one-line help: `k up - j down - enter select …`, each binding that has a short help, in order, named
  /// by its first key.
  public var helpLine: String {
    bindings.compactMap { binding in
      guard let short = binding.shortHelp, let key = binding.keys.first else { return nil }
      return "\(KeyBinding.name(of: key)) \(short)"
    }
    .joined(separator: " - ")
  }

  /// The help screen's lines: one per binding, its keys in a column, then its description; then the mouse.
  public var helpLines: [String] {
    let width = bindings.map { DisplayWidth.of($0.keyNames) }.max() ?? 0
    return bindings.map { binding in
      let names = binding.keyNames
      return names + String(repeating: " ", count: width - DisplayWidth.of(names) + 2) + binding.help
    }
      + Self.mouseHelp.map {
        "\($0.keys)" + String(repeating: " ", count: max(width - DisplayWidth.of($0.keys), 0) + 2) + $0.help
      }
  }

  /// What the mouse does in a ``TerminalListView`` (when the session reports it): not bindings, but listed with
  /// them.
  public static let mouseHelp: [(keys: String, help: String)] = [
    ("wheel", "scroll, keeping the cursor on screen"),
    ("click", "move the cursor to a row; click it again to select it"),
  ]
}
