import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// Two sections may show rows of the same identity (as the Demo's Pinned section and its list of every process
/// do, both identified by pid): they are two rows. The cursor and the highlight tell them apart by position, and a
/// row is found again by identity in the section of the same identity first.
@MainActor
@Suite struct ReloadCursorSameIdentityTests {
  static func section(_ id: String, _ names: [String]) -> ListSection<CellBinder> {
    ListSection(
      id: ListIdentifier(id),
      items: names.map { name in
        CellBinder(cell: TextCell.self, value: name, id: ListIdentifier(name)) { $0.title = $1 }
      })
  }

  /// The highlight events the children of a composite heard, in order (`all +0`: row 0 of "all" gained it).
  final class HighlightEvents {
    var list: [String] = []
  }

  /// A composite of a child "pinned" that shows `bash` and a child "all" that shows `names`, and the highlight
  /// events both hear.
  static func pinnedAndAll(
    _ names: [String]
  ) throws -> (composite: ComposedFeed<ListSectionSnapshot>, events: HighlightEvents) {
    let pinned = SectionsFeed<ListSectionSnapshot>(sections: [section("pinned", ["bash"]).snapshot])
    let all = SectionsFeed<ListSectionSnapshot>(sections: [section("all", names).snapshot])
    let composite = ComposedFeed<ListSectionSnapshot>()
    try composite.append(pinned)
    try composite.append(all)
    let events = HighlightEvents()
    for (name, child) in [("pinned", pinned), ("all", all)] {
      child.delegate.didHighlightRow = { path, _ in events.list.append("\(name) +\(path.item)") }
      child.delegate.didUnhighlightRow = { path, _ in events.list.append("\(name) -\(path.item)") }
    }
    return (composite, events)
  }

  /// The cursor is on the second copy, in the long list; typing a filter letter that keeps both copies but drops
  /// many rows above the cursor makes the engine reload (more than 1,000 changes and more than half the rows).
  @Test("typing a filter letter keeps the cursor on its row, not another section's row of the same identity")
  func reloadWithSameIdentityEarlier() async throws {
    let output = CapturingOutput()
    let view = TerminalListView(output: output, mode: .screen(TerminalSize(columns: 30, rows: 12)))
    let (composite, events) = try Self.pinnedAndAll((0..<3_000).map { "proc \($0)" } + ["bash", "zsh"])
    let filtered = try FilteredFeed(composite)
    let engine = try ListEngine(view: view, showing: filtered)
    view.onFilterChange = { filtered.query = $0 }
    view.scrollToRow(at: ItemPath(item: 3_000, section: 1), alignment: .center)
    #expect(engine.identity(ofRowAt: try #require(view.selectedRow)) == ListIdentifier("bash"))
    #expect(view.selectedRow?.section == 1)
    events.list = []
    let reloads = engine.reloadCount
    // "b" keeps bash in both sections and drops the 3,000 rows above the cursor's row in "all".
    for key in [Key.character("/"), .character("b")] { view.handle(key) }
    #expect(engine.reloadCount == reloads + 1)
    #expect(engine.numberOfRows(inSection: 1) == 1)
    #expect(view.selectedRow == ItemPath(item: 0, section: 1))
    // The row stayed under the cursor: it keeps the highlight, and no other row gains it.
    #expect(events.list == [])
  }

  /// ↓ from a row of one child to the next row, in another child, that has the same identity: the cursor moved to
  /// another row, so the first loses the highlight and the second gains it.
  @Test("↓ onto another child's row of the same identity moves the highlight")
  func keyOntoSameIdentity() throws {
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(TerminalSize(columns: 30, rows: 12)))
    let (composite, events) = try Self.pinnedAndAll(["bash", "zsh"])
    let engine = try ListEngine(view: view, showing: composite)
    #expect(view.selectedRow == ItemPath(item: 0, section: 0))
    #expect(events.list == ["pinned +0"])
    events.list = []
    view.handle(.down)
    #expect(view.selectedRow == ItemPath(item: 0, section: 1))
    #expect(events.list == ["pinned -0", "all +0"])
    view.handle(.down)
    #expect(events.list == ["pinned -0", "all +0", "all -0", "all +1"])
    withExtendedLifetime(engine) {}
  }
}

/// Random composites whose sections repeat identities, driven by random keys, clicks, changes, filter queries and
/// reloads (a low reload threshold, and the default one over a long list that a query cuts down), checked against
/// a model that names a row by its section's identity and its own: the cursor stays on its row when the row stays
/// in its section (whatever else shows its identity), and the highlight events pair up: a row gains the highlight
/// only once the row that had it lost it (or left the list, which sends no event), and exactly the cursor's row
/// has it after each step.
@MainActor
@Suite struct HighlightSameIdentityPropertyTests {
  /// A row of the list shown: its section's identity and its own.
  struct RowKey: Hashable, CustomStringConvertible {
    let section: ListIdentifier
    let row: ListIdentifier
    var description: String { "\(section)/\(row)" }
  }

  /// A child's sections, by names.
  typealias Sections = [(id: String, rows: [String])]

  /// The row names: few, so that sections share them; none has a letter of the filler's `proc N`, so a query of
  /// them hides every filler row.
  static let names = ["bash", "zsh", "vim", "git", "make", "less", "tmux", "ssh", "nginx", "sed", "awk", "fish"]
  /// The letters a query is typed with.
  static let letters = Array("abdefghiklmnstuvwxz")

  static func binder(_ name: String) -> CellBinder {
    CellBinder(cell: TextCell.self, value: name, id: ListIdentifier(name)) { $0.title = $1 }
  }

  static func snapshot(_ sections: Sections) -> [ListSectionSnapshot] {
    sections.map { ListSection(id: ListIdentifier($0.id), items: $0.rows.map(binder)).snapshot }
  }

  /// 0 to `most` distinct names, in a random order; "bash" half the time, so that most lists repeat it.
  static func randomRows(_ random: inout SeededRandom, most: Int = 6) -> [String] {
    var rows = names.shuffled(using: &random).prefix(random.below(most + 1)).map { $0 }
    if random.oneIn(2), !rows.contains("bash") { rows.insert("bash", at: random.below(rows.count + 1)) }
    return rows
  }

  /// Whether a list shows a row.
  static func has(_ key: RowKey, in list: ListSnapshot) -> Bool {
    list.first { $0.model.id == key.section }?.elements.contains { $0.id == key.row } ?? false
  }

  static func key(at path: ItemPath?, in list: ListSnapshot) -> RowKey? {
    guard let path, list.indices.contains(path.section), list[path.section].elements.indices.contains(path.item)
    else { return nil }
    return RowKey(section: list[path.section].model.id, row: list[path.section].elements[path.item].id)
  }

  /// A random change of a child: rows deleted (the cursor's row more often), inserted and swapped, a row moved to
  /// another section of the child that lacks it, a section added or removed.
  static func randomChange(
    of sections: Sections, cursor: RowKey?, _ random: inout SeededRandom, sectionNames: inout Int
  ) -> Sections {
    var sections = sections
    for index in sections.indices {
      var rows = sections[index].rows.filter { row in
        let isCursor = cursor == RowKey(section: ListIdentifier(sections[index].id), row: ListIdentifier(row))
        return !random.oneIn(isCursor ? 2 : 5)
      }
      for _ in 0..<random.below(3) {
        let name = names[random.below(names.count)]
        if !rows.contains(name) { rows.insert(name, at: random.below(rows.count + 1)) }
      }
      if rows.count > 1, random.oneIn(3) { rows.swapAt(random.below(rows.count), random.below(rows.count)) }
      sections[index].rows = rows
    }
    if sections.count > 1, random.oneIn(3) {
      let from = random.below(sections.count)
      let to = (from + 1 + random.below(sections.count - 1)) % sections.count
      if let row = sections[from].rows.randomElement(using: &random), !sections[to].rows.contains(row) {
        sections[from].rows.removeAll { $0 == row }
        sections[to].rows.insert(row, at: random.below(sections[to].rows.count + 1))
      }
    }
    if random.oneIn(6) {
      if sections.count > 1, random.oneIn(2) {
        sections.remove(at: random.below(sections.count))
      } else {
        sectionNames += 1
        sections.insert(("n\(sectionNames)", randomRows(&random)), at: random.below(sections.count + 1))
      }
    }
    return sections
  }

  /// What a step does.
  enum Step { case key, click, change, filter, reload }

  static let steps = WeightedChoice<Step>([
    ("a cursor key", weight: 4, .key),
    ("a click on a line of the list", weight: 1, .click),
    ("a change of a child", weight: 3, .change),
    ("a filter key", weight: 2, .filter),
    ("an explicit reload", weight: 1, .reload),
  ])

  /// The engine's reload threshold of a run.
  enum Threshold: String, CaseIterable, Sendable {
    /// 0 to 3: most changes reload.
    case low
    /// The default: a query over a long list reloads, other changes come in batches.
    case standard
  }

  /// What a case found: its problems (none when it passed), and how the engine showed its changes.
  struct Outcome {
    var problems: [String] = []
    /// The changes of the list (a child's, a query's) shown by a reload (past the threshold, or asked for by the
    /// filter over a long list), and those shown in batches.
    var reloads = 0
    var batches = 0
  }

  /// Runs one case.
  static func run(seed: UInt64, threshold: Threshold) throws -> Outcome {
    var random = SeededRandom(seed: seed)
    var outcome = Outcome()
    let screenRows = 5 + random.below(10)
    let view = TerminalListView(
      output: CapturingOutput(), mode: .screen(TerminalSize(columns: 30, rows: screenRows)))
    var children: [Sections] = []
    for child in 0..<2 + random.below(2) {
      children.append((0..<1 + random.below(2)).map { ("c\(child)s\($0)", randomRows(&random)) })
    }
    let feeds = children.map { SectionsFeed<ListSectionSnapshot>(sections: snapshot($0)) }
    let composite = ComposedFeed<ListSectionSnapshot>()
    let filler = threshold == .standard || random.oneIn(3)
    let fillerAt = random.below(feeds.count + 1)
    for (index, feed) in feeds.enumerated() {
      if filler, index == fillerAt { try appendFiller(to: composite, &random) }
      try composite.append(feed)
    }
    if filler, fillerAt == feeds.count { try appendFiller(to: composite, &random) }
    let filtered = filler || random.oneIn(2) ? try FilteredFeed(composite) : nil
    let reloadThreshold = threshold == .low ? random.below(4) : nil

    var lit: RowKey?
    // Whether the step is an explicit reload.
    var reloadingOnRequest = false
    // What happened, for the report of a failure: the steps and the events.
    var log: [String] = []
    var stepStart: ListSnapshot = []
    // The highlighted row, followed through the moves of the changes shown in batches during the step: a row the
    // change moves to another section is the same row, wherever its identity stood before.
    var litMoved: RowKey?
    // `lit` is still the row `key`: the same row, the row a batch moved there, or the row a reload moved there
    // (its identity gone from its section, and now in a section that had no row of it before).
    func isLit(_ key: RowKey, in now: ListSnapshot) -> Bool {
      guard let lit else { return false }
      return lit == key || litMoved == key
        || (lit.row == key.row && !Self.has(lit, in: now) && !Self.has(key, in: stepStart))
    }
    var delegate = SyncDelegate()
    delegate.willApply = { transition in
      log.append("\(transition)")
      if transition.isReload, !reloadingOnRequest { outcome.reloads += 1 }
      if !transition.isReload { outcome.batches += 1 }
      guard !transition.isReload, var list = (view.dataSource as? ListEngine)?.snapshot else { return }
      for stage in transition.changes {
        if let row = litMoved, let section = list.firstIndex(where: { $0.model.id == row.section }),
          let item = list[section].elements.firstIndex(where: { $0.id == row.row }),
          let move = stage.elementMoved.first(where: { $0.source == ItemPath(item: item, section: section) })
        {
          litMoved = Self.key(at: move.target, in: stage.data)
        }
        list = stage.data
      }
    }
    delegate.didHighlightRow = { path, row in
      guard let list = (view.dataSource as? ListEngine)?.snapshot, let key = Self.key(at: path, in: list) else {
        return outcome.problems.append("highlight of \(path), no such row")
      }
      log.append("+\(key) at \(path)")
      if key.row != row.id { outcome.problems.append("highlight of \(path) with \(row.id), the row is \(key)") }
      if let old = lit, Self.has(old, in: list) {
        outcome.problems.append("\(key) highlighted, \(old) still highlighted")
      }
      lit = key
    }
    delegate.didUnhighlightRow = { path, row in
      guard let list = (view.dataSource as? ListEngine)?.snapshot, let key = Self.key(at: path, in: list) else {
        return outcome.problems.append("unhighlight of \(path), no such row")
      }
      log.append("-\(key) at \(path)")
      if key.row != row.id { outcome.problems.append("unhighlight of \(path) with \(row.id), the row is \(key)") }
      if !isLit(key, in: list) {
        outcome.problems.append("\(key) unhighlighted, \(lit?.description ?? "no row") was lit")
      }
      lit = nil
    }
    let shown = try ListEngine(
      view: view, showing: filtered ?? composite, delegate: delegate, reloadThreshold: reloadThreshold)
    if let filtered { view.onFilterChange = { filtered.query = $0 } }
    var sectionNames = 0

    for step in 0..<30 {
      let before = shown.snapshot
      stepStart = before
      litMoved = lit
      let cursorBefore = key(at: view.selectedRow, in: before)
      let problemCount = outcome.problems.count
      let kind = steps.pick(using: &random).value
      var what = "\(kind)"
      switch kind {
      case .key:
        let pressed: Key =
          view.isEditingFilter
          ? [.down, .up, .pageDown, .pageUp, .home][random.below(5)]
          : [.down, .up, .character("j"), .character("k"), .pageDown, .pageUp, .home, .character("g")][random.below(8)]
        what = "key \(pressed)"
        view.handle(pressed)
      case .click:
        let line = 1 + random.below(max(screenRows - 2, 1))
        what = "click on line \(line)"
        view.handle(mouse: MouseEvent(kind: .press(.left), column: 2, row: line))
      case .change:
        let owner = cursorBefore.flatMap { row in children.firstIndex { $0.contains { $0.id == "\(row.section)" } } }
        let child = owner.map { random.oneIn(3) ? random.below(children.count) : $0 } ?? random.below(children.count)
        children[child] = randomChange(of: children[child], cursor: cursorBefore, &random, sectionNames: &sectionNames)
        what = "child \(child) to \(children[child])"
        feeds[child].update(to: snapshot(children[child]))
      case .filter:
        guard filtered != nil else { continue }
        let pressed: Key
        if view.isEditingFilter {
          pressed = [.character(letters[random.below(letters.count)]), .backspace, .enter, .escape][random.below(4)]
        } else {
          view.handle(.character("/"))
          pressed = .character(letters[random.below(letters.count)])
        }
        what = "filter key \(pressed)"
        view.handle(pressed)
      case .reload:
        reloadingOnRequest = true
        shown.reloadData()
        reloadingOnRequest = false
      }
      let now = shown.snapshot
      log.append("step \(step): \(what), cursor \(Self.key(at: view.selectedRow, in: now)?.description ?? "none")")
      let cursor = key(at: view.selectedRow, in: now)
      if kind != .key, kind != .click, let cursorBefore, Self.has(cursorBefore, in: now), cursor != cursorBefore {
        outcome.problems.append("the cursor left \(cursorBefore), which stayed, for \(cursor?.description ?? "no row")")
      }
      if let cursor {
        if !isLit(cursor, in: now) {
          outcome.problems.append("the cursor is on \(cursor), \(lit?.description ?? "no row") is highlighted")
        }
        lit = cursor
      } else {
        // No row: none is highlighted (a row that left the list lost the highlight without an event).
        if let old = lit, Self.has(old, in: now) { outcome.problems.append("no cursor, \(old) is highlighted") }
        lit = nil
      }
      if outcome.problems.count > problemCount {
        outcome.problems[problemCount] = "step \(step) (\(what)): " + outcome.problems[problemCount]
        func shown(_ list: ListSnapshot) -> String {
          list.map { "\($0.model.id): \($0.elements.map { "\($0.id)" }.prefix(8).joined(separator: " "))" }
            .joined(separator: " | ")
        }
        outcome.problems += [
          "after " + log.suffix(12).joined(separator: ", "), "list before [\(shown(before))], after [\(shown(now))]",
        ]
        return outcome
      }
    }
    withExtendedLifetime(shown) {}
    return outcome
  }

  /// A child of 1,000 to 1,200 filler rows and a few named ones, so that a query cuts the list down by more than
  /// 1,000 rows and half of it: the default threshold reloads.
  static func appendFiller(to composite: ComposedFeed<ListSectionSnapshot>, _ random: inout SeededRandom) throws {
    let count = 1_000 + random.below(200)
    var rows = (0..<count).map { "proc \($0)" }
    for name in randomRows(&random, most: 3) { rows.insert(name, at: random.below(rows.count + 1)) }
    try composite.append(SectionsFeed<ListSectionSnapshot>(sections: snapshot([("filler", rows)])))
  }

  @Test(
    "the cursor stays on its row and the highlight events pair up when sections repeat identities",
    arguments: Threshold.allCases)
  func cursorAndHighlightOfRepeatedIdentities(threshold: Threshold) throws {
    let seeds = DeepPass.seeds(quick: threshold == .low ? 25 : 6, deep: threshold == .low ? 2_000 : 400)
    var failures: [UInt64] = []
    var shownBy = (reloads: 0, batches: 0)
    for seed in seeds {
      let outcome = try Self.run(seed: seed, threshold: threshold)
      shownBy.reloads += outcome.reloads
      shownBy.batches += outcome.batches
      guard !outcome.problems.isEmpty else { continue }
      failures.append(seed)
      if failures.count <= 5 {
        Issue.record("seed \(seed), \(threshold): \(outcome.problems.joined(separator: "; "))")
      }
    }
    if !failures.isEmpty {
      Issue.record("\(failures.count) of \(seeds.count) cases failed (\(threshold)): seeds \(failures.prefix(40))")
    }
    // Both ways of showing a change were taken: reloads and batches.
    #expect(shownBy.reloads > 0 && shownBy.batches > 0, "\(shownBy)")
  }
}
