import ListFlowDiff
import TestSupport
import Testing

/// Sections of `Double` elements (NaNs of several payloads, both zeros), with section identities that repeat:
/// `.reject` throws exactly when an identity stands twice by its bits and names two positions that hold it;
/// `.matchInOrder`, the stages and the single batch turn the source into the target bit for bit.
@Suite("Floating-point elements in sections: duplicates named where they stand, replays bit for bit")
struct FloatingPointSectionsTests {
  typealias Section = ArraySection<Int, Double>

  /// How a target is drawn from its source.
  enum Draw { case independent, edited }

  static let draws = WeightedChoice<Draw>([
    ("a target drawn on its own", weight: 1, .independent),
    ("the source with a few values changed, moved or dropped", weight: 2, .edited),
  ])

  static func sections(_ random: inout SeededRandom, alphabet: Int) -> [Section] {
    (0..<random.below(5)).map { _ in
      Section(
        model: random.below(alphabet),
        elements: (0..<random.below(4)).map { _ in
          FloatingPointIdentityTests.pool[random.below(FloatingPointIdentityTests.pool.count)]
        })
    }
  }

  static func bits(_ sections: [Section]) -> [[UInt64]] { sections.map { $0.elements.map(\.bitPattern) } }

  /// The first identity that stands twice on a side, if any: sections first, then elements by their bits.
  static func hasDuplicate(_ sections: [Section]) -> Bool {
    let elements = sections.flatMap { $0.elements.map(\.bitPattern) }
    return Set(sections.map(\.model)).count < sections.count || Set(elements).count < elements.count
  }

  @Test("random sections of NaNs and zeros (3,000 in the deep pass): .reject names a real duplicate, stages replay")
  func rejectAndReplay() throws {
    for seed in DeepPass.seeds(from: 0xF5EC, quick: 400, deep: 3_000) {
      var random = SeededRandom(seed: seed)
      let alphabet = 2 + random.below(6)
      let source = Self.sections(&random, alphabet: alphabet)
      var target = Self.sections(&random, alphabet: alphabet)
      if Self.draws.pick(using: &random).value == .edited {
        target = source.filter { _ in !random.oneIn(5) }
        for section in target.indices {
          target[section].elements = target[section].elements.filter { _ in !random.oneIn(4) }
          if random.oneIn(3) { target[section].elements.insert(.nan, at: 0) }
          if random.oneIn(3), !target[section].elements.isEmpty { target[section].elements.reverse() }
        }
        if random.oneIn(3) { target.reverse() }
      }
      let label = "seed \(seed): \(source) -> \(target)"

      // .matchInOrder, stage by stage and in one batch.
      let changes = StagedChangeset(source: source, target: target)
      var data = source
      for stage in changes {
        data = try data.applying(stage)
        #expect(Self.bits(data) == Self.bits(stage.data), "\(label)")
      }
      #expect(Self.bits(data) == Self.bits(target) && data.map(\.model) == target.map(\.model), "\(label)")
      let batch = Changeset(source: source, target: target)
      let once = try source.applying(batch)
      #expect(Self.bits(once) == Self.bits(target) && once.map(\.model) == target.map(\.model), "\(label)")

      // .reject.
      let duplicated = (source: Self.hasDuplicate(source), target: Self.hasDuplicate(target))
      do {
        let rejecting = try StagedChangeset(source: source, target: target, duplicates: .reject)
        #expect(!duplicated.source && !duplicated.target, "\(label): .reject did not throw")
        #expect(rejecting.count == changes.count, "\(label)")
      } catch {
        guard case .duplicateIdentifier(let duplicate) = error else {
          Issue.record("\(label): threw \(error)")
          continue
        }
        let side = duplicate.side == .source ? source : target
        #expect(duplicate.side == .source ? duplicated.source : duplicated.target, "\(label): \(duplicate)")
        #expect(duplicate.first < duplicate.second, "\(label): \(duplicate)")
        if duplicate.isSection {
          let models = [duplicate.first.section, duplicate.second.section].map {
            side.indices.contains($0) ? side[$0].model : nil
          }
          #expect(models[0] != nil && models[0] == models[1], "\(label): \(duplicate) names other sections")
          #expect(models[0].map { "\($0)" } == duplicate.identifier, "\(label): \(duplicate)")
        } else {
          let values = [duplicate.first, duplicate.second].map { path -> Double? in
            side.indices.contains(path.section) && side[path.section].elements.indices.contains(path.item)
              ? side[path.section].elements[path.item] : nil
          }
          #expect(
            values[0] != nil && values[0]?.bitPattern == values[1]?.bitPattern,
            "\(label): \(duplicate) names \(values)")
          #expect(values[0].map { "\($0)" } == duplicate.identifier, "\(label): \(duplicate)")
        }
      }
    }
  }
}
