import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A store's states reaching its subscribers under random interleavings: changes made on the main actor, by
/// producers on other threads and from a controller's callbacks; controllers and plain consumers (some slow, with
/// buffers of several sizes) joining, cancelled, restarted on a new stream, running two streams, released
/// mid-stream or shown in a new engine; tasks yielding; the store finished or released, with or without a last
/// change after the last subscriber joined.
/// Checked against a plain model (every change adds one to the state's number, so publish order is number order):
/// each subscriber sees numbers rising, never below the store's when it subscribed; each one that was not cancelled
/// ends with the store's last state (a controller's view shows its list, consistently); a cancelled subscriber is
/// removed; released controllers, engines, views and stores are freed.
@MainActor
@Suite("Store subscribers: random joins, cancellations and releases, the last state always arrives")
struct StoreSubscribersPropertyTests {
  /// A state that carries its number.
  struct Numbered: Sendable {
    var number: Int
    var sections: [ListSection<TestRow>]
  }

  /// One subscriber: a controller following the store (with its engine and view), or a plain consumer.
  @MainActor
  final class Subscriber {
    let name: String
    /// The store's number when it subscribed (its current stream, for a restarted controller).
    var startedAt: Int
    /// The tasks that run it and were not cancelled: one, or two for a controller running two streams.
    var running: [Task<Void, Never>] = []
    /// Its cancelled tasks.
    var stopped: [Task<Void, Never>] = []
    /// The numbers it saw: states applied by the controller, or elements read by the consumer.
    var seen: [Int] = []
    var isCancelled = false
    /// Whether the callback of its engine publishes states.
    var publishes = false
    /// Whether two runs of the controller were under way at once: their apply calls interleave, so the states
    /// shown need not rise, but the last one is the store's last.
    var runsTwice = false
    var controller: ListController<Numbered>?
    var engine: ListEngine?
    var view: RecordingListView?

    init(name: String, startedAt: Int) {
      self.name = name
      self.startedAt = startedAt
    }

    /// Cancels its tasks.
    func cancel() {
      for task in running { task.cancel() }
      stopped += running
      running = []
    }
  }

  /// What a released controller left: weak references that must become `nil` once its task ended.
  struct Released {
    let name: String
    weak var controller: ListController<Numbered>?
    weak var engine: ListEngine?
    weak var view: RecordingListView?
  }

  enum Step {
    case update, set, produce, subscribeController, subscribeConsumer, cancel, restart, secondRun, release
    case dropEngine, newEngine, yield
  }

  static let steps = WeightedChoice<Step>([
    ("update the store on the main actor", weight: 5, .update),
    ("set the store's state (after the producers ended)", weight: 1, .set),
    ("a producer task updates the store from another thread", weight: 2, .produce),
    ("a controller with a view starts following the store", weight: 2, .subscribeController),
    ("a plain consumer, maybe slow, starts reading the store", weight: 2, .subscribeConsumer),
    ("cancel a subscriber's task", weight: 2, .cancel),
    ("restart a controller's run on a new stream", weight: 1, .restart),
    ("a controller runs a second stream beside its first", weight: 1, .secondRun),
    ("release a controller, its engine and view mid-stream", weight: 1, .release),
    ("release a running controller's engine and view only", weight: 1, .dropEngine),
    ("show a controller in a new engine and view", weight: 1, .newEngine),
    ("yield to the other tasks", weight: 4, .yield),
  ])

  static let lastChanges = WeightedChoice<Bool>([
    ("one last change on the main actor", weight: 1, true),
    ("no last change: the last state may predate some subscribers", weight: 1, false),
  ])

  /// How the store ends.
  enum Ending { case finish, release }

  static let endings = WeightedChoice<Ending>([
    ("finish the store", weight: 1, .finish),
    ("release the last reference to the store", weight: 1, .release),
  ])

  static func sections(_ random: inout SeededRandom) -> [ListSection<TestRow>] {
    (0..<random.below(3)).map { id in
      ListSection(
        id: id,
        items: (0..<random.below(5)).map { TestRow(id: id * 10 + $0, version: random.below(3), isAlternate: false) })
    }
  }

  static func lines(_ state: Numbered) -> [String] {
    ListRendering.lines(of: state.sections.map { $0.map(\.cellBinder) })
  }

  /// One random case; returns its problems and the steps it took.
  static func run(seed: UInt64) async throws -> (problems: [String], log: [String]) {
    var random = SeededRandom(seed: seed)
    var store: Store<Numbered>? = Store(Numbered(number: 0, sections: sections(&random)))
    weak let weakStore = store
    var subscribers: [Subscriber] = []
    var released: [Released] = []
    var producers: [Task<Void, Never>] = []
    var problems: [String] = []
    var log: [String] = []
    var largestBuffer = 1
    /// How many more states the controllers' callbacks may publish.
    let callbackBudget = Counter(value: 6)

    func startController(_ subscriber: Subscriber, buffer: Int) {
      guard let controller = subscriber.controller, let store else { return }
      subscriber.startedAt = store.state.number
      let stream = store.updates(bufferingNewest: buffer)
      subscriber.running.append(Task { await controller.run(stream) })
    }

    /// Shows a subscriber's controller in a new view and engine, whose delegate records the states shown.
    func show(_ subscriber: Subscriber) throws {
      guard let controller = subscriber.controller else { return }
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: controller)
      subscriber.engine = engine
      subscriber.view = view
      var applied = controller.statistics.appliedStates
      let publishes = subscriber.publishes
      // The engine hears of every change shown (a state that changes nothing is not one): the numbers seen are
      // those of the states shown with a change.
      engine.delegate.didApply = { [weak controller, weak subscriber, weak store] _ in
        guard let controller, let subscriber, let number = controller.state?.number,
          controller.statistics.appliedStates != applied
        else { return }
        applied = controller.statistics.appliedStates
        subscriber.seen.append(number)
        // A state published from the callback, while the controller shows the one before it.
        if publishes, number % 3 == 1, callbackBudget.take() {
          store?.update { state in
            state.number += 1
            state.sections.reverse()
          }
        }
      }
    }

    for step in 0..<2 + random.below(29) {
      guard let live = store else { break }
      let chosen = Self.steps.pick(using: &random)
      switch chosen.value {
      case .update:
        let next = sections(&random)
        log.append("update")
        live.update { state in
          state.number += 1
          state.sections = next
        }
      case .set:
        log.append("set (after \(producers.count) producers)")
        for producer in producers { await producer.value }
        producers = []
        live.state = Numbered(number: live.state.number + 1, sections: sections(&random))
      case .produce:
        let count = 1 + random.below(4)
        let lists = (0..<count).map { _ in sections(&random) }
        log.append("producer of \(count)")
        producers.append(
          Task.detached {
            for list in lists {
              live.update { state in
                state.number += 1
                state.sections = list
              }
            }
          })
      case .subscribeController:
        let buffer = 1 + random.below(3)
        largestBuffer = max(largestBuffer, buffer)
        let threshold = [0, 4, Int.max][random.below(3)]
        let controller = ListController<Numbered>(
          configuration: ListControllerConfiguration(backgroundDiffThreshold: threshold)
        ) { $0.sections.map { $0.map(\.cellBinder) } }
        let subscriber = Subscriber(name: "controller \(step)", startedAt: live.state.number)
        subscriber.controller = controller
        let publishes = random.oneIn(2)
        subscriber.publishes = publishes
        try show(subscriber)
        log.append("\(subscriber.name) (buffer \(buffer), threshold \(threshold)\(publishes ? ", publishes" : ""))")
        subscribers.append(subscriber)
        startController(subscriber, buffer: buffer)
      case .subscribeConsumer:
        let buffer = 1 + random.below(3)
        largestBuffer = max(largestBuffer, buffer)
        let slowness = random.below(4)
        let subscriber = Subscriber(name: "consumer \(step)", startedAt: live.state.number)
        let stream = live.updates(bufferingNewest: buffer)
        log.append("\(subscriber.name) (buffer \(buffer), \(slowness) yields a state)")
        let task = Task { [weak subscriber] in
          for await state in stream {
            subscriber?.seen.append(state.number)
            for _ in 0..<slowness { await Task.yield() }
          }
        }
        subscriber.running.append(task)
        subscribers.append(subscriber)
      case .cancel:
        let candidates = subscribers.filter { !$0.isCancelled }
        guard !candidates.isEmpty else { continue }
        let subscriber = candidates[random.below(candidates.count)]
        log.append("cancel \(subscriber.name)")
        subscriber.isCancelled = true
        subscriber.cancel()
      case .restart:
        let candidates = subscribers.filter { $0.controller != nil }
        guard !candidates.isEmpty else { continue }
        let subscriber = candidates[random.below(candidates.count)]
        log.append("restart \(subscriber.name)")
        subscriber.cancel()
        subscriber.isCancelled = false
        startController(subscriber, buffer: 1)
      case .secondRun:
        let candidates = subscribers.filter { $0.controller != nil && !$0.isCancelled }
        guard !candidates.isEmpty else { continue }
        let subscriber = candidates[random.below(candidates.count)]
        guard let controller = subscriber.controller else { continue }
        log.append("second run of \(subscriber.name)")
        subscriber.runsTwice = true
        let buffer = 1 + random.below(2)
        largestBuffer = max(largestBuffer, buffer)
        let stream = live.updates(bufferingNewest: buffer)
        subscriber.running.append(Task { await controller.run(stream) })
      case .release:
        let candidates = subscribers.filter { $0.controller != nil }
        guard !candidates.isEmpty else { continue }
        let subscriber = candidates[random.below(candidates.count)]
        log.append("release \(subscriber.name)")
        subscriber.isCancelled = true
        subscriber.cancel()
        released.append(
          Released(
            name: subscriber.name, controller: subscriber.controller, engine: subscriber.engine,
            view: subscriber.view))
        subscriber.controller = nil
        subscriber.engine = nil
        subscriber.view = nil
      case .dropEngine:
        let candidates = subscribers.filter { $0.engine != nil }
        guard !candidates.isEmpty else { continue }
        let subscriber = candidates[random.below(candidates.count)]
        log.append("release the engine of \(subscriber.name)")
        released.append(
          Released(
            name: "engine of \(subscriber.name)", controller: nil, engine: subscriber.engine, view: subscriber.view))
        subscriber.engine = nil
        subscriber.view = nil
      case .newEngine:
        let candidates = subscribers.filter { $0.controller != nil }
        guard !candidates.isEmpty else { continue }
        let subscriber = candidates[random.below(candidates.count)]
        log.append("a new engine for \(subscriber.name)")
        if let engine = subscriber.engine, let view = subscriber.view {
          released.append(Released(name: "engine of \(subscriber.name)", controller: nil, engine: engine, view: view))
        }
        subscriber.engine = nil
        subscriber.view = nil
        try show(subscriber)
      case .yield:
        let count = 1 + random.below(8)
        log.append("yield \(count)")
        for _ in 0..<count { await Task.yield() }
      }
    }

    // Quiescence: the producers end, then maybe one last change; every cancelled task ends. Without a last change,
    // subscribers that joined after the store's last change must still end with it.
    for producer in producers { await producer.value }
    producers = []
    guard store != nil else { return (["the store went away"], log) }
    let lastChange = Self.lastChanges.pick(using: &random)
    log.append(lastChange.name)
    if lastChange.value {
      let next = sections(&random)
      // No strong reference to the store is kept past its ending, so that releasing it frees it.
      store?.update { state in
        state.number += 1
        state.sections = next
      }
    }
    for subscriber in subscribers {
      for task in subscriber.stopped { await task.value }
    }
    let listening = subscribers.reduce(0) { $0 + $1.running.count }
    if let left = store?.subscriberCount, left != listening {
      problems.append("\(left) subscribers once the cancelled tasks ended, \(listening) listen")
    }
    // Callbacks may have published since; the state when the store ends is the last one streamed.
    guard let last = store?.state else { return (["the store went away"], log) }
    let ending = Self.endings.pick(using: &random)
    log.append(ending.name)
    switch ending.value {
    case .finish:
      store?.finish()
    case .release:
      store = nil
    }
    for subscriber in subscribers {
      for task in subscriber.running + subscriber.stopped { await task.value }
    }

    for subscriber in subscribers {
      let name = subscriber.name
      // A restarted controller's new stream starts with the state its old one may have ended with.
      let restarted = !subscriber.stopped.isEmpty
      let falls = zip(subscriber.seen, subscriber.seen.dropFirst()).contains { $0 > $1 || ($0 == $1 && !restarted) }
      if falls, !subscriber.runsTwice {
        problems.append("\(name) saw \(subscriber.seen), not rising")
      }
      if let first = subscriber.seen.first, first < subscriber.startedAt, !restarted {
        problems.append("\(name) subscribed at \(subscriber.startedAt) and first saw \(first)")
      }
      guard !subscriber.isCancelled else { continue }
      let ended = subscriber.controller.map { $0.state?.number ?? -1 } ?? subscriber.seen.last ?? -1
      if ended != last.number { problems.append("\(name) ends with \(ended), the store with \(last.number)") }
      if let view = subscriber.view, let controller = subscriber.controller {
        let expected = lines(last)
        if view.renderedLines != expected { problems.append("\(name) shows \(view.renderedLines), not \(expected)") }
        problems += view.inconsistencies.map { "\(name): \($0)" }
        if controller.isApplying || controller.hasPendingState { problems.append("\(name)'s queue is not idle") }
      }
    }
    if let store = weakStore {
      if ending.value == .release { problems.append("the released store is still alive") }
      if store.subscriberCount != 0 { problems.append("\(store.subscriberCount) subscribers after finish") }
      if store.peakBufferedCount > largestBuffer {
        problems.append("\(store.peakBufferedCount) states waited, the largest buffer is \(largestBuffer)")
      }
    }
    for entry in released {
      if entry.controller != nil { problems.append("the released \(entry.name) is still alive") }
      if entry.engine != nil { problems.append("the released \(entry.name)'s engine is still alive") }
      if entry.view != nil { problems.append("the released \(entry.name)'s view is still alive") }
    }
    return (problems, log)
  }

  @Test(
    "random changes, joins, cancellations, restarts and releases: rising, none lost, the last state shown",
    .timeLimit(.minutes(60)))
  func subscribersEndWithTheLastState() async throws {
    var failures: [String] = []
    var failingSeeds = 0
    for seed in DeepPass.seeds(quick: 100, deep: 1_500) {
      let (problems, log) = try await Self.run(seed: seed)
      if !problems.isEmpty {
        failingSeeds += 1
        if failures.count < 3 {
          failures.append("seed \(seed): \(problems.prefix(4))\n  " + log.joined(separator: "\n  "))
        }
      }
    }
    #expect(failingSeeds == 0, "\(failingSeeds) seeds failed; the first:\n\(failures.joined(separator: "\n\n"))")
  }
}

/// A budget that callbacks on the main actor spend.
@MainActor
private final class Counter {
  private var value: Int
  init(value: Int) { self.value = value }

  /// Spends one, if any is left.
  func take() -> Bool {
    guard value > 0 else { return false }
    value -= 1
    return true
  }
}
