import ListFlow
import Observation
import Testing

@Suite("Store: state, update and Observation", .timeLimit(.minutes(60)))
struct StoreTests {
  private struct Counter: Sendable, Equatable {
    var value = 0
    var log: [String] = []
  }

  private enum Refusal: Error, Equatable {
    case refused
  }

  @Test("a new store holds its initial state")
  func initialState() {
    let store = Store(Counter(value: 7))
    #expect(store.state == Counter(value: 7))
  }

  @Test("setting the state replaces it")
  func setState() {
    let store = Store(Counter())
    store.state = Counter(value: 3, log: ["set"])
    #expect(store.state == Counter(value: 3, log: ["set"]))
  }

  @Test("update changes the state in place and returns what its body returns")
  func updateReturns() {
    let store = Store(Counter(value: 1))
    let result = store.update { state -> Int in
      state.value += 41
      state.log.append("added")
      return state.value
    }
    #expect(result == 42)
    #expect(store.state == Counter(value: 42, log: ["added"]))
  }

  @Test("an update whose body throws leaves the state unchanged and rethrows the typed error")
  func updateThrows() {
    let store = Store(Counter(value: 1))
    #expect(throws: Refusal.refused) {
      try store.update { (state: inout Counter) throws(Refusal) in
        state.value = 99
        throw .refused
      }
    }
    #expect(store.state == Counter(value: 1))
  }

  @Test("an update whose body throws publishes nothing")
  func updateThrowsPublishesNothing() async {
    let store = Store(1)
    let stream = store.updates()
    try? store.update { (state: inout Int) throws(Refusal) in
      state = 99
      throw .refused
    }
    store.finish()
    let received = await collectStates(stream)
    #expect(received == [1])
  }

  @Test("Observation reports a change of the state to a tracking observer")
  func observationSeesSet() {
    let store = Store(1)
    let changes = StoreTestCounter()
    let seen = withObservationTracking {
      store.state
    } onChange: {
      changes.increment()
    }
    #expect(seen == 1)
    #expect(changes.value == 0)
    store.state = 2
    #expect(changes.value == 1)
  }

  @Test("Observation reports a change made through update")
  func observationSeesUpdate() {
    let store = Store(1)
    let changes = StoreTestCounter()
    withObservationTracking {
      _ = store.state
    } onChange: {
      changes.increment()
    }
    store.update { $0 += 1 }
    #expect(changes.value == 1)
    #expect(store.state == 2)
  }

  @Test("a store keeps no subscriber before anyone subscribes")
  func noSubscriberAtFirst() {
    #expect(Store(0).subscriberCount == 0)
  }
}

@Suite("bufferingNewest: bounds of the per-subscriber buffer")
struct StoreBufferingTests {
  /// The states a subscriber that reads nothing until the store finishes receives, after `updates` changes.
  static func received(bufferingNewest count: Int, updates: Int) async -> [Int] {
    let store = Store(0)
    let stream = store.updates(bufferingNewest: count)
    for value in 1...updates { store.state = value }
    store.finish()
    var received: [Int] = []
    for await state in stream { received.append(state) }
    return received
  }

  @Test(
    "a subscriber that reads nothing keeps the newest states, in order, the last one included",
    arguments: [1, 2, 8, 1000])
  func newest(count: Int) async {
    let updates = 1_200
    #expect(await Self.received(bufferingNewest: count, updates: updates) == Array((updates - count + 1)...updates))
  }

  @Test("a count below one is treated as one", arguments: [0, -1, Int.min])
  func belowOne(count: Int) async {
    #expect(await Self.received(bufferingNewest: count, updates: 5) == [5])
  }
}
