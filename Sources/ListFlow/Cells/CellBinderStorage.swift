/// The whole of a ``CellBinder``, shared by its copies: copying a binder is one retain.
///
/// An abstract class, not a protocol: a binder then holds one reference (8 bytes) instead of an existential
/// (16 bytes), so the lists of binders that every stage of a diff copies are half the size. The identity, tag and
/// height live here; the two final subclasses below add the content and implement the members marked
/// *overridden*. The base is never instantiated (its initializer is only called by the subclasses').
///
/// `@unchecked Sendable`: every stored property of this class and of its subclasses is a `let` of a `Sendable`
/// type, but ``id`` and ``extras``, which change only through ``replaceIdentity(with:)`` and
/// ``replaceExtras(tag:height:)``: on a storage that one binder alone holds, so that no other binder, and no other
/// thread, can read them while they change.
@usableFromInline
internal class _CellBinderStorage: @unchecked Sendable {
  /// The row's identity.
  final private(set) var id: ListIdentifier
  /// The tag and the height, in a box of their own when either is set: most binders have neither, and a smaller
  /// storage keeps more of a long list's binders in cache (measured: 8% faster on `apply10k`).
  final private(set) var extras: _CellBinderExtras?

  @usableFromInline
  init(id: ListIdentifier, tag: ListIdentifier?, height: Int?) {
    self.id = id
    self.extras = Self.extras(tag: tag, height: height)
  }

  /// The box of a tag and a height: none when neither is set.
  private static func extras(tag: ListIdentifier?, height: Int?) -> _CellBinderExtras? {
    tag == nil && height == nil ? nil : _CellBinderExtras(tag: tag, height: height)
  }

  /// Gives the storage another identity, in place.
  ///
  /// - Precondition: The caller holds the only reference (`isKnownUniquelyReferenced`): a storage is shared by
  ///   every copy of a binder, which must not see it change.
  final func replaceIdentity(with id: ListIdentifier) { self.id = id }

  /// Gives the storage another tag and height, in place.
  ///
  /// - Precondition: As ``replaceIdentity(with:)``'s.
  final func replaceExtras(tag: ListIdentifier?, height: Int?) { extras = Self.extras(tag: tag, height: height) }

  /// The hash of ``id``, read by the diff without copying the identity.
  final var identityHash: Int { id.hash }
  /// The row's tag.
  final var tag: ListIdentifier? { extras?.tag }
  /// The row's own height.
  final var height: Int? { extras?.height }

  /// Whether `other` has an equal ``id``.
  final func hasSameIdentity(as other: _CellBinderStorage) -> Bool { other === self || id == other.id }

  /// Whether `other` has an equal tag and height.
  final func hasEqualExtras(to other: _CellBinderStorage) -> Bool {
    extras === other.extras || (tag == other.tag && height == other.height)
  }

  /// The cell's type. Overridden.
  var cellType: any ListCell.Type { preconditionFailure("abstract") }
  /// The reuse identifier given when the binder was made, or `nil` for the cell type's own. Overridden.
  var customReuseIdentifier: String? { preconditionFailure("abstract") }
  /// The value passed back with selection and actions. Overridden.
  var model: any Sendable { preconditionFailure("abstract") }

  /// Fills a cell: `false` when the cell has another type than ``cellType``. Overridden.
  @MainActor
  func configure(_ cell: any ListCell) -> Bool { preconditionFailure("abstract") }

  /// Whether `other` is this storage, or a storage of the same class (so the same cell type) with equal tag and
  /// height, and equal reuse identifier and content (``hasEqualContent(ofSameClass:)``).
  final func hasEqualContent(to other: _CellBinderStorage) -> Bool {
    other === self
      || (type(of: other) == type(of: self) && hasEqualExtras(to: other) && hasEqualContent(ofSameClass: other))
  }

  /// Whether `other`, a storage of this very class (so `unsafeDowncast` to it is safe), has equal reuse
  /// identifier and content; the tag and the height are not compared here (``hasEqualContent(to:)`` compares
  /// them), so that a storage that wraps another (a highlighted binder's) compares the other's content without
  /// the tag and height it no longer uses. Overridden.
  func hasEqualContent(ofSameClass other: _CellBinderStorage) -> Bool { preconditionFailure("abstract") }

  /// The same binder with other identity, tag and height. Overridden.
  func with(id: ListIdentifier, tag: ListIdentifier?, height: Int?) -> _CellBinderStorage {
    preconditionFailure("abstract")
  }
}

/// The tag and the height of a binder that has either.
internal final class _CellBinderExtras: Sendable {
  let tag: ListIdentifier?
  let height: Int?

  init(tag: ListIdentifier?, height: Int?) {
    self.tag = tag
    self.height = height
  }
}

/// The storage of a binder for cells of type `Cell` whose content has type `Content`, filled by a function.
internal final class _TypedCellBinderStorage<Cell: ListCell, Content: Equatable & Sendable>: _CellBinderStorage,
  @unchecked Sendable
{
  let reuseIdentifier: String?
  let value: any Sendable
  let content: Content
  /// Fills a cell with the content (a function that captures nothing allocates nothing).
  let configureCell: @MainActor @Sendable (Cell, Content) -> Void

  init(
    id: ListIdentifier,
    tag: ListIdentifier? = nil,
    height: Int? = nil,
    reuseIdentifier: String?,
    model: any Sendable,
    content: Content,
    configure: @escaping @MainActor @Sendable (Cell, Content) -> Void
  ) {
    self.reuseIdentifier = reuseIdentifier
    self.value = model
    self.content = content
    self.configureCell = configure
    super.init(id: id, tag: tag, height: height)
  }

  override var cellType: any ListCell.Type { Cell.self }
  override var customReuseIdentifier: String? { reuseIdentifier }
  override var model: any Sendable { value }

  @MainActor
  override func configure(_ cell: any ListCell) -> Bool {
    guard let typed = cell as? Cell else { return false }
    ListCapabilities.configure(typed, with: value)
    configureCell(typed, content)
    return true
  }

  override func hasEqualContent(ofSameClass other: _CellBinderStorage) -> Bool {
    let other = unsafeDowncast(other, to: Self.self)
    return _hasEqualContent(content, other.content) && reuseIdentifier == other.reuseIdentifier
  }

  override func with(id: ListIdentifier, tag: ListIdentifier?, height: Int?) -> _CellBinderStorage {
    _TypedCellBinderStorage(
      id: id, tag: tag, height: height, reuseIdentifier: reuseIdentifier, model: value, content: content,
      configure: configureCell)
  }
}

/// The storage of a binder made by ``BindableCell/makeBinder(value:id:)``: the value only, which is model and
/// content at once, and the cell's own `bind(_:)`; nothing else to keep or to release. `Value` is a parameter of
/// its own (always `Cell.Value`) so that comparing contents needs no look-up of the associated type.
@usableFromInline
internal final class _BindableCellBinderStorage<Cell: BindableCell, Value: Equatable & Sendable>: _CellBinderStorage,
  @unchecked Sendable
where Cell.Value == Value {
  @usableFromInline let value: Value

  @inlinable
  init(id: ListIdentifier, tag: ListIdentifier? = nil, height: Int? = nil, value: Value) {
    self.value = value
    super.init(id: id, tag: tag, height: height)
  }

  override var cellType: any ListCell.Type { Cell.self }
  override var customReuseIdentifier: String? { nil }
  override var model: any Sendable { value }

  @MainActor
  override func configure(_ cell: any ListCell) -> Bool {
    guard let typed = cell as? Cell else { return false }
    ListCapabilities.configure(typed, with: value)
    typed.bind(value)
    return true
  }

  override func hasEqualContent(ofSameClass other: _CellBinderStorage) -> Bool {
    let other = unsafeDowncast(other, to: Self.self)
    return _hasEqualContent(value, other.value)
  }

  override func with(id: ListIdentifier, tag: ListIdentifier?, height: Int?) -> _CellBinderStorage {
    _BindableCellBinderStorage(id: id, tag: tag, height: height, value: value)
  }
}

/// Whether two contents are equal: by `==`, but a floating-point value by its bits, as its identity is (see
/// ``ListIdentifier``): a NaN is the same content as itself, and `-0.0`, which prints otherwise, another content
/// than `0.0`, so a row that turns from one into the other is updated. Any other value with the same bits is the
/// same value, so the same content, before `==` is asked: a NaN inside a struct, an `Optional` or an enum is no
/// change while its bits stay (`==` would call it changed at every state); values whose bits differ are compared
/// with `==` (so `0.0` and `-0.0` inside a struct are what its `==` says). The type checks compare types, and cast
/// no value.
@inlinable @inline(__always)
func _hasEqualContent<Value: Equatable>(_ left: Value, _ right: Value) -> Bool {
  if let same = _sameFloatingPointBits(left, right) { return same }
  let sameBits = withUnsafePointer(to: left) { left in withUnsafePointer(to: right) { right in _sameBits(left, right) }
  }
  return sameBits || left == right
}
