import ListFlow
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process-wide bookkeeping of ``TerminalSession``s: one terminal taken over, reference-counted.
///
/// The first session saves the terminal's settings and takes it over; later sessions share it; the last one to
/// end gives it back with the first session's settings. The `atexit` handler, the signal relay and the crash
/// handlers, which cannot capture a session, go through here too.
enum TerminalRegistry {
  struct State: Sendable {
    var saved: SavedTerminal?
    var sessionCount = 0
    var isSuspended = false
    var nextIdentifier = 0
    var resizeHandlers: [Int: @Sendable (TerminalSize) -> Void] = [:]
    var exitHandlerInstalled = false
  }

  static let state = Mutex(State())

  /// Whether the terminal taken over reports the mouse (its first session was made with `reportsMouse: true`);
  /// `nil` while no session has taken it over.
  static var reportsMouse: Bool? {
    state.withSanitizedLock { $0.saved?.reportsMouse }
  }

  /// Takes the terminal over for a new session (or joins the one already taken) and returns the session's number.
  static func acquire(
    inputDescriptor: Int32, outputDescriptor: Int32, reportsMouse: Bool
  ) throws(TerminalError)
    -> Int
  {
    let result = state.withSanitizedLock { state -> Result<(Int, Bool), TerminalError> in
      if state.saved == nil {
        var original = termios()
        guard tcgetattr(inputDescriptor, &original) == 0 else {
          return .failure(.systemCall(name: "tcgetattr", errno: errno))
        }
        let saved = SavedTerminal(
          inputDescriptor: inputDescriptor, outputDescriptor: outputDescriptor, original: original,
          raw: SavedTerminal.rawSettings(from: original), reportsMouse: reportsMouse)
        CrashRestore.arm(saved)
        let failure = saved.takeOver()
        guard failure == 0 else {
          CrashRestore.disarm()
          return .failure(.systemCall(name: "tcsetattr", errno: failure))
        }
        state.saved = saved
        state.isSuspended = false
        SignalRelay.install()
      }
      state.sessionCount += 1
      state.nextIdentifier += 1
      defer { state.exitHandlerInstalled = true }
      return .success((state.nextIdentifier, !state.exitHandlerInstalled))
    }
    let (identifier, installExitHandler) = try result.get()
    if installExitHandler { atexit { TerminalRegistry.restoreAll() } }
    return identifier
  }

  /// Ends one session; the last one gives the terminal back.
  static func release(_ identifier: Int) {
    state.withSanitizedLock { state in
      state.resizeHandlers[identifier] = nil
      state.sessionCount = max(state.sessionCount - 1, 0)
      if state.sessionCount == 0 { giveBack(&state) }
    }
  }

  /// Gives the terminal back whatever sessions are open (exit, termination signal).
  static func restoreAll() {
    state.withSanitizedLock { state in
      state.sessionCount = 0
      state.resizeHandlers = [:]
      giveBack(&state)
    }
  }

  private static func giveBack(_ state: inout State) {
    guard let saved = state.saved else { return }
    CrashRestore.disarm()
    SignalRelay.uninstall()
    if !state.isSuspended { saved.giveBack() }
    state.saved = nil
    state.isSuspended = false
  }

  /// Adds a resize handler for a session.
  static func addResizeHandler(_ identifier: Int, _ handler: @escaping @Sendable (TerminalSize) -> Void) {
    state.withSanitizedLock { state in
      guard state.saved != nil else { return }
      let previous = state.resizeHandlers[identifier]
      state.resizeHandlers[identifier] = { size in
        previous?(size)
        handler(size)
      }
    }
  }

  /// Calls every resize handler with the terminal's current size.
  static func notifyResize() {
    let (handlers, descriptor) = state.withSanitizedLock { state in
      (Array(state.resizeHandlers.values), state.saved?.outputDescriptor)
    }
    guard let descriptor, let size = TerminalSession.size(of: descriptor) else { return }
    for handler in handlers { handler(size) }
  }

  /// Ctrl-Z or `SIGTSTP`: gives the terminal back, stops the process, and takes the terminal again when it is
  /// continued (`fg`).
  ///
  /// - Parameter isWanted: Whether the stop is still wanted, asked before the terminal is given back and again
  ///   before the process stops (a `SIGCONT` that came since cancels a `SIGTSTP`); always, by default.
  /// - Returns: `false` when no session holds the terminal (nothing was done), else `true`.
  @discardableResult
  static func suspend(while isWanted: () -> Bool = { true }) -> Bool {
    guard !SignalRelay.ignoresSuspend else { return true }
    var isHeld = true
    let didGiveBack = state.withSanitizedLock { state -> Bool in
      guard let saved = state.saved else {
        isHeld = false
        return false
      }
      guard !state.isSuspended, isWanted() else { return false }
      saved.giveBack()
      state.isSuspended = true
      return true
    }
    guard didGiveBack else { return isHeld }
    // SIGSTOP, unlike SIGTSTP, also stops a process whose group is orphaned (a program started by a script).
    // Sent to this thread, it stops the process before `raise` returns; `kill` to the process would not wait.
    if isWanted() { raise(SIGSTOP) }
    resume()
    return true
  }

  /// `SIGCONT`, or the return from ``suspend()``: raw mode and the setup sequence again, then a resize
  /// notification so that views repaint in full.
  static func resume() {
    let resumed = state.withSanitizedLock { state -> Bool in
      guard let saved = state.saved, state.isSuspended else { return false }
      state.isSuspended = false
      _ = saved.takeOver()
      return true
    }
    if resumed { notifyResize() }
  }
}
