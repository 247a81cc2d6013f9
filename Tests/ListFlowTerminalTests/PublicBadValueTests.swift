import ListFlow
import ListFlowTerminal
import ListFlowTesting
import TestSupport
import Testing

/// Every public entry point of the terminal view and of the testing views takes any value its type admits:
/// `Int.min`, `Int.max`, negative and huge rows, columns, sizes, counts, indices, paths and durations are
/// clamped or ignored as documented, never a trap.
@MainActor
@Suite("Bad values reach no trap")
struct PublicBadValueTests {
  static let integers = [Int.min, Int.min + 1, -2, -1, 0, 1, 2, 3, 7, 1 << 20, Int.max / 2, Int.max - 1, Int.max]
  static let durations: [Duration] = [
    .zero, .nanoseconds(-1), .seconds(-1), .seconds(1), .seconds(Int64.max), .seconds(Int64.min),
    // Beyond an Int64 of seconds: a Duration holds them, and its components would trap.
    .seconds(Int64.max) + .seconds(Int64.max), .seconds(Int64.min) + .seconds(Int64.min),
  ]

  static func row(_ index: Int) -> CellBinder {
    CellBinder(cell: TextCell.self, value: "row \(index)", id: ListIdentifier(index)) { cell, title in
      cell.title = title
    }
  }

  static func integer(_ random: inout SeededRandom) -> Int {
    random.next() % 4 == 0 ? Int(truncatingIfNeeded: random.next()) : integers.randomElement(using: &random)!
  }

  static func path(_ random: inout SeededRandom) -> ItemPath {
    ItemPath(item: integer(&random), section: random.next() % 2 == 0 ? integer(&random) : 0)
  }

  static func size(_ random: inout SeededRandom) -> TerminalSize {
    var size = TerminalSize(columns: integer(&random), rows: integer(&random))
    // The properties are public: a size can hold negative values the initialiser would have clamped.
    if random.next() % 3 == 0 { size.columns = integer(&random) }
    if random.next() % 3 == 0 { size.rows = integer(&random) }
    return size
  }

  static func mouseEvent(_ random: inout SeededRandom) -> MouseEvent {
    let kinds: [MouseEvent.Kind] = [
      .press(.left), .press(.right), .release(nil), .drag(.left), .wheelUp, .wheelDown, .other(integer(&random)),
    ]
    return MouseEvent(kind: kinds.randomElement(using: &random)!, column: integer(&random), row: integer(&random))
  }

  static let keys: [Key] = [
    .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace, .tab, .suspend,
    .character(" "), .character("j"), .character("k"), .character("/"), .character("a"), .character("?"),
    .character("d"), .character("r"), .unknown([0xFF]),
  ]
  static let commands: [TerminalCommand] = [
    .moveUp, .moveDown, .pageUp, .pageDown, .moveToTop, .moveToBottom, .select, .delete, .refresh, .expand,
    .collapse, .goToParent, .toggleHelp, .toggleSelection, .filter, .clearFilter,
  ]

  /// A call ``terminalView()`` makes.
  enum ViewCall { case resize, mouse, mouseInput, scroll, status, tick, spinner, deselect, key, command, render, read }

  /// The calls ``terminalView()`` makes, by weight.
  static let viewCalls = WeightedChoice<ViewCall>([
    ("resize", weight: 1, .resize),
    ("a mouse event", weight: 1, .mouse),
    ("a mouse event as input", weight: 1, .mouseInput),
    ("scroll to a row", weight: 1, .scroll),
    ("post a status", weight: 1, .status),
    ("set the time and tick", weight: 1, .tick),
    ("start or stop the spinner", weight: 1, .spinner),
    ("deselect a row", weight: 1, .deselect),
    ("a key", weight: 1, .key),
    ("a command", weight: 1, .command),
    ("render", weight: 1, .render),
    ("read the visible and selected rows", weight: 1, .read),
  ])

  @Test("the terminal view: random calls with extreme sizes, rows, columns, paths and durations never trap")
  func terminalView() {
    for seed in DeepPass.seeds(quick: 10, deep: 40) {
      var random = SeededRandom(seed: seed)
      let time = ManualTime()
      let output = CapturingOutput()
      let plain = random.next() % 5 == 0
      let view = TerminalListView(
        output: output, mode: plain ? .plain : .screen(Self.size(&random)), title: "T", clock: time.clock)
      let dataSource = ScriptedDataSource()
      view.dataSource = dataSource
      dataSource.view = view
      let rowCount = Int(random.next() % 30)
      dataSource.show([
        .init(id: 0, header: "Rows", rows: (0..<rowCount).map { .init(id: $0, title: "row \($0)") })
      ])
      for step in 0..<40 {
        switch Self.viewCalls.pick(using: &random).value {
        case .resize: view.resize(to: Self.size(&random))
        case .mouse: view.handle(mouse: Self.mouseEvent(&random))
        case .mouseInput: view.handle(.mouse(Self.mouseEvent(&random)))
        case .scroll:
          let alignments: [ListEngine.ScrollAlignment] = [.top, .center, .bottom, .visible]
          view.scrollToRow(at: Self.path(&random), alignment: alignments.randomElement(using: &random)!)
        case .status: view.postStatus("note", for: Self.durations.randomElement(using: &random)!)
        case .tick:
          time.set(Self.durations.randomElement(using: &random)!)
          view.tick()
          _ = view.nextTickTime
        case .spinner: random.next() % 2 == 0 ? view.startSpinner("load") : view.stopSpinner()
        case .deselect: view.deselectRow(at: Self.path(&random))
        case .key: view.handle(Self.keys.randomElement(using: &random)!)
        case .command: view.perform(Self.commands.randomElement(using: &random)!)
        case .render: view.render()
        case .read:
          _ = view.visibleRows
          _ = view.selectedRow
        }
        if case .screen(let size) = view.mode {
          #expect(size.columns >= 0 && size.rows >= 0, "seed \(seed) step \(step)")
        }
      }
    }
  }

  @Test(
    "a click or a wheel turn at any row and column: off screen it does nothing",
    arguments: [Int.min, -1, Int.max, Int.max - 1])
  func mouseOffScreen(row: Int) {
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 20, rows: 6)))
    let dataSource = ScriptedDataSource()
    view.dataSource = dataSource
    dataSource.view = view
    dataSource.show([.init(id: 0, header: "Rows", rows: (0..<9).map { .init(id: $0, title: "row \($0)") })])
    for kind in [MouseEvent.Kind.press(.left), .wheelDown, .release(.left)] {
      #expect(view.handle(mouse: MouseEvent(kind: kind, column: 1, row: row)) == nil)
      #expect(view.handle(mouse: MouseEvent(kind: kind, column: row, row: 2)) == nil)
    }
    #expect(view.selectedRow == ItemPath(item: 0, section: 0))
  }

  @Test("a viewport list view of a negative row count shows no row, and any count is clamped")
  func viewportListView() throws {
    for seed in DeepPass.seeds(quick: 10, deep: 40) {
      var random = SeededRandom(seed: seed)
      let rowCount = Self.integer(&random)
      let view = ViewportListView(rowCount: rowCount)
      let controller = ListController<[ListSection<CellBinder>]>()
      let engine = try ListEngine(view: view, showing: controller)
      let rows = (0..<Int(random.next() % 40)).map { Self.row($0) }
      controller.apply(ListEdit([ListSection(id: "s", items: rows).snapshot]))
      #expect(view.renderedLines.count == min(max(rowCount, 0), rows.count), "seed \(seed) count \(rowCount)")
      #expect(view.visibleRows.count == view.renderedLines.count, "seed \(seed)")
      withExtendedLifetime(engine) {}
    }
  }

  /// A call ``recordingViewAndGate()`` makes to the recording view.
  enum RecordingCall { case select, move, cell, scrollToRow, height, deselect, scroll }

  /// The calls ``recordingViewAndGate()`` makes, by weight.
  static let recordingCalls = WeightedChoice<RecordingCall>([
    ("select a row", weight: 1, .select),
    ("move a row", weight: 1, .move),
    ("ask a cell", weight: 1, .cell),
    ("scroll to a row", weight: 1, .scrollToRow),
    ("ask a row's height", weight: 1, .height),
    ("deselect a row", weight: 1, .deselect),
    ("report a scroll position", weight: 1, .scroll),
  ])

  @Test("a recording list view and a progress gate take any path, move, step and target")
  func recordingViewAndGate() async throws {
    for seed in DeepPass.seeds(quick: 10, deep: 40) {
      var random = SeededRandom(seed: seed)
      let view = RecordingListView()
      let controller = ListController<[ListSection<CellBinder>]>()
      let engine = try ListEngine(view: view, showing: controller)
      let rows = (0..<Int(random.next() % 10)).map { Self.row($0) }
      controller.apply(ListEdit([ListSection(id: "s", items: rows).snapshot]))
      for _ in 0..<20 {
        switch Self.recordingCalls.pick(using: &random).value {
        case .select: try? view.selectRow(at: Self.path(&random))
        case .move: try? view.moveRow(Move(source: Self.path(&random), target: Self.path(&random)))
        case .cell: _ = view.cell(at: Self.path(&random))
        case .scrollToRow: view.scrollToRow(at: Self.path(&random), alignment: .center)
        case .height: _ = view.height(of: .row(Self.path(&random)))
        case .deselect: view.deselectRow(at: Self.path(&random))
        case .scroll:
          view.scroll(
            to: SyncDelegate.ScrollPosition(
              offset: Self.integer(&random), viewportHeight: Self.integer(&random),
              contentHeight: Self.integer(&random)))
        }
      }
      #expect(view.inconsistencies.isEmpty, "seed \(seed)")
      let gate = ProgressGate()
      for _ in 0..<6 {
        if random.next() % 2 == 0 {
          gate.advance(by: Self.integer(&random))
        } else {
          gate.advance(to: Self.integer(&random))
        }
      }
      #expect(gate.value >= 0, "seed \(seed)")
      await gate.wait(untilAtLeast: min(gate.value, Self.integer(&random)))
      withExtendedLifetime(engine) {}
    }
  }
}
