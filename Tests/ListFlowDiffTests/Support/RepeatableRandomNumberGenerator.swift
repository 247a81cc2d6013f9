import Foundation

/// A seeded random number generator (SplitMix64), so a failing random case can be replayed from its seed.
struct RepeatableRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &self) }

  /// `true` with probability `1 / n`.
  mutating func oneIn(_ n: Int) -> Bool { below(n) == 0 }
}

/// The base seed of the random tests: `LISTFLOW_FUZZ_SEED` (decimal or `0x` hex) when set, else a fixed value,
/// so every run is reproducible and another seed can be tried without editing code.
let fuzzBaseSeed: UInt64 = {
  if let text = environmentValue("LISTFLOW_FUZZ_SEED") {
    if text.hasPrefix("0x"), let value = UInt64(text.dropFirst(2), radix: 16) { return value }
    if let value = UInt64(text) { return value }
  }
  return 0x11F7_D1FF
}()

/// The seed of case `index` of a random test: every case can be rebuilt alone from it.
func caseSeed(_ index: Int) -> UInt64 {
  var random = RepeatableRandomNumberGenerator(seed: fuzzBaseSeed &+ UInt64(index))
  return random.next()
}

/// The value of an environment variable.
func environmentValue(_ name: String) -> String? { ProcessInfo.processInfo.environment[name] }
