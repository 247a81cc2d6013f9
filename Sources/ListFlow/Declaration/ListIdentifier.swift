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
  @usableFromInline
  internal let base: any Hashable & Sendable
  @usableFromInline
  internal let scope: String?

  /// Creates an identifier from a value.
  ///
  /// - Parameters:
  ///   - value: The value that identifies the row or section.
  ///   - scope: A namespace that keeps equal values of different kinds apart (the default row identity of a
  ///     binder is scoped by its cell's reuse identifier), or `nil`.
  @inlinable
  public init<Value: Hashable & Sendable>(_ value: Value, scope: String? = nil) {
    if let identifier = value as? ListIdentifier, scope == nil {
      self = identifier
    } else {
      self.base = value
      self.scope = scope
    }
  }

  /// The wrapped value, if it is a `Value`.
  ///
  /// - Parameter type: The type to read the value as.
  /// - Returns: The wrapped value, or `nil` when it has another type.
  @inlinable
  public func value<Value>(as type: Value.Type = Value.self) -> Value? { base as? Value }

  /// Whether two identifiers wrap equal values of the same type in the same scope.
  public static func == (lhs: ListIdentifier, rhs: ListIdentifier) -> Bool {
    guard lhs.scope == rhs.scope else { return false }
    func equal<T: Hashable>(_ left: T) -> Bool { (rhs.base as? T) == left }
    return equal(lhs.base)
  }

  /// Hashes the scope and the wrapped value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(scope)
    hasher.combine(base)
  }

  /// The wrapped value as `String(describing:)` prints it, prefixed by the scope when there is one.
  public var description: String {
    if let scope { "\(scope).\(base)" } else { "\(base)" }
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
