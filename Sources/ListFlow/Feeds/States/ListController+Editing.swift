extension ListController {
  /// An edit that starts from the list of the last state applied (or the last edit).
  ///
  /// ```swift
  /// var edit = controller.makeEdit()
  /// try edit.deleteRows(["draft"])
  /// controller.apply(edit)
  /// ```
  public func makeEdit() -> ListEdit { ListEdit(published) }

  /// Shows an edited list: it is diffed with the list of the last state applied and shown like any state, then
  /// the edit's ``ListEdit/reconfiguredRows`` are filled again and its ``ListEdit/reloadedRows`` replaced.
  ///
  /// The edit changes the list, not ``state``: the next state applied is diffed against the edited list, as
  /// after a row the user moved. An edit made from an older list replaces the list shown all the same (the
  /// diff takes it there). Identities of reconfigured or reloaded rows that the list does not have when they are
  /// refreshed are reported as ``ListFlowError/unknownRows(_:)``.
  ///
  /// - Parameters:
  ///   - edit: The edited list.
  ///   - animated: Whether the view should animate the batches (``ListUpdate/animated``).
  /// - Complexity: O(*n*) for the diff.
  public func apply(_ edit: ListEdit, animated: Bool = true) {
    let target = edit.sections
    modelGeneration += 1
    shownRows = nil
    if let changes = try? StagedChangeset(source: published, target: target, duplicates: .matchInOrder) {
      publish(changes, target: target, reloading: false, animated: animated)
    } else {
      publish(StagedChangeset(), target: target, reloading: true, animated: animated)
    }
    if !edit.reconfiguredRows.isEmpty {
      feedLink.forward(.refresh(edit.reconfiguredRows, reloading: false, animated: animated))
    }
    if !edit.reloadedRows.isEmpty { feedLink.forward(.refresh(edit.reloadedRows, reloading: true, animated: animated)) }
  }

  /// Edits the list of the last state applied and shows the result (``apply(_:animated:)``); when `body` throws,
  /// nothing is shown and the error is thrown again.
  ///
  /// ```swift
  /// try controller.performEdits { edit in
  ///   try edit.moveRow("b", before: "a")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - animated: Whether the view should animate the batches.
  ///   - body: The edits.
  /// - Throws: What `body` throws: the ``ListFlowError`` of the first edit refused, say.
  public func performEdits<Failure: Error>(
    animated: Bool = true, _ body: (inout ListEdit) throws(Failure) -> Void
  ) throws(Failure) {
    var edit = makeEdit()
    try body(&edit)
    apply(edit, animated: animated)
  }
}
