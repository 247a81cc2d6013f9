import ListFlowTerminal

/// One running process, as read from `/proc/<pid>/stat`.
struct ProcessRow: Hashable, Sendable, Differentiable {
  /// The process id.
  var pid: Int
  /// The command name (`comm`, at most 15 bytes, chosen by the process itself: untrusted text).
  var name: String
  /// The resident set size in bytes.
  var residentBytes: Int
  /// User plus system CPU time, in clock ticks.
  var cpuTicks: Int

  var differenceIdentifier: Int { pid }

  func isContentEqual(to source: ProcessRow) -> Bool {
    name == source.name && residentBytes / 1_048_576 == source.residentBytes / 1_048_576
      && cpuTicks / 10 == source.cpuTicks / 10
  }
}
