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
  public init<M: Mapper>(data: M.Data, mapper: M.Type, style: ListItemStyle<M.Cell> = .plain) {
    self.init(data: data, mapperID: ObjectIdentifier(mapper), map: { M.map(data: $0, cell: $1) }, style: style)
  }

  private init<Data: ListItemDataModel, Cell: ListCell>(
    data: Data,
    mapperID: ObjectIdentifier?,
    map: @escaping @MainActor @Sendable (Data, Cell) -> Void,
    style: ListItemStyle<Cell>
  ) {
    // One storage, made with the tag: setting the tag afterwards would make a second one.
    self.init(
      storage: _TypedCellBinderStorage(
        id: ListIdentifier(data.identity, scope: _TypeNameCache.shared.name(of: Data.self)), tag: data.tag,
        reuseIdentifier: nil, model: data,
        content: ItemContent(data: data, styleNames: style.names, mapperID: mapperID)
      ) { (cell: Cell, _) in
        map(data, cell)
        style.apply(to: cell)
      })
  }
}

/// What an item made from a data model compares to tell a content change.
private struct ItemContent<Data: ListItemDataModel>: Equatable, Sendable {
  var data: Data
  var styleNames: [String]
  var mapperID: ObjectIdentifier?
}
