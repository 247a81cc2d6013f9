import TestSupport
import Testing

/// The one seeded generator of the tests and the benchmarks (TestSupport's `SeededRandom`): the SplitMix64
/// stream, and `below(n)` is `next() % n`, as Benchmarks/README.md defines it.
@Suite("One seeded generator for tests and benchmarks")
struct SeededRandomTests {
  @Test(
    "the stream is SplitMix64's, and below(n) is next() % n", arguments: [0, 1, 42, 0x11F7_D1FF] as [UInt64])
  func sameStream(seed: UInt64) {
    var tests = SeededRandom(seed: seed)
    var state = seed
    for _ in 0..<1_000 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      #expect(tests.next() == z ^ (z >> 31), "seed \(seed)")
    }
    var drawn = SeededRandom(seed: seed)
    var reference = SeededRandom(seed: seed)
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
