import ListFlowTerminal
import ListFlowTesting
import TestSupport
import Testing

@Suite struct TextSanitizerTests {
  /// Whether text could do anything to a terminal: any control, DEL, C1 or bidi/format character (ZWJ/ZWNJ aside).
  static func isInert(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
      let value = scalar.value
      if value < 0x20 || (0x7F...0x9F).contains(value) { return false }
      // Joiners and tag characters are kept on purpose: text needs them and terminals do nothing with them.
      if value == 0x200C || value == 0x200D || (0xE0020...0xE007F).contains(value) { return true }
      return scalar.properties.generalCategory != .format && value != 0x2028 && value != 0x2029
    }
  }

  @Test(
    "escape sequences are shown as text and cannot act",
    arguments: [
      ("\u{1B}[2J\u{1B}[H", "␛[2J␛[H"),
      ("\u{1B}]0;pwned\u{07}title", "␛]0;pwned␇title"),
      ("\u{1B}]8;;http://evil\u{1B}\\link", "␛]8;;http://evil␛\\link"),
      ("\u{1B}P+q\u{1B}\\", "␛P+q␛\\"),
      ("a\u{9B}31mred", "a<U+009B>31mred"),
      ("\u{9D}0;x\u{9C}", "<U+009D>0;x<U+009C>"),
    ])
  func escapesAreNeutralised(input: String, shown: String) {
    let output = TextSanitizer.singleLine.sanitize(input)
    #expect(output == shown)
    #expect(Self.isInert(output))
  }

  @Test("C0 controls become control pictures and DEL becomes ␡")
  func controlPictures() {
    let allControls = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init) + ["\u{7F}"]))
    let output = TextSanitizer.singleLine.sanitize(allControls)
    #expect(Self.isInert(output))
    #expect(output.hasPrefix("␀␁␂␃␄␅␆␇␈ ␤␋␌␤␎"))
    #expect(output.hasSuffix("␛␜␝␞␟␡"))
  }

  @Test("line breaks and tabs are flattened in single-line mode and kept in multi-line mode")
  func lineBreaks() {
    #expect(TextSanitizer.singleLine.sanitize("a\nb\r\nc\rd\te\u{2028}f") == "a␤b␤c␤d e␤f")
    let multiLine = TextSanitizer(keepsLineBreaks: true)
    #expect(multiLine.sanitize("a\nb\r\nc\rd\te") == "a\nb\nc\nd\te")
  }

  @Test(
    "bidi overrides, isolates and marks are shown by code point",
    arguments: [
      0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C, 0xFEFF, 0x200B,
    ] as [UInt32])
  func bidiIsNeutralised(codePoint: UInt32) {
    let text = "user\(Character(Unicode.Scalar(codePoint)!))gpj.exe"
    let output = TextSanitizer.singleLine.sanitize(text)
    #expect(Self.isInert(output))
    #expect(output.contains("<U+"))
    #expect(output.hasSuffix("gpj.exe"))
  }

  @Test("text decoded from invalid UTF-8 is shown with U+FFFD and its controls neutralised")
  func invalidUTF8() {
    let bytes: [UInt8] = [
      0x66, 0xFF, 0x1B, 0x5B, 0x33, 0x31, 0x6D, 0xC2, 0x9B, 0x48, 0xE2, 0x80, 0xAE, 0xC0, 0xAF, 0xED, 0xA0, 0x80,
    ]
    let text = String(decoding: bytes, as: UTF8.self)
    let output = TextSanitizer.singleLine.sanitize(text)
    #expect(Self.isInert(output))
    #expect(output.hasPrefix("f\u{FFFD}␛[31m<U+009B>H<U+202E>"))
  }

  @Test(
    "ordinary text, emoji sequences and combining marks pass through unchanged",
    arguments: [
      "Hello, world", "日本語のテキスト", "👨‍👩‍👧 family", "🏴󠁧󠁢󠁳󠁣󠁴󠁿 flag", "e\u{301}te", "مرحبا", "नमस्ते", "می‌خواهم",
    ])
  func ordinaryTextPasses(text: String) {
    #expect(TextSanitizer.singleLine.sanitize(text) == text)
  }

  @Test("random scalars always come out inert")
  func randomScalarsComeOutInert() {
    var random = SeededRandom(seed: 7)
    let pools: [ClosedRange<UInt32>] = [0...0x7F, 0x80...0x9F, 0x2000...0x206F, 0xFE00...0xFEFF, 0xE0000...0xE007F]
    for _ in 0..<500 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...20, using: &random) {
        let pool = pools.randomElement(using: &random)!
        if let scalar = Unicode.Scalar(UInt32.random(in: pool, using: &random)) { scalars.append(scalar) }
      }
      let output = TextSanitizer.singleLine.sanitize(String(scalars))
      #expect(Self.isInert(output), "input scalars: \(Array(String(scalars).unicodeScalars))")
    }
  }

  /// Whether text hides nothing: no tag character outside a flag, no variation selector that follows no
  /// character or another selector, no joiner at the start or after another joiner, no blank-looking filler.
  static func hidesNothing(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    var flagTagsLeft = 0
    for (index, scalar) in scalars.enumerated() {
      let value = scalar.value
      let previous = index > 0 ? scalars[index - 1].value : nil
      if value == 0x1F3F4 { flagTagsLeft = 7 }
      switch value {
      case 0xE0000...0xE007F:
        guard flagTagsLeft > 0 else { return false }
        flagTagsLeft = value == 0xE007F ? 0 : flagTagsLeft - 1
      case 0xFE00...0xFE0F, 0xE0100...0xE01EF:
        guard let previous, !(0xFE00...0xFE0F).contains(previous), !(0xE0100...0xE01EF).contains(previous),
          previous != 0x20
        else { return false }
      case 0x200C, 0x200D:
        guard let previous, previous != 0x200C, previous != 0x200D else { return false }
      case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800: return false
      default: if value != 0x1F3F4 && !(0xE0020...0xE007F).contains(value) { flagTagsLeft = 0 }
      }
    }
    return true
  }

  @Test(
    "invisible characters that could hide text are shown",
    arguments: [
      ("a\u{E0068}\u{E0069}b", "a<U+E0068><U+E0069>b"),
      ("\u{E0041}x", "<U+E0041>x"),
      (
        "🏴\u{E0068}\u{E0065}\u{E006C}\u{E006C}\u{E006F}\u{E0020}\u{E0077}\u{E007F}",
        "🏴<U+E0068><U+E0065><U+E006C><U+E006C><U+E006F><U+E0020><U+E0077><U+E007F>"
      ),
      ("😀\u{FE0F}\u{FE01}\u{E0100}", "😀\u{FE0F}<U+FE01><U+E0100>"),
      ("\u{FE0F}start", "<U+FE0F>start"),
      ("a \u{FE0E}", "a <U+FE0E>"),
      ("\u{200D}x\u{200D}\u{200D}y", "<U+200D>x\u{200D}<U+200D>y"),
      ("\u{3164}\u{115F}\u{1160}\u{FFA0}\u{2800}", "<U+3164><U+115F><U+1160><U+FFA0><U+2800>"),
    ])
  func hiddenTextIsShown(input: String, shown: String) {
    let output = TextSanitizer.singleLine.sanitize(input)
    #expect(output == shown)
    #expect(Self.hidesNothing(output))
  }

  @Test("what text needs is kept: flags with tags, one variation selector, joiners between characters")
  func neededInvisiblesKept() {
    for text in ["🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🏴󠁧󠁢󠁷󠁬󠁳󠁿", "❤️", "☺︎", "葛\u{E0100}", "1️⃣", "👩‍💻", "می‌خواهم", "क्‍ष", "🇺🇸", "한국어", "\u{1100}\u{1161}\u{11A8}"] {
      #expect(TextSanitizer.singleLine.sanitize(text) == text, "\(text.unicodeScalars.map(\.value))")
    }
  }

  @Test("random invisible scalars never hide anything after sanitising")
  func randomInvisiblesHideNothing() {
    var random = SeededRandom(seed: 0x1D_DE17)
    let pieces: [UInt32] = [
      0x61, 0x20, 0x1F3F4, 0x1F600, 0xE0020, 0xE0041, 0xE007F, 0xE0001, 0xFE0F, 0xFE0E, 0xFE01, 0xE0100, 0x200D,
      0x200C, 0x3164, 0x2800, 0x115F, 0x1160, 0x0A, 0x1B,
    ]
    for _ in 0..<1_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        scalars.append(Unicode.Scalar(pieces.randomElement(using: &random)!)!)
      }
      let output = TextSanitizer.singleLine.sanitize(String(scalars))
      #expect(Self.hidesNothing(output), "input scalars: \(scalars.map(\.value))")
      #expect(Self.isInert(output))
    }
  }

  /// Scalars that join the character before them (combining, enclosing and spacing marks of several scripts, emoji
  /// modifiers, Hangul vowels and trailing consonants after a syllable), bases that start a character, and scalars
  /// the sanitiser replaces or keeps as line breaks.
  static let joiningScalars: [Unicode.Scalar] = [
    "\u{301}", "\u{316}", "\u{20DD}", "\u{E31}", "\u{E33}", "\u{93F}", "\u{903}", "\u{1F3FB}", "\u{1F3FF}",
    "\u{302A}", "\u{FF9E}", "\u{200D}", "\u{FE0F}", "\u{1161}", "\u{11A8}",
  ]
  static let otherScalars: [Unicode.Scalar] = [
    "a", " ", "é", "日", "\u{1F600}", "\u{1F44D}", "\u{E01}", "\u{915}", "\u{1100}", "\u{AC00}", "\n", "\t",
    "\u{1B}",
  ]

  /// Whether text written after `before` starts a character of its own, at its start and at the start of each line
  /// (or after a tab) a multi-line sanitiser keeps: the text joins nothing written before it.
  static func joinsNothing(_ text: String, after before: Character, keepsLineBreaks: Bool) -> Bool {
    let pieces =
      keepsLineBreaks ? text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\t" } : [Substring(text)]
    return pieces.allSatisfy { piece in (String(before) + piece).count == piece.count + 1 }
  }

  @Test("text that starts with a scalar joining the character before it shows that scalar by code point")
  func leadingJoinerIsShown() {
    var issues = 0
    for seed in DeepPass.seeds(quick: 200, deep: 2_000) {
      var random = SeededRandom(seed: seed)
      var scalars = String.UnicodeScalarView()
      for _ in 0..<random.below(8) {
        let pool = random.oneIn(3) ? Self.joiningScalars : Self.otherScalars
        scalars.append(pool[random.below(pool.count)])
      }
      let text = String(scalars)
      let sanitiser = TextSanitizer(keepsLineBreaks: random.oneIn(2))
      let output = sanitiser.sanitize(text)
      let context =
        "seed \(seed), \(sanitiser): \(scalars.map { String($0.value, radix: 16) }) -> \(output.debugDescription)"
      if let before = ([" ", "a", "▸", "✓", ">"] as [Character]).first(where: {
        !Self.joinsNothing(output, after: $0, keepsLineBreaks: sanitiser.keepsLineBreaks)
      }) {
        issues += 1
        Issue.record("\(context): joins \(before.debugDescription) written before it")
      }
      // A joiner put before text that starts a character of its own is shown, and the rest is as it was.
      if let first = scalars.first, Self.otherScalars.dropLast(3).contains(first) {
        let joiner = Self.joiningScalars[random.below(Self.joiningScalars.count)]
        let code = String(joiner.value, radix: 16, uppercase: true)
        let expected = "<U+\(String(repeating: "0", count: max(4 - code.count, 0)) + code)>" + output
        let joined = sanitiser.sanitize(String(Character(joiner)) + text)
        if joined != expected {
          issues += 1
          Issue.record(
            "\(context): with U+\(code) before it, \(joined.debugDescription), expected \(expected.debugDescription)")
        }
      }
    }
    #expect(issues == 0)
  }

  /// Scalars that open a text's end or start to what is written next to it (an emoji before or after a zero-width
  /// joiner, regional indicators, Hangul jamo and syllables, prepended marks, combining marks), with plain ones.
  static let boundaryScalars: [Unicode.Scalar] = [
    "a", " ", "é", "\u{1F468}", "\u{1F469}", "\u{1F441}", "\u{1F5E8}", "\u{200D}", "\u{200C}", "\u{1F1FA}",
    "\u{1F1F8}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}", "\u{D4E}", "\u{111C2}", "\u{301}",
    "\u{FE0F}", "\u{1F3FB}", "\u{915}", "\n", "\t",
  ]

  @Test("two sanitised texts written one after the other never join into one character, nor a line and a text")
  func sanitisedTextsNeverJoin() {
    var issues = 0
    for seed in DeepPass.seeds(quick: 1_000, deep: 20_000) {
      var random = SeededRandom(seed: seed)
      let sanitiser = TextSanitizer(keepsLineBreaks: random.oneIn(2))
      let texts = (0..<2).map { _ -> String in
        var scalars = String.UnicodeScalarView()
        for _ in 0..<random.below(5) { scalars.append(Self.boundaryScalars[random.below(Self.boundaryScalars.count)]) }
        return String(scalars)
      }
      let (first, second) = (sanitiser.sanitize(texts[0]), sanitiser.sanitize(texts[1]))
      // In multi-line mode, each line and each tab's column is written on its own: then followed by the second.
      let ends =
        sanitiser.keepsLineBreaks
        ? first.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\t" } : [first[...]]
      if ends.contains(where: { ($0 + second).count != $0.count + second.count }) {
        issues += 1
        let scalars = texts.map { $0.unicodeScalars.map { String($0.value, radix: 16) } }
        let shown = "\(first.debugDescription) and \(second.debugDescription)"
        Issue.record("seed \(seed), \(sanitiser): \(scalars[0]) then \(scalars[1]) -> \(shown) join")
      }
      #expect(sanitiser.sanitize(first) == first, "seed \(seed): sanitising again changes \(first.debugDescription)")
    }
    #expect(issues == 0)
  }

  @Test("a styled run sanitises its text on creation")
  func runsSanitise() {
    #expect(StyledRun("\u{1B}[31mred\u{1B}[0m").text == "␛[31mred␛[0m")
  }
}
