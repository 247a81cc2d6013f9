import ListFlowTerminal
import Testing

@Suite struct DisplayWidthTests {
  @Test(
    "characters take 0, 1 or 2 columns, emoji sequences what a per-code-point terminal gives them",
    arguments: [
      ("a", 1), ("é", 1), ("e\u{301}", 1), ("日", 2), ("한", 2), ("カ", 2), ("Ａ", 2), ("ｶ", 1),
      ("👍", 2), ("👍🏽", 4), ("👨‍👩‍👧", 6), ("🇫🇷", 2), ("1️⃣", 2), ("का", 2), ("❤️", 2), ("❤", 1), ("☺︎", 1),
      ("\u{301}", 0), ("\u{200D}", 0), ("\u{FE0F}", 0), ("\u{200B}", 0), ("Ω", 1), ("ß", 1),
    ] as [(Character, Int)])
  func characterWidths(character: Character, width: Int) {
    #expect(DisplayWidth.of(character) == width, "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
  }

  @Test(
    "strings add up their characters' widths",
    arguments: [
      ("hello", 5), ("日本語", 6), ("a日b", 4), ("👨‍👩‍👧 family", 13), ("क्ष", 2), ("नमस्ते", 4), ("cafe\u{301}", 4), ("", 0),
      ("ｈｉ", 4),
    ])
  func stringWidths(text: String, width: Int) {
    #expect(DisplayWidth.of(text) == width)
  }

  @Test("random strings of printable, control and non-ASCII characters: the whole string's width is its characters'")
  func randomStringsAddUp() {
    // The edges of printable ASCII (space, tilde), the controls around them (unit separator, delete), and
    // characters of width 0 and 2.
    let pool: [Character] = [" ", "~", "a", "Z", "0", "\u{1F}", "\u{7F}", "\t", "é", "日", "\u{301}", "👍"]
    var state: UInt64 = 0x0D15_1A7E
    for index in 0..<2_000 {
      var text = ""
      for _ in 0..<(index % 40) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        // Mostly printable ASCII (the fast path), sometimes one of the others.
        let pick = Int(state >> 33) % (index % 3 == 0 ? 4 : pool.count)
        text.append(pool[pick])
      }
      let expected = text.reduce(0) { $0 + DisplayWidth.of($1) }
      #expect(DisplayWidth.of(text) == expected, "\(text.unicodeScalars.map(\.value))")
      #expect(DisplayWidth.of(text.dropFirst()) == text.dropFirst().reduce(0) { $0 + DisplayWidth.of($1) })
    }
  }

  @Test(
    "truncation cuts whole characters and ends with an ellipsis",
    arguments: [
      ("Hello, world", 8, "Hello, ⋯"), ("Hello", 5, "Hello"), ("Hello", 4, "Hel⋯"), ("日本語", 4, "日⋯"),
      ("日本語", 5, "日本⋯"), ("日本語", 6, "日本語"), ("👨‍👩‍👧👨‍👩‍👧", 7, "👨‍👩‍👧⋯"), ("👨‍👩‍👧👨‍👩‍👧", 3, "⋯"), ("cafe\u{301}s", 4, "caf⋯"),
      ("abc", 1, "⋯"), ("abc", 0, ""), ("abc", -3, ""),
    ])
  func truncation(text: String, width: Int, result: String) {
    let cut = DisplayWidth.truncate(text, to: width)
    #expect(cut == result)
    #expect(DisplayWidth.of(cut) <= max(width, 0))
  }

  @Test("a truncated styled line never exceeds its width and keeps each run's style")
  func styledLineTruncation() {
    let line = StyledLine([StyledRun("日本", style: .bold), StyledRun("語テキスト", style: .dim)])
    for width in 0...12 {
      let cut = line.truncated(to: width)
      #expect(cut.width <= width)
      #expect(cut.width >= width - 1)
      if width < 12 && width > 0 { #expect(cut.text.hasSuffix("⋯")) }
    }
    #expect(
      line.truncated(to: 5).runs == [
        StyledRun("日本", style: .bold), StyledRun("⋯", style: .bold),
      ])
    #expect(
      line.truncated(to: 7).runs == [
        StyledRun("日本", style: .bold), StyledRun("語", style: .dim), StyledRun("⋯", style: .dim),
      ])
  }
}
