/// The shortest failing sequence of actions that is cheap to find: first the shortest failing prefix, then the
/// sequence with single actions dropped while it still fails, rerunning the test at most `maximumRuns` times.
///
/// A property test that replays a sequence of actions prints it beside the seed:
///
/// ```swift
/// if let failure = try await run(actions) {
///   let shortest = try await shortestFailing(actions) { try await run($0) != nil }
///   Issue.record("seed \(seed): \(failure); shortest failing sequence: \(shortest)")
/// }
/// ```
///
/// - Parameters:
///   - actions: A sequence that fails.
///   - maximumRuns: How many reruns the search may make.
///   - isolation: The caller's actor, on which `fails` runs.
///   - fails: Runs a sequence from scratch and says whether it fails.
/// - Returns: The shortest failing sequence found (`actions` itself when none is shorter).
public func shortestFailing<Action: Sendable>(
  _ actions: [Action], maximumRuns: Int = 200, isolation: isolated (any Actor)? = #isolation,
  fails: ([Action]) async throws -> Bool
) async rethrows -> [Action] {
  var runs = 0
  var shortest = actions
  // The shortest failing prefix.
  for length in 0..<actions.count where runs < maximumRuns {
    runs += 1
    if try await fails(Array(actions.prefix(length))) {
      shortest = Array(actions.prefix(length))
      break
    }
  }
  // Single actions dropped, from the end, while the rest still fails.
  var index = shortest.count - 1
  while index >= 0, runs < maximumRuns {
    var candidate = shortest
    candidate.remove(at: index)
    runs += 1
    if try await fails(candidate) { shortest = candidate }
    index -= 1
  }
  return shortest
}
