/// Where terminal bytes go: the seam between rendering and the outside world.
///
/// ``TerminalListView`` and ``TerminalSession`` write every byte through a `TerminalOutput`, so a test hands them a
/// ``CapturingOutput`` and checks the exact bytes, while a program uses ``StandardOutput``.
///
/// ```swift
/// let output = CapturingOutput()
/// output.write("hello")
/// #expect(output.text == "hello")
/// ```
public protocol TerminalOutput: Sendable {
  /// Writes bytes, in order, completely.
  ///
  /// - Parameter bytes: The bytes to write.
  func write(_ bytes: [UInt8])
}

extension TerminalOutput {
  /// Writes the UTF-8 bytes of a string.
  ///
  /// The string is written as it is: callers sanitise text that comes from data (see ``TextSanitizer``).
  ///
  /// - Parameter text: The text to write.
  public func write(_ text: String) {
    write(Array(text.utf8))
  }
}
