extension ListController {
  /// An edit that starts from the list of the last state applied (or the last edit).
  ///
  /// ```swift
  /// var edit = controller.makeEdit()
  /// try edit.deleteRows(["draft"])
  /// controller.apply(edit)
  /// ```
  ///
  /// The edit costs its edits: it is given the index of the list's rows that the last edit applied left (which
  /// the states applied since followed), or makes it with its first row edit (O(*n*) once), and
  /// ``apply(_:animated:)`` takes the index back for the next edit (see ``ListEdit``).
  public func makeEdit() -> ListEdit {
    var edit = ListEdit(published)
    let index = editing.generation == modelGeneration ? editing.index : nil
    editing.index = nil
    edit.log = _EditLog(origin: editing.origin, generation: modelGeneration, source: published, index: index)
    return edit
  }

  /// Shows an edited list, then fills the edit's ``ListEdit/reconfiguredRows`` again and replaces its
  /// ``ListEdit/reloadedRows``.
  ///
  /// An edit made by ``makeEdit()`` from the list shown, whose edits were rows inserted, updated, deleted and moved, is
  /// told: its stages are made from the rows it touched alone, without comparing the rest of the list, so it
  /// costs its edits and not the list. Any other edit (made from an older list, with ``ListEdit/init(_:)``, or
  /// that changed sections; see ``ListEdit``) is diffed with the list shown, like a state.
  ///
  /// The edit changes the list, not ``state``: the next state applied is diffed against the edited list, as
  /// after a row the user moved. An edit made from an older list replaces the list shown all the same (the
  /// diff takes it there). The edit's reconfigured and reloaded rows are refreshed as
  /// ``ListEngine/reconfigureRows(_:animated:)`` and ``ListEngine/reloadRows(_:animated:)`` refresh them: a row a
  /// feed over the controller does not show (a ``FilteredFeed``'s query hides it) is skipped with no error, and
  /// only identities that no feed has a row of when they are refreshed are reported as
  /// ``ListFlowError/unknownRows(_:)``.
  ///
  /// - Parameters:
  ///   - edit: The edited list.
  ///   - animated: Whether the view should animate the batches (``ListUpdate/animated``).
  /// - Complexity: O(*k* log *n*) for *k* rows touched by a told edit; for any other, O(*s*) for *s* sections plus
  ///   the diff of the rows of the sections it changed, plus O(*s* log *s*) when it moved sections. What
  ///   the list before leaves (the nodes and rows the edit replaced) is freed as after a state: off the main
  ///   actor from ``ListControllerConfiguration/backgroundDiffThreshold`` rows, counted in the list for an
  ///   edit diffed, and among the rows it touched for a told edit (what it replaced grows with them, not with
  ///   the list).
  public func apply(_ edit: consuming ListEdit, animated: Bool = true) {
    let previous = published
    let previousRows = shownRows
    let told = edit.log.flatMap { log in
      log.origin === editing.origin && log.generation == modelGeneration && log.source.count == published.count
        ? log.resolve().map { resolution in
          let target = log.target(resolution)
          return (target: target, changes: log.changes(resolution, target: target))
        } : nil
    }
    let target = told?.target ?? edit.sections
    modelGeneration += 1
    shownRows = _StaleRows.after(shownRows)
    if let told {
      editing.index = edit.log?.index
      editing.generation = modelGeneration
      publish(told.changes, target: target, reloading: false, animated: animated)
    } else if let changes = try? _listChanges(from: published, to: target, duplicates: .matchInOrder) {
      publish(changes, target: target, reloading: false, animated: animated)
    } else {
      publish(StagedChangeset(), target: target, reloading: true, animated: animated)
    }
    if !edit.reconfiguredRows.isEmpty {
      feedLink.forward(.refresh(edit.reconfiguredRows, reloading: false, animated: animated))
    }
    if !edit.reloadedRows.isEmpty { feedLink.forward(.refresh(edit.reloadedRows, reloading: true, animated: animated)) }
    // The list before, the rows of the state before it and the stages are held here last (the edit, which
    // holds the list before too, goes first), and freed on another thread from the threshold on, as after a
    // state, so that the next frame does not wait for them. A told edit leaves only what it replaced (the rest
    // is shared with the list shown), so its threshold counts the rows it touched: for a few rows, freeing them
    // here costs less than waking that thread, whose frees would contend with this thread's allocations for the
    // allocator's lock (at a million rows, 10-20% of a told edit's time, measured).
    let freed = told == nil ? previous.reduce(0, { $0 + $1.elements.count }) : edit.log?.touches.count ?? 0
    _ = consume edit
    if freed >= configuration.backgroundDiffThreshold {
      Self.release((consume previous, consume previousRows, consume told))
    }
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
    apply(consume edit, animated: animated)
  }
}
