import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Expansions asked for from a callback while a change is applied, with the trees changed right after in the same
/// callback: the row the caller saw is the one that expands or collapses, wherever the change put it, and none
/// when the change removed it.
@MainActor
@Suite("Queued expansions reach the row the caller saw")
struct QueuedExpandPropertyTests {
  typealias File = TreeFilterPropertyTests.File

  @Test("an expansion asked for in didApply, the trees changed after it, acts on the row asked about")
  func queuedExpansions() throws {
    for seed in DeepPass.seeds(quick: 60, deep: 400) {
      var random = SeededRandom(seed: seed)
      let (forest, _, tree) = TreeFilterPropertyTests.randomTree(&random)
      var roots = forest
      var nextID = 100
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: tree)
      var asked: (id: Int, expand: Bool, isExpandable: Bool)?
      var log: [String] = []
      var isArmed = false
      engine.delegate.didApply = { _ in
        guard isArmed else { return }
        isArmed = false
        let rows = engine.snapshot.first?.elements.count ?? 0
        guard rows > 0 else { return }
        let item = Int(random.next() % UInt64(rows))
        let row = tree.outline.rows[item]
        let expand = random.next() % 2 == 0
        asked = (row.element.id, expand, row.isExpandable)
        log.append("\(expand ? "expand" : "collapse") \(row.element.id) at \(item)")
        #expect(engine.setExpanded(expand, forRowAt: ItemPath(item: item, section: 0)))
        // Then the trees change, before the expansion is made.
        for _ in 0..<(1 + random.next() % 2) { TreeFilterPropertyTests.change(&roots, nextID: &nextID, &random) }
        log.append("trees changed")
        tree.outline.roots = roots
      }
      for step in 0..<6 {
        asked = nil
        isArmed = true
        TreeFilterPropertyTests.change(&roots, nextID: &nextID, &random)
        tree.outline.roots = roots
        let context = "seed \(seed), step \(step): \(log)"
        if let asked {
          // The node asked about, if the trees still hold it with children, is expanded as asked.
          func find(_ nodes: [Outline<File>.Node]) -> Outline<File>.Node? {
            for node in nodes {
              if node.element.id == asked.id { return node }
              if let found = find(node.children) { return found }
            }
            return nil
          }
          // (A node with no children when asked is left as it is: it can neither expand nor collapse.)
          if asked.isExpandable, let found = find(roots), !found.children.isEmpty {
            #expect(
              tree.outline.expanded.contains(asked.id) == asked.expand,
              "\(context) rows \(tree.outline.rows.map { "\($0.element.id)\($0.isExpanded ? "+" : "")" })")
          }
        }
        #expect(view.renderedLines == ListRendering.lines(of: engine.snapshot), "\(context)")
        #expect(
          ListRendering.lines(of: engine.snapshot) == ListRendering.lines(of: tree.displayedSections), "\(context)")
        #expect(view.inconsistencies.isEmpty, "\(context)")
      }
    }
  }
}
