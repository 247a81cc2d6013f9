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
    let plain =
      options.forcesPlain || !TerminalSession.isTerminal(STDOUT_FILENO) || !TerminalSession.isTerminal(STDIN_FILENO)
    do {
      return plain ? try await runPlain(options) : try await runInteractive(options)
    } catch {
      FileHandle.standardError.write(Data("Demo: \(error)\n".utf8))
      return 1
    }
  }

  static func makeStore(pageSize: Int) -> Store<DemoState> {
    var state = DemoState(pageSize: pageSize, ownPID: Int(getpid()))
    state.absorb(ProcessTable.snapshot(), machine: MachineInfo.read())
    return Store(state)
  }

  /// Reads `/proc` every interval and publishes the new state, `ticks` times (forever when `nil`).
  static func startTicking(_ store: Store<DemoState>, ticks: Int?, interval: Int) -> Task<Void, Never> {
    Task.detached {
      var tick = 1
      while ticks.map({ tick < $0 }) ?? true {
        try? await Task.sleep(for: .milliseconds(interval))
        if Task.isCancelled { return }
        let rows = ProcessTable.snapshot()
        let machine = MachineInfo.read()
        store.update { $0.absorb(rows, machine: machine) }
        tick += 1
      }
    }
  }

  /// Plain mode: one line per change, `tick N` before each state, a bounded number of ticks, exit 0.
  static func runPlain(_ options: DemoOptions) async throws -> Int32 {
    let output = StandardOutput()
    let store = makeStore(pageSize: 12)
    let view = TerminalListView(output: output, mode: .plain)
    output.write("tick \(store.state.tick)\n")
    let list = try DemoList(view: view, store: store)
    var shownTick = store.state.tick
    let ticks = options.ticks ?? DemoOptions.defaultPlainTicks
    let ticker = startTicking(store, ticks: ticks, interval: options.intervalMilliseconds)
    let states = store.updates()
    Task.detached {
      await ticker.value
      store.finish()
    }
    for await state in states where state.tick > shownTick {
      shownTick = state.tick
      output.write("tick \(state.tick)\n")
      list.show(state)
    }
    return output.hasFailed ? 1 : 0
  }

  /// Interactive mode: the alternate screen, keys until q, resize, live updates every interval.
  static func runInteractive(_ options: DemoOptions) async throws -> Int32 {
    let session = try TerminalSession()
    defer { session.restore() }
    let size = session.size ?? TerminalSize(columns: 80, rows: 24)
    let store = makeStore(pageSize: max(size.rows - 12, 5))
    let view = TerminalListView(
      output: StandardOutput(), mode: .screen(size),
      title: " ListFlow Demo · processes on \(store.state.machine.hostName)")
    let list = try DemoList(view: view, store: store)
    session.onResize { size in Task { @MainActor in view.resize(to: size) } }
    view.onRefresh = {
      Task.detached {
        let rows = ProcessTable.snapshot()
        let machine = MachineInfo.read()
        store.update { $0.absorb(rows, machine: machine) }
      }
    }
    let ticker = startTicking(store, ticks: options.ticks, interval: options.intervalMilliseconds)
    let consumer = Task { @MainActor in
      for await state in store.updates() {
        list.show(state)
        view.status = "tick \(state.tick) · \(list.lastChangeCount) changes "
      }
    }
    for await key in session.keys() where view.handle(key) == .quit { break }
    ticker.cancel()
    store.finish()
    await consumer.value
    return 0
  }
}
