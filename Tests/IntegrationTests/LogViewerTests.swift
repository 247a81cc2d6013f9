import ListFlow
import ListFlowTerminal
import LogViewer
import TestSupport
import Testing

/// The live log viewer of the README, as a user writes it: sections by level, styles, `/`, selection, pinning
/// through the store, a capped log; and what a state and a key cost, counted in calls to the app's `cell`.
@MainActor
@Suite struct LogViewerTests {
  static let size = TerminalSize(columns: 80, rows: 24)

  /// A viewer on a captured terminal, with `count` lines shown.
  static func viewer(lines count: Int, capacity: Int) async throws -> (LogViewer, LogSource) {
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(size), title: "log")
    let viewer = try LogViewer(view: view, capacity: capacity)
    var source = LogSource()
    viewer.append(source.next(count))
    await viewer.controller.apply(viewer.store.state)
    return (viewer, source)
  }

  /// The identities of the displayed sections.
  static func sectionIDs(_ viewer: LogViewer) -> [String] {
    viewer.engine.snapshot.map { $0.model.id.value(as: String.self) ?? "?" }
  }

  /// The line under the cursor.
  static func lineUnderCursor(_ viewer: LogViewer) throws -> LogLine? {
    guard let path = viewer.view.selectedRow else { return nil }
    return viewer.engine.snapshot[path.section].elements[path.item].model(as: LogLine.self)
  }

  @Test("the state's sections are those of a plain list of its lines, after any appends, drops and pins")
  func stateMatchesAPlainModel() {
    for index in 0..<DeepPass.cases(quick: 40, deep: 400) {
      var random = SeededRandom(seed: 0x106_0000 + UInt64(index))
      let capacity = random.below(60)
      var state = LogState(capacity: capacity)
      var source = LogSource(seed: UInt64(index))
      // The model: every line kept, oldest first, and the pinned identities.
      var lines: [LogLine] = []
      var pinned: Set<Int> = []
      for step in 0..<30 {
        if random.oneIn(3), !lines.isEmpty || random.oneIn(2) {
          // A pin or unpin of a kept line, or of one the log does not keep (which changes nothing).
          let id = lines.isEmpty || random.oneIn(5) ? -1 - random.below(5) : lines[random.below(lines.count)].id
          state.togglePin(id)
          if pinned.remove(id) == nil, lines.contains(where: { $0.id == id }) { pinned.insert(id) }
        } else {
          let new = source.next(random.below(25))
          state.append(new)
          lines += new
          let excess = lines.count - capacity
          if excess > 0 {
            for line in lines[..<excess] { pinned.remove(line.id) }
            lines.removeFirst(excess)
          }
        }
        var expected: [ListSection<LogLine>] = []
        let pinnedLines = lines.filter { pinned.contains($0.id) }
        if !pinnedLines.isEmpty { expected.append(ListSection(id: "Pinned", items: pinnedLines)) }
        for level in LogLine.Level.allCases {
          let levelLines = lines.filter { $0.level == level && !pinned.contains($0.id) }
          if !levelLines.isEmpty { expected.append(ListSection(id: level.rawValue, items: levelLines)) }
        }
        let context = "case \(index), step \(step)"
        #expect(state.sections == expected, "\(context)")
        #expect(state.lines == lines, "\(context)")
        #expect(state.pinned == pinned, "\(context)")
        #expect(state.count == lines.count, "\(context)")
      }
    }
  }

  @Test("lines are grouped by level, capped to the newest, and pinned with Enter through the store")
  func sectionsCapAndPin() async throws {
    var (viewer, source) = try await Self.viewer(lines: 300, capacity: 200)
    #expect(Self.sectionIDs(viewer) == ["ERROR", "WARN", "INFO"])
    #expect(viewer.store.state.lines.map(\.id) == Array(100..<300))

    viewer.view.handle(.end)  // the newest line: the next lines do not push it out
    let cursor = try #require(try Self.lineUnderCursor(viewer))
    viewer.view.handle(.enter)
    await viewer.controller.apply(viewer.store.state)
    #expect(viewer.store.state.pinned == [cursor.id])
    #expect(Self.sectionIDs(viewer) == ["Pinned", "ERROR", "WARN", "INFO"])
    #expect(try Self.lineUnderCursor(viewer) == cursor, "the cursor follows its line into the new Pinned section")

    viewer.append(source.next(50))
    await viewer.controller.apply(viewer.store.state)
    #expect(viewer.store.state.lines.count == 200)
    #expect(try Self.lineUnderCursor(viewer) == cursor)
  }

  @Test("space selects several lines without pinning them; / narrows the rows and keeps the selection")
  func selectionAndFilter() async throws {
    let (viewer, _) = try await Self.viewer(lines: 100, capacity: 100)
    viewer.view.handle(.character(" "))
    viewer.view.handle(.down)
    viewer.view.handle(.character(" "))
    #expect(viewer.engine.selection.identifiers.count == 2)
    #expect(viewer.store.state.pinned.isEmpty, "space selects; only Enter pins")

    viewer.view.handle(.character("/"))
    for character in "ERROR" { viewer.view.handle(.character(character)) }
    viewer.view.handle(.enter)
    #expect(Self.sectionIDs(viewer) == ["ERROR"])
    let errors = viewer.store.state.lines.filter { $0.level == .error }.count
    #expect(viewer.engine.snapshot.first?.elements.count == errors)
    #expect(viewer.engine.selection.identifiers.count == 2)
  }

  @Test(
    "a state of 1,000 new lines and 1,000 dropped costs the rows on screen, with or without a query",
    arguments: ["", "api"])
  func stateCost(query: String) async throws {
    var (viewer, source) = try await Self.viewer(lines: 20_000, capacity: 20_000)
    if !query.isEmpty {
      for character in "/" + query { viewer.view.handle(.character(character)) }
      viewer.view.handle(.enter)
    }
    let screenRows = Self.size.rows
    for _ in 0..<3 {
      let before = viewer.cellCalls
      viewer.append(source.next(1_000))
      await viewer.controller.apply(viewer.store.state)
      let calls = viewer.cellCalls - before
      // Heights are asked of the rows on screen, and the filter matches the new lines by their titles: no binder
      // for a line off screen.
      #expect(calls <= 2 * screenRows + 64, "\(calls) cell calls for one state, query '\(query)'")
      let shown = viewer.engine.snapshot.reduce(0) { $0 + $1.elements.count }
      let matching = viewer.store.state.lines.filter { FilteredFeed.Match(query: query, in: $0.title ?? "") != nil }
      #expect(shown == matching.count)
    }
  }

  @Test("a cursor move anywhere costs the rows on screen")
  func keyCost() async throws {
    let (viewer, _) = try await Self.viewer(lines: 20_000, capacity: 20_000)
    let screenRows = Self.size.rows
    for key in [Key.end, .up, .pageUp, .home, .down, .pageDown] {
      let before = viewer.cellCalls
      viewer.view.handle(key)
      let calls = viewer.cellCalls - before
      #expect(calls <= 2 * screenRows + 8, "\(calls) cell calls for \(key)")
    }
  }
}
