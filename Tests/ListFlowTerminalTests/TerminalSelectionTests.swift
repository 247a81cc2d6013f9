import ListFlow
import ListFlowTerminal
import ListFlowTesting
import TestSupport
import Testing

/// The terminal host shows the selection, toggles rows with space in a multi-select list, and runs the `/`
/// filter: typing narrows the rows, matched characters are highlighted, Enter keeps the filter, Escape clears it.
@MainActor
@Suite struct TerminalSelectionTests {
  static let size = TerminalSize(columns: 40, rows: 9)

  /// A composite of one filtered feed of fruit rows, shown in a captured terminal view.
  @MainActor
  struct Fixture {
    let output = CapturingOutput()
    let view: TerminalListView
    let source: SectionsFeed<ListSectionSnapshot>
    let feed: FilteredFeed
    let list: ListEngine
    var screen = ScreenModel(columns: TerminalSelectionTests.size.columns, rows: TerminalSelectionTests.size.rows)

    init(mode: ListSelection.Mode, asciiOnly: Bool = false) throws {
      view = TerminalListView(
        output: output, mode: .screen(TerminalSelectionTests.size), title: "Fruits", asciiOnly: asciiOnly)
      let rows = ["apple", "banana", "cherry", "mango", "peach"].map { name in
        CellBinder(cell: TextCell.self, value: name, id: ListIdentifier(name)) { cell, title in cell.title = title }
      }
      source = SectionsFeed(sections: [ListSection(id: "fruits", items: rows).snapshot])
      feed = try FilteredFeed(source)
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(feed)
      list = try ListEngine(view: view, showing: composite)
      list.selectionMode = mode
      let feed = feed
      view.onFilterChange = { feed.query = $0 }
    }

    /// The screen's lines after everything written so far.
    mutating func lines() -> [String] {
      screen.feed(output.takeText())
      return screen.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func type(_ text: String) {
      for character in text { view.handle(.character(character)) }
    }
  }

  @Test("the article's two lines make a multi-select list with a / filter")
  func articleExample() throws {
    let source = SectionsFeed<ListSectionSnapshot>(sections: [])
    let filtered = try FilteredFeed(source)
    let composite = ComposedFeed<ListSectionSnapshot>()
    try composite.append(filtered)
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(Self.size))
    let engine = try ListEngine(view: view, showing: composite)

    engine.selectionMode = .multiple
    view.onFilterChange = { query in filtered.query = query }

    view.handle(.character("/"))
    view.handle(.character("x"))
    #expect(filtered.query == "x" && engine.selection.mode == .multiple)
  }

  @Test(
    "a command's selectedRows are the marked rows on screen, in order, and leave out the rows the query hides",
    arguments: DeepPass.seeds(quick: 20, deep: 400))
  func commandSelectedRows(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    var fixture = try Fixture(mode: .multiple)
    for step in 0..<20 {
      switch random.below(4) {
      case 0: fixture.view.handle(.character(" "))
      case 1: fixture.view.handle(random.oneIn(2) ? .down : .up)
      case 2: fixture.view.filterQuery = ["", "a", "an", "e", "ch"][random.below(5)]
      default: fixture.list.selectAll()
      }
      let context = TerminalCommand.Context(view: fixture.view)
      // The model: every row shown whose line is marked, in order (the five rows fit on screen, from line 1).
      let lines = fixture.lines()
      let marked = fixture.view.visibleRows.enumerated().filter { lines[1 + $0.offset].dropFirst(2).hasPrefix("✓") }
        .map(\.element)
      #expect(context.selectedRows == marked, "seed \(seed) step \(step): \(context.selectedRows) \(lines)")
      #expect(context.selectedRows == fixture.list.selectedRows, "seed \(seed) step \(step)")
      // The row under the cursor: its binder is the row drawn on the cursor's line, with the row's identity.
      if let row = context.row, let shown = fixture.view.visibleRows.firstIndex(of: row) {
        let binder = try #require(context.rowBinder, "seed \(seed) step \(step)")
        let name = try #require(binder.model(as: String.self))
        #expect(binder.id == context.rowIdentity && binder.id == ListIdentifier(name), "seed \(seed) step \(step)")
        #expect(lines[1 + shown].hasPrefix("▸") && lines[1 + shown].hasSuffix(name), "seed \(seed) step \(step)")
      } else {
        #expect(context.row == nil && context.rowBinder == nil, "seed \(seed) step \(step): \(lines)")
      }
    }
  }

  @Test("space toggles the row under the cursor in a multi-select list, and the marks follow")
  func spaceToggles() throws {
    var fixture = try Fixture(mode: .multiple)
    #expect(Array(fixture.lines()[1...3]) == ["▸   apple", "    banana", "    cherry"])
    #expect(fixture.view.handle(.character(" ")) == .toggleSelection)
    fixture.view.handle(.character("j"))
    fixture.view.handle(.character("j"))
    fixture.view.handle(.character(" "))
    #expect(Array(fixture.lines()[1...3]) == ["  ✓ apple", "    banana", "▸ ✓ cherry"])
    #expect(fixture.list.selection.identifiers == ["apple", "cherry"])
    fixture.view.handle(.character(" "))
    #expect(Array(fixture.lines()[1...3]) == ["  ✓ apple", "    banana", "▸   cherry"])
    #expect(fixture.screen.cells[1][2].attributes.bold)
  }

  /// A step of ``statusCountsSelection()``.
  enum SelectionStep { case selectAll, clear, filter, deselect, toggle }

  /// The steps of ``statusCountsSelection()``, by weight.
  static let selectionSteps = WeightedChoice<SelectionStep>([
    ("select all", weight: 1, .selectAll),
    ("clear the selection", weight: 1, .clear),
    ("filter", weight: 1, .filter),
    ("deselect a name", weight: 1, .deselect),
    ("move down and toggle the row with the space bar", weight: 4, .toggle),
  ])

  @Test(
    "random toggles, select-alls, clears and filters: each frame's status bar counts the selection it marks")
  func statusCountsSelection() throws {
    let names = ["apple", "banana", "cherry", "mango", "peach"]
    for seed in DeepPass.seeds(quick: 10, deep: 40) {
      var random = SeededRandom(seed: seed)
      var fixture = try Fixture(mode: .multiple)
      var expected: Set<String> = []
      for step in 0..<25 {
        switch Self.selectionSteps.pick(using: &random).value {
        case .selectAll:
          fixture.list.selectAll()
          // Rows the filter hides are not added; those selected stay selected.
          expected.formUnion(fixture.list.snapshot.flatMap { $0.elements.map { "\($0.id)" } })
        case .clear:
          fixture.list.clearSelection()
          expected = []
        case .filter:
          let query = ["", "an", "e", "ch"].randomElement(using: &random) ?? ""
          fixture.feed.query = query
        case .deselect:
          let name = names.randomElement(using: &random) ?? "apple"
          fixture.list.deselect(ListIdentifier(name))
          expected.remove(name)
        case .toggle:
          for _ in 0..<Int(random.next() % 3) { fixture.view.handle(.character("j")) }
          guard let path = fixture.view.selectedRow, let id = fixture.list.identity(ofRowAt: path) else {
            continue
          }
          fixture.view.handle(.character(" "))
          if expected.contains("\(id)") { expected.remove("\(id)") } else { expected.insert("\(id)") }
        }
        let status = fixture.lines().last ?? ""
        let context = "seed \(seed) step \(step): \(status)"
        #expect(Set(fixture.list.selection.identifiers.map { "\($0)" }) == expected, "\(context)")
        if expected.isEmpty {
          #expect(!status.contains("selected"), "\(context)")
        } else {
          #expect(status.contains("  \(expected.count) selected  "), "\(context)")
        }
      }
    }
  }

  @Test("in single mode enter selects, a new row replaces the old, and space still pages down")
  func singleMode() throws {
    var fixture = try Fixture(mode: .single)
    fixture.view.handle(.enter)
    fixture.view.handle(.character("j"))
    fixture.view.handle(.enter)
    #expect(Array(fixture.lines()[1...2]) == ["    apple", "▸ ✓ banana"])
    #expect(fixture.view.handle(.character(" ")) == .pageDown)
    #expect(fixture.list.selection.identifiers == ["banana"])
  }

  @Test("a list without selection mode draws no mark column, and ASCII-only screens mark with *")
  func marks() throws {
    var plain = try Fixture(mode: .none)
    #expect(plain.lines()[1] == "▸ apple")
    var ascii = try Fixture(mode: .multiple, asciiOnly: true)
    ascii.view.handle(.character("j"))
    ascii.view.handle(.character(" "))
    #expect(ascii.lines()[2] == "? * banana")
  }

  @Test("/ types a query that narrows the rows with highlights; backspace, enter and escape edit and clear it")
  func filter() throws {
    var fixture = try Fixture(mode: .multiple)
    #expect(fixture.view.handle(.character("/")) == .filter)
    #expect(fixture.lines().last?.hasPrefix(" 1/5  /_  enter keep") == true)
    fixture.type("an")
    var lines = fixture.lines()
    #expect(Array(lines[1...3]) == ["▸   banana", "    mango", ""])
    #expect(lines.last?.contains("/an_") == true)
    // "an" in "banana": the first consecutive a-n at offsets 1 and 2 (columns 5 and 6 after the marks).
    #expect(fixture.screen.cells[1][5].attributes.underline && fixture.screen.cells[1][6].attributes.underline)
    #expect(!fixture.screen.cells[1][4].attributes.underline)
    fixture.view.handle(.character("\u{07}"))  // a control character: ignored
    fixture.view.handle(.tab)
    fixture.view.handle(.backspace)
    #expect(fixture.feed.query == "a")
    fixture.view.handle(.enter)
    lines = fixture.lines()
    #expect(!fixture.view.isEditingFilter)
    #expect(lines.last?.contains("/a  / edit - esc clear") == true)
    // Keys act on the list again; escape clears the filter, then quits.
    #expect(fixture.view.handle(.character("j")) == .moveDown)
    #expect(fixture.view.handle(.escape) == .clearFilter)
    #expect(fixture.feed.query.isEmpty)
    #expect(fixture.lines()[1...5].map { $0.trimmingPrefix(while: { $0 == " " || $0 == "▸" }) }.count == 5)
    #expect(fixture.view.handle(.escape) == .quit)
  }

  @Test("rows selected, then hidden by the filter, are marked again when it clears")
  func selectionSurvivesFilter() throws {
    var fixture = try Fixture(mode: .multiple)
    fixture.view.handle(.character(" "))
    fixture.view.handle(.character("/"))
    fixture.type("ch")
    #expect(Array(fixture.lines()[1...2]) == ["▸   cherry", "    peach"])
    #expect(fixture.list.selection.identifiers == ["apple"])
    fixture.view.handle(.character(" "))  // while typing, space is text: "ch " matches nothing
    #expect(fixture.feed.query == "ch ")
    fixture.view.handle(.backspace)
    fixture.view.handle(.enter)
    fixture.view.handle(.character(" "))
    fixture.view.handle(.escape)
    let lines = fixture.lines()
    #expect(lines[1].hasSuffix("✓ apple") && lines[3].hasSuffix("✓ cherry"))
    #expect(Set(fixture.list.selection.identifiers) == ["apple", "cherry"])
  }

  @Test("typed filter text keeps only printable characters: no control, escape or bidi character reaches the query")
  func typedTextIsSanitised() throws {
    let pool: [Character] = [
      "a", "Z", " ", "日", "é", "\u{1B}", "\u{07}", "\u{7F}", "\u{9B}", "\u{202E}", "\u{200F}", "\t", "\r\n", "👍🏽",
    ]
    for seed in DeepPass.seeds(quick: 20, deep: 100) {
      var random = SeededRandom(seed: seed)
      var fixture = try Fixture(mode: .multiple)
      fixture.view.handle(.character("/"))
      var expected = ""
      for _ in 0..<Int(random.next() % 12) {
        let character = pool[Int(random.next() % UInt64(pool.count))]
        fixture.view.handle(.character(character))
        if character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) })
          && character != "\u{202E}" && character != "\u{200F}"
        {
          expected.append(character)
        }
      }
      #expect(fixture.view.filterQuery == expected, "seed \(seed)")
      #expect(fixture.feed.query == expected, "seed \(seed)")
      _ = fixture.lines()
      #expect(fixture.screen.unsupported.isEmpty, "seed \(seed)")
    }
  }
}
