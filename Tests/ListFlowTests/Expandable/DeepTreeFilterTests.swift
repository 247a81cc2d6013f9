import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A tree as deep as an app can build and let go of (a chain of some 30,000 nodes, with leaves beside it at random
/// levels), filtered: queries set and cleared, nodes of the chain renamed while a query is set (the filter matches
/// the nodes under them again and lets go of the ones it kept), and the filter let go. None of it may take a stack
/// frame a level: the app's own chain of nodes is let go of without a crash at these depths.
@MainActor
@Suite struct DeepTreeFilterTests {
  /// Every version of the trees, kept so that the test lets go of none while it runs: letting go of a chain of
  /// values takes a stack frame a level in any program, which is not what this test is about.
  static var kept: [[Outline<String>.Node]] = []

  /// A chain `n0`, `n1`, … `depth` nodes deep, with a leaf `s<level>` beside the next node at some levels.
  static func chain(depth: Int, using random: inout SeededRandom) -> Outline<String>.Node {
    var node = Outline.Node("n\(depth)")
    for level in stride(from: depth - 1, through: 0, by: -1) {
      node = Outline.Node("n\(level)", children: random.oneIn(500) ? [node, Outline.Node("s\(level)")] : [node])
    }
    return node
  }

  /// Renames the node of the chain at `level` in place (the arrays on the way copied, the rest shared).
  static func rename(_ node: inout Outline<String>.Node, at level: Int, to name: String) {
    if level == 0 {
      node.element = name
    } else {
      rename(&node.children[0], at: level - 1, to: name)
    }
  }

  /// What a step does.
  enum Step: Sendable { case queryMatchingNothing, queryOther, rename, clearQuery }

  static let steps = WeightedChoice<Step>([
    ("a query no row matches", weight: 1, .queryMatchingNothing),
    ("the query \"other\"", weight: 1, .queryOther),
    ("a node of the chain renamed", weight: 1, .rename),
    ("the query cleared", weight: 1, .clearQuery),
  ])

  @Test("a filter over a tree tens of thousands of levels deep sets, follows and clears its query without a crash")
  func deepChain() throws {
    for seed in DeepPass.seeds(quick: 1, deep: 6) {
      var random = SeededRandom(seed: seed)
      let depth = 28_000 + random.below(8_000)
      var roots = [Self.chain(depth: depth, using: &random), Outline.Node("other")]
      Self.kept.append(roots)
      let feed = OutlineFeed(id: "tree", outline: Outline(roots)) { row in
        CellBinder(cell: TextCell.self, value: row.element, id: ListIdentifier(row.element)) { $0.title = $1 }
      }
      var filtered: FilteredFeed? = try FilteredFeed(feed)
      let view = RecordingListView(historyLimit: 2)
      var engine: ListEngine? = try ListEngine(view: view, showing: filtered!)
      for step in 0..<DeepPass.cases(quick: 5, deep: 12) {
        let chosen = Self.steps.pick(using: &random)
        let context = "seed \(seed), depth \(depth), step \(step) (\(chosen.name))"
        switch chosen.value {
        case .queryMatchingNothing:
          filtered?.query = "zzz"
          #expect(view.sections.first?.rows.count ?? 0 == 0, "\(context): no row matches")
        case .queryOther:
          filtered?.query = "other"
          #expect(view.renderedLines == ["other"], "\(context)")
        case .rename:
          // A node of the chain renamed, deep or not (`rename` recurses a frame a level: at most 20,000).
          let level = random.below(2) == 0 ? random.below(20_000) : random.below(3)
          Self.rename(&roots[0], at: level, to: "m\(level)")
          Self.kept.append(roots)
          feed.outline.roots = roots
        case .clearQuery:
          filtered?.query = ""
          #expect(view.renderedLines == [roots[0].element, "other"], "\(context)")
        }
        #expect(view.inconsistencies.isEmpty, "\(context)")
      }
      // The filter let go of: it gives the tree back as it found it.
      engine = nil
      filtered = nil
      #expect(feed.rows.map(\.element) == [roots[0].element, "other"], "seed \(seed)")
      withExtendedLifetime(engine) {}
    }
  }
}
