/// A named mapper: the function that puts a data model's values into a cell.
///
/// A mapper only moves data into the cell (texts, images, numbers); how the cell looks is a
/// ``ListItemStyle``'s job, applied after it. Mappers can also be plain functions
/// `(Data, Cell) -> Void`, passed to ``CellBinder/init(data:map:style:)``.
///
/// ```swift
/// struct TitleCellMapper: Mapper {
///   static func map(data: TextDataModel, cell: TitleCell) { cell.text = data.text }
/// }
/// CellBinder(data: model, map: TitleCellMapper.map, style: .error)
/// CellBinder(data: model, mapper: TitleCellMapper.self)
/// ```
public protocol Mapper {
  /// The data model type.
  associatedtype Data: ListItemDataModel
  /// The cell type.
  associatedtype Cell: ListCell

  /// Puts `data` into `cell`.
  ///
  /// - Parameters:
  ///   - data: The data model.
  ///   - cell: The cell to fill.
  @MainActor static func map(data: Data, cell: Cell)
}
