/// One random change to a list of rows, as the cost property tests draw them: a line inserted, deleted, moved
/// (to any section) or updated, each a quarter of the time.
public enum RowEdit: Sendable {
  case insert, delete, move, update

  /// The four edits, by weight.
  public static let weighted = WeightedChoice<RowEdit>([
    ("insert a line", weight: 1, .insert),
    ("delete a line", weight: 1, .delete),
    ("move a line, to any section", weight: 1, .move),
    ("update a line", weight: 1, .update),
  ])
}
