/// A named mapper: the function that puts a data model's values into a cell.
///
/// A mapper only moves data into the cell (texts, images, numbers); how the cell looks is a
/// ``ListItemStyle``'s job, applied after it. Mappers can also be plain functions
/// `(Data, Cell) -> Void`, passed to ``ItemViewModel/init(data:map:style:)``.
///
/// ```swift
/// struct TitleCellMapper: Mapper {
///   static func map(data: TextDataModel, cell: TitleCell) { cell.text = data.text }
/// }
/// ItemViewModel(data: model, map: TitleCellMapper.map, style: .error)
/// ItemViewModel(data: model, mapper: TitleCellMapper.self)
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

/// A data model with a default mapper, so that ``ItemViewModel/init(data:style:)`` needs no mapper.
///
/// ```swift
/// extension TextDataModel: DefaultMapped {
///   typealias DefaultMapper = TitleCellMapper
/// }
/// ItemViewModel(data: TextDataModel(text: "Hello"))
/// ```
public protocol DefaultMapped: ListItemDataModel {
  /// The mapper used when none is given.
  associatedtype DefaultMapper: Mapper where DefaultMapper.Data == Self
}

/// A cell type with a default style, used by an ``ItemViewModel`` made without a style.
///
/// The class must be `final` (the requirement names `Self`).
///
/// ```swift
/// extension TitleCell: DefaultStyledCell {
///   nonisolated static var defaultStyle: ListItemStyle<TitleCell> { .body }
/// }
/// ```
public protocol DefaultStyledCell: ListCell {
  /// The style applied when an item gives none.
  nonisolated static var defaultStyle: ListItemStyle<Self> { get }
}
