/// The seeded random number generator of every test target (the SplitMix64 algorithm), so that a generated case
/// can be replayed from its seed.
///
/// The same seed gives the same numbers on every platform, which `SystemRandomNumberGenerator` does not. A test
/// that draws from it prints the seed of a failing case.
///
/// It is the package's one generator: the benchmarks draw their data from it too, and it links no ListFlow module,
/// so the diff tests need not link ListFlow. ``below(_:)`` is `next() % bound`, the `below(n)` of
/// Benchmarks/README.md (`SeededRandomTests` in ListFlowTests checks the stream and `below`).
///
/// ```swift
/// var random = SeededRandom(seed: 42)
/// let sizes = (0..<100).map { _ in random.below(10) }  // the same every run
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator.
  ///
  /// - Parameter seed: The initial state.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  ///
  /// - Returns: The bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`: `next() % bound`, as the benchmarks draw it (the modulo bias, below 2⁻⁵⁰ for the
  /// bounds tests use, is accepted for one definition everywhere).
  ///
  /// - Parameter bound: The exclusive upper bound; must be positive.
  /// - Returns: The number.
  public mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "below(_:) needs a positive bound, got \(bound)")
    return Int(next() % UInt64(bound))
  }

  /// `true` with probability `1 / n`.
  ///
  /// - Parameter n: The odds; must be positive.
  /// - Returns: Whether the one chance in `n` came up.
  public mutating func oneIn(_ n: Int) -> Bool { below(n) == 0 }
}
