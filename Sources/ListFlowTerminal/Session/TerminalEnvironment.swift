#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The environment variables that decide how a terminal is drawn: `NO_COLOR`, `TERM` and the locale.
///
/// - `NO_COLOR` set to any non-empty value (see no-color.org) turns colours off: a ``TerminalListView`` drops
///   every foreground and background colour, and keeps bold, dim, italic, underline and inverse.
/// - `TERM=dumb` names a terminal that cannot move its cursor: a ``TerminalListView`` made for
///   ``TerminalListView/Mode/screen(_:)`` writes plain change lines instead, and ``TerminalSession`` refuses to
///   start (``TerminalError/dumbTerminal``), so no alternate screen, cursor movement or mouse reporting is sent.
///   Any other value, and `TERM` unset or empty, counts as a terminal that moves its cursor (an ANSI one): a
///   shell in a container or under `sudo` often has no `TERM`, and its terminal is such a terminal all the same.
/// - `LC_ALL`, else `LC_CTYPE`, else `LANG` name the character set (see
///   ``TerminalSession/localeIsUTF8(environment:)``).
///
/// The process's variables are read only where a program starts its terminal: ``process`` is the default of
/// ``TerminalListView`` for a ``StandardOutput`` and of ``TerminalSession``; tests pass their own values.
///
/// ```swift
/// let environment = TerminalEnvironment(["NO_COLOR": "1", "TERM": "xterm"])
/// environment.allowsColor  // false
/// environment.isDumb       // false
/// ```
public struct TerminalEnvironment: Hashable, Sendable {
  /// The variables, by name.
  public var variables: [String: String]

  /// The names read from the process by ``process``.
  public static let names = ["NO_COLOR", "TERM", "LC_ALL", "LC_CTYPE", "LANG"]

  /// Creates an environment from variables.
  ///
  /// - Parameter variables: The variables, by name; missing ones count as unset.
  public init(_ variables: [String: String]) {
    self.variables = variables
  }

  /// The process's variables named in ``names``, read now.
  public static var process: TerminalEnvironment {
    var variables: [String: String] = [:]
    for name in names {
      if let value = getenv(name) { variables[name] = String(cString: value) }
    }
    return TerminalEnvironment(variables)
  }

  /// Whether colours may be drawn: `NO_COLOR` is unset or empty.
  public var allowsColor: Bool { (variables["NO_COLOR"] ?? "").isEmpty }

  /// Whether `TERM` is `dumb`: a terminal with no cursor movement, to be written plain lines.
  public var isDumb: Bool { variables["TERM"] == "dumb" }

  /// Whether the locale's character set is UTF-8 (see ``TerminalSession/localeIsUTF8(environment:)``).
  public var localeIsUTF8: Bool { TerminalSession.localeIsUTF8(environment: variables) }
}
