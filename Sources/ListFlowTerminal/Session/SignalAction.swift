#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Installs a signal handler: the one `sigaction` set-up the crash restore and the signal relay share.
enum SignalAction {
  /// Makes `handler` handle a signal, with no extra signal blocked while it runs.
  ///
  /// - Parameters:
  ///   - handler: An async-signal-safe C function.
  ///   - signalNumber: The signal.
  ///   - flags: The action's flags (`SA_RESTART`, or 0).
  ///   - previous: Where the action it replaces is written.
  static func install(
    _ handler: @convention(c) (Int32) -> Void,
    for signalNumber: Int32,
    flags: Int32,
    previous: UnsafeMutablePointer<sigaction>
  ) {
    var action = sigaction()
    #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = handler
    #else
    action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    sigaction(signalNumber, &action, previous)
  }
}
