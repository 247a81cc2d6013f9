import Foundation
import ListFlowTesting
import Synchronization
import TestSupport
import Testing

@testable import ListFlowTerminal

/// Bad sizes and bad updates never trap; output that fails is repainted; what is drawn costs what is shown.
@MainActor
@Suite struct TerminalSafetyTests {
  static let size = TerminalSize(columns: 30, rows: 8)

  /// A call ``extremeViewport()`` makes.
  enum ViewportCall { case move, setHeight, keepSelection, select, setSections }

  /// The calls ``extremeViewport()`` makes, by weight.
  static let viewportCalls = WeightedChoice<ViewportCall>([
    ("move the selection", weight: 1, .move),
    ("set the height", weight: 1, .setHeight),
    ("keep the selection at a screen row", weight: 1, .keepSelection),
    ("select an item", weight: 1, .select),
    ("set the same sections, selecting nothing", weight: 1, .setSections),
  ])

  @Test("viewport arithmetic with extreme counts, heights and moves never traps and keeps its invariants")
  func extremeViewport() {
    let extremes = [0, 1, 2, 7, Int.max / 2, Int.max - 2, Int.max - 1, Int.max, -1, Int.min]
    let seed: UInt64 = 0xE7_7E3E
    var random = SeededRandom(seed: seed)
    for round in 0..<300 {
      var viewport = ListViewport(height: extremes.randomElement(using: &random)!)
      let sections = (0..<Int.random(in: 0...4, using: &random)).map { _ in
        ListViewport.Section(
          hasHeader: Bool.random(using: &random), itemCount: extremes.randomElement(using: &random)!,
          hasFooter: Bool.random(using: &random))
      }
      viewport.setSections(sections)
      for _ in 0..<5 {
        switch Self.viewportCalls.pick(using: &random).value {
        case .move: viewport.moveSelection(by: [Int.max, Int.min, -1, 1, Int.max / 2].randomElement(using: &random)!)
        case .setHeight: viewport.setHeight(extremes.randomElement(using: &random)!)
        case .keepSelection: viewport.keepSelection(atScreenRow: extremes.randomElement(using: &random)!)
        case .select:
          viewport.select(
            ItemPath(
              item: extremes.randomElement(using: &random)!, section: Int.random(in: -1...5, using: &random)))
        case .setSections: viewport.setSections(sections, selecting: .some(nil))
        }
        #expect(viewport.height >= 0 && viewport.height <= ListViewport.maximumHeight, "seed \(seed), round \(round)")
        #expect(viewport.offset >= 0, "seed \(seed), round \(round)")
        // The rows on screen, counted without building them all (a height may be 65,535).
        #expect(
          min(viewport.height, max(viewport.rowCount - viewport.offset, 0)) <= viewport.height,
          "seed \(seed), round \(round)")
        if let selection = viewport.selection {
          #expect(viewport.rowIndex(of: selection) != nil, "seed \(seed), round \(round)")
        }
        _ = viewport.selectionScreenRow
        _ = viewport.itemsAfterSelection
      }
      if viewport.height <= 100 {
        #expect(viewport.visibleRows.count <= viewport.height, "seed \(seed), round \(round)")
      }
    }
  }

  @Test("moveSelection(by: .max) and (by: .min) stop at the last and first item")
  func moveByExtremes() {
    var viewport = ListViewport(height: 5)
    viewport.setSections([.init(itemCount: 3), .init(hasHeader: true, itemCount: Int.max, hasFooter: true)])
    viewport.moveSelection(by: .max)
    #expect(viewport.selectionIndex == Int.max - 1)
    viewport.moveSelection(by: .max)
    #expect(viewport.selectionIndex == Int.max - 1)
    viewport.moveSelection(by: .min)
    #expect(viewport.selection == ItemPath(item: 0, section: 0))
  }

  @Test("performBatchUpdates naming sections and rows that are not there does not trap", arguments: [false, true])
  func updatesWithMissingSections(plain: Bool) {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: plain ? .plain : .screen(Self.size), title: "T")
    let dataSource = ScriptedDataSource()
    view.dataSource = dataSource
    dataSource.view = view
    dataSource.show([.init(id: 0, header: "H", rows: [.init(id: 1, title: "a"), .init(id: 2, title: "b")])])
    let data = dataSource.snapshot
    let changesets = [
      Changeset(data: data, sectionInserted: [5]),
      Changeset(data: data, sectionDeleted: [7], sectionUpdated: [9]),
      Changeset(data: data, sectionMoved: [Move(source: 4, target: 8)]),
      Changeset(data: data, elementDeleted: [ItemPath(item: 0, section: 3)]),
      Changeset(data: data, elementInserted: [ItemPath(item: 9, section: 6)]),
      Changeset(data: data, elementUpdated: [ItemPath(item: 1, section: 2)]),
      Changeset(
        data: data, elementMoved: [Move(source: ItemPath(item: 0, section: 4), target: ItemPath(item: 2, section: 5))]),
    ]
    for changeset in changesets {
      view.performBatchUpdates(
        ListUpdate(
          changeset: changeset, reconfiguredRows: [ItemPath(item: 3, section: 8)],
          reloadedRows: [ItemPath(item: 0, section: 11)], stage: 0, stageCount: 1))
    }
    #expect(view.selectedRow != nil)
  }

  /// A stage number or count an update made by hand may hold.
  enum StageNumber { case small, minusOne, min, max }

  static let stageNumbers = WeightedChoice<StageNumber>([
    ("a small number", weight: 2, .small),
    ("-1", weight: 1, .minusOne),
    ("Int.min", weight: 1, .min),
    ("Int.max", weight: 1, .max),
  ])

  static func stageNumber(_ random: inout SeededRandom) -> Int {
    switch stageNumbers.pick(using: &random).value {
    case .small: random.below(3)
    case .minusOne: -1
    case .min: .min
    case .max: .max
    }
  }

  @Test("performBatchUpdates with any stage and stage count does not trap, and a stage that ends a change draws")
  func updatesWithAnyStage() {
    for seed in DeepPass.seeds(quick: 40, deep: 400) {
      var random = SeededRandom(seed: seed)
      let output = CapturingOutput()
      let view = TerminalListView(output: output, mode: random.oneIn(2) ? .plain : .screen(Self.size), title: "T")
      let dataSource = ScriptedDataSource()
      view.dataSource = dataSource
      dataSource.view = view
      dataSource.show([.init(id: 0, header: "H", rows: [.init(id: 1, title: "a"), .init(id: 2, title: "b")])])
      let stage = Self.stageNumber(&random)
      let stageCount = Self.stageNumber(&random)
      // The rows' titles change behind the view's back; the update made by hand tells it of them.
      let previous = dataSource.snapshot
      dataSource.view = nil
      dataSource.show([.init(id: 0, header: "H", rows: [.init(id: 1, title: "x"), .init(id: 2, title: "y")])])
      dataSource.view = view
      let written = output.bytes.count
      view.performBatchUpdates(
        ListUpdate(
          changeset: Changeset(data: dataSource.snapshot, elementUpdated: [ItemPath(item: 0, section: 0)]),
          previous: previous, stage: stage, stageCount: stageCount))
      #expect(view.selectedRow != nil, "seed \(seed): stage \(stage) of \(stageCount)")
      // No stage follows one at or past the last of its count (or of a count below 1): the change is drawn.
      if stageCount <= 0 || stage >= stageCount - 1 {
        #expect(output.bytes.count > written, "seed \(seed): stage \(stage) of \(stageCount) drew nothing")
      }
    }
  }

  @Test("knowing which sections have headers and footers pulls no cell off screen")
  func supplementaryKnowledgeIsFree() {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .screen(Self.size), title: "T")
    let dataSource = ScriptedDataSource()
    view.dataSource = dataSource
    dataSource.view = view
    dataSource.show(
      (0..<500).map {
        .init(id: $0, header: "header \($0)", footer: "footer \($0)", rows: [.init(id: 1_000 + $0, title: "r")])
      })
    // The list area shows 6 rows: at most 3 headers and footers are on screen.
    #expect(dataSource.supplementaryPulls <= 6)
    #expect(dataSource.heightRequests >= 1_000)
  }

  /// An output whose writes can be made to fail, as a terminal that went away or a full pipe.
  final class FlakyOutput: TerminalOutput {
    let captured = CapturingOutput()
    let failures = Atomic<Int>(0)
    let failsNext = Atomic<Bool>(false)
    func write(_ bytes: [UInt8]) {
      if failsNext.exchange(false, ordering: .relaxed) {
        failures.add(1, ordering: .relaxed)
        return
      }
      captured.write(bytes)
    }
    var interruptions: Int { failures.load(ordering: .relaxed) }
  }

  @Test("after a failed write the next frame is a full repaint")
  func repaintAfterFailure() {
    let output = FlakyOutput()
    let view = TerminalListView(output: output, mode: .screen(Self.size), title: "T")
    let dataSource = ScriptedDataSource()
    view.dataSource = dataSource
    dataSource.view = view
    dataSource.show([.init(id: 0, rows: (0..<5).map { .init(id: $0, title: "row \($0)") })])
    _ = output.captured.takeText()
    output.failsNext.store(true, ordering: .relaxed)
    view.handle(.down)  // this frame is lost
    #expect(output.captured.takeText().isEmpty)
    view.handle(.down)
    let text = output.captured.takeText()
    #expect(text.contains(EscapeSequence.eraseScreen), "a full repaint after the lost frame")
    var screen = ScreenModel(columns: Self.size.columns, rows: Self.size.rows)
    screen.feed(text)
    #expect(screen.text.contains("▸ row 2"))
    view.handle(.down)
    #expect(!output.captured.takeText().contains(EscapeSequence.eraseScreen), "then changed rows only again")
  }

  @Test("a write to a full non-blocking pipe waits and delivers every byte in order", .timeLimit(.minutes(60)))
  func nonBlockingWrite() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    let bytes = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let writeEnd = ends[1]
    let writer = Thread { StandardOutput(fileDescriptor: writeEnd).write(bytes) }
    writer.start()
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while received.count < bytes.count {
      let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
      try #require(count > 0)
      received += buffer[0..<count]
    }
    #expect(received == bytes)
  }

  @Test("a 1 MB subtitle costs what a screen of it costs: the run keeps a bounded prefix")
  func hugeSubtitle() {
    let line = String(repeating: "abcdefgh ", count: 120_000) + "\u{1B}[2J"
    let run = StyledRun(line)
    #expect(run.text.unicodeScalars.count == StyledRun.maximumScalarCount)
    let cell = TextCell()
    cell.title = "title"
    cell.subtitle = line
    let short = TextCell()
    short.title = "title"
    short.subtitle = String(line.prefix(200))
    #expect(cell.line(width: 80) == short.line(width: 80))
    #expect(!cell.plainText.contains("\u{1B}"))
  }

  /// A custom cell whose plain text is hostile.
  final class HostileCell: TerminalCell {
    var text = ""
    var textRepresentation: String { text }
    func line(width: Int) -> StyledLine { StyledLine(text) }
    var plainText: String { text }
  }

  @Test("a custom cell's plainText is sanitised in plain mode")
  func plainTextSanitised() throws {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .plain)
    let binder = CellBinder(
      cell: HostileCell.self, value: "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}x", id: ListIdentifier(1)
    ) {
      cell, text in cell.text = text
    }
    let snapshot: ListSnapshot = [
      ListSectionSnapshot(model: ListSectionSnapshot.Model(id: ListIdentifier(0)), elements: [binder])
    ]
    let dataSource = StaticSnapshotSource(snapshot: snapshot)
    view.dataSource = dataSource
    view.reloadData()
    let text = output.text
    #expect(!text.contains("\u{1B}") && !text.contains("\u{9B}") && !text.contains("\u{07}"))
    #expect(text.contains("␛]0;pwned␇␛[2J<U+009B>x"))
  }

  @Test("text sanitised with keepsLineBreaks never reaches a frame line with a tab or a line break")
  func keepsLineBreaksNeverReachesFrame() {
    var random = SeededRandom(seed: 0x7AB5)
    let pieces = ["a", "\n", "\t", "\r\n", "\r", "\u{85}", "\u{2028}", "日", " ", "\u{1B}[K"]
    for _ in 0..<200 {
      let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }
        .joined()
      let multiLine = TextSanitizer(keepsLineBreaks: true).sanitize(text)
      let frame = TerminalFrame(size: Self.size, lines: [StyledLine(multiLine), StyledLine([StyledRun(multiLine)])])
      for line in frame.lines {
        #expect(!line.text.contains { $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\r\n" })
      }
    }
  }

  @Test("ASCII-only screens write no byte outside printable ASCII and keep the columns")
  func asciiOnly() {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .screen(Self.size), title: "日本 ▸ ⋯", asciiOnly: true)
    let dataSource = ScriptedDataSource()
    view.dataSource = dataSource
    dataSource.view = view
    dataSource.show([.init(id: 0, rows: [.init(id: 1, title: "café 日本 👨‍👩‍👧"), .init(id: 2, title: "x")])])
    let bytes = output.bytes
    #expect(bytes.allSatisfy { $0 == 0x1B || (0x20..<0x7F).contains($0) })
    var screen = ScreenModel(columns: Self.size.columns, rows: Self.size.rows)
    screen.feed(output.text)
    #expect(screen.text.split(separator: "\n").first == "???? ? ?")
    #expect(screen.text.contains("? caf? ???? ??"))
  }
}

/// A data source over a fixed snapshot, cells from the view's pool.
@MainActor
final class StaticSnapshotSource: ListDataSource {
  let snapshot: ListSnapshot
  init(snapshot: ListSnapshot) { self.snapshot = snapshot }
  var numberOfSections: Int { snapshot.count }
  func numberOfRows(inSection section: Int) -> Int {
    snapshot.indices.contains(section) ? snapshot[section].elements.count : 0
  }
  func cell(at path: ItemPath, for view: any ListView) throws(ListFlowError) -> any ListCell {
    let binder = snapshot[path.section].elements[path.item]
    let cell = try view.reusePool.dequeue(for: binder)
    try binder.configure(cell)
    return cell
  }
  func header(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? { nil }
  func footer(inSection section: Int, for view: any ListView) throws(ListFlowError) -> (any ListCell)? { nil }
  func height(of element: ListElement) -> RowHeight? {
    if case .row = element { return .exact(1) }
    return nil
  }
}

@Suite struct LocaleTests {
  @Test(
    "the locale's character set is read from LC_ALL, then LC_CTYPE, then LANG",
    arguments: [
      (["LANG": "en_US.UTF-8"], true), (["LANG": "C.utf8"], true), (["LC_ALL": "C", "LANG": "en_US.UTF-8"], false),
      (["LC_CTYPE": "ja_JP.eucJP", "LANG": "en_US.UTF-8"], false), (["LC_ALL": "", "LC_CTYPE": "de_DE.UTF-8"], true),
      ([:], false), (["LANG": "en_US.ISO-8859-1"], false), (["LANG": "POSIX"], false),
    ])
  func localeCharacterSet(environment: [String: String], isUTF8: Bool) {
    #expect(TerminalSession.localeIsUTF8(environment: environment) == isUTF8)
  }
}
