import ListFlow
import TestSupport
import Testing

@testable import ListFlowTerminal

/// The display events of the terminal host for a composite's rows, shown alone or under a filter, while the user
/// scrolls, the terminal is resized and the children change (their rows, their sections, their place, shown or
/// hidden): every row's end of display reaches the child that owned it, at the position it had there, once and
/// only after it began, and the rows displayed are the rows on screen.
@MainActor
@Suite("The terminal's ends of display, a composite's sections moving")
struct TerminalDisplayEndPropertyTests {
  enum Step { case editRows, insertSection, deleteSection, moveChild, hideChild, query, scroll, resize }

  static let steps = WeightedChoice<Step>([
    ("delete or insert rows of a child", weight: 4, .editRows),
    ("insert a section into a child", weight: 2, .insertSection),
    ("delete a section of a child", weight: 2, .deleteSection),
    ("move a child", weight: 2, .moveChild),
    ("hide or show a child", weight: 1, .hideChild),
    ("type, erase or set the query", weight: 2, .query),
    ("move the cursor", weight: 4, .scroll),
    ("resize the terminal", weight: 1, .resize),
  ])

  enum RowEdit { case delete, insert }

  /// One edit of a section's rows; deleting from an empty section inserts instead.
  static let rowEdits = WeightedChoice<RowEdit>([
    ("delete a row", weight: 1, .delete),
    ("insert a row", weight: 1, .insert),
  ])

  static let keys: [Key] = [.down, .up, .pageDown, .pageUp, .home, .end]

  /// The cells displayed, each with its row; the ends the engine and the children heard during a step.
  final class Displays {
    var live: [ObjectIdentifier: ListIdentifier] = [:]
    var cells: [any ListCell] = []
    var engineEnds: [(cell: ObjectIdentifier, row: ListIdentifier)] = []
    var childEnds: [(child: Int, cell: ObjectIdentifier, row: ListIdentifier?)] = []
    var failures: [String] = []
    /// The rows of cells replaced with no end and displayed again for another row during a step.
    var replaced: [ListIdentifier] = []
    /// The rows that could have ended with a cell never displayed (one that replaced another) during a step.
    var endedUnseen: Set<ListIdentifier> = []
    /// The headers displayed, each with its section's identity; the ends of headers the engine and the children
    /// heard during a step.
    var liveHeaders: [ObjectIdentifier: ListIdentifier] = [:]
    var engineHeaderEnds: [(cell: ObjectIdentifier, section: ListIdentifier)] = []
    var childHeaderEnds: [(child: Int, cell: ObjectIdentifier, section: ListIdentifier?)] = []
  }

  static func sectionIdentity(at index: Int, in sections: [ListSectionSnapshot]) -> ListIdentifier? {
    sections.indices.contains(index) ? sections[index].model.id : nil
  }

  static func identity(at path: ItemPath, in sections: [ListSectionSnapshot]) -> ListIdentifier? {
    guard sections.indices.contains(path.section), sections[path.section].elements.indices.contains(path.item) else {
      return nil
    }
    return sections[path.section].elements[path.item].id
  }

  @Test("every row's end of display reaches its child, where the row was, and the rows displayed are on screen")
  func endsReachTheirChild() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 60, deep: 400) {
      if let failure = try Self.run(seed: seed) { failures.append(failure) }
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }

  static func run(seed: UInt64) throws -> String? {
    var random = SeededRandom(seed: seed)
    var nextID = 0
    let letters = ["a", "b", "c", "d"]
    func row() -> (id: Int, title: String) {
      nextID += 1
      return (nextID, (0..<1 + random.below(3)).map { _ in letters[random.below(letters.count)] }.joined())
    }
    var nextSection = 0
    func section() -> (id: Int, rows: [(id: Int, title: String)]) {
      nextSection += 1
      return (nextSection, (0..<random.below(7)).map { _ in row() })
    }
    var model = (0..<2 + random.below(2)).map { _ in (0..<1 + random.below(2)).map { _ in section() } }
    func snapshot(_ sections: [(id: Int, rows: [(id: Int, title: String)])]) -> [ListSectionSnapshot] {
      sections.map { section in
        // Every other section has a header, which ends as its rows do.
        ListSection(
          id: section.id,
          header: section.id % 2 == 0
            ? CellBinder(cell: TextCell.self, value: "§\(section.id)", id: ListIdentifier("§\(section.id)")) {
              $0.title = $1
            } : nil,
          items: section.rows.map { row in
            CellBinder(cell: TextCell.self, value: row.title, id: ListIdentifier(row.id)) { $0.title = $1 }
          }
        ).snapshot
      }
    }
    let children = model.map { SectionsFeed(sections: snapshot($0)) }
    let composite = ComposedFeed<ListSectionSnapshot>()
    for child in children { try composite.append(child) }
    let filter: FilteredFeed? = random.oneIn(3) ? nil : try FilteredFeed(composite)
    if let filter, random.oneIn(2) { filter.query = letters[random.below(letters.count)] }
    let displays = Displays()
    var before: [[ListSectionSnapshot]] = children.map(\.displayedSections)
    for (index, child) in children.enumerated() {
      child.delegate.didEndDisplayingCell = { cell, path in
        let id = ObjectIdentifier(cell)
        displays.childEnds.append((index, id, displays.live[id]))
        guard let row = displays.live[id] else { return }
        // Where it was: before the change that removed it, or where a scroll left it.
        let was = identity(at: path, in: before[index])
        let now = identity(at: path, in: children[index].displayedSections)
        if was != row, now != row {
          displays.failures.append("child \(index) heard \(row) end at \(path), where it had \(was as Any)")
        }
      }
      child.delegate.didEndDisplayingHeader = { cell, section in
        let id = ObjectIdentifier(cell)
        displays.childHeaderEnds.append((index, id, displays.liveHeaders[id]))
        guard let header = displays.liveHeaders[id] else { return }
        if sectionIdentity(at: section, in: before[index]) != header,
          sectionIdentity(at: section, in: children[index].displayedSections) != header
        {
          displays.failures.append("child \(index) heard the header of \(header) end at section \(section)")
        }
      }
    }
    var size = TerminalSize(columns: 20, rows: 4 + random.below(8))
    let view = TerminalListView(output: CapturingOutput(), mode: .screen(size))
    let engine = try ListEngine(view: view, showing: filter ?? composite)
    var listBefore = engine.snapshot
    engine.delegate.willDisplayCell = { [unowned engine] cell, path in
      let id = ObjectIdentifier(cell)
      // A cell given back with no end (replaced by a new cell for its row) and taken again.
      if let row = displays.live[id] { displays.replaced.append(row) }
      displays.live[id] = engine.identity(ofRowAt: path)
      displays.cells.append(cell)
    }
    engine.delegate.didEndDisplayingCell = { [unowned engine] cell, path in
      // (A cell made again for a row whose content changed took its place with no display: see below.)
      guard let row = displays.live.removeValue(forKey: ObjectIdentifier(cell)) else {
        displays.endedUnseen.formUnion(
          [identity(at: path, in: listBefore), engine.identity(ofRowAt: path)].compactMap { $0 })
        return
      }
      if identity(at: path, in: listBefore) != row, engine.identity(ofRowAt: path) != row {
        displays.failures.append("\(row) ended at \(path)")
      }
      displays.engineEnds.append((ObjectIdentifier(cell), row))
    }
    engine.delegate.willDisplayHeader = { [unowned engine] cell, section in
      displays.liveHeaders[ObjectIdentifier(cell)] = engine.identity(ofSection: section)
      displays.cells.append(cell)
    }
    engine.delegate.didEndDisplayingHeader = { [unowned engine] cell, section in
      guard let header = displays.liveHeaders.removeValue(forKey: ObjectIdentifier(cell)) else {
        displays.failures.append("a header never displayed ended at section \(section)")
        return
      }
      if sectionIdentity(at: section, in: listBefore) != header, engine.identity(ofSection: section) != header {
        displays.failures.append("the header of \(header) ended at section \(section)")
      }
      displays.engineHeaderEnds.append((ObjectIdentifier(cell), header))
    }
    // The cells displayed before the hooks were set end here.
    view.reloadData()
    displays.failures = []
    view.render()
    var log: [String] = []
    for _ in 0..<16 {
      before = children.map(\.displayedSections)
      listBefore = engine.snapshot
      displays.engineEnds = []
      displays.childEnds = []
      displays.engineHeaderEnds = []
      displays.childHeaderEnds = []
      let step = Self.steps.pick(using: &random)
      log.append(step.name)
      let child = random.below(children.count)
      switch step.value {
      case .editRows:
        guard !model[child].isEmpty else { continue }
        let index = random.below(model[child].count)
        for _ in 0..<1 + random.below(3) {
          var rows = model[child][index].rows
          switch Self.rowEdits.pick(using: &random).value {
          case .delete where !rows.isEmpty:
            rows.remove(at: random.below(rows.count))
          case .delete, .insert:
            rows.insert(row(), at: random.below(rows.count + 1))
          }
          model[child][index].rows = rows
        }
        children[child].update(to: snapshot(model[child]))
      case .insertSection:
        model[child].insert(section(), at: random.below(model[child].count + 1))
        children[child].update(to: snapshot(model[child]))
      case .deleteSection:
        guard !model[child].isEmpty else { continue }
        model[child].remove(at: random.below(model[child].count))
        children[child].update(to: snapshot(model[child]))
      case .moveChild:
        let (from, to) = (random.below(children.count), random.below(children.count))
        try composite.moveChild(from: from, to: to)
        log[log.count - 1] += " \(from)→\(to)"
      case .hideChild:
        children[child].isHidden.toggle()
      case .query:
        guard let filter else { continue }
        filter.query = random.oneIn(4) ? "" : letters[random.below(letters.count)]
        log[log.count - 1] += " '\(filter.query)'"
      case .scroll:
        let key = keys[random.below(keys.count)]
        if let command = view.handle(key) { _ = view.perform(command) }
        log[log.count - 1] += " \(key)"
      case .resize:
        size = TerminalSize(columns: 20, rows: 3 + random.below(10))
        view.resize(to: size)
        log[log.count - 1] += " \(size.rows)"
      }
      // Every end the engine heard reached the child that owned the row, once.
      // (A cell may end, show another row and end again in a step: each end is the cell's with its row.)
      var heard: [String: [Int]] = [:]
      for end in displays.childEnds { heard["\(end.cell) \(end.row as Any)", default: []].append(end.child) }
      for (cell, row) in displays.engineEnds {
        let owners = children.indices.filter { index in
          before[index].contains { $0.elements.contains { $0.id == row } }
            || children[index].displayedSections.contains { $0.elements.contains { $0.id == row } }
        }
        let key = "\(cell) \(Optional(row) as Any)"
        let told = heard[key].map { [$0[0]] } ?? []
        if heard[key]?.count ?? 0 > 1 { heard[key]?.removeFirst() } else { heard[key] = nil }
        if told != owners { displays.failures.append("\(row) of child \(owners) ended in child \(told)") }
      }
      // So did every header's end, and the headers displayed are the view's.
      var heardHeaders: [String: [Int]] = [:]
      for end in displays.childHeaderEnds {
        heardHeaders["\(end.cell) \(end.section as Any)", default: []].append(end.child)
      }
      for (cell, header) in displays.engineHeaderEnds {
        let owners = children.indices.filter { index in
          before[index].contains { $0.model.id == header }
            || children[index].displayedSections.contains { $0.model.id == header }
        }
        let key = "\(cell) \(Optional(header) as Any)"
        let told = heardHeaders[key].map { [$0[0]] } ?? []
        if heardHeaders[key]?.count ?? 0 > 1 { heardHeaders[key]?.removeFirst() } else { heardHeaders[key] = nil }
        if told != owners {
          displays.failures.append("the header of \(header) of child \(owners) ended in child \(told)")
        }
      }
      var shownHeaders: [ObjectIdentifier: ListIdentifier] = [:]
      for case (.header(let section), let cell) in view.heldCells {
        shownHeaders[ObjectIdentifier(cell)] = engine.identity(ofSection: section)
      }
      if shownHeaders != displays.liveHeaders {
        displays.failures.append(
          "headers displayed \(displays.liveHeaders.values.sorted { "\($0)" < "\($1)" }), "
            + "the view holds \(shownHeaders.values.sorted { "\($0)" < "\($1)" })")
      }
      displays.liveHeaders = shownHeaders
      // The cells displayed are the view's, each showing its row, and the rows displayed are the rows on screen.
      var shown: [ObjectIdentifier: ListIdentifier] = [:]
      for case (.row(let path), let cell) in view.heldCells {
        shown[ObjectIdentifier(cell)] = engine.identity(ofRowAt: path)
      }
      // A row whose content changed (the matched characters of a new query) got a new cell with no display
      // events (`ListDataSource.reconfiguredCell(replacing:at:for:)`): the rows are compared, then the cells
      // followed.
      let (rows, held) = (
        (displays.live.values + displays.replaced).filter {
          !displays.endedUnseen.contains($0) || Set(shown.values).contains($0)
        }.map { "\($0)" }.sorted(), shown.values.map { "\($0)" }.sorted()
      )
      if rows != held { displays.failures.append("displayed \(rows), the view holds \(held)") }
      displays.live = shown
      displays.replaced = []
      displays.endedUnseen = []
      let onScreen = Set(view.visibleRows.compactMap { engine.identity(ofRowAt: $0) })
      let displayed = Set(displays.live.values)
      if displayed != onScreen {
        displays.failures.append(
          "displayed \(displayed.count) rows, \(displayed.subtracting(onScreen)) not on screen, "
            + "\(onScreen.subtracting(displayed)) on screen not displayed")
      }
      if !displays.failures.isEmpty {
        return "seed \(seed) \(filter.map { "'\($0.query)' " } ?? "")\(log): \(displays.failures.prefix(2))"
      }
    }
    withExtendedLifetime((engine, displays.cells)) {}
    return nil
  }
}
