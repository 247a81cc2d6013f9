import ListFlow
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process-wide gate in front of the terminals a ``TerminalSession`` draws on.
///
/// Every ``StandardOutput`` write goes through the gate, under its lock. When a session gives its terminal back
/// (restore, suspend), it closes the gate for that descriptor under the same lock, then writes the restoring
/// bytes: a frame being written finishes first, and nothing written later reaches the restored screen. A
/// session that takes the terminal (again) opens it. Every close and every dropped write moves ``epoch``, which
/// ``StandardOutput/interruptions`` includes, so a view repaints in full the next time it draws.
enum ScreenGate {
  private struct State: Sendable {
    var closed: Set<Int32> = []
  }

  private static let state = Mutex(State())
  private static let epochCounter = Atomic<Int>(0)

  /// A number that changes whenever a terminal was given back, taken again, or a write to it was dropped.
  static var epoch: Int { epochCounter.load(ordering: .relaxed) }

  /// Runs `body` under the gate's lock when `descriptor` is open; otherwise drops the write.
  ///
  /// - Returns: `false` when the write was dropped.
  static func whenOpen(_ descriptor: Int32, _ body: () -> Void) -> Bool {
    state.withSanitizedLock { state in
      guard !state.closed.contains(descriptor) else {
        epochCounter.add(1, ordering: .relaxed)
        return false
      }
      body()
      return true
    }
  }

  /// Closes the gate for `descriptor`, then runs `body` (which writes the restoring bytes) under the lock.
  static func close(_ descriptor: Int32, _ body: () -> Void) {
    state.withSanitizedLock { state in
      state.closed.insert(descriptor)
      epochCounter.add(1, ordering: .relaxed)
      body()
    }
  }

  /// Runs `body` (which writes the setup bytes) under the lock, then opens the gate for `descriptor`.
  static func open(_ descriptor: Int32, _ body: () -> Void) {
    state.withSanitizedLock { state in
      body()
      state.closed.remove(descriptor)
      epochCounter.add(1, ordering: .relaxed)
    }
  }
}

/// What happened when bytes were written to a descriptor.
enum WriteResult: Equatable {
  case written
  /// The reader of a pipe or socket has gone (`EPIPE`).
  case readerClosed
  case failed(errno: Int32)
}

/// Writes every byte to a descriptor, bypassing the gate: retries `EINTR`, waits with `poll` on `EAGAIN` (a
/// descriptor left non-blocking by another program), and stops at any other error.
///
/// - Complexity: O(*n*) in the number of bytes, plus the time the reader takes.
func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> WriteResult {
  guard let base = bytes.baseAddress else { return .written }
  var offset = 0
  while offset < bytes.count {
    let written = systemWrite(descriptor, base + offset, bytes.count - offset)
    if written > 0 {
      offset += written
      continue
    }
    let error = written < 0 ? errno : EIO
    switch error {
    case EINTR: continue
    case EAGAIN, EWOULDBLOCK:
      var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      let ready = poll(&request, 1, -1)
      if ready < 0 && errno != EINTR { return .failed(errno: errno) }
    case EPIPE: return .readerClosed
    default: return .failed(errno: error)
    }
  }
  return .written
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
