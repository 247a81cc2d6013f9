import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``TerminalOutput`` that writes to a file descriptor, standard output by default, unbuffered.
///
/// Each ``write(_:)`` loops over `write(2)` until every byte is out, so a frame is never cut in the middle of an
/// escape sequence: it retries interrupted and partial writes, and when the descriptor was left non-blocking by
/// another program (`EAGAIN`) it waits with `poll` until the terminal can take more, then goes on.
///
/// - When the reader of a pipe has gone (`swift run Demo | head`), the write stops, ``readerHasClosed`` becomes
///   `true` and later writes are dropped. That is how a pipe ends, not a failure: ``hasFailed`` stays `false`.
///   Creating a `StandardOutput` ignores `SIGPIPE` for the process, so a closed pipe is an error code and not a
///   signal that kills the program in the middle of a line.
/// - Any other error (a full disk, an I/O error) drops the rest of that write and sets ``hasFailed``.
/// - While a ``TerminalSession`` has given the descriptor back (restored or suspended), writes to it are dropped,
///   so nothing is drawn on the restored screen.
///
/// Each of these moves ``interruptions``, and ``TerminalListView`` repaints in full the next time it draws.
public struct StandardOutput: TerminalOutput {
  /// The file descriptor written to.
  public let fileDescriptor: Int32
  private let record = WriteRecord()

  /// Creates an output for a file descriptor, and ignores `SIGPIPE` for the process (see the type's discussion).
  ///
  /// - Parameter fileDescriptor: The descriptor to write to; `STDOUT_FILENO` (1) by default.
  public init(fileDescriptor: Int32 = 1) {
    self.fileDescriptor = fileDescriptor
    _ = ignoreBrokenPipeSignal
  }

  /// Whether a write has failed for a reason other than a closed pipe (a full disk, an I/O error…).
  public var hasFailed: Bool { record.hasFailed.load(ordering: .relaxed) }

  /// Whether the reader of the pipe written to has gone (`EPIPE`); later writes are dropped.
  public var readerHasClosed: Bool { record.readerHasClosed.load(ordering: .relaxed) }

  /// A number that changes whenever a write failed or was dropped, or a session gave the terminal back or took
  /// it again: what the screen shows may then differ from what was written.
  public var interruptions: Int { record.interruptions.load(ordering: .relaxed) + ScreenGate.epoch }

  /// Writes every byte, retrying interrupted and partial writes and waiting while the terminal is busy.
  ///
  /// - Parameter bytes: The bytes to write.
  public func write(_ bytes: [UInt8]) {
    guard !bytes.isEmpty, !readerHasClosed else { return }
    var result = WriteResult.written
    let passed = ScreenGate.whenOpen(fileDescriptor) {
      result = bytes.withUnsafeBytes { writeAll(fileDescriptor, $0) }
    }
    guard passed else { return }
    switch result {
    case .written: return
    case .readerClosed: record.readerHasClosed.store(true, ordering: .relaxed)
    case .failed: record.hasFailed.store(true, ordering: .relaxed)
    }
    record.interruptions.add(1, ordering: .relaxed)
  }
}

/// What the copies of one ``StandardOutput`` share about its writes.
private final class WriteRecord: Sendable {
  let hasFailed = Atomic<Bool>(false)
  let readerHasClosed = Atomic<Bool>(false)
  let interruptions = Atomic<Int>(0)
}

/// Ignores `SIGPIPE` once for the process, so that writing to a closed pipe returns `EPIPE`.
private let ignoreBrokenPipeSignal: Void = {
  _ = signal(SIGPIPE, SIG_IGN)
}()
