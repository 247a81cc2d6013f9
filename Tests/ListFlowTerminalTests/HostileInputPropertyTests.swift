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

  @Test("a filter being typed takes typed and pasted text; escape strings and Alt keys run no command")
  func filterTakesTextOnly() {
    var random = SeededRandom(seed: terminalFuzzSeed)
    for round in 0..<300 {
      let input = HostileInput.random(using: &random)
      let reads = HostileInput.reads(of: input.bytes, using: &random)
      let dataSource = ScriptedDataSource()
      let view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 40, rows: 8)))
      dataSource.view = view
      view.dataSource = dataSource
      view.reusePool.register(TextCell.self)
      dataSource.show([.init(id: 0, rows: [.init(id: 1, title: "one"), .init(id: 2, title: "two")])])
      var queries: [String] = []
      view.onFilterChange = { queries.append($0) }
      view.handle(.character("/"))
      var decoder = KeyDecoder()
      var commands: [TerminalCommand] = []
      for read in reads {
        for key in decoder.decode(read) { view.handle(key).map { commands.append($0) } }
      }
      for key in decoder.flush() { view.handle(key).map { commands.append($0) } }
      var expected: [Unicode.Scalar] = []
      for piece in input.pieces {
        switch piece {
        case .typed(let text): expected += text.unicodeScalars
        case .paste(let text): expected += Self.typableScalars(of: text)
        case .alt, .string: break
        }
      }
      expected = Array(expected.prefix(256))
      let events = dataSource.events.filter { !$0.contains("highlight") && $0 != "reached end" }
      let query = Array(view.filterQuery.unicodeScalars)
      #expect(commands.isEmpty, "seed \(terminalFuzzSeed) round \(round): \(commands) from \(input.pieces)")
      #expect(events.isEmpty, "seed \(terminalFuzzSeed) round \(round): \(events) from \(input.pieces)")
      #expect(view.isEditingFilter, "seed \(terminalFuzzSeed) round \(round): \(input.pieces)")
      #expect(query == expected, "seed \(terminalFuzzSeed) round \(round): \(input.pieces)")
      if !commands.isEmpty || !events.isEmpty || query != expected || !view.isEditingFilter { return }
    }
  }

  @Test("with no filter open, escape strings, Alt keys and pastes run no command and move nothing")
  func listIgnoresThem() {
    var random = SeededRandom(seed: terminalFuzzSeed &+ 2)
    for round in 0..<300 {
      var input = HostileInput.random(using: &random)
      input.pieces.removeAll { if case .typed = $0 { true } else { false } }
      let dataSource = ScriptedDataSource()
      let view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 40, rows: 8)))
      dataSource.view = view
      view.dataSource = dataSource
      view.reusePool.register(TextCell.self)
      dataSource.show([.init(id: 0, rows: (1...20).map { .init(id: $0, title: "row \($0)") })])
      view.onFilterChange = { _ in }
      var decoder = KeyDecoder()
      var commands: [TerminalCommand] = []
      for read in HostileInput.reads(of: input.bytes, using: &random) {
        for key in decoder.decode(read) { view.handle(key).map { commands.append($0) } }
      }
      for key in decoder.flush() { view.handle(key).map { commands.append($0) } }
      let events = dataSource.events.filter { !$0.contains("highlight") && $0 != "reached end" }
      let state = (view.selectedRow, view.isEditingFilter, view.isShowingHelp, view.filterQuery)
      #expect(commands.isEmpty, "seed \(terminalFuzzSeed) round \(round): \(commands) from \(input.pieces)")
      #expect(events.isEmpty, "seed \(terminalFuzzSeed) round \(round): \(events) from \(input.pieces)")
      #expect(
        state.0 == ItemPath(item: 0, section: 0) && !state.1 && !state.2 && state.3.isEmpty,
        "seed \(terminalFuzzSeed) round \(round): \(state) from \(input.pieces)")
      if !commands.isEmpty || !events.isEmpty || state.0 != ItemPath(item: 0, section: 0) { return }
    }
  }
}
