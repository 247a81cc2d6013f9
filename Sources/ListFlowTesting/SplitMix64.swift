/// A small, seedable random number generator (SplitMix64), so that a random test can be replayed from its seed.
///
/// The same seed always gives the same numbers, on every platform, which `SystemRandomNumberGenerator` does not.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let sizes = (0..<100).map { _ in Int.random(in: 0..<10, using: &random) }  // the same every run
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
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
}
