import ListFlowTerminal

/// Everything the Demo shows, as one value in a `Store`: the processes, the machine's facts, and what the user
/// did (pinned and hidden processes, pages loaded).
struct DemoState: Sendable, Equatable {
  /// Every process of the last tick, busiest first.
  var processes: [ProcessItem] = []
  /// Every process of the last tick as read, by pid: what the paged list of every process shows.
  var rowsByPID: [ProcessRow] = []
  var machine = MachineInfo()
  /// Pids shown in the pinned section (toggled with Enter).
  var pinned: [Int] = []
  /// Pids hidden from the list (deleted with d).
  var hidden: Set<Int> = []
  /// The process under the cursor in the top list: its row shows a second line of details.
  var focusedPID: Int?
  /// The threads of each process in the top list, read with it on every tick.
  var threads: [Int: [ThreadRow]] = [:]
  let pageSize: Int
  var tick = 0
  let ownPID: Int
  /// CPU ticks of each pid at the last reading, to compute how busy each process was since.
  var lastCPUTicks: [Int: Int] = [:]
  /// Clock ticks between the last two readings (the CPU share's denominator).
  var lastReading: ContinuousClock.Instant?

  init(pageSize: Int, ownPID: Int) {
    self.pageSize = pageSize
    self.ownPID = ownPID
  }

  /// Takes a new reading of `/proc`: every process with its CPU share since the last reading, sorted by that
  /// share (busiest first), then by memory, then by pid, as `top` does.
  mutating func absorb(
    _ rows: [ProcessRow], machine: MachineInfo, threads: [Int: [ThreadRow]] = [:],
    at now: ContinuousClock.Instant = .now
  ) {
    self.threads = threads
    let elapsed = lastReading.map { $0.duration(to: now) } ?? .zero
    let elapsedTicks = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let capacity = elapsedTicks * Double(ProcessTable.ticksPerSecond)
    processes = rows.map { row in
      let used = row.cpuTicks - (lastCPUTicks[row.pid] ?? row.cpuTicks)
      let percent = capacity > 0 ? Int((Double(used) * 100 / capacity).rounded()) : 0
      return ProcessItem(row, cpuPercent: percent)
    }.sorted {
      ($1.cpuPercent, $1.residentMB, $0.pid) < ($0.cpuPercent, $0.residentMB, $1.pid)
    }
    rowsByPID = rows.sorted { $0.pid < $1.pid }
    lastCPUTicks = Dictionary(rows.map { ($0.pid, $0.cpuTicks) }) { first, _ in first }
    lastReading = now
    self.machine = machine
    pinned.removeAll { pid in !processes.contains { $0.pid == pid } }
    tick += 1
  }

  /// The processes the list may show: not hidden.
  var shownProcesses: [ProcessItem] { processes.filter { !hidden.contains($0.pid) } }

  /// Loads one more page, if there is more to show.
  /// The processes of the top list: the busiest shown processes, at most a page of them.
  var topProcesses: ArraySlice<ProcessItem> { shownProcesses.prefix(pageSize) }

  mutating func togglePin(_ pid: Int) {
    if let index = pinned.firstIndex(of: pid) { pinned.remove(at: index) } else { pinned.append(pid) }
  }

  mutating func hide(_ pid: Int) {
    hidden.insert(pid)
    pinned.removeAll { $0 == pid }
  }
}
