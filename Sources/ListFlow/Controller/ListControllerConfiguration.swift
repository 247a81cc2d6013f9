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
  /// of updated in batches. 1,000 by default; a negative value is stored as 0 (every change reloads).
  public var reloadThreshold: Int {
    get { storedReloadThreshold }
    set { storedReloadThreshold = max(0, newValue) }
  }
  /// What the diff does with an identity that stands twice in a state: ``DuplicatePolicy/matchInOrder`` (the
  /// default: the k-th occurrence is matched with the k-th, and the list shows exactly the state) or
  /// ``DuplicatePolicy/reject`` (the state is not shown; ``ListFlowError/duplicateIdentifier(_:)`` is reported).
  /// When rows are declared as values and a section's rows are the very array shown before, that section is not
  /// diffed at all: occurrences are then matched in order among the sections that changed.
  public var duplicates: DuplicatePolicy
  /// From this many rows in the list shown, the next state's rows are built and diffed off the main actor.
  /// 2,000 by default; 0 diffs every state off the main actor, and a negative value is stored as 0.
  public var backgroundDiffThreshold: Int {
    get { storedBackgroundDiffThreshold }
    set { storedBackgroundDiffThreshold = max(0, newValue) }
  }

  /// The thresholds, never negative.
  private var storedReloadThreshold: Int
  private var storedBackgroundDiffThreshold: Int

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - reloadThreshold: Above this many changes the view is reloaded; a negative value is taken as 0.
  ///   - duplicates: The duplicate policy of the diff.
  ///   - backgroundDiffThreshold: From this many rows the diff runs off the main actor; a negative value is taken
  ///     as 0.
  public init(
    reloadThreshold: Int = 1_000, duplicates: DuplicatePolicy = .matchInOrder, backgroundDiffThreshold: Int = 2_000
  ) {
    storedReloadThreshold = max(0, reloadThreshold)
    self.duplicates = duplicates
    storedBackgroundDiffThreshold = max(0, backgroundDiffThreshold)
  }
}
