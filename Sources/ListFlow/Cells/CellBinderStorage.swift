/// The whole of a ``CellBinder``, shared by its copies: copying a binder is one retain.
@usableFromInline
internal protocol _CellBinderStorage: AnyObject, Sendable {
  /// The row's identity.
  var id: ListIdentifier { get }
  /// The hash of ``id``, read by the diff without copying the identity.
  var identityHash: Int { get }
  /// The row's tag.
  var tag: ListTag? { get }
  /// The row's own height.
  var height: Int? { get }
  /// The cell's type.
  var cellType: any ListCell.Type { get }
  /// The reuse identifier given when the binder was made, or `nil` for the cell type's own.
  var customReuseIdentifier: String? { get }
  /// The value passed back with selection and actions.
  var model: any Sendable { get }
  /// Fills a cell: `false` when the cell has another type than ``cellType``.
  @MainActor func configure(_ cell: any ListCell) -> Bool
  /// Whether `other` has the same kind of storage, so the same cell type, and equal reuse identifier, tag, height
  /// and content.
  func hasEqualContent(to other: any _CellBinderStorage) -> Bool
  /// Whether `other` has an equal ``id``.
  ///
  /// Each final class implements this (and ``identityHash`` and ``hasEqualContent(to:)``) itself, with its stored
  /// properties and an unchecked downcast: a shared default in a protocol extension reads `id` through the
  /// protocol's getter, which copies the identity, and cost the diff about a fifth more instructions
  /// (measured with callgrind).
  func hasSameIdentity(as other: any _CellBinderStorage) -> Bool
  /// The same binder with other identity, tag and height.
  func with(id: ListIdentifier, tag: ListTag?, height: Int?) -> any _CellBinderStorage
}

/// The storage of a binder for cells of type `Cell` whose content has type `Content`, filled by a function.
@usableFromInline
internal final class _TypedCellBinderStorage<Cell: ListCell, Content: Equatable & Sendable>: _CellBinderStorage {
  @usableFromInline let id: ListIdentifier
  @usableFromInline let tag: ListTag?
  @usableFromInline let height: Int?
  @usableFromInline let customReuseIdentifier: String?
  @usableFromInline let model: any Sendable
  let content: Content
  /// Fills a cell with the content (a function that captures nothing allocates nothing).
  let configureCell: @MainActor @Sendable (Cell, Content) -> Void

  init(
    id: ListIdentifier,
    tag: ListTag? = nil,
    height: Int? = nil,
    reuseIdentifier: String?,
    model: any Sendable,
    content: Content,
    configure: @escaping @MainActor @Sendable (Cell, Content) -> Void
  ) {
    self.id = id
    self.tag = tag
    self.height = height
    self.customReuseIdentifier = reuseIdentifier
    self.model = model
    self.content = content
    self.configureCell = configure
  }

  @usableFromInline var identityHash: Int { id.hash }
  @usableFromInline var cellType: any ListCell.Type { Cell.self }

  @MainActor
  @usableFromInline
  func configure(_ cell: any ListCell) -> Bool {
    guard let typed = cell as? Cell else { return false }
    ListCapabilities.configure(typed, with: model)
    configureCell(typed, content)
    return true
  }

  @usableFromInline
  func hasEqualContent(to other: any _CellBinderStorage) -> Bool {
    if other === self { return true }
    guard type(of: other) == Self.self else { return false }
    let other = unsafeDowncast(other, to: Self.self)
    return content == other.content && height == other.height && tag == other.tag
      && customReuseIdentifier == other.customReuseIdentifier
  }

  @usableFromInline
  func hasSameIdentity(as other: any _CellBinderStorage) -> Bool {
    if other === self { return true }
    guard type(of: other) == Self.self else { return id == other.id }
    return id == unsafeDowncast(other, to: Self.self).id
  }

  @usableFromInline
  func with(id: ListIdentifier, tag: ListTag?, height: Int?) -> any _CellBinderStorage {
    _TypedCellBinderStorage(
      id: id, tag: tag, height: height, reuseIdentifier: customReuseIdentifier, model: model, content: content,
      configure: configureCell)
  }
}

/// The storage of a binder made by ``BindableCell/makeBinder(value:id:)``: the value only, which is model and
/// content at once, and the cell's own `bind(_:)`; nothing else to keep or to release. `Value` is a parameter of
/// its own (always `Cell.Value`) so that comparing contents needs no look-up of the associated type.
@usableFromInline
internal final class _BindableCellBinderStorage<Cell: BindableCell, Value: Equatable & Sendable>: _CellBinderStorage
where Cell.Value == Value {
  @usableFromInline let id: ListIdentifier
  @usableFromInline let tag: ListTag?
  @usableFromInline let height: Int?
  @usableFromInline let value: Value

  @inlinable
  init(id: ListIdentifier, tag: ListTag? = nil, height: Int? = nil, value: Value) {
    self.id = id
    self.tag = tag
    self.height = height
    self.value = value
  }

  @usableFromInline var identityHash: Int { id.hash }
  @usableFromInline var cellType: any ListCell.Type { Cell.self }
  @usableFromInline var customReuseIdentifier: String? { nil }
  @usableFromInline var model: any Sendable { value }

  @MainActor
  @usableFromInline
  func configure(_ cell: any ListCell) -> Bool {
    guard let typed = cell as? Cell else { return false }
    ListCapabilities.configure(typed, with: value)
    typed.bind(value)
    return true
  }

  @usableFromInline
  func hasEqualContent(to other: any _CellBinderStorage) -> Bool {
    if other === self { return true }
    guard type(of: other) == Self.self else { return false }
    let other = unsafeDowncast(other, to: Self.self)
    return value == other.value && height == other.height && tag == other.tag
  }

  @usableFromInline
  func hasSameIdentity(as other: any _CellBinderStorage) -> Bool {
    if other === self { return true }
    guard type(of: other) == Self.self else { return id == other.id }
    return id == unsafeDowncast(other, to: Self.self).id
  }

  @usableFromInline
  func with(id: ListIdentifier, tag: ListTag?, height: Int?) -> any _CellBinderStorage {
    _BindableCellBinderStorage(id: id, tag: tag, height: height, value: value)
  }
}
