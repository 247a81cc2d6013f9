/// How a ``ListController`` applies states: when it reloads instead of updating in batches, how it treats
/// duplicate identities, and when it diffs off the main actor.
///
/// ```swift
/// let controller = ListController(view: view, configuration: .init(reloadThreshold: 200, duplicates: .reject)) {
///   state in state.sections
/// }
/// ```
public struct ListControllerConfiguration: Hashable, Sendable {
  /// Above this many changes (inserts, deletes, moves and updates of all stages), the view is reloaded instead
  /// of updated in batches. 1,000 by default.
  public var reloadThreshold: Int
  /// What the diff does with an identity that stands twice in a state: ``DuplicatePolicy/matchInOrder`` (the
  /// default: the k-th occurrence is matched with the k-th, and the list shows exactly the state) or
  /// ``DuplicatePolicy/reject`` (the state is not shown; ``ListFlowError/duplicateIdentifier(_:)`` is reported).
  public var duplicates: DuplicatePolicy
  /// From this many rows in the list shown, the next state's rows are built and diffed off the main actor.
  /// 2,000 by default; 0 diffs every state off the main actor.
  public var backgroundDiffThreshold: Int

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - reloadThreshold: Above this many changes the view is reloaded; must not be negative.
  ///   - duplicates: The duplicate policy of the diff.
  ///   - backgroundDiffThreshold: From this many rows the diff runs off the main actor; must not be negative.
  public init(
    reloadThreshold: Int = 1_000, duplicates: DuplicatePolicy = .matchInOrder, backgroundDiffThreshold: Int = 2_000
  ) {
    precondition(reloadThreshold >= 0, "ListControllerConfiguration: reloadThreshold must not be negative")
    precondition(
      backgroundDiffThreshold >= 0, "ListControllerConfiguration: backgroundDiffThreshold must not be negative")
    self.reloadThreshold = reloadThreshold
    self.duplicates = duplicates
    self.backgroundDiffThreshold = backgroundDiffThreshold
  }
}
