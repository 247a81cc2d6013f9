import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// Every line of the list area shows the row the list has there, and a click acts on the row drawn under it or on
/// nothing, read off the frame the view drew, not off its viewport: generated lists of sections with headers and
/// footers of several lines, rows of one to four lines and rows taller than the screen, hostile titles, a list
/// header and footer, a selection mode, the filter typed or kept, the help screen, the spinner, list changes,
/// resizes down to nothing and back, and clicks and wheel notches anywhere on and off the screen.
///
/// Each cell paints every one of its lines in a colour of its own (a row's from its identity), so a line of the
/// frame names the row, header or footer it belongs to: the lines of the list area read from the top are a
/// window of the list's lines laid end to end, each row taking its height; a click on a row's line moves the
/// cursor to that row (or chooses it when the cursor is on it already), and a click anywhere else moves nothing.
@MainActor
@Suite struct DrawnRowClickPropertyTests {
  /// A cell that paints each of its `height` lines in its own style (the tag): `#` and its text, cut to the width.
  final class TagCell: TerminalCell {
    var text = ""
    var tag = TextStyle.plain
    var height = 1
    var textRepresentation: String { text }
    func line(width: Int) -> StyledLine { lines(width: width).first ?? StyledLine() }
    func lines(width: Int) -> [StyledLine] {
      let shown = DisplayWidth.truncate(StyledRun("#" + text).text, to: width)
      return Array(repeating: StyledLine(shown, style: tag), count: height)
    }
  }

  /// What a line of the frame shows, by the colour of its cell.
  enum Tag: Hashable, CustomStringConvertible {
    case row(Int)
    case header(Int)
    case footer(Int)
    case listHeader
    case listFooter

    var description: String {
      switch self {
      case .row(let id): "r\(id)"
      case .header(let id): "h\(id)"
      case .footer(let id): "f\(id)"
      case .listHeader: "LH"
      case .listFooter: "LF"
      }
    }

    /// The style that paints it: a row's identity in its foreground and background (16 and up), a header's and
    /// footer's section in the background under a foreground of their own.
    var style: TextStyle {
      switch self {
      case .row(let id):
        TextStyle(foreground: .indexed(UInt8(16 + id % 200)), background: .indexed(UInt8(16 + id / 200)))
      case .header(let id): TextStyle(foreground: .indexed(250), background: .indexed(UInt8(16 + id)))
      case .footer(let id): TextStyle(foreground: .indexed(251), background: .indexed(UInt8(16 + id)))
      case .listHeader: TextStyle(foreground: .indexed(252))
      case .listFooter: TextStyle(foreground: .indexed(253))
      }
    }

    /// The tag a run's style paints, if any.
    init?(_ style: TextStyle) {
      guard let foreground = style.foreground?.index, foreground >= 16,
        let background = style.background?.index ?? (foreground >= 252 ? 0 : nil)
      else { return nil }
      switch foreground {
      case 250: self = .header(Int(background) - 16)
      case 251: self = .footer(Int(background) - 16)
      case 252: self = .listHeader
      case 253: self = .listFooter
      default:
        guard foreground < 216, background >= 16 else { return nil }
        self = .row(Int(foreground) - 16 + 200 * (Int(background) - 16))
      }
    }
  }

  struct Row: Hashable, Sendable {
    var id: Int
    var title: String
    var height: Int
  }

  struct Sec: Hashable, Sendable {
    var id: Int
    var header: Int?
    var footer: Int?
    var rows: [Row]
  }

  static let pieces = [
    "a", "b", "x", " ", "日", "👍🏽", "e\u{301}", "\u{301}", "👨‍👩‍👧", "\u{200D}", "🇯🇵", "❤️", "\t", "\u{1B}[31m",
    "\u{7}", "\u{9B}", "\r\n", "ｱ", "\u{FE0F}", "क्ष",
  ]

  static func text(_ random: inout SeededRandom, max: Int = 6) -> String {
    (0..<random.below(max + 1)).map { _ in pieces[random.below(pieces.count)] }.joined()
  }

  static func tagBinder(_ tag: Tag, text: String, height: Int, id: String) -> CellBinder {
    CellBinder(cell: TagCell.self, value: text, id: ListIdentifier(id)) { cell, text in
      cell.text = text
      cell.tag = tag.style
      cell.height = height
    }
    .height(height)
  }

  static func snapshot(_ sections: [Sec]) -> [ListSectionSnapshot] {
    sections.map { section in
      ListSection(
        id: section.id,
        header: section.header.map {
          tagBinder(.header(section.id), text: "h", height: $0, id: "h\(section.id)")
        },
        footer: section.footer.map {
          tagBinder(.footer(section.id), text: "f", height: $0, id: "f\(section.id)")
        },
        items: section.rows.map { row in
          CellBinder(cell: TagCell.self, value: row, id: ListIdentifier(row.id)) { cell, row in
            cell.text = row.title
            cell.tag = Tag.row(row.id).style
            cell.height = row.height
          }
          .height(row.height)
        }
      ).snapshot
    }
  }

  /// A row's height: mostly one line, sometimes a few, sometimes taller than any screen the test makes.
  static func height(_ random: inout SeededRandom) -> Int {
    random.oneIn(8) ? 14 + random.below(6) : random.oneIn(3) ? 1 + random.below(4) : 1
  }

  static func newRow(_ random: inout SeededRandom, id: Int) -> Row {
    Row(id: id, title: text(&random), height: height(&random))
  }

  @MainActor
  final class Harness {
    var size: TerminalSize
    let output = CapturingOutput()
    let view: TerminalListView
    let source: SectionsFeed<ListSectionSnapshot>
    let filter: FilteredFeed
    let engine: ListEngine
    var selected = 0
    var sections: [Sec] = []
    var nextID = 1

    init(size: TerminalSize, mode: ListSelection.Mode) throws {
      self.size = size
      view = TerminalListView(output: output, mode: .screen(size), title: "List")
      source = SectionsFeed(sections: [])
      filter = try FilteredFeed(source)
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(filter)
      var delegate = SyncDelegate()
      var selections: (() -> Void)?
      delegate.didSelectRow = { _, _ in selections?() }
      engine = try ListEngine(view: view, showing: composite, delegate: delegate)
      selections = { [unowned self] in self.selected += 1 }
      engine.selectionMode = mode
      let filter = filter
      view.onFilterChange = { filter.query = $0 }
    }

    func show(_ sections: [Sec]) {
      self.sections = sections
      source.update(to: DrawnRowClickPropertyTests.snapshot(sections))
    }

    /// The tag of each line of the frame last drawn (`nil` for a line no cell painted).
    func drawnTags() -> [Tag?] {
      guard let frame = view.differ.current else { return [] }
      return frame.lines.map { line in line.runs.lazy.compactMap { Tag($0.style) }.first }
    }

    /// The identity of the row under the cursor.
    var cursorID: ListIdentifier? {
      view.selectedRow.flatMap { view.dataSource?.identity(ofRowAt: $0) }
    }

    /// The list's lines laid end to end, as the data source has them now.
    func modelLines() -> [Tag] {
      guard let dataSource = view.dataSource else { return [] }
      var rows: [ListIdentifier: Row] = [:]
      var byID: [ListIdentifier: Sec] = [:]
      for section in sections {
        byID[ListIdentifier(section.id)] = section
        for row in section.rows { rows[ListIdentifier(row.id)] = row }
      }
      var lines: [Tag] = []
      for s in 0..<dataSource.numberOfSections {
        let section = view.identity(ofSection: s).flatMap { byID[$0] }
        if let section, let header = section.header {
          lines += Array(repeating: .header(section.id), count: header)
        }
        for item in 0..<dataSource.numberOfRows(inSection: s) {
          guard let id = dataSource.identity(ofRowAt: ItemPath(item: item, section: s)), let row = rows[id] else {
            continue
          }
          lines += Array(repeating: .row(row.id), count: row.height)
        }
        if let section, let footer = section.footer {
          lines += Array(repeating: .footer(section.id), count: footer)
        }
      }
      return lines
    }
  }

  enum Action: Sendable {
    case edit, newSection, key, resize, tinyResize, click, wheel, spinner, filterKey, help, listHeaderFooter, status
  }

  static let actions = WeightedChoice<Action>([
    ("change the rows", weight: 3, .edit),
    ("add or drop a section", weight: 1, .newSection),
    ("a cursor key", weight: 2, .key),
    ("resize", weight: 1, .resize),
    ("resize to a tiny screen", weight: 1, .tinyResize),
    ("click anywhere", weight: 5, .click),
    ("a wheel notch anywhere", weight: 2, .wheel),
    ("start or stop the spinner", weight: 1, .spinner),
    ("a filter key", weight: 1, .filterKey),
    ("the help key", weight: 1, .help),
    ("set the list's header and footer", weight: 1, .listHeaderFooter),
    ("post a status", weight: 1, .status),
  ])

  /// One change of a section's rows.
  enum Edit: Sendable { case insertRow, deleteRow, changeRow, headerOrFooter }

  static let edits = WeightedChoice<Edit>([
    ("insert a row", weight: 1, .insertRow),
    ("delete a row", weight: 1, .deleteRow),
    ("change a row's height and title", weight: 1, .changeRow),
    ("set a section's header or footer", weight: 1, .headerOrFooter),
  ])

  static func edit(_ h: Harness, _ random: inout SeededRandom) -> String {
    var sections = h.sections
    if sections.isEmpty { return "nothing" }
    let s = random.below(sections.count)
    let edit = edits.pick(using: &random)
    switch edit.value {
    case .insertRow:
      sections[s].rows.insert(newRow(&random, id: h.nextID), at: random.below(sections[s].rows.count + 1))
      h.nextID += 1
    case .deleteRow:
      if !sections[s].rows.isEmpty { sections[s].rows.remove(at: random.below(sections[s].rows.count)) }
    case .changeRow:
      if !sections[s].rows.isEmpty {
        let i = random.below(sections[s].rows.count)
        sections[s].rows[i].height = height(&random)
        sections[s].rows[i].title = text(&random)
      }
    case .headerOrFooter:
      if random.oneIn(2) {
        sections[s].header = random.oneIn(3) ? nil : 1 + random.below(3)
      } else {
        sections[s].footer = random.oneIn(3) ? nil : 1 + random.below(2)
      }
    }
    h.show(sections)
    return "\(edit.name) in section \(s)"
  }

  static func newSection(_ h: Harness, _ random: inout SeededRandom) {
    var sections = h.sections
    if sections.count > 1, random.oneIn(3) {
      sections.remove(at: random.below(sections.count))
    } else {
      var rows: [Row] = []
      for _ in 0..<random.below(8) {
        rows.append(newRow(&random, id: h.nextID))
        h.nextID += 1
      }
      let id = (sections.map(\.id).max() ?? -1) + 1
      let section = Sec(
        id: id % 200, header: random.oneIn(2) ? 1 + random.below(3) : nil,
        footer: random.oneIn(3) ? 1 + random.below(2) : nil, rows: rows)
      if !sections.contains(where: { $0.id == section.id }) {
        sections.insert(section, at: random.below(sections.count + 1))
      }
    }
    h.show(sections)
  }

  /// Checks the lines of the list area against the model: what is wrong, or `nil`.
  static func layoutProblem(_ h: Harness) -> String? {
    let tags = h.drawnTags()
    guard h.size.rows > 2, !h.view.isShowingHelp else { return nil }
    // The spinner's line closes the list area (when it leaves the rows a line).
    let spinnerLines = h.view.isSpinning && h.size.rows > 3 ? 1 : 0
    let area = Array(tags[1..<(h.size.rows - 1 - spinnerLines)])
    // Where every row has a column for its text, each line a row takes names it.
    guard h.size.columns > 4 else { return nil }
    var listed = area[...]
    if listed.first == .listHeader { listed = listed.dropFirst() }
    let shown = Array(listed.prefix { tag in if case .listHeader = tag { false } else { tag != .listFooter } })
    let rest = listed.dropFirst(shown.count)
    if rest.contains(where: { $0 != nil && $0 != .listFooter }) { return "a cell's line under the list footer" }
    let drawn = shown.prefix { $0 != nil }.map { $0! }
    if shown.dropFirst(drawn.count).contains(where: { $0 != nil }) { return "a gap between the rows drawn" }
    guard let first = drawn.first else {
      return shown.isEmpty || h.modelLines().isEmpty || h.view.viewport.height == 0 ? nil : "no row drawn"
    }
    // The rows on screen are measured, the others are assumed to take one line: where the window starts is read
    // off its first row, which the top edge may cut.
    let lines = h.modelLines()
    guard let firstEnd = lines.lastIndex(of: first).map({ $0 + 1 }) else { return "\(first) is not in the list" }
    let top = firstEnd - drawn.prefix { $0 == first }.count
    guard top >= 0, lines[top..<min(top + drawn.count, lines.count)].elementsEqual(drawn) else {
      return "the area shows \(drawn), the list's lines are \(lines)"
    }
    if top + drawn.count < lines.count, drawn.count < shown.count {
      return "blank lines under the rows while the list goes on"
    }
    return nil
  }

  /// Clicks at `row`, `column` and checks that it acted on the row drawn there or on nothing: what is wrong, or
  /// `nil`.
  static func click(_ h: Harness, row: Int, column: Int) -> String? {
    let tags = h.drawnTags()
    let before = h.cursorID
    let selectedBefore = h.selected
    let onScreen = (0..<h.size.rows).contains(row) && (0..<h.size.columns).contains(column)
    let drawn = onScreen && tags.indices.contains(row) ? tags[row] : nil
    let isList = onScreen && row > 0 && row < h.size.rows - 1 && !h.view.isShowingHelp
    // Where a row has no column for its text (a narrow screen), a line it takes names nothing: not judged.
    let judged = h.size.columns > 4 || drawn != nil || !isList
    let command = h.view.handle(mouse: MouseEvent(kind: .press(.left), column: column, row: row))
    let after = h.cursorID
    guard judged else { return nil }
    if !h.view.isShowingHelp, isList, case .row(let id) = drawn {
      if ListIdentifier(id) == before {
        if command != .select || after != before { return "a click on the cursor's row r\(id) did not choose it" }
        if h.selected != selectedBefore + 1 { return "a click on the cursor's row told no delegate" }
      } else if after != ListIdentifier(id) || command != nil {
        return "a click on r\(id) put the cursor on \(after.map { "\($0)" } ?? "nothing")"
      }
      return nil
    }
    if after != before || command != nil || h.selected != selectedBefore {
      return
        "a click on \(drawn.map { "\($0)" } ?? "an empty line") (row \(row)) moved the cursor from \(before.map { "\($0)" } ?? "nothing") to \(after.map { "\($0)" } ?? "nothing")"
    }
    return nil
  }

  @Test(
    "random lists, screens and clicks (20 seeds quick, 1,000 deep, 40 steps): each line shows its row; a click acts on the row drawn under it"
  )
  func clicksActOnTheDrawnRow() throws {
    var failures = 0
    for seed in DeepPass.seeds(quick: 20, deep: 1_000) {
      var random = SeededRandom(seed: seed)
      let modes: [ListSelection.Mode] = [.none, .single, .multiple]
      let h = try Harness(
        size: TerminalSize(columns: 1 + random.below(30), rows: random.below(14)), mode: modes[random.below(3)])
      Self.newSection(h, &random)
      var log: [String] = []
      for step in 0..<40 {
        let action = Self.actions.pick(using: &random)
        var problem: String?
        switch action.value {
        case .edit:
          log.append("\(action.name) \(Self.edit(h, &random))")
        case .newSection:
          log.append(action.name)
          Self.newSection(h, &random)
        case .key:
          let keys: [Key] = [.up, .down, .pageUp, .pageDown, .home, .end, .character(" ")]
          let key = keys[random.below(keys.count)]
          log.append("\(action.name) \(key)")
          h.view.handle(key)
        case .resize, .tinyResize:
          let size =
            action.value == .resize
            ? TerminalSize(columns: 1 + random.below(30), rows: random.below(14))
            : TerminalSize(columns: random.below(5), rows: random.below(4))
          log.append("\(action.name) \(size)")
          h.size = size
          h.view.resize(to: size)
        case .click:
          let row = random.below(h.size.rows + 4) - 2
          let column = random.below(h.size.columns + 4) - 2
          log.append("\(action.name) \(row),\(column)")
          problem = Self.click(h, row: row, column: column)
        case .wheel:
          let row = random.below(h.size.rows + 4) - 2
          let column = random.below(h.size.columns + 4) - 2
          let onScreen = (0..<h.size.rows).contains(row) && (0..<h.size.columns).contains(column)
          let viewport = h.view.viewport
          log.append("\(action.name) \(row),\(column)")
          h.view.handle(mouse: MouseEvent(kind: random.oneIn(2) ? .wheelUp : .wheelDown, column: column, row: row))
          if !onScreen || h.view.isShowingHelp, h.view.viewport != viewport {
            problem = "a wheel off the list scrolled"
          }
        case .spinner:
          log.append(action.name)
          if h.view.isSpinning { h.view.stopSpinner() } else { h.view.startSpinner(Self.text(&random)) }
        case .filterKey:
          let keys: [Key] = [.character("/"), .character("a"), .character("#"), .backspace, .escape, .enter]
          let key = keys[random.below(keys.count)]
          log.append("\(action.name) \(key)")
          h.view.handle(key)
        case .help:
          log.append(action.name)
          h.view.handle(.character("?"))
        case .listHeaderFooter:
          log.append(action.name)
          h.engine.listHeader =
            random.oneIn(2) ? Self.tagBinder(.listHeader, text: Self.text(&random), height: 1, id: "lh") : nil
          h.engine.listFooter =
            random.oneIn(2) ? Self.tagBinder(.listFooter, text: Self.text(&random), height: 1, id: "lf") : nil
        case .status:
          log.append(action.name)
          h.view.postStatus(Self.text(&random))
        }
        problem = problem ?? Self.layoutProblem(h)
        if let problem {
          Issue.record(
            "seed \(seed) step \(step) \(h.size) \(log.suffix(5)): \(problem)\n\(h.view.differ.current?.text ?? "")")
          failures += 1
          break
        }
      }
      withExtendedLifetime(h) {}
      if failures >= 3 { break }
    }
  }
}
