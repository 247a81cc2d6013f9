extension StagedChangeset where Data == [ListSectionSnapshot] {
  /// These stages, of a run of rows of a one-section list diffed on its own, put back at the run's place: every
  /// position moved down by `offset` (the rows before the run), and each stage's data the rows `before`, then the
  /// stage's rows, then the rows `after`; the last stage holds `final`, the section shown now.
  ///
  /// A feed that knows which rows of its section a change touched diffs them alone this way (the rows a
  /// ``PagedFeed`` appends, the subtrees of an ``OutlineFeed`` that changed), so that the change costs those rows.
  ///
  /// - Parameters:
  ///   - offset: The number of rows before the run, in the section before and now.
  ///   - before: The pieces of the rows before the run.
  ///   - after: The pieces of the rows after it.
  ///   - final: The section shown once every stage is applied.
  /// - Returns: The stages, or `nil` when one changes the section itself (its header or footer, say).
  /// - Complexity: O(*c* + *p*) for *c* changes and the *p* pieces of the stages' data.
  func placed(
    at offset: Int, before: [CellBinderList.Piece], after: [CellBinderList.Piece], final: [ListSectionSnapshot]
  ) -> Self? {
    func moved(_ path: ItemPath) -> ItemPath { ItemPath(item: path.item + offset, section: path.section) }
    var stages: [Changeset<[ListSectionSnapshot]>] = []
    for stage in self {
      guard stage.sectionChangeCount == 0, stage.data.count == 1 else { return nil }
      var data = stage.data
      data[0].elements = CellBinderList(uncompacted: before + stage.data[0].elements.pieces + after)
      stages.append(
        Changeset(
          data: data, elementDeleted: stage.elementDeleted.map(moved),
          elementInserted: stage.elementInserted.map(moved),
          elementUpdated: stage.elementUpdated.map(moved),
          elementMoved: stage.elementMoved.map { Move(source: moved($0.source), target: moved($0.target)) }))
    }
    if !stages.isEmpty { stages[stages.count - 1].data = final }
    return StagedChangeset(stages)
  }
}
