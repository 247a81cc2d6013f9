import Dispatch
import ListFlowTesting
import Synchronization
import TestSupport
import Testing

@testable import ListFlow

/// A controller frees the rows of the state before off the main actor once the list is as long as the
/// configuration's background threshold, and at once below it; either way every row is freed.
@Suite("The rows of the state before: freed off the main actor from the background threshold on")
@MainActor
struct ReleaseOffMainTests {
  /// Counts the rows freed, and those freed on the controller's release queue (told by the queue's key: a thread
  /// does not tell, as the main actor and the queue may run on the same pooled thread in turn).
  final class Frees: Sendable {
    private let counts = Mutex((all: 0, offMain: 0))
    func record() {
      let onReleaseQueue = DispatchQueue.getSpecific(key: _listReleaseKey) == true
      counts.withSanitizedLock { $0 = ($0.all + 1, $0.offMain + (onReleaseQueue ? 1 : 0)) }
    }
    var all: Int { counts.withSanitizedLock { $0.all } }
    var offMain: Int { counts.withSanitizedLock { $0.offMain } }
  }

  /// What a row holds: it tells ``Frees`` when it goes.
  final class Token: Sendable {
    let frees: Frees
    init(_ frees: Frees) { self.frees = frees }
    deinit { frees.record() }
  }

  struct Row: Identifiable, Equatable, Sendable, Differentiable {
    var id: Int
    var token: Token
    static func == (lhs: Row, rhs: Row) -> Bool { lhs.id == rhs.id && lhs.token === rhs.token }
  }

  @Test("a state's rows are all freed once the next state is shown: off the main thread from the threshold on")
  func freedOffMain() async throws {
    var random = SeededRandom(seed: 11)
    for _ in 0..<DeepPass.cases(quick: 12, deep: 60) {
      let threshold = 1 + random.below(40)
      let count = max(threshold + random.below(21) - 10, 1)
      let controller = ListController<[Row]>(
        configuration: ListControllerConfiguration(backgroundDiffThreshold: threshold),
        rows: { [ListSection(id: "rows", items: $0)] },
        cell: { row in
          CellBinder(cell: TextCell.self, value: "\(row.id)", id: ListIdentifier(row.id)) { cell, text in
            cell.title = text
          }
        })
      // A view that keeps no update (a recording view keeps every list it was given).
      let engine = try ListEngine(view: ViewportListView(rowCount: 5), showing: controller)
      let first = Frees()
      await controller.apply((0..<count).map { Row(id: $0, token: Token(first)) })
      // The next state keeps some identities with other tokens (updates), drops the rest and adds new rows.
      let next = Frees()
      let kept = random.below(count + 1)
      await controller.apply((0..<count + 3).map { Row(id: $0 < kept ? $0 : $0 + count, token: Token(next)) })
      #expect(engine.snapshot.first?.elements.count == count + 3)
      if count >= threshold {
        // Freed on the release queue: wait for it (a generous bound; it takes microseconds).
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while first.all < count, clock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
        #expect(first.all == count, "threshold \(threshold), \(count) rows")
        #expect(first.offMain == count, "threshold \(threshold), \(count) rows")
      } else {
        #expect(first.all == count, "threshold \(threshold), \(count) rows: freed by the time apply returns")
        #expect(first.offMain == 0)
      }
      #expect(next.all == 0)
      withExtendedLifetime(engine) {}
    }
  }
}
