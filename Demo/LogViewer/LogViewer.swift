import ListFlowTerminal
import Synchronization

/// A live log viewer, written the way the README teaches: a `Store` of ``LogState``, a `ListController` that
/// declares the state's rows as values, a `FilteredFeed` for `/`, one `ListEngine` on a `TerminalListView`.
///
/// - Sections Pinned, ERROR, WARN and INFO; errors red and bold, warnings yellow (``LogLine/style``).
/// - `/` filters, space selects (a multi-select list), Enter pins or unpins the line under the cursor through
///   the store.
/// - ``append(_:)`` adds lines from any task; the oldest beyond the capacity go.
@MainActor
public final class LogViewer {
  /// The app's state.
  public let store: Store<LogState>
  /// The rows of the state.
  public let controller: ListController<LogState>
  /// The `/` filter over them.
  public let filtered: FilteredFeed
  /// What shows the filter in the view.
  public let engine: ListEngine
  /// The terminal view.
  public let view: TerminalListView
  /// How many times the app's `cell` function ran: a row's cell is made only when the view reads the row.
  public var cellCalls: Int { counter.calls.load(ordering: .relaxed) }
  private let counter = CallCounter()

  private var following: Task<Void, Never>?

  /// Builds the viewer on a view, keeping at most `capacity` lines.
  public init(view: TerminalListView, capacity: Int) throws(ListFlowError) {
    let counter = counter
    let store = Store(LogState(capacity: capacity))
    let controller = ListController<LogState>(rows: { $0.sections }) { line in
      counter.calls.add(1, ordering: .relaxed)
      return CellBinder(data: line, mapper: LogMapper.self, style: line.style)
    }
    let filtered = try FilteredFeed(controller)
    let engine = try ListEngine(view: view, showing: filtered)
    engine.selectionMode = .multiple
    controller.delegate.didSelectRow = { _, row in
      guard let line = row.model(as: LogLine.self) else { return }
      store.update { $0.togglePin(line.id) }
    }
    view.onFilterChange = { query in filtered.query = query }
    self.store = store
    self.controller = controller
    self.filtered = filtered
    self.engine = engine
    self.view = view
  }

  /// Follows the store until ``stop()``.
  public func start() {
    following = Task { await controller.run(store.updates()) }
  }

  /// Appends lines to the log; callable from any task.
  public nonisolated func append(_ lines: [LogLine]) {
    store.update { $0.append(lines) }
  }

  /// Stops following the store and waits for the last state to be shown.
  public func stop() async {
    store.finish()
    await following?.value
  }
}

/// Counts calls from any thread.
private final class CallCounter: Sendable {
  let calls = Atomic<Int>(0)
}
