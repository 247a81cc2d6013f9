import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// Generated cases over titles of a hostile alphabet (case pairs, ß and ẞ, the Turkish i's, precomposed and
/// decomposed é, lone combining marks, emoji with modifiers and joiners, wide characters, controls, CR and LF,
/// empty titles): after any run of source changes (rows inserted, deleted, moved and retitled, sections added and
/// removed) and query edits (a character typed or erased, text pasted, the query cleared or set), the filter
/// shows the rows and highlights the characters that a fresh filter over the last state shows, and that a model
/// of the documented rule says: the query's characters in order, each equal to a title's ignoring case, placed
/// for the best score, below 1,000 rows and from 1,000 rows.
@MainActor
@Suite struct HostileTitleFilterPropertyTests {
  struct Line: Identifiable, Equatable, Sendable, Titled, Differentiable {
    var id: Int
    var text: String
    var title: String? { text }
  }

  typealias State = [ListSection<Line>]

  /// A row as a cell draws it: its title's bytes and its highlighted offsets.
  struct Drawn: Equatable {
    var title: [UInt8]
    var highlights: [Int]
  }

  /// The pieces titles and queries are made of (a piece may join the one before it into one character).
  static let pieces = [
    "a", "A", "s", "S", "ß", "ẞ", "i", "I", "İ", "ı", "e", "\u{E9}", "e\u{301}", "\u{C9}", "\u{301}", "👍",
    "👍🏽", "\u{1F3FD}", "👨\u{200D}👩\u{200D}👧", "\u{200D}", "日", "本", "\r", "\n", "\u{7}", " ", "-",
    "\u{212A}", "k", "Σ", "σ", "ς", "x",
  ]

  enum Step {
    case insert, delete, move, retitle, addSection, removeSection
    case type, erase, paste, clear, set
  }

  /// The steps a case takes, by weight.
  static let steps = WeightedChoice<Step>([
    ("rows inserted", weight: 2, .insert),
    ("rows deleted", weight: 2, .delete),
    ("a row moved", weight: 1, .move),
    ("a row retitled", weight: 2, .retitle),
    ("a section added", weight: 1, .addSection),
    ("a section removed", weight: 1, .removeSection),
    ("a piece typed", weight: 4, .type),
    ("a character erased", weight: 2, .erase),
    ("pieces pasted", weight: 1, .paste),
    ("the query cleared", weight: 1, .clear),
    ("a query set from code", weight: 1, .set),
  ])

  static func text(_ random: inout SeededRandom, upTo count: Int) -> String {
    (0..<random.below(count + 1)).map { _ in pieces[random.below(pieces.count)] }.joined()
  }

  /// A title: some pieces, now and then after a filler that brings them about the characters a match looks at
  /// (``FilteredFeed/Match/maximumTextLength``).
  static func title(_ random: inout SeededRandom) -> String {
    let limit = FilteredFeed.Match.maximumTextLength
    let filler = random.oneIn(40) ? String(repeating: "x", count: limit - 6 + random.below(8)) : ""
    return filler + text(&random, upTo: 5)
  }

  nonisolated static func binder(_ line: Line) -> CellBinder {
    CellBinder(cell: TextCell.self, value: line, id: ListIdentifier(line.id)) { cell, line in
      cell.title = line.title ?? ""
    }
  }

  /// The documented rule, the oracle (TestSupport's `MatchRule`, written apart from the matcher).
  static let rule = MatchRule(
    characterScore: FilteredFeed.Match.characterScore, wordStartBonus: FilteredFeed.Match.wordStartBonus,
    consecutiveBonus: FilteredFeed.Match.consecutiveBonus)

  /// The best score of `query` in `title` by the model, `nil` when it does not match.
  static func bestScore(_ query: String, in title: String) -> Int? {
    let characters = Array(title.prefix(FilteredFeed.Match.maximumTextLength))
    if characters.count > 40 {
      // Too long to place by brute force: whether it holds the query, greedily, and the score any placement has.
      var next = query.startIndex
      for character in characters where next < query.endIndex && character.lowercased() == query[next].lowercased() {
        next = query.index(after: next)
      }
      return next == query.endIndex ? Int.min : nil
    }
    return MatchRule.placements(of: query, in: characters).map { rule.score($0, in: characters) }.max()
  }

  /// Each section shown: its identity and its rows' identities and highlighted offsets.
  static func shown(_ sections: [ListSectionSnapshot]) -> [String] {
    sections.map { section -> String in
      let rows: [String] = section.elements.map { row in "\(row.id)\(row.highlightedMatches)" }
      return "\(section.model.id): \(rows.joined(separator: " "))"
    }
  }

  @Test(
    "source changes and query edits over hostile titles: the rows and highlights of a fresh filter and of the rule",
    arguments: [14, 1_100])
  func hostileTitles(rows size: Int) async throws {
    var failures = 0
    for seed in DeepPass.seeds(quick: 2, deep: 30) {
      var random = SeededRandom(seed: seed &* 977 &+ UInt64(size))
      let controller = ListController<State>(rows: { $0 }, cell: Self.binder)
      let feed = try FilteredFeed(controller)
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: feed, reloadThreshold: 100_000)
      var nextID = 0
      func line() -> Line {
        nextID += 1
        return Line(id: nextID, text: Self.title(&random))
      }
      func section() -> ListSection<Line> {
        nextID += 1
        return ListSection(id: ListIdentifier(nextID), items: (0..<size / 2 + random.below(size)).map { _ in line() })
      }
      var state: State = (0..<1 + random.below(2)).map { _ in section() }
      await controller.apply(state)
      var query = ""
      for step in 0..<24 {
        let picked = Self.steps.pick(using: &random)
        switch picked.value {
        case .insert:
          let at = random.below(state.count)
          for _ in 0..<1 + random.below(4) {
            state[at].items.insert(line(), at: random.below(state[at].items.count + 1))
          }
        case .delete:
          let at = random.below(state.count)
          for _ in 0..<1 + random.below(4) where !state[at].items.isEmpty {
            state[at].items.remove(at: random.below(state[at].items.count))
          }
        case .move:
          let from = random.below(state.count)
          guard !state[from].items.isEmpty else { continue }
          let moved = state[from].items.remove(at: random.below(state[from].items.count))
          let to = random.below(state.count)
          state[to].items.insert(moved, at: random.below(state[to].items.count + 1))
        case .retitle:
          let at = random.below(state.count)
          guard !state[at].items.isEmpty else { continue }
          state[at].items[random.below(state[at].items.count)].text = Self.title(&random)
        case .addSection: state.insert(section(), at: random.below(state.count + 1))
        case .removeSection:
          guard state.count > 1 else { continue }
          state.remove(at: random.below(state.count))
        case .type: query += Self.pieces[random.below(Self.pieces.count)]
        case .erase: if !query.isEmpty { query.removeLast() }
        case .paste: query += Self.text(&random, upTo: 3)
        case .clear: query = ""
        case .set: query = Self.text(&random, upTo: 3)
        }
        if query.count > 4 { query = String(query.suffix(2)) }
        switch picked.value {
        case .type, .erase, .paste, .clear, .set: feed.query = query
        default: await controller.apply(state)
        }
        await Task.yield()
        let context =
          "seed \(seed), \(size) rows, step \(step) (\(picked.name)), query \(query.unicodeScalars.map(\.value))"
        let fresh = try FilteredFeed(
          SectionsFeed<ListSectionSnapshot>(
            sections: state.map { ListSection(id: $0.id, items: $0.items.map(Self.binder)).snapshot }),
          query: query)
        let got = Self.shown(feed.displayedSections)
        let expected = Self.shown(fresh.displayedSections)
        // The model: the rows whose titles hold the query, each with a placement of the best score.
        var modelFailures: [String] = []
        let rows = Dictionary(state.flatMap(\.items).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let shownIDs = Set(feed.displayedSections.flatMap { $0.elements.map(\.id) })
        for line in state.flatMap(\.items) {
          let best = query.isEmpty ? 0 : Self.bestScore(query, in: line.text)
          if (best != nil) != shownIDs.contains(ListIdentifier(line.id)) {
            modelFailures.append(
              "row \(line.id) \(line.text.unicodeScalars.map(\.value)): model matches \(best != nil)")
          }
        }
        for binder in feed.displayedSections.flatMap(\.elements) {
          guard let id = binder.id.value(as: Int.self), let line = rows[id],
            let best = Self.bestScore(query, in: line.text)
          else { continue }
          let offsets = binder.highlightedMatches
          let characters = Array(line.text.prefix(FilteredFeed.Match.maximumTextLength))
          let valid =
            query.isEmpty
            ? offsets.isEmpty
            : offsets.count == query.count && offsets.allSatisfy { $0 < characters.count }
              && zip(query, offsets).allSatisfy { characters[$1].lowercased() == $0.lowercased() }
              && offsets == offsets.sorted() && Set(offsets).count == offsets.count
              && (best == Int.min || Self.rule.score(offsets, in: characters) == best)
          if !valid { modelFailures.append("row \(id) \(line.text.unicodeScalars.map(\.value)): offsets \(offsets)") }
        }
        // The view's cells: each shows its row's title with the row's highlights.
        let drawn = view.sections.map { section in
          section.rows.map { cell in
            let cell = cell as? TextCell
            return Drawn(title: Array((cell?.title ?? "?").utf8), highlights: cell?.titleHighlights ?? [])
          }
        }
        let meant = feed.displayedSections.map { section in
          section.elements.map { binder in
            let title = binder.id.value(as: Int.self).flatMap { rows[$0]?.text } ?? "?"
            return Drawn(title: Array(title.utf8), highlights: binder.highlightedMatches)
          }
        }
        if drawn != meant {
          let wrong = zip(drawn.joined(), meant.joined()).first { $0 != $1 }
          modelFailures.append("drawn \(String(describing: wrong?.0)), meant \(String(describing: wrong?.1))")
        }
        if got != expected || !modelFailures.isEmpty || engine.lastError != nil
          || !view.inconsistencies.isEmpty
        {
          failures += 1
          #expect(got == expected, "\(context)")
          #expect(modelFailures.isEmpty, "\(context): \(modelFailures.prefix(4))")
          #expect(engine.lastError == nil, "\(context)")
          #expect(view.inconsistencies.isEmpty, "\(context): \(view.inconsistencies)")
          break
        }
      }
      if failures >= 3 { break }
    }
  }

  /// Pieces of printable titles: each character is drawn as it is, so a drawn run's characters are the title's.
  static let printable = [
    "a", "A", "ß", "ẞ", "İ", "ı", "e", "\u{E9}", "e\u{301}", "👍🏽", "👨\u{200D}👩\u{200D}👧", "日", " ", "-", "Σ",
    "❤\u{FE0F}", "🇯🇵",
  ]

  @Test("a match drawn by the terminal's cell: exactly the matched characters are in the highlight style")
  func drawnHighlights() {
    var failures = 0
    for seed in DeepPass.seeds(quick: 300, deep: 3_000) {
      var random = SeededRandom(seed: seed)
      let title = (0..<1 + random.below(8)).map { _ in Self.printable[random.below(Self.printable.count)] }.joined()
      let query = (0..<1 + random.below(3)).map { _ in Self.printable[random.below(Self.printable.count)] }.joined()
      guard let match = FilteredFeed.Match(query: query, in: title) else { continue }
      let cell = TextCell()
      cell.title = title
      cell.highlightMatches(match.offsets)
      let line = cell.line(width: 200)
      var drawn: [Int] = []
      var offset = 0
      for run in line.runs {
        let count = run.text.count
        if run.style == cell.titleStyle + cell.highlightStyle { drawn += offset..<offset + count }
        offset += count
      }
      if drawn != match.offsets || line.text != title {
        failures += 1
        #expect(
          drawn == match.offsets && line.text == title,
          "seed \(seed): title \(title.unicodeScalars.map(\.value)), offsets \(match.offsets), drawn \(drawn)")
        if failures >= 3 { break }
      }
    }
  }

  /// Pieces of titles with controls and lone marks: a mark after a control is a character of its own, which the
  /// drawn title joins to the control's symbol.
  static let withMarks = ["a", "\u{7}", "\n", "\u{301}", "\u{308}", "e", " "]

  @Test("a matched character drawn by the terminal's cell always shows highlighted, a mark after a control too")
  func matchedCharactersShow() {
    var failures = 0
    for seed in DeepPass.seeds(quick: 300, deep: 3_000) {
      var random = SeededRandom(seed: seed)
      let title = (0..<1 + random.below(6)).map { _ in Self.withMarks[random.below(Self.withMarks.count)] }.joined()
      let query = (0..<1 + random.below(2)).map { _ in Self.withMarks[random.below(Self.withMarks.count)] }.joined()
      guard let match = FilteredFeed.Match(query: query, in: title) else { continue }
      let cell = TextCell()
      cell.title = title
      let plain = cell.line(width: 200)
      cell.highlightMatches(match.offsets)
      let line = cell.line(width: 200)
      // Each matched character's text, sanitised alone, is drawn in a highlighted run.
      let highlighted = line.runs.filter { $0.style == cell.titleStyle + cell.highlightStyle }.map(\.text).joined()
      let characters = Array(title)
      let missing = match.offsets.filter { offset in
        // A mark drawn after the character before it shows as itself; anything else as sanitised alone.
        let shown = TextSanitizer.singleLine.sanitize(String(characters[offset]), followsCharacter: offset > 0)
          .unicodeScalars.last
        return shown.map { !highlighted.unicodeScalars.contains($0) } ?? false
      }
      if !missing.isEmpty || line.text != plain.text {
        failures += 1
        #expect(
          missing.isEmpty && line.text == plain.text,
          "seed \(seed): title \(title.unicodeScalars.map(\.value)), offsets \(match.offsets), missing \(missing)")
        if failures >= 3 { break }
      }
    }
  }
}
