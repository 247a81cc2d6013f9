import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Long sections changed in a few places, as a feed of thousands of rows changes: the row path takes its sparse
/// plan, and must show exactly what the binder path shows: the same lines, and batch for batch when no identity
/// repeats.
@MainActor
@Suite("Long sections with few changes: the row path's sparse plan shows what the binder path shows")
struct LongSectionTests {
  typealias State = [ListSection<DeclaredRow>]

  /// The changes ``next(_:_:nextID:duplicates:)`` makes to a section, by weight (a change that needs a row, drawn
  /// for an empty section, inserts one instead).
  enum Change { case update, delete, moveWithin, moveAcross, insert }

  static let changes = WeightedChoice<Change>([
    ("update a row", weight: 1, .update),
    ("delete a row", weight: 1, .delete),
    ("move a row within its section", weight: 1, .moveWithin),
    ("move a row to another section", weight: 1, .moveAcross),
    ("insert a row (a repeated identity, sometimes)", weight: 1, .insert),
  ])

  /// A few updates, deletes, inserts (of a repeated identity, sometimes) and moves within and across sections.
  static func next(_ state: State, _ random: inout SeededRandom, nextID: inout Int, duplicates: Bool) -> State {
    var state = state
    for _ in 0..<Int(random.next() % 12) {
      let section = Int(random.next() % UInt64(state.count))
      var rows = state[section].items
      switch changes.pick(using: &random).value {
      case .update where !rows.isEmpty:
        rows[Int(random.next() % UInt64(rows.count))].version += 1
      case .delete where !rows.isEmpty:
        rows.remove(at: Int(random.next() % UInt64(rows.count)))
      case .moveWithin where !rows.isEmpty:
        let row = rows.remove(at: Int(random.next() % UInt64(rows.count)))
        rows.insert(row, at: Int(random.next() % UInt64(rows.count + 1)))
      case .moveAcross where !rows.isEmpty:
        let row = rows.remove(at: Int(random.next() % UInt64(rows.count)))
        let other = Int(random.next() % UInt64(state.count))
        if other == section {
          rows.append(row)
        } else {
          state[other].items.insert(row, at: Int(random.next() % UInt64(state[other].items.count + 1)))
        }
      default:
        let id: Int
        if duplicates, random.next() % 3 == 0 {
          id = 1 + Int(random.next() % UInt64(nextID))
        } else {
          nextID += 1
          id = nextID
        }
        rows.insert(DeclaredRow(id: id, version: 0, label: "n"), at: Int(random.next() % UInt64(rows.count + 1)))
      }
      state[section].items = rows
    }
    return state
  }

  @Test(
    "random sequences (30 deep, 1 quick) over 2 sections of 600 rows, with and without repeated identities: the same lines as the binder path, and the same batches when identities are unique",
    .timeLimit(.minutes(60)), arguments: [false, true])
  func sameBatchesAsTheBinderPath(duplicates: Bool) async throws {
    for seed in DeepPass.seeds(quick: 1, deep: 30) {
      var random = SeededRandom(seed: seed)
      var nextID = 0
      var state: State = (0..<2).map { section in
        ListSection(
          id: section,
          items: (0..<600).map { _ in
            nextID += 1
            return DeclaredRow(id: nextID, version: 0, label: "r")
          })
      }
      let paths = try RowsBesideBinders()
      let (rowsView, bindersView) = (paths.rowsView, paths.bindersView)
      for step in 0..<12 {
        await paths.apply(state)
        let context = "seed \(seed), state \(step)"
        #expect(rowsView.renderedLines == ListRendering.lines(of: RowsBesideBinders.binders(state)), "\(context)")
        #expect(rowsView.inconsistencies.isEmpty, "\(context)")
        #expect(rowsView.renderedLines == bindersView.renderedLines, "\(context)")
        // With repeated identities the row path pairs occurrences in order inside the sections that changed (a
        // section whose rows are the very array shown keeps its rows), so its batches may pair them differently.
        if !duplicates {
          #expect(
            rowsView.updates.map(UpdateRecord.init) == bindersView.updates.map(UpdateRecord.init), "\(context)")
        }
        if !paths.showSameLines { return }
        state = Self.next(state, &random, nextID: &nextID, duplicates: duplicates)
      }
    }
  }
}
