import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// Text typed into the filter a scalar at a time (as a terminal sends an emoji picked or composed: its scalars
/// one after another, each decoded as a key of its own), pasted, or both in turns, gives one query: the one the
/// sanitiser's rule for a paste gives the whole text.
@MainActor
@Suite struct TypedFilterPropertyTests {
  /// Pieces of text: emoji ZWJ sequences, flags, a tag sequence, variation selectors, combining marks, Hangul
  /// syllables and jamo, CJK, ASCII, and scalars that are never typable alone or out of place.
  static let pool: [String] = [
    "👨‍👩‍👧", "🏳️‍🌈", "👍🏽", "🧑🏽‍💻", "🇯🇵", "🇺🇸", "🇫", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🏴", "❤️", "☺︎", "\u{FE0F}", "\u{200D}",
    "\u{200C}", "\u{E0067}", "\u{E007F}", "e\u{301}", "\u{301}", "a\u{316}\u{301}", "각", "\u{1100}\u{1161}\u{11A8}",
    "\u{1161}", "\u{115F}", "漢", "日本", "葛\u{E0100}", "a", "q", "/", " ", "\u{202E}", "\u{200B}",
  ]

  /// Random text from the pool; now and then a letter under hundreds of marks, which reaches the length limit.
  static func text(using random: inout SeededRandom) -> String {
    (0..<Int.random(in: 1...10, using: &random)).map { _ in
      random.oneIn(30)
        ? "x" + String(repeating: "\u{301}", count: Int.random(in: 200...300, using: &random))
        : pool.randomElement(using: &random)!
    }.joined()
  }

  /// The query a paste of `text` gives by the sanitiser's rule: each character of the text in turn, when it is
  /// printable and the sanitiser leaves it as it is, up to 256 scalars (the character that reaches the limit keeps
  /// the scalars that fit, when they are typable).
  static func expectedQuery(_ text: String) -> [Unicode.Scalar] {
    var query: [Unicode.Scalar] = []
    for character in text {
      let room = 256 - query.count
      guard room > 0 else { break }
      let scalars = Array(character.unicodeScalars.prefix(room))
      let fitting = String(String.UnicodeScalarView(scalars))
      guard scalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }), !fitting.contains(where: \.isNewline),
        TextSanitizer.singleLine.sanitize(fitting, followsCharacter: true).unicodeScalars.elementsEqual(scalars)
      else { continue }
      query += scalars
    }
    return query
  }

  /// A view with the filter open (plain, so that it draws little for each key).
  static func openFilter() -> TerminalListView {
    let view = TerminalListView(output: CapturingOutput(), mode: .plain)
    view.onFilterChange = { _ in }
    view.handle(.character("/"))
    return view
  }

  @Test("text typed scalar by scalar, as bytes in random reads, or pasted in random parts gives the paste's query")
  func typedIsPasted() {
    for seed in DeepPass.seeds(quick: 40, deep: 3_000) {
      var random = SeededRandom(seed: seed)
      let text = Self.text(using: &random)
      let expected = Self.expectedQuery(text)
      let scalars = Array(text.unicodeScalars)
      // Pasted whole.
      let pasted = Self.openFilter()
      pasted.handle(.paste(text))
      // Each scalar a key of its own.
      let typed = Self.openFilter()
      for scalar in scalars { typed.handle(.character(Character(scalar))) }
      // Its bytes, decoded from random reads.
      let decoded = Self.openFilter()
      var decoder = KeyDecoder()
      let bytes = Array(text.utf8)
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + Int.random(in: 1...9, using: &random))
        for key in decoder.decode(Array(bytes[start..<end])) { decoded.handle(key) }
        start = end
      }
      for key in decoder.flush() { decoded.handle(key) }
      // Random parts, each pasted or typed scalar by scalar.
      let mixed = Self.openFilter()
      start = 0
      while start < scalars.count {
        let end = min(scalars.count, start + Int.random(in: 1...6, using: &random))
        if Bool.random(using: &random) {
          mixed.handle(.paste(String(String.UnicodeScalarView(scalars[start..<end]))))
        } else {
          for scalar in scalars[start..<end] { mixed.handle(.character(Character(scalar))) }
        }
        start = end
      }
      // Set from code.
      let set = Self.openFilter()
      set.filterQuery = text
      for (name, view) in [("pasted", pasted), ("typed", typed), ("decoded", decoded), ("mixed", mixed), ("set", set)] {
        let query = Array(view.filterQuery.unicodeScalars)
        #expect(
          query == expected,
          """
          seed \(seed) \(name): \(text.unicodeScalars.map { String($0.value, radix: 16) }) gives \
          \(query.map { String($0.value, radix: 16) }), not \(expected.map { String($0.value, radix: 16) })
          """)
      }
    }
  }

  /// Counts the actions of the app's commands.
  @MainActor final class Counts {
    var actions: [String: Int] = [:]
  }

  /// A list of `count` rows in a screen, the filter on but not open.
  static func list(rows count: Int) -> (TerminalListView, ScriptedDataSource) {
    let dataSource = ScriptedDataSource()
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 30, rows: 6)))
    dataSource.view = view
    view.dataSource = dataSource
    view.reusePool.register(TextCell.self)
    dataSource.show([.init(id: 0, rows: (0..<count).map { .init(id: $0 + 1, title: "row \($0)") })])
    view.onFilterChange = { _ in }
    return (view, dataSource)
  }

  @Test("while the query is typed, a move key runs the first available command bound to it, as outside the filter")
  func moveKeysWhileTyping() {
    let moves: [Key] = [.up, .down, .pageUp, .pageDown, .home, .end]
    for seed in DeepPass.seeds(from: terminalFuzzSeed, quick: 80, deep: 2_000) {
      var random = SeededRandom(seed: seed)
      // The app's commands, bound to some move keys, before or after the standard ones, available or not.
      var keyMap = KeyMap.standard
      let counts = Counts()
      for index in 0..<Int.random(in: 0...3, using: &random) {
        let name = "app\(index)"
        let keys = moves.filter { _ in random.oneIn(2) }
        let available = !random.oneIn(3)
        let command = TerminalCommand(name, keys: keys, isAvailable: { _ in available }) { _ in
          counts.actions[name, default: 0] += 1
        }
        if random.oneIn(2) {
          keyMap.bindings.insert(KeyBinding(keys, command), at: 0)
        } else {
          keyMap.add(command)
        }
      }
      let rows = Int.random(in: 0...6, using: &random)
      let (typing, typingSource) = Self.list(rows: rows)
      let (browsing, browsingSource) = Self.list(rows: rows)
      typing.keyMap = keyMap
      browsing.keyMap = keyMap
      typing.handle(.character("/"))
      for step in 0..<8 {
        let key = moves.randomElement(using: &random)!
        let context = TerminalCommand.Context(view: typing)
        let expected = keyMap.bindings.first { $0.keys.contains(key) && $0.command.isAvailable(context) }?.command
        let before = counts.actions
        let typed = typing.handle(key)
        let typedActions = counts.actions
        counts.actions = before
        let browsed = browsing.handle(key)
        let problem = "seed \(seed) step \(step) \(key) on \(rows) rows"
        #expect(typed == expected, "\(problem): \(typed.map(\.name) ?? "nil"), not \(expected.map(\.name) ?? "nil")")
        #expect(
          typed == browsed, "\(problem): \(typed.map(\.name) ?? "nil") typing, \(browsed.map(\.name) ?? "nil") not")
        #expect(typedActions == counts.actions, "\(problem): actions \(typedActions) typing, \(counts.actions) not")
        #expect(typing.selectedRow == browsing.selectedRow, "\(problem)")
        #expect(typing.isEditingFilter, "\(problem)")
      }
      withExtendedLifetime((typingSource, browsingSource)) {}
    }
  }
}
