/// A type-erased, `Sendable` value that identifies a row or a section, or tags an item.
///
/// The diff matches rows and sections by identity. `ListIdentifier` wraps any `Hashable & Sendable` value, so
/// that rows of different declaration types can live in the same list. Two identifiers are equal when they wrap
/// values of the same type that compare equal, and, for scoped identifiers, when their scopes are equal too.
/// A floating-point value (`Double`, `Float`, and `Float16` and `Float80` where the platform has them) is
/// compared and hashed by its bits, as ``FloatingPointIdentifier`` does, not by `==`: a NaN is the same identity
/// as itself, and `-0.0` is another identity than `0.0`.
///
/// ```swift
/// let a = ListIdentifier(42)
/// let b = ListIdentifier(42, scope: "ReviewCell")
/// a == b  // false: the scope differs
/// ```
///
/// The same type is an item's tag: a piece of user information attached to a data model (``ListItemDataModel/tag``)
/// and passed back with selection and cell actions (``CellBinder/tag``). A model that stores one stays `Equatable`
/// by synthesis:
///
/// ```swift
/// struct TextDataModel: ListItemDataModel, Hashable {
///   var text: String
///   var tag: ListIdentifier? = "product-name"
/// }
/// delegate.didSelectRow = { _, row in print(row.tag?.value(as: String.self) ?? "") }
/// ```
public struct ListIdentifier: Hashable, Sendable, CustomStringConvertible {
  /// The wrapped value: `Int` and `String` values (the usual identities) inline, any other type in a shared box,
  /// so that making, copying and comparing the usual identities allocates nothing.
  @usableFromInline
  internal enum Payload: Sendable {
    case int(Int)
    case string(String)
    case boxed(any _ListIdentifierBox)
  }

  @usableFromInline
  internal let payload: Payload
  @usableFromInline
  internal let scope: String?
  /// The hash of the scope and the value, computed once, so that hashing and most inequalities are one compare.
  @usableFromInline internal let hash: Int

  /// Creates an identifier from a value.
  ///
  /// - Parameters:
  ///   - value: The value that identifies the row or section.
  ///   - scope: A namespace that keeps equal values of different kinds apart (the default row identity of a
  ///     binder is scoped by its cell's reuse identifier), or `nil`.
  @inlinable
  public init<Value: Hashable & Sendable>(_ value: Value, scope: String? = nil) {
    if Value.self == ListIdentifier.self, scope == nil, let identifier = value as? ListIdentifier {
      self = identifier
      return
    }
    if let identifier = Self.floatingPoint(value, scope: scope) {
      self = identifier
      return
    }
    self.scope = scope
    if Value.self == Int.self, let value = value as? Int {
      // The most common identity: a seeded multiply-and-fold instead of a full `Hasher` round.
      // A scope's hash is mixed in without a `Hasher` round of its own (see `init(_:scope:scopeHash:)`).
      hash = _IntegerHash.hash(of: scope.map { value ^ $0.hashValue } ?? value)
      payload = .int(value)
      return
    }
    hash = Self.hash(of: value, scope: scope)
    if Value.self == String.self, let value = value as? String {
      payload = .string(value)
    } else {
      payload = Self.boxed(value)
    }
  }

  /// The identifier of a floating-point value, by its bits; `nil` for a value of another type. The checks compare
  /// types, and fold away where the caller is specialised: other types pay nothing.
  @inlinable @inline(__always)
  static func floatingPoint<Value: Hashable & Sendable>(_ value: Value, scope: String?) -> ListIdentifier? {
    if Value.self == Double.self { return floatingPoint(bitsOf: unsafeBitCast(value, to: Double.self), scope: scope) }
    if Value.self == Float.self { return floatingPoint(bitsOf: unsafeBitCast(value, to: Float.self), scope: scope) }
    #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
    if Value.self == Float16.self {
      return floatingPoint(bitsOf: unsafeBitCast(value, to: Float16.self), scope: scope)
    }
    #endif
    #if (arch(i386) || arch(x86_64)) && !(os(Windows) || os(Android))
    if Value.self == Float80.self {
      return floatingPoint(bitsOf: unsafeBitCast(value, to: Float80.self), scope: scope)
    }
    #endif
    return nil
  }

  /// The identifier of a floating-point value: a box that compares the bits, hashed as ``FloatingPointIdentifier``.
  @usableFromInline
  static func floatingPoint<Value: BinaryFloatingPoint & Sendable>(
    bitsOf value: Value, scope: String?
  )
    -> ListIdentifier
  {
    ListIdentifier(
      payload: .boxed(_ConcreteListIdentifierBox(value)), scope: scope,
      hash: hash(of: FloatingPointIdentifier(value), scope: scope))
  }

  /// The hash of a scope and a value, with `Hasher` (seeded per process).
  @inlinable
  static func hash<Value: Hashable>(of value: Value, scope: String?) -> Int {
    var hasher = Hasher()
    hasher.combine(scope)
    hasher.combine(value)
    return hasher.finalize()
  }

  /// The identifier ``init(_:scope:)`` makes of `value` and `scope`, whose hash (`scope.hashValue`) the caller
  /// kept: an item's identity is scoped by its data model's full type name, whose hash is kept with it (see
  /// `_TypeNameCache.scope(of:)`), so that making a binder does not hash the name again.
  @inlinable
  init<Value: Hashable & Sendable>(_ value: Value, scope: String, scopeHash: Int) {
    guard Value.self == Int.self else {
      self = ListIdentifier(value, scope: scope)
      return
    }
    let value = unsafeBitCast(value, to: Int.self)
    // The hash of `init(_:scope:)`'s `Int` branch, which this must match for the two to be equal
    // (`BinderIdentityTests.itemIdentities` checks it).
    self = ListIdentifier(payload: .int(value), scope: scope, hash: _IntegerHash.hash(of: value ^ scopeHash))
  }

  @usableFromInline
  internal init(payload: Payload, scope: String?, hash: Int) {
    self.payload = payload
    self.scope = scope
    self.hash = hash
  }

  /// The payload of a value that is neither an `Int` nor a `String`: a box of its own (not inlined: the usual
  /// identities never reach it).
  @usableFromInline
  static func boxed<Value: Hashable & Sendable>(_ value: Value) -> Payload {
    .boxed(_ConcreteListIdentifierBox(value))
  }

  /// The wrapped value as an existential.
  private var base: any Hashable & Sendable {
    switch payload {
    case .int(let value): value
    case .string(let value): value
    case .boxed(let box): box.base
    }
  }

  /// The wrapped value, if it has the given type.
  ///
  /// - Parameter type: The type of the value.
  /// - Returns: The value, or `nil` when it has another type.
  public func value<Value>(as type: Value.Type = Value.self) -> Value? { base as? Value }

  /// Whether two identifiers wrap equal values of the same type, with equal scopes.
  public static func == (lhs: ListIdentifier, rhs: ListIdentifier) -> Bool {
    guard lhs.hash == rhs.hash, lhs.scope == rhs.scope else { return false }
    switch (lhs.payload, rhs.payload) {
    case (.int(let left), .int(let right)): return left == right
    case (.string(let left), .string(let right)): return left == right
    case (.boxed(let left), .boxed(let right)): return left === right || left.isEqual(to: right)
    default: return false
    }
  }

  /// Hashes the scope and the wrapped value (computed once, when the identifier is made).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  /// The hash a `Set` or a `Dictionary` places the identifier by: the hash computed once, mixed with the
  /// table's seed by a 64-bit finalizer (SplitMix64's) instead of a `Hasher` round, which edits that look rows
  /// up by identity would otherwise pay on every look-up.
  public func _rawHashValue(seed: Int) -> Int { _IntegerHash.mixed(hash, seed: seed) }

  /// The wrapped value, prefixed with its scope when there is one.
  public var description: String {
    if let scope { "\(scope).\(base)" } else { "\(base)" }
  }
}

/// The shared storage of a ``ListIdentifier`` wrapping a value that is neither an `Int` nor a `String`.
@usableFromInline
internal protocol _ListIdentifierBox: AnyObject, Sendable {
  /// The wrapped value.
  var base: any Hashable & Sendable { get }
  /// Whether `other` wraps an equal value of the same type.
  func isEqual(to other: any _ListIdentifierBox) -> Bool
}

/// The storage of an identifier wrapping a value of type `Value`.
internal final class _ConcreteListIdentifierBox<Value: Hashable & Sendable>: _ListIdentifierBox {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }

  var base: any Hashable & Sendable { value }

  /// A floating-point value is compared by its bits (see ``FloatingPointIdentifier``): `==` would make NaN differ
  /// from itself and `-0.0` the same as `0.0`. Any other value with the same bits is the same value, so a struct
  /// or an `Optional` holding a NaN is its own identity; values whose bits differ are compared with `==` (the rule
  /// of a binder's content, `_hasEqualContent`). Equal bits hash alike, so the hash stays that of `==`.
  func isEqual(to other: any _ListIdentifierBox) -> Bool {
    guard let other = other as? _ConcreteListIdentifierBox<Value> else { return false }
    return _hasEqualContent(value, other.value)
  }
}

/// Whether two values of a floating-point type have the same bits (see ``FloatingPointIdentifier``); `nil` for
/// values of another type. The checks compare types (a load and a compare each, folded away where the caller is
/// specialised), never cast a value.
@inlinable @inline(__always)
func _sameFloatingPointBits<Value>(_ left: Value, _ right: Value) -> Bool? {
  if Value.self == Double.self {
    return unsafeBitCast(left, to: Double.self).bitPattern == unsafeBitCast(right, to: Double.self).bitPattern
  }
  if Value.self == Float.self {
    return unsafeBitCast(left, to: Float.self).bitPattern == unsafeBitCast(right, to: Float.self).bitPattern
  }
  #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
  if Value.self == Float16.self {
    return unsafeBitCast(left, to: Float16.self).bitPattern == unsafeBitCast(right, to: Float16.self).bitPattern
  }
  #endif
  #if (arch(i386) || arch(x86_64)) && !(os(Windows) || os(Android))
  if Value.self == Float80.self {
    return FloatingPointIdentifier(unsafeBitCast(left, to: Float80.self))
      == FloatingPointIdentifier(unsafeBitCast(right, to: Float80.self))
  }
  #endif
  return nil
}

extension ListIdentifier: ExpressibleByStringLiteral {
  /// Creates an identifier wrapping a string.
  ///
  /// - Parameter value: The string.
  public init(stringLiteral value: String) { self.init(value) }
}

extension ListIdentifier: ExpressibleByIntegerLiteral {
  /// Creates an identifier wrapping an integer.
  ///
  /// - Parameter value: The integer.
  public init(integerLiteral value: Int) { self.init(value) }
}

extension ListIdentifier {
  /// The identity of the one section of a list declared with a ``CellsDeclarator`` or as a flat array: `"main"`.
  public static let mainSection: ListIdentifier = "main"
}
