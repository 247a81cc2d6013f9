extension DisplayWidth {
  /// The mark of a cut: `⋯` (U+22EF), one column in every locale. The more usual `…` (U+2026) is East Asian
  /// Ambiguous, which a terminal set to draw ambiguous characters wide would draw in two columns.
  public static let ellipsis = "⋯"

  /// Cuts text to at most `width` columns, ending it with an ellipsis when something was cut.
  ///
  /// Cuts happen between characters (grapheme clusters), never inside one, so an emoji sequence or a letter with
  /// its accents is kept or dropped whole. When a wide character would straddle the limit it is dropped, and the
  /// result may be one column narrower than `width`.
  ///
  /// ```swift
  /// DisplayWidth.truncate("Hello, world", to: 8)  // "Hello, ⋯"
  /// DisplayWidth.truncate("日本語", to: 4)         // "日⋯"
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text, already sanitised.
  ///   - width: The most columns the result may take; 0 or less gives `""`.
  ///   - ellipsis: What marks the cut; ``ellipsis`` (`⋯`, one column) by default. It is itself cut when wider than `width`.
  /// - Returns: `text` when it fits, otherwise its longest prefix that fits together with the ellipsis.
  /// - Complexity: O(*n*) in the length of `text`.
  public static func truncate(_ text: String, to width: Int, ellipsis: String = DisplayWidth.ellipsis) -> String {
    guard width > 0 else { return "" }
    if of(text) <= width { return text }
    let ellipsisWidth = of(ellipsis)
    guard ellipsisWidth <= width else { return prefix(ellipsis, fitting: width).text }
    return prefix(text, fitting: width - ellipsisWidth).text + ellipsis
  }

  /// The longest prefix of whole characters that fits in `width` columns, and its width.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - width: The columns available.
  /// - Returns: The prefix and the columns it takes (at most `width`).
  /// - Complexity: O(*n*) in the length of the prefix.
  public static func prefix(_ text: some StringProtocol, fitting width: Int) -> (text: String, width: Int) {
    var used = 0
    var end = text.startIndex
    for index in text.indices {
      let characterWidth = of(text[index])
      if used + characterWidth > width { break }
      used += characterWidth
      end = text.index(after: index)
    }
    return (String(text[..<end]), used)
  }
}
