import ListFlow
import ListFlowTesting
import Synchronization
import TestSupport
import Testing

/// States that insert, delete, move and change a few of many sections, the others the very row arrays shown (as an app
/// that keeps a long list in chunks makes them): the row path diffs the sections that changed alone, and shows
/// what the binder path shows, batch for batch.
@MainActor
@Suite(
  "Sections inserted, deleted, moved and changed among untouched ones: diffed alone, batch for batch",
  .serialized)
struct SectionChangeTests {
  typealias State = [ListSection<DeclaredRow>]

  /// What a step does to one section of the state.
  enum Change { case insertSection, deleteSection, editRows, header, moveAcross, moveSection }

  static let changes = WeightedChoice<Change>([
    ("insert a section", weight: 2, .insertSection),
    ("delete a section", weight: 2, .deleteSection),
    ("insert, delete, update or move rows of a section", weight: 2, .editRows),
    ("add, change or remove a header", weight: 1, .header),
    ("move a row to another section", weight: 1, .moveAcross),
    ("move a section, touched or not", weight: 1, .moveSection),
  ])

  /// A few changes to a few sections; every other section keeps its array.
  static func next(_ state: State, _ random: inout SeededRandom, numbers: inout NumberedSections) -> State {
    var state = state
    func newRow() -> DeclaredRow { DeclaredRow(id: numbers.nextRow(), version: 0, label: "n") }
    for _ in 0..<(1 + random.below(3)) {
      let change = changes.pick(using: &random).value
      if state.isEmpty || change == .insertSection {
        let section = numbers.section(rows: random.below(6)) { DeclaredRow(id: $0, version: 0, label: "n") }
        state.insert(section, at: random.below(state.count + 1))
        continue
      }
      let section = random.below(state.count)
      switch change {
      case .insertSection: break
      case .deleteSection:
        state.remove(at: section)
      case .editRows:
        var rows = state[section].items
        for _ in 0..<(1 + random.below(3)) {
          switch random.below(4) {
          case 0: rows.insert(newRow(), at: random.below(rows.count + 1))
          case 1 where !rows.isEmpty: rows.remove(at: random.below(rows.count))
          case 2 where !rows.isEmpty: rows[random.below(rows.count)].version += 1
          case 3 where rows.count > 1:
            rows.insert(rows.remove(at: random.below(rows.count)), at: random.below(rows.count))
          default: rows.append(newRow())
          }
        }
        state[section].items = rows
      case .header:
        // A section's header keeps one identity (its section's), as a header declared by the section does.
        let id = -1 - (state[section].id.value(as: Int.self) ?? 0)
        state[section].header =
          state[section].header == nil || random.oneIn(3)
          ? DeclaredRow(id: id, version: random.below(3), label: "H", kind: .header) : nil
      case .moveAcross:
        guard !state[section].items.isEmpty else { continue }
        let row = state[section].items.remove(at: random.below(state[section].items.count))
        let other = random.below(state.count)
        state[other].items.insert(row, at: random.below(state[other].items.count + 1))
      case .moveSection:
        let moved = state.remove(at: section)
        state.insert(moved, at: random.below(state.count + 1))
      }
    }
    return state
  }

  @Test("random changes to a few of 24 sections: the same lines and batches as the binder path")
  func sameBatchesAsTheBinderPath() async throws {
    for seed in DeepPass.seeds(quick: 1, deep: 60) {
      var random = SeededRandom(seed: seed)
      var numbers = NumberedSections()
      var state: State = (0..<24).map { _ in
        numbers.section(rows: random.below(30)) { DeclaredRow(id: $0, version: 0, label: "r") }
      }
      let paths = try RowsBesideBinders()
      for step in 0..<20 {
        await paths.apply(state)
        let context = "seed \(seed), state \(step)"
        #expect(
          paths.rowsView.renderedLines == ListRendering.lines(of: RowsBesideBinders.binders(state)), "\(context)")
        #expect(paths.rowsView.inconsistencies.isEmpty, "\(context): \(paths.rowsView.inconsistencies)")
        #expect(
          paths.rowsView.updates.map(UpdateRecord.init) == paths.bindersView.updates.map(UpdateRecord.init),
          "\(context)")
        if !paths.showSameLines { return }
        state = Self.next(state, &random, numbers: &numbers)
      }
    }
  }

  /// What the row path read of the rows: identities and contents (one count for the suite, whose tests run one
  /// at a time).
  nonisolated static let reads = Mutex(0)

  /// A row that counts the reads of its identity and content.
  struct CountedRow: Sendable, Differentiable {
    var id: Int
    var version: Int

    var differenceIdentifier: Int {
      SectionChangeTests.reads.withLock { $0 += 1 }
      return id
    }

    func isContentEqual(to source: CountedRow) -> Bool {
      SectionChangeTests.reads.withLock { $0 += 1 }
      return version == source.version
    }
  }

  @Test(
    "a state that inserts, deletes, moves and changes a few of 200 sections of 500 rows reads the rows of those alone"
  )
  func costFollowsTheSectionsChanged() async throws {
    for seed in DeepPass.seeds(quick: 2, deep: 10) {
      var random = SeededRandom(seed: seed)
      let controller = ListController<[ListSection<CountedRow>]>(rows: { $0 }) { row in
        CellBinder(cell: TextCell.self, value: "r\(row.id) v\(row.version)", id: ListIdentifier(row.id)) {
          $0.title = $1
        }
      }
      let view = ViewportListView(rowCount: 20)
      let engine = try ListEngine(view: view, showing: controller)
      var numbers = NumberedSections()
      func newSection(rows: Int) -> ListSection<CountedRow> {
        numbers.section(rows: rows) { CountedRow(id: $0, version: 0) }
      }
      var state = (0..<200).map { _ in newSection(rows: 500) }
      await controller.apply(state)
      for step in 0..<10 {
        // A new section at the end, the first one gone, one row of another changed: an append-only log in chunks.
        var touched = state[0].items.count
        state.removeFirst()
        let new = newSection(rows: random.below(50))
        touched += new.items.count
        state.append(new)
        let changed = random.below(state.count)
        if !state[changed].items.isEmpty {
          state[changed].items[random.below(state[changed].items.count)].version += 1
          touched += 2 * state[changed].items.count
        }
        // A section moves (at times the changed one): a move reads no row.
        let moved = state.remove(at: random.below(state.count))
        state.insert(moved, at: random.below(state.count + 1))
        Self.reads.withLock { $0 = 0 }
        await controller.apply(state)
        let reads = Self.reads.withLock { $0 }
        let context = "seed \(seed), state \(step)"
        #expect(reads <= 4 * touched + 64, "\(context): \(reads) reads for \(touched) rows touched")
        #expect(engine.snapshot.map(\.model.id) == state.map(\.id), "\(context)")
        #expect(engine.snapshot.reduce(0) { $0 + $1.elements.count } == state.reduce(0) { $0 + $1.items.count })
        #expect(engine.lastError == nil, "\(context)")
      }
    }
  }

  /// The reads of `states` states that change every small section beside one long untouched section of `rows`
  /// rows: inserted, deleted and updated rows, small sections inserted, deleted and moved.
  static func mostSectionsChangedReads(rows: Int, seed: UInt64) async -> Int {
    var random = SeededRandom(seed: seed)
    let controller = ListController<[ListSection<CountedRow>]>(rows: { $0 }) { row in
      CellBinder(cell: TextCell.self, value: "r\(row.id) v\(row.version)", id: ListIdentifier(row.id)) {
        $0.title = $1
      }
    }
    let view = ViewportListView(rowCount: 20)
    guard let engine = try? ListEngine(view: view, showing: controller) else { return -1 }
    var numbers = NumberedSections()
    var state = [numbers.section(rows: rows) { CountedRow(id: $0, version: 0) }]
    for _ in 0..<(1 + random.below(4)) {
      state.insert(numbers.section(rows: random.below(8)) { CountedRow(id: $0, version: 0) }, at: random.below(2))
    }
    await controller.apply(state)
    let long = state.first { $0.items.count == rows }?.id
    var total = 0
    for _ in 0..<10 {
      // Every small section changes; now and then one is inserted, deleted or moved.
      for index in state.indices where state[index].id != long {
        var items = state[index].items
        switch random.below(3) {
        case 0: items.insert(CountedRow(id: numbers.nextRow(), version: 0), at: random.below(items.count + 1))
        case 1 where !items.isEmpty: items.remove(at: random.below(items.count))
        default:
          if items.isEmpty {
            items.append(CountedRow(id: numbers.nextRow(), version: 0))
          } else {
            items[random.below(items.count)].version += 1
          }
        }
        state[index].items = items
      }
      switch random.below(4) {
      case 0: state.insert(numbers.section(rows: random.below(5)) { CountedRow(id: $0, version: 0) }, at: 0)
      case 1 where state.count > 2:
        if let small = state.indices.last(where: { state[$0].id != long }) { state.remove(at: small) }
      case 2: state.append(state.removeFirst())
      default: break
      }
      Self.reads.withLock { $0 = 0 }
      await controller.apply(state)
      total += Self.reads.withLock { $0 }
      #expect(engine.snapshot.map(\.model.id) == state.map(\.id), "seed \(seed)")
      #expect(engine.lastError == nil, "seed \(seed)")
    }
    return total
  }

  @Test("a state that changes every section but one long one reads as many rows at 10,000 rows as at 100,000")
  func mostSectionsChangedCostTheirRows() async throws {
    for seed in DeepPass.seeds(quick: 4, deep: 20) {
      let small = await Self.mostSectionsChangedReads(rows: 10_000, seed: seed)
      let large = await Self.mostSectionsChangedReads(rows: 100_000, seed: seed)
      #expect(small == large, "seed \(seed): \(small) reads at 10,000 rows, \(large) at 100,000")
      // The small sections' rows, read a few times each: the long section is not read.
      #expect(large < 2_000, "seed \(seed): \(large) reads")
    }
  }
}
