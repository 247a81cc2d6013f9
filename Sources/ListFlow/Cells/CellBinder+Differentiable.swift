extension CellBinder: Differentiable {
  /// The row's identity, ``id``.
  public var differenceIdentifier: ListIdentifier { id }

  /// The hash ``id`` computed when it was made.
  public var differenceHash: Int { storage.identityHash }

  /// Whether `other` has an equal ``id``, compared without copying either.
  public func hasSameIdentity(as other: CellBinder) -> Bool { storage.hasSameIdentity(as: other.storage) }

  /// Whether the row would look the same: same cell type and reuse identifier, same height and tag, and equal
  /// content values.
  ///
  /// Binders made in different ways for the same cell (``BindableCell/makeBinder(value:id:)`` and
  /// ``init(cell:value:id:reuseIdentifier:configure:)``, say) never compare equal: the row is reconfigured, which
  /// is always safe.
  ///
  /// - Parameter source: The binder of the same row in the previous state.
  /// - Returns: `true` when nothing visible changed.
  public func isContentEqual(to source: CellBinder) -> Bool {
    storage.hasEqualContent(to: source.storage)
  }
}

extension CellBinder: Equatable {
  /// Whether two binders are the same row with the same content.
  ///
  /// - Parameters:
  ///   - lhs: A binder.
  ///   - rhs: Another binder.
  /// - Returns: `true` when the identities are equal and ``isContentEqual(to:)`` holds.
  public static func == (lhs: CellBinder, rhs: CellBinder) -> Bool {
    lhs.id == rhs.id && lhs.isContentEqual(to: rhs)
  }
}

extension CellBinder: CustomStringConvertible {
  /// `CellType(id)`, for test failures and logs.
  public var description: String { "\(cellTypeName)(\(id))" }
}
