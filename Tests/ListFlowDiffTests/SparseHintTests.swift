import TestSupport
import Testing

@testable import ListFlowDiff

/// The sparse plan takes an alignment made by its caller (`alignment:`, the positions each section's alignment
/// left out). A wrong one (a position dropped, added, repeated, out of order or out of range, a section's counts
/// that do not add up, or positions that claim fewer changes than there are) must give the full plan's stages,
/// or `nil` so that the caller makes the full plan: never a trap, a hang, or other stages.
@Suite("Sparse plan: a caller's alignment, right or wrong, gives the full plan's stages or none")
struct SparseHintTests {
  typealias Section = ArraySection<Token, Token>

  /// How a test draws the hint it passes.
  enum Hint { case honest, dropOne, addOne, repeatOne, swapTwo, outOfRange, negative, nothing, everything, random }

  /// The hints, by weight.
  static let hints = WeightedChoice<Hint>([
    ("the alignment the plan would make", weight: 2, .honest),
    ("that alignment with one position dropped", weight: 3, .dropOne),
    ("that alignment with one more position", weight: 3, .addOne),
    ("that alignment with one position named twice", weight: 1, .repeatOne),
    ("that alignment with two positions out of order", weight: 1, .swapTwo),
    ("that alignment with a position past the end", weight: 1, .outOfRange),
    ("that alignment with a negative position", weight: 1, .negative),
    ("nothing left out: no change claimed", weight: 2, .nothing),
    ("every position left out", weight: 1, .everything),
    ("random positions left out", weight: 2, .random),
  ])

  /// Whether the hint lists the source positions (`deleted`) or the target positions (`inserted`).
  static let sides = WeightedChoice<Bool>([("the source side", weight: 1, true), ("the target side", weight: 1, false)])

  static func hashes(_ sections: [Section]) -> [Int] { sections.flatMap { $0.elements.map(\.differenceHash) } }

  /// `positions` (ascending, below `total`) changed as `hint` says.
  static func perturbed(_ positions: [Int], total: Int, hint: Hint, using random: inout SeededRandom) -> [Int] {
    var positions = positions
    switch hint {
    case .honest: break
    case .dropOne where !positions.isEmpty: positions.remove(at: random.below(positions.count))
    case .addOne where positions.count < total:
      let missing = (0..<total).filter { !positions.contains($0) }
      positions.append(missing[random.below(missing.count)])
      positions.sort()
    case .repeatOne where !positions.isEmpty:
      let index = random.below(positions.count)
      positions.insert(positions[index], at: index)
    case .swapTwo where positions.count > 1:
      let index = random.below(positions.count - 1)
      positions.swapAt(index, index + 1)
    case .outOfRange: positions.append(total + random.below(3))
    case .negative: positions.insert(-1 - random.below(3), at: 0)
    case .nothing: positions = []
    case .everything: positions = Array(0..<total)
    case .random: positions = (0..<total).filter { _ in random.oneIn(3) }
    case .dropOne, .addOne, .repeatOne, .swapTwo: break
    }
    return positions
  }

  @Test(
    "random hints (3,000 in the deep pass), right and wrong, with and without repeated identities: the full plan's stages or none",
    arguments: [false, true])
  func wrongHintsGiveTheFullPlanOrNone(duplicates: Bool) throws {
    let count = DeepPass.cases(quick: 300, deep: 3_000)
    var sparseCount = 0
    for index in 0..<count {
      let seed = caseSeed(index)
      var random = SeededRandom(seed: seed)
      let (source, target) = SparsePlanTests.pair(&random, duplicates: duplicates)
      let sourceHashes = Self.hashes(source)
      let targetHashes = Self.hashes(target)
      var starts: (source: [Int], target: [Int]) = ([], [])
      guard
        _sparseSectionStarts(
          source: source, target: target, sourceTotal: sourceHashes.count, targetTotal: targetHashes.count,
          sourceStart: &starts.source, targetStart: &starts.target)
      else { continue }
      var deleted: [Int] = []
      var inserted: [Int] = []
      let aligned = _alignSparseSections(
        sourceHashes: sourceHashes, targetHashes: targetHashes, sourceStart: starts.source,
        targetStart: starts.target, deleted: &deleted, inserted: &inserted)
      if !aligned { (deleted, inserted) = ([], []) }
      let hint = Self.hints.pick(using: &random)
      let onSource = Self.sides.pick(using: &random).value
      if onSource {
        deleted = Self.perturbed(deleted, total: sourceHashes.count, hint: hint.value, using: &random)
      } else {
        inserted = Self.perturbed(inserted, total: targetHashes.count, hint: hint.value, using: &random)
      }
      if hint.value == .nothing || hint.value == .everything || hint.value == .random {
        // These claims are about both sides.
        if onSource {
          inserted = Self.perturbed(inserted, total: targetHashes.count, hint: hint.value, using: &random)
        } else {
          deleted = Self.perturbed(deleted, total: sourceHashes.count, hint: hint.value, using: &random)
        }
      }
      // Every aligned source position may differ ("more will do"), or let the plan compare them all.
      let differing: [Int]? = random.oneIn(2) ? nil : Array(0..<sourceHashes.count)
      let label = "seed \(seed), hint \(hint.name), deleted \(deleted), inserted \(inserted)"

      let full = _SectionedPlan(
        source: source, target: target, policy: .matchInOrder, sourceHashes: sourceHashes,
        targetHashes: targetHashes)
      guard
        let sparse = _SectionedPlan(
          sparseSource: source, target: target, sourceHashes: sourceHashes, targetHashes: targetHashes,
          alignment: (deleted, inserted, differing))
      else { continue }
      sparseCount += 1
      let expected = full.stages(source: source, target: target, targetData: target)
      let stages = sparse.stages(source: source, target: target, targetData: target)
      #expect(stages.count == expected.count, "\(label)")
      var data = source
      for (stage, reference) in zip(stages, expected) {
        #expect(stage.data == reference.data, "\(label)")
        #expect(stage.sectionUpdated == reference.sectionUpdated, "\(label)")
        #expect(stage.elementDeleted == reference.elementDeleted, "\(label)")
        #expect(stage.elementInserted == reference.elementInserted, "\(label)")
        #expect(stage.elementUpdated == reference.elementUpdated, "\(label)")
        #expect(stage.elementMoved.count == reference.elementMoved.count, "\(label): as few moves")
        #expect(throws: Never.self, "\(label): the stage applies") { data = try data.applying(stage) }
        #expect(data == stage.data, "\(label): the stage replays to its data")
      }
    }
    // Right hints, and wrong ones that still describe an alignment, must be taken.
    #expect(sparseCount * 6 > count, "sparse plans: \(sparseCount) of \(count)")
  }
}
