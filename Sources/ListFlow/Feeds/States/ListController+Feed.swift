extension ListController: ListFeed {
  /// The list of the last state applied: the sections this controller shows as a child of a composite.
  public var displayedSections: [ListSectionSnapshot] { published }

  /// Takes a row the user moved into the list (the view shows it there already): the next state is diffed
  /// against the moved list. Called by the engine, or by the composite holding the controller.
  ///
  /// - Parameter move: The move; both positions exist in the list of the last state.
  /// - Throws: ``ListFlowError/rowNotMovable(_:)`` when a position does not exist.
  public func moveRow(_ move: Move<ItemPath>) throws(ListFlowError) {
    guard published.indices.contains(move.source.section), published.indices.contains(move.target.section),
      published[move.source.section].elements.indices.contains(move.source.item)
    else { throw .rowNotMovable(move.source) }
    var moved = published
    let binder = moved[move.source.section].elements.remove(at: move.source.item)
    guard (0...moved[move.target.section].elements.count).contains(move.target.item) else {
      throw .rowNotMovable(move.source)
    }
    moved[move.target.section].elements.insert(binder, at: move.target.item)
    modelGeneration += 1
    // The rows of the last state no longer describe the list: the next state reads them back through them.
    shownRows = _StaleRows.after(shownRows)
    publish(StagedChangeset([Changeset(data: moved, elementMoved: [move])]), target: moved, reloading: false)
  }
}
