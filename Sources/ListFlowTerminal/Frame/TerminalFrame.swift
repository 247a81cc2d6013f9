/// What a terminal screen shows: exactly one fitted line per row.
///
/// A frame is a value: the view builds a new one for each change and the frame differ compares it with the last
/// one drawn. The initialiser fits the content to the size, so a frame always describes a screen that can be
/// drawn as it is: lines wider than the screen are truncated with `⋯`, missing rows are empty, and extra lines
/// are dropped.
struct TerminalFrame: Hashable, Sendable {
  /// The screen size the frame is for.
  let size: TerminalSize
  /// One line per row, each at most `size.columns` wide.
  let lines: [StyledLine]

  /// Creates a frame, fitting `lines` to `size`.
  ///
  /// - Parameters:
  ///   - size: The screen size.
  ///   - lines: The lines from the top; more than `size.rows` are dropped, fewer are padded with empty lines.
  /// - Complexity: O(*n*) in the total text of the kept lines.
  init(size: TerminalSize, lines: [StyledLine]) {
    self.size = size
    var fitted = lines.prefix(size.rows).map { $0.truncated(to: size.columns) }
    fitted += Array(repeating: StyledLine(), count: size.rows - fitted.count)
    self.lines = fitted
  }

  /// The frame's text, one line per row without styles, trailing spaces removed.
  var text: String {
    lines.map { line in
      var text = line.text
      while text.last == " " { text.removeLast() }
      return text
    }.joined(separator: "\n")
  }
}
