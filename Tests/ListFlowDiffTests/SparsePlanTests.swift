import ListFlowDiff
import TestSupport
import Testing

/// The plan for a change that keeps the sections and touches few elements (`_SectionedPlan(sparseSource:…)`)
/// must give what the full plan gives: the same stages with the same data, deletes, inserts and updates, as few
/// moves, and the same runs of reused elements.
@Suite("Sparse plan: a change that keeps the sections gives the full plan's stages")
struct SparsePlanTests {
  typealias Section = ArraySection<Token, Token>

  /// An edit of ``pair(_:duplicates:)``.
  enum Change { case update, delete, moveWithin, moveAcross, header, insert }

  /// The edits of ``pair(_:duplicates:)``, by weight.
  static let changes = WeightedChoice<Change>([
    ("update a row", weight: 1, .update),
    ("delete a row", weight: 1, .delete),
    ("move a row within its section", weight: 1, .moveWithin),
    ("move a row to any section", weight: 1, .moveAcross),
    ("change a section's header", weight: 1, .header),
    ("insert a row (a repeated identity, sometimes)", weight: 1, .insert),
  ])

  /// Random sections, then a few random edits: updates, deletes, inserts (of a repeated identity, sometimes),
  /// moves within and across sections, a header change.
  static func pair(_ random: inout SeededRandom, duplicates: Bool) -> ([Section], [Section]) {
    var nextID = 0
    func newID() -> Int {
      if duplicates, random.oneIn(4), nextID > 0 { return random.below(nextID) }
      nextID += 1
      return nextID
    }
    let large = random.oneIn(4)
    let source = (0..<(1 + random.below(4))).map { section in
      Section(
        model: Token(1_000 + section), elements: (0..<random.below(large ? 400 : 30)).map { _ in Token(newID()) })
    }
    var target = source
    for _ in 0..<random.below(large ? 40 : 8) {
      let section = random.below(target.count)
      var rows = target[section].elements
      switch changes.pick(using: &random).value {
      case .update where !rows.isEmpty:
        let item = random.below(rows.count)
        rows[item] = rows[item].updated
      case .delete where !rows.isEmpty:
        rows.remove(at: random.below(rows.count))
      case .moveWithin where !rows.isEmpty:
        let row = rows.remove(at: random.below(rows.count))
        rows.insert(row, at: random.below(rows.count + 1))
      case .moveAcross where !rows.isEmpty:
        let row = rows.remove(at: random.below(rows.count))
        let other = random.below(target.count)
        if other == section {
          rows.append(row)
        } else {
          target[other].elements.insert(row, at: random.below(target[other].elements.count + 1))
        }
      case .header:
        target[section].model = target[section].model.updated
      case .update, .delete, .moveWithin, .moveAcross, .insert:
        // (a change that needs a row, drawn for an empty section, inserts one instead)
        rows.insert(Token(newID()), at: random.below(rows.count + 1))
      }
      target[section].elements = rows
    }
    return (source, target)
  }

  static func hashes(_ sections: [Section]) -> [Int] { sections.flatMap { $0.elements.map(\.differenceHash) } }

  /// Expects the sparse plan from `source` to `target`, when it applies, to give the full plan's stages, each
  /// replaying to its data, with no section change.
  ///
  /// - Returns: The full plan's stages, or `nil` when the sparse plan does not apply.
  static func expectSparseStages(
    from source: [Section], to target: [Section], seed: UInt64
  ) throws -> [Changeset<[Section]>]? {
    let full = _SectionedPlan(
      source: source, target: target, policy: .matchInOrder, sourceHashes: hashes(source),
      targetHashes: hashes(target))
    guard
      let sparse = _SectionedPlan(
        sparseSource: source, target: target, sourceHashes: hashes(source), targetHashes: hashes(target))
    else { return nil }
    let expected = full.stages(source: source, target: target, targetData: target)
    let stages = sparse.stages(source: source, target: target, targetData: target)
    #expect(stages.count == expected.count, "seed \(seed)")
    var data = source
    for (stage, reference) in zip(stages, expected) {
      #expect(stage.data == reference.data, "seed \(seed)")
      #expect(stage.sectionUpdated == reference.sectionUpdated, "seed \(seed)")
      #expect(stage.elementDeleted == reference.elementDeleted, "seed \(seed)")
      #expect(stage.elementInserted == reference.elementInserted, "seed \(seed)")
      #expect(stage.elementUpdated == reference.elementUpdated, "seed \(seed)")
      #expect(stage.elementMoved == reference.elementMoved, "seed \(seed)")
      #expect(
        stage.sectionDeleted.isEmpty && stage.sectionInserted.isEmpty && stage.sectionMoved.isEmpty, "seed \(seed)")
      data = try data.applying(stage)
      #expect(data == stage.data, "seed \(seed): the stage replays to its data")
    }
    return expected
  }

  @Test(
    "random changes (2,000 in the deep pass), with and without repeated identities: the same stages as the full plan, replayed",
    arguments: [false, true])
  func sameStagesAsTheFullPlan(duplicates: Bool) throws {
    var sparseCount = 0
    let count = DeepPass.cases(quick: 200, deep: 2_000)
    for index in 0..<count {
      let seed = caseSeed(index)
      var random = SeededRandom(seed: seed)
      let (source, target) = Self.pair(&random, duplicates: duplicates)
      guard try Self.expectSparseStages(from: source, to: target, seed: seed) != nil else { continue }
      sparseCount += 1
    }
    // The path must be taken for most of these small changes, else this test proves little.
    #expect(sparseCount * 20 > count * (duplicates ? 6 : 15), "sparse plans: \(sparseCount) of \(count)")
  }

  /// Sections that lose rows at their start and gain rows at their end, far more than Myers' bound (a log that
  /// drops its oldest lines and appends new ones), plus a few edits of ``pair(_:duplicates:)``'s kinds: the path
  /// aligns them linearly (after Myers' search, or before it for a long section whose both ends changed).
  static func shifted(_ random: inout SeededRandom, duplicates: Bool) -> ([Section], [Section]) {
    var nextID = 0
    func newID() -> Int {
      if duplicates, random.oneIn(1_000), nextID > 0 { return random.below(nextID) }
      nextID += 1
      return nextID
    }
    // Sections of at least 2,048 rows, sometimes: long enough that the linear alignment is tried first.
    let long = random.oneIn(4)
    let source = (0..<(1 + random.below(4))).map { section in
      Section(
        model: Token(1_000 + section),
        elements: (0..<((long ? 2_100 : 100) + random.below(300))).map { _ in Token(newID()) })
    }
    var target = source
    for section in target.indices {
      var rows = target[section].elements
      rows.removeFirst(random.below(rows.count / 2))
      rows.append(contentsOf: (0..<random.below(120)).map { _ in Token(newID()) })
      for _ in 0..<random.below(4) where !rows.isEmpty {
        switch random.below(10) {
        case 0, 1, 2:
          let item = random.below(rows.count)
          rows[item] = rows[item].updated
        case 3, 4, 5: rows.remove(at: random.below(rows.count))
        case 6, 7, 8: rows[random.below(rows.count)] = Token(newID())
        default:
          let row = rows.remove(at: random.below(rows.count))
          rows.insert(row, at: random.below(rows.count + 1))
        }
      }
      target[section].elements = rows
    }
    return (source, target)
  }

  @Test(
    "changes past Myers' bound (heads dropped, tails appended, a few edits; 1,000 in the deep pass): the same stages as the full plan",
    arguments: [false, true])
  func shiftsPastTheBound(duplicates: Bool) throws {
    var linearCount = 0
    let count = DeepPass.cases(quick: 50, deep: 1_000)
    for index in 0..<count {
      let seed = caseSeed(index)
      var random = SeededRandom(seed: seed)
      let (source, target) = Self.shifted(&random, duplicates: duplicates)
      guard let expected = try Self.expectSparseStages(from: source, to: target, seed: seed) else { continue }
      // A section with more positions left out than Myers' bound was aligned linearly.
      var leftOut = [Int](repeating: 0, count: source.count)
      for stage in expected {
        for path in stage.elementDeleted + stage.elementInserted { leftOut[path.section] += 1 }
        for move in stage.elementMoved {
          leftOut[move.source.section] += 1
          leftOut[move.target.section] += 1
        }
      }
      let pastTheBound = source.indices.contains { section in
        let size = source[section].elements.count + target[section].elements.count
        return leftOut[section] > min(512, max(32, 2 * Int(Double(size).squareRoot())))
      }
      if pastTheBound { linearCount += 1 }
    }
    // Most of these changes are past Myers' bound: the linear alignment must take them (a repeated identity
    // left out, or a row moved within its section, sends a change to the full plan).
    #expect(linearCount * 4 > count * (duplicates ? 1 : 3), "linear alignments: \(linearCount) of \(count)")
  }

  @Test("A change that adds, removes or reorders sections is left to the full plan")
  func sectionChangesFallBack() {
    let source = [Section(model: Token(1), elements: [Token(2)]), Section(model: Token(3), elements: [Token(4)])]
    let reordered = [source[1], source[0]]
    #expect(
      _SectionedPlan(
        sparseSource: source, target: reordered, sourceHashes: Self.hashes(source),
        targetHashes: Self.hashes(reordered)) == nil)
    #expect(
      _SectionedPlan(
        sparseSource: source, target: [source[0]], sourceHashes: Self.hashes(source),
        targetHashes: Self.hashes([source[0]])) == nil)
  }
}
