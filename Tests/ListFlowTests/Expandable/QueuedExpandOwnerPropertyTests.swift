import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases (60 seeds in the quick pass, 400 in the deep pass): two trees of the same files in one
/// composite (a "Recent" outline above the full one, say), so that every identity is shown by both. While a change
/// is applied (from `didApply`), an expansion is asked for a random row of either tree, then either tree may change;
/// the oracle is the test's own record of which tree's row was asked about: that tree's node is expanded or
/// collapsed as asked, and the other tree's expansion is left as it was.
@MainActor
@Suite("Queued expansions reach the tree of the row the caller saw")
struct QueuedExpandOwnerPropertyTests {
  typealias File = TreeFilterPropertyTests.File

  @Test("an expansion asked for in didApply acts on the row's own tree, never on another tree's row of its identity")
  func queuedExpansionReachesItsTree() throws {
    var failures: [String] = []
    var failingSeeds: Set<UInt64> = []
    for seed in DeepPass.seeds(quick: 60, deep: 400) {
      var random = SeededRandom(seed: seed)
      var roots = TreeFilterPropertyTests.forest(&random)
      let expanded = Set((1...16).filter { _ in random.oneIn(2) })
      let trees = ["recent", "all"].map { name in
        OutlineFeed(id: name, outline: Outline(roots, expanded: expanded), cell: TreeFilterPropertyTests.binder)
      }
      let composite = ComposedFeed<ListSectionSnapshot>()
      for tree in trees { try composite.append(tree) }
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: composite)
      var nextID = 100
      var log: [String] = []
      var asked: (tree: Int, id: Int, expand: Bool, otherExpanded: Bool)?
      var isArmed = false
      engine.delegate.didApply = { _ in
        guard isArmed else { return }
        isArmed = false
        let rows = engine.snapshot.enumerated().flatMap { section, content in
          content.elements.indices.map { ItemPath(item: $0, section: section) }
        }
        guard !rows.isEmpty else { return }
        let path = rows[random.below(rows.count)]
        guard let (child, local) = composite.childPath(for: path) else { return }
        let row = trees[child].rows[local.item]
        guard row.isExpandable else { return }
        let expand = random.oneIn(2)
        let other = trees[1 - child]
        asked = (child, row.element.id, expand, other.outline.expanded.contains(row.element.id))
        log.append("\(expand ? "expand" : "collapse") \(row.element.id) of tree \(child)")
        _ = engine.setExpanded(expand, forRowAt: path)
        // Then, at times, a tree changes before the expansion is made.
        if random.oneIn(2) {
          let changed = random.below(2)
          var changedRoots = trees[changed].outline.roots
          TreeFilterPropertyTests.change(&changedRoots, nextID: &nextID, &random)
          trees[changed].outline.roots = changedRoots
          log.append("tree \(changed) changed")
        }
      }
      for step in 0..<6 {
        asked = nil
        TreeFilterPropertyTests.change(&roots, nextID: &nextID, &random)
        // The last change of the step is the one whose callback asks: nothing changes the trees after it.
        trees[0].outline.roots = roots
        isArmed = true
        trees[1].outline.roots = roots
        let context = "seed \(seed), step \(step): \(log)"
        if let asked {
          func holdsParent(_ nodes: [Outline<File>.Node]) -> Bool {
            nodes.contains { ($0.element.id == asked.id && !$0.children.isEmpty) || holdsParent($0.children) }
          }
          let own = trees[asked.tree]
          let other = trees[1 - asked.tree]
          if holdsParent(own.outline.roots), own.outline.expanded.contains(asked.id) != asked.expand {
            failingSeeds.insert(seed)
            failures.append("\(context): tree \(asked.tree) left \(asked.id) as it was")
          }
          if other.outline.expanded.contains(asked.id) != asked.otherExpanded {
            failingSeeds.insert(seed)
            failures.append("\(context): tree \(1 - asked.tree) changed \(asked.id)")
          }
        }
        #expect(view.renderedLines == ListRendering.lines(of: engine.snapshot), "\(context)")
        #expect(
          ListRendering.lines(of: engine.snapshot) == ListRendering.lines(of: composite.displayedSections),
          "\(context)")
        #expect(view.inconsistencies.isEmpty, "\(context)")
      }
    }
    #expect(
      failures.isEmpty,
      "\(failures.count) expansions went wrong in \(failingSeeds.count) cases; first: \(failures.first ?? "")")
  }
}
