/// One list item made of its four parts: a data model, a mapper, a style, and the cell type the mapper names.
///
/// Change the data and the same cell shows other values in the same style; change the style and the same
/// data looks different; change the mapper and another cell shows it.
///
/// ```swift
/// let title = ItemViewModel(data: TextDataModel(text: "The Best Product"), map: TitleCellMapper.map,
///                           style: .title)
/// let description = ItemViewModel(data: TextDataModel(text: "some description"), map: TitleCellMapper.map,
///                                 style: .description)
/// let section = ListSection(id: "product", items: [title, description])
/// ```
///
/// The item's identity is its data model's ``ListItemDataModel/identity``, scoped by the data model's type. Its
/// content for the diff is the data model (`==`), the style's ``ListItemStyle/names``, the cell type and, when a
/// ``Mapper`` type was given, that type. A mapper passed as a function is not compared: keep one function per
/// pair of data and cell types, or use a `Mapper` type.
public struct ItemViewModel: Sendable {
  /// The data model.
  public let data: any ListItemDataModel
  /// The name of the style applied to the cell.
  public let styleName: String
  /// The binder that makes, fills and styles the cell.
  public let cellBinder: CellBinder

  /// Creates an item from a data model, a mapper function and a style.
  ///
  /// - Parameters:
  ///   - data: The data model.
  ///   - map: The function that puts the data into the cell.
  ///   - style: The style applied after the mapper; when `nil`, the cell type's
  ///     ``DefaultStyledCell/defaultStyle`` if it has one, else ``ListItemStyle/plain``.
  public init<Data: ListItemDataModel, Cell: ListCell>(
    data: Data,
    map: @escaping @MainActor @Sendable (Data, Cell) -> Void,
    style: ListItemStyle<Cell>? = nil
  ) {
    self.init(data: data, mapperID: nil, map: map, style: style)
  }

  /// Creates an item from a data model, a ``Mapper`` type and a style.
  ///
  /// - Parameters:
  ///   - data: The data model.
  ///   - mapper: The mapper type.
  ///   - style: The style applied after the mapper; `nil` as in ``init(data:map:style:)``.
  public init<M: Mapper>(data: M.Data, mapper: M.Type, style: ListItemStyle<M.Cell>? = nil) {
    self.init(data: data, mapperID: ObjectIdentifier(mapper), map: { M.map(data: $0, cell: $1) }, style: style)
  }

  /// Creates an item from a data model with a default mapper.
  ///
  /// - Parameters:
  ///   - data: The data model.
  ///   - style: The style applied after the mapper; `nil` as in ``init(data:map:style:)``.
  public init<Data: DefaultMapped>(data: Data, style: ListItemStyle<Data.DefaultMapper.Cell>? = nil) {
    self.init(data: data, mapper: Data.DefaultMapper.self, style: style)
  }

  private init<Data: ListItemDataModel, Cell: ListCell>(
    data: Data,
    mapperID: ObjectIdentifier?,
    map: @escaping @MainActor @Sendable (Data, Cell) -> Void,
    style: ListItemStyle<Cell>?
  ) {
    let resolved = style ?? Self.defaultStyle(for: Cell.self) ?? .plain
    self.data = data
    self.styleName = resolved.name
    let content = Content(data: data, styleNames: resolved.names, mapperID: mapperID)
    var binder = CellBinder(
      cell: Cell.self,
      model: data,
      content: content,
      id: ListIdentifier(data.identity, scope: _TypeNameCache.shared.name(of: Data.self))
    ) { cell in
      map(data, cell)
      resolved.apply(to: cell)
    }
    binder.tag = data.tag
    self.cellBinder = binder
  }

  /// The data model, if it is a `Data`.
  ///
  /// - Parameter type: The type to read the data model as.
  /// - Returns: The data model, or `nil` when it has another type.
  public func data<Data: ListItemDataModel>(as type: Data.Type = Data.self) -> Data? { data as? Data }

  private static func defaultStyle<Cell: ListCell>(for cell: Cell.Type) -> ListItemStyle<Cell>? {
    guard let styled = cell as? any DefaultStyledCell.Type else { return nil }
    func open<Styled: DefaultStyledCell>(_ type: Styled.Type) -> Any { type.defaultStyle }
    return open(styled) as? ListItemStyle<Cell>
  }

  private struct Content<Data: ListItemDataModel>: Equatable, Sendable {
    var data: Data
    var styleNames: [String]
    var mapperID: ObjectIdentifier?
  }
}

/// A value that stands for one cell: a ``CellBinder`` itself, an ``ItemViewModel``, or a user's type.
///
/// Lists of such values (and ``ListSection``s of them) can be given to a ``ListController`` as they are.
public protocol CellBinderConvertible {
  /// The binder of the cell.
  var cellBinder: CellBinder { get }
}

extension CellBinder: CellBinderConvertible {
  /// The binder itself.
  public var cellBinder: CellBinder { self }
}

extension ItemViewModel: CellBinderConvertible {}
