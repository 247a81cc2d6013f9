/// Lets other tasks run until `condition` holds, yielding at most `maximumYields` times: a wait for something
/// another task does that has no event of its own to await, which cannot hang the run.
///
/// The caller states what it waited for, so that a wait that runs out fails with a clear message:
///
/// ```swift
/// #expect(await yieldUntil { controller.hasPendingState }, "the second apply never queued its state")
/// ```
///
/// - Parameters:
///   - maximumYields: How many times to yield before giving up.
///   - isolation: The caller's actor, on which `condition` runs.
///   - condition: What to wait for.
/// - Returns: Whether `condition` held before the yields ran out.
public func yieldUntil(
  maximumYields: Int = 10_000, isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool
) async -> Bool {
  for _ in 0..<maximumYields {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}
