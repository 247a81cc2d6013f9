import ListFlow
import Synchronization

/// Runs a test's action while a controller is diffing a chosen state: the action runs, once, from the sections
/// function, which the controller calls while it diffs (off the main actor when the configuration says so).
///
/// This puts an event (a publish, a cancellation, new `apply` calls) exactly in the middle of a diff, without
/// blocking a thread and without sleeping.
final class DiffHook: Sendable {
  private let actions = Mutex<[Int: @Sendable () -> Void]>([:])

  /// Runs `action` the first time the state with `revision` is diffed.
  func on(revision: Int, _ action: @escaping @Sendable () -> Void) {
    actions.withSanitizedLock { $0[revision] = action }
  }

  /// Called from the sections function with the state being diffed.
  func pass(_ state: TodoState) {
    let action = actions.withSanitizedLock { $0.removeValue(forKey: state.revision) }
    action?()
  }
}
