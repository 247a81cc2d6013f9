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
}
