import Dispatch
import ListFlowTesting
import Synchronization
import TestSupport
import Testing

@testable import ListFlow

/// A controller frees the rows of the state before (or the binders a told edit replaced) off the main actor once
/// the list is as long as the configuration's background threshold, and at once below it; either way every row
/// is freed.
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

extension ReleaseOffMainTests {
  /// A binder's value that holds a token: equal only to itself.
  struct Held: Equatable, Sendable {
    let id: Int
    let token: Token
    static func == (lhs: Held, rhs: Held) -> Bool { lhs.id == rhs.id && lhs.token === rhs.token }
  }

  static func binder(_ held: Held) -> CellBinder {
    CellBinder(cell: TextCell.self, value: held, id: ListIdentifier(held.id)) { cell, held in
      cell.title = "\(held.id)"
    }
  }

  @Test("the binders a told edit replaces are all freed once it is shown: off the main thread from the threshold on")
  func toldEditFreesOffMain() async throws {
    var random = SeededRandom(seed: 12)
    for _ in 0..<DeepPass.cases(quick: 12, deep: 60) {
      let threshold = 1 + random.below(40)
      let count = max(threshold + random.below(21) - 12, 1)
      let controller = ListController<[Row]>(
        configuration: ListControllerConfiguration(backgroundDiffThreshold: threshold),
        rows: { [ListSection(id: "rows", items: $0)] },
        cell: { row in
          CellBinder(cell: TextCell.self, value: "\(row.id)", id: ListIdentifier(row.id)) { cell, text in
            cell.title = text
          }
        })
      let engine = try ListEngine(view: ViewportListView(rowCount: 5), showing: controller)
      let rows = Frees()
      await controller.apply((0..<count).map { Row(id: $0, token: Token(rows)) })
      // A first edit gives some rows new binders and inserts others; the second replaces or deletes them all.
      let first = Frees()
      let updated = (0..<count).filter { _ in random.below(2) == 0 }
      let inserted = (0..<random.below(4)).map { count + $0 }
      try controller.performEdits { edit throws(ListFlowError) in
        try edit.updateRows(updated.map { Self.binder(Held(id: $0, token: Token(first))) })
        for id in inserted {
          try edit.insertRows(
            [Self.binder(Held(id: id, token: Token(first)))],
            at: ItemPath(item: random.below(count + 1), section: 0))
        }
      }
      let given = updated.count + inserted.count
      let shown = count + inserted.count
      let second = Frees()
      try controller.performEdits { edit throws(ListFlowError) in
        try edit.updateRows(updated.map { Self.binder(Held(id: $0, token: Token(second))) })
        try edit.deleteRows(inserted.map { ListIdentifier($0) })
      }
      #expect(engine.snapshot.first?.elements.count == count)
      if shown >= threshold {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while first.all < given, clock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
        #expect(first.all == given, "threshold \(threshold), \(shown) rows")
        #expect(first.offMain == given, "threshold \(threshold), \(shown) rows")
      } else {
        #expect(first.all == given, "threshold \(threshold), \(shown) rows: freed by the time apply returns")
        #expect(first.offMain == 0)
      }
      #expect(second.all == 0 && rows.all == 0)
      withExtendedLifetime(engine) {}
    }
  }
}
