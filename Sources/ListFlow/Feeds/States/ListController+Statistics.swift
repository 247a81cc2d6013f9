extension ListController {
  /// Counters of what a ``ListController`` did, for tests and benchmarks (the reloads and batches are the
  /// ``ListEngine``'s: ``ListEngine/reloadCount`` and ``ListEngine/batchCount``).
  public struct Statistics: Hashable, Sendable, CustomStringConvertible {
    /// States shown, by batches or by a reload (a state that changed nothing counts too).
    public var appliedStates = 0
    /// States dropped because a newer one arrived before they were started.
    public var supersededStates = 0
    /// States dropped because their task was cancelled before they were shown: a state waiting for a cancelled
    /// caller, or one whose diff was thrown away when the task applying it was cancelled (the state waiting then, if
    /// any, is shown instead). Every state given is counted once, in this or another counter.
    public var cancelledStates = 0
    /// States rejected with an error (duplicate identities under ``DuplicatePolicy/reject``).
    public var rejectedStates = 0
    /// Diffs computed off the main actor.
    public var backgroundDiffs = 0

    /// Creates zeroed counters.
    public init() {}

    /// The counters, as `name=value` pairs.
    public var description: String {
      "applied=\(appliedStates) superseded=\(supersededStates) cancelled=\(cancelledStates) rejected=\(rejectedStates) "
        + "backgroundDiffs=\(backgroundDiffs)"
    }
  }
}
