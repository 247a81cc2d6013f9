import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// The key map as the one source of input, help line and help screen; status messages and the spinner on a
/// clock the test moves; `NO_COLOR` and `TERM=dumb`.
@MainActor
@Suite struct TerminalHelpAndStatusTests {
  static let size = TerminalSize(columns: 60, rows: 10)

  static func makeView(
    environment: TerminalEnvironment = TerminalEnvironment([:]), time: ManualTime = ManualTime(),
    mode: TerminalListView.Mode = .screen(size)
  ) -> (TerminalListView, CapturingOutput, ScriptedDataSource) {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: mode, title: "T", environment: environment, clock: time.clock)
    let dataSource = ScriptedDataSource()
    view.dataSource = dataSource
    dataSource.view = view
    dataSource.show([.init(id: 0, header: "Rows", rows: (0..<20).map { .init(id: $0, title: "row \($0)") })])
    return (view, output, dataSource)
  }

  static func screen(_ output: CapturingOutput, into screen: inout ScreenModel) -> [String] {
    screen.feed(output.takeText())
    return screen.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test("a binding added to the key map shows on the help line and the help screen, and its key acts")
  func keyMapDrivesEverything() {
    let (view, output, dataSource) = Self.makeView()
    var screen = ScreenModel(columns: Self.size.columns, rows: Self.size.rows)
    // On the first row: no "up"; no refresh handler: no "refresh".
    #expect(Self.screen(output, into: &screen).last == " 1/20  j down - enter select - d delete - ? help - q quit")
    view.keyMap.bindings.insert(
      KeyBinding(
        [.character("x")],
        TerminalCommand("pick", keys: [], shortHelp: "pick", help: "pick the row") {
          try? $0.view.dataSource?.selectRow(at: $0.row!)
        }), at: 0)
    #expect(Self.screen(output, into: &screen).last == " 1/20  x pick - j down - enter select - d delete - ? help -⋯")
    view.handle(.character("x"))
    #expect(dataSource.takeEvents().contains("select 0:0"), "x selects the row under the cursor")
    view.handle(.character("?"))
    // What the user reads: the new key first, the keys in a column as wide as the widest names, then each
    // description; the screen is as tall as the terminal.
    #expect(Self.screen(output, into: &screen) == Self.helpScreenWithPick)
    view.handle(.character("?"))
    #expect(Self.screen(output, into: &screen)[1] == "Rows", "any key closes the help and the list is back")
  }

  @Test("a command replaced in the key map by one of the same name shows its own help at once, whatever is available")
  func replacedCommandShowsItsHelp() {
    let (view, output, _) = Self.makeView()
    var screen = ScreenModel(columns: Self.size.columns, rows: Self.size.rows)
    func pick(_ short: String) -> KeyBinding {
      KeyBinding([.character("x")], TerminalCommand("pick", keys: [], shortHelp: short, help: short) { _ in })
    }
    view.keyMap.bindings.insert(pick("pick"), at: 0)
    #expect(Self.screen(output, into: &screen).last?.hasPrefix(" 1/20  x pick - j down") == true)
    // Equal to the one it replaces (commands compare by name), with the same commands available.
    view.keyMap.bindings[0] = pick("choose")
    #expect(Self.screen(output, into: &screen).last?.hasPrefix(" 1/20  x choose - j down") == true)
  }

  /// The help screen of ``keyMapDrivesEverything()``, as the user sees it.
  static let helpScreenWithPick: [String] = [
    "T",
    " Keys (any key closes this help)",
    " x                    pick the row",
    " j/down               move the cursor down",
    " PgDn/space           move a page down",
    " End/G                move to the last row and follow it",
    " enter                select the row under the cursor",
    " d                    delete the row (its edit action)",
    " ⋯ 4 more (a taller terminal shows them)",
    " 1/20  x pick - j down - enter select - d delete - ? help -⋯",
  ]

  @Test("the standard help screen lists every key that acts on the first row and what it does, the mouse included")
  func standardHelpScreen() {
    let tall = TerminalSize(columns: 60, rows: 40)
    // The view holds its data source weakly: the test keeps it, or the rows lose their delete action.
    let (view, output, dataSource) = Self.makeView(mode: .screen(tall))
    var screen = ScreenModel(columns: tall.columns, rows: tall.rows)
    _ = Self.screen(output, into: &screen)
    view.handle(.character("?"))
    let lines = Self.screen(output, into: &screen).map { String($0.reversed().drop { $0 == " " }.reversed()) }
    #expect(lines == Self.standardHelpScreen)
    withExtendedLifetime(dataSource) {}
  }

  /// The standard help screen, as the user sees it on a 60 × 40 terminal.
  static let standardHelpScreen: [String] =
    [
      "T",
      " Keys (any key closes this help)",
      " j/down               move the cursor down",
      " PgDn/space           move a page down",
      " End/G                move to the last row and follow it",
      " enter                select the row under the cursor",
      " d                    delete the row (its edit action)",
      " ?                    show or hide this help",
      " q/esc/ctrl-c/ctrl-d  quit",
      " wheel                scroll, keeping the cursor on screen",
      " click                move the cursor to a row; click it ag⋯",
    ] + Array(repeating: "", count: 28) + [" 1/20  j down - enter select - d delete - ? help - q quit"]

  /// The keys column of every help line the list of ``makeView(environment:time:mode:)`` has on its first row,
  /// written out here rather than read from the key map: the standard keys that act there, and the mouse.
  static let standardKeys = [
    "j/down", "PgDn/space", "End/G", "enter", "d", "?", "q/esc/ctrl-c/ctrl-d", "wheel", "click",
  ]

  @Test(
    "at any terminal size, the help screen lists every key that acts, or ends with how many more a taller one shows")
  func helpFitsOrSaysHowManyMore() {
    for seed in DeepPass.seeds(quick: 40, deep: 400) {
      var random = SeededRandom(seed: seed)
      // From a list area of one line (the help's last line only) up.
      let size = TerminalSize(columns: 40 + random.below(81), rows: 3 + random.below(20))
      let (view, output, dataSource) = Self.makeView(mode: .screen(size))
      var expected = Self.standardKeys
      for index in 0..<random.below(5) {
        let key = ["x", "y", "z", "w"][index]
        view.keyMap.bindings.insert(
          KeyBinding(
            [.character(Character(key))], TerminalCommand("app\(index)", keys: [], help: "app \(index)") { _ in }),
          at: random.below(view.keyMap.bindings.count + 1))
        expected.append(key)
      }
      var screen = ScreenModel(columns: size.columns, rows: size.rows)
      _ = Self.screen(output, into: &screen)
      view.handle(.character("?"))
      let lines = Self.screen(output, into: &screen)
      // The heading takes the list area's first line, when the area has two or more.
      let heading = size.rows - 2 > 1 ? 1 : 0
      let area = lines[1 + heading..<size.rows - 1].filter { !$0.allSatisfy { $0 == " " } }
      let keys = area.compactMap { $0.split(separator: " ").first.map(String.init) }.filter { $0 != "⋯" }
      let context = "seed \(seed), \(size.columns) x \(size.rows): \(area)"
      #expect(Set(keys).isSubset(of: expected) && Set(keys).count == keys.count, "\(context)")
      if expected.count + 1 <= size.rows - 2 {
        #expect(lines[1].hasPrefix(" Keys"), "\(context)")
        #expect(keys.sorted() == expected.sorted(), "every key fits and is listed; \(context)")
      } else {
        // The heading, when it fits, the keys that fit, and the line that says how many lines more there are.
        let more = area.last.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) }
        #expect(lines[1].hasPrefix(heading == 1 ? " Keys" : " ⋯ "), "\(context)")
        #expect(area.last?.hasPrefix(" ⋯ ") == true, "the last line says more; \(context)")
        #expect(keys.count == size.rows - 3 - heading, "the help uses the whole list area; \(context)")
        #expect(heading + keys.count + (more ?? 0) == expected.count + 1, "listed and more add up; \(context)")
      }
      withExtendedLifetime(dataSource) {}
    }
  }

  @Test("an app command's words are sanitised on the help line, the help screen and in the help lines")
  func appCommandTextIsSanitised() {
    let (view, output, _) = Self.makeView()
    _ = output.takeText()
    let command = TerminalCommand("\u{1B}]0;pwned\u{07}", keys: [.character("x")], shortHelp: "\u{9B}2Jwipe") { _ in }
    view.keyMap.bindings.insert(KeyBinding(command.keys, command), at: 0)
    view.handle(.character("?"))
    let written = output.takeText()
    #expect(written.contains("x ␛[2Jwipe") || written.contains("wipe"), "the command is drawn")
    for hostile in ["\u{1B}]0;", "\u{9B}", "\u{07}"] {
      #expect(!written.contains(hostile), "\(hostile.debugDescription) reached the terminal")
      #expect(!view.keyMap.helpLines.joined().contains(hostile) && !view.keyMap.helpLine.contains(hostile))
    }
  }

  @Test("while the help covers the list, every key only closes it: none acts on a row; Ctrl-C and Ctrl-D still quit")
  func helpScreenTakesKeys() {
    let keys: [Key] = [
      .character("j"), .character("d"), .enter, .character(" "), .down, .pageDown, .character("/"), .escape,
      .character("q"), .character("r"), .right,
    ]
    for key in keys {
      let (view, _, dataSource) = Self.makeView()
      view.handle(.character("?"))
      _ = dataSource.takeEvents()
      #expect(view.handle(key) == .toggleHelp, "\(key)")
      #expect(!view.isShowingHelp, "\(key)")
      #expect(view.selectedRow == ItemPath(item: 0, section: 0), "\(key)")
      #expect(dataSource.takeEvents().isEmpty, "\(key)")
    }
    for key in [Key.interrupt, .endOfInput] {
      let (view, _, _) = Self.makeView()
      view.handle(.character("?"))
      #expect(view.handle(key) == .quit)
    }
  }

  @Test("a status message shows until its time is over on the clock, then the status comes back")
  func statusMessage() {
    let time = ManualTime()
    let (view, output, dataSource) = Self.makeView(time: time)
    defer { withExtendedLifetime(dataSource) {} }
    var screen = ScreenModel(columns: Self.size.columns, rows: Self.size.rows)
    view.status = "idle"
    view.postStatus("saved", for: .seconds(2))
    #expect(Self.screen(output, into: &screen).last?.hasSuffix(" saved") == true)
    #expect(view.nextTickTime == .seconds(2))
    time.advance(by: .milliseconds(1_999))
    view.tick()
    #expect(view.currentStatusMessage == "saved")
    #expect(output.takeText().isEmpty)
    time.advance(by: .milliseconds(1))
    view.tick()
    #expect(view.currentStatusMessage == nil)
    let bytes = output.takeText()
    // Only the status bar is written again.
    #expect(bytes.hasPrefix(EscapeSequence.moveCursor(row: 9, column: 0)))
    #expect(bytes.matches(of: /\x1B\[\d+;\d+H/).count == 1)
    screen.feed(bytes)
    #expect(screen.text.hasSuffix(" idle"))
    #expect(view.nextTickTime == nil)
  }

  @Test("the spinner takes the list's last line, advances one frame per interval and repaints only its line")
  func spinner() {
    let time = ManualTime()
    let (view, output, dataSource) = Self.makeView(time: time)
    defer { withExtendedLifetime(dataSource) {} }
    var screen = ScreenModel(columns: Self.size.columns, rows: Self.size.rows)
    _ = Self.screen(output, into: &screen)
    view.startSpinner("loading more")
    #expect(Self.screen(output, into: &screen)[8] == "  ⠋ loading more")
    time.advance(by: TerminalListView.spinnerInterval * 3)
    view.tick()
    let bytes = output.takeText()
    #expect(bytes.matches(of: /\x1B\[\d+;\d+H/).count == 1)
    #expect(bytes.hasPrefix(EscapeSequence.moveCursor(row: 8, column: 0)))
    screen.feed(bytes)
    #expect(screen.text.split(separator: "\n")[8] == "  ⠸ loading more")
    time.advance(by: TerminalListView.spinnerInterval / 2)
    view.tick()
    #expect(output.takeText().isEmpty)
    view.stopSpinner()
    #expect(Self.screen(output, into: &screen)[8] == "  row 6")
    #expect(!view.isSpinning)
  }

  @Test(
    "the spinner never takes the cursor's row off screen: a list area of one line keeps it, and shows the spinner when taller",
    arguments: DeepPass.seeds(quick: 40, deep: 400))
  func spinnerKeepsCursorOnScreen(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var size = TerminalSize(columns: 30, rows: 1 + random.below(8))
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .screen(size))
    let dataSource = ScriptedDataSource()
    defer { withExtendedLifetime(dataSource) {} }
    view.dataSource = dataSource
    dataSource.view = view
    let count = 1 + random.below(12)
    dataSource.show([
      .init(id: 0, header: random.oneIn(2) ? "Files" : nil, rows: (0..<count).map { .init(id: $0, title: "row \($0)") })
    ])
    var screen = ScreenModel(columns: size.columns, rows: size.rows)
    for step in 0..<30 {
      switch random.below(5) {
      case 0: view.startSpinner("scanning")
      case 1: view.stopSpinner()
      case 2:
        size = TerminalSize(columns: 30, rows: 1 + random.below(8))
        view.resize(to: size)
        screen = ScreenModel(columns: size.columns, rows: size.rows)
      default: view.handle([.down, .up, .end, .home, .pageDown][random.below(5)])
      }
      screen.feed(output.takeText())
      let lines = screen.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let context = "seed \(seed) step \(step), \(size.rows) lines, spinning \(view.isSpinning): \(lines)"
      let listHeight = size.rows - 2
      let spinnerShown = lines.contains { $0.contains("scanning") }
      #expect(spinnerShown == (view.isSpinning && listHeight >= 2), "\(context)")
      guard listHeight >= 1, let cursor = view.selectedRow else { continue }
      #expect(view.visibleRows.contains(cursor), "the cursor's row is not on screen: \(context)")
      #expect(lines.contains { $0.hasPrefix("▸ row \(cursor.item)") }, "the cursor's row is not drawn: \(context)")
    }
  }

  @Test("NO_COLOR drops colours and keeps bold, dim and inverse; an empty NO_COLOR changes nothing")
  func noColor() {
    for (value, colored) in [("1", false), ("", true)] {
      let output = CapturingOutput()
      let view = TerminalListView(
        output: output, mode: .screen(Self.size), environment: TerminalEnvironment(["NO_COLOR": value]))
      let dataSource = ScriptedDataSource()
      view.dataSource = dataSource
      dataSource.view = view
      dataSource.show([.init(id: 0, rows: [.init(id: 0, title: "a")])])
      view.dataSource = nil
      view.reloadData()
      view.postStatus("x")
      let bytes = output.takeText()
      var screen = ScreenModel(columns: Self.size.columns, rows: Self.size.rows)
      screen.feed(bytes)
      #expect(view.usesColor == colored)
      // The error row is red when colours are on.
      let drawnColors = screen.cells.joined().contains { $0.attributes.foreground != nil }
      #expect(drawnColors == false || colored, "NO_COLOR=\(value)")
      #expect(screen.cells[0][0].attributes.inverse && screen.cells[0][0].attributes.bold)
    }
  }

  @Test("TERM=dumb turns a screen view into plain lines with no escape code at all")
  func dumbTerminal() {
    let (view, output, dataSource) = Self.makeView(environment: TerminalEnvironment(["TERM": "dumb"]))
    #expect(view.mode == .plain)
    dataSource.show([.init(id: 0, header: "Rows", rows: [.init(id: 1, title: "row 1")])])
    view.postStatus("done")
    let text = output.takeText()
    #expect(!text.contains("\u{1B}"))
    #expect(text.contains("reload 1 sections 20 rows"))
    #expect(text.contains("status done"))
  }

  @Test("the environment's variables are read as documented")
  func environment() {
    #expect(TerminalEnvironment([:]).allowsColor)
    #expect(!TerminalEnvironment(["NO_COLOR": "0"]).allowsColor)
    #expect(TerminalEnvironment(["TERM": "dumb"]).isDumb)
    #expect(!TerminalEnvironment(["TERM": "xterm-dumb"]).isDumb)
    #expect(!TerminalEnvironment([:]).isDumb && !TerminalEnvironment(["TERM": ""]).isDumb)
    #expect(TerminalEnvironment(["LANG": "en_US.UTF-8"]).localeIsUTF8)
  }

  @Test("after any titles and sizes, the title bar is the one a new view of that title and size draws")
  func titleBarFollowsTitleAndSize() {
    let titles = [
      "T", "Logs", "Logs", "wide 日本語 title", "\u{1B}]0;pwned\u{07}x", "", String(repeating: "long ", count: 40),
    ]
    for seed in DeepPass.seeds(quick: 20, deep: 200) {
      var random = SeededRandom(seed: seed)
      let (view, output, dataSource) = Self.makeView()
      var size = Self.size
      var screen = ScreenModel(columns: size.columns, rows: size.rows)
      _ = Self.screen(output, into: &screen)
      for step in 0..<8 {
        if random.oneIn(3) {
          size = TerminalSize(columns: 20 + random.below(60), rows: 4 + random.below(10))
          view.resize(to: size)
          screen = ScreenModel(columns: size.columns, rows: size.rows)
        } else {
          view.title = titles[random.below(titles.count)]
        }
        let shown = Self.screen(output, into: &screen).first
        let (fresh, freshOutput, freshSource) = Self.makeView(mode: .screen(size))
        fresh.title = view.title
        var freshScreen = ScreenModel(columns: size.columns, rows: size.rows)
        let expected = Self.screen(freshOutput, into: &freshScreen).first
        #expect(
          shown == expected,
          "seed \(seed), step \(step), \(size.columns) x \(size.rows), title \(view.title.debugDescription)")
        withExtendedLifetime(freshSource) {}
      }
      withExtendedLifetime(dataSource) {}
    }
  }

  @Test("while the query is typed, any key that acts stops the cursor following the last row; others leave it")
  func filterKeysStopFollowing() throws {
    for seed in DeepPass.seeds(quick: 25, deep: 400) {
      var random = SeededRandom(seed: seed)
      let view = TerminalListView(output: CapturingOutput(), mode: .screen(Self.size))
      let names = (0..<Int(3 + random.next() % 20)).map { "line \($0) " + ["ab", "ba", "cd"][Int(random.next() % 3)] }
      let source = SectionsFeed<ListSectionSnapshot>(sections: [
        ListSection(
          id: "log",
          items: names.map { name in
            CellBinder(cell: TextCell.self, value: name, id: ListIdentifier(name)) { $0.title = $1 }
          }
        ).snapshot
      ])
      let filtered = try FilteredFeed(source)
      let engine = try ListEngine(view: view, showing: filtered)
      view.onFilterChange = { filtered.query = $0 }
      // Keys that edit the query (the arrows act as anywhere else, when they can move), and keys that do nothing
      // then (ignored controls).
      let acting: [Key] = [.character("a"), .character("b"), .paste("c"), .backspace, .enter, .escape]
      let inert: [Key] = [.character("\u{1}"), .character("\u{7F}"), .paste("\u{1B}")]
      for step in 0..<30 {
        if !view.isEditingFilter { view.handle(.character("/")) }
        view.handle(.end)
        let before = view.followsLastRow
        let isActing = random.next() % 3 != 0
        let key = isActing ? acting.randomElement(using: &random)! : inert.randomElement(using: &random)!
        view.handle(key)
        let context = "seed \(seed) step \(step) key \(key)"
        #expect(view.followsLastRow == (isActing ? false : before), "\(context)")
        #expect(view.statusBar(width: 80).text.contains(" follow") == view.followsLastRow, "\(context)")
      }
      withExtendedLifetime(engine) {}
    }
  }

  /// What a test does to the filter: the app sets or removes the handler or sets the query, or the user types.
  enum FilterStep: Sendable {
    case handler(on: Bool)
    case query(String)
    case key(Key)
  }

  static let filterSteps = WeightedChoice<FilterStep>([
    ("turn the filter on", weight: 2, .handler(on: true)),
    ("turn the filter off", weight: 2, .handler(on: false)),
    ("set the query", weight: 2, .query("ab")),
    ("clear the query", weight: 1, .query("")),
    ("press /", weight: 3, .key(.character("/"))),
    ("type x", weight: 3, .key(.character("x"))),
    ("press q", weight: 2, .key(.character("q"))),
    ("press escape", weight: 2, .key(.escape)),
  ])

  @Test(
    "with a query kept, the status bar shows the query, then the help line of every other key that acts",
    arguments: DeepPass.seeds(quick: 30, deep: 300))
  func keptQueryKeepsHelp(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let size = TerminalSize(columns: 400, rows: 10)
    let (view, output, dataSource) = Self.makeView(mode: .screen(size))
    defer { withExtendedLifetime(dataSource) {} }
    view.onFilterChange = { _ in }
    // Some commands of the app's own, available or not.
    var appCommands: [(help: String, acts: Bool)] = []
    for index in 0..<random.below(4) {
      let acts = random.oneIn(3) ? false : true
      let help = "app\(index)"
      view.keyMap.add(
        TerminalCommand(
          help, keys: [.character(Character(UnicodeScalar(UInt8(ascii: "A") + UInt8(index))))], shortHelp: help,
          isAvailable: { _ in acts }
        ) { _ in })
      appCommands.append((help, acts))
    }
    for _ in 0..<random.below(5) { view.handle(.down) }
    let query = ["r", "ro", "row 1", "1"][random.below(4)]
    view.handle(.character("/"))
    for character in query { view.handle(.character(character)) }
    view.handle(.enter)
    var screen = ScreenModel(columns: size.columns, rows: size.rows)
    screen.feed(output.takeText())
    let status = screen.text.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    #expect(status.contains("/\(query)  / edit - esc clear - "), "seed \(seed): \(status)")
    for (help, acts) in appCommands {
      #expect(status.contains(help) == acts, "seed \(seed): \(help) acts \(acts): \(status)")
    }
    #expect(status.contains("? help") && status.contains("q quit"), "seed \(seed): \(status)")
    #expect(!status.contains("/ filter"), "seed \(seed): \(status)")
  }

  @Test("a filter turned off (onFilterChange = nil) shows no query and types nothing: q and Escape quit again")
  func filterTurnedOff() {
    var issues = 0
    for seed in DeepPass.seeds(quick: 25, deep: 400) {
      var random = SeededRandom(seed: seed)
      let (view, _, dataSource) = Self.makeView()
      // The model: the filter is on, the query shown, keys type into it.
      var isOn = false
      var query = ""
      var isEditing = false
      var told: [String] = []
      var drawn: [String] = []
      for _ in 0..<12 {
        let step = Self.filterSteps.pick(using: &random)
        drawn.append(step.name)
        var command: TerminalCommand?
        var expected: TerminalCommand?
        switch step.value {
        case .handler(let on):
          view.onFilterChange = on ? { told.append($0) } : nil
          isOn = on
          if !on {
            query = ""
            isEditing = false
          }
        case .query(let text):
          view.filterQuery = text
          if isOn {
            query = text
            isEditing = false
          }
        case .key(let key):
          command = view.handle(key)
          switch (key, isEditing) {
          case (.character(let character), true): query.append(character)
          case (.escape, _) where isEditing || !query.isEmpty:
            query = ""
            isEditing = false
            expected = .clearFilter
          case (.character("/"), false) where isOn:
            isEditing = true
            expected = .filter
          case (.character("q"), false), (.escape, false): expected = .quit
          default: break
          }
        }
        let context = "seed \(seed): \(drawn)"
        let status = view.statusBar(width: 80).text
        let shows = isEditing || !query.isEmpty
        guard
          view.isEditingFilter == isEditing, view.filterQuery == query, command == expected,
          status.contains("/\(query)\(isEditing ? "_" : "")  ") == shows
        else {
          issues += 1
          Issue.record(
            """
            \(context): editing \(view.isEditingFilter), query \(view.filterQuery.debugDescription), \
            command \(command.map { "\($0)" } ?? "nil"), status \(status.debugDescription); expected editing \
            \(isEditing), query \(query.debugDescription), command \(expected.map { "\($0)" } ?? "nil")
            """)
          break
        }
      }
      withExtendedLifetime(dataSource) {}
    }
    #expect(issues == 0)
  }

  @Test("a status or title set to other bytes is drawn, even when the text is canonically equivalent")
  func equivalentTextIsDrawn() {
    var random = SeededRandom(seed: 41)
    // Each letter two ways: precomposed, and a base letter with a combining mark.
    let letters = [("\u{E9}", "e\u{301}"), ("\u{C5}", "A\u{30A}"), ("\u{F1}", "n\u{303}"), ("x", "x")]
    for round in 0..<DeepPass.cases(quick: 200, deep: 1000) {
      let picks = (0..<Int(1 + random.next() % 6)).map { _ in letters[Int(random.next() % UInt64(letters.count))] }
      let one = picks.map(\.0).joined()
      let other = picks.map { random.next() % 2 == 0 ? $0.0 : $0.1 }.joined()
      let output = CapturingOutput()
      let view = TerminalListView(output: output, mode: .screen(Self.size), title: "t")
      let setsTitle = random.next() % 2 == 0
      if setsTitle { view.title = one } else { view.status = one }
      _ = output.takeBytes()
      if setsTitle { view.title = other } else { view.status = other }
      let written = output.takeText()
      let context = "round \(round) \(one.debugDescription) -> \(other.debugDescription)"
      if one.utf8.elementsEqual(other.utf8) {
        #expect(written.isEmpty, "\(context): the same bytes drew")
      } else {
        #expect(written.contains(other), "\(context): the new bytes were not drawn")
      }
    }
  }

  @Test("End on an empty list follows the last row from the first rows that come in")
  func followFromEmpty() throws {
    for seed in DeepPass.seeds(quick: 40, deep: 200) {
      var random = SeededRandom(seed: seed)
      func section(_ count: Int, from start: Int = 0) -> [ListSectionSnapshot] {
        [
          ListSection(
            id: "log",
            items: (start..<start + count).map {
              CellBinder(cell: TextCell.self, value: "l\($0)", id: ListIdentifier($0)) { $0.title = $1 }
            }
          ).snapshot
        ]
      }
      let startsEmpty = random.next() % 2 == 0
      let feed = SectionsFeed<ListSectionSnapshot>(sections: startsEmpty ? [] : section(0))
      let view = TerminalListView(output: CapturingOutput(), mode: .screen(Self.size))
      let engine = try ListEngine(view: view, showing: feed)
      #expect(view.perform(.moveToBottom), "seed \(seed): End is available on an empty list")
      var count = 0
      for step in 0..<4 {
        count += Int(1 + random.next() % 30)
        feed.update(to: section(count))
        let context = "seed \(seed) step \(step), \(count) rows"
        #expect(
          view.selectedRow == ItemPath(item: count - 1, section: 0),
          "\(context): \(String(describing: view.selectedRow))")
        #expect(view.statusBar(width: 80).text.contains(" follow"), "\(context)")
      }
      withExtendedLifetime(engine) {}
    }
  }
}
