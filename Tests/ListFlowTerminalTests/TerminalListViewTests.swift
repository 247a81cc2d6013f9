import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

@MainActor
@Suite struct TerminalListViewTests {
  static let size = TerminalSize(columns: 30, rows: 8)

  static func rows(_ titles: [String], startingAt id: Int = 0) -> [ScriptedDataSource.Row] {
    titles.enumerated().map { ScriptedDataSource.Row(id: id + $0.offset, title: $0.element) }
  }

  /// A view on a captured screen, its data source, and a screen model fed with everything written.
  @MainActor
  struct Fixture {
    let output = CapturingOutput()
    let view: TerminalListView
    let dataSource: ScriptedDataSource
    var screen: ScreenModel

    @MainActor
    init(mode: TerminalListView.Mode = .screen(TerminalListViewTests.size)) {
      view = TerminalListView(output: output, mode: mode, title: "Title")
      dataSource = ScriptedDataSource()
      view.dataSource = dataSource
      dataSource.view = view
      screen = ScreenModel(columns: TerminalListViewTests.size.columns, rows: TerminalListViewTests.size.rows)
    }

    mutating func replay() -> String {
      screen.feed(output.takeText())
      return screen.text
    }
  }

  @Test("the first frame shows the title bar, the rows with the cursor on the first, and the status bar")
  func firstFrame() {
    var fixture = Fixture()
    fixture.dataSource.show([
      .init(id: 0, header: "Fruits", footer: "3 fruits", rows: Self.rows(["apple", "banana", "cherry"]))
    ])
    let text = fixture.replay()
    #expect(fixture.screen.unsupported.isEmpty)
    #expect(
      text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
        "Title", "Fruits", "▸ apple", "  banana", "  cherry", "  3 fruits", "", " 1/3  j down - enter select -⋯",
      ])
    #expect(fixture.screen.cells[2][2].attributes.inverse)
    #expect(fixture.screen.cells[1][0].attributes.bold)
    #expect(fixture.screen.cells[5][2].attributes.dim)
  }

  @Test("an update that changes one visible row rewrites only that row")
  func updateRewritesOneRow() {
    var fixture = Fixture()
    fixture.dataSource.show([.init(id: 0, rows: Self.rows(["apple", "banana", "cherry"]))])
    _ = fixture.replay()
    fixture.dataSource.show([.init(id: 0, rows: Self.rows(["apple", "BANANA", "cherry"]))])
    let bytes = fixture.output.text
    #expect(bytes == EscapeSequence.moveCursor(row: 2, column: 0) + "  BANANA" + EscapeSequence.eraseToEndOfLine)
    #expect(fixture.replay().contains("  BANANA"))
  }

  /// A change to the rows.
  enum RowChange { case delete, insert, retitle, shuffle }

  /// The changes of ``randomUpdatesReplay()``, by weight.
  static let rowChanges = WeightedChoice<RowChange>([
    ("delete a row", weight: 1, .delete),
    ("insert a row", weight: 1, .insert),
    ("change a row's title", weight: 1, .retitle),
    ("shuffle the rows", weight: 1, .shuffle),
  ])

  @Test("random updates through the view replay to exactly the frame the view means")
  func randomUpdatesReplay() {
    let seed: UInt64 = 5
    var random = SeededRandom(seed: seed)
    var fixture = Fixture()
    var nextID = 100
    var rows = Self.rows((0..<10).map { "row \($0)" })
    fixture.dataSource.show([.init(id: 0, header: "All", rows: rows)])
    for step in 0..<100 {
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        switch Self.rowChanges.pick(using: &random).value {
        case .delete where !rows.isEmpty: rows.remove(at: Int.random(in: 0..<rows.count, using: &random))
        case .insert:
          rows.insert(.init(id: nextID, title: "new \(nextID) 日本"), at: Int.random(in: 0...rows.count, using: &random))
          nextID += 1
        case .retitle where !rows.isEmpty: rows[Int.random(in: 0..<rows.count, using: &random)].title += "+"
        case .delete, .retitle, .shuffle: rows.shuffle(using: &random)  // (a shuffle when there is no row)
        }
      }
      fixture.dataSource.show([.init(id: 0, header: "All", rows: rows)])
      if Bool.random(using: &random) { fixture.view.handle(Bool.random(using: &random) ? .down : .up) }
      let text = fixture.replay()
      #expect(fixture.screen.unsupported.isEmpty, "seed \(seed), step \(step)")
      let visible = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix(6)
        .filter { $0.hasPrefix("  ") || $0.hasPrefix("▸ ") }.map { String($0.dropFirst(2)) }
      let offset = rows.firstIndex { $0.title == visible.first } ?? 0
      #expect(
        Array(visible) == Array(rows.map(\.title)[offset..<min(offset + visible.count, rows.count)]),
        "seed \(seed), step \(step)")
      #expect(text.filter { $0 == "▸" }.count == (rows.isEmpty ? 0 : 1), "one cursor, seed \(seed), step \(step)")
    }
  }

  @Test("text from models is sanitised before it reaches the terminal")
  func sanitisesModelText() {
    var fixture = Fixture()
    fixture.dataSource.show([
      .init(
        id: 0, header: "\u{1B}]0;owned\u{07}",
        rows: Self.rows(["\u{1B}[2J\u{1B}[31mred", "a\u{202E}txt.exe", "\u{9B}1;1H"]))
    ])
    let text = fixture.replay()
    #expect(fixture.screen.unsupported.isEmpty)
    #expect(text.contains("␛]0;owned␇"))
    #expect(text.contains("▸ ␛[2J␛[31mred"))
    #expect(text.contains("a<U+202E>txt.exe"))
    #expect(text.contains("<U+009B>1;1H"))
  }

  @Test("wide characters are truncated to the screen width with an ellipsis")
  func wideCharactersTruncate() {
    var fixture = Fixture()
    fixture.dataSource.show([.init(id: 0, rows: Self.rows(["日本語のとても長いタイトルです", "👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧"]))])
    let lines = fixture.replay().split(separator: "\n").map(String.init)
    #expect(lines[1] == "▸ 日本語のとても長いタイトル⋯")
    #expect(lines[2] == "  👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧⋯")
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= Self.size.columns })
  }

  @Test("keys move the cursor, select, delete through the edit action, refresh, and reach the end")
  func keysDriveEvents() {
    let fixture = Fixture()
    var refreshes = 0
    fixture.view.onRefresh = { refreshes += 1 }
    fixture.dataSource.show([.init(id: 0, rows: Self.rows((0..<12).map { "item \($0)" }))])
    _ = fixture.dataSource.takeEvents()
    #expect(fixture.view.handle(.character("j")) == .moveDown)
    #expect(fixture.view.handle(.enter) == .select)
    #expect(fixture.view.handle(.character("d")) == .delete)
    #expect(fixture.view.handle(.character("r")) == .refresh)
    #expect(fixture.dataSource.takeEvents() == ["highlight 0:1", "select 0:1", "delete 0:1"])
    #expect(refreshes == 1)
    fixture.view.handle(.pageDown)
    fixture.view.handle(.pageDown)
    #expect(fixture.view.selectedRow == ItemPath(item: 11, section: 0))
    #expect(fixture.dataSource.takeEvents().contains("reached end"))
    #expect(fixture.view.handle(.character("q")) == .quit)
    #expect(fixture.view.handle(.character("x")) == nil)
  }

  @Test("d does nothing on a row without a destructive edit action")
  func deleteNeedsAnAction() {
    let fixture = Fixture()
    fixture.dataSource.editActions = [SyncDelegate.EditAction(id: "archive", title: "Archive")]
    fixture.dataSource.show([.init(id: 0, rows: Self.rows(["a"]))])
    _ = fixture.dataSource.takeEvents()
    fixture.view.handle(.character("d"))
    #expect(fixture.dataSource.takeEvents() == [])
  }

  @Test("the selection follows its row when rows are inserted above it")
  func selectionFollowsRow() {
    var fixture = Fixture()
    fixture.dataSource.show([.init(id: 0, rows: Self.rows(["a", "b", "c"]))])
    fixture.view.handle(.down)
    fixture.dataSource.show([.init(id: 0, rows: Self.rows(["x", "y"], startingAt: 50) + Self.rows(["a", "b", "c"]))])
    #expect(fixture.view.selectedRow == ItemPath(item: 3, section: 0))
    #expect(fixture.replay().contains("▸ b"))
  }

  @Test("a resize repaints the whole screen at the new size")
  func resizeRepaints() {
    let fixture = Fixture()
    fixture.dataSource.show([.init(id: 0, rows: Self.rows(["a", "b"]))])
    _ = fixture.output.takeText()
    fixture.view.resize(to: TerminalSize(columns: 12, rows: 4))
    var screen = ScreenModel(columns: 12, rows: 4)
    screen.feed(fixture.output.takeText())
    #expect(screen.text == "Title\n▸ a\n  b\n 1/2  j dow⋯")
  }

  @Test("plain mode writes one line per change and no escape code")
  func plainMode() {
    let fixture = Fixture(mode: .plain)
    fixture.dataSource.show([.init(id: 0, header: "Fruits", rows: Self.rows(["apple", "banana", "cherry"]))])
    fixture.dataSource.show([
      .init(
        id: 0, header: "Fruits",
        rows: [.init(id: 2, title: "cherry"), .init(id: 0, title: "apple!"), .init(id: 9, title: "date\u{1B}[1m")])
    ])
    let text = fixture.output.text
    #expect(!text.contains("\u{1B}"))
    #expect(
      text.split(separator: "\n").map(String.init) == [
        "reload 1 sections 3 rows", "header 0 Fruits", "row 0:0 apple", "row 0:1 banana", "row 0:2 cherry",
        "update 0:0 apple!", "delete 0:1 banana", "insert 0:2 date␛[1m", "move 0:1 -> 0:0 cherry",
      ])
  }
}
