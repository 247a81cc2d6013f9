import TestSupport
import Testing

@testable import ListFlow

/// The store's decisions under random interleavings: publishes, subscribers coming and going, a finish, and the
/// rounds each change owes run late (a caller that made a change takes the rounds' lock after others did), as a
/// busy store runs them. Every subscriber gets states in publish order, never one twice, at least one, and the
/// current state once the rounds owed have run; a subscriber removed or finished gets nothing more.
@Suite("StoreStateMachine: random changes and late rounds, the newest state always delivered")
struct StoreRoundsPropertyTests {
  typealias Machine = StoreStateMachine<Int, Int>

  enum Step { case publish, subscribe, unsubscribe, round, finish }

  static let steps = WeightedChoice<Step>([
    ("publish the next state (a round owed when someone listens)", weight: 5, .publish),
    ("subscribe (a round owed)", weight: 2, .subscribe),
    ("unsubscribe a subscriber (its stream terminated)", weight: 1, .unsubscribe),
    ("run one round owed, late", weight: 4, .round),
    ("finish the store (its rounds run until none is left)", weight: 1, .finish),
  ])

  @Test("states in order, none twice, the newest delivered once the rounds owed ran")
  func lateRounds() {
    var failures: [String] = []
    var failingSeeds = 0
    for seed in DeepPass.seeds(quick: 200, deep: 5_000) {
      var random = SeededRandom(seed: seed)
      var machine = Machine(state: 0)
      var owed = 0
      var received: [Int: [Int]] = [:]
      var ids: [Int: Machine.SubscriberID] = [:]
      var gone: Set<Int> = []
      var finished: Set<Int> = []
      /// The state when each finished subscriber's stream ended: its last state.
      var endedWith: [Int: Int] = [:]
      var next = 0
      var problems: [String] = []
      var log: [String] = []

      func run(_ action: Machine.Action) {
        switch action {
        case .none: break
        case .deliver(let state, let subscribers):
          for subscriber in subscribers {
            if gone.contains(subscriber) || finished.contains(subscriber) {
              problems.append("\(subscriber), removed, was given \(state)")
            }
            if let last = received[subscriber]?.last, last >= state {
              problems.append("\(subscriber) was given \(state) after \(last)")
            }
            received[subscriber, default: []].append(state)
          }
        case .finish(let subscribers):
          for subscriber in subscribers {
            finished.insert(subscriber)
            endedWith[subscriber] = machine.state
          }
        }
      }

      for _ in 0..<30 {
        switch Self.steps.pick(using: &random).value {
        case .publish:
          let state = machine.state + 1
          log.append("publish \(state)")
          if machine.publish(state) { owed += 1 }
        case .subscribe:
          log.append("subscribe \(next)")
          switch machine.subscribe(next) {
          case .subscribed(let id):
            ids[next] = id
            received[next] = []
            owed += 1
          case .finished(let state):
            received[next] = [state]
            finished.insert(next)
            endedWith[next] = state
          }
          next += 1
        case .unsubscribe:
          let live = ids.keys.filter { !gone.contains($0) && !finished.contains($0) }.sorted()
          guard !live.isEmpty else { continue }
          let subscriber = live[random.below(live.count)]
          log.append("unsubscribe \(subscriber)")
          machine.unsubscribe(ids[subscriber]!)
          gone.insert(subscriber)
        case .round:
          guard owed > 0 else { continue }
          log.append("round")
          owed -= 1
          run(machine.nextRound())
        case .finish:
          log.append("finish")
          if machine.finish() {
            while true {
              let action = machine.nextRound()
              if case .none = action { break }
              run(action)
            }
          }
        }
      }
      // The rounds owed run; each live subscriber then holds the current state.
      for _ in 0..<owed { run(machine.nextRound()) }
      if case .none = machine.nextRound() {} else { problems.append("a round was left after every round owed ran") }
      for (subscriber, states) in received.sorted(by: { $0.key < $1.key }) where !gone.contains(subscriber) {
        let last = endedWith[subscriber] ?? machine.state
        if states.last != last {
          problems.append("\(subscriber) ends with \(states.last.map(String.init) ?? "nothing"), not \(last)")
        }
      }
      if machine.subscriberCount != ids.keys.filter({ !gone.contains($0) && !finished.contains($0) }).count {
        problems.append("\(machine.subscriberCount) subscribers left")
      }
      if !problems.isEmpty {
        failingSeeds += 1
        if failures.count < 3 {
          failures.append("seed \(seed): \(problems.prefix(3))\n  " + log.joined(separator: "\n  "))
        }
      }
    }
    #expect(failingSeeds == 0, "\(failingSeeds) seeds failed; the first:\n\(failures.joined(separator: "\n\n"))")
  }
}
