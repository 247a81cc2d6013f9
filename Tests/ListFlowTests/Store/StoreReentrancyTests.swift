import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A task consuming one store's stream, and a gate counting the states it received.
private struct Consumer {
  let store: Int
  let task: Task<[Int], Never>
  let received: ProgressGate
  /// The store's state when it subscribed, if the store was already finished then: the stream's only state.
  var onlyState: Int?
  var isCancelled = false
}

/// A stream subscribed from inside an update body, read once the stores are finished.
private struct KeptStream {
  let store: Int
  let stream: AsyncStream<Int>
  /// The store's state when it subscribed, if the store was already finished then: the stream's only state.
  let onlyState: Int?
}

/// The things an update body does to the stores in the random test.
private enum BodyOperation: CaseIterable {
  case cancelConsumer, dropStream, dropIterator, keepStream, finish, readState, setOther, updateOther
}

@Suite("Store re-entrancy: what an update body may do", .timeLimit(.minutes(60)))
struct StoreReentrancyTests {
  /// Starts a consumer of `store` and returns once it received its first state.
  private static func consume(_ store: Store<Int>, index: Int) async -> Consumer {
    let received = ProgressGate()
    let stream = store.updates()
    let task = Task {
      var states: [Int] = []
      for await state in stream {
        states.append(state)
        received.advance(by: 1)
      }
      return states
    }
    await received.wait(untilAtLeast: 1)
    return Consumer(store: index, task: task, received: received)
  }

  @Test("an update body may cancel a task waiting on one of the store's streams", .timeLimit(.minutes(60)))
  func cancelWaitingConsumer() async {
    let store = Store(0)
    let consumer = await Self.consume(store, index: 0)
    for _ in 0..<10 { await Task.yield() }  // let the consumer go back to waiting
    store.update { state in
      consumer.task.cancel()
      state = 1
    }
    _ = await consumer.task.value
    #expect(store.subscriberCount == 0)
    #expect(store.state == 1)
  }

  @Test("an update body may subscribe to the store and drop the stream", .timeLimit(.minutes(60)))
  func subscribeAndDropInside() async {
    let store = Store(0)
    var kept: AsyncStream<Int>?
    store.update { state in
      _ = store.updates()
      kept = store.updates(bufferingNewest: 4)
      state = 1
    }
    #expect(store.subscriberCount == 1)
    store.finish()
    #expect(await collectStates(kept ?? AsyncStream { $0.finish() }) == [0, 1])
  }

  @Test("an update body may drop a stream subscribed before it", .timeLimit(.minutes(60)))
  func dropOutsideStreamInside() {
    let store = Store(0)
    var stream: AsyncStream<Int>? = store.updates()
    #expect(stream != nil && store.subscriberCount == 1)
    store.update { state in
      stream = nil
      state = 1
    }
    #expect(store.subscriberCount == 0)
  }

  @Test("an update body may finish the store; the new state is kept but not streamed", .timeLimit(.minutes(60)))
  func finishInside() async {
    let store = Store(0)
    let stream = store.updates(bufferingNewest: 4)
    store.update { state in
      store.finish()
      state = 1
    }
    #expect(store.state == 1)
    #expect(await collectStates(stream) == [0])
    #expect(store.subscriberCount == 0)
  }

  @Test("reading the state inside an update body gives the state before the update")
  func readInside() {
    let store = Store(1)
    let seen = store.update { state -> Int in
      state = 2
      return store.state
    }
    #expect(seen == 1)
    #expect(store.state == 2)
  }

  @Test(
    "random update bodies cancelling consumers, dropping streams, finishing, subscribing and updating others",
    .timeLimit(.minutes(60)),
    arguments: DeepPass.seeds(from: 0, quick: 10, deep: 40))
  func randomBodies(seed: UInt64) async {
    var random = SeededRandom(seed: seed)
    let stores = [Store(0), Store(0)]
    var lastValue = 0
    var finishedAt: [Int?] = [nil, nil]
    var consumers: [Consumer] = []
    var kept: [KeptStream] = []
    for step in 0..<24 {
      let where_ = "seed \(seed), step \(step)"
      // Consumers to cancel, started (and waiting for their next state) before the body runs.
      for _ in 0..<Int(random.next() % 3) {
        let index = Int(random.next() % 2)
        var consumer = await Self.consume(stores[index], index: index)
        if finishedAt[index] != nil { consumer.onlyState = stores[index].state }
        consumers.append(consumer)
      }
      for _ in 0..<Int(random.next() % 4) { await Task.yield() }
      let outer = Int(random.next() % 2)
      let other = 1 - outer
      let before = stores[outer].state
      let operations = (0..<Int(random.next() % 5)).map { _ in
        BodyOperation.allCases[Int(random.next() % UInt64(BodyOperation.allCases.count))]
      }
      var choices = (0..<operations.count).map { _ in random.next() }
      lastValue += 1
      let newValue = lastValue
      var readInside: [Int] = []
      stores[outer].update { state in
        for operation in operations {
          let choice = choices.removeLast()
          let target = Int(choice % 2)
          switch operation {
          case .cancelConsumer:
            guard !consumers.isEmpty else { break }
            let index = Int(choice % UInt64(consumers.count))
            consumers[index].task.cancel()
            consumers[index].isCancelled = true
          case .dropStream:
            _ = stores[target].updates()
          case .dropIterator:
            let iterator = stores[target].updates().makeAsyncIterator()
            withExtendedLifetime(iterator) {}
          case .keepStream:
            let onlyState = finishedAt[target] == nil ? nil : stores[target].state
            kept.append(KeptStream(store: target, stream: stores[target].updates(), onlyState: onlyState))
          case .finish:
            stores[target].finish()
            if finishedAt[target] == nil { finishedAt[target] = stores[target].state }
          case .readState:
            readInside.append(stores[outer].state)
          case .setOther:
            lastValue += 1
            stores[other].state = lastValue
          case .updateOther:
            lastValue += 1
            let value = lastValue
            stores[other].update { otherState in
              // The other store's body may act on the outer store too, except change its state.
              if choice % 3 == 0, !consumers.isEmpty {
                consumers[0].task.cancel()
                consumers[0].isCancelled = true
              }
              if choice % 5 == 0 { _ = stores[outer].updates() }
              otherState = value
            }
          }
        }
        state = newValue
      }
      #expect(readInside.allSatisfy { $0 == before }, "\(where_)")
      #expect(stores[outer].state == newValue, "\(where_)")
    }
    for index in stores.indices where finishedAt[index] == nil {
      finishedAt[index] = stores[index].state
      stores[index].finish()
    }
    for consumer in consumers {
      let states = await consumer.task.value
      #expect(zip(states, states.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed)")
      if !consumer.isCancelled {
        #expect(states.last == consumer.onlyState ?? finishedAt[consumer.store], "seed \(seed)")
      }
    }
    for stream in kept {
      let states = await collectStates(stream.stream)
      #expect(zip(states, states.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed)")
      #expect(states.last == stream.onlyState ?? finishedAt[stream.store], "seed \(seed)")
    }
    #expect(stores.allSatisfy { $0.subscriberCount == 0 }, "seed \(seed)")
  }
}
