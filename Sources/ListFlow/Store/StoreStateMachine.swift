/// The decisions of a ``Store``, as a plain value: who gets which state, and when streams end.
///
/// The machine never touches a continuation. Each call returns an ``Action`` that the store carries out after
/// it has released its lock, so no continuation is ever yielded to or finished while the lock is held.
///
/// Delivery is serialised: at most one caller at a time is *the deliverer*. A publish or subscribe that finds no
/// delivery in progress starts one and receives a `.deliver` action; it yields outside the lock and then reports
/// back with ``deliveryCompleted(peakBufferedCount:)``, which hands it the next round (a newer state, or the
/// current state for subscribers that arrived meanwhile) until nothing is left. Publishes that happen while a
/// delivery is running only record the new state: the running deliverer picks it up in its next round. This is
/// what keeps every subscriber's states in publish order although the yields happen outside the lock, and it
/// coalesces bursts for free.
///
/// `Subscriber` is generic so that the machine can be tested without streams; the store uses
/// `AsyncStream<State>.Continuation`.
struct StoreStateMachine<State, Subscriber> {
  /// Identifies a subscriber until it unsubscribes.
  typealias SubscriberID = UInt64

  /// What the store must do once it has released its lock.
  enum Action {
    /// Nothing.
    case none
    /// Yield `state` to every one of `subscribers`, then call ``deliveryCompleted(peakBufferedCount:)``.
    case deliver(State, to: [Subscriber])
    /// Finish every one of `subscribers`; they are already unsubscribed.
    case finish([Subscriber])
  }

  /// The result of ``subscribe(_:)``.
  enum SubscribeAction {
    /// The subscriber is registered under `id`; carry out `action` (which may deliver its first state).
    case subscribed(id: SubscriberID, action: Action)
    /// The store is finished: give the subscriber `state` and end its stream at once. It is not registered.
    case finished(State)
  }

  /// The current state.
  private(set) var state: State
  /// Whether ``finish()`` was called: no new subscriber is registered after that.
  private(set) var isFinished = false
  /// The largest number of states a subscriber had waiting, as reported by the deliverers.
  private(set) var peakBufferedCount = 0

  /// Counts publishes; ``deliveredVersion`` is the last one handed to a deliverer for all subscribers.
  private var version: UInt64 = 0
  private var deliveredVersion: UInt64 = 0
  /// The live subscribers.
  private var subscribers: [SubscriberID: Subscriber] = [:]
  /// Subscribers registered since the last round started; they still need the current state.
  private var newcomers: [SubscriberID] = []
  private var nextID: SubscriberID = 0
  /// Whether a deliverer is between a `.deliver` action and its ``deliveryCompleted(peakBufferedCount:)``.
  private var isDelivering = false

  /// Creates a machine holding `state`, with no subscriber.
  init(state: State) {
    self.state = state
  }

  /// The number of live subscribers.
  var subscriberCount: Int { subscribers.count }

  /// Replaces the state and starts delivering it unless a delivery is already running.
  mutating func publish(_ newState: State) -> Action {
    state = newState
    version &+= 1
    return startDeliveryIfIdle()
  }

  /// Registers a subscriber; it gets the current state first.
  mutating func subscribe(_ subscriber: Subscriber) -> SubscribeAction {
    guard !isFinished else { return .finished(state) }
    let id = nextID
    nextID &+= 1
    subscribers[id] = subscriber
    newcomers.append(id)
    return .subscribed(id: id, action: startDeliveryIfIdle())
  }

  /// Removes a subscriber at once. Unknown or already removed identifiers are ignored.
  mutating func unsubscribe(_ id: SubscriberID) {
    subscribers[id] = nil
  }

  /// Ends every stream after its last state; later subscribers get the current state and an ended stream.
  ///
  /// When a delivery is running, the deliverer finishes the streams after its last round, so no state that was
  /// published before `finish()` is lost.
  mutating func finish() -> Action {
    guard !isFinished else { return .none }
    isFinished = true
    return startDeliveryIfIdle()
  }

  /// Takes every subscriber out, for a store that is going away.
  mutating func removeAll() -> [Subscriber] {
    isFinished = true
    defer { subscribers.removeAll() }
    return Array(subscribers.values)
  }

  /// Called by the deliverer after it carried out a `.deliver` action; returns the next round, if any.
  ///
  /// - Parameter peakBufferedCount: The largest number of states a subscriber had waiting during the round.
  mutating func deliveryCompleted(peakBufferedCount: Int) -> Action {
    assert(isDelivering, "deliveryCompleted without a delivery in progress")
    self.peakBufferedCount = Swift.max(self.peakBufferedCount, peakBufferedCount)
    isDelivering = false
    return startDeliveryIfIdle()
  }

  private mutating func startDeliveryIfIdle() -> Action {
    guard !isDelivering else { return .none }
    let action = nextRound()
    if case .deliver = action { isDelivering = true }
    return action
  }

  /// 1. A state not yet delivered goes to everyone. 2. Otherwise newcomers get the current state.
  /// 3. Otherwise, once finished, every stream ends.
  private mutating func nextRound() -> Action {
    if version != deliveredVersion {
      deliveredVersion = version
      newcomers.removeAll(keepingCapacity: true)
      if !subscribers.isEmpty { return .deliver(state, to: Array(subscribers.values)) }
    }
    if !newcomers.isEmpty {
      let waiting = newcomers.compactMap { subscribers[$0] }
      newcomers.removeAll(keepingCapacity: true)
      if !waiting.isEmpty { return .deliver(state, to: waiting) }
    }
    if isFinished && !subscribers.isEmpty {
      return .finish(removeAll())
    }
    return .none
  }
}

extension StoreStateMachine: Sendable where State: Sendable, Subscriber: Sendable {}
extension StoreStateMachine.Action: Sendable where State: Sendable, Subscriber: Sendable {}
extension StoreStateMachine.SubscribeAction: Sendable where State: Sendable, Subscriber: Sendable {}
