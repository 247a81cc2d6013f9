import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// Random interleavings of typed letters, Alt keys, strings a terminal sends (OSC, DCS, APC, PM, SOS) and
/// bracketed pastes of hostile text, cut into reads at random places: no command runs from them, and the typed
/// and pasted text reaches the filter intact.
@MainActor
@Suite struct HostileInputPropertyTests {
  /// The scalars of pasted text that the filter keeps: all but controls and format characters (bidi controls),
  /// which are never typable; the zero-width joiner of an emoji sequence stays.
  static func typableScalars(of text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
      switch scalar.value {
      case 0x00...0x1F, 0x7F...0x9F: return false
      case 0x200D: return true
      default: return scalar.properties.generalCategory != .format
      }
    }
  }

  /// A list view of rows of `titles` that records its data source's events and the commands `pieces` run, cut into
  /// reads drawn from `readSeed`; `typing` opens the filter first.
  static func feed(
    _ pieces: [HostileInput.Piece], readSeed: UInt64, titles: [String], typing: Bool
  ) -> (view: TerminalListView, events: [String], commands: [TerminalCommand]) {
    var random = SeededRandom(seed: readSeed)
    let dataSource = ScriptedDataSource()
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 40, rows: 8)))
    dataSource.view = view
    view.dataSource = dataSource
    view.reusePool.register(TextCell.self)
    dataSource.show([.init(id: 0, rows: titles.enumerated().map { .init(id: $0.offset + 1, title: $0.element) })])
    view.onFilterChange = { _ in }
    if typing { view.handle(.character("/")) }
    var decoder = KeyDecoder()
    var commands: [TerminalCommand] = []
    for read in HostileInput.reads(of: HostileInput(pieces: pieces).bytes, using: &random) {
      for key in decoder.decode(read) { view.handle(key).map { commands.append($0) } }
    }
    for key in decoder.flush() { view.handle(key).map { commands.append($0) } }
    let events = dataSource.events.filter { !$0.contains("highlight") && $0 != "reached end" }
    return (view, events, commands)
  }

  /// What is wrong after `pieces` are typed into an open filter; `nil` when the filter holds their typed and
  /// pasted text and nothing ran.
  static func filterProblem(_ pieces: [HostileInput.Piece], readSeed: UInt64) -> String? {
    let (view, events, commands) = feed(pieces, readSeed: readSeed, titles: ["one", "two"], typing: true)
    var expected: [Unicode.Scalar] = []
    for piece in pieces {
      switch piece {
      case .typed(let text): expected += text.unicodeScalars
      case .paste(let text): expected += typableScalars(of: text)
      case .alt, .string: break
      }
    }
    expected = Array(expected.prefix(256))
    let query = Array(view.filterQuery.unicodeScalars)
    let problems = [
      (commands.isEmpty, "commands ran: \(commands)"),
      (events.isEmpty, "the data source heard \(events)"),
      (view.isEditingFilter, "the filter closed"),
      (query == expected, "the query is \(view.filterQuery.debugDescription)"),
    ].filter { !$0.0 }.map(\.1)
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
  }

  /// What is wrong after `pieces` reach a list with no filter open; `nil` when nothing ran or moved.
  static func listProblem(_ pieces: [HostileInput.Piece], readSeed: UInt64) -> String? {
    let (view, events, commands) = feed(
      pieces, readSeed: readSeed, titles: (1...20).map { "row \($0)" }, typing: false)
    let problems = [
      (commands.isEmpty, "commands ran: \(commands)"),
      (events.isEmpty, "the data source heard \(events)"),
      (
        view.selectedRow == ItemPath(item: 0, section: 0), "the cursor is at \(view.selectedRow.map { "\($0)" } ?? "-")"
      ),
      (!view.isEditingFilter && !view.isShowingHelp, "the filter or the help opened"),
      (view.filterQuery.isEmpty, "the query is \(view.filterQuery.debugDescription)"),
    ].filter { !$0.0 }.map(\.1)
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
  }

  @Test("a query set from code is the query a paste of the same text gives, handed on, and typing stops")
  func queryFromCode() {
    var random = SeededRandom(seed: terminalFuzzSeed)
    let pieces = ["a", "é", "e\u{301}", "\u{1B}", "\u{1B}[31m", "\n", "\r\n", "\u{7}", "\u{202E}", "👩‍👩‍👧", "漢", " "]
    for round in 0..<DeepPass.cases(quick: 300, deep: 2000) {
      let text = (0..<Int(random.next() % 12)).map { _ in
        random.next() % 40 == 0
          ? String(repeating: "x\u{301}", count: 300) : pieces[Int(random.next() % UInt64(pieces.count))]
      }.joined()
      // The same text pasted into an open filter on a fresh view, then Enter.
      let pasted = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 40, rows: 8)))
      pasted.onFilterChange = { _ in }
      pasted.handle(.character("/"))
      pasted.handle(.paste(text))
      pasted.handle(.enter)
      let view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 40, rows: 8)))
      var handed: [String] = []
      view.onFilterChange = { handed.append($0) }
      if random.next() % 2 == 0 {
        view.handle(.character("/"))
        view.handle(.character("q"))
      }
      let before = view.filterQuery
      view.filterQuery = text
      let context = "seed \(terminalFuzzSeed) round \(round) text \(text.debugDescription)"
      #expect(view.filterQuery.unicodeScalars.elementsEqual(pasted.filterQuery.unicodeScalars), "\(context)")
      #expect(!view.isEditingFilter, "\(context)")
      let changed = !before.unicodeScalars.elementsEqual(view.filterQuery.unicodeScalars)
      #expect(
        changed
          ? handed.last.map { $0.unicodeScalars.elementsEqual(view.filterQuery.unicodeScalars) } == true
          : handed.count <= 1, "\(context): handed \(handed)")
    }
    let off = TerminalListView(output: CapturingOutput(), mode: .plain)
    off.filterQuery = "abc"
    #expect(off.filterQuery.isEmpty, "with no onFilterChange the filter is off, and the query stays empty")
  }

  @Test("a filter being typed takes typed and pasted text; escape strings and Alt keys run no command")
  func filterTakesTextOnly() async {
    var random = SeededRandom(seed: terminalFuzzSeed)
    for round in 0..<300 {
      let input = HostileInput.random(using: &random)
      let readSeed = random.next()
      guard let problem = Self.filterProblem(input.pieces, readSeed: readSeed) else { continue }
      let shortest = await shortestFailing(input.pieces) { Self.filterProblem($0, readSeed: readSeed) != nil }
      Issue.record(
        """
        seed \(terminalFuzzSeed) round \(round): \(problem)
        from \(input.pieces)
        shortest failing input, \(shortest.count) of \(input.pieces.count) pieces: \(shortest)
        """)
      return
    }
  }

  @Test("with no filter open, escape strings, Alt keys and pastes run no command and move nothing")
  func listIgnoresThem() async {
    var random = SeededRandom(seed: terminalFuzzSeed &+ 2)
    for round in 0..<300 {
      var input = HostileInput.random(using: &random)
      input.pieces.removeAll { if case .typed = $0 { true } else { false } }
      let readSeed = random.next()
      guard let problem = Self.listProblem(input.pieces, readSeed: readSeed) else { continue }
      let shortest = await shortestFailing(input.pieces) { Self.listProblem($0, readSeed: readSeed) != nil }
      Issue.record(
        """
        seed \(terminalFuzzSeed) round \(round): \(problem)
        from \(input.pieces)
        shortest failing input, \(shortest.count) of \(input.pieces.count) pieces: \(shortest)
        """)
      return
    }
  }
}
