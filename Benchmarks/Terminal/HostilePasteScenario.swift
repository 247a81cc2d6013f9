import ListFlow
import ListFlowTerminal

/// The `hostile-paste` scenario of Benchmarks/README.md: a 10 KB paste of hostile Unicode into the `/` filter of a
/// `TerminalListView` over a filtered list of 1,000 rows, then Escape.
///
/// The paste is what freezes a naive filter: a letter under thousands of combining marks of two combining classes
/// (one grapheme cluster that canonical comparison must reorder), bidi controls, emoji ZWJ sequences and CJK text,
/// 10,240 bytes of UTF-8 in all, delivered as the one `Key.paste` a terminal with bracketed paste sends.
///
/// Contenders, each timed from the key to the frame written: `paste` (`/`, then the paste: the query is cut to its
/// first 256 scalars, the rows are matched and the screen is drawn) and `escape` (Escape on the filter that paste
/// set: it is cleared and every row comes back). Target: both within 100 ms. Extras: `paste_bytes` and
/// `query_scalars` (what the filter kept).
enum HostilePasteScenario {
  /// The scenario, for the registry.
  static let all: [BenchmarkScenario] = [scenario]

  static let scenario = BenchmarkScenario(
    name: "hostile-paste",
    summary: "10 KB paste of marks, bidi controls, ZWJ emoji and CJK into the filter of 1,000 rows; then Esc"
  ) { context in
    try await MainActor.run { try measure(context: context) }
  }

  /// The screen: a title bar, 50 list rows, a status bar.
  static let size = TerminalSize(columns: 80, rows: 52)

  /// 10,240 bytes of hostile text: pieces of each kind, repeated, cut to whole scalars.
  static let paste: String = {
    let marks = String(repeating: "\u{301}\u{316}", count: 1_000)  // 4,000 bytes, classes 230 and 220
    let pieces = [
      "a" + marks, "\u{202E}evil\u{202C}\u{2066}\u{2067}\u{200F}", "👨‍👩‍👧‍👦👩🏽‍💻🏳️‍🌈", "日本語のテキスト", "e\u{301}\u{316}\u{301}",
    ]
    var text = String.UnicodeScalarView()
    var bytes = 0
    var index = 0
    while true {
      for scalar in pieces[index % pieces.count].unicodeScalars {
        let length = String(scalar).utf8.count
        if bytes + length > 10_240 { return String(text) }
        text.append(scalar)
        bytes += length
      }
      index += 1
    }
  }()

  @MainActor
  static func measure(context: BenchmarkContext) throws -> [BenchmarkResult] {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .screen(size), title: "hostile paste")
    let names = ["firefox", "bash", "日本語", "sshd", "cron", "áccent", "kworker"]
    let rows = (0..<1_000).map { index in
      CellBinder(cell: TextCell.self, value: "\(names[index % names.count]) \(index)", id: ListIdentifier(index)) {
        cell, title in cell.title = title
      }
    }
    let source = SectionsFeed(sections: [ListSection(id: "rows", items: rows).snapshot])
    let feed = try FilteredFeed(source)
    let composite = ComposedFeed<ListSectionSnapshot>()
    try composite.append(feed)
    let list = try ListEngine(view: view, showing: composite)
    view.onFilterChange = { feed.query = $0 }
    var querySize = 0
    var pasteTimes: [Double] = []
    var escapeTimes: [Double] = []
    let clock = ContinuousClock()
    for run in 0...context.runs {
      _ = output.takeBytes()
      let start = clock.now
      view.handle(.character("/"))
      view.handle(.paste(paste))
      let pasted = clock.now
      querySize = view.filterQuery.unicodeScalars.count
      view.handle(.escape)
      let escaped = clock.now
      blackHole(output.takeBytes().count)
      if run > 0 {  // the first run warms up
        pasteTimes.append(milliseconds(start.duration(to: pasted)))
        escapeTimes.append(milliseconds(pasted.duration(to: escaped)))
      }
    }
    withExtendedLifetime(list) {}
    let extra: [String: BenchmarkValue] = [
      "paste_bytes": .int(paste.utf8.count), "query_scalars": .int(querySize),
    ]
    return [
      BenchmarkResult(scenario: "hostile-paste", contender: "paste", timesMS: pasteTimes, extra: extra),
      BenchmarkResult(scenario: "hostile-paste", contender: "escape", timesMS: escapeTimes, extra: extra),
    ]
  }

  static func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
  }
}
