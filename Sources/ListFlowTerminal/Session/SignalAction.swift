#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Installs a signal handler: the one `sigaction` set-up the crash restore and the signal relay share.
enum SignalAction {
  /// Makes `handler` handle a signal, with `blocked` (and the signal itself) blocked while it runs.
  ///
  /// - Parameters:
  ///   - handler: An async-signal-safe C function.
  ///   - signalNumber: The signal.
  ///   - flags: The action's flags (`SA_RESTART`, or 0).
  ///   - blocked: Signals held back while the handler runs: one of them that comes meanwhile is handled after
  ///     it on that thread, not inside it (a nested handler would run, and finish, first).
  ///   - previous: Where the action it replaces is written.
  static func install(
    _ handler: @convention(c) (Int32) -> Void,
    for signalNumber: Int32,
    flags: Int32,
    blocking blocked: [Int32] = [],
    previous: UnsafeMutablePointer<sigaction>
  ) {
    var action = sigaction()
    #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = handler
    #else
    action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    for other in blocked { sigaddset(&action.sa_mask, other) }
    action.sa_flags = flags
    sigaction(signalNumber, &action, previous)
  }

  /// Makes `handler` handle a signal with the signal's details (`SA_SIGINFO`), with no extra signal blocked while
  /// it runs.
  ///
  /// - Parameters:
  ///   - handler: An async-signal-safe C function taking the signal, its details and the interrupted context.
  ///   - signalNumber: The signal.
  ///   - previous: Where the action it replaces is written.
  static func install(
    _ handler: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void,
    for signalNumber: Int32,
    previous: UnsafeMutablePointer<sigaction>
  ) {
    var action = sigaction()
    #if canImport(Glibc)
    action.__sigaction_handler.sa_sigaction = handler
    #else
    action.__sigaction_u.__sa_sigaction = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = Int32(SA_SIGINFO)
    sigaction(signalNumber, &action, previous)
  }

  /// Gives a signal its default action and delivers it to the calling thread at once (unblocked): for a signal
  /// whose default is to end the program, it ends here, by the signal.
  static func raiseWithDefaultAction(_ signalNumber: Int32) {
    var action = sigaction()
    #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = SIG_DFL
    #else
    action.__sigaction_u.__sa_handler = SIG_DFL
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(signalNumber, &action, nil)
    raiseUnblocked(signalNumber)
  }

  /// Whether a signal is ignored now (`SIG_IGN`): as a job started in the background of a script, or under
  /// `nohup`, starts with some of them.
  static func isIgnored(_ signalNumber: Int32) -> Bool {
    disposition(of: signalNumber, is: unsafeBitCast(SIG_IGN, to: Int.self))
  }

  /// Whether a signal has its default action now (`SIG_DFL`).
  static func isDefault(_ signalNumber: Int32) -> Bool {
    disposition(of: signalNumber, is: unsafeBitCast(SIG_DFL, to: Int.self))
  }

  /// Whether a signal's disposition now is `value` (the bits of `SIG_IGN` or `SIG_DFL`).
  private static func disposition(of signalNumber: Int32, is value: Int) -> Bool {
    var current = sigaction()
    sigaction(signalNumber, nil, &current)
    guard current.sa_flags & Int32(SA_SIGINFO) == 0 else { return false }
    #if canImport(Glibc)
    let handler = current.__sigaction_handler.sa_handler
    #else
    let handler = current.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == value
  }

  /// Whether a signal was sent and its handler has not run yet: one sent to the process that no thread has taken
  /// yet, or one sent to the calling thread.
  ///
  /// The signal is blocked on the calling thread for as long as it looks (`sigpending` lists only blocked
  /// signals), then the thread's mask is put back.
  static func isPending(_ signalNumber: Int32) -> Bool {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signalNumber)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &set, &previous)
    var pending = sigset_t()
    sigpending(&pending)
    let isPending = sigismember(&pending, signalNumber) == 1
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    return isPending
  }

  /// Unblocks a signal on the calling thread (inside its own handler it is blocked) and raises it, so that its
  /// action runs before this returns.
  static func raiseUnblocked(_ signalNumber: Int32) {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signalNumber)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(signalNumber)
  }
}
