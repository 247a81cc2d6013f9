/// A type-erased, `Sendable` identity of a row or a section.
///
/// The diff matches rows and sections by identity. `ListIdentifier` wraps any `Hashable & Sendable` value, so
/// that rows of different declaration types can live in the same list. Two identifiers are equal when they wrap
/// values of the same type that compare equal, and, for scoped identifiers, when their scopes are equal too.
///
/// ```swift
/// let a = ListIdentifier(42)
/// let b = ListIdentifier(42, scope: "ReviewCell")
/// a == b  // false: the scope differs
/// ```
public struct ListIdentifier: Hashable, Sendable, CustomStringConvertible {
  /// The wrapped value, its scope and its hash, shared by every copy: copying an identifier is one retain, and
  /// hashing it combines one precomputed integer.
  @usableFromInline
  internal let box: any _ListIdentifierBox
  /// The box's hash, kept inline so that hashing and most inequalities never touch the box.
  @usableFromInline
  internal let hash: Int

  /// Creates an identifier from a value.
  ///
  /// - Parameters:
  ///   - value: The value that identifies the row or section.
  ///   - scope: A namespace that keeps equal values of different kinds apart (the default row identity of a
  ///     binder is scoped by its cell's reuse identifier), or `nil`.
  public init<Value: Hashable & Sendable>(_ value: Value, scope: String? = nil) {
    if Value.self == ListIdentifier.self, scope == nil, let identifier = value as? ListIdentifier {
      self = identifier
    } else {
      box = _ConcreteListIdentifierBox(value, scope: scope)
      hash = box.hash
    }
  }

  /// The wrapped value, if it has the given type.
  ///
  /// - Parameter type: The type of the value.
  /// - Returns: The value, or `nil` when it has another type.
  public func value<Value>(as type: Value.Type = Value.self) -> Value? { box.base as? Value }

  /// Whether two identifiers wrap equal values of the same type, with equal scopes.
  public static func == (lhs: ListIdentifier, rhs: ListIdentifier) -> Bool {
    lhs.hash == rhs.hash && (lhs.box === rhs.box || lhs.box.isEqual(to: rhs.box))
  }

  /// Hashes the scope and the wrapped value (computed once, when the identifier is made).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  /// The wrapped value, prefixed with its scope when there is one.
  public var description: String {
    if let scope = box.scope { "\(scope).\(box.base)" } else { "\(box.base)" }
  }
}

/// The shared storage of a ``ListIdentifier``.
@usableFromInline
internal protocol _ListIdentifierBox: AnyObject, Sendable {
  /// The hash of the scope and the value, for this process.
  var hash: Int { get }
  /// The scope, or `nil`.
  var scope: String? { get }
  /// The wrapped value.
  var base: any Hashable & Sendable { get }
  /// Whether `other` wraps an equal value of the same type, with an equal scope.
  func isEqual(to other: any _ListIdentifierBox) -> Bool
}

/// The storage of an identifier wrapping a value of type `Value`.
@usableFromInline
internal final class _ConcreteListIdentifierBox<Value: Hashable & Sendable>: _ListIdentifierBox {
  let value: Value
  @usableFromInline let scope: String?
  @usableFromInline let hash: Int

  init(_ value: Value, scope: String?) {
    self.value = value
    self.scope = scope
    var hasher = Hasher()
    hasher.combine(scope)
    hasher.combine(value)
    hash = hasher.finalize()
  }

  @usableFromInline var base: any Hashable & Sendable { value }

  @usableFromInline
  func isEqual(to other: any _ListIdentifierBox) -> Bool {
    guard let other = other as? _ConcreteListIdentifierBox<Value> else { return false }
    return value == other.value && scope == other.scope
  }
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
