import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Rows dragged through a filter over a composite of two controllers, with and without a query, against a model of
/// each controller's rows: with no query a move inside one controller is taken as it is unfiltered, reaching that
/// controller's delegate in its own positions; with a query, or across controllers, it is refused and put back.
@MainActor
@Suite("A filter moves rows while no query is set")
struct FilteredMovePropertyTests {
  @Test("with no query a move inside a child is the child's; with a query, or across children, it is refused")
  func moves() async throws {
    for seed in DeepPass.seeds(from: 0, quick: 40, deep: 400) {
      var random = SeededRandom(seed: seed)
      // Two children of one or two sections each, rows named by child, section and number.
      var model: [[[String]]] = (0..<2).map { child in
        (0..<1 + Int(random.next() % 2)).map { section in
          (0..<Int(random.next() % 5)).map { "\(["apple", "berry", "cherry"][$0 % 3]) \(child).\(section).\($0)" }
        }
      }
      let children = model.map { _ in ListController<[ListSection<CellBinder>]>() }
      var movesSeen: [[Move<ItemPath>]] = [[], []]
      for (index, child) in children.enumerated() {
        child.delegate.canMoveRow = { _, _ in true }
        child.delegate.didMoveRow = { move, _ in movesSeen[index].append(move) }
      }
      func sections(_ child: Int) -> [ListSection<CellBinder>] {
        model[child].enumerated().map { section, rows in
          ListSection(
            id: "c\(child)s\(section)", items: rows.map { SectionHeaderCell.makeBinder(value: $0, id: $0) })
        }
      }
      let composite = ComposedFeed<ListSectionSnapshot>()
      for child in children { try composite.append(child) }
      let filter = try FilteredFeed(composite)
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: filter)
      for (index, child) in children.enumerated() { await child.apply(sections(index)) }
      var log: [String] = []
      for step in 0..<8 {
        filter.query = random.next() % 2 == 0 ? "" : ["a", "rr", "1"][Int(random.next() % 3)]
        let shown = engine.snapshot
        let rows = shown.indices.flatMap { section in
          shown[section].elements.indices.map { ItemPath(item: $0, section: section) }
        }
        guard !rows.isEmpty else { continue }
        let source = rows[Int(random.next() % UInt64(rows.count))]
        let targetSection = Int(random.next() % UInt64(shown.count))
        let targetCount = shown[targetSection].elements.count - (targetSection == source.section ? 1 : 0)
        let move = Move(
          source: source, target: ItemPath(item: Int(random.next() % UInt64(targetCount + 1)), section: targetSection))
        log.append("query '\(filter.query)', move \(move)")
        let context = "seed \(seed), step \(step): \(log)"
        // Sections of the composite: the first child's, then the second's.
        let firstCount = model[0].count
        let owner = { (section: Int) in section < firstCount ? (0, section) : (1, section - firstCount) }
        let (child, local) = owner(source.section)
        let (targetChild, targetLocal) = owner(targetSection)
        let seen = movesSeen[child].count
        do {
          try view.moveRow(move)
          #expect(filter.query.isEmpty && child == targetChild, "moved: \(context)")
          let row = model[child][local].remove(at: source.item)
          model[child][targetLocal].insert(row, at: move.target.item)
          let localMove = Move(
            source: ItemPath(item: source.item, section: local),
            target: ItemPath(item: move.target.item, section: targetLocal))
          #expect(movesSeen[child].count == seen + 1 && movesSeen[child].last == localMove, "\(context)")
        } catch {
          #expect(error == .rowNotMovable(source), "\(context)")
          #expect(!(filter.query.isEmpty && child == targetChild), "refused: \(context)")
          #expect(movesSeen[child].count == seen, "\(context)")
        }
        for (index, child) in children.enumerated() {
          #expect(
            ListRendering.lines(of: child.displayedSections)
              == ListRendering.lines(of: sections(index).map(\.snapshot)), "child \(index): \(context)")
        }
        #expect(view.renderedLines == ListRendering.lines(of: engine.snapshot), "\(context)")
        #expect(
          ListRendering.lines(of: engine.snapshot) == ListRendering.lines(of: filter.displayedSections), "\(context)")
        #expect(view.inconsistencies.isEmpty, "\(context)")
      }
    }
  }

  @Test("a row chosen through a filter is deselected automatically when its source says so, at its source position")
  func deselectsAsTheSourceDoes() throws {
    for seed in DeepPass.seeds(quick: 80, deep: 400) {
      var random = SeededRandom(seed: seed)
      let names = (0..<Int(2 + random.next() % 8)).map { "\(["ab", "ba", "cd"][Int(random.next() % 3)])\($0)" }
      let source = SectionsFeed<ListSectionSnapshot>(sections: [
        ListSection(id: "s", items: names.map { SectionHeaderCell.makeBinder(value: $0, id: $0) }).snapshot
      ])
      let deselects = random.next() % 2 == 0
      var told: [String] = []
      source.delegate.deselectsAutomatically = deselects
      source.delegate.didDeselectRow = { path, binder in told.append("\(path.item) \(binder.id)") }
      let filtered = try FilteredFeed(source)
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: filtered)
      engine.selectionMode = .single
      filtered.query = ["", "a", "b", "c"][Int(random.next() % 4)]
      let shown = filtered.displayedSections.flatMap { $0.elements.map(\.id) }
      guard let chosen = shown.indices.randomElement(using: &random) else { continue }
      try view.selectRow(at: ItemPath(item: chosen, section: 0))
      let id = shown[chosen]
      let context = "seed \(seed) query '\(filtered.query)' chose \(id), deselects \(deselects)"
      let sourceIndex = names.firstIndex { ListIdentifier($0) == id } ?? -1
      #expect(told == (deselects ? ["\(sourceIndex) \(id)"] : []), "\(context)")
      #expect(view.deselectedRows == (deselects ? [ItemPath(item: chosen, section: 0)] : []), "\(context)")
      #expect(engine.selection.identifiers == (deselects ? [] : [id]), "\(context)")
    }
  }
}
