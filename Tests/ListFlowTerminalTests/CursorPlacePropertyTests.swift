import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlowTerminal

/// The cursor's row is deleted by a change that also moves rows near it away (to the other section, as a list
/// re-sorted on every tick does) and deletes others: the cursor goes to the first row after it that stays (the row
/// that takes its place), in its section or the next one, else to the nearest row before it that stays, as
/// `performBatchUpdates(_:)` says. (`CursorPlaceChangePropertyTests` adds inserts, any number of sections, and
/// reloads.)
@MainActor
@Suite struct CursorPlacePropertyTests {
  static func binder(_ name: String) -> CellBinder {
    CellBinder(cell: TextCell.self, value: name, id: ListIdentifier(name)) { cell, name in cell.title = name }
  }

  static func sections(_ first: [String], _ second: [String]) -> [ListSectionSnapshot] {
    [
      ListSection(id: "first", header: binder("FIRST"), items: first.map(binder)).snapshot,
      ListSection(id: "second", header: binder("SECOND"), items: second.map(binder)).snapshot,
    ]
  }

  @Test("a deleted cursor row's place goes to the first row after it that stays, never to a row moved away")
  func deletedRowsPlace() throws {
    for seed in DeepPass.seeds(quick: 60, deep: 1_000) {
      var random = SeededRandom(seed: seed)
      let first = (0..<Int(3 + random.next() % 12)).map { "r\($0)" }
      let second = (0..<Int(random.next() % 4)).map { "s\($0)" }
      let view = TerminalListView(
        output: CapturingOutput(), mode: .screen(TerminalSize(columns: 30, rows: Int(6 + random.next() % 20))))
      let source = SectionsFeed<ListSectionSnapshot>(sections: Self.sections(first, second))
      let engine = try ListEngine(view: view, showing: source)
      let cursor = Int(random.next() % UInt64(first.count))
      for _ in 0..<cursor { view.handle(.down) }
      #expect(view.selectedRow.flatMap { engine.identity(ofRowAt: $0) } == ListIdentifier(first[cursor]))
      // Every other row of the first section stays, is deleted, or moves to the end of the second section
      // (rows next to the cursor's more often).
      var fate: [String: Int] = [:]  // 0 stays, 1 deleted, 2 moved away
      for (index, name) in first.enumerated() where index != cursor {
        let near = abs(index - cursor) <= 2
        fate[name] = random.next() % (near ? 2 : 4) == 0 ? Int(1 + random.next() % 2) : 0
      }
      let staying = first.filter { fate[$0] == 0 }
      let moved = first.filter { fate[$0] == 2 }
      source.update(to: Self.sections(staying, second + moved))
      // The rows of the second section come after the cursor's; the rows moved there do not stay.
      let expected =
        first[(cursor + 1)...].first { fate[$0] == 0 } ?? second.first ?? first[..<cursor].last { fate[$0] == 0 }
        ?? (second + moved).first
      let shown = view.selectedRow.flatMap { engine.identity(ofRowAt: $0) }
      #expect(
        shown == expected.map { ListIdentifier($0) },
        "seed \(seed): cursor on \(first[cursor]) of \(first), staying \(staying), moved \(moved)")
    }
  }
}
