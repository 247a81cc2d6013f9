/// How a ``ListController`` diffs states: how it treats duplicate identities, and when it diffs off the main
/// actor. (When the view reloads instead of updating in batches is the ``ListEngine``'s
/// ``ListEngine/reloadThreshold``.)
///
/// ```swift
/// let controller = ListController(configuration: .init(duplicates: .reject)) { state in state.sections }
/// ```
public struct ListControllerConfiguration: Hashable, Sendable {
  /// What the diff does with an identity that stands twice in a state: ``DuplicatePolicy/matchInOrder`` (the
  /// default: the k-th occurrence is matched with the k-th, and the list shows exactly the state) or
  /// ``DuplicatePolicy/reject`` (the state is not shown; ``ListFlowError/duplicateIdentifier(_:)`` is reported).
  /// Only the state is judged: the list shown may hold an identity twice (a ``ListEdit`` put it there, or the
  /// policy was switched to `.reject` while such a list was shown), and a state that repeats no identity is
  /// shown all the same, its rows matched with those shown in order.
  /// When rows are declared as values and a section's rows are the very array shown before, that section is not
  /// diffed at all: occurrences are then matched in order among the sections that changed.
  public var duplicates: DuplicatePolicy
  /// From this many rows in the list shown, the next state's rows are built and diffed off the main actor, and
  /// once the next state is shown, the rows of the list before it are freed off the main actor too (a release
  /// per row, on a serial queue of utility priority). 20,000 by default: below it a state's diff costs less than
  /// the two thread hops of running it elsewhere (on a 2-core Linux machine, diffing 10,000 rows of text on the
  /// main actor halved a state's latency, from about 0.6 ms to 0.3), and above it the main actor stays free for
  /// input while a long list is diffed. 0 does both for every state, and a negative value is stored as 0.
  /// Whatever the threshold, a state given before any state was shown is built and diffed off the main actor, its
  /// size unknown until it is built (and counted in ``ListController/Statistics/backgroundDiffs``).
  /// After a told ``ListEdit`` (which is never diffed), what it replaced is freed off the main actor when it
  /// touched this many rows.
  public var backgroundDiffThreshold: Int {
    get { storedBackgroundDiffThreshold }
    set { storedBackgroundDiffThreshold = max(0, newValue) }
  }

  /// The threshold, never negative.
  private var storedBackgroundDiffThreshold: Int

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - duplicates: The duplicate policy of the diff.
  ///   - backgroundDiffThreshold: From this many rows the diff runs off the main actor; a negative value is taken
  ///     as 0.
  public init(duplicates: DuplicatePolicy = .matchInOrder, backgroundDiffThreshold: Int = 20_000) {
    self.duplicates = duplicates
    storedBackgroundDiffThreshold = max(0, backgroundDiffThreshold)
  }
}
