/// A cell that can show which characters of its text matched a filter's query (a ``FilteredFeed``'s).
///
/// A ``FilteredFeed`` gives each row it shows the offsets of the characters of its searchable text that matched
/// (see ``FuzzyMatch/offsets``); a cell that adopts this protocol receives them after its binder configured it,
/// and draws them highlighted. A cell is configured once (see ``CellReusePool``), so a row that no longer
/// matches shows no highlight with no reset code.
///
/// ```swift
/// final class NameCell: BindableCell, MatchHighlighting {
///   var name = ""
///   var matched: [Int] = []
///   func bind(_ value: String) { name = value }
///   func highlightMatches(_ offsets: [Int]) { matched = offsets }
///   var textRepresentation: String { name }
/// }
/// ```
public protocol MatchHighlighting: ListCell {
  /// Shows the characters at these offsets of the cell's searchable text as matched.
  ///
  /// - Parameter offsets: `Character` offsets, ascending; empty when the filter's query is empty.
  func highlightMatches(_ offsets: [Int])
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
}

/// The storage of a binder whose row shows matched characters: another binder's storage and the offsets.
///
/// `@unchecked Sendable`: every stored property is a `let` of a `Sendable` type.
final class _HighlightedCellBinderStorage: _CellBinderStorage, @unchecked Sendable {
  let base: _CellBinderStorage
  let offsets: [Int]

  init(base: _CellBinderStorage, offsets: [Int]) {
    self.base = base
    self.offsets = offsets
    super.init(id: base.id, tag: base.tag, height: base.height)
  }

  override var cellType: any ListCell.Type { base.cellType }
  override var customReuseIdentifier: String? { base.customReuseIdentifier }
  override var model: any Sendable { base.model }

  @MainActor
  override func configure(_ cell: any ListCell) -> Bool {
    guard base.configure(cell) else { return false }
    (cell as? any MatchHighlighting)?.highlightMatches(offsets)
    return true
  }

  override func hasEqualContent(to other: _CellBinderStorage) -> Bool {
    if other === self { return true }
    guard let other = other as? _HighlightedCellBinderStorage else { return false }
    return offsets == other.offsets && base.hasEqualContent(to: other.base)
  }

  override func with(id: ListIdentifier, tag: ListTag?, height: Int?) -> _CellBinderStorage {
    _HighlightedCellBinderStorage(base: base.with(id: id, tag: tag, height: height), offsets: offsets)
  }
}
