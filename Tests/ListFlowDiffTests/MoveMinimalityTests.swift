import ListFlowDiff
import TestSupport
import Testing

/// Moves are minimal: the number of moves equals the matched elements minus the length of a longest increasing
/// subsequence of their source positions (per target section, plus every element that changes section), checked
/// against the O(n²) reference of the test support on larger random cases than the fuzzing uses.
@Suite("Move minimality")
struct MoveMinimalityTests {
  @Test("the reference LIS is right on known sequences")
  func referenceLIS() {
    #expect(Reference.longestIncreasingSubsequenceLength([]) == 0)
    #expect(Reference.longestIncreasingSubsequenceLength([5]) == 1)
    #expect(Reference.longestIncreasingSubsequenceLength([3, 1, 2]) == 2)
    #expect(Reference.longestIncreasingSubsequenceLength([4, 3, 2, 1]) == 1)
    #expect(Reference.longestIncreasingSubsequenceLength([0, 8, 4, 12, 2, 10, 6, 14, 1, 9]) == 4)
    #expect(Reference.longestIncreasingSubsequenceLength([1, 1, 1]) == 1)  // strictly increasing
  }

  @Test("on random flat pairs (500 in the deep pass) of up to 300 elements, moves = matched - LIS")
  func flatMovesAreMinimal() {
    var failures: [String] = []
    for index in 0..<DeepPass.cases(quick: 100, deep: 500) {
      let seed = caseSeed(1_000_000 + index)
      var generator = CaseGenerator(seed: seed)
      let size = generator.random.below(301)
      let alphabet: Int? = generator.random.oneIn(4) ? 1 + generator.random.below(40) : nil
      let source = generator.tokens(size, alphabet: alphabet)
      var target = generator.edit(source, alphabet: alphabet)
      for _ in 0..<generator.random.below(size / 10 + 1) where !target.isEmpty {  // scattered moves
        let item = target.remove(at: generator.random.below(target.count))
        target.insert(item, at: generator.random.below(target.count + 1))
      }
      let changes = StagedChangeset(source: source, target: target)
      let expected = Reference.expectedCounts(source: source, target: target).elementMoved
      let moves = changes.reduce(0) { $0 + $1.elementMoved.count }
      if moves != expected {
        failures.append("seed 0x\(String(seed, radix: 16)): \(moves) moves, expected \(expected)")
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(3).joined(separator: "\n"))")
  }

  @Test(
    "on random pairs (300 in the deep pass) of up to 8 sections of 30, moves per section = own matched - LIS, plus crossers"
  )
  func sectionedMovesAreMinimal() {
    var failures: [String] = []
    for index in 0..<DeepPass.cases(quick: 60, deep: 300) {
      let seed = caseSeed(2_000_000 + index)
      var generator = CaseGenerator(seed: seed)
      let (source, target) = generator.sectionedPair(maximumSections: 8, maximumElements: 30)
      let changes = StagedChangeset(source: source, target: target)
      let expected = Reference.expectedSectionedCounts(source: source, target: target)
      let counts = ChangeCounts(changes)
      if counts.elementMoved != expected.elementMoved || counts.sectionMoved != expected.sectionMoved {
        failures.append("seed 0x\(String(seed, radix: 16)): \(counts), expected \(expected)")
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(3).joined(separator: "\n"))")
  }
}
