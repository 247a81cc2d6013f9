import Synchronization

/// One stage of changes a ``ListView`` applies in one batch: a ``Changeset`` of the list, with its updated rows
/// split into those reconfigured in place and those replaced by a new cell.
///
/// When ``ListView/performBatchUpdates(_:)`` is called, the data source already answers with the data *after*
/// this stage (``changeset``'s `data`), so a view that checks its counts after the batch always finds them
/// right. Positions follow ``Changeset``: deletes, updates and move sources are positions before the stage;
/// inserts and move targets are positions after it.
///
/// Updated rows (``Changeset/elementUpdated``) come alone, in the first stage, with the list's shape unchanged:
/// - ``reconfiguredRows``: the cell type is the same; the view asks the data source for the row's new cell in
///   place of the one it shows (``ListDataSource/reconfiguredCell(replacing:at:for:)``);
/// - ``reloadedRows``: the cell type changed; the view gives the old cell back to its reuse pool and asks for a
///   new one (``ListDataSource/cell(at:for:)``).
///
/// For each updated section (``Changeset/sectionUpdated``) the view asks for the header and footer again.
public struct ListUpdate: Sendable, CustomStringConvertible {
  /// The stage's changes, and the list once they are applied.
  public var changeset: Changeset<ListSnapshot>
  /// Updated rows whose cell type is unchanged: fill the existing cell again. Positions before the stage.
  ///
  /// For an update made by ``init(changeset:previous:stage:stageCount:animated:)``, the split is made when first
  /// read (it makes the binders of every updated row, before and after), so a view that reads only the rows it
  /// shows (see `rowKind(at:)`) makes only theirs.
  public var reconfiguredRows: [ItemPath] {
    get { rowKinds.split().reconfigured }
    set { rowKinds = _RowKinds(reconfigured: newValue, reloaded: reloadedRows) }
  }
  /// Updated rows whose cell type changed: replace the cell. Positions before the stage.
  public var reloadedRows: [ItemPath] {
    get { rowKinds.split().reloaded }
    set { rowKinds = _RowKinds(reconfigured: reconfiguredRows, reloaded: newValue) }
  }
  /// The reconfigured and reloaded rows: given, or split from the updated rows when first asked.
  private var rowKinds: _RowKinds
  /// The stage's index, from 0.
  public var stage: Int
  /// The number of stages of the change this stage belongs to.
  public var stageCount: Int
  /// Whether the view should animate this batch: a hint that a host that can animate may follow and one that
  /// cannot ignores. Diffed changes animate unless the call that made them asked otherwise.
  public var animated: Bool

  /// Creates an update from its parts, as given.
  ///
  /// Nothing is checked: a view that applies an update whose positions are outside its data finds its counts
  /// wrong (``ListView`` implementations report that and reload). ``init(validating:previous:stage:stageCount:)``
  /// checks every position first.
  ///
  /// - Parameters:
  ///   - changeset: The stage's changes.
  ///   - reconfiguredRows: Updated rows whose cell type is unchanged.
  ///   - reloadedRows: Updated rows whose cell type changed.
  ///   - stage: The stage's index, from 0.
  ///   - stageCount: The number of stages.
  ///   - animated: Whether the view should animate the batch.
  public init(
    changeset: Changeset<ListSnapshot>,
    reconfiguredRows: [ItemPath],
    reloadedRows: [ItemPath],
    stage: Int,
    stageCount: Int,
    animated: Bool = true
  ) {
    self.changeset = changeset
    self.rowKinds = _RowKinds(reconfigured: reconfiguredRows, reloaded: reloadedRows)
    self.stage = stage
    self.stageCount = stageCount
    self.animated = animated
  }

  /// Splits a stage's updated rows by comparing the binders before and after it.
  ///
  /// An updated row is compared at the same position in `previous` and in `changeset.data`, as in the stages a
  /// diff makes, where updates come alone. A position that is not in both is counted as reloaded (the view
  /// replaces the cell, which is right whatever was there); nothing else is checked, so this never traps. Use
  /// ``init(validating:previous:stage:stageCount:)`` to reject a stage that does not fit `previous`.
  ///
  /// - Parameters:
  ///   - changeset: The stage.
  ///   - previous: The list before the stage.
  ///   - stage: The stage's index.
  ///   - stageCount: The number of stages.
  ///   - animated: Whether the view should animate the batch.
  /// - Complexity: O(u) in the number of updated rows.
  public init(
    changeset: Changeset<ListSnapshot>, previous: ListSnapshot, stage: Int, stageCount: Int, animated: Bool = true
  ) {
    self.changeset = changeset
    self.rowKinds = _RowKinds(updated: changeset.elementUpdated, previous: previous, next: changeset.data)
    self.stage = stage
    self.stageCount = stageCount
    self.animated = animated
  }

  /// Whether this stage reconfigures or reloads the row at `path` (a position before the stage), or `nil` for
  /// neither: for an update split when read, only this row's binders are made (unless the split was made).
  package func rowKind(at path: ItemPath) -> _RowKinds.Kind? {
    rowKinds.kind(at: path)
  }

  /// The rows this stage reconfigures or reloads, not split: for an update split when read, the updated rows.
  package var refreshedRows: [ItemPath] {
    rowKinds.refreshedRows
  }

  /// Splits a stage's updated rows as ``init(changeset:previous:stage:stageCount:animated:)`` does, after checking that
  /// the stage fits the list before it.
  ///
  /// ```swift
  /// do {
  ///   view.performBatchUpdates(try ListUpdate(validating: stage, previous: shown, stage: 0, stageCount: 1))
  /// } catch {
  ///   view.reloadData()  // error names the position that does not fit
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - changeset: The stage.
  ///   - previous: The list before the stage.
  ///   - stage: The stage's index, in `0..<stageCount`.
  ///   - stageCount: The number of stages.
  /// - Throws: ``ListFlowError/invalidChangeset(_:)`` naming the problem when `stage` is not in `0..<stageCount`,
  ///   when a position of `changeset` is not in `previous` (deletes, updates, move sources) or in
  ///   `changeset.data` (inserts, move targets), is named twice, or when applying `changeset` to `previous`
  ///   does not give lists of `changeset.data`'s shape.
  /// - Complexity: O(*n* + *c*) for *n* rows and *c* changes.
  public init(
    validating changeset: Changeset<ListSnapshot>, previous: ListSnapshot, stage: Int, stageCount: Int
  ) throws(ListFlowError) {
    guard stage >= 0, stage < stageCount else {
      throw .invalidChangeset("stage \(stage) is not in 0..<\(stageCount)")
    }
    let result: ListSnapshot
    do {
      result = try previous.applying(changeset)
    } catch {
      throw .invalidChangeset(error.description)
    }
    guard result.map(\.elements.count) == changeset.data.map(\.elements.count) else {
      throw .invalidChangeset(
        "the stage gives rows \(result.map(\.elements.count)) per section, its data has "
          + "\(changeset.data.map(\.elements.count))")
    }
    self.init(changeset: changeset, previous: previous, stage: stage, stageCount: stageCount)
  }

  /// The stage's number from 1, `stage + 1`, in decimal for any `stage` (an update made by hand may hold any):
  /// `Int.max + 1` would overflow an `Int`, so a stage from 0 up is counted as a `UInt`.
  private var stageNumber: String {
    stage < 0 ? String(stage + 1) : String(UInt(stage) + 1)
  }

  /// The stage number (``stage`` + 1, for any stage) and its changes, one kind per line.
  public var description: String {
    var lines = ["stage \(stageNumber)/\(stageCount)" + (animated ? "" : " (not animated)")]
    let changes = changeset.description
    if changes != "(no changes)" { lines.append(changes) }
    if !reconfiguredRows.isEmpty {
      lines.append("reconfigured: \(reconfiguredRows.map(\.description).joined(separator: ", "))")
    }
    if !reloadedRows.isEmpty { lines.append("reloaded: \(reloadedRows.map(\.description).joined(separator: ", "))") }
    return lines.joined(separator: "\n")
  }
}

/// The reconfigured and reloaded rows of a ``ListUpdate``: given, or split from the stage's updated rows by
/// comparing each row's binders before and after the stage, all of them when first asked for the lists, one row
/// when asked for one.
package final class _RowKinds: Sendable {
  /// What an updated row's cell does.
  package enum Kind: Sendable {
    /// The cell type is unchanged: fill the cell again.
    case reconfigured
    /// The cell type changed: replace the cell.
    case reloaded
  }

  /// The rows to split, with the lists before and after the stage; `nil` when the lists were given.
  private let unsplit: (updated: [ItemPath], previous: ListSnapshot, next: ListSnapshot)?
  /// The lists, once given or split.
  private let lists: Mutex<(reconfigured: [ItemPath], reloaded: [ItemPath])?>
  /// Whether the lists ascend (a stage lists its rows in order): a row is then looked up by a binary search.
  private let ascending: Bool

  init(reconfigured: [ItemPath], reloaded: [ItemPath]) {
    unsplit = nil
    lists = Mutex((reconfigured, reloaded))
    ascending = reconfigured._ascends && reloaded._ascends
  }

  init(updated: [ItemPath], previous: ListSnapshot, next: ListSnapshot) {
    unsplit = updated.isEmpty ? nil : (updated, previous, next)
    lists = Mutex(updated.isEmpty ? ([], []) : nil)
    // The split lists keep the order of `updated`.
    ascending = updated._ascends
  }

  /// Whether `paths` holds `path`: a binary search when they ascend, else a walk.
  private func holds(_ paths: [ItemPath], _ path: ItemPath) -> Bool {
    ascending ? paths._ascendingContains(path) : paths.contains(path)
  }

  /// The rows to reconfigure and to reload: split now if they were not.
  ///
  /// - Complexity: O(*u*) binders made, once, for *u* updated rows.
  func split() -> (reconfigured: [ItemPath], reloaded: [ItemPath]) {
    if let made = lists.withSanitizedLock({ $0 }) { return made }
    // Split outside the lock: making a binder runs the app's code. Two readers at once split twice, alike.
    var reconfigured: [ItemPath] = []
    var reloaded: [ItemPath] = []
    for path in unsplit?.updated ?? [] {
      if Self.kind(at: path, unsplit) == .reconfigured { reconfigured.append(path) } else { reloaded.append(path) }
    }
    lists.withSanitizedLock { $0 = (reconfigured, reloaded) }
    return (reconfigured, reloaded)
  }

  func kind(at path: ItemPath) -> Kind? {
    if let made = lists.withSanitizedLock({ $0 }) {
      if holds(made.reconfigured, path) { return .reconfigured }
      return holds(made.reloaded, path) ? .reloaded : nil
    }
    guard let unsplit, holds(unsplit.updated, path) else { return nil }
    return Self.kind(at: path, unsplit)
  }

  var refreshedRows: [ItemPath] {
    if let unsplit { return unsplit.updated }
    let made = split()
    return made.reconfigured + made.reloaded
  }

  /// An updated row's kind: reconfigured when its binders before and after have the same cell; reloaded when
  /// they do not, or the position is not in both lists (the view replaces the cell, right whatever was there).
  private static func kind(
    at path: ItemPath, _ unsplit: (updated: [ItemPath], previous: ListSnapshot, next: ListSnapshot)?
  ) -> Kind {
    guard let unsplit, let before = row(at: path, in: unsplit.previous), let after = row(at: path, in: unsplit.next),
      before.hasSameCell(as: after)
    else { return .reloaded }
    return .reconfigured
  }

  private static func row(at path: ItemPath, in list: ListSnapshot) -> CellBinder? {
    guard list.indices.contains(path.section), list[path.section].elements.indices.contains(path.item) else {
      return nil
    }
    return list[path.section].elements[path.item]
  }
}
