import ListFlow
import Synchronization

/// A ``TerminalOutput`` that keeps every byte written to it, for tests and measurements.
///
/// It is safe to write from any thread; ``bytes`` is everything written so far, in order.
///
/// ```swift
/// let output = CapturingOutput()
/// view.render()
/// let frame = output.takeText()
/// ```
public final class CapturingOutput: TerminalOutput {
  private let storage = Mutex<[UInt8]>([])

  /// Creates an empty capture.
  public init() {}

  /// Appends bytes to the capture.
  ///
  /// - Parameter bytes: The bytes written.
  public func write(_ bytes: [UInt8]) {
    storage.withSanitizedLock { $0.append(contentsOf: bytes) }
  }

  /// Everything written so far.
  public var bytes: [UInt8] { storage.withSanitizedLock { $0 } }

  /// Everything written so far, decoded as UTF-8 (invalid bytes become U+FFFD).
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Returns everything written so far and empties the capture.
  ///
  /// - Returns: The bytes written since the last take.
  public func takeBytes() -> [UInt8] {
    storage.withSanitizedLock { bytes in
      defer { bytes.removeAll(keepingCapacity: true) }
      return bytes
    }
  }

  /// Returns everything written so far as UTF-8 text and empties the capture.
  ///
  /// - Returns: The text written since the last take.
  public func takeText() -> String { String(decoding: takeBytes(), as: UTF8.self) }
}
