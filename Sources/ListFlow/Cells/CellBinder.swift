/// How to make and fill one cell: its type, its reuse identifier, its identity in the list, its content, and
/// the function that configures it.
///
/// A binder is a `Sendable` value: a list of binders can be built and diffed anywhere, and only
/// ``configure(_:)`` needs the main actor. The usual ways to make one are typed, with no cast at the call site:
///
/// ```swift
/// ReviewCell.makeBinder(value: review)                   // a BindableCell
/// CellBinder(cell: TitleCell.self, value: "Reviews", id: "reviews.header") { cell, title in
///   cell.text = title
/// }
/// CellBinder(data: product, map: ProductMapper.map, style: .bold)
/// ```
///
/// Two binders are the *same row* when their ``id`` values are equal, and have *the same content* when they have
/// the same cell type, reuse identifier, height, tag and equal content values (a content that is a floating-point
/// value by its bits, as its identity is: see ``ListIdentifier``). A row with the same cell type and changed
/// content is reconfigured in place; a row whose cell type changed is replaced by a new cell.
///
/// Before the binder's own function runs, the capabilities of its model (``Titled``, ``Subtitled``, ``Imaged``,
/// ``Fonted``, ``Colored``) are applied to a cell that can show them (see ``Titled``).
public struct CellBinder: Sendable {
  /// Everything the binder holds, shared by every copy: a binder is copied many times while a list is diffed,
  /// and copying it is then one retain.
  internal var storage: _CellBinderStorage

  /// Wraps a storage.
  @usableFromInline
  internal init(storage: _CellBinderStorage) {
    self.storage = storage
  }

  /// The row's identity in the list.
  public var id: ListIdentifier {
    get { storage.id }
    set {
      // The storage is shared by every copy, so a change makes a new one, unless this binder holds the only
      // reference (a binder just made, whose identity the app sets): then no copy can see the change, made in
      // place. Setting the same value changes nothing. So do `tag` and `height`.
      guard newValue != storage.id else { return }
      if isKnownUniquelyReferenced(&storage) {
        storage.replaceIdentity(with: newValue)
      } else {
        storage = storage.with(id: newValue, tag: storage.tag, height: storage.height)
      }
    }
  }
  /// A piece of user information passed back with selection and actions, or `nil`.
  public var tag: ListIdentifier? {
    get { storage.tag }
    set {
      guard newValue != storage.tag else { return }
      if isKnownUniquelyReferenced(&storage) {
        storage.replaceExtras(tag: newValue, height: storage.height)
      } else {
        storage = storage.with(id: storage.id, tag: newValue, height: storage.height)
      }
    }
  }
  /// The item's own height, which wins over the cell type's ``ListCell/preferredHeight``; `nil` by default.
  public var height: Int? {
    get { storage.height }
    set {
      guard newValue != storage.height else { return }
      if isKnownUniquelyReferenced(&storage) {
        storage.replaceExtras(tag: storage.tag, height: newValue)
      } else {
        storage = storage.with(id: storage.id, tag: storage.tag, height: newValue)
      }
    }
  }

  /// The cell's type.
  public var cellType: any ListCell.Type { storage.cellType }
  /// The key the cell is dequeued with; by default the cell type's ``ListCell/reuseIdentifier``.
  public var reuseIdentifier: String { storage.customReuseIdentifier ?? storage.cellType.reuseIdentifier }
  /// The value the cell shows: the `value` of the binder, or the data model of an item made with ``init(data:mapper:style:)``.
  public var model: any Sendable { storage.model }

  /// Creates a binder that configures a cell of type `Cell` with `value`.
  ///
  /// - Parameters:
  ///   - cell: The cell type.
  ///   - value: The value the cell shows; it is the binder's content for the diff.
  ///   - id: The row's identity in the list, used as given (not scoped by cell type).
  ///   - reuseIdentifier: The key the cell is dequeued with; `nil` (the default) for the cell type's
  ///     ``ListCell/reuseIdentifier``.
  ///   - configure: The function that fills a cell with the value, on the main actor.
  public init<Cell: ListCell, Value: Equatable & Sendable>(
    cell: Cell.Type,
    value: Value,
    id: ListIdentifier,
    reuseIdentifier: String? = nil,
    configure: @escaping @MainActor @Sendable (Cell, Value) -> Void
  ) {
    self.storage = _TypedCellBinderStorage(
      id: id,
      reuseIdentifier: reuseIdentifier,
      model: value,
      content: value,
      configure: configure
    )
  }

  /// Creates a binder from its parts; the other initialisers funnel into this one.
  ///
  /// The cell is filled from both: the capabilities of `model` (``Titled``, ``Colored``, …) first, then
  /// `configure`. But only `content` is compared to tell whether a row changed, so `content` must cover everything
  /// the cell shows, the model's capabilities included: a row whose model's title changes while its content stays
  /// equal is not updated, and keeps showing the old title (a ``StaticListConstructor``'s binders pass the model as
  /// the content, for this reason).
  ///
  /// - Parameters:
  ///   - cell: The cell type.
  ///   - model: The value passed back with selection and actions, whose capabilities fill the cell.
  ///   - content: The value compared to tell a content change: it must change whenever anything the cell shows
  ///     does, including what `model`'s capabilities show.
  ///   - id: The row's identity in the list.
  ///   - reuseIdentifier: The key the cell is dequeued with; `nil` (the default) for the cell type's.
  ///   - configure: The function that fills a cell of the right type, after the model's capabilities.
  public init<Cell: ListCell, Content: Equatable & Sendable>(
    cell: Cell.Type,
    model: any Sendable,
    content: Content,
    id: ListIdentifier,
    reuseIdentifier: String? = nil,
    configure: @escaping @MainActor @Sendable (Cell) -> Void
  ) {
    self.storage = _TypedCellBinderStorage(
      id: id,
      reuseIdentifier: reuseIdentifier,
      model: model,
      content: content,
      configure: { cell, _ in configure(cell) }
    )
  }

  /// The name of the cell type, as `String(describing:)` prints it.
  public var cellTypeName: String { String(describing: cellType) }

  /// The model, if it is a `Model`.
  ///
  /// - Parameter type: The type to read the model as.
  /// - Returns: The model, or `nil` when it has another type.
  public func model<Model>(as type: Model.Type = Model.self) -> Model? { model as? Model }

  /// Fills `cell` with this binder's content: the model's capabilities first, then the binder's function.
  ///
  /// - Parameter cell: A cell dequeued for this binder.
  /// - Throws: ``ListFlowError/mistypedCell(reuseIdentifier:expected:found:)`` when `cell` is not of
  ///   ``cellType``; the cell is left untouched.
  @MainActor
  public func configure(_ cell: any ListCell) throws(ListFlowError) {
    guard storage.configure(cell) else {
      throw .mistypedCell(
        reuseIdentifier: reuseIdentifier,
        expected: cellTypeName,
        found: String(describing: type(of: cell))
      )
    }
  }

  /// Whether `other` is shown by a cell of the same type (so an update reconfigures instead of replacing).
  ///
  /// - Parameter other: Another binder.
  /// - Returns: `true` when both have the same cell type and reuse identifier.
  public func hasSameCell(as other: CellBinder) -> Bool {
    guard ObjectIdentifier(cellType) == ObjectIdentifier(other.cellType) else { return false }
    let custom = storage.customReuseIdentifier
    let otherCustom = other.storage.customReuseIdentifier
    return (custom == nil && otherCustom == nil) || reuseIdentifier == other.reuseIdentifier
  }

  /// This binder with another identity.
  ///
  /// - Parameter id: The new identity.
  /// - Returns: A copy identified by `id`.
  public func identified<ID: Hashable & Sendable>(by id: ID) -> CellBinder {
    var copy = self
    copy.id = ListIdentifier(id)
    return copy
  }

  /// This binder with a tag.
  ///
  /// - Parameter tag: User information passed back with selection and actions.
  /// - Returns: A tagged copy.
  public func tagged(_ tag: ListIdentifier?) -> CellBinder {
    var copy = self
    copy.tag = tag
    return copy
  }

  /// This binder with its own height.
  ///
  /// - Parameter height: The item's height, or `nil` to use the cell type's.
  /// - Returns: A copy with the height.
  public func height(_ height: Int?) -> CellBinder {
    var copy = self
    copy.height = height
    return copy
  }
}
