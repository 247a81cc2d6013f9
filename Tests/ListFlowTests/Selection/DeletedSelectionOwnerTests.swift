import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A feed's delegate hears of every change of its own rows' selection, deletions included: children of a
/// composite, each keeping the selection it is told of, against the engine's selection, over random selections,
/// changes of the children (rows and sections deleted, inserted and moved, applied in batches or by a reload) and
/// children added and removed.
@MainActor
@Suite("A feed hears that its selected row was deleted")
struct DeletedSelectionOwnerTests {
  @Test("each child's view of its selection follows the engine's")
  func childrenFollowTheSelection() async throws {
    for seed in DeepPass.seeds(quick: 40, deep: 300) {
      var random = SeededRandom(seed: seed)
      let childCount = 1 + Int(random.next() % 3)
      var nextRow = 0
      /// A random list of sections for a child: ids prefixed by the child.
      func randomSections(_ child: Int, from old: [[String]]) -> [[String]] {
        var sections = old
        if sections.isEmpty || random.next() % 5 == 0 { sections.append([]) }
        if sections.count > 1, random.next() % 5 == 0 {
          sections.remove(at: Int(random.next() % UInt64(sections.count)))
        }
        for index in sections.indices {
          for _ in 0..<Int(random.next() % 3) where !sections[index].isEmpty {
            sections[index].remove(at: Int(random.next() % UInt64(sections[index].count)))
          }
          for _ in 0..<Int(random.next() % 3) {
            nextRow += 1
            sections[index].insert("c\(child) r\(nextRow)", at: Int(random.next() % UInt64(sections[index].count + 1)))
          }
          if sections[index].count > 1, random.next() % 3 == 0 { sections[index].swapAt(0, sections[index].count - 1) }
        }
        return sections
      }
      func snapshots(_ child: Int, _ rows: [[String]]) -> [ListSection<CellBinder>] {
        rows.enumerated().map { index, rows in
          ListSection(id: "c\(child)s\(index)", items: rows.map { MessageCell.makeBinder(value: $0, id: $0) })
        }
      }
      let composite = ComposedFeed<ListSectionSnapshot>()
      let view = RecordingListView()
      let engine = try ListEngine(
        view: view, showing: composite, reloadThreshold: random.next() % 2 == 0 ? nil : Int(random.next() % 4))
      engine.selectionMode = .multiple
      var models: [[[String]]] = []
      var children: [ListController<[ListSection<CellBinder>]>] = []
      /// What each child was told is selected, by its delegate.
      var believed = [Set<ListIdentifier>](repeating: [], count: childCount)
      for child in 0..<childCount {
        let controller = ListController<[ListSection<CellBinder>]>()
        controller.delegate.didChangeSelection = { change in
          believed[child].subtract(change.removed)
          believed[child].formUnion(change.added)
        }
        children.append(controller)
        models.append(randomSections(child, from: []))
        try composite.append(controller)
        await controller.apply(snapshots(child, models[child]))
      }
      var log: [String] = []
      for step in 0..<14 {
        switch random.next() % 4 {
        case 0, 1:
          let rows = engine.snapshot.indices.flatMap { section in
            engine.snapshot[section].elements.indices.map { ItemPath(item: $0, section: section) }
          }
          for _ in 0..<Int(random.next() % 4) where !rows.isEmpty {
            try engine.toggleSelection(ofRowAt: rows[Int(random.next() % UInt64(rows.count))])
          }
          log.append("toggled")
        case 2:
          let child = Int(random.next() % UInt64(childCount))
          models[child] = randomSections(child, from: models[child])
          await children[child].apply(snapshots(child, models[child]))
          log.append("child \(child) changed")
        default:
          if random.next() % 2 == 0 { engine.selectAll() } else { engine.clearSelection() }
          log.append("all or none")
        }
        let context = "seed \(seed) step \(step): \(log)"
        for child in 0..<childCount {
          let own = Set(engine.selection.identifiers.filter { $0.description.contains("c\(child) ") })
          #expect(believed[child] == own, "child \(child): \(context)")
        }
        #expect(view.inconsistencies.isEmpty, "\(context)")
      }
    }
  }
}
