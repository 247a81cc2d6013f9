import Dispatch
import ListFlowTesting
import Synchronization
import TestSupport
import Testing

@testable import ListFlow

/// A controller frees the rows of the state before off the main actor once the list is as long as the
/// configuration's background threshold (the binders a told edit replaced once it touched that many rows), and at
/// once below it; either way every row is freed.
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

  /// What a case starts from: a background threshold, a row count near it, and a controller of ``Row``s with that
  /// threshold, shown in a view that keeps no update (a recording view keeps every list it was given), which
  /// applied a first state of that many rows holding tokens of `rows`.
  struct Start {
    var threshold: Int
    var count: Int
    var controller: ListController<[Row]>
    var engine: ListEngine
    var rows: Frees
  }

  /// Runs `body` on random cases, 12 (60 in the deep pass).
  static func forEachCase(
    seed: UInt64, _ body: (inout SeededRandom, Start) async throws -> Void
  ) async throws {
    var random = SeededRandom(seed: seed)
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
      let engine = try ListEngine(view: ViewportListView(rowCount: 5), showing: controller)
      let rows = Frees()
      await controller.apply((0..<count).map { Row(id: $0, token: Token(rows)) })
      try await body(
        &random, Start(threshold: threshold, count: count, controller: controller, engine: engine, rows: rows))
      withExtendedLifetime(engine) {}
    }
  }

  /// Expects `frees` to reach `count`: on the release queue when `offMain` (waited for, a generous bound; it takes
  /// microseconds), else all by now, on the main actor.
  static func expectFreed(_ frees: Frees, _ count: Int, offMain: Bool, _ comment: Comment) async throws {
    if offMain {
      let clock = ContinuousClock()
      let deadline = clock.now + .seconds(10)
      while frees.all < count, clock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
    }
    #expect(frees.all == count, comment)
    #expect(frees.offMain == (offMain ? count : 0), comment)
  }

  @Test("a state's rows are all freed once the next state is shown: off the main thread from the threshold on")
  func freedOffMain() async throws {
    try await Self.forEachCase(seed: 11) { random, start in
      // The next state keeps some identities with other tokens (updates), drops the rest and adds new rows.
      let (count, next) = (start.count, Frees())
      let kept = random.below(count + 1)
      await start.controller.apply((0..<count + 3).map { Row(id: $0 < kept ? $0 : $0 + count, token: Token(next)) })
      #expect(start.engine.snapshot.first?.elements.count == count + 3)
      try await Self.expectFreed(
        start.rows, count, offMain: count >= start.threshold, "threshold \(start.threshold), \(count) rows")
      #expect(next.all == 0)
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
  // The threshold counts the rows the edit touched: the rows it replaced, not the list, are what it frees.
  func toldEditFreesOffMain() async throws {
    try await Self.forEachCase(seed: 12) { random, start in
      // A first edit gives some rows new binders and inserts others; the second replaces or deletes them all.
      let (count, first, second) = (start.count, Frees(), Frees())
      let updated = (0..<count).filter { _ in random.below(2) == 0 }
      let inserted = (0..<random.below(4)).map { count + $0 }
      let places = inserted.map { _ in random.below(count + 1) }
      try start.controller.performEdits { edit throws(ListFlowError) in
        try edit.updateRows(updated.map { Self.binder(Held(id: $0, token: Token(first))) })
        for (id, place) in zip(inserted, places) {
          try edit.insertRows([Self.binder(Held(id: id, token: Token(first)))], at: ItemPath(item: place, section: 0))
        }
      }
      // What the first edit left is freed first (on the queue when it touched many rows): the second's binders are
      // then freed where the second edit frees what it leaves, not wherever the last of the first went.
      _listReleaseQueue.sync {}
      try start.controller.performEdits { edit throws(ListFlowError) in
        try edit.updateRows(updated.map { Self.binder(Held(id: $0, token: Token(second))) })
        try edit.deleteRows(inserted.map { ListIdentifier($0) })
      }
      #expect(start.engine.snapshot.first?.elements.count == count)
      let touched = updated.count + inserted.count
      try await Self.expectFreed(
        first, touched, offMain: touched >= start.threshold, "threshold \(start.threshold), \(touched) rows touched")
      #expect(second.all == 0 && start.rows.all == 0)
    }
  }
}

extension ReleaseOffMainTests {
  @Test("a binder a told edit replaces is freed though the app gave it in one array with binders still shown")
  func replacedBinderFreedAlone() async throws {
    try await Self.forEachCase(seed: 13) { random, start in
      // A first edit gives some rows new binders in one array and inserts new rows in another.
      let (count, first, second) = (start.count, Frees(), Frees())
      let updated = (0..<count).filter { _ in random.below(2) == 0 }
      let inserted = (0..<1 + random.below(4)).map { count + $0 }
      let place = random.below(count + 1)
      try start.controller.performEdits { edit throws(ListFlowError) in
        try edit.updateRows(updated.map { Self.binder(Held(id: $0, token: Token(first))) })
        try edit.insertRows(
          inserted.map { Self.binder(Held(id: $0, token: Token(first))) }, at: ItemPath(item: place, section: 0))
      }
      _listReleaseQueue.sync {}
      // A second replaces some of them, given again or deleted, one by one or together; the others stay shown.
      let replaced = (updated + inserted).filter { _ in random.below(2) == 0 }
      let deleted = Set(replaced.filter { _ in random.below(2) == 0 })
      let again = replaced.filter { !deleted.contains($0) }
      let together = random.below(2) == 0
      try start.controller.performEdits { edit throws(ListFlowError) in
        if together {
          try edit.updateRows(again.map { Self.binder(Held(id: $0, token: Token(second))) })
        } else {
          for id in again { try edit.updateRows([Self.binder(Held(id: id, token: Token(second)))]) }
        }
        try edit.deleteRows(deleted.map { ListIdentifier($0) })
      }
      let shown = count + inserted.count
      #expect(start.engine.snapshot.first?.elements.count == shown - deleted.count)
      try await Self.expectFreed(
        first, replaced.count, offMain: replaced.count >= start.threshold,
        "threshold \(start.threshold), \(shown) rows, \(replaced.count) of \(updated.count + inserted.count) replaced")
      #expect(second.all == 0 && start.rows.all == 0)
    }
  }
}
