import Observation
import Synchronization

/// An observable box of app state that streams every change to any number of subscribers.
///
/// A store holds one `State` value. App code reads and replaces it (``state``) or changes it in place
/// (``update(_:)``), from any thread or task. Every change is published twice:
///
/// - through Observation: `Store` is `@Observable`, so `withObservationTracking` (and SwiftUI-style observers)
///   see ``state`` change;
/// - through ``updates(bufferingNewest:)``: each call returns a new `AsyncStream` that starts with the current
///   state and then receives every later state, until the subscriber stops or the store finishes.
///
/// ```swift
/// let store = Store(Inbox(messages: []))
/// let controller = ListController<Inbox> { inbox in inbox.sections }
/// let engine = try ListEngine(view: view, showing: controller)  // keep it while the list is shown
/// let rendering = Task { await controller.run(store.updates()) }  // consumes states until cancelled
///
/// store.update { $0.messages.append(message) }  // from any task: the list shows it next
/// ```
///
/// ## Buffering
/// A subscriber that is slower than the store never builds a backlog. Its stream keeps at most
/// `bufferingNewest` states waiting (one by default); a newer
/// state pushes out the oldest waiting one. So a slow subscriber skips intermediate states, but the last state
/// published is always delivered, and states always arrive in the order they were published.
///
/// ## Subscribers
/// A subscriber is removed, and its continuation released, as soon as its stream terminates: when the task
/// iterating it is cancelled (at once if it is waiting for a state, otherwise at its next `next()`), when it
/// stops iterating and the stream and its iterator are dropped, or when the store finishes.
/// ``subscriberCount`` tells how many are live. The streams do not keep the store alive: when the last
/// reference to the store goes away, every stream ends after the states it already holds.
///
/// ## Isolation
/// `Store` is not bound to the main actor, on purpose: producers (network tasks, timers, background work)
/// publish synchronously from wherever they run, without hopping actors, and consumers on the main actor
/// (such as `ListController`) receive the states through their streams. The state lives behind a `Mutex` that
/// is held only for the store's own decisions, never while app code runs. Changes are made one at a time under
/// a lock of their own, and an ``update(_:)`` body runs under that lock alone, so it may read the state, cancel
/// a consumer, drop a stream, subscribe or finish (this store or another) without deadlocking. Streams are
/// yielded to and finished outside the state's lock, in delivery rounds that run one at a time: each
/// change is followed by one round, run by the caller that made it, which hands the newest state to every
/// subscriber. So every subscriber sees states in publish order, and a caller never does more than one round
/// of work, however busy other producers are. Observation's change notifications (`onChange` of
/// `withObservationTracking`) run on the thread that changes the state, before the change, as with any
/// `@Observable` type.
@Observable
public final class Store<State: Sendable>: Sendable {
  private typealias Machine = StoreStateMachine<State, Subscriber>

  /// A subscriber's continuation and the size of its buffer.
  private struct Subscriber: Sendable {
    let continuation: AsyncStream<State>.Continuation
    let bound: Int

    /// Yields `state` and returns how many states then wait in the stream, from the stream's own report.
    func yield(_ state: State) -> Int {
      switch continuation.yield(state) {
      case .enqueued(let remaining): bound - remaining
      case .dropped: bound
      case .terminated: 0
      @unknown default: 0
      }
    }
  }

  /// The state and the subscribers: every decision is made under this lock, and nothing else is done under it.
  /// No other lock is ever taken while it is held.
  private let machine: Mutex<Machine>
  /// Serialises changes of the state (``state``'s setter, ``update(_:)``), so that an update's read, body and
  /// publish are atomic without holding `machine`'s lock while the body runs. Taken before `machine`'s lock.
  ///
  /// Its `Bool` (like `rounds`') is never read: a `Mutex<()>`'s empty value lies at the address of the next field,
  /// and the thread sanitizer takes an access to it for a race with that field's lock.
  private let writers = Mutex(false)
  /// Serialises delivery rounds, so that yields outside `machine`'s lock still reach each stream in order.
  /// Taken before `machine`'s lock, never after it.
  private let rounds = Mutex(false)
  /// The largest number of states a subscriber had waiting, as the streams reported it.
  private let peakBuffered = Atomic(0)
  /// ``state``'s key path, made once: a key path of a generic class is made by the runtime at each use (some
  /// 10,000 instructions), and Observation takes one at every read and change of the state.
  private let stateKey: any KeyPath<Store, State> & Sendable = \.state

  /// Creates a store holding `initialState`.
  ///
  /// - Parameter initialState: The state before any change.
  public init(_ initialState: State) {
    machine = Mutex(Machine(state: initialState))
  }

  deinit {
    let subscribers = machine.withSanitizedLock { $0.removeAll() }
    for subscriber in subscribers { subscriber.continuation.finish() }
  }

  /// The current state; setting it publishes the new state to every subscriber.
  ///
  /// Reading it inside `withObservationTracking` tracks it. Setting it from any thread is safe; when two
  /// threads set it at once, one value wins and every subscriber ends with that value.
  public var state: State {
    get {
      access(keyPath: stateKey)
      return machine.withSanitizedLock { $0.state }
    }
    set {
      var isRoundDue = false
      withMutation(keyPath: stateKey) {
        isRoundDue = writers.withSanitizedLock { _ in machine.withSanitizedLock { $0.publish(newValue) } }
      }
      if isRoundDue { deliverOneRound() }
    }
  }

  /// Changes the state in place, atomically, and publishes the result.
  ///
  /// `body` runs on a copy of the current state while no other change of this store can happen, so concurrent
  /// updates never lose one another's changes. If `body` throws, the state is left as it was and nothing is
  /// published (Observation observers are still told of a change, as they are told before `body` runs).
  ///
  /// ```swift
  /// store.update { $0.messages.removeAll { $0.isRead } }
  /// let count = store.update { state in state.counter += 1; return state.counter }
  /// ```
  ///
  /// `body` may use this store in every way but one: reading ``state`` gives the state before this update,
  /// ``updates(bufferingNewest:)`` subscribes (the new stream starts with the state before this update and
  /// then receives its result), ``finish()`` ends the streams before this update's result is published, and
  /// cancelling a task that iterates one of its streams, or dropping a stream or an iterator, removes that
  /// subscriber. Other stores may be read, changed, subscribed to and finished.
  ///
  /// - Precondition: `body` does not change this store's state: setting ``state`` or calling `update(_:)` on this
  ///   store from inside `body` (also through another store's update body) locks the store's write lock again
  ///   from the same thread, which traps; and from another thread that `body` waits for, it deadlocks.
  /// - Parameter body: Changes the state it is given.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; the state is then unchanged.
  @discardableResult
  public func update<Result, Failure: Error>(
    _ body: (inout State) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    var result: Result?
    var failure: Failure?
    var isRoundDue = false
    withMutation(keyPath: stateKey) {
      writers.withSanitizedLock { _ in
        // The body runs outside `machine`'s lock: what it does may need that lock (a cancelled consumer's
        // termination handler unsubscribes under it, on this thread).
        var copy = machine.withSanitizedLock { $0.state }
        do throws(Failure) {
          result = try body(&copy)
        } catch {
          failure = error
          return
        }
        isRoundDue = machine.withSanitizedLock { $0.publish(copy) }
      }
    }
    if isRoundDue { deliverOneRound() }
    if let failure { throw failure }
    return result!
  }

  /// Returns a new stream of states that starts with the current state and receives every later state.
  ///
  /// Each call makes an independent subscriber; there is no limit on their number. The stream ends when
  /// ``finish()`` is called or the store is deallocated, after the states it already holds. When the iterating
  /// task is cancelled, or the stream is dropped, the subscriber is removed at once.
  ///
  /// ```swift
  /// for await state in store.updates() {
  ///   render(state)  // the current state first, then each change; skips states while render is slow
  /// }
  /// ```
  ///
  /// - Parameter bufferingNewest: How many states may wait for this subscriber; newer states push out older
  ///   waiting ones. The default, 1, keeps only the newest; a count below 1 is treated as 1.
  /// - Returns: A stream whose first element is the current state (or a newer one, if the state changed before
  ///   the subscriber read it) and whose last element is the last state published before it ended.
  /// - Complexity: O(1), plus one delivery round.
  public func updates(bufferingNewest: Int = 1) -> AsyncStream<State> {
    let bound = Swift.max(bufferingNewest, 1)
    let (stream, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: .bufferingNewest(bound))
    let subscriber = Subscriber(continuation: continuation, bound: bound)
    switch machine.withSanitizedLock({ $0.subscribe(subscriber) }) {
    case .finished(let state):
      continuation.yield(state)
      continuation.finish()
    case .subscribed(let id):
      continuation.onTermination = { [weak self] _ in
        self?.machine.withSanitizedLock { $0.unsubscribe(id) }
      }
      deliverOneRound()
    }
    return stream
  }

  /// Ends every subscriber's stream after the states it already holds.
  ///
  /// After `finish()` the store still holds and changes its state (and Observation still reports changes), but
  /// a stream from ``updates(bufferingNewest:)`` yields the current state and ends at once. Calling it again
  /// does nothing.
  public func finish() {
    guard machine.withSanitizedLock({ $0.finish() }) else { return }
    rounds.withSanitizedLock { _ in
      while performNextRound() {}
    }
  }

  /// The number of live subscribers: streams from ``updates(bufferingNewest:)`` that have not terminated.
  ///
  /// Useful to check that consumers stop cleanly: once every consumer's task has ended, this is 0.
  public var subscriberCount: Int {
    machine.withSanitizedLock { $0.subscriberCount }
  }

  /// The largest number of states any subscriber had waiting in its stream, as the streams reported it.
  ///
  /// A test and benchmark hook: it never exceeds the largest `bufferingNewest` of the subscribers.
  package var peakBufferedCount: Int {
    peakBuffered.load(ordering: .relaxed)
  }

  /// Runs one delivery round: enough after one change, since the round delivers the newest state.
  private func deliverOneRound() {
    rounds.withSanitizedLock { _ in
      _ = performNextRound()
    }
  }

  /// Takes the machine's next round and carries it out outside the machine's lock.
  ///
  /// - Precondition: The caller holds `rounds`.
  /// - Returns: Whether there was a round to carry out.
  private func performNextRound() -> Bool {
    switch machine.withSanitizedLock({ $0.nextRound() }) {
    case .none:
      return false
    case .finish(let subscribers):
      for subscriber in subscribers { subscriber.continuation.finish() }
    case .deliver(let state, let subscribers):
      var peak = 0
      for subscriber in subscribers { peak = Swift.max(peak, subscriber.yield(state)) }
      var known = peakBuffered.load(ordering: .relaxed)
      while peak > known {
        (_, known) = peakBuffered.compareExchange(expected: known, desired: peak, ordering: .relaxed)
      }
    }
    return true
  }
}
