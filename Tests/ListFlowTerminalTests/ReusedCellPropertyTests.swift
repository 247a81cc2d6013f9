import ListFlowTerminal
import ListFlowTesting
import TestSupport
import Testing

/// A cell an app writes: mutable stored properties with initial values and no reset code, filled by a mapper that
/// writes only some of them and by styles that add to what the mapper wrote.
final class JotCell: ListCell, TitledConfigurable, ColoredConfigurable {
  var text = ""
  var color: ListColor?
  var marks = ""
  var count = 0
  func configure(by model: any Titled) { text = model.title ?? "" }
  func configure(by model: any Colored) { color = model.color }
  var textRepresentation: String { "\(marks)\(text) c\(count) \(color.map { "\($0)" } ?? "-")" }
}

/// A second cell an app writes, shown with a reuse identifier of its own or its type's.
final class TallyCell: ListCell {
  var label = ""
  var tally: [Int] = []
  var isFlagged = false
  var textRepresentation: String { "#\(label) \(tally)\(isFlagged ? " !" : "")" }
}

/// A cell an app shows under a reuse identifier that another cell type uses too: a custom one, or another type's own.
final class StrayCell: ListCell {
  var text = ""
  var stamps = 0
  var textRepresentation: String { "~\(text) \(stamps)" }
}

/// A cell that binds its own value, with no reset code either.
final class ChipCell: BindableCell {
  var name = ""
  var extra = ""
  func bind(_ value: String) {
    name = value
    if value.hasSuffix("1") { extra += "+" }
  }
  var textRepresentation: String { "[\(name)\(extra)]" }
}

/// Something a mapper reads that is not in the row's content: only an explicit reconfigure or reload shows it.
@MainActor
enum ReusedCellWorld {
  static var tick = 0
}

/// After any random sequence of states, explicit reconfigures and reloads, list headers and footers, every cell on
/// every host shows what a fresh cell configured with its row's binder shows: the recording host's cells (their
/// type, text and drawn lines) and the terminal's screen (characters and attributes). Cell types share the pool,
/// some with a custom reuse identifier; rows change type, style, mapper and highlights; headers and footers are
/// made by the same binders as rows.
@MainActor
@Suite struct ReusedCellPropertyTests {
  static let size = TerminalSize(columns: 60, rows: 34)

  struct Jot: ListItemDataModel, Hashable, Titled, Colored {
    var id: Int
    var title: String?
    var color: ListColor?
    var starred: Bool
    var identity: Int { id }
  }

  struct Line: ListItemDataModel, Hashable {
    var id: Int
    var title: String
    var accessory: String
    var detail: String?
    var identity: Int { id }
  }

  /// Writes the title always, the accessory and the detail only when there is one.
  enum LineMapper: Mapper {
    static func map(data: Line, cell: TextCell) {
      cell.title = data.title
      if !data.accessory.isEmpty { cell.accessory = data.accessory }
      if let detail = data.detail { cell.detailLines = [detail] }
    }
  }

  static let jotStyles: [ListItemStyle<JotCell>] = [
    .plain,
    ListItemStyle("green") { $0.color = .green },
    ListItemStyle("star") { $0.marks += "*" },
    ListItemStyle("count") { $0.count += 1 },
    ListItemStyle("loud") { $0.text = $0.text.uppercased() },
  ]

  static let textStyles: [ListItemStyle<TextCell>] = [
    .plain, .bold, .dimmed, .underlined, .italic, .foreground(.yellow), .accessory(.cyan),
    ListItemStyle("detail") { $0.detailLines.append("styled") },
  ]

  /// A style: one, two or three of `styles`, composed.
  static func style<Cell>(_ styles: [ListItemStyle<Cell>], _ random: inout SeededRandom) -> ListItemStyle<Cell> {
    var style = styles[random.below(styles.count)]
    while random.oneIn(3) { style += styles[random.below(styles.count)] }
    return style
  }

  enum Kind { case jot, line, tally, tallyAlt, chip, stray }

  static let kinds = WeightedChoice<Kind>([
    ("a jot: data, a mapper that writes some properties, composed styles", weight: 3, .jot),
    ("a line: a TextCell filled by a Mapper type, terminal styles, highlights", weight: 3, .line),
    ("a tally with its type's reuse identifier", weight: 1, .tally),
    ("a tally with a reuse identifier of its own", weight: 1, .tallyAlt),
    ("a chip: a BindableCell", weight: 1, .chip),
    ("a stray: another type under the tally's custom identifier, or a jot's or a text cell's own", weight: 1, .stray),
  ])

  /// The reuse identifiers a stray cell is shown under: each is another cell type's too.
  static let strayIdentifiers = ["tally.alt", JotCell.reuseIdentifier, TextCell.reuseIdentifier]

  /// A binder for `id`: a random kind of cell, content, style and mapper.
  static func binder(_ id: Int, _ random: inout SeededRandom, readsWorld: Bool) -> CellBinder {
    let version = random.below(3)
    let kind = kinds.pick(using: &random).value
    switch kind {
    case .jot:
      let jot = Jot(
        id: id, title: random.oneIn(4) ? nil : "j\(id) v\(version)", color: random.oneIn(2) ? .red : nil,
        starred: random.oneIn(2))
      let map: @MainActor @Sendable (Jot, JotCell) -> Void = { jot, cell in
        if jot.starred { cell.marks += "@" }
        if readsWorld, ReusedCellWorld.tick % 2 == 1 { cell.count += 10 }
      }
      return CellBinder(data: jot, map: map, style: style(jotStyles, &random)).identified(by: id)
    case .line:
      let line = Line(
        id: id, title: "l\(id) v\(version)", accessory: random.oneIn(2) ? "\(version)%" : "",
        detail: random.oneIn(3) ? "detail \(id)" : nil)
      var binder = CellBinder(data: line, mapper: LineMapper.self, style: style(textStyles, &random))
        .identified(by: id)
      if random.oneIn(3) { binder = binder.highlightingMatches([0, 1].filter { _ in random.oneIn(2) } + [2]) }
      binder.height = random.oneIn(3) ? 2 : 1
      return binder
    case .tally, .tallyAlt:
      let value = [version, random.below(2)]
      let reuseIdentifier = kind == .tally ? nil : "tally.alt"
      return CellBinder(cell: TallyCell.self, value: value, id: ListIdentifier(id), reuseIdentifier: reuseIdentifier) {
        cell, value in
        cell.label = "t\(id)"
        if value[1] == 1 { cell.isFlagged = true }
        cell.tally.append(contentsOf: value)
        if readsWorld { cell.tally.append(ReusedCellWorld.tick) }
      }
    case .chip: return ChipCell.makeBinder(value: "c\(id) v\(version)", id: id)
    case .stray:
      let reuseIdentifier = strayIdentifiers[random.below(strayIdentifiers.count)]
      return CellBinder(cell: StrayCell.self, value: version, id: ListIdentifier(id), reuseIdentifier: reuseIdentifier)
      {
        cell, version in
        cell.text = "s\(id)"
        if version > 0 { cell.stamps += version }
      }
    }
  }

  /// A state: up to two sections of up to five rows, each with a random header and footer (or none), row ids
  /// unique across the list and drawn from a small range, so rows stay, move between sections and change kind.
  static func state(_ random: inout SeededRandom) -> [ListSection<CellBinder>] {
    var ids = Array(0..<9)
    for index in ids.indices.reversed() { ids.swapAt(index, random.below(index + 1)) }
    var next = ids.makeIterator()
    return (0..<(1 + random.below(2))).map { section in
      let rows = (0..<random.below(6)).compactMap { _ in next.next() }.map {
        binder($0, &random, readsWorld: true)
      }
      let header = random.oneIn(2) ? binder(100 + section, &random, readsWorld: false) : nil
      let footer = random.oneIn(3) ? binder(200 + section, &random, readsWorld: false) : nil
      return ListSection(id: section, header: header, footer: footer, items: rows)
    }
  }

  enum Step { case state, explicit, listSupplementaries }

  static let steps = WeightedChoice<Step>([
    ("a new state", weight: 4, .state),
    ("the outside world changes: every row reconfigured or reloaded", weight: 2, .explicit),
    ("a new list header and footer (or none)", weight: 1, .listSupplementaries),
  ])

  /// What a cell shows: its type, its text and, for a terminal cell, its lines with their styles.
  static func observed(_ cell: (any ListCell)?) -> String {
    guard let cell else { return "none" }
    var shown = "\(type(of: cell)) \(cell.textRepresentation)"
    if let cell = cell as? any TerminalCell { shown += " \(cell.lines(width: 40))" }
    return shown
  }

  /// What a fresh cell configured with `binder` shows.
  static func fresh(_ binder: CellBinder?) -> String {
    guard let binder else { return "none" }
    let cell = binder.cellType.init()
    do { try binder.configure(cell) } catch { return "error \(error)" }
    return observed(cell)
  }

  /// Every cell the recording host holds, next to what a fresh cell for its element shows.
  static func recorded(_ view: RecordingListView, _ engine: ListEngine) -> (shown: [String], fresh: [String]) {
    var shown = [observed(view.listHeader)]
    var fresh = [Self.fresh(engine.listHeader)]
    for (index, section) in view.sections.enumerated() {
      let model = engine.snapshot.indices.contains(index) ? engine.snapshot[index] : nil
      shown.append(observed(section.header))
      fresh.append(Self.fresh(model?.model.header))
      for (item, cell) in section.rows.enumerated() {
        shown.append(observed(cell))
        fresh.append(Self.fresh(try? engine.row(at: ItemPath(item: item, section: index))))
      }
      shown.append(observed(section.footer))
      fresh.append(Self.fresh(model?.model.footer))
    }
    shown.append(observed(view.listFooter))
    fresh.append(Self.fresh(engine.listFooter))
    return (shown, fresh)
  }

  /// A screen line's characters, for a failure message (the attributes are compared, not printed).
  static func text(_ cells: [ScreenModel.Cell]) -> String { "\"\(cells.map(\.text).joined())\"" }

  static func screen(_ output: CapturingOutput) -> ScreenModel {
    var screen = ScreenModel(columns: size.columns, rows: size.rows)
    screen.feed(output.text)
    return screen
  }

  @Test(
    "random states, styles, mappers, cell types, reuse identifiers, headers, footers and explicit updates (160 deep, 12 quick)",
    .timeLimit(.minutes(60)))
  func everyCellOnEveryHostIsFresh() async throws {
    for seed in DeepPass.seeds(quick: 12, deep: 160) {
      var random = SeededRandom(seed: seed)
      ReusedCellWorld.tick = 0
      let recording = RecordingListView()
      let output = CapturingOutput()
      let terminal = TerminalListView(output: output, mode: .screen(Self.size))
      let controllers = (0..<2).map { _ in
        ListController<[ListSection<CellBinder>]>(
          configuration: ListControllerConfiguration(backgroundDiffThreshold: .max))
      }
      let recordingEngine = try ListEngine(view: recording, showing: controllers[0])
      let terminalEngine = try ListEngine(view: terminal, showing: controllers[1])
      var state: [ListSection<CellBinder>] = []
      var log: [String] = []
      for _ in 0..<8 {
        let step = Self.steps.pick(using: &random)
        log.append(step.name)
        switch step.value {
        case .state:
          state = Self.state(&random)
          for controller in controllers { await controller.apply(state) }
        case .explicit:
          ReusedCellWorld.tick += 1
          let ids = state.flatMap { $0.items.map(\.id) }
          let reconfigured = ids.filter { _ in random.oneIn(2) }
          for engine in [recordingEngine, terminalEngine] {
            engine.reconfigureRows(reconfigured)
            engine.reloadRows(ids.filter { !reconfigured.contains($0) })
          }
        case .listSupplementaries:
          let header = random.oneIn(3) ? nil : Self.binder(300, &random, readsWorld: false)
          let footer = random.oneIn(3) ? nil : Self.binder(301, &random, readsWorld: false)
          for engine in [recordingEngine, terminalEngine] {
            engine.listHeader = header
            engine.listFooter = footer
          }
        }
        let context = "seed \(seed): \(log.joined(separator: ", "))"
        // The recording host: every cell of the binder's type, showing what a fresh one shows.
        #expect(recording.errors.isEmpty, "\(context)")
        let (shown, fresh) = Self.recorded(recording, recordingEngine)
        #expect(shown == fresh, "\(context)")
        // The terminal: the screen equals a fresh terminal's showing the same list, the cursor's lines aside.
        let freshOutput = CapturingOutput()
        let freshTerminal = TerminalListView(output: freshOutput, mode: .screen(Self.size))
        let freshController = ListController<[ListSection<CellBinder>]>()
        let freshEngine = try ListEngine(view: freshTerminal, showing: freshController)
        freshEngine.listHeader = terminalEngine.listHeader
        freshEngine.listFooter = terminalEngine.listFooter
        await freshController.apply(state)
        let (screen, expected) = (Self.screen(output), Self.screen(freshOutput))
        var differs = shown != fresh
        for line in 1..<(Self.size.rows - 1) {
          let isCursor = { (cells: [ScreenModel.Cell]) in
            cells.first?.text == "▸" || cells.first?.attributes.inverse == true
          }
          if isCursor(screen.cells[line]) || isCursor(expected.cells[line]) { continue }
          if screen.cells[line] != expected.cells[line] {
            Issue.record(
              "\(context), line \(line): \(Self.text(screen.cells[line])) ≠ \(Self.text(expected.cells[line]))")
            differs = true
          }
        }
        withExtendedLifetime(freshEngine) {}
        if differs || !recording.errors.isEmpty { break }
      }
      withExtendedLifetime((recordingEngine, terminalEngine)) {}
    }
  }
}
