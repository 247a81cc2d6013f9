extension ListController {
  /// Creates a controller for states whose rows are plain values, each shown by the cell a function makes.
  ///
  /// The controller diffs the rows themselves, by their ``Differentiable`` identity and content, against the
  /// rows of the last state applied. The list it shows keeps the rows, not a binder per row: a row's binder is
  /// made by `cell` when a view reads the row (to dequeue or fill its cell, or to ask its height), and the stages
  /// of a change share the list before it around the rows that changed. So a state that changes a few rows of a
  /// long list costs one diff of the values and calls to `cell` for the rows the view shows or the change
  /// touches, not a binder per row (see ``CellBinderList``).
  ///
  /// ```swift
  /// struct Contact: Identifiable, Equatable, Sendable { var id: Int; var name: String }
  /// extension Contact: Differentiable {}
  ///
  /// let controller = ListController<[Contact]> { contacts in
  ///   [ListSection(id: "contacts", items: contacts)]
  /// } cell: { contact in
  ///   ContactCell.makeBinder(value: contact, id: contact.id)
  /// }
  /// ```
  ///
  /// A row kept from one state to the next (the app copied it, or kept the array) is compared by its bytes
  /// first, and only when they differ by ``Differentiable/isContentEqual(to:)``, which copies the row. A row type
  /// whose one-byte fields (an enum without payload, a `Bool`) come last has no padding between its fields, so
  /// its kept rows are compared by their bytes alone: `struct Line { var id: Int; var text: String; var level:
  /// Level }` rather than `level` between `id` and `text`.
  ///
  /// A section whose rows are the very array of the state before (the app did not touch it), with the same
  /// header and footer, is not diffed at all, wherever it moved: a state costs the sections it changed, inserted
  /// or deleted (and O(*s* log *s*) for *s* sections when it moved some). An app whose list grows long
  /// can keep it in sections of a few thousand rows (a section without header or footer shows no seam): a change
  /// then copies and diffs the sections it touches, not the whole list.
  ///
  /// A row's identity is its ``Differentiable/differenceIdentifier``, wrapped in a ``ListIdentifier``: every
  /// binder `cell` makes is identified by it (whatever ``CellBinder/id`` `cell` gave), so delegate events,
  /// selection, ``path(ofRow:)`` and a view finding its cursor's row read identities from the rows, without
  /// making binders. Headers and footers keep the identity `cell` gives them.
  ///
  /// - Precondition: `cell` depends only on what ``Differentiable/isContentEqual(to:)`` compares, so a row
  ///   with equal content would get an equal binder. It is not checked: a `cell` that breaks it shows the binder
  ///   of the first state that had the row's content.
  ///
  /// After the list changed otherwise than by a state (an edit applied, ``apply(_:animated:)``, or a row the user
  /// moved, ``moveRow(_:)``), the next state reads the rows of the list shown back through the rows of the last
  /// state: its runs of rows are theirs, and each binder put in since stands for the row it carries
  /// (``CellBinder/model(as:)``) when `cell` makes that very binder of it (the same content, and the row's
  /// identity on this path, `ListIdentifier(row.differenceIdentifier)`: set ``CellBinder/id`` to it on a binder
  /// an edit puts in). A section an edit put in is read the same way, its header and footer the rows their
  /// binders carry. That costs a copy of the rows and one call to `cell` for each binder put in since, and the
  /// state is diffed by its rows as usual. When a row cannot be read back (a binder whose model is not a `Row`, as
  /// ``BindableCell/makeBinder(value:id:)`` with a value other than the row makes, or a binder other than `cell`
  /// makes of its row), that one state makes every binder and diffs them, as does a state after a list of
  /// another controller was applied; then the values take over again. Section headers and footers are rows too: a
  /// section whose header and footer kept their content keeps their binders.
  ///
  /// - Parameters:
  ///   - configuration: When to reload, the duplicate policy (applied to the rows' identities), when to diff off
  ///     the main actor.
  ///   - delegate: The closures that receive the list's events.
  ///   - rows: The function that declares a state's sections of rows; it may run off the main actor.
  ///   - cell: The function that makes the binder of a row, header or footer; it may run off the main actor.
  @inlinable
  public convenience init<Row: Differentiable & Sendable>(
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    delegate: SyncDelegate = SyncDelegate(),
    rows: @escaping @Sendable (State) -> [ListSection<Row>],
    cell: @escaping @Sendable (Row) -> CellBinder
  ) where Row.DifferenceIdentifier: Sendable {
    self.init(configuration: configuration, delegate: delegate) { state, source, shown, duplicates in
      _prepareRows(rows(state), source: source, shown: shown as? _RowMemo<Row>, cell: cell, duplicates: duplicates)
    }
  }

  /// Creates a controller for states that declare their cells as values, shown in one section
  /// (``ListIdentifier/mainSection``): the declarations are the rows of ``init(configuration:delegate:rows:cell:)``.
  ///
  /// - Parameters:
  ///   - configuration: When to reload, the duplicate policy, when to diff off the main actor.
  ///   - delegate: The closures that receive the list's events.
  ///   - cell: The function that makes the binder of a declaration; it may run off the main actor.
  @inlinable
  public convenience init(
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    delegate: SyncDelegate = SyncDelegate(),
    cell: @escaping @Sendable (State.CellDeclaration) -> CellBinder
  )
  where
    State: CellsDeclarator, State.CellDeclaration: Differentiable & Sendable,
    State.CellDeclaration.DifferenceIdentifier: Sendable
  {
    self.init(
      configuration: configuration, delegate: delegate,
      rows: { [ListSection(id: ListIdentifier.mainSection, items: $0.cellDeclarations)] }, cell: cell)
  }

  /// Creates a controller for states that declare sections of cell declarations that are values: the
  /// declarations are the rows of ``init(configuration:delegate:rows:cell:)``.
  ///
  /// - Parameters:
  ///   - configuration: When to reload, the duplicate policy, when to diff off the main actor.
  ///   - delegate: The closures that receive the list's events.
  ///   - cell: The function that makes the binder of a declaration (row, header or footer).
  @inlinable
  public convenience init(
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    delegate: SyncDelegate = SyncDelegate(),
    cell: @escaping @Sendable (State.CellDeclaration) -> CellBinder
  )
  where
    State: SectionsDeclarator, State.CellDeclaration: Differentiable & Sendable,
    State.CellDeclaration.DifferenceIdentifier: Sendable
  {
    self.init(
      configuration: configuration, delegate: delegate, rows: { $0.sectionDeclarations }, cell: cell)
  }
}
