#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A ``TerminalOutput`` that writes to a file descriptor, standard output by default, unbuffered.
///
/// Each ``write(_:)`` loops over `write(2)` until every byte is out (retrying on `EINTR`), so a frame is never
/// cut in the middle of an escape sequence. A write error other than `EINTR` (for example `EPIPE` when the
/// reader of a pipe has gone away) drops the rest of that write; ``hasFailed`` then reports it.
public struct StandardOutput: TerminalOutput {
  /// The file descriptor written to.
  public let fileDescriptor: Int32
  private let failure = FailureFlag()

  /// Creates an output for a file descriptor.
  ///
  /// - Parameter fileDescriptor: The descriptor to write to; `STDOUT_FILENO` (1) by default.
  public init(fileDescriptor: Int32 = 1) {
    self.fileDescriptor = fileDescriptor
  }

  /// Whether a write has failed (the reader closed the pipe, the disk is full…).
  public var hasFailed: Bool { failure.isSet }

  /// Writes every byte, retrying interrupted and partial writes.
  ///
  /// - Parameter bytes: The bytes to write.
  public func write(_ bytes: [UInt8]) {
    var offset = 0
    bytes.withUnsafeBytes { buffer in
      while offset < buffer.count {
        let written = systemWrite(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          failure.set()
          return
        }
      }
    }
  }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
