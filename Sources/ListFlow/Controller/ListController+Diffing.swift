/// A state's list, and the staged changes from the list shown to it.
struct PreparedState: Sendable {
  var target: ListSnapshot
  var changes: StagedChangeset<ListSnapshot>
}

extension ListController {
  /// Builds a state's list and diffs it with `source`, on the caller's executor.
  ///
  /// - Parameters:
  ///   - state: The state.
  ///   - source: The list shown.
  ///   - sections: The function that declares a state's sections.
  ///   - duplicates: The duplicate policy.
  /// - Returns: The list and the changes, or the error that rejects the state.
  /// - Complexity: O(n) in the rows of both lists.
  nonisolated static func prepare(
    _ state: State,
    source: ListSnapshot,
    sections: @Sendable (State) -> [ListSection<CellBinder>],
    duplicates: DuplicatePolicy
  ) -> Result<PreparedState, ListFlowError> {
    let target = sections(state).map(\.snapshot)
    do {
      let changes = try StagedChangeset(source: source, target: target, duplicates: duplicates)
      return .success(PreparedState(target: target, changes: changes))
    } catch {
      switch error {
      case .duplicateIdentifier(let duplicate): return .failure(.duplicateIdentifier(duplicate))
      case .positionOutOfRange(let message): return .failure(.invalidChangeset(message))
      }
    }
  }

  /// ``prepare(_:source:sections:duplicates:)`` on the global concurrent executor, off the main actor.
  @concurrent
  nonisolated static func prepareInBackground(
    _ state: State,
    source: ListSnapshot,
    sections: @Sendable (State) -> [ListSection<CellBinder>],
    duplicates: DuplicatePolicy
  ) async -> Result<PreparedState, ListFlowError> {
    prepare(state, source: source, sections: sections, duplicates: duplicates)
  }
}
