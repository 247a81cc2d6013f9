import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Random interleavings of ``ListController/apply(_:)`` calls (some of their tasks cancelled), told edits and rows
/// the user moved, on both controller paths, with diffs on and off the main actor: states are shown in the order
/// they were applied, none twice, a caller returns only once its state or a newer one is shown, the list ends on
/// the last state, and every state given is counted once in the controller's ``ListController/Statistics``.
@MainActor
@Suite("Apply interleavings: states in order, none lost, none twice, the last one shown")
struct ApplyInterleavingPropertyTests {
  /// A state that carries its number, so that the order of the states shown can be read back.
  struct Stamped: Sendable {
    var number: Int
    var sections: [ListSection<DeclaredRow>]
  }

  /// What the tasks of the applies saw.
  @MainActor
  final class Calls {
    /// The apply calls that returned in a task not cancelled: the state given, and the state shown then.
    var returns: [(given: Int, shown: Int?)] = []
    /// The states refused (an identity twice, under `.reject`).
    var refused: Set<Int> = []
    /// The numbers of the states, in the order their apply calls were made (a task makes it when it starts).
    var submitted: [Int] = []

    /// The place of a state's apply call among the calls.
    func rank(_ number: Int?) -> Int { number.flatMap { submitted.firstIndex(of: $0) } ?? -1 }
  }

  enum Step { case apply, cancel, edit, move, yield }

  static let steps = WeightedChoice<Step>([
    ("apply a state in a new task", weight: 6, .apply),
    ("cancel the task of an apply", weight: 2, .cancel),
    ("a told edit of the list shown", weight: 2, .edit),
    ("the user moves a row", weight: 1, .move),
    ("yield to the other tasks", weight: 4, .yield),
  ])

  @Sendable
  nonisolated static func cell(_ row: DeclaredRow) -> CellBinder {
    CellBinder(cell: TextCell.self, model: row, content: row, id: ListIdentifier(row.id)) { $0.title = row.text }
  }

  static func header(_ id: Int) -> DeclaredRow { DeclaredRow(id: id, version: 0, label: "S\(id)", kind: .header) }

  /// Random sections with distinct identities.
  /// Random sections with distinct identities, or with a row identity twice when `repeats`.
  static func state(_ number: Int, _ random: inout SeededRandom, repeats: Bool = false) -> Stamped {
    var rowIDs = Array(0..<12)
    rowIDs.shuffle(using: &random)
    var next = 0
    var sections: [ListSection<DeclaredRow>] = (0..<1 + random.below(3)).map { id in
      let count = min(random.below(5), rowIDs.count - next)
      defer { next += count }
      let rows = rowIDs[next..<next + count].map { DeclaredRow(id: $0, version: random.below(3), label: "s\(number)") }
      return ListSection(id: id, header: header(id), items: rows)
    }
    if repeats {
      let id = next > 0 ? rowIDs[random.below(next)] : 0
      let section = random.below(sections.count)
      sections[section].items.insert(
        DeclaredRow(id: id, version: 0, label: "again"), at: random.below(sections[section].items.count + 1))
      if next == 0 { sections[section].items.append(DeclaredRow(id: id, version: 1, label: "again")) }
    }
    return Stamped(number: number, sections: sections)
  }

  enum EditKind { case delete, insert, update, move }

  static let edits = WeightedChoice<EditKind>([
    ("delete a row", weight: 1, .delete),
    ("insert a row before another", weight: 1, .insert),
    ("update a row", weight: 1, .update),
    ("move a row before another", weight: 1, .move),
  ])

  /// A random told edit of the list shown: a row deleted, inserted, updated or moved (none when the list has too
  /// few rows for it).
  static func edit(_ edit: inout ListEdit, _ random: inout SeededRandom, serial: Int) throws(ListFlowError) {
    let ids = edit.rowIdentifiers
    guard !ids.isEmpty else { return }
    let id = ids[random.below(ids.count)]
    switch edits.pick(using: &random).value {
    case .delete:
      try edit.deleteRows([id])
    case .insert:
      try edit.insertRows([cell(DeclaredRow(id: 100 + serial, version: 0, label: "edit"))], before: id)
    case .update:
      guard let number = id.value(as: Int.self) else { return }
      try edit.updateRows([cell(DeclaredRow(id: number, version: 9, label: "edit"))])
    case .move:
      let other = ids[random.below(ids.count)]
      if other != id { try edit.moveRow(id, before: other) }
    }
  }

  @Test("random applies, cancellations, edits and moves: ordered, none twice, none lost, the last shown")
  func interleavings() async throws {
    var failures: [String] = []
    var failingSeeds = 0
    for seed in DeepPass.seeds(quick: 40, deep: 1500) {
      var random = SeededRandom(seed: seed)
      let threshold = [0, 4, 20_000][random.below(3)]
      let rejects = random.oneIn(3)
      let configuration = ListControllerConfiguration(
        duplicates: rejects ? .reject : .matchInOrder, backgroundDiffThreshold: threshold)
      let usesRows = random.oneIn(2)
      let controller =
        usesRows
        ? ListController<Stamped>(configuration: configuration, rows: { $0.sections }, cell: Self.cell)
        : ListController<Stamped>(configuration: configuration) { $0.sections.map { $0.map(Self.cell) } }
      let view = RecordingListView()
      var delegate = SyncDelegate()
      delegate.canMoveRow = { _, _ in true }
      let engine = try ListEngine(
        view: view, showing: controller, delegate: delegate, reloadThreshold: random.oneIn(4) ? 0 : .max)
      var problems: [String] = []
      let late = Calls()
      // The numbers of the states shown, in the order they were shown (a change of an edit or a move is not one).
      // The engine's delegate hears of every change shown; a controller's own delegate never does.
      var shownNumbers: [Int] = []
      var appliedStates = 0
      engine.delegate.didApply = { _ in
        guard controller.statistics.appliedStates != appliedStates, let number = controller.state?.number else {
          return
        }
        appliedStates = controller.statistics.appliedStates
        shownNumbers.append(number)
      }
      var tasks: [(number: Int, task: Task<Void, Never>)] = []
      var log: [String] = []
      var states = 0
      for serial in 0..<24 {
        switch Self.steps.pick(using: &random).value {
        case .apply:
          // Under `.reject`, a state that repeats an identity is refused, and its caller returns all the same.
          let isRefused = rejects && random.oneIn(4)
          let state = Self.state(states, &random, repeats: isRefused)
          states += 1
          let reloading = random.oneIn(6)
          let animated = random.oneIn(2)
          log.append("apply #\(state.number)\(reloading ? " reloading" : "")\(isRefused ? " (refused)" : "")")
          let task = Task {
            late.submitted.append(state.number)
            await controller.apply(state, reloading: reloading, animated: animated)
            if Task.isCancelled || isRefused { return }
            late.returns.append((state.number, controller.state?.number))
          }
          if isRefused { late.refused.insert(state.number) }
          tasks.append((state.number, task))
        case .cancel:
          guard !tasks.isEmpty else { continue }
          let index = random.below(tasks.count)
          log.append("cancel #\(tasks[index].number)")
          tasks[index].task.cancel()
        case .edit:
          log.append("edit")
          try? controller.performEdits(animated: random.oneIn(2)) { edit throws(ListFlowError) in
            try Self.edit(&edit, &random, serial: serial)
          }
        case .move:
          let rows = view.visibleRows
          guard rows.count > 1 else { continue }
          let source = rows[random.below(rows.count)]
          var target = rows[random.below(rows.count)]
          if target.section != source.section {
            target.item = min(target.item, view.sections[target.section].rows.count)
          } else {
            target.item = min(target.item, view.sections[target.section].rows.count - 1)
          }
          log.append("move \(source) -> \(target)")
          try? view.moveRow(Move(source: source, target: target))
        case .yield:
          let count = 1 + random.below(6)
          log.append("yield \(count)")
          for _ in 0..<count { await Task.yield() }
        }
        let shown = ListRendering.lines(of: controller.snapshot)
        if view.renderedLines != shown, problems.isEmpty {
          problems.append("after step \(serial) the view shows \(view.renderedLines), the controller \(shown)")
        }
      }
      let last = Self.state(states, &random)
      log.append("apply #\(last.number) (awaited, once every task made its call)")
      if !(await yieldUntil { late.submitted.count == tasks.count }) { problems.append("a task never started") }
      late.submitted.append(last.number)
      await controller.apply(last)
      for entry in tasks { await entry.task.value }

      // A caller returns once its state or a newer one is shown, unless a newer one that superseded it was refused.
      for (given, shown) in late.returns where late.rank(shown) < late.rank(given) {
        if !late.refused.contains(where: { late.rank($0) > late.rank(given) }) {
          problems.append("apply #\(given) returned while #\(shown ?? -1) is shown")
        }
      }
      if shownNumbers.isEmpty { problems.append("no state shown was heard of") }
      let ranks = shownNumbers.map(late.rank)
      if ranks != ranks.sorted() || Set(ranks).count != ranks.count {
        problems.append("states shown in the order \(shownNumbers), applied in the order \(late.submitted)")
      }
      if controller.state?.number != last.number {
        problems.append("the list ends on #\(controller.state?.number ?? -1), not #\(last.number)")
      }
      let expected = ListRendering.lines(of: last.sections.map { $0.map(Self.cell) })
      if view.renderedLines != expected { problems.append("shows \(view.renderedLines), expected \(expected)") }
      if controller.isApplying || controller.hasPendingState { problems.append("the queue is not idle") }
      // Every state given is counted once: shown, superseded by a newer one, or dropped after a cancellation.
      let counted =
        controller.statistics.appliedStates + controller.statistics.supersededStates
        + controller.statistics.cancelledStates + controller.statistics.rejectedStates
      if counted != late.submitted.count {
        problems.append("\(late.submitted.count) states given, \(counted) counted: \(controller.statistics)")
      }
      problems += view.inconsistencies
      if !problems.isEmpty {
        failingSeeds += 1
        if failures.count < 3 {
          failures.append(
            "seed \(seed) (\(usesRows ? "rows" : "binders"), threshold \(threshold)\(rejects ? ", .reject" : "")): "
              + problems.joined(separator: "; ") + "\n  " + log.joined(separator: "\n  "))
        }
      }
      withExtendedLifetime(engine) {}
    }
    #expect(failingSeeds == 0, "\(failingSeeds) seeds failed; the first:\n\(failures.joined(separator: "\n\n"))")
  }
}
