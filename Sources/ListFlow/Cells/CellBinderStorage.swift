/// The immutable part of a ``CellBinder``, shared by its copies.
@usableFromInline
internal protocol _CellBinderStorage: AnyObject, Sendable {
  /// The cell's type.
  var cellType: any ListCell.Type { get }
  /// The key the cell is dequeued with.
  var reuseIdentifier: String { get }
  /// The value the cell shows.
  var model: any Sendable { get }
  /// Fills a cell: `false` when the cell has another type than ``cellType``.
  @MainActor func configure(_ cell: any ListCell) -> Bool
  /// Whether `other` has a content of the same type, equal to this one.
  func hasEqualContent(to other: any _CellBinderStorage) -> Bool
}

/// The storage of a binder for cells of type `Cell` whose content has type `Content`.
@usableFromInline
internal final class _TypedCellBinderStorage<Cell: ListCell, Content: Equatable & Sendable>: _CellBinderStorage {
  @usableFromInline let reuseIdentifier: String
  @usableFromInline let model: any Sendable
  let content: Content
  /// Fills a cell with the content (a function that captures nothing allocates nothing).
  let configureCell: @MainActor @Sendable (Cell, Content) -> Void

  init(
    cellType: Cell.Type,
    reuseIdentifier: String,
    model: any Sendable,
    content: Content,
    configure: @escaping @MainActor @Sendable (Cell, Content) -> Void
  ) {
    self.reuseIdentifier = reuseIdentifier
    self.model = model
    self.content = content
    self.configureCell = configure
  }

  @usableFromInline var cellType: any ListCell.Type { Cell.self }

  @usableFromInline
  @MainActor
  func configure(_ cell: any ListCell) -> Bool {
    guard let typed = cell as? Cell else { return false }
    ListCapabilities.configure(typed, with: model)
    configureCell(typed, content)
    return true
  }

  @usableFromInline
  func hasEqualContent(to other: any _CellBinderStorage) -> Bool {
    if other === self { return true }
    guard let other = other as? _TypedCellBinderStorage<Cell, Content> else { return false }
    return content == other.content
  }
}
