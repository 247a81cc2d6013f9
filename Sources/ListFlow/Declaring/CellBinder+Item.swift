/// A list item from its three parts: a data model, a mapper, and a style.
///
/// Change the data and the same cell shows other values in the same style; change the style and the same
/// data looks different; change the mapper and another cell shows it.
///
/// ```swift
/// let title = CellBinder(data: TextDataModel(text: "The Best Product"), map: TitleCellMapper.map,
///                        style: .title)
/// let description = CellBinder(data: TextDataModel(text: "some description"), map: TitleCellMapper.map,
///                              style: .description)
/// let section = ListSection(id: "product", items: [title, description])
/// ```
///
/// The item's identity is its data model's ``ListItemDataModel/identity``, scoped by the data model's type; its
/// ``CellBinder/tag`` is the data model's ``ListItemDataModel/tag``, and ``CellBinder/model(as:)`` reads the data
/// model back. Its content for the diff is the data model (`==`), the style's ``ListItemStyle/names``, the cell
/// type and, when a ``Mapper`` type was given, that type. A mapper passed as a function is not compared: keep one
/// function per pair of data and cell types, or use a `Mapper` type.
extension CellBinder {
  /// Creates an item from a data model, a mapper function and a style.
  ///
  /// - Parameters:
  ///   - data: The data model.
  ///   - map: The function that puts the data into the cell.
  ///   - style: The style applied after the mapper; ``ListItemStyle/plain`` by default, which leaves the cell as
  ///     the mapper filled it.
  public init<Data: ListItemDataModel, Cell: ListCell>(
    data: Data,
    map: @escaping @MainActor @Sendable (Data, Cell) -> Void,
    style: ListItemStyle<Cell> = .plain
  ) {
    self.init(data: data, mapperID: nil, map: map, style: style)
  }

  /// Creates an item from a data model, a ``Mapper`` type and a style.
  ///
  /// - Parameters:
  ///   - data: The data model.
  ///   - mapper: The mapper type.
  ///   - style: The style applied after the mapper; ``ListItemStyle/plain`` by default.
  @inlinable
  public init<M: Mapper>(data: M.Data, mapper: M.Type, style: ListItemStyle<M.Cell> = .plain) {
    self.init(data: data, mapperID: ObjectIdentifier(mapper), map: { M.map(data: $0, cell: $1) }, style: style)
  }

  @inlinable
  internal init<Data: ListItemDataModel, Cell: ListCell>(
    data: Data,
    mapperID: ObjectIdentifier?,
    map: @escaping @MainActor @Sendable (Data, Cell) -> Void,
    style: ListItemStyle<Cell>
  ) {
    let scope = Self.itemScope(of: Data.self)
    self.init(
      storage: _ItemCellBinderStorage(
        id: ListIdentifier(data.identity, scope: scope.name, scopeHash: scope.hash), tag: data.tag, height: nil,
        data: data, mapperID: mapperID, map: map, style: style))
  }

  /// The scope of an item's identity: the full name of its data model's type (`String(reflecting:)`, which no other
  /// type has, so that `Settings.Row` and `Profile.Row` stay apart) and the name's hash, looked up once per type
  /// (a call from the inlined initialisers above, which may not name the cache).
  @usableFromInline
  internal static func itemScope(of type: Any.Type) -> (name: String, hash: Int) {
    _TypeNameCache.shared.scope(of: type)
  }
}

/// The storage of an item's binder: its data model, mapper and style, kept as they are. One allocation a binder:
/// the model is read back without a box of its own, and the cell is filled without a closure that captures the
/// three.
///
/// Its content for the diff is the data model (`==`), the style's names, the cell type and the mapper type, when
/// one was given.
@usableFromInline
internal final class _ItemCellBinderStorage<Data: ListItemDataModel, Cell: ListCell>: _CellBinderStorage,
  @unchecked Sendable
{
  let data: Data
  let mapperID: ObjectIdentifier?
  let map: @MainActor @Sendable (Data, Cell) -> Void
  let style: ListItemStyle<Cell>

  @usableFromInline
  init(
    id: ListIdentifier, tag: ListIdentifier?, height: Int?, data: Data, mapperID: ObjectIdentifier?,
    map: @escaping @MainActor @Sendable (Data, Cell) -> Void, style: ListItemStyle<Cell>
  ) {
    self.data = data
    self.mapperID = mapperID
    self.map = map
    self.style = style
    super.init(id: id, tag: tag, height: height)
  }

  override var cellType: any ListCell.Type { Cell.self }
  override var customReuseIdentifier: String? { nil }
  override var model: any Sendable { data }

  @MainActor
  override func configure(_ cell: any ListCell) -> Bool {
    guard let typed = cell as? Cell else { return false }
    ListCapabilities.configure(typed, with: data)
    map(data, typed)
    style.apply(to: typed)
    return true
  }

  override func hasEqualContent(ofSameClass other: _CellBinderStorage) -> Bool {
    let other = unsafeDowncast(other, to: Self.self)
    return data == other.data && mapperID == other.mapperID && style.names == other.style.names
  }

  override func with(id: ListIdentifier, tag: ListIdentifier?, height: Int?) -> _CellBinderStorage {
    _ItemCellBinderStorage(
      id: id, tag: tag, height: height, data: data, mapperID: mapperID, map: map, style: style)
  }
}
