/// A piece of user information attached to an item and passed back with selection and cell actions.
///
/// A tag wraps any `Hashable & Sendable` value and is itself `Hashable`, so a data model that stores a tag stays
/// `Equatable` by synthesis.
///
/// ```swift
/// struct TextDataModel: ListItemDataModel, Hashable {
///   var text: String
///   var tag: ListTag? = "product-name"
/// }
/// delegate.didSelectRow = { _, row in print(row.tag?.value(as: String.self) ?? "") }
/// ```
public struct ListTag: Hashable, Sendable, CustomStringConvertible {
  internal let identifier: ListIdentifier

  /// Creates a tag.
  ///
  /// - Parameter value: The information to carry.
  public init<Value: Hashable & Sendable>(_ value: Value) { identifier = ListIdentifier(value) }

  /// The wrapped value, if it is a `Value`.
  ///
  /// - Parameter type: The type to read the value as.
  /// - Returns: The value, or `nil` when it has another type.
  public func value<Value>(as type: Value.Type = Value.self) -> Value? { identifier.value(as: type) }

  /// The wrapped value as `String(describing:)` prints it.
  public var description: String { identifier.description }
}

extension ListTag: ExpressibleByStringLiteral {
  /// Creates a tag wrapping a string.
  ///
  /// - Parameter value: The string.
  public init(stringLiteral value: String) { self.init(value) }
}

extension ListTag: ExpressibleByIntegerLiteral {
  /// Creates a tag wrapping an integer.
  ///
  /// - Parameter value: The integer.
  public init(integerLiteral value: Int) { self.init(value) }
}
