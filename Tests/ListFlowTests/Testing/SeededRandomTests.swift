import ListFlowTesting
import TestSupport
import Testing

/// The tests' generator (TestSupport's `SeededRandom`) and ListFlowTesting's public `SplitMix64` are one
/// generator: the same seed gives the same stream, and `below(n)` is `next() % n`, as Benchmarks/README.md
/// defines it.
@Suite("One seeded generator for tests, benchmarks and apps")
struct SeededRandomTests {
  @Test(
    "the same seed gives the same numbers, and below(n) is next() % n", arguments: [0, 1, 42, 0x11F7_D1FF] as [UInt64])
  func sameStream(seed: UInt64) {
    var tests = SeededRandom(seed: seed)
    var library = SplitMix64(seed: seed)
    for _ in 0..<1_000 { #expect(tests.next() == library.next(), "seed \(seed)") }
    var drawn = SeededRandom(seed: seed)
    var reference = SplitMix64(seed: seed)
    for bound in 1..<1_000 {
      #expect(drawn.below(bound) == Int(reference.next() % UInt64(bound)), "seed \(seed), bound \(bound)")
    }
  }

  @Test("a weighted choice draws each option in proportion to its weight")
  func weights() {
    var random = SeededRandom(seed: 7)
    let choice = WeightedChoice([("a", weight: 1, 0), ("b", weight: 3, 1)])
    var counts = [0, 0]
    for _ in 0..<4_000 { counts[choice.pick(using: &random).value] += 1 }
    #expect((800..<1_200).contains(counts[0]) && counts[0] + counts[1] == 4_000, "\(counts)")
  }
}

@Suite("Shrinking a failing sequence of actions")
struct ShrinkingTests {
  @Test("the shortest failing sequence keeps only the actions the failure needs")
  func shortest() async {
    let actions = Array(1...10)
    let shortest = await shortestFailing(actions) { $0.contains(3) && $0.contains(7) }
    #expect(shortest == [3, 7])
    #expect(await shortestFailing(actions) { _ in true } == [])
  }
}
