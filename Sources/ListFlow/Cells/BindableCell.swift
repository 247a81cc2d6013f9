/// A cell that shows one value of a known type, and so can make its own typed ``CellBinder``.
///
/// ```swift
/// final class ReviewCell: BindableCell {
///   var line = ""
///   func bind(_ review: Review) { line = "\(review.authorName): \(review.body)" }
/// }
///
/// let binder = ReviewCell.makeBinder(value: review)   // no cast anywhere
/// ```
///
/// The row's identity is the value's `id` when it is `Identifiable`, the value itself when it is `Hashable`,
/// scoped by the cell's reuse identifier (by default the type's full name, which no other type has) so that equal
/// values shown by different cell types stay distinct; or the `id` given to ``makeBinder(value:id:)``, used as is.
/// A floating-point value is identified and compared by its bits (see ``ListIdentifier``): a NaN row that does
/// not change is no change, and a row that turns from `0.0` into `-0.0` is shown anew. Any other value is
/// compared by its bits first, then by `==`: a value holding a NaN (a struct, an `Optional`) that keeps its bits is
/// no change either.
public protocol BindableCell: ListCell {
  /// The type of value the cell shows.
  associatedtype Value: Equatable & Sendable

  /// Fills the cell with `value`.
  ///
  /// - Parameter value: The value to show.
  func bind(_ value: Value)
}

extension BindableCell {
  /// Makes a binder that shows `value` in a cell of this type, identified by `id`.
  ///
  /// - Parameters:
  ///   - value: The value to show; also the binder's content.
  ///   - id: The row's identity, used as given.
  /// - Returns: The binder.
  @inlinable
  public nonisolated static func makeBinder<ID: Hashable & Sendable>(value: Value, id: ID) -> CellBinder {
    CellBinder(storage: _BindableCellBinderStorage<Self, Value>(id: ListIdentifier(id), value: value))
  }
}

extension BindableCell {
  /// `value` scoped by the reuse identifier: `ListIdentifier(value, scope: reuseIdentifier)`, made with the hash
  /// of the type's full name kept by `_TypeNameCache` when the reuse identifier is that name (the default), so
  /// that the name is not hashed again for every binder.
  nonisolated static func scopedIdentity<ID: Hashable & Sendable>(_ value: ID) -> ListIdentifier {
    let scope = _TypeNameCache.shared.scope(of: Self.self)
    let reuseIdentifier = reuseIdentifier
    guard reuseIdentifier == scope.name else { return ListIdentifier(value, scope: reuseIdentifier) }
    return ListIdentifier(value, scope: scope.name, scopeHash: scope.hash)
  }
}

extension BindableCell where Value: Hashable {
  /// Makes a binder that shows `value`, identified by the value itself within this cell type.
  ///
  /// - Parameter value: The value to show.
  /// - Returns: The binder.
  public nonisolated static func makeBinder(value: Value) -> CellBinder {
    makeBinder(value: value, id: scopedIdentity(value))
  }
}

extension BindableCell where Value: Identifiable, Value.ID: Sendable {
  /// Makes a binder that shows `value`, identified by its `id` within this cell type.
  ///
  /// - Parameter value: The value to show.
  /// - Returns: The binder.
  public nonisolated static func makeBinder(value: Value) -> CellBinder {
    makeBinder(value: value, id: scopedIdentity(value.id))
  }
}

extension BindableCell where Value: Identifiable & Hashable, Value.ID: Sendable {
  /// Makes a binder that shows `value`, identified by its `id` within this cell type (an `Identifiable` value's
  /// `id` wins over its hash).
  ///
  /// - Parameter value: The value to show.
  /// - Returns: The binder.
  public nonisolated static func makeBinder(value: Value) -> CellBinder {
    makeBinder(value: value, id: scopedIdentity(value.id))
  }
}
