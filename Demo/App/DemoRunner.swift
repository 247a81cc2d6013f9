import Foundation
import ListFlowTerminal

#if canImport(Glibc)
import Glibc
#endif

/// Runs the Demo: interactive on a terminal, plain change lines otherwise.
@MainActor
enum DemoRunner {
  /// Runs and returns the exit status.
  static func run(_ options: DemoOptions) async -> Int32 {
    await run(options, plain: runPlain, interactive: runInteractive)
  }

  /// Runs `plain` when `--plain` is given, a standard stream is not a terminal or `TERM` is `dumb`, else
  /// `interactive`; an error is printed and exits 1.
  static func run(
    _ options: DemoOptions, plain: (DemoOptions) async throws -> Int32,
    interactive: (DemoOptions) async throws -> Int32
  ) async -> Int32 {
    let isPlain =
      options.forcesPlain || !TerminalSession.isTerminal(STDOUT_FILENO) || !TerminalSession.isTerminal(STDIN_FILENO)
      || TerminalEnvironment.process.isDumb
    do {
      return isPlain ? try await plain(options) : try await interactive(options)
    } catch {
      FileHandle.standardError.write(Data("Demo: \(error)\n".utf8))
      return 1
    }
  }

  /// Reads the process table, the machine and the threads of the busiest processes.
  nonisolated static func read(into state: inout DemoState) {
    let rows = ProcessTable.snapshot()
    state.absorb(rows, machine: MachineInfo.read())
    state.threads = ThreadTable.threads(of: state.topProcesses.map(\.pid))
  }

  static func makeStore(pageSize: Int) -> Store<DemoState> {
    var state = DemoState(pageSize: pageSize, ownPID: Int(getpid()))
    read(into: &state)
    return Store(state)
  }

  /// Reads `/proc` every interval and publishes the new state, `ticks` times (forever when `nil`).
  static func startTicking(_ store: Store<DemoState>, ticks: Int?, interval: Int) -> Task<Void, Never> {
    Task.detached {
      var tick = 1
      while ticks.map({ tick < $0 }) ?? true {
        try? await Task.sleep(for: .milliseconds(interval))
        if Task.isCancelled { return }
        refresh(store)
        tick += 1
      }
    }
  }

  /// Publishes a fresh reading of the machine.
  nonisolated static func refresh(_ store: Store<DemoState>) {
    var reading = store.state
    read(into: &reading)
    store.update { $0 = reading }
  }

  /// Plain mode: one line per change, `tick N` before each tick's changes, a bounded number of ticks, exit 0.
  ///
  /// Every tick prints its line, in order: a tick whose reading changed no row (the machine was idle for one
  /// interval) prints its line with nothing under it, and so does a tick whose changes were shown together with
  /// the next one's.
  static func runPlain(_ options: DemoOptions) async throws -> Int32 {
    let output = StandardOutput()
    let store = makeStore(pageSize: 12)
    let view = TerminalListView(output: output, mode: .plain)
    output.write("tick \(store.state.tick)\n")
    let list = try DemoList(view: view, store: store)
    var shownTick = store.state.tick
    func announceTicks(through tick: Int) {
      while shownTick < tick {
        shownTick += 1
        output.write("tick \(shownTick)\n")
      }
    }
    list.willShowTick = { tick in announceTicks(through: tick) }
    list.start()
    let ticker = startTicking(
      store, ticks: options.ticks ?? DemoOptions.defaultPlainTicks, interval: options.intervalMilliseconds)
    await ticker.value
    store.finish()
    await list.finish()
    announceTicks(through: store.state.tick)
    return output.hasFailed ? 1 : 0
  }

  /// Interactive mode: the alternate screen, keys until q, resize, live updates every interval.
  static func runInteractive(_ options: DemoOptions) async throws -> Int32 {
    let session = try TerminalSession(reportsMouse: !options.disablesMouse)
    defer { session.restore() }
    let size = session.size ?? TerminalSize(columns: 80, rows: 24)
    let store = makeStore(pageSize: max(size.rows - 14, 5))
    let view = TerminalListView(
      output: StandardOutput(), mode: .screen(size),
      title: " ListFlow Demo · processes on \(store.state.machine.hostName)")
    view.keyMap = DemoKeys.keyMap(store: store)
    let list = try DemoList(view: view, store: store)
    list.willShowTick = { tick in
      let changes = list.lastChangeCount == 1 ? "1 change" : "\(list.lastChangeCount) changes"
      // The view counts the selection on the status bar itself, in the frame that marks it.
      view.status = "tick \(tick) · \(changes) "
    }
    list.start()
    session.onResize { size in Task { @MainActor in view.resize(to: size) } }
    view.onRefresh = { refreshShowingProgress(store, on: view) }
    let timers = Task { await view.runTimers() }
    let ticker = startTicking(store, ticks: options.ticks, interval: options.intervalMilliseconds)
    for await key in session.keys() where view.handle(key) == .quit { break }
    timers.cancel()
    ticker.cancel()
    store.finish()
    await list.finish()
    return 0
  }
}
