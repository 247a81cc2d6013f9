/// The decisions of a ``Store``, as a plain value: who gets which state, and when streams end.
///
/// The machine never touches a continuation. Publishing, subscribing and finishing only record what happened;
/// ``nextRound()`` then says what to deliver, as an ``Action`` that the store carries out after it has released
/// the machine's lock, so no continuation is ever yielded to or finished while that lock is held.
///
/// The store runs rounds one at a time (under a lock of their own, which no decision needs), and each round
/// hands out the newest state, so every subscriber receives states in publish order even though the yields
/// happen outside the machine's lock. Publishes that happen while a round runs are coalesced: the next round
/// delivers only the newest of them.
///
/// `Subscriber` is generic so that the machine can be tested without streams; the store uses a wrapper around
/// `AsyncStream<State>.Continuation`.
struct StoreStateMachine<State, Subscriber> {
  /// Identifies a subscriber until it unsubscribes.
  typealias SubscriberID = UInt64

  /// What the store must do once it has released the machine's lock.
  enum Action {
    /// Nothing is waiting to be delivered.
    case none
    /// Yield `state` to every one of `subscribers`.
    case deliver(State, to: [Subscriber])
    /// Finish every one of `subscribers`; they are already unsubscribed.
    case finish([Subscriber])
  }

  /// The result of ``subscribe(_:)``.
  enum SubscribeAction {
    /// The subscriber is registered under `id`; its first state comes with the next round.
    case subscribed(id: SubscriberID)
    /// The store is finished: give the subscriber `state` and end its stream at once. It is not registered.
    case finished(State)
  }

  /// The current state.
  private(set) var state: State
  /// Whether ``finish()`` was called: no subscriber is registered after that.
  private(set) var isFinished = false

  /// Counts publishes; `deliveredVersion` is the last one a round handed to all subscribers.
  private var version: UInt64 = 0
  private var deliveredVersion: UInt64 = 0
  /// The live subscribers.
  private var subscribers: [SubscriberID: Subscriber] = [:]
  /// Subscribers registered since the last round that delivered to everyone; they need the current state.
  private var newcomers: [SubscriberID] = []
  private var nextID: SubscriberID = 0

  /// Creates a machine holding `state`, with no subscriber.
  init(state: State) {
    self.state = state
  }

  /// The number of live subscribers.
  var subscriberCount: Int { subscribers.count }

  /// Replaces the state.
  ///
  /// - Returns: Whether a round is due (there is someone to deliver to).
  mutating func publish(_ newState: State) -> Bool {
    state = newState
    version &+= 1
    return !subscribers.isEmpty
  }

  /// Registers a subscriber; the next round gives it the current state (or a newer one).
  mutating func subscribe(_ subscriber: Subscriber) -> SubscribeAction {
    guard !isFinished else { return .finished(state) }
    let id = nextID
    nextID &+= 1
    subscribers[id] = subscriber
    newcomers.append(id)
    return .subscribed(id: id)
  }

  /// Removes a subscriber at once. Unknown or already removed identifiers are ignored.
  mutating func unsubscribe(_ id: SubscriberID) {
    subscribers[id] = nil
  }

  /// Marks the store finished: rounds deliver what is still pending, then end every stream.
  ///
  /// - Returns: Whether this call finished the store (`false` when it already was).
  mutating func finish() -> Bool {
    guard !isFinished else { return false }
    isFinished = true
    return true
  }

  /// Takes every subscriber out at once, for a store that is going away.
  mutating func removeAll() -> [Subscriber] {
    isFinished = true
    newcomers.removeAll()
    defer { subscribers.removeAll() }
    return Array(subscribers.values)
  }

  /// What the next round delivers: 1. a state not yet delivered goes to everyone; 2. otherwise subscribers that
  /// arrived since get the current state; 3. otherwise, once finished, every stream ends.
  mutating func nextRound() -> Action {
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
