import ListFlowDiff
import TestSupport
import Testing

/// A child's changes shifted to its place in a composite (``StagedChangeset/shifted(bySections:data:)``,
/// `Changeset.shifted(bySections:data:)`): applied to the whole, each stage gives the whole with the child's
/// sections replaced by the stage's, and ``PathMapper`` follows the sections around the child where they go and
/// the child's own elements where the child's stage puts them, moved down.
@Suite("Shifted child changes: applied to the whole, and followed by a path mapper")
struct ShiftedChildTests {
  /// What stands around the child.
  enum Surroundings { case nothing, before, after, both }

  static let surroundings = WeightedChoice<Surroundings>([
    ("the child alone", weight: 1, .nothing),
    ("sections before the child", weight: 2, .before),
    ("sections after the child", weight: 2, .after),
    ("sections before and after it", weight: 3, .both),
  ])

  static func others(_ random: inout SeededRandom, from first: Int) -> [TokenSection] {
    (0..<(1 + random.below(3))).map { index in
      TokenSection(
        model: Token(200 + first + index),
        elements: (0..<random.below(3)).map { Token(300 + 10 * (first + index) + $0) })
    }
  }

  @Test("random children in random wholes (2,000 in the deep pass): stages and single batches, shifted")
  func shiftedChildren() throws {
    for seed in DeepPass.seeds(from: 0x5_1F7, quick: 300, deep: 2_000) {
      var generator = CaseGenerator(seed: seed)
      let (source, target) = generator.sectionedPair()
      var random = SeededRandom(seed: seed &* 31)
      let around = Self.surroundings.pick(using: &random)
      let before = around.value == .before || around.value == .both ? Self.others(&random, from: 0) : []
      let after = around.value == .after || around.value == .both ? Self.others(&random, from: 5) : []
      let label = "seed \(seed), \(around.name): \(before) + \(source) -> \(target) + \(after)"

      var batches = [(source, Array(StagedChangeset(source: source, target: target)))]
      batches.append((source, [Changeset(source: source, target: target)]))
      for (start, stages) in batches {
        let shifted = StagedChangeset(stages).shifted(bySections: before.count) { before + $0 + after }
        var child = start
        var whole = before + start + after
        for (stage, local) in zip(shifted, stages) {
          let next = try whole.applying(stage)
          #expect(next == before + local.data + after, "\(label)\n\(stage)")
          // Every path of the whole followed through the shifted stage.
          let mapper = PathMapper(stage)
          let childMapper = PathMapper(local)
          for (section, content) in whole.enumerated() {
            for item in -1..<content.elements.count {
              let path = ItemPath(item: max(item, 0), section: section)
              let expected: MappedPath
              if section < before.count {
                expected = .kept(path)
              } else if section >= before.count + child.count {
                let moved = ItemPath(item: path.item, section: section - child.count + local.data.count)
                expected = .kept(moved)
              } else {
                switch childMapper.map(ItemPath(item: path.item, section: section - before.count)) {
                case .kept(let local):
                  expected = .kept(ItemPath(item: local.item, section: local.section + before.count))
                case .removed(let local):
                  expected = .removed(ItemPath(item: local.item, section: local.section + before.count))
                }
              }
              if item < 0 {
                if section < before.count || section >= before.count + child.count {
                  #expect(mapper.mapSection(section) == expected.section, "\(label)\n\(stage)")
                }
                continue
              }
              #expect(mapper.map(path) == expected, "\(label): \(path)\n\(stage)")
            }
          }
          whole = next
          child = local.data
        }
        #expect(whole == before + target + after, "\(label)")
      }
    }
  }
}

extension MappedPath {
  /// The section of a kept path.
  fileprivate var section: Int? {
    if case .kept(let path) = self { return path.section }
    return nil
  }
}
