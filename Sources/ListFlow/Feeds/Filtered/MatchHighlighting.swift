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
  /// - Parameter offsets: The matched `Character` offsets, ascending; empty gives back the binder unchanged.
  /// - Returns: The highlighting binder.
  public func highlightingMatches(_ offsets: [Int]) -> CellBinder {
    guard !offsets.isEmpty else { return self }
    let base = (storage as? _HighlightedCellBinderStorage)?.base ?? storage
    return CellBinder(storage: _HighlightedCellBinderStorage(base: base, offsets: offsets))
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
    let base = (storage as? _HighlightedCellBinderStorage)?.base ?? storage
    return CellBinder(storage: _HighlightedCellBinderStorage(base: base, offsets: [], isContext: true))
  }
}

/// The storage of a binder whose row shows matched characters: another binder's storage and the offsets.
///
/// `@unchecked Sendable`: every stored property is a `let` of a `Sendable` type.
final class _HighlightedCellBinderStorage: _CellBinderStorage, @unchecked Sendable {
  let base: _CellBinderStorage
  let offsets: [Int]
  let isContext: Bool

  init(base: _CellBinderStorage, offsets: [Int], isContext: Bool = false) {
    self.base = base
    self.offsets = offsets
    self.isContext = isContext
    super.init(id: base.id, tag: base.tag, height: base.height)
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

  override func hasEqualContent(ofSameClass other: _CellBinderStorage) -> Bool {
    let other = unsafeDowncast(other, to: _HighlightedCellBinderStorage.self)
    return offsets == other.offsets && isContext == other.isContext && base.hasEqualContent(to: other.base)
  }

  override func with(id: ListIdentifier, tag: ListIdentifier?, height: Int?) -> _CellBinderStorage {
    _HighlightedCellBinderStorage(
      base: base.with(id: id, tag: tag, height: height), offsets: offsets, isContext: isContext)
  }
}
