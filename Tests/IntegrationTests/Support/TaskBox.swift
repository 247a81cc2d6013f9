import ListFlow
import Synchronization

/// A task handle that a `@Sendable` closure can reach, so it can cancel the task.
final class TaskBox: Sendable {
  private let task = Mutex<Task<Void, Never>?>(nil)

  /// Keeps `task`.
  func hold(_ task: Task<Void, Never>) { self.task.withSanitizedLock { $0 = task } }

  /// Cancels the task held, if any.
  func cancel() { task.withSanitizedLock { $0 }?.cancel() }
}
