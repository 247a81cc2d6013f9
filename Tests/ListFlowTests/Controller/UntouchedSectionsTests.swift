import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// States that change a few sections and keep the other sections' row arrays as they were (the same storage):
/// the row path diffs the changed sections alone, and must show exactly what the binder path shows, stage for
/// stage when no identity repeats.
@MainActor
@Suite("Untouched sections: shared row arrays cost nothing and change nothing in the result")
struct UntouchedSectionsTests {
  typealias State = [ListSection<DeclaredRow>]

  /// The changes ``next(_:_:nextID:duplicates:)`` makes to a touched section, by weight (a change that needs a
  /// row, drawn for an empty section, inserts one instead).
  enum Change { case update, delete, moveWithin, giveToAnother, changeHeader, insert }

  static let changes = WeightedChoice<Change>([
    ("update a row", weight: 1, .update),
    ("delete a row", weight: 1, .delete),
    ("move a row within its section", weight: 1, .moveWithin),
    ("give a row to another touched section", weight: 1, .giveToAnother),
    ("change the section's header", weight: 1, .changeHeader),
    ("insert a row (a repeated identity, sometimes)", weight: 1, .insert),
  ])

  /// The next state: one to three sections get new row arrays (updates, deletes, inserts, moves, rows taken
  /// from or given to another changed section, a header change); the others keep their arrays; one section in
  /// three states moves.
  static func next(_ state: State, _ random: inout SeededRandom, nextID: inout Int, duplicates: Bool) -> State {
    var state = state
    let touched = (0..<Int(1 + random.next() % 3)).map { _ in Int(random.next() % UInt64(state.count)) }
    for index in touched {
      var rows = state[index].items
      for _ in 0..<Int(1 + random.next() % 4) {
        switch changes.pick(using: &random).value {
        case .update where !rows.isEmpty:
          let position = Int(random.next() % UInt64(rows.count))
          rows[position].version += 1
        case .delete where !rows.isEmpty:
          rows.remove(at: Int(random.next() % UInt64(rows.count)))
        case .moveWithin where !rows.isEmpty:
          let row = rows.remove(at: Int(random.next() % UInt64(rows.count)))
          rows.insert(row, at: Int(random.next() % UInt64(rows.count + 1)))
        case .giveToAnother where !rows.isEmpty && touched.count > 1:
          // Give a row to another touched section: a move across sections.
          let row = rows.remove(at: Int(random.next() % UInt64(rows.count)))
          let other = touched.first { $0 != index } ?? index
          if other == index {
            rows.append(row)
          } else {
            state[other].items.insert(row, at: Int(random.next() % UInt64(state[other].items.count + 1)))
          }
        case .changeHeader:
          state[index].header = DeclaredRow(
            id: index, version: Int(random.next() % 3), label: "S\(index)", kind: .header)
        default:
          let id =
            duplicates && random.next() % 3 == 0
            ? Int(random.next() % 5)
            : {
              nextID += 1; return nextID
            }()
          rows.insert(DeclaredRow(id: id, version: 0, label: "n"), at: Int(random.next() % UInt64(rows.count + 1)))
        }
      }
      state[index].items = rows
    }
    // Sometimes a section, touched or not, moves elsewhere.
    if random.next() % 3 == 0 {
      let moved = state.remove(at: Int(random.next() % UInt64(state.count)))
      state.insert(moved, at: Int(random.next() % UInt64(state.count + 1)))
    }
    return state
  }

  static func initial(_ nextID: inout Int) -> State {
    (0..<8).map { section in
      ListSection(
        id: section, header: DeclaredRow(id: section, version: 0, label: "S\(section)", kind: .header),
        items: (0..<6).map { _ in
          nextID += 1
          return DeclaredRow(id: nextID, version: 0, label: "r")
        })
    }
  }

  @Test(
    "random sequences, with and without repeated identities: the same lines as the binder path, stage for stage when identities are unique",
    .timeLimit(.minutes(60)), arguments: [false, true])
  func sameViewsAsTheFullPath(duplicates: Bool) async throws {
    for seed in DeepPass.seeds(quick: 6, deep: 200) {
      var random = SeededRandom(seed: seed)
      var nextID = 100
      var state = Self.initial(&nextID)
      let paths = try RowsBesideBinders()
      let (rowsView, bindersView) = (paths.rowsView, paths.bindersView)
      for step in 0..<10 {
        await paths.apply(state)
        #expect(
          rowsView.renderedLines == ListRendering.lines(of: RowsBesideBinders.binders(state)),
          "seed \(seed), state \(step)")
        #expect(rowsView.renderedLines == bindersView.renderedLines, "seed \(seed), state \(step)")
        #expect(rowsView.inconsistencies.isEmpty, "seed \(seed), state \(step)")
        if !duplicates {
          #expect(
            rowsView.updates.map(UpdateRecord.Positions.init) == bindersView.updates.map(UpdateRecord.Positions.init),
            "seed \(seed), state \(step)")
        }
        if !paths.showSameLines { return }
        state = Self.next(state, &random, nextID: &nextID, duplicates: duplicates)
      }
    }
  }
}
