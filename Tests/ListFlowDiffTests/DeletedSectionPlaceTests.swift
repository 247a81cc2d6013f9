import ListFlowDiff
import TestSupport
import Testing

/// Where ``PathMapper`` places the rows of a deleted section: item 0 of the place the section left, the new index
/// of the first section after it that stays (neither deleted nor moved), or the number of sections after the
/// change when none after it stays; never the section's old index, which can be another section by then.
@Suite("Path mapping: the place a deleted section left")
struct DeletedSectionPlaceTests {
  /// A label naming the source section a section was (`nil`: it arrived with the changeset).
  struct Origin: Differentiable, Hashable {
    var section: Int?
  }

  /// The mismatches between the mapper's places for the rows of the deleted sections of `before` and the model:
  /// the changeset replayed on labelled sections tells where each section that stays lands.
  static func problems(_ changeset: Changeset<[TokenSection]>, before: [TokenSection]) -> [String] {
    // The section changes alone, replayed on empty sections labelled with their source index: elements do not
    // place a section.
    let source = before.indices.map { ArraySection<Origin, Origin>(model: Origin(section: $0), elements: []) }
    let sectionsOnly = Changeset(
      data: changeset.data.map { _ in ArraySection<Origin, Origin>(model: Origin(), elements: []) },
      sectionDeleted: changeset.sectionDeleted, sectionInserted: changeset.sectionInserted,
      sectionMoved: changeset.sectionMoved)
    guard let after = try? source.applying(sectionsOnly) else { return ["the changeset does not apply"] }
    var landed: [Int: Int] = [:]
    for (index, section) in after.enumerated() {
      if let origin = section.model.section { landed[origin] = index }
    }
    let moved = Set(changeset.sectionMoved.map(\.source))
    let mapper = PathMapper(changeset)
    var problems: [String] = []
    for section in before.indices where landed[section] == nil {
      let stays = (section + 1..<before.count).first { landed[$0] != nil && !moved.contains($0) }
      let place = stays.map { landed[$0]! } ?? after.count
      for item in 0..<max(1, before[section].elements.count) {
        let path = ItemPath(item: item, section: section)
        let mapped = mapper.map(path)
        if mapped != .removed(ItemPath(item: 0, section: place)) {
          problems.append("\(path) of deleted section \(section) maps to \(mapped), its place is 0:\(place)")
        }
      }
    }
    return problems
  }

  @Test("rows of deleted sections map to the place their section left: staged and single-batch changesets")
  func deletedSectionsMapToTheirPlace() {
    var failingCases = 0
    var deletedSections = 0
    var failures: [String] = []
    for index in 0..<DeepPass.cases(quick: 600, deep: 30_000) {
      let seed = caseSeed(index)
      var generator = CaseGenerator(seed: seed)
      let (source, target) = generator.sectionedPair(maximumSections: 6, maximumElements: 3)
      var before = source
      var problems: [String] = []
      for stage in StagedChangeset(source: source, target: target) {
        deletedSections += stage.sectionDeleted.count
        problems += Self.problems(stage, before: before).map { "stage: \($0)\n\(stage)" }
        before = stage.data
      }
      let batch = Changeset(source: source, target: target)
      problems += Self.problems(batch, before: source).map { "single batch: \($0)\n\(batch)" }
      if !problems.isEmpty {
        failingCases += 1
        if failures.count < 3 {
          failures.append(
            "seed 0x\(String(seed, radix: 16)): \(source) -> \(target)\n" + problems.joined(separator: "\n"))
        }
      }
    }
    #expect(deletedSections > 100, "too few deleted sections to tell: \(deletedSections)")
    #expect(failingCases == 0, "\(failingCases) cases failed; the first:\n\(failures.joined(separator: "\n\n"))")
  }

  @Test("random consistent section changesets, deletes next to moves and inserts, place rows as the model does")
  func randomSectionChangesets() {
    var failingCases = 0
    var checked = 0
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 3_000, deep: 30_000) {
      var random = SeededRandom(seed: seed)
      // A random batch over n sections: some deleted, some moved to random places, some inserted.
      let count = random.below(8)
      let before = (0..<count).map { TokenSection(model: Token(100 + $0), elements: [Token($0)]) }
      var kept = before.filter { _ in !random.oneIn(3) }
      var movedModels: Set<Token> = []
      for _ in 0..<random.below(3) where kept.count > 1 {
        let section = kept.remove(at: random.below(kept.count))
        kept.insert(section, at: random.below(kept.count + 1))
        movedModels.insert(section.model)
      }
      for index in 0..<random.below(3) {
        kept.insert(TokenSection(model: Token(200 + index), elements: []), at: random.below(kept.count + 1))
      }
      let after = kept
      let deleted = before.indices.filter { index in !after.contains { $0.model == before[index].model } }
      let moves = before.indices.compactMap { index -> Move<Int>? in
        guard movedModels.contains(before[index].model),
          let target = after.firstIndex(where: { $0.model == before[index].model })
        else { return nil }
        return Move(source: index, target: target)
      }
      let inserted = after.indices.filter { after[$0].model.id >= 200 }
      let changeset = Changeset(
        data: after, sectionDeleted: deleted, sectionInserted: inserted, sectionMoved: moves)
      // The moves must be consistent: the sections that stay keep their order.
      guard (try? before.applying(changeset)) == after else { continue }
      checked += 1
      let problems = Self.problems(changeset, before: before)
      if !problems.isEmpty {
        failingCases += 1
        if failures.count < 3 {
          failures.append("seed \(seed): \(before) -> \(after)\n\(changeset)\n" + problems.joined(separator: "\n"))
        }
      }
    }
    #expect(checked > 2_000 * DeepPass.cases(quick: 1, deep: 10), "only \(checked) changesets applied")
    #expect(failingCases == 0, "\(failingCases) cases failed; the first:\n\(failures.joined(separator: "\n\n"))")
  }
}
