import ListFlow
import ListFlowTesting
import Testing

@Suite("Store concurrency: leaks, slow consumers, concurrent producers", .timeLimit(.minutes(60)))
struct StoreConcurrencyTests {
  @Test("10,000 subscribe/cancel cycles leave no live subscriber behind")
  func subscribeCancelCycles() async {
    let store = Store(0)
    var countsWhileLive: [Int] = []
    var countsAfter: [Int] = []
    for cycle in 0..<10_000 {
      switch cycle % 4 {
      case 0:
        // A consuming task, cancelled whether or not it has started.
        let stream = store.updates()
        countsWhileLive.append(store.subscriberCount)
        let consumer = Task { for await _ in stream {} }
        store.state = cycle
        consumer.cancel()
        await consumer.value
      case 1:
        // A consumer that reads one state and leaves the loop; stream and iterator are dropped.
        do {
          let stream = store.updates()
          countsWhileLive.append(store.subscriberCount)
          for await _ in stream { break }
        }
      case 2:
        // A stream dropped unread.
        do {
          let stream = store.updates()
          countsWhileLive.append(store.subscriberCount)
          withExtendedLifetime(stream) {}
        }
      default:
        // A consuming task cancelled while it waits for a state it has not been given.
        let received = ProgressGate()
        let stream = store.updates()
        countsWhileLive.append(store.subscriberCount)
        let consumer = Task { for await _ in stream { received.advance(by: 1) } }
        await received.wait(untilAtLeast: 1)
        consumer.cancel()
        await consumer.value
      }
      // Each way of leaving removes the subscriber by the time the consumer is gone, not only at the end.
      countsAfter.append(store.subscriberCount)
    }
    #expect(countsWhileLive.count == 10_000 && countsWhileLive.allSatisfy { $0 == 1 })
    #expect(countsAfter.allSatisfy { $0 == 0 })
    #expect(store.subscriberCount == 0)
  }

  /// A consumer made slower than the producer: after its k-th state it waits until the producer has published
  /// `k * step` states. Returns what it received.
  private func floodSlowConsumer(
    bufferingNewest: Int, total: Int, step: Int
  ) async -> (
    received: [Int], store: Store<Int>
  ) {
    let store = Store(0)
    let published = ProgressGate()
    let stream = store.updates(bufferingNewest: bufferingNewest)
    let consumer = Task {
      var received: [Int] = []
      for await state in stream {
        received.append(state)
        await published.wait(untilAtLeast: min(received.count * step, total))
      }
      return received
    }
    for value in 1...total {
      store.state = value
      if value.isMultiple(of: step) || value == total { published.advance(to: value) }
    }
    store.finish()
    return (await consumer.value, store)
  }

  @Test("a slow consumer of 100,000 states ends with the last one and never has more than one waiting")
  func slowConsumerLatest() async {
    let (received, store) = await floodSlowConsumer(bufferingNewest: 1, total: 100_000, step: 1_000)
    #expect(received.last == 100_000)
    #expect(zip(received, received.dropFirst()).allSatisfy { $0 < $1 })
    // After its k-th state the consumer waits for k * 1,000 publishes, so it skips nearly all of them.
    #expect(received.count <= 100_000 / 1_000 + 2)
    #expect(store.peakBufferedCount == 1)
    #expect(store.subscriberCount == 0)
  }

  @Test("with a buffer of 8, a slow consumer fills it but never goes beyond it")
  func slowConsumerNewest8() async {
    let (received, store) = await floodSlowConsumer(bufferingNewest: 8, total: 100_000, step: 1_000)
    #expect(received.last == 100_000)
    #expect(zip(received, received.dropFirst()).allSatisfy { $0 < $1 })
    #expect(received.count <= (100_000 / 1_000 + 2) * 8)
    // The consumer is blocked while 1,000 states are published, so the buffer fills exactly to its bound.
    #expect(store.peakBufferedCount == 8)
  }

  @Test("concurrent producers and consumers: every consumer sees states in order and ends with the last")
  func concurrentProducers() async {
    let store = await Self.stress(producers: 8, updatesEach: 1_000, readsState: false) { index in
      index == 0 ? 1 : index * 4
    }
    #expect(store.peakBufferedCount <= 12)
  }

  @Test("4 producers and 10 subscribers: every subscriber ends with the last state, in order (a sanitizer stress)")
  func producersAndSubscribers() async {
    // Run by scripts/tsan as an app's sanitizer build runs it: the store's lock is contended from every side.
    _ = await Self.stress(producers: 4, updatesEach: 500, readsState: true, subscribers: 10) { index in
      index % 2 == 0 ? 1 : index
    }
  }

  /// Producers update a store while one subscriber per buffer size follows it; every subscriber must see increasing
  /// states ending with the last, and none may stay subscribed after `finish()`.
  ///
  /// - Parameters:
  ///   - producers: The tasks updating the store at once.
  ///   - updatesEach: The updates each producer makes.
  ///   - readsState: Whether producers also read the state now and then (a reader contends for the lock too).
  ///   - subscribers: How many subscribers follow the store.
  ///   - bufferingNewest: How many states may wait for each subscriber, by its index.
  /// - Returns: The finished store.
  static func stress(
    producers: Int, updatesEach: Int, readsState: Bool, subscribers: Int = 4,
    bufferingNewest: @escaping (Int) -> Int
  ) async -> Store<Int> {
    let store = Store(0)
    let consumers = (0..<subscribers).map { index in
      let stream = store.updates(bufferingNewest: bufferingNewest(index))
      return Task {
        var received: [Int] = []
        for await state in stream { received.append(state) }
        return received
      }
    }
    await withTaskGroup(of: Void.self) { group in
      for producer in 0..<producers {
        group.addTask {
          for step in 0..<updatesEach {
            if readsState, (producer + step) % 7 == 0 { _ = store.state }
            store.update { $0 += 1 }
          }
        }
      }
    }
    store.finish()
    #expect(store.state == producers * updatesEach)
    for consumer in consumers {
      let received = await consumer.value
      #expect(received.last == producers * updatesEach)
      #expect(zip(received, received.dropFirst()).allSatisfy { $0 < $1 })
    }
    #expect(store.subscriberCount == 0)
    return store
  }

  @Test("subscribers joining while producers publish each start with a state and end with the last")
  func subscribersJoinDuringPublishing() async {
    let store = Store(0)
    let total = 2_000
    let results = await withTaskGroup(of: [Int].self) { group in
      group.addTask {
        for _ in 0..<total { store.update { $0 += 1 } }
        store.finish()
        return []
      }
      for _ in 0..<16 {
        group.addTask {
          var received: [Int] = []
          for await state in store.updates() { received.append(state) }
          return received
        }
      }
      var results: [[Int]] = []
      for await received in group where !received.isEmpty { results.append(received) }
      return results
    }
    // A subscriber that arrives after finish still gets the (final) current state.
    #expect(results.count == 16)
    for received in results {
      #expect(received.last == total)
      #expect(zip(received, received.dropFirst()).allSatisfy { $0 < $1 })
    }
    #expect(store.subscriberCount == 0)
  }
}
