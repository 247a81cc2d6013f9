/// A piece of one-line text in one style; its text is always sanitised.
///
/// The initialiser runs the text through ``TextSanitizer/singleLine``, so a run can never carry an escape
/// sequence, a control or a bidi override to the terminal, whatever the model held.
///
/// A run keeps at most the first ``maximumScalarCount`` Unicode scalars of its text: no screen shows more, and
/// so sanitising and measuring a run costs the same for a 1 MB text as for its first line.
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
    self.text = TextSanitizer.singleLine.sanitize(Self.visiblePrefix(of: text))
    self.style = style
  }

  /// The most Unicode scalars of its text a run keeps (before sanitising).
  public static let maximumScalarCount = 4_096

  /// The prefix of `text` a run keeps: `text` itself when it is short.
  ///
  /// - Complexity: O(min(*n*, ``maximumScalarCount``)).
  static func visiblePrefix(of text: String, scalarLimit: Int = maximumScalarCount) -> String {
    if text.utf8.count <= scalarLimit { return text }
    let scalars = text.unicodeScalars
    let end = scalars.index(scalars.startIndex, offsetBy: max(scalarLimit, 0), limitedBy: scalars.endIndex)
    return String(scalars[..<(end ?? scalars.endIndex)])
  }

  /// How many scalars of a text can matter on `columns` columns: four per column (a letter with its marks, a
  /// control shown as a picture) and a few more, at most ``maximumScalarCount``. Text with more marks per letter
  /// than that shows fewer of them, never more columns.
  static func scalarLimit(forColumns columns: Int) -> Int {
    min(max(columns, 0), maximumScalarCount / 4) * 4 + 16
  }

  /// Creates a run from text that is known to be sanitised already (a cut of a sanitised run).
  init(sanitized text: String, style: TextStyle) {
    self.text = text
    self.style = style
  }

  /// The columns the run takes.
  public var width: Int { DisplayWidth.of(text) }

  /// Whether two runs write the same bytes: the same UTF-8 text, scalar for scalar, in the same style.
  ///
  /// Runs compare their bytes rather than their text as `String` does (canonical equivalence), which costs more
  /// than linear time for a character that carries thousands of combining marks; and the frame differ must
  /// redraw a run whose bytes changed, even to an equivalent text.
  ///
  /// - Complexity: O(*n*) in the bytes of the texts.
  public static func == (lhs: StyledRun, rhs: StyledRun) -> Bool {
    lhs.style == rhs.style && lhs.text.utf8.elementsEqual(rhs.text.utf8)
  }

  /// Hashes the run's bytes and style, as `==` compares them.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(style)
    hasher.combine(text.utf8.count)
    for byte in text.utf8 { hasher.combine(byte) }
  }
}
