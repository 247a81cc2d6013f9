import ListFlowTerminal
import TestSupport

/// The row of the `labels` scenario: an `Int` identity and a text label longer than 15 bytes
/// (`violet delta #17 rev 3`), so that the label is a string with storage of its own, as an app's text is.
struct LabelRow: Identifiable, Hashable, Sendable, ListItemDataModel, Titled {
  /// The identity.
  var id: Int
  /// The number of times the label was updated.
  var revision: Int
  /// The text the row shows.
  var label: String

  /// A row whose label is made of two words drawn from the identity, the identity and the revision.
  init(id: Int, revision: Int = 0) {
    self.id = id
    self.revision = revision
    let first = Self.colours[id % Self.colours.count]
    let second = Self.words[(id / Self.colours.count) % Self.words.count]
    label = "\(first) \(second) #\(id) rev \(revision)"
  }

  /// The row with its label updated: the next revision.
  var updated: LabelRow { LabelRow(id: id, revision: revision + 1) }

  /// The label: what the terminal's `TextCell` shows.
  var title: String? { label }

  /// The row's binder, identified by its identity as the rows path identifies it.
  static func cell(_ row: LabelRow) -> CellBinder { CellBinder(data: row, mapper: LabelMapper.self) }

  /// The binder an app tells a `ListEdit` about: ``cell(_:)`` with the identity the rows path gives.
  static func toldCell(_ row: LabelRow) -> CellBinder {
    var binder = cell(row)
    binder.id = ListIdentifier(row.id)
    return binder
  }

  private static let colours = ["violet", "amber", "cobalt", "crimson", "olive", "teal", "ivory"]
  private static let words = ["delta", "sierra", "tango", "harbor", "meadow", "summit", "canyon", "ember"]
}

extension LabelRow: Differentiable {}

/// Fills a `TextCell` from a ``LabelRow``: its title is the row's `Titled` capability.
enum LabelMapper: Mapper {
  static func map(data: LabelRow, cell: TextCell) {}
}

/// One change of a `labels` state, at positions of the rows as they are when it is made.
enum LabelChange {
  /// The row at the position gets its next revision.
  case update(at: Int, LabelRow)
  /// The row at the position goes.
  case delete(at: Int, id: Int)
  /// A new row comes at the position.
  case insert(LabelRow, at: Int)
  /// The row at the first position goes to the second (a position of the rows once it left).
  case move(from: Int, to: Int, id: Int)

  /// Makes one state's changes to `rows`, in this order, each position drawn with `below` on the rows as they
  /// are at that moment: 100 label updates, 10 deletes, 10 inserts of new rows (identities from `nextID` up),
  /// 5 moves.
  static func make<Rows: LabelRows>(
    _ rows: inout Rows, nextID: inout Int, using random: inout SeededRandom
  ) -> [LabelChange] {
    var changes: [LabelChange] = []
    changes.reserveCapacity(125)
    func position(below bound: Int) -> Int { bound > 0 ? random.below(bound) : 0 }
    for _ in 0..<100 where rows.count > 0 {
      let index = random.below(rows.count)
      let row = rows.remove(at: index).updated
      rows.insert(row, at: index)
      changes.append(.update(at: index, row))
    }
    for _ in 0..<10 where rows.count > 0 {
      let index = random.below(rows.count)
      changes.append(.delete(at: index, id: rows.remove(at: index).id))
    }
    for _ in 0..<10 {
      let index = position(below: rows.count + 1)
      let row = LabelRow(id: nextID)
      nextID += 1
      rows.insert(row, at: index)
      changes.append(.insert(row, at: index))
    }
    for _ in 0..<5 where rows.count > 0 {
      let source = random.below(rows.count)
      let row = rows.remove(at: source)
      let target = position(below: rows.count + 1)
      rows.insert(row, at: target)
      changes.append(.move(from: source, to: target, id: row.id))
    }
    return changes
  }

  /// Tells `edit` the change, as an app that knows its edits would: an update is the row's new revision, given
  /// with `updateRows`.
  func tell(_ edit: inout ListEdit) throws(ListFlowError) {
    switch self {
    case .update(_, let row):
      try edit.updateRows([LabelRow.toldCell(row)])
    case .delete(_, let id):
      try edit.deleteRows([ListIdentifier(id)])
    case .insert(let row, let index):
      try edit.insertRows([LabelRow.toldCell(row)], at: ItemPath(item: index, section: 0))
    case .move(_, let target, let id):
      try edit.moveRow(ListIdentifier(id), to: ItemPath(item: target, section: 0))
    }
  }
}

/// The rows of the `labels` app, changed one at a time by ``LabelChange/make(_:nextID:using:)``.
protocol LabelRows {
  /// The number of rows.
  var count: Int { get }
  /// Removes and returns the row at `index`.
  mutating func remove(at index: Int) -> LabelRow
  /// Inserts `row` at `index` (at most ``count``).
  mutating func insert(_ row: LabelRow, at index: Int)
}

extension RowEdits: LabelRows where Row == LabelRow {}
extension ChunkedRows: LabelRows where Row == LabelRow {}
