import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlow

@Suite("Section offsets")
struct SectionOffsetsTests {
  /// The brute-force owner of every global section: child and local section, by walking the counts.
  func bruteForce(_ counts: [Int]) -> [(child: Int, section: Int)] {
    counts.enumerated().flatMap { child, count in (0..<count).map { (child, $0) } }
  }

  func check(_ offsets: SectionOffsets, seed: UInt64) {
    let expected = bruteForce(offsets.counts)
    #expect(offsets.totalCount == expected.count, "seed \(seed)")
    for (global, owner) in expected.enumerated() {
      let found = offsets.childSection(forSection: global)
      #expect(found?.child == owner.child && found?.section == owner.section, "seed \(seed), section \(global)")
      #expect(offsets.section(forChild: owner.child, section: owner.section) == global, "seed \(seed)")
    }
    #expect(offsets.childSection(forSection: expected.count) == nil)
    #expect(offsets.childSection(forSection: -1) == nil)
    for child in offsets.counts.indices {
      #expect(offsets.section(forChild: child, section: offsets.counts[child]) == nil)
      #expect(offsets.section(forChild: child, section: -1) == nil)
    }
    #expect(offsets.section(forChild: offsets.childCount, section: 0) == nil)
  }

  /// A change to the children's counts.
  enum Change { case setCount, insert, remove }

  /// The changes ``randomCounts(seed:)`` makes, by weight.
  static let changes = WeightedChoice<Change>([
    ("set a child's count", weight: 1, .setCount),
    ("insert a child", weight: 1, .insert),
    ("remove a child", weight: 1, .remove),
  ])

  @Test("global and local sections map both ways as a brute-force walk does", arguments: 0..<50 as Range<UInt64>)
  func randomCounts(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var offsets = SectionOffsets(
      counts: (0..<Int.random(in: 0...12, using: &random)).map { _ in
        Int.random(in: 0...3, using: &random)
      })
    check(offsets, seed: seed)
    for _ in 0..<30 {
      switch Self.changes.pick(using: &random).value {
      case .setCount where offsets.childCount > 0:
        offsets.setCount(
          Int.random(in: 0...4, using: &random), ofChild: Int.random(in: 0..<offsets.childCount, using: &random))
      case .insert:
        offsets.insertChild(
          count: Int.random(in: 0...3, using: &random), at: Int.random(in: 0...offsets.childCount, using: &random))
      case .remove where offsets.childCount > 0:
        offsets.removeChild(at: Int.random(in: 0..<offsets.childCount, using: &random))
      case .setCount, .remove:
        break  // no child to change
      }
      check(offsets, seed: seed)
    }
  }

  @Test("the starts are rebuilt only when a child's count changes")
  func rebuildsOnlyOnChange() {
    var offsets = SectionOffsets(counts: [2, 0, 3])
    let before = offsets.rebuilds
    offsets.setCount(2, ofChild: 0)
    offsets.setCount(0, ofChild: 1)
    #expect(offsets.rebuilds == before)
    offsets.setCount(1, ofChild: 0)
    #expect(offsets.rebuilds == before + 1)
    #expect(offsets.start(ofChild: 2) == 1)
    #expect(offsets.sections(ofChild: 2) == 1..<4)
  }

  @Test("children with no section own no global section")
  func emptyChildren() {
    let offsets = SectionOffsets(counts: [0, 2, 0, 0, 1, 0])
    #expect(offsets.childSection(forSection: 0)! == (1, 0))
    #expect(offsets.childSection(forSection: 1)! == (1, 1))
    #expect(offsets.childSection(forSection: 2)! == (4, 0))
    #expect(offsets.childSection(forSection: 3) == nil)
    #expect(SectionOffsets(counts: [-2, 1]).counts == [0, 1])
  }
}

@Suite("SectionOffsets: bad child indices clamp or do nothing")
struct SectionOffsetsBadInputTests {
  @Test("random operations with indices far outside the children never trap and keep the starts consistent")
  func extremeIndices() {
    let seed: UInt64 = 7
    var random = SeededRandom(seed: seed)
    let extremes = [Int.min, -1, 0, 1, 3, 1_000, Int.max]
    for round in 0..<2_000 {
      var offsets = SectionOffsets(counts: [2, 0, 3])
      var done: [String] = []
      for _ in 0..<10 {
        let child = extremes[Int(random.next() % UInt64(extremes.count))]
        let operation = Self.operations.pick(using: &random)
        done.append("\(operation.name) \(child)")
        switch operation.value {
        case .setCount: offsets.setCount(Int(random.next() % 4), ofChild: child)
        case .insert: offsets.insertChild(count: Int(random.next() % 4), at: child)
        case .remove: offsets.removeChild(at: child)
        case .sections: _ = offsets.sections(ofChild: child)
        case .start: _ = offsets.start(ofChild: child)
        }
        var start = 0
        for index in 0..<offsets.childCount {
          #expect(offsets.start(ofChild: index) == start, "seed \(seed), round \(round), after \(done)")
          start += offsets.counts[index]
        }
        #expect(offsets.totalCount == start, "seed \(seed), round \(round), after \(done)")
      }
    }
  }

  /// An operation at a child index.
  enum Operation { case setCount, insert, remove, sections, start }

  /// The operations ``extremeIndices()`` makes, by weight.
  static let operations = WeightedChoice<Operation>([
    ("set the count of child", weight: 1, .setCount),
    ("insert a child at", weight: 1, .insert),
    ("remove the child at", weight: 1, .remove),
    ("read the sections of child", weight: 1, .sections),
    ("read the start of child", weight: 1, .start),
  ])
}
