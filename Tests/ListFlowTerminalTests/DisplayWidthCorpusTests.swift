import ListFlowTerminal
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `DisplayWidth` against glibc's `wcwidth`, the table terminals such as xterm and VTE draw with (one code point
/// at a time), over a corpus of the hard cases.
@Suite struct DisplayWidthCorpusTests {
  static let corpus: [String] = [
    // Keycaps, emoji with and without presentation selectors, skin tones.
    "1️⃣", "#️⃣", "*️⃣", "😀", "👍🏽", "❤️", "☺", "☺️", "⚠", "✔", "🅰️",
    // Zero-width-joiner sequences.
    "👨‍👩‍👧", "👩‍💻", "🏳️‍🌈", "🧑🏽‍🚀", "👁️‍🗨️",
    // Flags: regional indicator pairs and tag sequences.
    "🇯🇵", "🇺🇸", "🏴󠁧󠁢󠁳󠁣󠁴󠁿",
    // Indic spacing and non-spacing marks, conjuncts.
    "का", "कि", "क्ष", "नमस्ते", "নমস্কার", "தமிழ்", "ಕನ್ನಡ", "ไทย", "ที่",
    // Hangul: syllables, conjoining jamo, fillers shown by the sanitiser.
    "한국어", "ᄀ", "ᄀ\u{1161}", "ᄀ\u{1161}\u{11A8}", "ᄒ\u{1175}",
    // East Asian wide and fullwidth, and East Asian Ambiguous (1 column outside CJK locales).
    "日本語", "ｶﾀｶﾅ", "ＡＢＣ", "±", "Ω", "①", "…", "→", "·", "§", "°",
    // Combining marks, Arabic, Hebrew, Latin.
    "é", "e\u{301}", "a\u{301}\u{302}\u{303}", "مرحبا", "שלום", "Hello, world", "Straße",
  ]

  /// glibc's `wcwidth`, looked up at run time (its declaration needs `_XOPEN_SOURCE`, which Swift's Glibc
  /// module does not set).
  static let wcwidth: @convention(c) (Int32) -> Int32 = {
    guard let symbol = dlsym(nil, "wcwidth") else { return { _ in -2 } }
    return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
  }()

  /// The columns a terminal that measures each code point with `wcwidth` gives the text.
  static func wcwidthSum(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + max(Int(wcwidth(Int32(bitPattern: $1.value))), 0) }
  }

  /// Runs `body` with this thread's locale set to C.UTF-8, so that `wcwidth` knows Unicode.
  static func inUTF8Locale<Result>(_ body: () throws -> Result) throws -> Result {
    let locale = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil), "no C.UTF-8 locale")
    defer { freelocale(locale) }
    let previous = uselocale(locale)
    defer { uselocale(previous) }
    return try body()
  }

  @Test("a character is never narrower than wcwidth draws it, nor than 2 when it is an emoji glyph")
  func neverNarrowerThanTheTerminal() throws {
    try Self.inUTF8Locale {
      #expect(Self.wcwidthSum("日") == 2, "wcwidth does not know Unicode here")
      for text in Self.corpus {
        let ours = DisplayWidth.of(text)
        let terminal = Self.wcwidthSum(text)
        #expect(ours >= terminal, "\(text): DisplayWidth \(ours) < wcwidth \(terminal)")
        // Wider only where a grapheme-aware terminal draws an emoji glyph of 2 columns (a keycap, `❤️`).
        #expect(ours == terminal || ours == 2 * text.count, "\(text): DisplayWidth \(ours), wcwidth \(terminal)")
      }
    }
  }

  @Test("a drawn line of corpus text is never wider than the terminal measures it")
  func drawnLinesFit() throws {
    try Self.inUTF8Locale {
      let texts = Self.corpus
      for width in [1, 2, 3, 5, 8, 13, 40] {
        for start in texts.indices {
          let text = texts[start...].prefix(6).joined(separator: " ")
          let line = StyledLine(text).truncated(to: width)
          #expect(Self.wcwidthSum(line.text) <= width, "\(line.text.debugDescription) at \(width)")
        }
      }
    }
  }

  @Test("the library's own chrome uses no East Asian Ambiguous character: each is one column everywhere")
  @MainActor
  func chromeIsUnambiguous() throws {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .screen(TerminalSize(columns: 24, rows: 6)), title: "T")
    let dataSource = ScriptedDataSource()
    view.dataSource = dataSource
    dataSource.view = view
    dataSource.show([.init(id: 0, header: "header", rows: (0..<9).map { .init(id: $0, title: "row \($0) of text") })])
    let chrome = Set(output.text.unicodeScalars.filter { !$0.isASCII })
    // U+25B8 and U+22EF are East Asian Neutral; `…` U+2026, arrows and `·` (Ambiguous) are not used.
    #expect(chrome == ["▸", "⋯"])
    try Self.inUTF8Locale {
      for scalar in chrome { #expect(Self.wcwidth(Int32(bitPattern: scalar.value)) == 1) }
    }
  }
}
