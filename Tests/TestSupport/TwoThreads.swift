import Foundation
import Synchronization

/// A counter with no synchronisation at all: two threads that both change it race.
public final class UnsynchronisedCounter: @unchecked Sendable {
  /// The count: changed with no lock.
  public var value = 0

  /// A counter at zero.
  public init() {}
}

/// Runs `first` and `second` on two new threads and returns once both are done, without ordering them for the
/// thread sanitizer: the threads are only created (an edge from this task to each) and report their end through
/// a relaxed atomic (no edge). Two tasks could run one after the other on the same thread, which is no race.
///
/// The sanitizer may still miss the race of a run (two accesses at the same instant, or ordered by a lock the
/// runtime takes between one thread's end and another's start): `scripts/tsan` runs a canary again until it is
/// reported, a few times at most.
public func onTwoThreads(
  _ first: @escaping @Sendable () -> Void, and second: @escaping @Sendable () -> Void
) async {
  let done = Atomic(0)
  for body in [first, second] {
    Thread {
      body()
      done.add(1, ordering: .relaxed)
    }.start()
  }
  // A bounded wait (the threads' bodies are a few instructions; 10 million yields are seconds even under the
  // sanitizer), not an awaited event: any event the threads signalled would order them for the sanitizer.
  let finished = await yieldUntil(maximumYields: 10_000_000) { done.load(ordering: .relaxed) == 2 }
  precondition(finished, "onTwoThreads: the two threads did not finish within 10 million yields")
}
