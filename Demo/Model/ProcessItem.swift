import ListFlowTerminal

/// A process as a list item: identity is the pid; content is the name, memory and CPU time as shown (rounded,
/// so that a row is updated when what it shows changes, not on every byte).
struct ProcessItem: ListItemDataModel, Hashable, Titled, Subtitled {
  var pid: Int
  var name: String
  var residentMB: Int
  var cpuSeconds: Int
  /// The share of one CPU used since the last reading, in percent.
  var cpuPercent: Int
  /// The second line shown while the process is under the cursor, else `nil`.
  var details: ProcessDetails?

  init(_ row: ProcessRow, cpuPercent: Int) {
    self.cpuPercent = cpuPercent
    pid = row.pid
    name = row.name
    residentMB = row.residentBytes / 1_048_576
    cpuSeconds = row.cpuTicks / ProcessTable.ticksPerSecond
  }

  var identity: Int { pid }
  /// The pid travels with the row to `didSelectRow` and the edit actions.
  var tag: ListIdentifier? { ListIdentifier(pid) }
  var title: String? { name }
  var subtitle: String? { "pid \(pid)" }

  /// `3% 12 MB 1:05`: CPU share now, memory, CPU time as minutes:seconds.
  var accessoryText: String {
    let memory = residentMB > 0 ? "\(residentMB) MB" : "kernel"
    return "\(cpuPercent)%  \(memory)  \(cpuSeconds / 60):\(String(cpuSeconds % 60).leftPadded(to: 2))"
  }
}

/// Maps a process onto a `TextCell`: the title and subtitle come from the capabilities (`Titled`, `Subtitled`);
/// the mapper adds the accessory.
enum ProcessMapper: Mapper {
  static func map(data: ProcessItem, cell: TextCell) {
    cell.accessory = data.accessoryText
  }
}

extension String {
  /// The string with zeros before it up to `width` characters.
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
