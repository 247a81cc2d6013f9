import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// The filter's prompt on the status bar while the query is typed: whatever the query (wide characters, emoji
/// sequences, flags, combining marks) and however narrow the terminal, the characters typed last and the `_`
/// cursor are on screen, and the bar fits its width.
@MainActor
@Suite struct FilterPromptPropertyTests {
  /// The pieces queries are made of: ASCII, wide, emoji sequences, flags, marks, joiners.
  static let pieces = [
    "a", "b", "z", "0", " ", "日", "本", "ｱ", "é", "e\u{301}", "\u{301}", "👍🏽", "👨‍👩‍👧", "🇺🇸", "🇫🇷", "❤️", "क्ष", "ा",
    "\u{200D}", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
  ]

  /// The prompt the bar shows, worked out from the characters of the query: `/query_` when it fits in `room`
  /// columns, else `/⋯` and the most characters of its end that fit with `_`.
  static func expectedPrompt(_ query: String, room: Int) -> String {
    let characters = Array(query)
    let whole = "/" + query + "_"
    if DisplayWidth.of(whole) <= room { return whole }
    for count in stride(from: characters.count, through: 0, by: -1) {
      let end = String(characters.suffix(count))
      if 3 + characters.suffix(count).reduce(0, { $0 + DisplayWidth.of($1) }) <= room {
        return "/" + DisplayWidth.ellipsis + end + "_"
      }
    }
    return "/" + DisplayWidth.ellipsis + "_"
  }

  @Test("while the query is typed, its end and the cursor stay on the status bar, which fits its width")
  func promptShowsTheEnd() {
    var issues = 0
    for seed in DeepPass.seeds(quick: 100, deep: 5_000) {
      var random = SeededRandom(seed: seed)
      let output = CapturingOutput()
      let width = random.below(70)
      let view = TerminalListView(output: output, mode: .screen(TerminalSize(columns: width, rows: 6)))
      let dataSource = ScriptedDataSource()
      view.dataSource = dataSource
      dataSource.view = view
      view.onFilterChange = { _ in }
      dataSource.show([.init(id: 0, rows: (0..<3).map { .init(id: $0, title: "row \($0)") })])
      view.status = random.oneIn(2) ? "" : String(repeating: "s", count: random.below(30))
      view.handle(.character("/"))
      // Typed key by key or pasted, then sometimes shortened with Backspace.
      let text = (0..<random.below(40)).map { _ in Self.pieces[random.below(Self.pieces.count)] }.joined()
      if random.oneIn(2) {
        view.handle(.paste(text))
      } else {
        for scalar in text.unicodeScalars { view.handle(.character(Character(scalar))) }
      }
      for _ in 0..<random.below(3) { view.handle(.backspace) }
      let query = view.filterQuery
      let bar = view.statusBar(width: width)
      let context = "seed \(seed), width \(width), status \(view.status.count), query \(query.debugDescription)"
      if bar.width > width {
        issues += 1
        Issue.record("\(context): the bar takes \(bar.width) columns: \(bar.text.debugDescription)")
        continue
      }
      let position = " 1/3  "
      let rightWidth = min(view.status.count, width / 2)
      let room = width - rightWidth - (rightWidth > 0 ? 1 : 0) - DisplayWidth.of(position)
      guard room >= 4 else { continue }
      let expected = position + Self.expectedPrompt(query, room: room)
      if !bar.text.unicodeScalars.starts(with: expected.unicodeScalars) {
        issues += 1
        let shown = bar.text.debugDescription
        Issue.record("\(context): the bar is \(shown), expected it to start \(expected.debugDescription)")
      }
    }
    #expect(issues == 0)
  }
}
