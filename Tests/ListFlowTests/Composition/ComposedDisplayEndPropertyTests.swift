import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// The ends of display of a composite's rows, shown alone or under a filter, while the children's sections move
/// (a child's sections inserted or deleted shift those of the children after it; a child moved, hidden or shown),
/// the engine applying the changes as batches or reloading the view: every row's end reaches the child that owned it when it was displayed, at the position it had there
/// (``SyncDelegate/didEndDisplayingCell``: "where it was"), once, and only after it began; the rows displayed are
/// the view's. No row's content changes but the matched characters a query marks.
@MainActor
@Suite("A composite's ends of display, its sections moving")
struct ComposedDisplayEndPropertyTests {
  typealias Named = FilteredFeedTests.Named

  enum Step { case editRows, insertSection, deleteSection, moveChild, hideChild, query, reloadThreshold }

  static let steps = WeightedChoice<Step>([
    ("delete or insert rows of a child", weight: 4, .editRows),
    ("insert a section into a child", weight: 2, .insertSection),
    ("delete a section of a child", weight: 2, .deleteSection),
    ("move a child", weight: 2, .moveChild),
    ("hide or show a child", weight: 1, .hideChild),
    ("type, erase or set the query", weight: 2, .query),
    ("reload every change from now on, or not", weight: 1, .reloadThreshold),
  ])

  /// The cells the view displays, each with the identity of its row; and the ends the engine and each child
  /// heard during a step.
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
  }

  static func identity(at path: ItemPath, in sections: [ListSectionSnapshot]) -> ListIdentifier? {
    guard sections.indices.contains(path.section), sections[path.section].elements.indices.contains(path.item) else {
      return nil
    }
    return sections[path.section].elements[path.item].id
  }

  @Test("every row's end of display reaches the child that owned it, where it was")
  func endsReachTheirChild() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 80, deep: 500) {
      if let failure = try Self.run(seed: seed) { failures.append(failure) }
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }

  static func run(seed: UInt64) throws -> String? {
    var random = SeededRandom(seed: seed)
    var nextID = 0
    func named() -> Named {
      nextID += 1
      return Named(id: nextID, title: FilteredFeedTests.word(&random, maxLength: 3))
    }
    var nextSection = 0
    func section() -> (id: Int, rows: [Named]) {
      nextSection += 1
      return (nextSection, (0..<random.below(5)).map { _ in named() })
    }
    // Each child's sections, by child (not by its place in the composite).
    var model = (0..<2 + random.below(2)).map { _ in (0..<random.below(3)).map { _ in section() } }
    func snapshot(_ sections: [(id: Int, rows: [Named])]) -> [ListSectionSnapshot] {
      sections.map { ListSection(id: $0.id, items: $0.rows.map(FilteredFeedTests.binder)).snapshot }
    }
    let children = model.map { SectionsFeed(sections: snapshot($0)) }
    let composite = ComposedFeed<ListSectionSnapshot>()
    for child in children { try composite.append(child) }
    let filter: FilteredFeed? = random.oneIn(3) ? nil : try FilteredFeed(composite)
    func letter() -> String { ["a", "b", "c", "X", "y"][random.below(5)] }
    if let filter, random.oneIn(2) { filter.query = letter() }
    let displays = Displays()
    // The children's rows before the step.
    var before: [[ListSectionSnapshot]] = children.map(\.displayedSections)
    for (index, child) in children.enumerated() {
      child.delegate.didEndDisplayingCell = { cell, path in
        let id = ObjectIdentifier(cell)
        displays.childEnds.append((index, id, displays.live[id]))
        guard let row = displays.live[id] else { return }
        let there = identity(at: path, in: before[index])
        if there != row {
          displays.failures.append("child \(index) heard \(row) end at \(path), where it had \(there as Any)")
        }
      }
    }
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: filter ?? composite)
    engine.delegate.willDisplayCell = { [unowned engine] cell, path in
      let id = ObjectIdentifier(cell)
      // A cell given back with no end (replaced by a new cell for its row) and taken again.
      if let row = displays.live[id] { displays.replaced.append(row) }
      displays.live[id] = engine.identity(ofRowAt: path)
      displays.cells.append(cell)
    }
    var listBefore = engine.snapshot
    engine.delegate.didEndDisplayingCell = { [unowned engine] cell, path in
      let id = ObjectIdentifier(cell)
      // (A cell made again for a row whose content changed took its place with no display: see below.)
      guard let row = displays.live.removeValue(forKey: id) else {
        displays.endedUnseen.formUnion(
          [identity(at: path, in: listBefore), engine.identity(ofRowAt: path)].compactMap { $0 })
        return
      }
      displays.engineEnds.append((id, row))
    }
    // The cells displayed before the hooks were set end here.
    view.reloadData()
    displays.failures = []
    var log: [String] = []
    for _ in 0..<14 {
      before = children.map(\.displayedSections)
      listBefore = engine.snapshot
      displays.engineEnds = []
      displays.childEnds = []
      let step = Self.steps.pick(using: &random)
      log.append(step.name)
      let child = random.below(children.count)
      switch step.value {
      case .editRows:
        guard !model[child].isEmpty else { continue }
        let index = random.below(model[child].count)
        for _ in 0..<1 + random.below(3) {
          var rows = model[child][index].rows
          if !rows.isEmpty, random.oneIn(2) {
            rows.remove(at: random.below(rows.count))
          } else {
            rows.insert(named(), at: random.below(rows.count + 1))
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
        filter.query = random.oneIn(4) ? "" : letter()
        log[log.count - 1] += " '\(filter.query)'"
      case .reloadThreshold:
        engine.reloadThreshold = engine.reloadThreshold == nil ? 0 : nil
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
      // The cells displayed are the view's, each showing its row.
      var shown: [ObjectIdentifier: ListIdentifier] = [:]
      for (index, section) in view.sections.enumerated() {
        for (item, cell) in section.rows.enumerated() {
          shown[ObjectIdentifier(cell)] = engine.identity(ofRowAt: ItemPath(item: item, section: index))
        }
      }
      // A row whose content changed (the matched characters of a new query) got a new cell with no display
      // events (`ListDataSource.reconfiguredCell(replacing:at:for:)`): the rows are compared, then the cells
      // followed.
      let (displayed, held) = (
        (displays.live.values + displays.replaced).filter {
          !displays.endedUnseen.contains($0) || Set(shown.values).contains($0)
        }.map { "\($0)" }.sorted(), shown.values.map { "\($0)" }.sorted()
      )
      if displayed != held { displays.failures.append("displayed \(displayed), the view shows \(held)") }
      displays.live = shown
      displays.replaced = []
      displays.endedUnseen = []
      if !displays.failures.isEmpty {
        return "seed \(seed) \(filter.map { "'\($0.query)' " } ?? "")\(log): \(displays.failures.prefix(2))"
      }
    }
    withExtendedLifetime((engine, displays.cells)) {}
    return nil
  }
}
