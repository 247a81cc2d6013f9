import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlow

/// Behind a ``FilteredFeed``, each feed under the filter's source hears of its own rows' selection, deletions
/// and rows the query hides included: the leaves (the source alone, or the children of a composite source), each keeping the selection its
/// delegate is told of, against the engine's selection restricted to its rows, over random toggles, selections of
/// every row and of none, changes of the leaves (rows and sections deleted, inserted and moved) and queries; with
/// the filter shown alone, over a composite, or as a child of a composite beside another list. Each change a leaf
/// is told of names its own rows only, at their positions there.
@MainActor
@Suite("A feed behind a filter hears of its own rows' selection")
struct FilteredSelectionOwnerPropertyTests {
  /// How the filter is set up.
  enum Shape: CaseIterable {
    /// A filter over one list.
    case alone
    /// A filter over a composite of lists.
    case overComposite
    /// A filter over one list, in a composite beside another list (which the filter does not show).
    case inComposite
  }

  @Test("each leaf's view of its selection follows the engine's")
  func leavesFollowTheSelection() async throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 60, deep: 400) {
      var random = SeededRandom(seed: seed)
      let shape = Shape.allCases[random.below(Shape.allCases.count)]
      let leafCount = shape == .overComposite ? 1 + random.below(3) : 1
      var nextRow = 0
      /// A random change of a leaf's sections: rows deleted, inserted and moved, sections added and removed; row
      /// names are unique and start with the leaf's name.
      func randomSections(_ leaf: Int, from old: [[String]]) -> [[String]] {
        var sections = old
        if sections.isEmpty || random.oneIn(4) { sections.insert([], at: random.below(sections.count + 1)) }
        if sections.count > 1, random.oneIn(4) { sections.remove(at: random.below(sections.count)) }
        if sections.count > 1, random.oneIn(4) { sections.swapAt(0, sections.count - 1) }
        for index in sections.indices {
          for _ in 0..<random.below(3) where !sections[index].isEmpty {
            sections[index].remove(at: random.below(sections[index].count))
          }
          for _ in 0..<random.below(4) {
            nextRow += 1
            let name = ["ant", "bee", "cat", "dog"][random.below(4)]
            sections[index].insert("c\(leaf) \(name) \(nextRow)", at: random.below(sections[index].count + 1))
          }
          if sections[index].count > 1, random.oneIn(3) { sections[index].swapAt(0, sections[index].count - 1) }
        }
        return sections
      }
      /// Section identities are made unique per leaf from a counter, so that a section removed and another added
      /// are different sections.
      var sectionIDs: [[Int]] = Array(repeating: [], count: leafCount)
      var nextSection = 0
      func snapshots(_ leaf: Int, _ rows: [[String]]) -> [ListSection<CellBinder>] {
        while sectionIDs[leaf].count < rows.count {
          nextSection += 1
          sectionIDs[leaf].append(nextSection)
        }
        return rows.enumerated().map { index, rows in
          ListSection(
            id: "c\(leaf)s\(sectionIDs[leaf][index])", items: rows.map { MessageCell.makeBinder(value: $0, id: $0) })
        }
      }
      var models: [[[String]]] = []
      var leaves: [ListController<[ListSection<CellBinder>]>] = []
      /// What each leaf was told is selected, by its delegate.
      var believed = [Set<ListIdentifier>](repeating: [], count: leafCount)
      /// Changes a leaf was told of that name rows not its own, or positions that do not hold them.
      var misrouted: [String] = []
      for leaf in 0..<leafCount {
        let controller = ListController<[ListSection<CellBinder>]>()
        controller.delegate.didChangeSelection = { [unowned controller] change in
          believed[leaf].subtract(change.removed)
          believed[leaf].formUnion(change.added)
          misrouted += misroutings(
            of: change, toldTo: "leaf \(leaf)", showing: controller.displayedSections, owning: "c\(leaf) ")
        }
        leaves.append(controller)
        models.append(randomSections(leaf, from: []))
        await controller.apply(snapshots(leaf, models[leaf]))
      }
      let filtered: FilteredFeed
      let shown: any ListFeed<ListSectionSnapshot>
      let other = SectionsFeed<ListSectionSnapshot>(sections: [
        ListSection(id: "other", items: ["x1", "x2"].map { MessageCell.makeBinder(value: $0, id: $0) }).snapshot
      ])
      switch shape {
      case .alone:
        filtered = try FilteredFeed(leaves[0])
        shown = filtered
      case .overComposite:
        let composite = ComposedFeed<ListSectionSnapshot>()
        for leaf in leaves { try composite.append(leaf) }
        filtered = try FilteredFeed(composite)
        shown = filtered
      case .inComposite:
        filtered = try FilteredFeed(leaves[0])
        let composite = ComposedFeed<ListSectionSnapshot>()
        try composite.append(other)
        try composite.append(filtered)
        shown = composite
      }
      let view = RecordingListView()
      let engine = try ListEngine(
        view: view, showing: shown, reloadThreshold: random.oneIn(2) ? nil : random.below(4))
      engine.selectionMode = .multiple
      var log: [String] = []
      steps: for step in 0..<16 {
        switch random.below(6) {
        case 0, 1:
          let rows = engine.snapshot.indices.flatMap { section in
            engine.snapshot[section].elements.indices.map { ItemPath(item: $0, section: section) }
          }
          for _ in 0..<random.below(4) where !rows.isEmpty {
            try engine.toggleSelection(ofRowAt: rows[random.below(rows.count)])
          }
          log.append("toggled")
        case 2:
          let leaf = random.below(leafCount)
          models[leaf] = randomSections(leaf, from: models[leaf])
          await leaves[leaf].apply(snapshots(leaf, models[leaf]))
          log.append("leaf \(leaf) changed")
        case 3:
          filtered.query = ["", "", "a", "b", "e", "ca", "zz"][random.below(7)]
          log.append("query '\(filtered.query)'")
        case 4:
          engine.selectAll()
          log.append("all")
        default:
          engine.clearSelection()
          log.append("none")
        }
        let context = "seed \(seed) \(shape) step \(step): \(log)"
        for leaf in 0..<leafCount {
          let own = Set(engine.selection.identifiers.filter { $0.description.hasPrefix("c\(leaf) ") })
          if believed[leaf] != own {
            failures.append(
              "\(context): leaf \(leaf) believes \(believed[leaf].map(\.description).sorted()),"
                + " the engine \(own.map(\.description).sorted())")
            break steps
          }
        }
        if !misrouted.isEmpty {
          failures.append("\(context): \(misrouted.prefix(2))")
          break steps
        }
        // The list shown is the filter's rows: each leaf's rows that match the query, in order.
        let expected =
          (shape == .inComposite ? ["x1", "x2"] : [])
          + models.joined().joined().filter {
            filtered.query.isEmpty || FilteredFeed.Match(query: filtered.query, in: $0) != nil
          }
        let rows = view.sections.flatMap { $0.rows.map(\.textRepresentation) }
        if rows != expected || !view.inconsistencies.isEmpty {
          failures.append("\(context): shows \(rows), expected \(expected); \(view.inconsistencies.prefix(2))")
          break steps
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }
}
