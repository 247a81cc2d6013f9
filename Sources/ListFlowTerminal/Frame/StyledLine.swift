/// One line of a terminal frame: styled runs side by side.
///
/// ```swift
/// var line = StyledLine()
/// line.append("▸ ", style: .bold)
/// line.append(title)
/// ```
public struct StyledLine: Hashable, Sendable, ExpressibleByStringLiteral {
  /// The runs, left to right.
  public var runs: [StyledRun]

  /// Creates a line from runs.
  ///
  /// - Parameter runs: The runs, left to right; empty by default.
  public init(_ runs: [StyledRun] = []) {
    self.runs = runs
  }

  /// Creates a line of one run of text (sanitised).
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - style: Its style; plain by default.
  public init(_ text: String, style: TextStyle = .plain) {
    self.runs = [StyledRun(text, style: style)]
  }

  /// Creates a line of plain text (sanitised).
  ///
  /// - Parameter value: The text.
  public init(stringLiteral value: String) {
    self.runs = [StyledRun(value)]
  }

  /// Adds a run at the end of the line.
  ///
  /// - Parameters:
  ///   - text: Any text (sanitised).
  ///   - style: Its style.
  public mutating func append(_ text: String, style: TextStyle = .plain) {
    runs.append(StyledRun(text, style: style))
  }

  /// Adds a line's runs at the end of this one.
  ///
  /// - Parameter line: The line to append.
  public mutating func append(contentsOf line: StyledLine) {
    runs += line.runs
  }

  /// The columns the line takes.
  public var width: Int { runs.reduce(0) { $0 + $1.width } }

  /// The line's text without styles.
  public var text: String { runs.map(\.text).joined() }

  /// The line with each run's style changed and its text kept as it is.
  ///
  /// The text is not sanitised again: a run cut to the screen's width (see ``truncated(to:)``) may end with a
  /// character that the text went on after (an emoji and a joiner, a lone regional indicator), which the
  /// sanitiser shows by code point at the end of a text, so sanitising the cut again would draw it otherwise.
  ///
  /// - Parameter restyle: The new style of a run, from its style.
  /// - Returns: The restyled line.
  func restyled(_ restyle: (TextStyle) -> TextStyle) -> StyledLine {
    var line = self
    for index in line.runs.indices { line.runs[index].style = restyle(line.runs[index].style) }
    return line
  }

  /// The line cut to at most `width` columns, with an ellipsis (`⋯`) in the last kept run's style when something
  /// was cut, and with empty runs removed.
  ///
  /// - Parameter width: The columns available.
  /// - Returns: The fitted line.
  /// - Complexity: O(*n*) in the length of the line's text.
  public func truncated(to width: Int) -> StyledLine {
    // A line that fits with no empty run (most lines of a frame) is itself: no run is copied.
    var total = 0
    var hasEmptyRun = false
    for run in runs {
      if run.text.isEmpty { hasEmptyRun = true } else { total += run.width }
    }
    let kept = hasEmptyRun ? runs.filter { !$0.text.isEmpty } : runs
    guard total > width else { return hasEmptyRun ? StyledLine(kept) : self }
    guard width > 0 else { return StyledLine() }
    var result: [StyledRun] = []
    var remaining = width - 1  // one column for the ellipsis
    var ellipsisStyle = kept.first?.style ?? .plain
    for run in kept {
      if remaining <= 0 { break }
      let cut = DisplayWidth.prefix(run.text, fitting: remaining)
      if !cut.text.isEmpty { result.append(StyledRun(sanitized: cut.text, style: run.style)) }
      ellipsisStyle = run.style
      remaining -= cut.width
      if cut.text.count < run.text.count { break }
    }
    result.append(StyledRun(sanitized: DisplayWidth.ellipsis, style: ellipsisStyle))
    return StyledLine(result)
  }
}
