import ListFlowTerminal

/// The process under the cursor: the top list's highlight events set it in the store, and the list shows that
/// process on two lines (its details under it). The state says which row is tall; the view only draws it.
@MainActor
enum DemoFocus {
  /// Adds the highlight closures to the top list's delegate.
  static func follow(in delegate: inout SyncDelegate, store: Store<DemoState>) {
    delegate.didHighlightRow = { _, row in
      guard let pid = row.tag?.value(as: Int.self) else { return }
      store.update { $0.focusedPID = pid }
    }
    delegate.didUnhighlightRow = { _, row in
      guard let pid = row.tag?.value(as: Int.self) else { return }
      store.update { if $0.focusedPID == pid { $0.focusedPID = nil } }
    }
  }
}

/// The details line of a focused process: its threads, CPU time and memory in words.
struct ProcessDetails: Hashable, Sendable {
  var text: String

  init(_ process: ProcessItem, threadCount: Int) {
    let threads = threadCount == 1 ? "1 thread" : threadCount > 1 ? "\(threadCount) threads" : "threads unknown"
    let memory = process.residentMB > 0 ? "\(process.residentMB) MB resident" : "no resident memory"
    text = "\(threads) · \(process.cpuSeconds) s of CPU time · \(memory) · \(process.cpuPercent)% CPU now"
  }
}

extension DemoRunner {
  /// `r`: reads `/proc` now, with the spinner under the list while it reads and a status message after.
  static func refreshShowingProgress(_ store: Store<DemoState>, on view: TerminalListView) {
    view.startSpinner("reading /proc")
    Task.detached {
      refresh(store)
      await MainActor.run {
        view.stopSpinner()
        view.postStatus("refreshed", for: .seconds(2))
      }
    }
  }
}
