/// The command line of `ListFlowBenchmarks`, parsed.
struct BenchmarkOptions: Equatable, Sendable {
  /// The scenarios to run, by name, in the order given; empty means all.
  var scenarios: [String] = []
  /// Whether to print JSON lines instead of the table.
  var json = false
  /// The number of timed runs after the warm-up.
  var runs = BenchmarkOptions.minimumRuns
  /// The largest total element count for which the standard library's diff runs.
  var stdlibLimit = 25_000
  /// Up to this many elements (source plus target) the standard library's diff still runs, once.
  var stdlibSingleRunLimit = 250_000
  /// Whether peak memory is measured.
  var measuresMemory = true
  /// The number of states the closed-loop end-to-end scenarios apply instead of their own, for profiling.
  var stateCount: Int?
  /// The views the end-to-end scenarios drive, by contender name; empty means all.
  var views: [String] = []
  /// The sizes the `logviewer` and `labels` scenarios run at; empty means their own.
  var logLines: [Int] = []
  /// Whether to print the help and exit.
  var help = false
  /// Whether to list the scenarios and exit.
  var list = false

  /// The fewest timed runs a figure is made of.
  static let minimumRuns = 5

  /// A command line that cannot be parsed.
  struct Failure: Error, CustomStringConvertible {
    /// What is wrong with it.
    var description: String
  }

  /// Parses the arguments (without the program name).
  ///
  /// - Parameter arguments: The arguments.
  /// - Throws: ``Failure`` naming the argument that is wrong.
  init(_ arguments: [String]) throws(Failure) {
    var rest = arguments[...]
    func value(of option: String) throws(Failure) -> String {
      guard let value = rest.popFirst() else { throw Failure(description: "\(option) needs a value") }
      return value
    }
    func number(of option: String, atLeast minimum: Int) throws(Failure) -> Int {
      let text = try value(of: option)
      guard let number = Int(text), number >= minimum else {
        throw Failure(description: "\(option) needs a whole number of at least \(minimum), not '\(text)'")
      }
      return number
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--scenario": scenarios.append(try value(of: argument))
      case "--json": json = true
      case "--runs": runs = try number(of: argument, atLeast: Self.minimumRuns)
      case "--stdlib-limit": stdlibLimit = try number(of: argument, atLeast: 0)
      case "--stdlib-single-run-limit": stdlibSingleRunLimit = try number(of: argument, atLeast: 0)
      case "--states": stateCount = try number(of: argument, atLeast: 1)
      case "--view": views.append(try value(of: argument))
      case "--lines": logLines.append(try number(of: argument, atLeast: 1))
      case "--no-memory": measuresMemory = false
      case "--list": list = true
      case "--help", "-h": help = true
      default: throw Failure(description: "unknown argument '\(argument)' (see --help)")
      }
    }
  }

  /// The text `--help` prints.
  static func helpText(scenarios: [BenchmarkScenario]) -> String {
    """
    USAGE: swift run -c release ListFlowBenchmarks [options]

    Runs the scenarios described in Benchmarks/README.md and prints one table: median, min and max
    milliseconds of the timed runs (after one warm-up run), the changes each contender reports, the memory the
    process gains during a run, the ratio of each median to the floor-hash median of the same scenario, and
    each scenario's own figures in the notes column.

    OPTIONS:
      --scenario NAME     Run this scenario (repeatable; default: all, in the order of --list).
      --json              Print one JSON object per line per scenario and contender instead of the table:
                          scenario, contender, median_ms, min_ms, max_ms, runs, changes, peak_mb (where
                          measured) and the keys a scenario adds. A contender that did not run has null
                          times, runs 0, skipped true and a note.
      --runs N            Timed runs after the warm-up (default and minimum \(minimumRuns)).
      --stdlib-limit N    Time the standard library's difference(from:).inferringMoves() like the others only
                          when source and target hold at most N elements together (default 25000): above that
                          Myers' diff takes seconds to minutes and gigabytes here.
      --stdlib-single-run-limit N
                          Above --stdlib-limit and up to N elements (default 250000) it runs once, with no
                          warm-up; above N it does not run and the row reads '> cap'.
      --states N          The closed-loop scenarios (apply10k, apply100k, apply100x1k, apply1m) and labels
                          apply N states instead of their own count: for profiling, where a full run is
                          too slow.
      --view NAME         The end-to-end scenarios drive only this view (repeatable): listflow (the
                          recording view) or listflow-viewport; labels: terminal, viewport,
                          terminal-edits, viewport-edits, viewport-mixed, viewport-after-edits,
                          viewport-filtered-edits, viewport-text-filtered-edits,
                          viewport-early-filtered-edits, viewport-reconfigure or viewport-sections;
                          logviewer: its contenders without the size (state, state-filtered, key-top...;
                          the steps before one still run, untimed). For profiling one view at a time.
      --lines N           The logviewer and labels scenarios run at N lines (repeatable) instead of their
                          own sizes.
      --no-memory         Do not measure peak memory.
      --list              List the scenarios and exit.
      -h, --help          Print this help and exit.

    PEAK MEMORY (Linux): after the timed runs, one more untimed run: before it allocations of 64 KiB and more
    are given pages of their own (mallopt M_MMAP_THRESHOLD), the heap is trimmed (malloc_trim), the kernel's
    peak resident size is reset (writing 5 to /proc/self/clear_refs) and VmRSS is read; after it VmHWM is read.
    peak MB is the difference: the memory the process gains while the contender runs (its result included, its
    inputs not).

    SCENARIOS:
    \(scenarios.map { "  \($0.name.padding(20))\($0.summary)" }.joined(separator: "\n"))
    """
  }
}

extension String {
  /// The string padded with spaces on the right to `width` characters.
  func padding(_ width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }

  /// The string padded with spaces on the left to `width` characters.
  func leftPadding(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
