import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases: a filter over titled lines (matched by their titles, with no binder made) that told edits
/// change (``ListEdit``: rows inserted as binders, updated, deleted and moved), states replace and queries typed,
/// extended and erased filter. A told edit leaves its list one piece reading through a tree of pieces, whose runs
/// of titled lines keep being matched by their titles and whose binders by their text; after each step the view
/// shows the rows a plain model of the titles says match the query, below 1,000 rows and from 1,000 rows.
@MainActor
@Suite struct TitledEditsFilterPropertyTests {
  typealias State = TitledLinesFilter.State

  enum Step {
    case edit
    case state
    case query
  }

  /// The steps a case takes, by weight.
  static let steps = WeightedChoice<Step>([
    ("told edits", weight: 4, .edit),
    ("a new state", weight: 1, .state),
    ("a query typed, extended or erased", weight: 3, .query),
  ])

  enum Edit {
    case insert
    case update
    case delete
    case move
  }

  /// The edits one told edit makes, by weight.
  static let edits = WeightedChoice<Edit>([
    ("rows inserted as binders", weight: 1, .insert),
    ("a row updated: a new title", weight: 1, .update),
    ("a row deleted", weight: 1, .delete),
    ("a row moved", weight: 1, .move),
  ])

  /// The letters of the lines' texts and of the queries.
  static let letters = Array("abcde")

  /// The binder an app tells an edit for `line`: the row as the controller's `cell` makes it.
  static func binder(_ line: TitledLine) -> CellBinder {
    CellBinder(cell: TextCell.self, value: line.title ?? "", id: ListIdentifier(line.id)) { cell, text in
      cell.title = text
    }
  }

  @Test("told edits, states and queries: the filter shows the titled lines whose titles match", arguments: [60, 1_200])
  func toldEditsUnderQueries(rows size: Int) async throws {
    for seed in DeepPass.seeds(quick: 2, deep: 25) {
      var random = SeededRandom(seed: seed &* 31 &+ UInt64(size))
      let filter = try TitledLinesFilter()
      var nextID = 0
      func line() -> TitledLine {
        nextID += 1
        return TitledLine(
          id: nextID, text: String((0..<1 + random.below(5)).map { _ in Self.letters[random.below(5)] }))
      }
      var state: State = (0..<1 + random.below(2)).map { section in
        ListSection(id: ListIdentifier(section), items: (0..<size / 2 + random.below(size)).map { _ in line() })
      }
      await filter.controller.apply(state)
      var query = ""
      for step in 0..<20 {
        let context = "seed \(seed), \(size) rows, step \(step), query \(query.debugDescription)"
        switch Self.steps.pick(using: &random).value {
        case .edit:
          try filter.controller.performEdits { edit in
            for _ in 0..<1 + random.below(12) {
              let section = random.below(state.count)
              let count = state[section].items.count
              switch Self.edits.pick(using: &random).value {
              case .insert:
                let new = (0..<1 + random.below(3)).map { _ in line() }
                let at = random.below(count + 1)
                try edit.insertRows(new.map(Self.binder), at: ItemPath(item: at, section: section))
                state[section].items.insert(contentsOf: new, at: at)
              case .update where count > 0:
                let at = random.below(count)
                state[section].items[at].text = String(Self.letters[random.below(5)])
                try edit.updateRows([Self.binder(state[section].items[at])])
              case .delete where count > 0:
                let at = random.below(count)
                try edit.deleteRows([ListIdentifier(state[section].items[at].id)])
                state[section].items.remove(at: at)
              case .update, .delete: continue
              case .move:
                guard count > 1 else { continue }
                let from = random.below(count)
                let moved = state[section].items.remove(at: from)
                let to = random.below(count)
                try edit.moveRow(ListIdentifier(moved.id), to: ItemPath(item: to, section: section))
                state[section].items.insert(moved, at: to)
              }
            }
          }
        case .state:
          for section in state.indices {
            state[section].items.removeFirst(random.below(min(20, state[section].items.count) + 1))
            state[section].items += (0..<random.below(20)).map { _ in line() }
          }
          await filter.controller.apply(state)
        case .query:
          if !query.isEmpty && random.oneIn(3) {
            query.removeLast()
          } else if query.count < 3 {
            query.append(Self.letters[random.below(5)])
          } else {
            query = String(Self.letters[random.below(5)])
          }
          filter.feed.query = query
        }
        await Task.yield()
        #expect(filter.shown == TitledLinesFilter.expected(state, query: query), "\(context)")
        #expect(filter.view.inconsistencies.isEmpty, "\(context): \(filter.view.inconsistencies)")
        #expect(filter.engine.lastError == nil, "\(context)")
      }
    }
  }
}
