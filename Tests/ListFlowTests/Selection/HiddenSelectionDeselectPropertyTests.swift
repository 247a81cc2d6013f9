import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlow

/// A selected row that a ``FilteredFeed``'s query hides stays selected; when it leaves the selection (its source
/// deletes it, or a call deselects it), the feed that owns it under the filter is told, once, as for a row shown:
/// its identity in ``ListSelection/Change/removed``, with no position.
///
/// Generated: a filter over one list or over a composite of two lists; random toggles of the rows shown,
/// selections of every row shown, deselections by identity and of every row, queries that hide selected rows
/// (and are cleared at random), and changes of the lists that delete, insert, update and move rows, hidden or
/// shown. The oracle is a model of the selection: each list must have been told of exactly the deselections of
/// its own rows that the model makes, once each, and the engine's selection must be the model's.
@MainActor
@Suite("A hidden selected row that leaves the selection is told to its feed")
struct HiddenSelectionDeselectPropertyTests {
  @Test("each feed hears of every deselection of its rows, hidden or shown, once")
  func everyDeselectionIsTold() async throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 30, deep: 600) {
      var random = SeededRandom(seed: seed)
      let leafCount = random.oneIn(2) ? 1 : 2
      let words = ["ant", "bee", "cat", "dog"]
      var nextRow = 0
      /// Each list's rows, by section: an identity (`c<leaf> r<n>`, never used again) and its text.
      var models = [[[(id: String, text: String)]]](repeating: [], count: leafCount)
      /// The model's selection.
      var selected: Set<String> = []
      /// The deselections each list should have heard of, and those it heard of.
      var expected = [[String]](repeating: [], count: leafCount)
      var told = [[String]](repeating: [], count: leafCount)
      var misrouted: [String] = []
      func newRow(_ leaf: Int) -> (id: String, text: String) {
        nextRow += 1
        return ("c\(leaf) r\(nextRow)", "c\(leaf) r\(nextRow) \(words[random.below(words.count)])")
      }
      /// Deletes, inserts, updates (same identity, new text) and moves rows; the model's deselections of the
      /// rows deleted are expected.
      func change(_ leaf: Int) {
        for section in models[leaf].indices {
          for _ in 0..<random.below(4) where !models[leaf][section].isEmpty {
            let row = models[leaf][section].remove(at: random.below(models[leaf][section].count))
            if selected.remove(row.id) != nil { expected[leaf].append(row.id) }
          }
          for _ in 0..<random.below(4) {
            models[leaf][section].insert(newRow(leaf), at: random.below(models[leaf][section].count + 1))
          }
          for _ in 0..<random.below(3) where !models[leaf][section].isEmpty {
            let index = random.below(models[leaf][section].count)
            let id = models[leaf][section][index].id
            models[leaf][section][index].text = "\(id) \(words[random.below(words.count)])"
          }
          if models[leaf][section].count > 1, random.oneIn(3) {
            models[leaf][section].swapAt(0, models[leaf][section].count - 1)
          }
        }
      }
      func snapshots(_ leaf: Int) -> [ListSection<CellBinder>] {
        models[leaf].enumerated().map { index, rows in
          ListSection(id: "c\(leaf)s\(index)", items: rows.map { MessageCell.makeBinder(value: $0.text, id: $0.id) })
        }
      }
      var leaves: [ListController<[ListSection<CellBinder>]>] = []
      for leaf in 0..<leafCount {
        let controller = ListController<[ListSection<CellBinder>]>()
        controller.delegate.didChangeSelection = { [unowned controller] change in
          told[leaf] += change.removed.map(\.description)
          misrouted += misroutings(
            of: change, toldTo: "list \(leaf)", showing: controller.displayedSections, owning: "c\(leaf) ")
        }
        leaves.append(controller)
        models[leaf] = Array(repeating: [], count: 1 + random.below(2))
        for section in models[leaf].indices {
          models[leaf][section] = (0..<2 + random.below(4)).map { _ in newRow(leaf) }
        }
        await controller.apply(snapshots(leaf))
      }
      let filtered: FilteredFeed
      if leafCount == 1 {
        filtered = try FilteredFeed(leaves[0])
      } else {
        let composite = ComposedFeed<ListSectionSnapshot>()
        for leaf in leaves { try composite.append(leaf) }
        filtered = try FilteredFeed(composite)
      }
      let view = RecordingListView()
      let engine = try ListEngine(
        view: view, showing: filtered, reloadThreshold: random.oneIn(2) ? nil : random.below(4))
      engine.selectionMode = .multiple
      var log: [String] = []
      steps: for step in 0..<20 {
        let shownIDs = engine.snapshot.flatMap(\.elements.identities).map(\.description)
        switch random.below(10) {
        case 0, 1, 2:
          let rows = engine.snapshot.indices.flatMap { section in
            engine.snapshot[section].elements.indices.map { ItemPath(item: $0, section: section) }
          }
          for _ in 0..<1 + random.below(3) where !rows.isEmpty {
            let path = rows[random.below(rows.count)]
            let id = engine.snapshot[path.section].elements.identity(at: path.item).description
            try engine.toggleSelection(ofRowAt: path)
            if selected.remove(id) == nil {
              selected.insert(id)
            } else {
              expected[Int(id.dropFirst().prefix { $0 != " " })!].append(id)
            }
          }
          log.append("toggled")
        case 3:
          engine.selectAll()
          selected.formUnion(shownIDs)
          log.append("all")
        case 4, 5, 6:
          let leaf = random.below(leafCount)
          change(leaf)
          await leaves[leaf].apply(snapshots(leaf))
          log.append("list \(leaf) changed")
        case 7, 8:
          filtered.query = ["", "", "ant", "bee", "cat", "dog", "at", "zz"][random.below(8)]
          log.append("query '\(filtered.query)'")
        default:
          if random.oneIn(3) {
            engine.clearSelection()
            for id in selected { expected[Int(id.dropFirst().prefix { $0 != " " })!].append(id) }
            selected = []
            log.append("none")
          } else if let id = selected.sorted().randomElement(using: &random) {
            engine.deselect(ListIdentifier(id))
            selected.remove(id)
            expected[Int(id.dropFirst().prefix { $0 != " " })!].append(id)
            log.append("deselected \(id)")
          }
        }
        let context = "seed \(seed) lists \(leafCount) step \(step): \(log.suffix(6))"
        let engineSelection = Set(engine.selection.identifiers.map(\.description))
        if engineSelection != selected {
          failures.append("\(context): engine selects \(engineSelection.sorted()), model \(selected.sorted())")
          break steps
        }
        for leaf in 0..<leafCount where told[leaf].sorted() != expected[leaf].sorted() {
          failures.append(
            "\(context): list \(leaf) told of deselections \(told[leaf].sorted()), expected \(expected[leaf].sorted())")
          break steps
        }
        if !misrouted.isEmpty {
          failures.append("\(context): \(misrouted.prefix(2))")
          break steps
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(3))")
  }
}
