/// The identity of a floating-point value used as its own identity: its bits, not its numeric value.
///
/// `==` on floating-point numbers is not an identity: NaN is not equal to itself, and `-0.0 == 0.0`. A diff that
/// matched `Double` values with `==` would report every NaN as deleted and inserted again, and could not put NaN
/// identities in a hash table at all (each one would collide with the others and match none of them). This
/// identifier compares the bit patterns instead:
///
/// - A NaN is the same element as a NaN with the same bits (the same sign and payload), so `[.nan]` to `[.nan]` is
///   no change. NaNs with other payloads are other elements.
/// - `-0.0` and `0.0` are two elements: they print differently, so a view showing one must not keep it when the
///   list holds the other. `[0.0]` to `[-0.0]` is a delete and an insert.
/// - Every other value is identified by its value, as `==` would.
///
/// ```swift
/// let changes = StagedChangeset(source: [1.0, .nan], target: [.nan, 1.0])
/// // one stage: NaN moved from 0:1 to 0:0
/// ```
public struct FloatingPointIdentifier<Value: BinaryFloatingPoint>: Hashable, CustomStringConvertible {
  /// The value identified.
  public let value: Value

  /// The identifier of a value.
  ///
  /// - Parameter value: The value.
  public init(_ value: Value) { self.value = value }

  /// Whether both values have the same bits: the same sign, exponent and significand.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.value.sign == rhs.value.sign && lhs.value.exponentBitPattern == rhs.value.exponentBitPattern
      && lhs.value.significandBitPattern == rhs.value.significandBitPattern
  }

  /// Hashes the value's bits.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(value.sign == .minus)
    hasher.combine(value.exponentBitPattern)
    hasher.combine(value.significandBitPattern)
  }

  /// The value as it prints.
  public var description: String { "\(value)" }
}

extension FloatingPointIdentifier: Sendable where Value: Sendable {}

extension Double: Differentiable {
  /// The value's bits (see ``FloatingPointIdentifier``): NaN is itself, and `-0.0` is not `0.0`.
  public var differenceIdentifier: FloatingPointIdentifier<Double> { FloatingPointIdentifier(self) }

  /// A mix of the value's bits, as for integer identities.
  public var differenceHash: Int { _IntegerHash.hash(of: Int(truncatingIfNeeded: bitPattern)) }

  /// Whether both values have the same bits.
  public func hasSameIdentity(as other: Double) -> Bool { bitPattern == other.bitPattern }

  /// Whether both values have the same bits: for a value that is its own identity, equal identity means equal
  /// content.
  public func isContentEqual(to source: Double) -> Bool { bitPattern == source.bitPattern }
}
