extension ListSelection {
  /// A change of a list's selection, as ``SyncDelegate/didChangeSelection`` and ``ListView/selectionDidChange(_:)``
  /// receive it: the identities added and removed, and where their rows are.
  ///
  /// The positions are those of the list shown when the change is reported, in the coordinates of the one told:
  /// global for the list's delegate and view, local for the delegate of a composite's child, which is told only of
  /// its own rows. A row that is no longer in the list (deleted, or hidden by a filter) has no position; its
  /// identity is still in ``removed`` for the list's delegate, and for the delegate of the feed that showed it:
  /// for a row a change deleted, and for a row a filter hides when it is deselected or its feed deletes it. A row
  /// selected while a filter hides it (``ListEngine/select(_:)`` of its identity) comes the same way, in ``added``
  /// with no position, to the list's delegate and to the delegate of the feed that owns it. Rows that share an
  /// identity change together: a feed whose row of the identity a filter hides hears of it with no position even
  /// when another feed shows a row of it (which hears of it at its position).
  public struct Change: Hashable, Sendable, CustomStringConvertible {
    /// The whole selection after the change.
    public var selection: ListSelection
    /// The identities selected by the change, in order.
    public var added: [ListIdentifier]
    /// The identities deselected by the change, in order.
    public var removed: [ListIdentifier]
    /// The positions of the rows selected by the change (every row that carries an added identity), ascending.
    public var addedRows: [ItemPath]
    /// The positions of the rows deselected by the change that are still in the list, ascending.
    public var removedRows: [ItemPath]

    /// Creates a change.
    ///
    /// - Parameters:
    ///   - selection: The selection after the change.
    ///   - added: The identities selected.
    ///   - removed: The identities deselected.
    ///   - addedRows: Where the selected rows are.
    ///   - removedRows: Where the deselected rows are, for those still in the list.
    public init(
      selection: ListSelection,
      added: [ListIdentifier],
      removed: [ListIdentifier],
      addedRows: [ItemPath] = [],
      removedRows: [ItemPath] = []
    ) {
      self.selection = selection
      self.added = added
      self.removed = removed
      self.addedRows = addedRows
      self.removedRows = removedRows
    }

    /// `+[a] -[b]`.
    public var description: String { "+\(added) -\(removed)" }
  }
}
