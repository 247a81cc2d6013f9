/// One stage of changes a ``ListView`` applies in one batch: a ``Changeset`` of the list, with its updated rows
/// split into those reconfigured in place and those replaced by a new cell.
///
/// When ``ListView/performBatchUpdates(_:)`` is called, the data source already answers with the data *after*
/// this stage (``changeset``'s `data`), so a view that checks its counts after the batch always finds them
/// right. Positions follow ``Changeset``: deletes, updates and move sources are positions before the stage;
/// inserts and move targets are positions after it.
///
/// Updated rows (``Changeset/elementUpdated``) come alone, in the first stage, with the list's shape unchanged:
/// - ``reconfiguredRows``: the cell type is the same; the view keeps the cell it shows and asks the data source
///   to fill it again (``ListDataSource/reconfigure(_:at:)``);
/// - ``reloadedRows``: the cell type changed; the view gives the old cell back to its reuse pool and asks for a
///   new one (``ListDataSource/cell(at:for:)``).
///
/// For each updated section (``Changeset/sectionUpdated``) the view asks for the header and footer again.
public struct ListUpdate: Sendable, CustomStringConvertible {
  /// The stage's changes, and the list once they are applied.
  public var changeset: Changeset<ListSnapshot>
  /// Updated rows whose cell type is unchanged: fill the existing cell again. Positions before the stage.
  public var reconfiguredRows: [ItemPath]
  /// Updated rows whose cell type changed: replace the cell. Positions before the stage.
  public var reloadedRows: [ItemPath]
  /// The stage's index, from 0.
  public var stage: Int
  /// The number of stages of the change this stage belongs to.
  public var stageCount: Int

  /// Creates an update.
  ///
  /// - Parameters:
  ///   - changeset: The stage's changes.
  ///   - reconfiguredRows: Updated rows whose cell type is unchanged.
  ///   - reloadedRows: Updated rows whose cell type changed.
  ///   - stage: The stage's index, from 0.
  ///   - stageCount: The number of stages.
  public init(
    changeset: Changeset<ListSnapshot>,
    reconfiguredRows: [ItemPath],
    reloadedRows: [ItemPath],
    stage: Int,
    stageCount: Int
  ) {
    self.changeset = changeset
    self.reconfiguredRows = reconfiguredRows
    self.reloadedRows = reloadedRows
    self.stage = stage
    self.stageCount = stageCount
  }

  /// Splits a stage's updated rows by comparing the binders before and after it.
  ///
  /// - Parameters:
  ///   - changeset: The stage.
  ///   - previous: The list before the stage.
  ///   - stage: The stage's index.
  ///   - stageCount: The number of stages.
  /// - Complexity: O(u) in the number of updated rows.
  public init(changeset: Changeset<ListSnapshot>, previous: ListSnapshot, stage: Int, stageCount: Int) {
    var reconfigured: [ItemPath] = []
    var reloaded: [ItemPath] = []
    for path in changeset.elementUpdated {
      let before = previous[path.section].elements[path.item]
      let after = changeset.data[path.section].elements[path.item]
      if before.hasSameCell(as: after) { reconfigured.append(path) } else { reloaded.append(path) }
    }
    self.init(
      changeset: changeset,
      reconfiguredRows: reconfigured,
      reloadedRows: reloaded,
      stage: stage,
      stageCount: stageCount
    )
  }

  /// The stage number and its changes, one kind per line.
  public var description: String {
    var lines = ["stage \(stage + 1)/\(stageCount)"]
    let changes = changeset.description
    if changes != "(no changes)" { lines.append(changes) }
    if !reconfiguredRows.isEmpty {
      lines.append("reconfigured: \(reconfiguredRows.map(\.description).joined(separator: ", "))")
    }
    if !reloadedRows.isEmpty { lines.append("reloaded: \(reloadedRows.map(\.description).joined(separator: ", "))") }
    return lines.joined(separator: "\n")
  }
}
