import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@Suite("Expandable items")
struct OutlineTests {
  let outline = Outline([
    Outline.Node("Fruit", children: [Outline.Node("Apple", children: [Outline.Node("Gala")]), Outline.Node("Pear")]),
    Outline.Node("Leek"),
  ])

  /// The visible rows by plain recursion: the reference for the stack-based flattening.
  func bruteForce<E>(_ nodes: [Outline<E>.Node], _ expanded: Set<E.DifferenceIdentifier>, depth: Int = 0) -> [String] {
    nodes.flatMap { node -> [String] in
      let open = !node.children.isEmpty && expanded.contains(node.element.differenceIdentifier)
      return ["\(depth):\(node.element)\(open ? "-" : node.children.isEmpty ? "" : "+")"]
        + (open ? bruteForce(node.children, expanded, depth: depth + 1) : [])
    }
  }

  func render<E>(_ rows: [Outline<E>.Row]) -> [String] {
    rows.map { "\($0.depth):\($0.element)\($0.isExpanded ? "-" : $0.isExpandable ? "+" : "")" }
  }

  @Test("collapsed nodes hide their children; expanding shows them under their parent")
  func expanding() {
    var outline = outline
    #expect(render(outline.rows) == ["0:Fruit+", "0:Leek"])
    outline.expand("Fruit")
    #expect(render(outline.rows) == ["0:Fruit-", "1:Apple+", "1:Pear", "0:Leek"])
    outline.expand("Apple")
    #expect(render(outline.rows) == ["0:Fruit-", "1:Apple-", "2:Gala", "1:Pear", "0:Leek"])
    outline.collapse("Fruit")
    #expect(render(outline.rows) == ["0:Fruit+", "0:Leek"])
    outline.expand("Fruit")
    #expect(render(outline.rows).count == 5, "a collapsed parent keeps its children's expansion")
  }

  @Test("expanding is diffed as inserts under the row and a reconfigure of the row; collapsing as deletes")
  func diffedLikeRows() throws {
    var outline = outline
    let before = outline.rows
    outline.toggle("Fruit")
    let expanding = outline.changes(from: before)
    let inserted = expanding.flatMap(\.elementInserted)
    #expect(inserted == [ItemPath(item: 1, section: 0), ItemPath(item: 2, section: 0)])
    #expect(expanding.flatMap(\.elementUpdated) == [ItemPath(item: 0, section: 0)])
    #expect(expanding.flatMap(\.elementDeleted).isEmpty && expanding.flatMap(\.elementMoved).isEmpty)
    var replayed = before
    for stage in expanding { replayed = try replayed.applying(stage) }
    #expect(replayed == outline.rows)

    let open = outline.rows
    outline.toggle("Fruit")
    let collapsing = outline.changes(from: open)
    #expect(collapsing.flatMap(\.elementDeleted) == [ItemPath(item: 1, section: 0), ItemPath(item: 2, section: 0)])
    #expect(collapsing.flatMap(\.elementInserted).isEmpty)
  }

  @Test("toggling a row by position works for parents only")
  func toggleRow() {
    var outline = outline
    #expect(outline.toggleRow(at: 1) == nil)
    #expect(outline.toggleRow(at: 7) == nil)
    #expect(outline.toggleRow(at: -1) == nil)
    #expect(outline.toggleRow(at: 0) == true)
    #expect(outline.toggleRow(at: 2) == nil)
    #expect(outline.toggleRow(at: 0) == false)
  }

  @Test("expand all shows every node, collapse all only the roots")
  func expandAll() {
    var outline = outline
    outline.expandAll()
    #expect(outline.rows.count == 5)
    outline.collapseAll()
    #expect(outline.rows.count == 2)
  }

  @Test(
    "random trees and toggles: rows match a recursive walk and every diff replays",
    arguments: DeepPass.seeds(from: 0, quick: 8, deep: 30))
  func randomTrees(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    var next = 0
    func tree(depth: Int) -> [Outline<Int>.Node] {
      (0..<Int.random(in: 0...(depth < 3 ? 3 : 0), using: &random)).map { _ in
        next += 1
        let id = next
        return Outline.Node(id, children: tree(depth: depth + 1))
      }
    }
    var outline = Outline(tree(depth: 0))
    for _ in 0..<25 {
      let before = outline.rows
      if next > 0 { outline.toggle(Int.random(in: 1...next, using: &random)) }
      #expect(render(outline.rows) == bruteForce(outline.roots, outline.expanded), "seed \(seed)")
      var replayed = before
      for stage in outline.changes(from: before) { replayed = try replayed.applying(stage) }
      #expect(replayed == outline.rows, "seed \(seed)")
    }
  }
}
