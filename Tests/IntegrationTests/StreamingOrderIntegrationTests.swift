import ListFlow
import ListFlowTesting
import Testing

/// Ordering, coalescing and cancellation of states on their way from the store to the view.
@Suite("Integration: order, superseding and cancellation of states", .timeLimit(.minutes(60)))
@MainActor
struct StreamingOrderIntegrationTests {
  /// The initial state with its revision set and a to-do per revision, so every state shows differently.
  private nonisolated static func state(_ revision: Int) -> TodoState {
    var state = TodoState.initial
    state.revision = revision
    state.todos += (0..<revision).map { Todo(id: 100 + $0, title: "added \($0)") }
    return state
  }

  private func isStrictlyIncreasing(_ states: [TodoState]) -> Bool {
    zip(states, states.dropFirst()).allSatisfy { $0.revision < $1.revision }
  }

  @Test("every state a subscriber is given is applied, strictly in publish order")
  func strictOrderNoSkipping() async throws {
    let app = try TodoApp()
    let running = app.start(bufferingNewest: 1_000)
    for revision in 1...300 { app.store.state = Self.state(revision) }
    await app.applied.wait { $0.revision == 300 }
    #expect(app.applied.states.map(\.revision) == Array(0...300))
    #expect(app.mismatch(showing: Self.state(300)) == nil)
    #expect(app.view.inconsistencies.isEmpty)
    running.cancel()
    await running.value
  }

  @Test("with newest-wins buffering, states are applied in order and the last one is shown")
  func strictOrderWithSkipping() async throws {
    let app = try TodoApp()
    let running = app.start()
    for revision in 1...300 { app.store.state = Self.state(revision) }
    await app.applied.wait { $0.revision == 300 }
    #expect(isStrictlyIncreasing(app.applied.states))
    #expect(app.controller.state == Self.state(300))
    #expect(app.mismatch(showing: Self.state(300)) == nil)
    running.cancel()
    await running.value
  }

  @Test("states published while one is being diffed are coalesced: only the newest is applied next")
  func storeCoalescesDuringDiff() async throws {
    let hook = DiffHook()
    let app = try TodoApp(configuration: ListControllerConfiguration(backgroundDiffThreshold: 0), hook: hook)
    let store = app.store
    hook.on(revision: 1) {
      for revision in 2...5 { store.state = Self.state(revision) }  // while state 1 is being diffed
    }
    let running = app.start()
    await app.applied.wait { $0.revision == 0 }

    app.store.state = Self.state(1)
    await app.applied.wait { $0.revision == 5 }
    #expect(app.applied.states.map(\.revision) == [0, 1, 5])
    #expect(app.mismatch(showing: Self.state(5)) == nil)
    #expect(app.controller.statistics.backgroundDiffs == 3)
    running.cancel()
    await running.value
  }

  @Test("direct apply calls: a newer state arriving during a diff supersedes the states not yet started")
  func directApplySupersedes() async throws {
    let hook = DiffHook()
    let app = try TodoApp(configuration: ListControllerConfiguration(backgroundDiffThreshold: 0), hook: hook)
    let controller = app.controller
    // While state 1 is being diffed, off the main actor, states 2, 3 and 4 are submitted in this order (tasks
    // made one after another from one thread reach the main actor in that order).
    hook.on(revision: 1) {
      for revision in 2...4 {
        Task { @MainActor in await controller.apply(Self.state(revision)) }
      }
    }
    await controller.apply(Self.state(0))
    await controller.apply(Self.state(1))
    await app.applied.wait { $0.revision == 4 }

    #expect(app.applied.states.map(\.revision) == [0, 1, 4])
    #expect(controller.statistics.supersededStates == 2)
    #expect(controller.state == Self.state(4))
    #expect(app.mismatch(showing: Self.state(4)) == nil)
  }

  @Test("cancelling the controller's task mid-diff leaves the view consistent with the last applied state")
  func cancelMidDiff() async throws {
    let hook = DiffHook()
    let app = try TodoApp(configuration: ListControllerConfiguration(backgroundDiffThreshold: 0), hook: hook)
    let runningBox = TaskBox()
    hook.on(revision: 1) { runningBox.cancel() }  // cancelled while state 1 is being diffed
    let running = app.start()
    runningBox.hold(running)
    await app.applied.wait { $0.revision == 0 }
    let batchesBefore = app.view.updates.count
    let reloadsBefore = app.view.reloadCount

    app.store.state = Self.state(1)
    await running.value

    #expect(app.controller.state == Self.state(0))
    #expect(app.applied.states.map(\.revision) == [0])
    #expect(app.view.updates.count == batchesBefore)
    #expect(app.view.reloadCount == reloadsBefore)
    #expect(app.mismatch(showing: Self.state(0)) == nil)
    #expect(app.controller.statistics.cancelledStates == 1)
    #expect(app.controller.isApplying == false)
    #expect(app.store.subscriberCount == 0)

    // The controller is not left half-way: a new run picks up the store's state.
    let again = app.start()
    await app.applied.wait { $0.revision == 1 }
    #expect(app.mismatch(showing: Self.state(1)) == nil)
    #expect(app.view.inconsistencies.isEmpty)
    again.cancel()
    await again.value
  }

  @Test("cancelling while waiting for the next state ends the run and removes the subscriber")
  func cancelWhileIdle() async throws {
    let app = try TodoApp()
    let running = app.start()
    await app.applied.wait { $0.revision == 0 }
    #expect(app.store.subscriberCount == 1)
    running.cancel()
    await running.value  // returns: the run ended (the suite's time limit fails the test if it did not)
    #expect(app.store.subscriberCount == 0)
    #expect(app.controller.state == Self.state(0))
    #expect(app.mismatch(showing: Self.state(0)) == nil)
    #expect(app.controller.isApplying == false)
  }
}
