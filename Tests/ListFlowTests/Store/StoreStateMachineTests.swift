import Testing

@testable import ListFlow

/// The machine with strings for subscribers: each round names who gets which state.
private typealias Machine = StoreStateMachine<Int, String>

/// A round, spelled out so tests can compare it.
private enum Round: Equatable {
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

extension Machine {
  /// Registers `name` and returns its identifier, failing the test if the machine refused it.
  fileprivate mutating func register(_ name: String) -> SubscriberID? {
    guard case .subscribed(let id) = subscribe(name) else {
      Issue.record("\(name) was not registered")
      return nil
    }
    return id
  }

  /// The next round, comparable.
  fileprivate mutating func round() -> Round { Round(nextRound()) }
}

@Suite("StoreStateMachine: who gets which state, and when streams end")
struct StoreStateMachineTests {
  @Test("a publish with no subscriber needs no round")
  func publishAlone() {
    var machine = Machine(state: 0)
    #expect(machine.publish(1) == false)
    #expect(machine.state == 1)
    #expect(machine.round() == .none)
  }

  @Test("a new subscriber is handed the current state in the next round, and only once")
  func subscribeGetsCurrent() {
    var machine = Machine(state: 5)
    _ = machine.register("a")
    #expect(machine.subscriberCount == 1)
    #expect(machine.round() == .deliver(5, to: ["a"]))
    #expect(machine.round() == .none)
  }

  @Test("publishes before a round are coalesced: the round delivers only the newest state")
  func publishesCoalesce() {
    var machine = Machine(state: 0)
    _ = machine.register("a")
    #expect(machine.round() == .deliver(0, to: ["a"]))
    #expect(machine.publish(1) == true)
    #expect(machine.publish(2) == true)
    #expect(machine.publish(3) == true)
    #expect(machine.round() == .deliver(3, to: ["a"]))
    #expect(machine.round() == .none)
  }

  @Test("a subscriber arriving after a delivery gets the current state alone")
  func newcomerAlone() {
    var machine = Machine(state: 0)
    _ = machine.register("a")
    _ = machine.publish(1)
    #expect(machine.round() == .deliver(1, to: ["a"]))
    _ = machine.register("b")
    #expect(machine.round() == .deliver(1, to: ["b"]))
    #expect(machine.round() == .none)
  }

  @Test("a newer state delivered to everyone also serves subscribers still waiting for their first")
  func newerStateServesNewcomers() {
    var machine = Machine(state: 0)
    _ = machine.register("a")
    _ = machine.register("b")
    _ = machine.publish(1)
    #expect(machine.round() == .deliver(1, to: ["a", "b"]))
    #expect(machine.round() == .none)
  }

  @Test("an unsubscribed subscriber gets nothing more, even if it never got its first state")
  func unsubscribe() {
    var machine = Machine(state: 0)
    let a = machine.register("a")
    _ = machine.register("b")
    machine.unsubscribe(a ?? .max)
    #expect(machine.round() == .deliver(0, to: ["b"]))
    _ = machine.publish(1)
    #expect(machine.round() == .deliver(1, to: ["b"]))
    #expect(machine.subscriberCount == 1)
  }

  @Test("unsubscribing twice, or an unknown identifier, changes nothing")
  func unsubscribeUnknown() {
    var machine = Machine(state: 0)
    let a = machine.register("a") ?? .max
    _ = machine.register("b")
    machine.unsubscribe(a)
    machine.unsubscribe(a)
    machine.unsubscribe(12345)
    #expect(machine.subscriberCount == 1)
  }

  @Test("finish ends every stream once what is pending has been delivered")
  func finishAfterPending() {
    var machine = Machine(state: 0)
    _ = machine.register("a")
    _ = machine.publish(9)
    #expect(machine.finish() == true)
    #expect(machine.round() == .deliver(9, to: ["a"]))
    #expect(machine.round() == .finish(["a"]))
    #expect(machine.subscriberCount == 0)
    #expect(machine.round() == .none)
  }

  @Test("finishing twice reports that the second call did nothing")
  func finishTwice() {
    var machine = Machine(state: 0)
    #expect(machine.finish() == true)
    #expect(machine.finish() == false)
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

  @Test("removeAll takes every subscriber out and finishes the machine")
  func removeAll() {
    var machine = Machine(state: 0)
    _ = machine.register("a")
    _ = machine.register("b")
    #expect(Set(machine.removeAll()) == ["a", "b"])
    #expect(machine.subscriberCount == 0)
    #expect(machine.isFinished)
    #expect(machine.round() == .none)
  }
}
