import ListFlowDiff
import TestSupport
import Testing

/// Colliding hashes cost bounded work: when every element's `differenceHash` is one constant, the diff makes at
/// most 20 times the identifier calls (`hash(into:)` and `==`, counted) it makes with well-spread hashes, where a
/// plain hash table would compare every identifier with every other (work is counted, never timed).
@Suite("Collision fence")
struct CollisionFenceTests {
  /// The most identifier calls allowed with colliding hashes, as a multiple of those with spread hashes.
  static let factor = 20

  /// The identifier calls of `diff`, counted on `counter`.
  private func calls(_ counter: CallCounter, _ diff: () throws -> Void) rethrows -> Int {
    counter.hashes = 0
    counter.equalities = 0
    try diff()
    return counter.total
  }

  @Test(
    "20,000 elements (100,000 deep) with one hash cost at most 20 times the identifier calls of spread hashes, flat",
    arguments: LinearityFenceTests.Shape.allCases)
  func flatFence(shape: LinearityFenceTests.Shape) throws {
    let counter = CallCounter()
    let count = DeepPass.cases(quick: 20_000, deep: 100_000)
    let (source, target) = LinearityFenceTests.pair(shape, count: count, counter: counter)
    let collidingSource = source.map(CollidingMeasuredElement.init)
    let collidingTarget = target.map(CollidingMeasuredElement.init)
    let policy: DuplicatePolicy = shape == .duplicates ? .matchInOrder : .reject

    var spreadChanges = StagedChangeset<[MeasuredElement]>()
    var collidingChanges = StagedChangeset<[CollidingMeasuredElement]>()
    let spread = calls(counter) { spreadChanges = StagedChangeset(source: source, target: target) }
    let colliding = calls(counter) {
      collidingChanges = StagedChangeset(source: collidingSource, target: collidingTarget)
    }
    #expect(colliding <= Self.factor * spread, "\(shape): \(colliding) calls colliding, \(spread) spread")
    #expect(ChangeCounts(collidingChanges) == ChangeCounts(spreadChanges))

    let spreadWithPolicy = try calls(counter) {
      _ = try StagedChangeset(source: source, target: target, duplicates: policy)
    }
    let collidingWithPolicy = try calls(counter) {
      _ = try StagedChangeset(source: collidingSource, target: collidingTarget, duplicates: policy)
    }
    #expect(
      collidingWithPolicy <= Self.factor * spreadWithPolicy,
      "\(shape) with a policy: \(collidingWithPolicy) calls colliding, \(spreadWithPolicy) spread")
  }

  @Test("100 sections of 1,000 elements with one hash cost at most 20 times the identifier calls of spread hashes")
  func sectionedFence() {
    let counter = CallCounter()
    var random = SeededRandom(seed: caseSeed(1_000))
    let elements = (0..<100_000).map {
      MeasuredElement(id: MeasuringIdentifier(value: $0, counter: counter), content: 0)
    }
    // Scattered changes: a tenth of each section leaves for another section, a tenth is replaced, the rest stays.
    var source = (0..<100).map { ArraySection(model: $0, elements: Array(elements[$0 * 1_000..<($0 + 1) * 1_000])) }
    var target = source
    var fresh = 100_000
    for section in target.indices {
      for item in target[section].elements.indices where random.oneIn(10) {
        target[section].elements[item].id = MeasuringIdentifier(value: fresh, counter: counter)
        fresh += 1
      }
    }
    for _ in 0..<10_000 {
      let from = random.below(100)
      guard !target[from].elements.isEmpty else { continue }
      let element = target[from].elements.remove(at: random.below(target[from].elements.count))
      let to = random.below(100)
      target[to].elements.insert(element, at: random.below(target[to].elements.count + 1))
    }
    source.swapAt(0, 99)

    func colliding(_ sections: [ArraySection<Int, MeasuredElement>]) -> [ArraySection<Int, CollidingMeasuredElement>] {
      sections.map { ArraySection(model: $0.model, elements: $0.elements.map(CollidingMeasuredElement.init)) }
    }
    let collidingSource = colliding(source)
    let collidingTarget = colliding(target)
    var spreadChanges = StagedChangeset<[ArraySection<Int, MeasuredElement>]>()
    var collidingChanges = StagedChangeset<[ArraySection<Int, CollidingMeasuredElement>]>()
    let spread = calls(counter) { spreadChanges = StagedChangeset(source: source, target: target) }
    let collidingCalls = calls(counter) {
      collidingChanges = StagedChangeset(source: collidingSource, target: collidingTarget)
    }
    #expect(collidingCalls <= Self.factor * spread, "\(collidingCalls) calls colliding, \(spread) spread")
    #expect(ChangeCounts(collidingChanges) == ChangeCounts(spreadChanges))
  }
}
