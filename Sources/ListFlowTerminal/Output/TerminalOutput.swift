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

  /// A number that changes whenever the screen may no longer show what was written: a write failed or was
  /// dropped, or the terminal was given back and taken again. ``TerminalListView`` repaints in full when it
  /// changed since its last frame. The default is always 0.
  var interruptions: Int { get }
}

extension TerminalOutput {
  /// Always 0: an output that never fails, such as ``CapturingOutput``.
  public var interruptions: Int { 0 }

  /// Writes the UTF-8 bytes of a string.
  ///
  /// The string is written as it is: callers sanitise text that comes from data (see ``TextSanitizer``).
  ///
  /// - Parameter text: The text to write.
  public func write(_ text: String) {
    write(Array(text.utf8))
  }
}
