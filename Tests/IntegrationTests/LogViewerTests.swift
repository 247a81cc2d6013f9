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

  /// The names of the displayed sections (`Pinned` or a level's), the chunks of a level named once.
  static func sectionIDs(_ viewer: LogViewer) -> [String] {
    names(viewer.engine.snapshot.map { $0.model.id.value(as: LogState.SectionID.self)?.name ?? "?" })
  }

  /// `names` with each run of one name given once.
  static func names(_ names: [String]) -> [String] {
    names.enumerated().filter { $0.offset == 0 || names[$0.offset - 1] != $0.element }.map(\.element)
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
      let chunkSize = 1 + random.below(8)
      var state = LogState(capacity: capacity, chunkSize: chunkSize)
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
        // The model's groups: Pinned, then each level, each oldest first.
        var expected: [(name: String, lines: [LogLine])] = []
        let pinnedLines = lines.filter { pinned.contains($0.id) }
        if !pinnedLines.isEmpty { expected.append(("Pinned", pinnedLines)) }
        for level in LogLine.Level.allCases {
          let levelLines = lines.filter { $0.level == level && !pinned.contains($0.id) }
          if !levelLines.isEmpty { expected.append((level.rawValue, levelLines)) }
        }
        let context = "case \(index), step \(step), chunks of \(chunkSize)"
        // The state's sections, chunks of a level joined: the same groups; no chunk empty, every identity once.
        let sections = state.sections
        let sectionNames = sections.map { $0.id.value(as: LogState.SectionID.self)?.name ?? "?" }
        let groups = Self.names(sectionNames).map { name in
          (name: name, lines: zip(sectionNames, sections).filter { $0.0 == name }.flatMap(\.1.items))
        }
        #expect(groups.map(\.name) == expected.map(\.name), "\(context)")
        #expect(groups.map(\.lines) == expected.map(\.lines), "\(context)")
        #expect(sections.allSatisfy { !$0.items.isEmpty }, "\(context)")
        #expect(Set(sections.map(\.id)).count == sections.count, "\(context)")
        #expect(state.lines == lines, "\(context)")
        #expect(state.pinned == pinned, "\(context)")
        #expect(state.count == lines.count, "\(context)")
      }
    }
  }

  @Test("a tick makes new arrays only for the chunks it touches: the first and last of a level, and new ones")
  func tickKeepsUntouchedChunks() {
    for index in 0..<DeepPass.cases(quick: 20, deep: 200) {
      var random = SeededRandom(seed: 0x107_0000 + UInt64(index))
      let chunkSize = 1 + random.below(64)
      var state = LogState(capacity: 500 + random.below(2_000), chunkSize: chunkSize)
      var source = LogSource(seed: UInt64(index))
      state.append(source.next(state.capacity))
      func address(_ section: ListSection<LogLine>) -> UInt {
        section.items.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
      }
      for step in 0..<10 {
        let before = Set(state.sections.map(address))
        let appended = 1 + random.below(3 * chunkSize)
        state.append(source.next(appended))
        let sections = state.sections
        let context = "case \(index), step \(step), chunks of \(chunkSize), \(appended) lines"
        let made = sections.filter { !before.contains(address($0)) }.count
        // Per level: its first chunk (lines dropped), its last (lines added), and the chunks the new lines fill.
        #expect(made <= 2 * LogLine.Level.allCases.count + appended / chunkSize + 3, "\(context): \(made) new")
        #expect(sections.allSatisfy { $0.items.count <= chunkSize }, "\(context)")
        #expect(state.count == state.capacity, "\(context)")
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
    #expect(viewer.engine.snapshot.reduce(0) { $0 + $1.elements.count } == errors)
    #expect(viewer.engine.selection.identifiers.count == 2)
  }

  @Test(
    "a state of 1,000 new lines and 1,000 dropped costs the rows on screen, with or without a query",
    arguments: ["", "api"])
  func stateCost(query: String) async throws {
    // Two chunks of the most frequent level and more in the quick pass: a cost per line would be thousands.
    let lines = DeepPass.cases(quick: 8_000, deep: 20_000)
    var (viewer, source) = try await Self.viewer(lines: lines, capacity: lines)
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
