import ListFlowTerminal

/// A row of the top list: a process, or one of its threads under it once it is expanded (→).
enum ProcessNode: Hashable, Sendable, Differentiable {
  case process(ProcessItem, rank: Int)
  case thread(ThreadRow)

  var differenceIdentifier: String {
    switch self {
    case .process(let process, _): "p\(process.pid)"
    case .thread(let thread): "t\(thread.pid)/\(thread.tid)"
    }
  }

  func isContentEqual(to source: ProcessNode) -> Bool { self == source }
}

/// The top list as an outline: the busiest processes, each with its threads as children.
enum ProcessTree {
  /// The outline's trees for a state.
  static func roots(_ state: DemoState) -> [Outline<ProcessNode>.Node] {
    state.topProcesses.enumerated().map { rank, process in
      let threads = state.threads[process.pid] ?? []
      var process = process
      if process.pid == state.focusedPID { process.details = ProcessDetails(process, threadCount: threads.count) }
      // A process with one thread has nothing to expand.
      let children = threads.count > 1 ? threads.map { Outline.Node(ProcessNode.thread($0)) } : []
      return Outline.Node(.process(process, rank: rank), children: children)
    }
  }

  /// The cell of a row: a process with its style, or an indented thread.
  static func cell(_ row: Outline<ProcessNode>.Row, ownPID: Int) -> CellBinder {
    switch row.element {
    case .process(let process, let rank):
      var style = ListItemStyle<TextCell>.accessory(.cyan)
      if rank < 3 { style += .bold + .foreground(.yellow) }
      if process.residentMB == 0 { style += .dimmed }
      if process.pid == ownPID { style += .foreground(.green) }
      let marker = row.isExpandable ? (row.isExpanded ? "- " : "+ ") : "  "
      let binder = CellBinder(
        data: ProcessLine(process: process, marker: marker),
        map: { (line: ProcessLine, cell: TextCell) in
          cell.title = line.marker + line.process.name
          cell.subtitle = "pid \(line.process.pid)"
          ProcessMapper.map(data: line.process, cell: cell)
          cell.detailLines = line.process.details.map { [$0.text] } ?? []
        },
        style: style
      )
      // The process under the cursor takes two lines: its details under it.
      return process.details == nil ? binder : binder.height(2)
    case .thread(let thread):
      return CellBinder(
        data: ThreadItem(thread: thread),
        map: { (item: ThreadItem, cell: TextCell) in
          cell.title = "    " + item.thread.name
          cell.accessory = "tid \(item.thread.tid)"
        },
        style: .dimmed
      )
    }
  }
}

/// A process in the top list, with its expansion marker: identity the pid, so that a pinned copy elsewhere is
/// another row of the same identity.
struct ProcessLine: ListItemDataModel, Hashable {
  var process: ProcessItem
  var marker: String
  var identity: Int { process.pid }
  var tag: ListIdentifier? { ListIdentifier(process.pid) }
}

/// A thread as a list item: identity `pid/tid`.
struct ThreadItem: ListItemDataModel, Hashable {
  var thread: ThreadRow
  var identity: String { "\(thread.pid)/\(thread.tid)" }
}
