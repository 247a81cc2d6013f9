import ListFlowDiff
import TestSupport
import Testing

/// `Double` is its own identity by its bits: NaN is itself, `-0.0` is not `0.0`, every other value is its value.
@Suite("Floating-point identities")
struct FloatingPointIdentityTests {
  /// The values the random cases draw from: several NaNs, both zeros, infinities, ordinary numbers.
  static let pool: [Double] = [
    .nan, -.nan, Double(nan: 7, signaling: false), .signalingNaN, 0.0, -0.0, .infinity, -.infinity, 1, 2.5, -3,
  ]

  /// Whether two arrays hold the same bits, element by element.
  private func sameBits(_ left: [Double], _ right: [Double]) -> Bool {
    left.map(\.bitPattern) == right.map(\.bitPattern)
  }

  @Test("NaN is the same element as itself: [nan] to [nan] is no change, and a NaN that moves is one move")
  func nanIsItself() throws {
    #expect(StagedChangeset(source: [Double.nan], target: [.nan]).isEmpty)
    #expect(Double.nan.differenceIdentifier == Double.nan.differenceIdentifier)
    let changes = StagedChangeset(source: [1, .nan, 2], target: [.nan, 2, 1])
    #expect(changes.count == 1)
    #expect(changes.flatMap(\.elementMoved).count == 1)
    #expect(changes.flatMap(\.elementInserted).isEmpty && changes.flatMap(\.elementDeleted).isEmpty)
  }

  @Test("-0.0 and 0.0 are two elements: one replaces the other, so the view never keeps the wrong sign")
  func signedZerosDiffer() throws {
    let changes = StagedChangeset(source: [0.0], target: [-0.0])
    #expect(changes.flatMap(\.elementDeleted) == [ItemPath(item: 0, section: 0)])
    #expect(changes.flatMap(\.elementInserted) == [ItemPath(item: 0, section: 0)])
    #expect(changes.last?.data.first?.sign == .minus)
    #expect((0.0).differenceIdentifier != (-0.0).differenceIdentifier)
  }

  @Test("NaNs with other payloads are other elements")
  func payloadsDiffer() {
    let quiet = Double(nan: 1, signaling: false)
    let other = Double(nan: 2, signaling: false)
    #expect(quiet.differenceIdentifier != other.differenceIdentifier)
    #expect(!StagedChangeset(source: [quiet], target: [other]).isEmpty)
  }

  @Test("under .reject a NaN that stands twice is a duplicate, named as it prints")
  func nanDuplicateIsRejected() {
    #expect(throws: DiffError.self) {
      try StagedChangeset(source: [Double.nan, .nan], target: [], duplicates: .reject)
    }
    do {
      _ = try StagedChangeset(source: [1.0], target: [.nan, 2, .nan], duplicates: .reject)
      Issue.record("no error")
    } catch {
      guard case .duplicateIdentifier(let duplicate) = error else { return #expect(Bool(false)) }
      #expect(duplicate.identifier == "nan")
      #expect(duplicate.first == ItemPath(item: 0, section: 0) && duplicate.second == ItemPath(item: 2, section: 0))
    }
  }

  @Test(
    "20,000 NaN identities diff as equal elements, and 20,000 NaN payloads shuffled replay exactly",
    .timeLimit(.minutes(60)))
  func manyNaNs() throws {
    let nans = [Double](repeating: .nan, count: 20_000)
    #expect(StagedChangeset(source: nans, target: nans).isEmpty)
    var random = SeededRandom(seed: 12)
    let payloads = (0..<20_000).map { Double(nan: Double.RawSignificand($0), signaling: false) }
    let shuffled = payloads.shuffled(using: &random)
    let changes = StagedChangeset(source: payloads, target: shuffled)
    let replayed = try changes.reduce(payloads) { try $0.applying($1) }
    #expect(sameBits(replayed, shuffled))
    #expect(changes.flatMap(\.elementInserted).isEmpty)
  }

  @Test("random lists of NaNs, zeros and numbers replay to their target bit for bit with minimal changes")
  func randomFloatingPointPairs() throws {
    for index in 0..<2_000 {
      let seed = caseSeed(index)
      var random = SeededRandom(seed: seed)
      let source = (0..<random.below(9)).map { _ in Self.pool[random.below(Self.pool.count)] }
      let target = (0..<random.below(9)).map { _ in Self.pool[random.below(Self.pool.count)] }
      let changes = StagedChangeset(source: source, target: target)
      var current = source
      for stage in changes {
        current = try current.applying(stage)
        #expect(sameBits(current, stage.data), "seed 0x\(String(seed, radix: 16)): \(source) -> \(target)")
      }
      #expect(sameBits(current, target), "seed 0x\(String(seed, radix: 16)): \(source) -> \(target)")
      #expect(
        ChangeCounts(changes) == Reference.expectedCounts(source: source, target: target),
        "seed 0x\(String(seed, radix: 16)): \(source) -> \(target)")
    }
  }
  /// A value that is its own identity and holds a `Double`: `Hashable` by its synthesized `==`, under which a
  /// reading of NaN is not equal to itself.
  struct Reading: Hashable, Differentiable {
    var name: String
    var value: Double?
  }

  /// Every stage's paths: what a view is told.
  private func paths<Data>(_ changes: StagedChangeset<Data>) -> [[String]] {
    changes.map { stage in
      [
        stage.elementDeleted.description, stage.elementInserted.description, stage.elementUpdated.description,
        stage.elementMoved.description, "\(stage.sectionDeleted) \(stage.sectionInserted) \(stage.sectionMoved)",
      ]
    }
  }

  @Test("values holding a NaN are their own identity and content: a diff of them is the diff of their positions")
  func valuesHoldingNaNs() throws {
    var issues = 0
    for seed in DeepPass.seeds(from: 0xF10A7, quick: 300, deep: 3_000) {
      var random = SeededRandom(seed: seed)
      // A pool of distinct readings (one name each), many of them NaN: the oracle diffs their indices.
      let values: [Double?] = [.nan, -.nan, Double(nan: 5, signaling: false), 0.0, -0.0, nil, 1.5, .infinity]
      let pool = (0..<(4 + random.below(seed % 4 == 0 ? 400 : 30))).map {
        Reading(name: "r\($0)", value: values[random.below(values.count)])
      }
      // Sections of distinct indices, each index used once over all sections of a side.
      func sections() -> [ArraySection<Int, Int>] {
        var indices = Array(pool.indices).shuffled(using: &random)
        indices.removeLast(random.below(indices.count / 3 + 1))
        var result: [ArraySection<Int, Int>] = []
        for model in 0..<(1 + random.below(3)) where !indices.isEmpty {
          let count = model == 2 ? indices.count : random.below(indices.count + 1)
          result.append(ArraySection(model: model, elements: Array(indices.prefix(count))))
          indices.removeFirst(count)
        }
        return result
      }
      let source = sections()
      var target = seed % 3 == 0 ? source : sections()
      if seed % 3 == 0, !target.isEmpty {
        // A few edits of a long list: what the sparse path walks.
        let section = random.below(target.count)
        if !target[section].elements.isEmpty { target[section].elements.swapAt(0, target[section].elements.count - 1) }
      }
      let readings = { (sides: [ArraySection<Int, Int>]) in
        sides.map { ArraySection(model: $0.model, elements: $0.elements.map { pool[$0] }) }
      }
      let changes = StagedChangeset(source: readings(source), target: readings(target))
      let expected = StagedChangeset(source: source, target: target)
      if paths(changes) != paths(expected) {
        issues += 1
        Issue.record("seed 0x\(String(seed, radix: 16)): \(paths(changes)) against \(paths(expected))")
      }
      // The same reading twice is a duplicate, as the same index twice is.
      let twice = [pool[0], pool[1], pool[0]]
      #expect(throws: DiffError.self) { try StagedChangeset(source: twice, target: [], duplicates: .reject) }
      #expect(throws: DiffError.self) {
        try StagedChangeset(source: [ArraySection(model: 0, elements: twice)], target: [], duplicates: .reject)
      }
      if issues > 5 { break }
    }
  }
}
