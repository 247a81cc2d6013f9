import TestSupport
import Testing

@testable import ListFlow

/// The piece tree at the depths a long list's told edits reach (three levels and more of wide nodes): splices that
/// take out most of a subtree, or put many pieces in one place, keep the elements of a model and every node as
/// full as it must be.
@Suite("The tree of a list's pieces, deep: splices that empty or crowd subtrees keep the order and the balance")
struct PieceTreeDepthTests {
  /// A tree of `count` pieces of one to three new rows each, in leaves of random sizes joined at random.
  static func tree(
    pieces count: Int, _ random: inout SeededRandom, nextID: inout Int
  ) -> (_PieceTree?, [ListIdentifier]) {
    var parts: [_PieceTree] = []
    var made = 0
    while made < count {
      let size = Swift.min(1 + random.below(_PieceTree.leafCapacity), count - made)
      let pieces = (0..<size).map { _ in
        let rows = 1 + random.below(3)
        defer { nextID += rows }
        return PieceTreeTests.piece(Array(nextID..<nextID + rows))
      }
      parts.append(_PieceTree.joining(pieces: pieces)!)
      made += size
    }
    var tree: _PieceTree?
    if random.oneIn(2) {
      tree = _PieceTree.joining(parts[...])
    } else {
      for part in parts { tree = _PieceTree.join(tree, part) }
    }
    return (tree, PieceTreeTests.ids(tree))
  }

  @Test("splices of runs and of scattered positions on trees of thousands of pieces: the model's elements, balanced")
  func deepSplices() {
    for seed in DeepPass.seeds(quick: 8, deep: 400) {
      var random = SeededRandom(seed: seed)
      var nextID = 0
      var (tree, model) = Self.tree(pieces: 200 + random.below(4_000), &random, nextID: &nextID)
      for step in 0..<6 {
        guard let current = tree else { break }
        #expect(ToldEditTests.isBalanced(current), "seed \(seed), step \(step)")
        // Take out a run (most of a subtree, or all of it), scattered rows, or nothing; put pieces in at a few
        // places, sometimes many at one.
        var removedSet = Set<Int>()
        switch random.below(4) {
        case 0:
          let length = random.below(Swift.min(model.count, 3_000) + 1)
          let start = random.below(model.count - length + 1)
          removedSet.formUnion(start..<start + length)
        case 1:
          for _ in 0..<random.below(200) { removedSet.insert(random.below(model.count)) }
        case 2:
          // Everything but a few rows.
          removedSet.formUnion((0..<model.count).filter { _ in !random.oneIn(500) })
        default:
          break
        }
        let removed = removedSet.sorted()
        var inserted: [CellBinderList.PlacedPiece] = []
        var before: [Int: [ListIdentifier]] = [:]
        let candidates = (0...model.count).filter { !removedSet.contains($0) }
        let places = (0..<random.below(6)).map { _ in candidates[random.below(candidates.count)] }
        for position in Set(places).sorted() {
          for _ in 0..<(random.oneIn(4) ? 40 + random.below(200) : 1 + random.below(3)) {
            let rows = 1 + random.below(2)
            inserted.append(
              CellBinderList.PlacedPiece(position: position, piece: PieceTreeTests.piece(Array(nextID..<nextID + rows)))
            )
            before[position, default: []] += (nextID..<nextID + rows).map { ListIdentifier($0) }
            nextID += rows
          }
        }
        var expected: [ListIdentifier] = []
        for position in 0...model.count {
          expected += before[position] ?? []
          if position < model.count, !removedSet.contains(position) { expected.append(model[position]) }
        }
        tree = current.replacing(removed: removed[...], inserted: inserted[...])
        model = expected
        #expect(PieceTreeTests.ids(tree) == model, "seed \(seed), step \(step)")
        #expect((tree?.count ?? 0) == model.count, "seed \(seed), step \(step)")
        if let tree {
          #expect(ToldEditTests.isBalanced(tree), "seed \(seed), step \(step)")
          for _ in 0..<8 {
            let position = random.below(model.count)
            let (piece, offset) = tree.leaf(at: position)
            #expect(piece.identity(at: offset) == model[position], "seed \(seed), step \(step)")
          }
          // A slice of the tree, joined back to another: the model's runs, balanced.
          let lower = random.below(model.count + 1)
          let upper = lower + random.below(model.count - lower + 1)
          let cut = tree.slice(lower..<upper)
          #expect(PieceTreeTests.ids(cut) == Array(model[lower..<upper]), "seed \(seed), step \(step)")
          if let cut { #expect(ToldEditTests.isBalanced(cut), "seed \(seed), step \(step)") }
          let rejoined = _PieceTree.join(cut, tree.slice(0..<lower))
          #expect(
            PieceTreeTests.ids(rejoined) == Array(model[lower..<upper] + model[..<lower]), "seed \(seed), step \(step)")
          if let rejoined { #expect(ToldEditTests.isBalanced(rejoined), "seed \(seed), step \(step)") }
        }
      }
    }
  }
}
