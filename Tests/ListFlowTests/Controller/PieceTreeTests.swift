import TestSupport
import Testing

@testable import ListFlow

/// The balanced tree of pieces behind a list that gathered many (`_PieceTree`): random joins, splits and slices
/// keep the elements in order, every count, and the balance; a leaf is found where the elements say.
@Suite("The tree of a list's pieces: joins, splits and slices keep the order and the balance")
struct PieceTreeTests {
  /// A binder piece of rows `ids`.
  static func piece(_ ids: [Int]) -> CellBinderList.Piece {
    .binders(
      ids.map { id in
        CellBinder(cell: TextCell.self, value: "\(id)", id: ListIdentifier(id)) { cell, text in cell.title = text }
      }[...])
  }

  /// The identities of a tree's elements, piece by piece.
  static func ids(_ tree: _PieceTree?) -> [ListIdentifier] {
    guard let tree else { return [] }
    var ids: [ListIdentifier] = []
    tree.forEachPiece(in: 0..<tree.count) { piece, _ in
      ids += (0..<piece.count).map { piece.identity(at: $0) }
      return true
    }
    return ids
  }

  /// A tree of random pieces of 1 to 4 new rows, and their identities.
  static func randomTree(_ random: inout SeededRandom, nextID: inout Int) -> (_PieceTree?, [ListIdentifier]) {
    let parts = (0..<random.below(40)).map { _ in
      let count = 1 + random.below(4)
      defer { nextID += count }
      return _PieceTree.leaf(piece(Array(nextID..<nextID + count)))
    }
    let tree = _PieceTree.joining(parts[...])
    return (tree, ids(tree))
  }

  @Test("random joins, splits and slices: the elements of the model, a balanced tree, leaves found in place")
  func randomOperations() {
    for seed in DeepPass.seeds(quick: 100, deep: 3_000) {
      var random = SeededRandom(seed: seed)
      var nextID = 0
      var (tree, model) = Self.randomTree(&random, nextID: &nextID)
      for step in 0..<12 {
        switch random.below(3) {
        case 0:
          let (other, otherModel) = Self.randomTree(&random, nextID: &nextID)
          if random.oneIn(2) {
            tree = _PieceTree.join(tree, other)
            model += otherModel
          } else {
            tree = _PieceTree.join(other, tree)
            model = otherModel + model
          }
        case 1:
          let position = random.below(model.count + 1)
          let before = tree?.slice(0..<position)
          let after = tree?.slice(position..<model.count)
          #expect(Self.ids(before) == Array(model[..<position]), "seed \(seed), step \(step)")
          #expect(Self.ids(after) == Array(model[position...]), "seed \(seed), step \(step)")
          tree = _PieceTree.join(after, before)
          model = Array(model[position...] + model[..<position])
        default:
          let lower = random.below(model.count + 1)
          let upper = lower + random.below(model.count - lower + 1)
          tree = tree?.slice(lower..<upper)
          model = Array(model[lower..<upper])
        }
        #expect(Self.ids(tree) == model, "seed \(seed), step \(step)")
        guard let tree else {
          #expect(model.isEmpty)
          continue
        }
        #expect(tree.count == model.count)
        #expect(ToldEditTests.isBalanced(tree), "seed \(seed), step \(step)")
        for _ in 0..<4 {
          let position = random.below(model.count)
          let (piece, offset) = tree.leaf(at: position)
          #expect(piece.identity(at: offset) == model[position], "seed \(seed), step \(step)")
        }
        let lower = random.below(model.count + 1)
        let upper = lower + random.below(model.count - lower + 1)
        let cut = tree.pieces(in: lower..<upper).flatMap { piece in (0..<piece.count).map { piece.identity(at: $0) } }
        #expect(cut == Array(model[lower..<upper]), "seed \(seed), step \(step)")
      }
    }
  }

  @Test("a list of pieces leaves the empty ones out: its elements, count and emptiness are the pieces' own")
  func emptyPiecesLeftOut() {
    for seed in DeepPass.seeds(quick: 300, deep: 3_000) {
      var random = SeededRandom(seed: seed)
      var nextID = 0
      var pieces: [CellBinderList.Piece] = []
      var model: [ListIdentifier] = []
      for _ in 0..<random.below(8) {
        let count = random.oneIn(2) ? 0 : 1 + random.below(3)
        let ids = Array(nextID..<nextID + count)
        nextID += count
        // An empty piece is either no binders or an empty cut of a piece of some.
        pieces.append(count == 0 && random.oneIn(2) ? Self.piece([nextID]).slice(1..<1) : Self.piece(ids))
        model += ids.map { ListIdentifier($0) }
      }
      let list = CellBinderList(uncompacted: pieces)
      #expect(list.map(\.id) == model, "seed \(seed)")
      #expect(list.count == model.count && list.isEmpty == model.isEmpty, "seed \(seed)")
      #expect(list.pieces.allSatisfy { $0.count > 0 }, "seed \(seed)")
      #expect(list.ends.count == list.pieces.count, "seed \(seed)")
    }
  }

  @Test("removing and inserting at random positions in one descent: the elements of the model, a balanced tree")
  func randomReplacements() {
    for seed in DeepPass.seeds(quick: 120, deep: 4_000) {
      var random = SeededRandom(seed: seed)
      var nextID = 0
      let (built, model) = Self.randomTree(&random, nextID: &nextID)
      guard let tree = built else { continue }
      let removed = (0..<model.count).filter { _ in random.oneIn(3) }
      let removedSet = Set(removed)
      let candidates = (0...model.count).filter { !removedSet.contains($0) }
      var inserted: [CellBinderList.PlacedPiece] = []
      var expectedBefore: [Int: [ListIdentifier]] = [:]
      for position in candidates where random.oneIn(3) {
        for _ in 0..<(1 + random.below(2)) {
          let (part, ids) = Self.randomTree(&random, nextID: &nextID)
          guard let part else { continue }
          for piece in part.pieces(in: 0..<part.count) {
            inserted.append(CellBinderList.PlacedPiece(position: position, piece: piece))
          }
          expectedBefore[position, default: []] += ids
        }
      }
      var expected: [ListIdentifier] = []
      for position in 0...model.count {
        expected += expectedBefore[position] ?? []
        if position < model.count, !removedSet.contains(position) { expected.append(model[position]) }
      }
      let result = tree.replacing(removed: removed[...], inserted: inserted[...])
      #expect(Self.ids(result) == expected, "seed \(seed)")
      #expect((result?.count ?? 0) == expected.count, "seed \(seed)")
      if let result { #expect(ToldEditTests.isBalanced(result), "seed \(seed)") }
      if removed.isEmpty && inserted.isEmpty { #expect(result === tree, "seed \(seed): an untouched tree is shared") }
    }
  }

  /// A binder's storage, held weakly: whether something still holds the binder.
  struct Watched {
    weak var storage: _CellBinderStorage?
  }

  /// The storages of the binders of `tree`'s pieces and of `pieces`.
  static func watch(_ tree: _PieceTree?, _ pieces: [CellBinderList.Piece]) -> [Watched] {
    var all = pieces
    if let tree { all += tree.pieces(in: 0..<tree.count) }
    return all.flatMap { piece -> [Watched] in
      guard case .binders(let binders) = piece else { return [] }
      return binders.map { Watched(storage: $0.storage) }
    }
  }

  @Test("every piece is released with the last tree that holds it, leaves made again and cut included")
  func piecesAreReleased() {
    for seed in DeepPass.seeds(quick: 100, deep: 1_000) {
      var random = SeededRandom(seed: seed)
      var nextID = 0
      var watched: [Watched] = []
      do {
        let (built, model) = Self.randomTree(&random, nextID: &nextID)
        guard let tree = built else { continue }
        // Many insertions at few positions: leaves made again overflow and are cut.
        let removed = (0..<model.count).filter { _ in random.oneIn(3) }
        let removedSet = Set(removed)
        let positions = (0...model.count).filter { !removedSet.contains($0) && random.oneIn(4) }
        var inserted: [CellBinderList.PlacedPiece] = []
        for position in positions {
          for _ in 0..<random.below(20) {
            inserted.append(CellBinderList.PlacedPiece(position: position, piece: Self.piece([nextID])))
          }
          nextID += 1
        }
        watched = Self.watch(tree, inserted.map(\.piece))
        let result = tree.replacing(removed: removed[...], inserted: inserted[...])
        #expect((result?.count ?? 0) == model.count - removed.count + inserted.count, "seed \(seed)")
        let joined = _PieceTree.join(result, tree.slice(0..<random.below(tree.count + 1)))
        #expect((joined?.count ?? 0) >= (result?.count ?? 0), "seed \(seed)")
      }
      #expect(watched.allSatisfy { $0.storage == nil }, "seed \(seed): a piece outlived every tree")
    }
  }
}
