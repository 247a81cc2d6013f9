import ListFlow
import ListFlowTesting
import Testing

/// Store → stream → controller → recording view → SyncDelegate → app code → store, end to end.
@Suite("Integration: store, controller, view and delegate in a loop", .timeLimit(.minutes(60)))
@MainActor
struct StoreControllerIntegrationTests {
  @Test("the controller shows the store's current state as soon as it runs")
  func showsCurrentState() async throws {
    let app = try TodoApp()
    let running = app.start()
    await app.applied.wait { $0 == .initial }
    #expect(
      app.view.renderedLines == [
        "== Open (3) r0 ==", "[ ] buy milk", "[ ] write tests", "[ ] ship", "== Done (0) ==",
      ])
    #expect(app.mismatch(showing: .initial) == nil)
    running.cancel()
    await running.value
  }

  @Test("selecting a row changes the store through the delegate, and the view follows")
  func selectionLoop() async throws {
    let app = try TodoApp()
    let running = app.start()
    await app.applied.wait { $0.revision == 0 }

    try app.view.selectRow(at: ItemPath(item: 1, section: 0))  // "write tests"
    await app.applied.wait { $0.revision == 1 }
    #expect(app.store.state.todos.map(\.isDone) == [false, true, false])
    #expect(
      app.view.renderedLines == [
        "== Open (2) r1 ==", "[ ] buy milk", "[ ] ship", "== Done (1) ==", "[x] write tests",
      ])
    #expect(app.mismatch(showing: app.store.state) == nil)

    try app.view.selectRow(at: ItemPath(item: 0, section: 1))  // "write tests" again: back to open
    await app.applied.wait { $0.revision == 2 }
    #expect(app.store.state.todos.allSatisfy { !$0.isDone })
    #expect(app.mismatch(showing: app.store.state) == nil)
    #expect(app.view.inconsistencies.isEmpty)

    running.cancel()
    await running.value
    #expect(app.store.subscriberCount == 0)
  }

  @Test("the delete action removes the to-do from the store, and the row from the view, by a batch")
  func deleteLoop() async throws {
    let app = try TodoApp()
    let running = app.start()
    await app.applied.wait { $0.revision == 0 }
    let batchesBefore = app.view.updates.count

    #expect(try app.engine.editActions(forRowAt: ItemPath(item: 0, section: 0)) == [.delete])
    try app.engine.commitEdit(.delete, forRowAt: ItemPath(item: 0, section: 0))  // "buy milk"
    await app.applied.wait { $0.revision == 1 }
    #expect(app.store.state.todos.map(\.title) == ["write tests", "ship"])
    #expect(app.view.renderedLines == ["== Open (2) r1 ==", "[ ] write tests", "[ ] ship", "== Done (0) =="])
    #expect(app.view.updates.count > batchesBefore)
    #expect(app.view.reloadCount == 1)  // the first state only
    #expect(app.mismatch(showing: app.store.state) == nil)

    running.cancel()
    await running.value
  }

  @Test("a change made by a background task reaches the view")
  func backgroundProducer() async throws {
    let app = try TodoApp()
    let running = app.start()
    await app.applied.wait { $0.revision == 0 }
    let store = app.store
    await Task.detached {
      store.update { state in state.revise { $0.append(Todo(id: 4, title: "from the network")) } }
    }.value
    await app.applied.wait { $0.revision == 1 }
    #expect(app.view.renderedLines.contains("[ ] from the network"))
    #expect(app.mismatch(showing: app.store.state) == nil)
    running.cancel()
    await running.value
  }

  @Test("when the store finishes, the controller's run ends by itself after showing the last state")
  func storeFinishEndsRun() async throws {
    let app = try TodoApp()
    let running = app.start()
    for id in 4...20 {
      app.store.update { state in state.revise { $0.append(Todo(id: id, title: "item \(id)")) } }
    }
    app.store.finish()
    await running.value
    #expect(app.controller.state == app.store.state)
    #expect(app.controller.state?.revision == 17)
    #expect(app.mismatch(showing: app.store.state) == nil)
    #expect(app.store.subscriberCount == 0)
  }

  @Test("several controllers on one store each end with the last state")
  func severalControllers() async throws {
    let store = Store(TodoState.initial)
    let apps = [try TodoApp(), try TodoApp(), try TodoApp()]
    let runs = apps.map { app in
      let states = store.updates()
      return Task { await app.controller.run(states) }
    }
    for id in 4...40 {
      store.update { state in state.revise { $0.append(Todo(id: id, title: "item \(id)")) } }
    }
    store.finish()
    for run in runs { await run.value }
    for app in apps {
      #expect(app.controller.state == store.state)
      #expect(app.mismatch(showing: store.state) == nil)
      #expect(zip(app.applied.states, app.applied.states.dropFirst()).allSatisfy { $0.revision < $1.revision })
    }
  }
}
