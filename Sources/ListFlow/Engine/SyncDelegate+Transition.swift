extension SyncDelegate {
  /// One change of the list a controller made to its view: batch updates stage by stage, or a full reload.
  ///
  /// ``SyncDelegate/willApply`` receives it before the view changes, ``SyncDelegate/didApply`` after.
  public struct Transition: Sendable, CustomStringConvertible {
    /// Why the controller reloaded the view instead of applying batches.
    public enum ReloadReason: Hashable, Sendable, CustomStringConvertible {
      /// The first state shown.
      case initial
      /// The change had more changes than ``ListEngine/reloadThreshold``.
      case threshold(changeCount: Int)
      /// The view was not on screen.
      case notVisible
      /// The app asked for it (``ListController/apply(_:reloading:)``, ``ListEngine/reloadData()``).
      case requested

      /// The reason in words.
      public var description: String {
        switch self {
        case .initial: "initial"
        case .threshold(let count): "threshold (\(count) changes)"
        case .notVisible: "not visible"
        case .requested: "requested"
        }
      }
    }

    /// The staged changes from the previous list to ``target``; empty when nothing was diffed.
    public var changes: StagedChangeset<ListSnapshot>
    /// Why the view was reloaded, or `nil` when the stages were applied as batches.
    public var reloadReason: ReloadReason?
    /// The list once the transition is done.
    public var target: ListSnapshot
    /// Whether the view is asked to animate the change (every batch's ``ListUpdate/animated``); always `false` for
    /// a reload, which a view shows at once.
    public var animated: Bool

    /// Creates a transition.
    ///
    /// - Parameters:
    ///   - changes: The staged changes.
    ///   - reloadReason: Why the view was reloaded, or `nil` for batch updates.
    ///   - target: The list once the transition is done.
    ///   - animated: Whether the batches are animated; ignored (`false`) for a reload.
    public init(
      changes: StagedChangeset<ListSnapshot>, reloadReason: ReloadReason?, target: ListSnapshot, animated: Bool = true
    ) {
      self.changes = changes
      self.reloadReason = reloadReason
      self.target = target
      self.animated = reloadReason == nil && animated
    }

    /// Whether the view was reloaded instead of updated in batches.
    public var isReload: Bool { reloadReason != nil }

    /// `reload (reason)` or `N stages, M changes`.
    public var description: String {
      if let reloadReason { return "reload (\(reloadReason))" }
      return "\(changes.count) stages, \(changes.changeCount) changes"
    }
  }
}
