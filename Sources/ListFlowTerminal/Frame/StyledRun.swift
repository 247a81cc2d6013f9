/// A piece of one-line text in one style; its text is always sanitised.
///
/// The initialiser runs the text through ``TextSanitizer/singleLine``, so a run can never carry an escape
/// sequence, a control or a bidi override to the terminal, whatever the model held.
///
/// ```swift
/// StyledRun("\u{1B}[2Jhi", style: .bold).text  // "␛[2Jhi"
/// ```
public struct StyledRun: Hashable, Sendable {
  /// The sanitised text.
  public let text: String
  /// The style it is drawn in.
  public var style: TextStyle

  /// Creates a run, sanitising the text.
  ///
  /// - Parameters:
  ///   - text: Any text; controls, escapes, line breaks and bidi controls are neutralised.
  ///   - style: The style; plain by default.
  public init(_ text: String, style: TextStyle = .plain) {
    self.text = TextSanitizer.singleLine.sanitize(text)
    self.style = style
  }

  /// Creates a run from text that is known to be sanitised already (a cut of a sanitised run).
  init(sanitized text: String, style: TextStyle) {
    self.text = text
    self.style = style
  }

  /// The columns the run takes.
  public var width: Int { DisplayWidth.of(text) }
}
