import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

@Suite struct FrameDifferTests {
  static let size = TerminalSize(columns: 24, rows: 8)
  static let words = ["alpha", "βeta", "日本語", "👍🏽ok", "e\u{301}te", "👨‍👩‍👧 family", "plain text that is long", "x"]
  static let styles: [TextStyle] = [
    .plain, .bold, .dim, .inverse, TextStyle(foreground: .red), TextStyle(isBold: true, background: .indexed(208)),
    TextStyle(isUnderlined: true, foreground: .brightCyan),
  ]

  static func randomLine(using random: inout SeededRandom) -> StyledLine {
    var line = StyledLine()
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      line.append(words.randomElement(using: &random)!, style: styles.randomElement(using: &random)!)
    }
    return line
  }

  @Test("replaying the bytes of random updates through a screen model gives exactly each expected screen")
  func replayGivesExpectedScreen() throws {
    for seed in UInt64(1)...20 {
      var random = SeededRandom(seed: seed)
      var differ = FrameDiffer()
      var screen = ScreenModel(columns: Self.size.columns, rows: Self.size.rows)
      var lines = (0..<Self.size.rows).map { _ in Self.randomLine(using: &random) }
      for step in 0..<60 {
        for _ in 0..<Int.random(in: 0...3, using: &random) {
          lines[Int.random(in: 0..<lines.count, using: &random)] = Self.randomLine(using: &random)
        }
        let frame = TerminalFrame(size: Self.size, lines: lines)
        screen.feed(differ.render(frame))
        let expected = ScreenModel.expected(for: frame)
        #expect(screen.unsupported.isEmpty, "seed \(seed) step \(step): \(screen.unsupported)")
        #expect(screen.cells == expected.cells, "seed \(seed) step \(step):\n\(screen.text)\n---\n\(expected.text)")
        #expect(screen.text == frame.text, "seed \(seed) step \(step)")
      }
    }
  }

  @Test("runs whose text starts with a scalar that joins the character before draw what the frame's runs say")
  func runsStartingWithJoiners() {
    let joiners = ["\u{301}", "\u{316}\u{301}", "\u{E31}", "\u{93F}", "\u{1F3FB}", "\u{20DD}", "\u{FF9E}", "\u{200D}"]
    var issues = 0
    for seed in DeepPass.seeds(quick: 40, deep: 400) {
      var random = SeededRandom(seed: seed)
      var differ = FrameDiffer()
      var screen = ScreenModel(columns: Self.size.columns, rows: Self.size.rows)
      let lines = (0..<Self.size.rows).map { _ in
        var line = StyledLine()
        for _ in 0..<1 + random.below(4) {
          let start = random.oneIn(2) ? joiners[random.below(joiners.count)] : ""
          line.append(start + Self.words[random.below(Self.words.count)], style: Self.styles[random.below(3)])
        }
        return line
      }
      let frame = TerminalFrame(size: Self.size, lines: lines)
      screen.feed(differ.render(frame))
      let expected = ScreenModel.expected(for: frame)
      if !screen.unsupported.isEmpty || screen.cells.map({ $0.map(\.text) }) != expected.cells.map({ $0.map(\.text) }) {
        issues += 1
        Issue.record("seed \(seed): \(screen.unsupported)\n\(screen.text)\n---\n\(expected.text)")
      }
    }
    #expect(issues == 0)
  }

  @Test("an unchanged frame costs no bytes, and a changed row costs only that row")
  func unchangedFrameIsFree() {
    var differ = FrameDiffer()
    let lines: [StyledLine] = (0..<Self.size.rows).map { StyledLine("row \($0)") }
    _ = differ.render(TerminalFrame(size: Self.size, lines: lines))
    #expect(differ.render(TerminalFrame(size: Self.size, lines: lines)).isEmpty)
    var changed = lines
    changed[3] = "row three"
    let bytes = differ.render(TerminalFrame(size: Self.size, lines: changed))
    #expect(bytes == EscapeSequence.moveCursor(row: 3, column: 0) + "row three" + EscapeSequence.eraseToEndOfLine)
  }

  @Test("bytes per update grow with the changed rows, not with the screen height")
  func bytesScaleWithChangedRows() {
    func bytes(rows: Int, changing changedRows: Int) -> Int {
      let size = TerminalSize(columns: 40, rows: rows)
      var differ = FrameDiffer()
      var lines = (0..<rows).map { StyledLine("item number \($0)") }
      _ = differ.render(TerminalFrame(size: size, lines: lines))
      for row in 0..<changedRows { lines[row * 3] = StyledLine("changed \(row)") }
      return differ.render(TerminalFrame(size: size, lines: lines)).utf8.count
    }
    #expect(bytes(rows: 20, changing: 2) == bytes(rows: 200, changing: 2))
    #expect(bytes(rows: 200, changing: 20) > 5 * bytes(rows: 200, changing: 2))
    #expect(
      bytes(rows: 200, changing: 2) < FrameDiffer.fullRepaint(
        TerminalFrame(size: TerminalSize(columns: 40, rows: 200), lines: ["x"])
      ).utf8.count + 200)
  }

  @Test("a new size or an invalidation repaints everything")
  func resizeRepaints() {
    var differ = FrameDiffer()
    _ = differ.render(TerminalFrame(size: Self.size, lines: ["a"]))
    let resized = TerminalSize(columns: 10, rows: 3)
    #expect(
      differ.render(TerminalFrame(size: resized, lines: ["a"])).hasPrefix(
        EscapeSequence.resetAttributes + EscapeSequence.eraseScreen))
    differ.invalidate()
    var screen = ScreenModel(columns: 10, rows: 3)
    screen.feed("garbage everywhere")
    screen.feed(differ.render(TerminalFrame(size: resized, lines: ["a"])))
    #expect(screen.text == "a\n\n")
  }

  @Test("a full-width line is not followed by an erase that could blank its last cell")
  func fullWidthLineHasNoErase() {
    var differ = FrameDiffer()
    let size = TerminalSize(columns: 4, rows: 1)
    _ = differ.render(TerminalFrame(size: size, lines: ["ab"]))
    #expect(
      differ.render(TerminalFrame(size: size, lines: ["abcd"])) == EscapeSequence.moveCursor(row: 0, column: 0) + "abcd"
    )
  }

  @Test("a terminal that draws emoji narrower than counted keeps no text of the line before, full-width lines too")
  func narrowerTerminalKeepsNoStaleText() {
    // A terminal that draws each character in at most two columns: a skin-toned emoji or a joined family is
    // counted wider by `DisplayWidth`.
    let size = TerminalSize(columns: 12, rows: 4)
    for seed in DeepPass.seeds(from: 1, quick: 40, deep: 400) {
      var random = SeededRandom(seed: seed)
      var differ = FrameDiffer()
      var screen = ScreenModel(columns: size.columns, rows: size.rows)
      screen.width = { min(DisplayWidth.of($0), 2) }
      var lines = [StyledLine](repeating: StyledLine(), count: size.rows)
      for step in 0..<30 {
        let row = Int(random.next() % UInt64(size.rows))
        // Words while they fit, then, at times, `x` to the last column.
        var line = StyledLine()
        var width = 0
        while let word = Self.words.randomElement(using: &random), width + DisplayWidth.of(word) <= size.columns,
          random.next() % 4 != 0
        {
          line.append(word, style: Self.styles.randomElement(using: &random)!)
          width += DisplayWidth.of(word)
        }
        if random.next() % 2 == 0 { line.append(String(repeating: "x", count: size.columns - width)) }
        lines[row] = line
        let frame = TerminalFrame(size: size, lines: lines)
        screen.feed(differ.render(frame))
        #expect(screen.unsupported.isEmpty, "seed \(seed) step \(step): \(screen.unsupported)")
        #expect(screen.text == frame.text, "seed \(seed) step \(step):\n\(screen.text)\n---\n\(frame.text)")
      }
    }
  }

  @Test("styles are drawn as SGR runs and reset at the end of each line")
  func stylesBecomeGraphicRendition() {
    let line = StyledLine([StyledRun("A", style: .bold + TextStyle(foreground: .red)), StyledRun("b")])
    let bytes = FrameDiffer.fullRepaint(TerminalFrame(size: TerminalSize(columns: 5, rows: 1), lines: [line]))
    #expect(bytes.hasSuffix(EscapeSequence.moveCursor(row: 0, column: 0) + "\u{1B}[0;1;31mA\u{1B}[0mb"))
  }
}
