/// A value whose identity is separate from its content, so that a diff can tell a moved or updated
/// element from a deleted and inserted one.
///
/// Two elements with equal ``differenceIdentifier`` values are the same element; ``isContentEqual(to:)``
/// then tells whether its content changed (an *update*) or not.
///
/// ```swift
/// struct Contact: Differentiable {
///   var id: Int
///   var name: String
///   var differenceIdentifier: Int { id }
///   func isContentEqual(to source: Contact) -> Bool { name == source.name }
/// }
/// ```
///
/// Defaults are provided for `Hashable` values (the value is its own identity, so content never changes)
/// and for `Identifiable & Equatable` values (identity is `id`, content is `==`). A value that is
/// `Identifiable`, `Hashable` and `Equatable` gets the `Identifiable` default. `Double` is its own identity by its
/// bits (``FloatingPointIdentifier``), so that NaN is itself and `-0.0` is not `0.0`.
public protocol Differentiable {
  /// The type of the identity.
  associatedtype DifferenceIdentifier: Hashable

  /// The identity of the element: stable across content changes.
  var differenceIdentifier: DifferenceIdentifier { get }

  /// A hash of ``differenceIdentifier``, read once per element by the diff.
  ///
  /// Elements with equal identifiers must have equal hashes. The default is `differenceIdentifier.hashValue`,
  /// and for `Int` identifiers a cheaper mix of the integer, seeded per process like `Hasher`; a type whose
  /// identifier keeps a well-mixed hash (computed with `Hasher` when the identifier was made) can return it and
  /// save the diff one hashing per element. Hashes that collide never make the diff wrong (identifiers with equal
  /// hashes are still compared with `==`), and cost bounded work: when they collide so often that the diff's
  /// table fills with long runs, the diff matches with the identifiers' own `Hashable` instead.
  ///
  /// ```swift
  /// struct Row: Differentiable {
  ///   let key: CachedKey          // keeps `hash`, computed once with Hasher
  ///   var differenceIdentifier: CachedKey { key }
  ///   var differenceHash: Int { key.hash }
  ///   func isContentEqual(to source: Row) -> Bool { true }
  /// }
  /// ```
  var differenceHash: Int { get }

  /// Whether `other` has the same identity: `differenceIdentifier == other.differenceIdentifier`.
  ///
  /// The default compares the identifiers; a type can answer without making copies of them, never differently.
  ///
  /// - Parameter other: An element of the same or of the other collection.
  /// - Returns: `true` when both are the same element.
  func hasSameIdentity(as other: Self) -> Bool

  /// Whether this element's content equals the content of `source`, an element with the same identity.
  ///
  /// - Parameter source: The element from the previous collection.
  /// - Returns: `true` when nothing visible changed.
  func isContentEqual(to source: Self) -> Bool
}

extension Differentiable {
  /// `differenceIdentifier.hashValue`.
  @inlinable public var differenceHash: Int { differenceIdentifier.hashValue }

  /// `differenceIdentifier == other.differenceIdentifier`, or identifiers with the same bits: the same bits are the
  /// same value, so a `Hashable` value holding a NaN is its own identity (`==` alone would call it another element
  /// at every diff).
  @inlinable public func hasSameIdentity(as other: Self) -> Bool {
    _hasSameValue(differenceIdentifier, other.differenceIdentifier)
  }
}

/// Whether two values are the same: `==`, else the same bits (then they are the same value). The bits are asked
/// only of a value that is not equal to itself (a NaN, or a value holding one): for any other, values with the same
/// bits are `==` already. So equal values, and values that differ, cost what `==` costs (for integers the check
/// folds away), and a value holding a NaN is equal to itself; values whose bits differ are what their `==` says
/// (`0.0` and `-0.0` inside a struct are equal if its `==` says so).
@inlinable @inline(__always)
package func _hasSameValue<Value: Equatable>(_ first: Value, _ second: Value) -> Bool {
  if first == second { return true }
  // A value unequal to itself (`!(first == first)`, not `!=`, which a type may define otherwise).
  return !(first == first) && _haveSameBits(first, second)
}

/// Whether two values have the same bits: out of line, for the rare values that are not equal to themselves.
@usableFromInline @inline(never)
package func _haveSameBits<Value>(_ first: Value, _ second: Value) -> Bool {
  withUnsafePointer(to: first) { first in withUnsafePointer(to: second) { _sameBits(first, $0) } }
}

extension Differentiable where DifferenceIdentifier == Int {
  /// For integer identities (the most common: database keys, indices), a seeded multiply-and-fold of the
  /// integer, seeded per process, instead of a full `Hasher` round.
  @inlinable public var differenceHash: Int { _IntegerHash.hash(of: differenceIdentifier) }
}

/// The hash of integer identities: cheaper than `Hasher`, and seeded per process like it.
///
/// The integer, mixed with a random seed, is multiplied to 128 bits by 2⁶⁴/φ and the halves are folded, which
/// spreads every input bit over the result. It is not a keyed cryptographic hash: identities chosen to collide
/// make a diff slower, never wrong (identities are compared whenever hashes agree).
@usableFromInline
package enum _IntegerHash {
  /// A random seed per process, from `Hasher`, so that the hashes differ from one run to the next as `Hasher`'s
  /// do (and `SWIFT_DETERMINISTIC_HASHING` makes them repeatable as it makes those).
  @usableFromInline
  package static let seed: UInt64 = {
    var hasher = Hasher()
    hasher.combine(0x4C69_7374_466C_6F77 as UInt64)
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }()

  /// The hash of an integer.
  ///
  /// - Parameter value: The integer.
  /// - Returns: Its hash in this process.
  @inlinable
  package static func hash(of value: Int) -> Int {
    let product = (UInt64(bitPattern: Int64(value)) ^ seed).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
    return Int(bitPattern: UInt(product.high ^ product.low))
  }

  /// `value` mixed with a table's `seed` by SplitMix64's finalizer, every bit of the result depending on every
  /// bit of both: what a `Set` or a `Dictionary` places a key by (`_rawHashValue(seed:)`) when the key's own
  /// bits are a hash already, or small integers, without a `Hasher` round.
  package static func mixed(_ value: Int, seed: Int) -> Int {
    var bits = UInt64(UInt(bitPattern: value ^ seed))
    bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
    bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int(Int64(bitPattern: bits ^ (bits >> 31)))
  }
}

extension Differentiable where Self: Hashable {
  /// The value itself.
  public var differenceIdentifier: Self { self }

  /// Compares with `==`, or by the same bits (see ``hasSameIdentity(as:)``): for a value that is its own
  /// identity, equal identity means equal content.
  public func isContentEqual(to source: Self) -> Bool { _hasSameValue(self, source) }
}

extension Differentiable where Self: Identifiable & Equatable {
  /// The value's `id`.
  public var differenceIdentifier: ID { id }

  /// Compares with `==`, or by the same bits: a value holding a NaN is no change while its bits stay.
  public func isContentEqual(to source: Self) -> Bool { _hasSameValue(self, source) }
}

extension Differentiable where Self: Identifiable & Hashable {
  /// The value's `id`: for a value that is both `Identifiable` and `Hashable`, identity is `id`.
  public var differenceIdentifier: ID { id }

  /// Compares with `==`, or by the same bits: a value holding a NaN is no change while its bits stay.
  public func isContentEqual(to source: Self) -> Bool { _hasSameValue(self, source) }
}

extension Int: Differentiable {}
extension String: Differentiable {}
extension Character: Differentiable {}
extension Substring: Differentiable {}
extension Bool: Differentiable {}
