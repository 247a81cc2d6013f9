/// The plain data one list item shows: an identity, its content (the value itself, compared with `==`) and an
/// optional ``tag``.
///
/// A data model holds plain values only, never business objects or cells. Its ``identity`` tells the diff which
/// row it is; its equality tells whether that row's content changed.
///
/// ```swift
/// struct TextDataModel: ListItemDataModel, Hashable {
///   var text: String
///   var tag: ListIdentifier?
/// }
/// ```
///
/// Defaults: a `Hashable` model is its own identity; an `Identifiable` model is identified by `id` (also when it
/// is `Hashable`); ``tag`` is `nil`.
public protocol ListItemDataModel: Equatable, Sendable {
  /// The type of the identity.
  associatedtype Identity: Hashable & Sendable

  /// The item's identity: stable while its content changes.
  var identity: Identity { get }

  /// User information passed back with selection and cell actions, or `nil`.
  var tag: ListIdentifier? { get }
}

extension ListItemDataModel {
  /// `nil`: no tag.
  public var tag: ListIdentifier? { nil }
}

extension ListItemDataModel where Self: Hashable {
  /// The model itself.
  public var identity: Self { self }
}

extension ListItemDataModel where Self: Identifiable, ID: Sendable {
  /// The model's `id`.
  public var identity: ID { id }
}

extension ListItemDataModel where Self: Identifiable & Hashable, ID: Sendable {
  /// The model's `id`: for a model that is both `Identifiable` and `Hashable`, identity is `id`.
  public var identity: ID { id }
}
