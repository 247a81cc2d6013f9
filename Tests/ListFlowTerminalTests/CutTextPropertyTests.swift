import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// Text cut to the screen's width draws the same wherever it is drawn: a row under the cursor shows the text it
/// shows elsewhere, a header or footer the text its cell gives, and a screen without colours (`NO_COLOR`) the
/// text of one with them. A cut may end right after a character that a character written next could join (an
/// emoji and a joiner, a lone regional indicator, a Hangul leading consonant, all kept inside a text): the cut
/// text was sanitised whole, so drawing it in another style must not sanitise it again as if it ended the text.
@MainActor
@Suite struct CutTextPropertyTests {
  /// Pieces of titles: plain, wide, and characters that join what follows them (kept inside a text).
  static let pieces = ["a", "x", " ", "日", "é", "👍\u{200D}", "🇯", "\u{1100}", "🇯🇵"]

  static func text(_ random: inout SeededRandom) -> String {
    (0..<(1 + random.below(9))).map { _ in pieces[random.below(pieces.count)] }.joined()
  }

  /// What a cell's title shows in `width` columns.
  static func cut(_ text: String, to width: Int) -> String {
    trimmed(StyledLine(text).truncated(to: max(width, 0)).text)
  }

  static func trimmed(_ text: String) -> String {
    var text = text
    while text.last == " " { text.removeLast() }
    return text
  }

  static func binder(_ text: String, id: String) -> CellBinder {
    CellBinder(cell: TextCell.self, value: text, id: ListIdentifier(id)) { cell, text in cell.title = text }
  }

  /// The texts of a list: its own header and footer, one section's header, rows and footer.
  struct Texts {
    var listHeader: String
    var listFooter: String
    var header: String
    var rows: [String]
    var footer: String
  }

  /// A view of one section with a header and a footer, under the list's own header and over its footer, on a
  /// screen tall enough for all its rows.
  @MainActor
  struct Host {
    let output = CapturingOutput()
    let view: TerminalListView
    let engine: ListEngine
    var screen: ScreenModel

    init(size: TerminalSize, texts: Texts, colors: Bool) throws {
      view = TerminalListView(
        output: output, mode: .screen(size), environment: TerminalEnvironment(colors ? [:] : ["NO_COLOR": "1"]))
      screen = ScreenModel(columns: size.columns, rows: size.rows)
      let section = ListSection(
        id: "rows", header: CutTextPropertyTests.binder(texts.header, id: "header"),
        footer: CutTextPropertyTests.binder(texts.footer, id: "footer"),
        items: texts.rows.enumerated().map { CutTextPropertyTests.binder($1, id: "row \($0)") })
      engine = try ListEngine(view: view, showing: SectionsFeed(sections: [section.snapshot]))
      engine.listHeader = CutTextPropertyTests.binder(texts.listHeader, id: "list header")
      engine.listFooter = CutTextPropertyTests.binder(texts.listFooter, id: "list footer")
    }

    /// The screen's lines, each cell's text, after what was written so far.
    mutating func lines() -> [String] {
      screen.feed(output.takeText())
      return screen.cells.map { row in CutTextPropertyTests.trimmed(row.map(\.text).joined()) }
    }
  }

  @Test(
    "random titles cut at random widths (1,000 deep, 60 quick): a row draws the same text under the cursor and off it, headers and footers their cells' text, with or without colours"
  )
  func cutTextDrawsTheSameEverywhere() throws {
    var failures = 0
    for seed in DeepPass.seeds(quick: 60, deep: 1_000) {
      var random = SeededRandom(seed: seed)
      let columns = 3 + random.below(22)
      let texts = Texts(
        listHeader: Self.text(&random), listFooter: Self.text(&random), header: Self.text(&random),
        rows: (0..<(1 + random.below(4))).map { _ in Self.text(&random) }, footer: Self.text(&random))
      // The title bar, the list's header, the section's header, rows and footer, the list's footer, the status bar.
      let size = TerminalSize(columns: columns, rows: texts.rows.count + 6)
      var colored = try Host(size: size, texts: texts, colors: true)
      var plain = try Host(size: size, texts: texts, colors: false)
      var expected = [Self.cut(texts.listHeader, to: columns), Self.cut(texts.header, to: columns - 2)]
      expected += texts.rows.map { Self.trimmed("  " + Self.cut($0, to: columns - 2)) }
      expected.append(Self.trimmed("  " + Self.cut(texts.footer, to: columns - 2)))
      expected.append(Self.cut(texts.listFooter, to: columns))
      for cursor in texts.rows.indices {
        if cursor > 0 {
          colored.view.handle(.down)
          plain.view.handle(.down)
        }
        let lines = colored.lines()
        let plainLines = plain.lines()
        let context = "seed \(seed), \(columns) columns, cursor on row \(cursor)"
        var shown = Array(lines[1..<(size.rows - 1)])
        // The cursor's marker aside, its row shows what it shows off the cursor.
        shown[2 + cursor] = Self.trimmed("  " + shown[2 + cursor].dropFirst(2))
        #expect(colored.screen.unsupported.isEmpty && plain.screen.unsupported.isEmpty, "\(context)")
        if shown != expected || plainLines != lines {
          failures += 1
          #expect(shown == expected, "\(context)")
          #expect(plainLines == lines, "\(context): without colours")
          break
        }
      }
      if failures >= 3 { break }
    }
  }
}
