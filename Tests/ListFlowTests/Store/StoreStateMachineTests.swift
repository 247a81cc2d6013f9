import Testing

@testable import ListFlow

/// The machine with strings for subscribers: each delivery names who gets which state.
private typealias Machine = StoreStateMachine<Int, String>

/// The action, spelled out so tests can compare it.
private enum Step: Equatable {
  case none
  case deliver(Int, to: Set<String>)
  case finish(Set<String>)

  init(_ action: Machine.Action) {
    switch action {
    case .none: self = .none
    case .deliver(let state, let subscribers): self = .deliver(state, to: Set(subscribers))
    case .finish(let subscribers): self = .finish(Set(subscribers))
    }
  }
}

private func subscribe(_ name: String, to machine: inout Machine) -> (Machine.SubscriberID, Step) {
  switch machine.subscribe(name) {
  case .subscribed(let id, let action): (id, Step(action))
  case .finished(let state): (.max, .deliver(state, to: []))
  }
}

@Suite("StoreStateMachine: who gets which state, and when streams end")
struct StoreStateMachineTests {
  @Test("a publish with no subscriber delivers nothing")
  func publishAlone() {
    var machine = Machine(state: 0)
    #expect(Step(machine.publish(1)) == .none)
    #expect(machine.state == 1)
  }

  @Test("a new subscriber is handed the current state")
  func subscribeGetsCurrent() {
    var machine = Machine(state: 5)
    let (_, step) = subscribe("a", to: &machine)
    #expect(step == .deliver(5, to: ["a"]))
    #expect(machine.subscriberCount == 1)
  }

  @Test("publishes during a delivery are coalesced into one next round with the newest state")
  func publishesDuringDeliveryCoalesce() {
    var machine = Machine(state: 0)
    _ = subscribe("a", to: &machine)
    // The subscribe made this caller the deliverer; while it yields, three publishes arrive.
    #expect(Step(machine.publish(1)) == .none)
    #expect(Step(machine.publish(2)) == .none)
    #expect(Step(machine.publish(3)) == .none)
    #expect(Step(machine.deliveryCompleted(peakBufferedCount: 1)) == .deliver(3, to: ["a"]))
    #expect(Step(machine.deliveryCompleted(peakBufferedCount: 1)) == .none)
  }

  @Test("a subscriber arriving during a delivery gets the current state in the next round, alone")
  func newcomerDuringDelivery() {
    var machine = Machine(state: 0)
    _ = subscribe("a", to: &machine)
    #expect(Step(machine.deliveryCompleted(peakBufferedCount: 1)) == .none)
    #expect(Step(machine.publish(1)) == .deliver(1, to: ["a"]))
    let (_, step) = subscribe("b", to: &machine)
    #expect(step == .none)
    #expect(Step(machine.deliveryCompleted(peakBufferedCount: 1)) == .deliver(1, to: ["b"]))
    #expect(Step(machine.deliveryCompleted(peakBufferedCount: 1)) == .none)
  }

  @Test("a newer state delivered to everyone also serves subscribers still waiting for their first")
  func newerStateServesNewcomers() {
    var machine = Machine(state: 0)
    _ = subscribe("a", to: &machine)
    _ = subscribe("b", to: &machine)
    #expect(Step(machine.publish(1)) == .none)
    #expect(Step(machine.deliveryCompleted(peakBufferedCount: 1)) == .deliver(1, to: ["a", "b"]))
    #expect(Step(machine.deliveryCompleted(peakBufferedCount: 1)) == .none)
  }

  @Test("an unsubscribed subscriber gets nothing more")
  func unsubscribe() {
    var machine = Machine(state: 0)
    let (a, _) = subscribe("a", to: &machine)
    let (_, _) = subscribe("b", to: &machine)
    machine.unsubscribe(a)
    #expect(Step(machine.deliveryCompleted(peakBufferedCount: 1)) == .deliver(0, to: ["b"]))
    #expect(Step(machine.deliveryCompleted(peakBufferedCount: 1)) == .none)
    #expect(Step(machine.publish(1)) == .deliver(1, to: ["b"]))
    #expect(machine.subscriberCount == 1)
  }

  @Test("unsubscribing twice, or an unknown identifier, changes nothing")
  func unsubscribeUnknown() {
    var machine = Machine(state: 0)
    let (a, _) = subscribe("a", to: &machine)
    machine.unsubscribe(a)
    machine.unsubscribe(a)
    machine.unsubscribe(12345)
    #expect(machine.subscriberCount == 0)
  }

  @Test("finish while idle ends every stream at once")
  func finishIdle() {
    var machine = Machine(state: 0)
    _ = subscribe("a", to: &machine)
    _ = machine.deliveryCompleted(peakBufferedCount: 1)
    #expect(Step(machine.finish()) == .finish(["a"]))
    #expect(machine.subscriberCount == 0)
    #expect(Step(machine.finish()) == .none)
  }

  @Test("finish during a delivery waits for the last state to be delivered first")
  func finishDuringDelivery() {
    var machine = Machine(state: 0)
    _ = subscribe("a", to: &machine)
    #expect(Step(machine.publish(9)) == .none)
    #expect(Step(machine.finish()) == .none)
    #expect(Step(machine.deliveryCompleted(peakBufferedCount: 1)) == .deliver(9, to: ["a"]))
    #expect(Step(machine.deliveryCompleted(peakBufferedCount: 1)) == .finish(["a"]))
  }

  @Test("a subscriber after finish gets the current state and is not registered")
  func subscribeAfterFinish() {
    var machine = Machine(state: 0)
    _ = machine.finish()
    _ = machine.publish(4)
    guard case .finished(let state) = machine.subscribe("late") else {
      Issue.record("a subscriber after finish was registered")
      return
    }
    #expect(state == 4)
    #expect(machine.subscriberCount == 0)
  }

  @Test("the peak buffered count is the largest one any deliverer reported")
  func peakBuffered() {
    var machine = Machine(state: 0)
    _ = subscribe("a", to: &machine)
    _ = machine.publish(1)
    _ = machine.deliveryCompleted(peakBufferedCount: 3)
    _ = machine.deliveryCompleted(peakBufferedCount: 2)
    #expect(machine.peakBufferedCount == 3)
  }
}
