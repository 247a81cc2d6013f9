import Dispatch
import ListFlow
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the signals a session cares about into ordinary calls, outside the signal handler.
///
/// The handler only writes the signal's number to a pipe (`write` is async-signal-safe); a dispatch source reads
/// the pipe and acts in normal code, where it may take locks:
///
/// - `SIGINT`, `SIGTERM`, `SIGHUP`, `SIGQUIT`: restore the terminal, then exit with 128 + the signal's number.
/// - `SIGTSTP`: suspend (restore, stop); `SIGCONT`: take the terminal again and repaint. The stop is served
///   later than the default action would stop the process, so a `SIGCONT` that comes in between cancels it, as
///   it would have continued a process stopped at once: the program runs on once the last `SIGCONT` has come.
///   It counts once its handler has run: the kernel offers no way to stop only if no `SIGCONT` came since, so one
///   whose handler has not run when the relay last looks, or that comes between that look and the stop, is too
///   late (microseconds, unless the machine is so busy that a thread waits for a processor).
///   One relayed once the last session has ended is served as `SIGTSTP`'s disposition then says.
/// - `SIGWINCH`: call the resize handlers.
///
/// The handlers are installed while a session is open; the previous dispositions come back when the last one ends.
/// One of ``keptIgnoredSignals`` that is ignored when the handlers are installed (a job a script started in the
/// background ignores `SIGINT` and `SIGQUIT`, `nohup` ignores `SIGHUP`) stays ignored, as POSIX asks of a program
/// that catches them; with `SIGTSTP` ignored (no job control to continue the program), nothing suspends it.
enum SignalRelay {
  static let relayedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH]
  /// The signals left ignored when they are ignored as the handlers are installed.
  static let keptIgnoredSignals: Set<Int32> = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP]

  private struct State: @unchecked Sendable {
    // `sigaction` values and the dispatch source are plain data and a thread-safe object.
    var previous: [Int32: sigaction] = [:]
    var source: (any DispatchSourceRead)?
    /// The signals of ``keptIgnoredSignals`` found ignored at the install, left so.
    var ignored: Set<Int32> = []
  }

  private static let state = Mutex(State())

  /// Installs the handlers (once until ``uninstall()``).
  static func install() {
    state.withSanitizedLock { state in
      guard state.previous.isEmpty else { return }
      if state.source == nil, let readEnd = openPipe() {
        let source = DispatchSource.makeReadSource(
          fileDescriptor: readEnd, queue: DispatchQueue(label: "ListFlowTerminal.signals"))
        source.setEventHandler { drain(readEnd) }
        source.resume()
        state.source = source
      }
      state.ignored = keptIgnoredSignals.filter(SignalAction.isIgnored)
      for signalNumber in relayedSignals where !state.ignored.contains(signalNumber) {
        var previous = sigaction()
        // Each handler holds the others back: a `SIGCONT` that comes while a `SIGTSTP` is being handled is handled
        // after it, so the last one sent is the last one noted (nested, it would be noted first).
        SignalAction.install(
          relaySignal, for: signalNumber, flags: Int32(SA_RESTART), blocking: relayedSignals, previous: &previous)
        state.previous[signalNumber] = previous
      }
    }
  }

  /// Puts the previous dispositions back.
  static func uninstall() {
    state.withSanitizedLock { state in
      for (signalNumber, var previous) in state.previous { sigaction(signalNumber, &previous, nil) }
      state.previous = [:]
      state.ignored = []
    }
  }

  /// Whether `SIGTSTP` was ignored when the handlers were installed: then nothing suspends the program (no job
  /// control would continue it), Ctrl-Z included.
  static var ignoresSuspend: Bool { state.withSanitizedLock { $0.ignored.contains(SIGTSTP) } }

  private static func openPipe() -> Int32? {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
    relayWriteEnd.store(ends[1], ordering: .releasing)
    return ends[0]
  }

  private static func drain(_ readEnd: Int32) {
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
    guard count > 0 else { return }
    for byte in buffer[0..<count] { handle(Int32(byte)) }
  }

  private static func handle(_ signalNumber: Int32) {
    switch signalNumber {
    case SIGWINCH: TerminalRegistry.notifyResize()
    case SIGTSTP:
      // A SIGCONT sent since cancels the stop, handled (the flag) or not yet (pending).
      let isWanted = { stopRequested.load(ordering: .acquiring) && !SignalAction.isPending(SIGCONT) }
      if !TerminalRegistry.suspend(while: isWanted), isWanted() { stopWithoutSession() }
    case SIGCONT: TerminalRegistry.resume()
    default:
      TerminalRegistry.restoreAll()
      exit(128 + signalNumber)
    }
  }
}

extension SignalRelay {
  /// Serves a `SIGTSTP` taken while a session held the terminal but relayed once none does (it came as the last
  /// one ended), as `SIGTSTP`'s disposition now says: the stop a session serves (`SIGSTOP`, which stops a program
  /// a script started too) when it is the default, the handler of a session opened since or of the app, or nothing
  /// when it is ignored. Sent to the process, not raised: the relay's queue runs on a thread that blocks it.
  fileprivate static func stopWithoutSession() {
    if SignalAction.isDefault(SIGTSTP) { raise(SIGSTOP) } else { kill(getpid(), SIGTSTP) }
  }
}

/// The write end of the relay's pipe, read by the signal handler.
private let relayWriteEnd = Atomic<Int32>(-1)

/// Whether a `SIGTSTP` came after the last `SIGCONT`: a stop it asks for is still wanted.
private let stopRequested = Atomic<Bool>(false)

/// The signal handler: notes whether a stop is wanted, and writes the signal's number to the relay's pipe.
/// Async-signal-safe.
private let relaySignal: @convention(c) (Int32) -> Void = { signalNumber in
  let savedErrno = errno
  if signalNumber == SIGTSTP {
    stopRequested.store(true, ordering: .releasing)
  } else if signalNumber == SIGCONT {
    stopRequested.store(false, ordering: .releasing)
  }
  var byte = UInt8(truncatingIfNeeded: signalNumber)
  _ = write(relayWriteEnd.load(ordering: .acquiring), &byte, 1)
  errno = savedErrno
}
