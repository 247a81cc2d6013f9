import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gives the terminal back when the program crashes: a Swift trap (`SIGILL` on x86-64, `SIGTRAP` on arm64), a
/// bad memory access (`SIGSEGV`, `SIGBUS`), `abort()` (`SIGABRT`) or an arithmetic fault (`SIGFPE`).
///
/// The handler uses only async-signal-safe calls: `write` of bytes prepared in advance, `tcsetattr` with settings
/// copied in advance, then `sigaction` to put back the handler that was there before (the default, or Swift's
/// backtracer) and `raise` to let it run. It restores at most once. A stack overflow is not covered: the handler
/// would need an alternate signal stack on every thread.
///
/// The program always ends by the signal. A fault the processor reported (a trap, a bad access) is raised again
/// as the handler returns, so that the previous handler sees the faulting context; when that handler returns,
/// the faulting instruction faults again. A signal a process sent (`kill` from outside, `abort()`, `raise`) does
/// not come back by itself: Swift's backtracer returns from it, and the program would go on drawing over the
/// shell. So the previous handler runs at once, inside this one, and then the signal is raised again with its
/// default action, which ends the program with the signal's status.
enum CrashRestore {
  static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

  /// Copies what the handler needs and installs it (replacing the previous handlers, kept for chaining).
  static func arm(_ saved: SavedTerminal) {
    let record = crashRecord
    record.pointee.inputDescriptor = saved.inputDescriptor
    record.pointee.outputDescriptor = saved.outputDescriptor
    record.pointee.settings = saved.original
    if !installed.exchange(true, ordering: .acquiringAndReleasing) {
      for (index, signalNumber) in crashSignals.enumerated() {
        SignalAction.install(restoreAndRaise, for: signalNumber, previous: previousActions + index)
      }
    }
    armed.store(true, ordering: .releasing)
  }

  /// Stops the handler from restoring (the terminal was given back in order).
  static func disarm() {
    armed.store(false, ordering: .releasing)
  }

  /// The restoring bytes, kept in memory the handler can read without allocating.
  nonisolated(unsafe) fileprivate static let restoreBytes: UnsafeMutableBufferPointer<UInt8> = {
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: SavedTerminal.restoreSequence.count)
    _ = buffer.initialize(from: SavedTerminal.restoreSequence)
    return buffer
  }()
}

/// What the crash handler reads: descriptors, settings and the handlers to chain to.
private struct CrashRecord {
  var inputDescriptor: Int32 = -1
  var outputDescriptor: Int32 = -1
  var settings = termios()
}

/// The handlers that were installed before ours, in the order of ``CrashRestore/crashSignals``.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
  let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: CrashRestore.crashSignals.count)
  actions.initialize(repeating: sigaction(), count: CrashRestore.crashSignals.count)
  return actions
}()

private let armed = Atomic<Bool>(false)
private let installed = Atomic<Bool>(false)

/// Allocated once and never freed, so the handler can read it at any time.
nonisolated(unsafe) private let crashRecord: UnsafeMutablePointer<CrashRecord> = {
  let record = UnsafeMutablePointer<CrashRecord>.allocate(capacity: 1)
  record.initialize(to: CrashRecord())
  _ = CrashRestore.restoreBytes
  _ = previousActions
  return record
}()

/// The crash handler: restore once, put the previous handler back, raise the signal again; see ``CrashRestore``
/// for how the program ends.
private let restoreAndRaise:
  @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
    signalNumber, info, _ in
    let record = crashRecord
    if armed.exchange(false, ordering: .acquiringAndReleasing) {
      let bytes = CrashRestore.restoreBytes
      var offset = 0
      while offset < bytes.count {
        let written = write(record.pointee.outputDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          break
        }
      }
      _ = tcsetattr(record.pointee.inputDescriptor, TCSANOW, &record.pointee.settings)
    }
    // Chain to whatever handled the signal before (the default action, or Swift's backtracer).
    let index: Int
    switch signalNumber {
    case SIGILL: index = 0
    case SIGTRAP: index = 1
    case SIGABRT: index = 2
    case SIGSEGV: index = 3
    case SIGBUS: index = 4
    default: index = 5
    }
    sigaction(signalNumber, previousActions + index, nil)
    // A positive code: the processor reported a fault (SEGV_MAPERR, ILL_ILLOPN…). Zero or less: a process sent
    // the signal (SI_USER for kill, SI_TKILL for raise and abort, SI_QUEUE).
    let sentByProcess = (info?.pointee.si_code ?? 0) <= 0
    guard sentByProcess else {
      // Blocked while this handler runs: delivered to the previous handler as it returns, in the faulting context.
      raise(signalNumber)
      return
    }
    // The previous handler runs now (the default action ends the program here)…
    SignalAction.raiseUnblocked(signalNumber)
    // …and when it returns, as Swift's backtracer does, the default action ends the program by the signal.
    SignalAction.raiseWithDefaultAction(signalNumber)
    _exit(128 + signalNumber)
  }
