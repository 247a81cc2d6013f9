/// A cell that can show which characters of its text matched a filter's query (a ``FilteredFeed``'s), and that
/// it is shown only as the context of a match.
///
/// A ``FilteredFeed`` gives each row it shows the offsets of the characters of its searchable text that matched
/// (see ``FilteredFeed/Match/offsets``); a cell that adopts this protocol receives them after its binder configured it,
/// and draws them highlighted. When the feed filters a tree (an ``OutlineFeed``), it also shows the ancestors of
/// each match, which do not match themselves: their cells get ``markAsFilterContext()`` instead, and draw
/// themselves dimmed, say. A cell is configured once (see ``CellReusePool``), so a row that no longer matches
/// shows no highlight with no reset code.
///
/// ```swift
/// final class NameCell: BindableCell, MatchHighlighting {
///   var name = ""
///   var matched: [Int] = []
///   var isContext = false
///   func bind(_ value: String) { name = value }
///   func highlightMatches(_ offsets: [Int]) { matched = offsets }
///   func markAsFilterContext() { isContext = true }
///   var textRepresentation: String { name }
/// }
/// ```
public protocol MatchHighlighting: ListCell {
  /// Shows the characters at these offsets of the cell's searchable text as matched.
  ///
  /// - Parameter offsets: `Character` offsets, ascending; empty when the filter's query is empty.
  func highlightMatches(_ offsets: [Int])

  /// Shows the row as the context of matches: it does not match, but a row under it does (a tree filter keeps
  /// each match's ancestors). Called after the binder configured the cell, only for such rows.
  func markAsFilterContext()
}

extension CellBinder {
  /// This binder, with the offsets of the characters that matched a filter's query: a cell that adopts
  /// ``MatchHighlighting`` receives them after the binder configured it. The offsets are part of the content,
  /// so a row whose matched characters change is reconfigured.
  ///
  /// The highlighting binder is a binder like any other: it has this binder's ``id``, ``tag`` and ``height``,
  /// and setting them on it works as on any binder. Highlighting a highlighting binder again replaces its offsets
  /// and keeps its identity, tag and height as they are now.
  ///
  /// - Parameter offsets: The matched `Character` offsets, ascending; empty gives back the binder unchanged.
  /// - Returns: The highlighting binder.
  public func highlightingMatches(_ offsets: [Int]) -> CellBinder {
    guard !offsets.isEmpty else { return self }
    return CellBinder(storage: _HighlightedCellBinderStorage(wrapping: storage, offsets: offsets))
  }

  /// The matched offsets given by ``highlightingMatches(_:)``, or none.
  public var highlightedMatches: [Int] {
    (storage as? _HighlightedCellBinderStorage)?.offsets ?? []
  }

  /// Whether a tree filter shows this row only as the context of a match (an ancestor that does not match
  /// itself); its cell gets ``MatchHighlighting/markAsFilterContext()``.
  public var isFilterContext: Bool {
    (storage as? _HighlightedCellBinderStorage)?.isContext ?? false
  }

  /// This binder, marked as the context of a match (see ``isFilterContext``).
  func markingAsFilterContext() -> CellBinder {
    CellBinder(storage: _HighlightedCellBinderStorage(wrapping: storage, offsets: [], isContext: true))
  }
}

/// The storage of a binder whose row shows matched characters: another binder's storage and the offsets.
///
/// The identity, tag and height are this storage's own (set in place on it as on any storage); the base's are
/// not used, so its content is compared without them (``hasEqualContent(ofSameClass:)``).
///
/// `@unchecked Sendable`: every stored property is a `let` of a `Sendable` type.
final class _HighlightedCellBinderStorage: _CellBinderStorage, @unchecked Sendable {
  let base: _CellBinderStorage
  let offsets: [Int]
  let isContext: Bool

  /// A storage that shows what `storage` shows, with `offsets`, and its identity, tag and height: over its base
  /// when it is highlighted already.
  convenience init(wrapping storage: _CellBinderStorage, offsets: [Int], isContext: Bool = false) {
    let base = (storage as? _HighlightedCellBinderStorage)?.base ?? storage
    self.init(
      base: base, offsets: offsets, isContext: isContext, id: storage.id, tag: storage.tag, height: storage.height)
  }

  init(
    base: _CellBinderStorage, offsets: [Int], isContext: Bool, id: ListIdentifier, tag: ListIdentifier?,
    height: Int?
  ) {
    self.base = base
    self.offsets = offsets
    self.isContext = isContext
    super.init(id: id, tag: tag, height: height)
  }

  override var cellType: any ListCell.Type { base.cellType }
  override var customReuseIdentifier: String? { base.customReuseIdentifier }
  override var model: any Sendable { base.model }

  @MainActor
  override func configure(_ cell: any ListCell) -> Bool {
    guard base.configure(cell) else { return false }
    if let cell = cell as? any MatchHighlighting {
      cell.highlightMatches(offsets)
      if isContext { cell.markAsFilterContext() }
    }
    return true
  }

  /// Equal offsets and context, and bases of one class with equal content but for their tags and heights (this
  /// storage's own are compared by ``hasEqualContent(to:)``).
  override func hasEqualContent(ofSameClass other: _CellBinderStorage) -> Bool {
    let other = unsafeDowncast(other, to: _HighlightedCellBinderStorage.self)
    guard offsets == other.offsets, isContext == other.isContext else { return false }
    return base === other.base
      || (type(of: base) == type(of: other.base) && base.hasEqualContent(ofSameClass: other.base))
  }

  override func with(id: ListIdentifier, tag: ListIdentifier?, height: Int?) -> _CellBinderStorage {
    _HighlightedCellBinderStorage(base: base, offsets: offsets, isContext: isContext, id: id, tag: tag, height: height)
  }
}
