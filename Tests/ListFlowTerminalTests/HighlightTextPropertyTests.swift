import ListFlowTerminal
import TestSupport
import Testing

/// A filter's highlight changes how a title's characters look, never which characters it shows: the matched
/// characters and the others are drawn in runs of their own, and a run that ends before a character of the title
/// (an emoji and a joiner, a lone regional indicator, a Hangul leading consonant, kept inside a text) or starts
/// after one shows what the whole title shows there.
@MainActor
@Suite struct HighlightTextPropertyTests {
  /// Pieces of titles: plain, wide, and characters that join what follows them when they end a text.
  static let pieces = ["a", "x", " ", "日", "é", "👍\u{200D}", "🇯", "\u{1100}", "🇯🇵", "\u{7}\u{301}"]

  @Test(
    "random titles with random highlighted characters (2,000 deep, 200 quick), at random widths: the same text as without highlights"
  )
  func highlightsKeepTheText() {
    var failures = 0
    for seed in DeepPass.seeds(quick: 200, deep: 2_000) {
      var random = SeededRandom(seed: seed)
      let title = (0..<(1 + random.below(8))).map { _ in Self.pieces[random.below(Self.pieces.count)] }.joined()
      let width = 1 + random.below(24)
      let cell = TextCell()
      cell.title = title
      cell.accessory = random.oneIn(3) ? "42" : ""
      let plain = cell.line(width: width)
      cell.titleHighlights = (0..<title.count).filter { _ in random.oneIn(2) }
      let highlighted = cell.line(width: width)
      if highlighted.text != plain.text || highlighted.width != plain.width {
        failures += 1
        let scalars = title.unicodeScalars.map { String($0.value, radix: 16) }
        #expect(
          highlighted.text == plain.text,
          "seed \(seed), title \(scalars), highlights \(cell.titleHighlights), width \(width)")
        if failures >= 3 { break }
      }
    }
  }
}
