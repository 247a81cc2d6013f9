/// Runs `body` on the main actor for every element of a sequence, until it ends, throws, or the task is
/// cancelled: how main-actor feeds follow a store. What was shown stays when the sequence fails.
///
/// - Parameters:
///   - states: The sequence.
///   - body: Called with each element.
@MainActor
func follow<S: AsyncSequence>(_ states: S, _ body: (S.Element) -> Void) async {
  do {
    for try await state in states {
      if Task.isCancelled { return }
      body(state)
    }
  } catch {
    // A failing or cancelled sequence ends the run; the rows shown stay.
  }
}
