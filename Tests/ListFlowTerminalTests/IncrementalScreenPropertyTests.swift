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

  static func mutate(_ sections: [Sec], _ random: inout SeededRandom, nextID: inout Int) -> [Sec] {
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
      return sections
    }
    for _ in 0..<(1 + random.below(4)) {
      let s = random.below(sections.count)
      switch random.below(9) {
      case 0, 1:
        sections[s].rows.insert(
          newRow(&random, id: nextID), at: random.below(sections[s].rows.count + 1))
        nextID += 1
      case 2, 3:
        if !sections[s].rows.isEmpty {
          sections[s].rows.remove(at: random.below(sections[s].rows.count))
        }
      case 4:
        if !sections[s].rows.isEmpty {
          let row = sections[s].rows.remove(at: random.below(sections[s].rows.count))
          let t = random.below(sections.count)
          sections[t].rows.insert(row, at: random.below(sections[t].rows.count + 1))
        }
      case 5, 6:
        if !sections[s].rows.isEmpty {
          let i = random.below(sections[s].rows.count)
          if random.oneIn(2) { sections[s].rows[i].title = text(&random) }
          if random.oneIn(2) { sections[s].rows[i].height = 1 + random.below(3) }
          if random.oneIn(3) { sections[s].rows[i].accessory = text(&random, max: 3) }
        }
      case 7:
        if random.oneIn(2) {
          sections[s].header = random.oneIn(3) ? nil : text(&random)
        } else {
          sections[s].footer = random.oneIn(3) ? nil : text(&random)
        }
      default:
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
      h.show(Self.mutate([], &random, nextID: &nextID))
      for step in 0..<30 {
        var cursorID: ListIdentifier? = h.view.viewport.selection.flatMap {
          h.view.dataSource?.identity(ofRowAt: $0)
        }
        if h.view.followsLastRow { cursorID = nil }
        let checksCursor = [0, 1, 2, 9, 14, 16, 17, 18, 19]
        let pick = random.below(20)
        if !checksCursor.contains(pick) { cursorID = nil }
        switch pick {
        case 0, 1, 2:
          log.append("mutate")
          h.show(Self.mutate(h.sections, &random, nextID: &nextID))
        case 3:
          let key: [Key] = [.up, .down, .pageUp, .pageDown, .home, .end, .character(" ")]
          let k = key[random.below(key.count)]
          log.append("key \(k)")
          h.view.handle(k)
        case 4:
          let key: [Key] = [.down, .down, .up, .pageDown]
          let k = key[random.below(key.count)]
          log.append("key \(k)")
          h.view.handle(k)
        case 5:
          let size = TerminalSize(columns: random.below(31), rows: random.below(13))
          log.append("resize \(size)")
          h.resize(size)
        case 6:
          let kind: MouseEvent.Kind = random.oneIn(2) ? .wheelUp : .wheelDown
          log.append("wheel \(kind)")
          h.view.handle(
            mouse: MouseEvent(kind: kind, column: 0, row: random.below(max(h.size.rows, 1))))
        case 7:
          let event = MouseEvent(
            kind: .press(.left), column: 1, row: random.below(max(h.size.rows, 1)))
          log.append("click \(event.row)")
          h.view.handle(mouse: event)
        case 8:
          if h.view.isSpinning {
            log.append("stop spinner")
            h.view.stopSpinner()
          } else {
            log.append("start spinner")
            h.view.startSpinner(Self.text(&random))
          }
        case 9:
          let q = ["", "a", "x", "日", "b"][random.below(5)]
          log.append("query \(q)")
          h.view.filterQuery = q
        case 10:
          let count = h.view.visibleRows.count + 3
          let path = ItemPath(
            item: random.below(count), section: random.below(max(h.sections.count, 1)))
          let alignments: [ListEngine.ScrollAlignment] = [.top, .center, .bottom, .visible]
          let a = alignments[random.below(4)]
          log.append("scrollTo \(path) \(a)")
          h.view.scrollToRow(at: path, alignment: a)
        case 11:
          log.append("tick")
          h.time.advance(by: .milliseconds(150))
          h.view.tick()
        case 12:
          log.append("status")
          h.view.postStatus(Self.text(&random), for: .milliseconds(100))
        case 14:
          let keys: [Key] = [
            .character("/"), .character("a"), .character("日"), .backspace, .escape, .enter,
          ]
          let k = keys[random.below(keys.count)]
          log.append("fkey \(k)")
          h.view.handle(k)
        case 15:
          log.append("help")
          h.view.handle(.character("?"))
        case 16:
          log.append("reload")
          h.view.reloadData()
        case 18 where random.oneIn(2):
          log.append("list header/footer")
          h.setList(
            header: random.oneIn(2) ? Self.text(&random) : nil,
            footer: random.oneIn(2) ? Self.text(&random) : nil)
        case 17:
          let ids = h.sections.flatMap(\.rows).map { ListIdentifier($0.id) }.filter { _ in
            random.oneIn(2)
          }
          log.append("reconfigure")
          h.engine.reconfigureRows(ids, animated: random.oneIn(2))
        default:
          log.append("title")
          h.view.title = Self.text(&random)
        }
        if let last = log.last {
          if last.hasPrefix("wheel") { wheel = true }
          if last.hasPrefix("key") || last.hasPrefix("scrollTo") || last.hasPrefix("click") { wheel = false }
        }
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
