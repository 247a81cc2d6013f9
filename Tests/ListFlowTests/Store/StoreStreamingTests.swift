import ListFlow
import ListFlowTesting
import Testing

@Suite("Store streaming: per-subscriber streams, their first state, their end", .timeLimit(.minutes(60)))
struct StoreStreamingTests {
  @Test("a subscriber starts with the current state")
  func startsWithCurrent() async {
    let store = Store("first")
    store.state = "current"
    let stream = store.updates()
    store.finish()
    #expect(await collectStates(stream) == ["current"])
  }

  @Test("a subscriber receives every later state, in order, when it keeps up")
  func receivesLaterStates() async {
    let store = Store(0)
    let stream = store.updates(bufferingNewest: 10)
    for value in 1...5 { store.state = value }
    store.finish()
    #expect(await collectStates(stream) == [0, 1, 2, 3, 4, 5])
  }

  @Test("each subscriber starts with the state current when it subscribed")
  func eachStartsWithItsCurrent() async {
    let store = Store(0)
    let early = store.updates(bufferingNewest: 10)
    store.state = 1
    let late = store.updates(bufferingNewest: 10)
    store.state = 2
    store.finish()
    #expect(await collectStates(early) == [0, 1, 2])
    #expect(await collectStates(late) == [1, 2])
  }

  @Test("with the latest policy, a subscriber that has not read yet holds only the newest state")
  func latestHoldsNewest() async {
    let store = Store(0)
    let stream = store.updates()
    for value in 1...1_000 { store.state = value }
    store.finish()
    #expect(await collectStates(stream) == [1_000])
    #expect(store.peakBufferedCount == 1)
  }

  @Test("every one of many subscribers ends with the last state")
  func manySubscribersSeeLast() async {
    let store = Store(0)
    let streams = (0..<50).map { index in
      store.updates(bufferingNewest: index.isMultiple(of: 2) ? 1 : 3)
    }
    for value in 1...100 { store.state = value }
    store.finish()
    for stream in streams {
      let received = await collectStates(stream)
      #expect(received.last == 100)
      #expect(received.count <= 3)
    }
    #expect(store.subscriberCount == 0)
  }

  @Test("finish ends every stream after the states it holds and removes the subscribers")
  func finishEndsStreams() async {
    let store = Store(1)
    let first = store.updates()
    let second = store.updates(bufferingNewest: 2)
    #expect(store.subscriberCount == 2)
    store.state = 2
    store.finish()
    #expect(store.subscriberCount == 0)
    #expect(await collectStates(first) == [2])
    #expect(await collectStates(second) == [1, 2])
  }

  @Test("after finish, a new subscriber gets the current state and an ended stream")
  func subscribeAfterFinish() async {
    let store = Store(1)
    store.finish()
    store.state = 2
    #expect(store.state == 2)
    #expect(await collectStates(store.updates()) == [2])
    #expect(store.subscriberCount == 0)
  }

  @Test("finishing twice is harmless")
  func finishTwice() async {
    let store = Store(1)
    let stream = store.updates()
    store.finish()
    store.finish()
    #expect(await collectStates(stream) == [1])
  }

  @Test("streams do not keep the store alive, and end when it goes away")
  func storeDeinitEndsStreams() async {
    var store: Store<Int>? = Store(1)
    weak let weakStore = store
    let stream = store?.updates()
    store?.state = 2
    store = nil
    #expect(weakStore == nil)
    #expect(await collectStates(stream ?? AsyncStream { $0.finish() }) == [2])
  }

  @Test("a subscriber whose task is cancelled while it waits is removed, and its stream ends")
  func cancelWhileWaiting() async {
    let store = Store(0)
    let received = ProgressGate()
    let stream = store.updates(bufferingNewest: 4)
    let consumer = Task {
      var states: [Int] = []
      for await state in stream {
        states.append(state)
        received.advance(by: 1)
      }
      return states
    }
    await received.wait(untilAtLeast: 1)
    #expect(store.subscriberCount == 1)
    consumer.cancel()
    // The consumer's loop ends by itself: the stream finished when the task was cancelled.
    #expect(await consumer.value == [0])
    #expect(store.subscriberCount == 0)
    // A state published now reaches the subscribers that are still there, and only them.
    let later = store.updates(bufferingNewest: 4)
    store.state = 1
    #expect(store.subscriberCount == 1)
    store.finish()
    #expect(await collectStates(later) == [0, 1])
  }

  @Test("a subscriber that stops iterating and drops its stream is removed")
  func breakAndDrop() async {
    let store = Store(0)
    do {
      let stream = store.updates()
      #expect(store.subscriberCount == 1)
      for await _ in stream { break }
    }
    #expect(store.subscriberCount == 0)
  }

  @Test("a stream dropped without being iterated is removed")
  func dropUnread() {
    let store = Store(0)
    _ = store.updates()
    #expect(store.subscriberCount == 0)
  }
}
