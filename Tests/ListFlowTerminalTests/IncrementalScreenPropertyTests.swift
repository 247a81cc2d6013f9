import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

@MainActor
/// The screen a view paints change by change (repainting only what changed) is the frame a fresh view paints for
/// the same rows, query, selection and viewport, whatever came between: generated states of sections, headers,
/// footers and rows of one to three lines, of wide and joined characters, shown through a filter in a composite,
/// with keys, the wheel, clicks, resizes down to nothing, the filter typed, help, the spinner, status messages,
/// reloads and reconfigured rows, on colour and `NO_COLOR` screens and ASCII-only ones. Along the way the cursor
/// keeps its row, stays on screen (unless the wheel scrolled it off) and the rows on screen are measured, with no
/// blank lines under them while rows sit above.
@Suite struct IncrementalScreenPropertyTests {
  struct Row: Hashable, Sendable {
    var id: Int
    var title: String
    var accessory: String
    var height: Int
  }

  struct Sec: Hashable, Sendable {
    var id: Int
    var header: String?
    var footer: String?
    var rows: [Row]
  }

  static let pieces = [
    "a", "b", "x", " ", "日", "本", "👍", "👍🏽", "e\u{301}", "👨‍👩‍👧", "🇯🇵", "❤️", "क्ष", "ｱ", "한", "—", "z",
  ]

  static func text(_ random: inout SeededRandom, max: Int = 8) -> String {
    (0..<random.below(max + 1)).map { _ in pieces[random.below(pieces.count)] }.joined()
  }

  static func binder(_ row: Row) -> CellBinder {
    CellBinder(cell: TextCell.self, value: row, id: ListIdentifier(row.id)) { cell, row in
      cell.title = row.title
      cell.accessory = row.accessory
      cell.detailLines = (1..<max(row.height, 1)).map { "d\(row.id).\($0) \(row.title)" }
    }
    .height(row.height)
  }

  static func textBinder(_ text: String, id: String) -> CellBinder {
    CellBinder(cell: TextCell.self, value: text, id: ListIdentifier(id)) { cell, text in
      cell.title = text
    }
  }

  static func snapshot(_ sections: [Sec]) -> [ListSectionSnapshot] {
    sections.map { section in
      ListSection(
        id: section.id,
        header: section.header.map { text in
          CellBinder(cell: TextCell.self, value: text, id: ListIdentifier("h\(section.id)")) {
            cell, text in
            cell.title = text
            cell.detailLines = [text]
          }.height(text.count % 3 == 0 ? 2 : 1)
        },
        footer: section.footer.map { text in
          CellBinder(cell: TextCell.self, value: text, id: ListIdentifier("f\(section.id)")) {
            cell, text in
            cell.title = text
          }
        },
        items: section.rows.map(binder)
      ).snapshot
    }
  }

  static func newRow(_ random: inout SeededRandom, id: Int) -> Row {
    Row(
      id: id, title: text(&random), accessory: random.oneIn(3) ? text(&random, max: 3) : "",
      height: random.oneIn(3) ? 1 + random.below(3) : 1)
  }

  /// One edit of the sections.
  enum Edit: Sendable { case insertRow, deleteRow, moveRow, editRow, headerOrFooter, removeOrSwapSection }

  static let edits = WeightedChoice<Edit>([
    ("insert a row", weight: 2, .insertRow),
    ("delete a row", weight: 2, .deleteRow),
    ("move a row", weight: 1, .moveRow),
    ("edit a row", weight: 2, .editRow),
    ("set a section's header or footer", weight: 1, .headerOrFooter),
    ("remove or swap a section", weight: 1, .removeOrSwapSection),
  ])

  /// New sections: one more section, or one to four edits; the names of what it did go to `log`.
  static func mutate(
    _ sections: [Sec], _ random: inout SeededRandom, nextID: inout Int, log: inout [String]
  ) -> [Sec] {
    var sections = sections
    if sections.isEmpty || random.oneIn(8) {
      let id = nextID
      nextID += 1
      let count = random.below(12)
      var rows: [Row] = []
      for _ in 0..<count {
        rows.append(newRow(&random, id: nextID))
        nextID += 1
      }
      let section = Sec(
        id: id, header: random.oneIn(2) ? text(&random) : nil,
        footer: random.oneIn(3) ? text(&random) : nil,
        rows: rows)
      sections.insert(section, at: random.below(sections.count + 1))
      log.append("add a section")
      return sections
    }
    for _ in 0..<(1 + random.below(4)) {
      let s = random.below(sections.count)
      let edit = edits.pick(using: &random)
      log.append(edit.name)
      switch edit.value {
      case .insertRow:
        sections[s].rows.insert(
          newRow(&random, id: nextID), at: random.below(sections[s].rows.count + 1))
        nextID += 1
      case .deleteRow:
        if !sections[s].rows.isEmpty {
          sections[s].rows.remove(at: random.below(sections[s].rows.count))
        }
      case .moveRow:
        if !sections[s].rows.isEmpty {
          let row = sections[s].rows.remove(at: random.below(sections[s].rows.count))
          let t = random.below(sections.count)
          sections[t].rows.insert(row, at: random.below(sections[t].rows.count + 1))
        }
      case .editRow:
        if !sections[s].rows.isEmpty {
          let i = random.below(sections[s].rows.count)
          if random.oneIn(2) { sections[s].rows[i].title = text(&random) }
          if random.oneIn(2) { sections[s].rows[i].height = 1 + random.below(3) }
          if random.oneIn(3) { sections[s].rows[i].accessory = text(&random, max: 3) }
        }
      case .headerOrFooter:
        if random.oneIn(2) {
          sections[s].header = random.oneIn(3) ? nil : text(&random)
        } else {
          sections[s].footer = random.oneIn(3) ? nil : text(&random)
        }
      case .removeOrSwapSection:
        if sections.count > 1, random.oneIn(2) {
          sections.remove(at: s)
        } else {
          sections.swapAt(s, random.below(sections.count))
        }
      }
    }
    return sections
  }

  @MainActor
  final class Harness {
    let time = ManualTime()
    var size: TerminalSize
    let output = CapturingOutput()
    let view: TerminalListView
    let source: SectionsFeed<ListSectionSnapshot>
    let filter: FilteredFeed
    let engine: ListEngine
    var screen: ScreenModel
    var sections: [Sec] = []

    let ascii: Bool
    let env: TerminalEnvironment
    var listHeader: String?
    var listFooter: String?

    func setList(header: String?, footer: String?) {
      listHeader = header
      listFooter = footer
      engine.listHeader = header.map { IncrementalScreenPropertyTests.textBinder($0, id: "lh") }
      engine.listFooter = footer.map { IncrementalScreenPropertyTests.textBinder($0, id: "lf") }
    }

    init(size: TerminalSize, mode: ListSelection.Mode, ascii: Bool, colors: Bool) throws {
      self.size = size
      self.ascii = ascii
      self.env = TerminalEnvironment(colors ? [:] : ["NO_COLOR": "1"])
      view = TerminalListView(
        output: output, mode: .screen(size), title: "List 日本", asciiOnly: ascii, environment: env,
        clock: time.clock)
      source = SectionsFeed(sections: [])
      filter = try FilteredFeed(source)
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(filter)
      engine = try ListEngine(view: view, showing: composite)
      engine.selectionMode = mode
      let filter = filter
      view.onFilterChange = { filter.query = $0 }
      screen = ScreenModel(columns: size.columns, rows: size.rows)
    }

    func show(_ sections: [Sec]) {
      self.sections = sections
      source.update(to: IncrementalScreenPropertyTests.snapshot(sections))
    }

    func resize(_ size: TerminalSize) {
      self.size = size
      screen = ScreenModel(columns: size.columns, rows: size.rows)
      view.resize(to: size)
    }

    /// A fresh view of the same state: the same rows, query, selection, viewport.
    func freshFrame() throws -> TerminalFrame {
      let fresh = TerminalListView(
        output: CapturingOutput(), mode: .screen(size), title: view.title, asciiOnly: ascii,
        environment: env,
        clock: time.clock)
      let source = SectionsFeed<ListSectionSnapshot>(
        sections: IncrementalScreenPropertyTests.snapshot(sections))
      let filter = try FilteredFeed(source)
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(filter)
      let engine = try ListEngine(view: fresh, showing: composite)
      engine.selectionMode = self.engine.selectionMode
      engine.listHeader = listHeader.map { IncrementalScreenPropertyTests.textBinder($0, id: "lh") }
      engine.listFooter = listFooter.map { IncrementalScreenPropertyTests.textBinder($0, id: "lf") }
      fresh.onFilterChange = { filter.query = $0 }
      fresh.filterQuery = view.filterQuery
      fresh.isEditingFilter = view.isEditingFilter
      fresh.typedCharacter = view.typedCharacter
      engine.setSelection(self.engine.selection)
      fresh.spinner = view.spinner
      fresh.statusMessage = view.statusMessage
      fresh.followsLastRow = view.followsLastRow
      fresh.viewport = view.viewport
      fresh.isShowingHelp = view.isShowingHelp
      let frame = fresh.makeFrame(size: size)
      withExtendedLifetime(engine) {}
      return frame
    }
  }

  static func check(_ h: Harness, _ context: String) throws -> Bool {
    h.screen.feed(h.output.takeText())
    #expect(h.screen.unsupported.isEmpty, "\(context): \(h.screen.unsupported)")
    var frame = try h.freshFrame()
    if h.ascii {
      frame = TerminalFrame(
        size: frame.size,
        lines: frame.lines.map { line in
          StyledLine(
            line.runs.map { StyledRun(sanitized: FrameDiffer.ascii($0.text), style: $0.style) })
        })
    }
    let expected = ScreenModel.expected(for: frame)
    if h.screen.cells != expected.cells {
      let bad = (0..<h.size.rows).filter { h.screen.cells[$0] != expected.cells[$0] }
      Issue.record(
        "\(context): rows \(bad) differ\nshown:\n\(h.screen.text)\nfresh:\n\(expected.text)")
      return false
    }
    return true
  }

  /// What a step does.
  enum Action: Sendable {
    case mutate, key, keyMostlyDown, resize, wheel, click, spinner, query, scrollTo, tick, status, filterKey, help
    case reload, listHeaderFooter, reconfigure, title

    /// Whether the cursor keeps its row through the step (other steps may move it to another row).
    var keepsCursorID: Bool {
      switch self {
      case .mutate, .query, .filterKey, .reload, .listHeaderFooter, .reconfigure, .title: true
      default: false
      }
    }

    /// Whether the step moves the cursor, so that it must be on screen again after a wheel scrolled it off.
    var movesCursor: Bool {
      switch self {
      case .key, .keyMostlyDown, .scrollTo, .click: true
      default: false
      }
    }
  }

  static let actions = WeightedChoice<Action>([
    ("change the sections", weight: 3, .mutate),
    ("a cursor key", weight: 1, .key),
    ("a cursor key, mostly down", weight: 1, .keyMostlyDown),
    ("resize the screen", weight: 1, .resize),
    ("a wheel notch", weight: 1, .wheel),
    ("a click", weight: 1, .click),
    ("start or stop the spinner", weight: 1, .spinner),
    ("set the query", weight: 1, .query),
    ("scroll to a row", weight: 1, .scrollTo),
    ("a tick of 150 ms", weight: 1, .tick),
    ("post a status", weight: 1, .status),
    ("a filter key", weight: 1, .filterKey),
    ("the help key", weight: 1, .help),
    ("an explicit reload", weight: 1, .reload),
    ("set the list's header and footer", weight: 1, .listHeaderFooter),
    ("reconfigure rows", weight: 1, .reconfigure),
    ("set the title", weight: 2, .title),
  ])

  @Test(
    "random steps (15 seeds quick, 1,000 deep, 30 steps each): the screen painted step by step is a fresh view's"
  )
  func screenEqualsFreshView() throws {
    var failures = 0
    for seed in DeepPass.seeds(quick: 15, deep: 1_000) {
      var wheel = false
      var random = SeededRandom(seed: seed)
      let modes: [ListSelection.Mode] = [.none, .single, .multiple]
      let h = try Harness(
        size: TerminalSize(columns: 1 + random.below(30), rows: random.below(12)),
        mode: modes[random.below(3)], ascii: random.oneIn(4), colors: !random.oneIn(4))
      var nextID = 0
      var log: [String] = []
      h.show(Self.mutate([], &random, nextID: &nextID, log: &log))
      for step in 0..<30 {
        var cursorID: ListIdentifier? = h.view.viewport.selection.flatMap {
          h.view.dataSource?.identity(ofRowAt: $0)
        }
        if h.view.followsLastRow { cursorID = nil }
        let action = Self.actions.pick(using: &random)
        if !action.value.keepsCursorID { cursorID = nil }
        switch action.value {
        case .mutate:
          var edits: [String] = []
          h.show(Self.mutate(h.sections, &random, nextID: &nextID, log: &edits))
          log.append("\(action.name): \(edits.joined(separator: ", "))")
        case .key:
          let key: [Key] = [.up, .down, .pageUp, .pageDown, .home, .end, .character(" ")]
          let k = key[random.below(key.count)]
          log.append("\(action.name) \(k)")
          h.view.handle(k)
        case .keyMostlyDown:
          let key: [Key] = [.down, .down, .up, .pageDown]
          let k = key[random.below(key.count)]
          log.append("\(action.name) \(k)")
          h.view.handle(k)
        case .resize:
          let size = TerminalSize(columns: random.below(31), rows: random.below(13))
          log.append("\(action.name) \(size)")
          h.resize(size)
        case .wheel:
          let kind: MouseEvent.Kind = random.oneIn(2) ? .wheelUp : .wheelDown
          log.append("\(action.name) \(kind)")
          h.view.handle(
            mouse: MouseEvent(kind: kind, column: 0, row: random.below(max(h.size.rows, 1))))
        case .click:
          let event = MouseEvent(
            kind: .press(.left), column: 1, row: random.below(max(h.size.rows, 1)))
          log.append("\(action.name) \(event.row)")
          h.view.handle(mouse: event)
        case .spinner:
          if h.view.isSpinning {
            log.append("\(action.name): stopped")
            h.view.stopSpinner()
          } else {
            log.append("\(action.name): started")
            h.view.startSpinner(Self.text(&random))
          }
        case .query:
          let q = ["", "a", "x", "日", "b"][random.below(5)]
          log.append("\(action.name) \(q)")
          h.view.filterQuery = q
        case .scrollTo:
          let count = h.view.visibleRows.count + 3
          let path = ItemPath(
            item: random.below(count), section: random.below(max(h.sections.count, 1)))
          let alignments: [ListEngine.ScrollAlignment] = [.top, .center, .bottom, .visible]
          let a = alignments[random.below(4)]
          log.append("\(action.name) \(path) \(a)")
          h.view.scrollToRow(at: path, alignment: a)
        case .tick:
          log.append(action.name)
          h.time.advance(by: .milliseconds(150))
          h.view.tick()
        case .status:
          log.append(action.name)
          h.view.postStatus(Self.text(&random), for: .milliseconds(100))
        case .filterKey:
          let keys: [Key] = [
            .character("/"), .character("a"), .character("日"), .backspace, .escape, .enter,
          ]
          let k = keys[random.below(keys.count)]
          log.append("\(action.name) \(k)")
          h.view.handle(k)
        case .help:
          log.append(action.name)
          h.view.handle(.character("?"))
        case .reload:
          log.append(action.name)
          h.view.reloadData()
        case .listHeaderFooter:
          log.append(action.name)
          h.setList(
            header: random.oneIn(2) ? Self.text(&random) : nil,
            footer: random.oneIn(2) ? Self.text(&random) : nil)
        case .reconfigure:
          let ids = h.sections.flatMap(\.rows).map { ListIdentifier($0.id) }.filter { _ in
            random.oneIn(2)
          }
          log.append(action.name)
          h.engine.reconfigureRows(ids, animated: random.oneIn(2))
        case .title:
          log.append(action.name)
          h.view.title = Self.text(&random)
        }
        if action.value == .wheel { wheel = true }
        if action.value.movesCursor { wheel = false }
        let context = "seed \(seed) step \(step) \(log.suffix(4))"
        let viewport = h.view.viewport
        if let cursorID,
          let found = h.view.dataSource.flatMap({ ds in
            (0..<ds.numberOfSections).lazy.flatMap { s in
              (0..<ds.numberOfRows(inSection: s)).map { ItemPath(item: $0, section: s) }
            }
            .first { ds.identity(ofRowAt: $0) == cursorID }
          })
        {
          #expect(
            viewport.selection == found, "\(context): cursor left its row \(cursorID) at \(found)")
        }
        for slice in viewport.visibleSlices {
          if case .item(let path) = slice.row {
            let real = h.view.dataSource?.height(of: .row(path))?.value ?? 1
            #expect(
              slice.height == min(max(real, 1), ListViewport.maximumHeight),
              "\(context): \(path) not measured")
          }
        }
        let shownLines = viewport.visibleSlices.reduce(0) { $0 + $1.lines.count }
        #expect(
          shownLines == viewport.height || viewport.offset == 0 || viewport.height == 0,
          "\(context): blank rows")
        if !wheel, viewport.height > 0, viewport.selection != nil, !h.view.isShowingHelp {
          #expect(
            viewport.visibleRows.contains(.item(viewport.selection!)), "\(context): cursor off screen")
        }
        if try !Self.check(h, context) {
          failures += 1
          break
        }
      }
      withExtendedLifetime(h) {}
      if failures >= 3 { break }
    }
  }
}
