extension SyncDelegate {
  /// An action the user can take on a row: a swipe button, a key that deletes.
  ///
  /// ```swift
  /// delegate.editActions = { _, _ in [.delete, SyncDelegate.EditAction(id: "archive", title: "Archive")] }
  /// delegate.commitEdit = { action, path, row in if action == .delete { store.remove(row.id) } }
  /// ```
  public struct EditAction: Hashable, Sendable, CustomStringConvertible {
    /// How the action looks.
    public enum Style: String, Hashable, Sendable {
      /// An ordinary action.
      case normal
      /// An action that destroys data (shown in red by most hosts).
      case destructive
    }

    /// The action's identity, compared by `==`.
    public var id: String
    /// The label shown to the user.
    public var title: String
    /// How the action looks.
    public var style: Style

    /// Creates an action.
    ///
    /// - Parameters:
    ///   - id: The action's identity.
    ///   - title: The label shown to the user.
    ///   - style: How the action looks; normal by default.
    public init(id: String, title: String, style: Style = .normal) {
      self.id = id
      self.title = title
      self.style = style
    }

    /// The destructive action "Delete" (identity `delete`).
    public static let delete = SyncDelegate.EditAction(id: "delete", title: "Delete", style: .destructive)

    /// The title.
    public var description: String { title }
  }
}
