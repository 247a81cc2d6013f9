import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases: the user moves rows in the view, and the ``SyncDelegate/didMoveRow`` closure makes calls in a
/// random order: scrolls by identity and by position, explicit updates, and new lists of the feed. The engine
/// queues every call made while the feed takes the move and makes them in the order they were made, as it does
/// for calls made while a change is applied: a plain model of the rows says where each scroll lands (or which
/// error is reported) and that an explicit update finds its row, in the list shown when the call gets its turn.
@MainActor
@Suite struct MoveCallbackOrderPropertyTests {
  /// A call the closure makes.
  enum Call: Sendable { case scrollByIdentity, scrollByPath, newList, reconfigure }

  static let calls = WeightedChoice<Call>([
    ("scrollToRow(withIdentity:)", weight: 3, .scrollByIdentity),
    ("scrollToRow(at:)", weight: 1, .scrollByPath),
    ("a new list of the feed", weight: 3, .newList),
    ("reconfigureRows", weight: 1, .reconfigure),
  ])

  /// What a step does.
  enum Step: Sendable { case move, newList }

  static let steps = WeightedChoice<Step>([
    ("the user moves a row", weight: 3, .move),
    ("a new list of the feed", weight: 1, .newList),
  ])

  static func snapshot(_ rows: [[Int]]) -> [ListSectionSnapshot] {
    rows.enumerated().map { section, ids in
      ListSection(id: section, items: ids.map { TestRow(id: $0, version: 0, isAlternate: false).cellBinder }).snapshot
    }
  }

  /// The rows after a random change: a row deleted, a row put in, or two rows swapped.
  static func changed(_ rows: [[Int]], _ random: inout SeededRandom) -> [[Int]] {
    var rows = rows
    let all = rows.flatMap { $0 }
    let section = random.below(rows.count)
    switch random.below(3) {
    case 0 where !rows[section].isEmpty:
      rows[section].remove(at: random.below(rows[section].count))
    case 1 where rows[section].count > 1:
      rows[section].swapAt(0, rows[section].count - 1)
    default:
      guard let id = (0..<12).first(where: { !all.contains($0) }) else { break }
      rows[section].insert(id, at: random.below(rows[section].count + 1))
    }
    return rows
  }

  static func run(seed: UInt64, steps stepCount: Int) throws -> String? {
    @MainActor final class Run {
      var random: SeededRandom
      var rows: [[Int]] = []
      var expected: [ScrollOutcome] = []
      var actual: [ScrollOutcome] = []
      var heard = 0
      var actions: [String] = []
      init(seed: UInt64) { random = SeededRandom(seed: seed) }
    }
    let run = Run(seed: seed)
    run.rows = [(0..<4).map { $0 }, (4..<7).map { $0 }]
    let feed = SectionsFeed(sections: snapshot(run.rows))
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: feed)
    func hear() {
      run.actual += view.scrollRequests[run.heard...].map { .scroll($0) }
      run.heard = view.scrollRequests.count
    }
    engine.delegate.canMoveRow = { _, _ in true }
    engine.delegate.didFail = { error in
      hear()
      run.actual.append(.failure(error))
    }
    engine.delegate.didMoveRow = { _, _ in
      for _ in 0..<(1 + run.random.below(3)) {
        let call = calls.pick(using: &run.random)
        run.actions.append("didMoveRow: \(call.name)")
        let all = run.rows.flatMap { $0 }
        switch call.value {
        case .scrollByIdentity:
          let id = run.random.below(12)
          if let section = run.rows.firstIndex(where: { $0.contains(id) }) {
            let item = run.rows[section].firstIndex(of: id) ?? 0
            run.expected.append(.scroll(.init(path: ItemPath(item: item, section: section), alignment: .top)))
          } else {
            run.expected.append(.failure(.rowNotFound(ListIdentifier(id))))
          }
          try? engine.scrollToRow(withIdentity: ListIdentifier(id), alignment: .top)
        case .scrollByPath:
          let section = run.random.below(run.rows.count)
          let item = run.random.below(run.rows[section].count + 1)
          let path = ItemPath(item: item, section: section)
          run.expected.append(
            item < run.rows[section].count
              ? .scroll(.init(path: path, alignment: .center))
              : .failure(.rowOutOfRange(path: path, rowCount: run.rows[section].count)))
          try? engine.scrollToRow(at: path, alignment: .center)
        case .newList:
          run.rows = changed(run.rows, &run.random)
          feed.update(to: snapshot(run.rows))
        case .reconfigure:
          guard let id = all.randomElement(using: &run.random) else { continue }
          // The row is there when the update gets its turn: no error.
          engine.reconfigureRows([ListIdentifier(id)])
        }
      }
    }
    for _ in 0..<stepCount {
      let step = steps.pick(using: &run.random)
      run.actions.append(step.name)
      run.expected = []
      run.actual = []
      switch step.value {
      case .move:
        let sources = run.rows.indices.flatMap { section in
          run.rows[section].indices.map { ItemPath(item: $0, section: section) }
        }
        guard let source = sources.randomElement(using: &run.random) else { continue }
        let section = run.random.below(run.rows.count)
        let room = run.rows[section].count - (section == source.section ? 1 : 0)
        let target = ItemPath(item: run.random.below(room + 1), section: section)
        let id = run.rows[source.section].remove(at: source.item)
        run.rows[target.section].insert(id, at: target.item)
        try view.moveRow(Move(source: source, target: target))
      case .newList:
        run.rows = changed(run.rows, &run.random)
        feed.update(to: snapshot(run.rows))
      }
      hear()
      let shown = engine.snapshot.map { section in section.elements.map { ($0.model as? TestRow)?.id ?? -1 } }
      if run.actual != run.expected || shown != run.rows || !view.inconsistencies.isEmpty {
        return "seed \(seed): expected \(run.expected), got \(run.actual); shows \(shown), model \(run.rows), "
          + "inconsistencies \(view.inconsistencies); after \(run.actions)"
      }
    }
    withExtendedLifetime(engine) {}
    return nil
  }

  @Test("calls made while the feed takes a user's move are made in order")
  func callsKeepTheirOrder() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 40, deep: 400) {
      if let failure = try Self.run(seed: seed, steps: DeepPass.cases(quick: 20, deep: 40)) { failures.append(failure) }
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(2))")
  }
}
