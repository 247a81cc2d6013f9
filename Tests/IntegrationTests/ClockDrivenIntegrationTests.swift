import ListFlow
import ListFlowTesting
import Testing

/// A producer driven by a clock (a periodic refresh) feeding the list, with the clock in the test's hands.
@Suite("Integration: a clock-driven producer, with an injected clock", .timeLimit(.minutes(60)))
@MainActor
struct ClockDrivenIntegrationTests {
  /// App code: every `period`, appends a to-do; stops when its task is cancelled.
  private nonisolated static func refresh<C: Clock>(
    _ store: Store<TodoState>, every period: C.Duration, on clock: C
  ) async {
    var tick = 0
    while true {
      do { try await clock.sleep(for: period) } catch { return }
      tick += 1
      let id = 1_000 + tick
      store.update { state in state.revise { $0.append(Todo(id: id, title: "tick \(tick)")) } }
    }
  }

  @Test("each tick of the clock adds a row, shown in order; cancelling stops the producer and the list")
  func ticks() async throws {
    let clock = ManualClock()
    let app = try TodoApp()
    let store = app.store
    let running = app.start()
    let refresher = Task.detached { await Self.refresh(store, every: .seconds(5), on: clock) }
    await app.applied.wait { $0.revision == 0 }

    for tick in 1...3 {
      await clock.sleepCalls.wait(untilAtLeast: tick)  // the refresher waits for the next tick
      #expect(app.store.state.revision == tick - 1)  // nothing happens before the clock moves
      clock.advance(by: .seconds(5))
      await app.applied.wait { $0.revision == tick }
      #expect(app.view.renderedLines.contains("[ ] tick \(tick)"))
      #expect(app.mismatch(showing: app.store.state) == nil)
    }

    await clock.sleepCalls.wait(untilAtLeast: 4)
    refresher.cancel()
    await refresher.value
    clock.advance(by: .seconds(60))
    #expect(app.store.state.revision == 3)
    running.cancel()
    await running.value
    #expect(app.store.subscriberCount == 0)
    #expect(app.view.inconsistencies.isEmpty)
  }
}
