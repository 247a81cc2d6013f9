/// A feed that holds rows it does not show now, such as a ``FilteredFeed``: the selection keeps those rows.
///
/// After every change, the engine removes from the selection the rows that left the list. Before it removes
/// one, it asks the feeds of the list (through the composites that hold them) whether one of them only hides
/// it; a row hidden that way stays selected and is shown selected again when the feed shows it.
@MainActor
public protocol RowHidingSource: AnyObject {
  /// Whether the feed holds a row with this identity that it does not show now.
  ///
  /// - Parameter id: A row's identity.
  /// - Returns: `true` when the row exists in the feed's input and is hidden.
  func hidesRow(_ id: ListIdentifier) -> Bool
}

extension ComposedDataSource: RowHidingSource {
  /// Whether a child (at any depth) hides a row with this identity.
  ///
  /// - Parameter id: A row's identity.
  /// - Returns: `true` when one of the children that hide rows hides it.
  /// - Complexity: O(*c*) in the number of children, plus their own answers.
  public func hidesRow(_ id: ListIdentifier) -> Bool {
    children.contains { ($0 as? any RowHidingSource)?.hidesRow(id) ?? false }
  }
}
