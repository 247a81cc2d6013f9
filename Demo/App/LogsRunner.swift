import ListFlowTerminal
import LogViewer

/// `Demo --logs`: the live log viewer. In a terminal, 1,000 lines every 50 ms with the newest 100,000 kept, until
/// `q`; piped, a few small ticks of plain change lines.
@MainActor
enum LogsRunner {
  /// Runs and returns the exit status.
  static func run(_ options: DemoOptions) async -> Int32 {
    await DemoRunner.run(options, plain: runPlain, interactive: runInteractive)
  }

  /// Appends `count` lines every `interval` milliseconds, `ticks` times (forever when `nil`).
  static func startWriting(
    to viewer: LogViewer, lines count: Int, ticks: Int?, interval: Int
  ) -> Task<Void, Never> {
    Task.detached {
      var source = LogSource()
      var tick = 0
      while ticks.map({ tick < $0 }) ?? true {
        viewer.append(source.next(count))
        tick += 1
        try? await Task.sleep(for: .milliseconds(interval))
        if Task.isCancelled { return }
      }
    }
  }

  /// Plain mode: a log of 20 lines, 5 new lines a tick, one plain line per change.
  static func runPlain(_ options: DemoOptions) async throws -> Int32 {
    let output = StandardOutput()
    let viewer = try LogViewer(view: TerminalListView(output: output, mode: .plain), capacity: 20)
    viewer.start()
    let writer = startWriting(
      to: viewer, lines: 5, ticks: options.ticks ?? DemoOptions.defaultPlainTicks,
      interval: options.setsInterval ? options.intervalMilliseconds : 50)
    await writer.value
    await viewer.stop()
    return output.hasFailed ? 1 : 0
  }

  /// Interactive mode: the alternate screen, keys until q, resize.
  static func runInteractive(_ options: DemoOptions) async throws -> Int32 {
    let session = try TerminalSession(reportsMouse: !options.disablesMouse)
    defer { session.restore() }
    let size = session.size ?? TerminalSize(columns: 80, rows: 24)
    let view = TerminalListView(
      output: StandardOutput(), mode: .screen(size), title: " ListFlow log viewer · / filter · enter pins")
    let viewer = try LogViewer(view: view, capacity: 100_000)
    viewer.start()
    session.onResize { size in Task { @MainActor in view.resize(to: size) } }
    let timers = Task { await view.runTimers() }
    let writer = startWriting(
      to: viewer, lines: 1_000, ticks: options.ticks,
      interval: options.setsInterval ? options.intervalMilliseconds : 50)
    for await key in session.keys() where view.handle(key) == .quit { break }
    timers.cancel()
    writer.cancel()
    await viewer.stop()
    return 0
  }
}
