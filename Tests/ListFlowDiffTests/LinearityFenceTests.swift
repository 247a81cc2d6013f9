import ListFlowDiff
import TestSupport
import Testing

/// The diff does O(n) identifier work: identifiers count their `hash(into:)` and `==` calls, and the count stays
/// under a small constant times the number of elements up to 100,000 (work is counted, never timed).
@Suite("Linearity fence")
struct LinearityFenceTests {
  /// The most identifier calls allowed per element of source and target together.
  static let callsPerElement = 6

  /// How a target is made from a source of `n` elements.
  enum Shape: String, CaseIterable, Sendable {
    case scattered = "10% scattered changes"
    case reversed = "reversed"
    case disjoint = "nothing in common"
    case duplicates = "100 identifiers repeated"
  }

  /// What becomes of a source element in a scattered target.
  enum ScatteredChange { case delete, update, insert, keep }

  /// What becomes of a source element in a scattered target, by weight (about 10% changed).
  static let scatteredChanges = WeightedChoice<ScatteredChange>([
    ("deleted", weight: 1, .delete),
    ("updated", weight: 1, .update),
    ("replaced by a new identifier (a delete and an insert)", weight: 1, .insert),
    ("kept", weight: 37, .keep),
  ])

  /// A source of `count` elements and a target of the given shape, their identifiers counting on `counter`.
  static func pair(_ shape: Shape, count: Int, counter: CallCounter) -> ([MeasuredElement], [MeasuredElement]) {
    func element(_ id: Int, _ content: Int = 0) -> MeasuredElement {
      MeasuredElement(id: MeasuringIdentifier(value: id, counter: counter), content: content)
    }
    var random = SeededRandom(seed: caseSeed(count))
    switch shape {
    case .scattered:
      let source = (0..<count).map { element($0) }
      var target: [MeasuredElement] = []
      for item in source {
        switch Self.scatteredChanges.pick(using: &random).value {
        case .delete: continue
        case .update: target.append(element(item.id.value, 1))
        case .insert: target.append(element(count + item.id.value))
        case .keep: target.append(item)
        }
      }
      for _ in 0..<count / 40 where !target.isEmpty {  // moves
        let item = target.remove(at: random.below(target.count))
        target.insert(item, at: random.below(target.count + 1))
      }
      return (source, target)
    case .reversed:
      let source = (0..<count).map { element($0) }
      return (source, source.reversed())
    case .disjoint:
      return ((0..<count).map { element($0) }, (count..<2 * count).map { element($0) })
    case .duplicates:
      return ((0..<count).map { element($0 % 100) }, (0..<count).map { _ in element(random.below(100)) })
    }
  }

  @Test(
    "a flat diff makes at most 6 identifier calls per element (100,000 elements in the deep pass)",
    arguments: Shape.allCases, DeepPass.isOn ? [1_000, 10_000, 100_000] : [1_000, 10_000])
  func flatFence(shape: Shape, count: Int) throws {
    let counter = CallCounter()
    let (source, target) = Self.pair(shape, count: count, counter: counter)
    let elements = source.count + target.count
    counter.hashes = 0
    counter.equalities = 0
    let changes = StagedChangeset(source: source, target: target)
    #expect(
      counter.total <= Self.callsPerElement * elements,
      "seed \(caseSeed(count)): \(counter.hashes) hashes, \(counter.equalities) ==")
    #expect(!changes.isEmpty, "seed \(caseSeed(count))")

    counter.hashes = 0
    counter.equalities = 0
    _ = try StagedChangeset(source: source, target: target, duplicates: shape == .duplicates ? .matchInOrder : .reject)
    #expect(
      counter.total <= Self.callsPerElement * elements,
      "seed \(caseSeed(count)), with a policy: \(counter.hashes) hashes, \(counter.equalities) ==")

    counter.hashes = 0
    counter.equalities = 0
    _ = Changeset(source: source, target: target)
    #expect(
      counter.total <= Self.callsPerElement * elements,
      "seed \(caseSeed(count)), single batch: \(counter.hashes) hashes, \(counter.equalities) ==")
  }

  @Test("a sectioned diff of 100 sections makes at most 6 identifier calls per element", arguments: [10, 100, 1_000])
  func sectionedFence(sectionSize: Int) {
    let counter = CallCounter()
    var random = SeededRandom(seed: caseSeed(sectionSize))
    func element(_ id: Int) -> MeasuredElement {
      MeasuredElement(id: MeasuringIdentifier(value: id, counter: counter), content: 0)
    }
    let source = (0..<100).map { s in
      ArraySection(model: s, elements: (0..<sectionSize).map { element(s * sectionSize + $0) })
    }
    // Every element goes to a random section, in a random order: the worst case for moves.
    var buckets = [[MeasuredElement]](repeating: [], count: 100)
    for element in source.flatMap(\.elements).shuffled(using: &random) { buckets[random.below(100)].append(element) }
    let target = zip(source, buckets).map { ArraySection(source: $0, elements: $1) }.reversed()
    let elements = 2 * 100 * sectionSize
    counter.hashes = 0
    counter.equalities = 0
    let changes = StagedChangeset(source: source, target: Array(target))
    #expect(
      counter.total <= Self.callsPerElement * elements,
      "seed \(caseSeed(sectionSize)): \(counter.hashes) hashes, \(counter.equalities) ==")
    #expect(!changes.isEmpty, "seed \(caseSeed(sectionSize))")
  }
}
