/// Why a ``TerminalSession`` could not take over the terminal.
public enum TerminalError: Error, Hashable, Sendable {
  /// The file descriptor is not a terminal (output is piped or redirected): use plain mode instead.
  case notATerminal(fileDescriptor: Int32)
  /// A system call failed, with its name and `errno`.
  case systemCall(name: String, errno: Int32)
  /// `TERM` is `dumb`: the terminal cannot move its cursor or switch screens; use plain mode instead (see
  /// ``TerminalEnvironment``).
  case dumbTerminal
}
