extension ListEngine {
  /// A row to scroll to: by position or by identity.
  enum ScrollTarget {
    case path(ItemPath)
    case identity(ListIdentifier)
  }

  /// Scrolls the view so that a row is on screen where `alignment` says; a view with a cursor (the terminal
  /// host) moves it to the row.
  ///
  /// Called while a change is applied (from a delegate closure), the scroll waits until the change is done and
  /// then goes to the row at `path` in the list shown *then*; an error found then is reported to
  /// ``SyncDelegate/didFail`` instead of thrown.
  ///
  /// ```swift
  /// try engine.scrollToRow(at: ItemPath(item: 40, section: 0), alignment: .center)
  /// ```
  ///
  /// - Parameters:
  ///   - path: The row's position in the list shown.
  ///   - alignment: Where the row goes: ``ListEngine/ScrollAlignment/top``, ``ListEngine/ScrollAlignment/center``,
  ///     ``ListEngine/ScrollAlignment/bottom``, or ``ListEngine/ScrollAlignment/visible`` (the default: the smallest scroll).
  /// - Throws: ``ListFlowError/sectionOutOfRange(section:sectionCount:)`` or
  ///   ``ListFlowError/rowOutOfRange(path:rowCount:)``; the view is left as it was.
  public func scrollToRow(at path: ItemPath, alignment: ListEngine.ScrollAlignment = .visible) throws(ListFlowError) {
    if isApplying {
      enqueue(.scroll(.path(path), alignment))
      return
    }
    try scroll(to: .path(path), alignment: alignment)
  }

  /// Scrolls the view to the first row with an identity (its binder's ``CellBinder/id``), wherever it is now.
  ///
  /// Called while a change is applied, the row is looked up once the change is done.
  ///
  /// - Parameters:
  ///   - id: The row's identity, as its binder has it (``BindableCell`` scopes a value's identity by the cell's
  ///     reuse identifier: read it from ``ListEngine/row(at:)`` or make it the same way).
  ///   - alignment: Where the row goes on screen.
  /// - Throws: ``ListFlowError/rowNotFound(_:)`` when no row has the identity.
  /// - Complexity: O(*n*) in the rows of the list, to find the row.
  public func scrollToRow(
    withIdentity id: ListIdentifier, alignment: ListEngine.ScrollAlignment = .visible
  )
    throws(ListFlowError)
  {
    if isApplying {
      enqueue(.scroll(.identity(id), alignment))
      return
    }
    try scroll(to: .identity(id), alignment: alignment)
  }

  func scroll(to target: ScrollTarget, alignment: ListEngine.ScrollAlignment) throws(ListFlowError) {
    let path: ItemPath
    switch target {
    case .path(let wanted):
      _ = try snapshot.row(at: wanted)
      path = wanted
    case .identity(let id):
      guard let found = snapshot.path(ofRow: id) else { throw .rowNotFound(id) }
      path = found
    }
    view.scrollToRow(at: path, alignment: alignment)
  }
}

extension ListEngine {
  /// The identity of a row of the list shown: its binder's ``CellBinder/id``, read from the row without making
  /// the binder when the feed knows its rows' identities (the rows path does).
  ///
  /// - Parameter path: The row's position.
  /// - Returns: The identity, or `nil` when the list has no such row.
  public func identity(ofRowAt path: ItemPath) -> ListIdentifier? {
    snapshot.identity(ofRowAt: path)
  }

  /// The first of `paths` whose row in the list shown has the identity `id`: what a loop of
  /// ``identity(ofRowAt:)`` over them finds, without looking each path's section up again (a view following a
  /// deleted row among the thousands a change inserts).
  package func firstRow(withIdentity id: ListIdentifier, among paths: [ItemPath]) -> ItemPath? {
    snapshot.firstPath(of: id, among: paths)
  }

  /// The identity of a section of the list shown, or `nil` when there is no such section: with a row's identity,
  /// what names the row when two sections show rows of the same identity.
  package func identity(ofSection section: Int) -> ListIdentifier? {
    snapshot.indices.contains(section) ? snapshot[section].model.id : nil
  }

  /// The position of the section of an identity in the list shown, or `nil` when there is none.
  package func section(withIdentity id: ListIdentifier) -> Int? {
    snapshot.firstIndex { $0.model.id == id }
  }

  /// The position of the first row with an identity in the section of identity `section` of the list shown, or
  /// `nil` when that section has none: where a row is looked for first when another section may show a row of the
  /// same identity.
  package func path(ofRowWithIdentity id: ListIdentifier, inSection section: ListIdentifier) -> ItemPath? {
    snapshot.path(ofRow: id, inSection: section)
  }

  /// The position of the first row with an identity in the list shown.
  ///
  /// - Parameter id: The row's identity.
  /// - Returns: The position, or `nil` when no row has it.
  /// - Complexity: For rows whose identities the feed knows without binders (rows declared as values, a
  ///   filter's rows shown of them), O(1) per section once a section's rows were searched (the first search
  ///   reads each identity once and keeps the rows by identity; a state's rows take the kept rows' identities
  ///   from the rows before, so a search after a state reads the identities of the rows it added, and after
  ///   a state that follows told edits, every row's once); otherwise O(*n*) identity comparisons. No binder made
  ///   for rows whose identity the feed knows.
  public func path(ofRowWithIdentity id: ListIdentifier) -> ItemPath? {
    snapshot.path(ofRow: id)
  }
}
