import ListFlowTerminal

/// The Demo's command-line options.
struct DemoOptions: Equatable {
  /// How many updates to show before exiting; `nil` means until `q` (interactive) or 10 (plain).
  var ticks: Int?
  /// Milliseconds between two updates.
  var intervalMilliseconds = 1000
  /// Plain change lines even on a terminal.
  var forcesPlain = false
  /// Show the help and exit.
  var showsHelp = false
  /// Print the processes read from `/proc`, one per line, and exit.
  var listsProcesses = false
  /// The folder read instead of `/proc` (a fake one, for tests).
  var procRoot: String?
  /// Leave mouse reporting off (so the terminal's own text selection works).
  var disablesMouse = false
  /// Run the live log viewer instead of the process list.
  var showsLogs = false
  /// Whether `--interval` was given.
  var setsInterval = false

  /// The ticks a plain run shows when `--ticks` is not given, so that piping ends by itself.
  static let defaultPlainTicks = 10

  static let help = """
    Usage: Demo [options]

    A live list of this machine's processes (from /proc), re-sorted by CPU time on every tick,
    drawn by ListFlowTerminal. In a terminal it is interactive; otherwise it prints one plain
    line per change and exits after a bounded number of ticks.

    Options:
      --ticks N        stop after N updates (default: until q in a terminal, \(defaultPlainTicks) otherwise)
      --interval MS    milliseconds between updates (default: 1000)
      --plain          print change lines even when stdout is a terminal
      --list-processes print the processes read from /proc (pid, name, bytes, CPU ticks) and exit
      --proc-root DIR  read DIR instead of /proc
      --no-mouse       leave mouse reporting off (the terminal's own text selection works)
      --logs           a live log viewer instead: 1,000 lines every 50 ms, the newest 100,000 kept,
                       sections Pinned/ERROR/WARN/INFO; / filters, space selects, enter pins
      -h, --help       show this help

    Keys (interactive; the help line and ? show those that act on the row under the cursor):
    \(DemoKeys.keyMap(store: nil).helpLines.map { "  " + $0 }.joined(separator: "\n"))

    Environment: NO_COLOR (any value) draws no colour; TERM=dumb prints plain lines.
    """

  /// Why the arguments could not be parsed.
  enum ParseError: Error, Equatable, CustomStringConvertible {
    case missingValue(String)
    case invalidValue(option: String, value: String)
    case unknownOption(String)

    var description: String {
      switch self {
      case .missingValue(let option): "\(option) needs a value"
      case .invalidValue(let option, let value): "\(option): '\(value)' is not a positive whole number"
      case .unknownOption(let option): "unknown option '\(option)'"
      }
    }
  }

  /// Parses the arguments after the program name.
  init(arguments: [String]) throws(ParseError) {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help": showsHelp = true
      case "--plain": forcesPlain = true
      case "--no-mouse": disablesMouse = true
      case "--logs": showsLogs = true
      case "--list-processes": listsProcesses = true
      case "--proc-root":
        guard let value = remaining.popFirst() else { throw .missingValue(argument) }
        procRoot = value
      case "--ticks", "--interval":
        guard let value = remaining.popFirst() else { throw .missingValue(argument) }
        guard let number = Int(value), number > 0 else { throw .invalidValue(option: argument, value: value) }
        if argument == "--ticks" {
          ticks = number
        } else {
          intervalMilliseconds = number
          setsInterval = true
        }
      default: throw .unknownOption(argument)
      }
    }
  }
}
