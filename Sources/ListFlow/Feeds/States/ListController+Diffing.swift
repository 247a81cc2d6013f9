/// A state's list, the staged changes from the list shown to it, and the rows it was made from.
@usableFromInline
struct PreparedState: Sendable {
  var target: ListSnapshot
  var changes: StagedChangeset<ListSnapshot>
  /// The row values the list was made from (a ``_RowMemo``), or `nil` when the state declared binders.
  var rows: (any Sendable)?

  @usableFromInline
  init(target: ListSnapshot, changes: StagedChangeset<ListSnapshot>, rows: (any Sendable)?) {
    self.target = target
    self.changes = changes
    self.rows = rows
  }
}

/// Turns a state into its list and the changes from the list shown: the state, the list shown, the rows it was
/// made from (when the last state applied declared rows and the list was not edited since), the duplicate policy.
@usableFromInline
typealias _PrepareState<State> =
  @Sendable (State, ListSnapshot, (any Sendable)?, DuplicatePolicy) -> Result<PreparedState, ListFlowError>

extension ListFlowError {
  /// The controller's error for a diff's error.
  @usableFromInline
  init(_ error: DiffError) {
    switch error {
    case .duplicateIdentifier(let duplicate): self = .duplicateIdentifier(duplicate)
    case .positionOutOfRange(let message): self = .invalidChangeset(message)
    }
  }
}

/// Diffs a list of binders with the list shown.
///
/// Under ``DuplicatePolicy/reject`` only the state is judged (see ``_stateDuplicate(after:target:)``): a list
/// shown that holds an identity twice is diffed matching occurrences in order.
///
/// - Parameters:
///   - target: The new list.
///   - source: The list shown.
///   - rows: The rows the new list was made from, kept for the next diff, or `nil`.
///   - duplicates: The duplicate policy.
/// - Returns: The list and the changes, or the error that rejects it.
/// - Complexity: O(n) in the rows of both lists.
@usableFromInline
func _prepareBinders(
  _ target: ListSnapshot,
  source: ListSnapshot,
  rows: (any Sendable)?,
  duplicates: DuplicatePolicy
) -> Result<PreparedState, ListFlowError> {
  do {
    // The whole lists, always: a state's binders are new arrays (no section shares the pieces shown), and this
    // path is the full plan that the row path's tests compare with.
    let changes = try StagedChangeset(source: source, target: target, duplicates: duplicates)
    return .success(PreparedState(target: target, changes: changes, rows: rows))
  } catch {
    // Only `.reject` throws; the retry under `.matchInOrder` cannot come back here.
    if duplicates == .matchInOrder { return .failure(ListFlowError(error)) }
    if let rejected = _stateDuplicate(after: error, target: target) { return .failure(ListFlowError(rejected)) }
    return _prepareBinders(target, source: source, rows: rows, duplicates: .matchInOrder)
  }
}

/// What rejects a state, once a diff under ``DuplicatePolicy/reject`` threw `error`: the policy judges the state
/// alone (``ListControllerConfiguration/duplicates``), and the diff also refuses a source that holds an identity
/// twice. The list shown can hold one: a told edit put it there (``ListEdit`` accepts it), or the policy was
/// switched to `.reject` while such a list was shown. So a duplicate of the source is no reason to reject the
/// state: `nil` when the state holds no duplicate (the caller diffs it again under
/// ``DuplicatePolicy/matchInOrder``, which matches the shown occurrences in order and shows exactly the state),
/// else the state's own duplicate.
///
/// - Complexity: O(1) for a duplicate of the state; else one hash insertion per section and row of the state.
@inlinable
func _stateDuplicate<Section: DifferentiableSection>(after error: DiffError, target: [Section]) -> DiffError? {
  guard case .duplicateIdentifier(let duplicate) = error, duplicate.side == .source else { return error }
  // The state against an empty list: every section is inserted, and `.reject` looks for duplicates among the
  // sections and among all their rows, as it does for the state of any diff.
  return _SectionedPlan(source: [Section](), target: target, policy: .reject).error
}

/// The stages from one list to another. Under ``DuplicatePolicy/matchInOrder``, when section identities do not
/// repeat, only the changed sections are diffed (inserted, deleted, or kept with other rows, header, footer or
/// index title): a section whose rows are the very pieces it had (one an edit left alone or moved, or a state
/// kept) costs O(1), however long, and none of its binders is made. Else, or under ``DuplicatePolicy/reject``
/// (which must see every identity), the whole lists are diffed.
///
/// - Complexity: O(*s* log *s*) for *s* sections, plus the diff of the rows of the sections that changed; O(*n*)
///   in the rows of both lists when the whole lists are diffed.
func _listChanges(
  from source: ListSnapshot, to target: ListSnapshot, duplicates: DuplicatePolicy
) throws(DiffError) -> StagedChangeset<ListSnapshot> {
  if duplicates == .matchInOrder, let match = _SectionMatch(target, shown: source) {
    guard !match.isUnchanged else { return StagedChangeset() }
    let part = try StagedChangeset(
      source: match.changedSource.map { source[$0] }, target: match.changedTarget.map { target[$0] },
      duplicates: .matchInOrder)
    if let stages = match.wholeStages(Array(part), source: source, target: target) { return StagedChangeset(stages) }
  }
  return try StagedChangeset(source: source, target: target, duplicates: duplicates)
}

extension ListController {
  /// ``ListController/prepareState`` on the global concurrent executor, off the main actor.
  @concurrent
  nonisolated static func prepareInBackground(
    _ state: State,
    source: ListSnapshot,
    rows: (any Sendable)?,
    duplicates: DuplicatePolicy,
    prepare: _PrepareState<State>
  ) async -> Result<PreparedState, ListFlowError> {
    prepare(state, source, _StaleRows.current(rows, of: source), duplicates)
  }
}
