import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlow

/// Reconfiguring or reloading rows by identity costs the rows named, not the list: counted in reads of the rows'
/// identities, at two list lengths, over random requests (through the engine or a told edit, some naming rows
/// the list does not have) between states and told edits.
@MainActor
@Suite(.serialized) struct ExplicitUpdateCostTests {
  typealias Row = FilterChangeCostTests.TitledRow

  /// What a run saw: the identities each request read, and each request's rows refreshed and identities
  /// reported unknown, with what the app's rows say they should be.
  struct Run {
    var reads: [Int] = []
    var mismatches: [String] = []
  }

  /// A run of random requests on `rows` rows in 10 sections. Phase one puts states between the requests, phase
  /// two told edits (a state after told edits takes no identities from the list before: the first search after
  /// it reads every row's, once).
  static func run(rows: Int, seed: UInt64) async throws -> Run {
    var random = SeededRandom(seed: seed)
    let reads = FilterChangeCostTests.Reads()
    let controller = ListController<[ListSection<Row>]>(rows: { $0 }, cell: { FilterChangeCostTests.cell($0) })
    let engine = try ListEngine(view: ViewportListView(rowCount: 20), showing: controller)
    var refreshed: [ItemPath] = []
    var unknown: [ListIdentifier] = []
    engine.delegate.didReconfigureRows = { refreshed += $0 }
    engine.delegate.didReloadRows = { refreshed += $0 }
    engine.delegate.didFail = { error in
      if case .unknownRows(let ids) = error { unknown += ids }
    }
    let perSection = rows / 10
    var sections = (0..<10).map { section in
      (section * perSection..<(section + 1) * perSection).map { Row(key: $0, version: 0, reads: reads) }
    }
    var nextKey = rows
    func state() -> [ListSection<Row>] { sections.indices.map { ListSection(id: $0, items: sections[$0]) } }
    await controller.apply(state())
    // The first search of each section reads its identities once and keeps them.
    engine.reconfigureRows([ListIdentifier(0)])
    var run = Run()
    for phase in 0..<2 {
      for step in 0..<DeepPass.cases(quick: 10, deep: 40) {
        // A change between requests: a state (phase one) or a told edit (phase two), of a row or two.
        let section = random.below(10)
        let item = random.below(sections[section].count)
        if random.below(2) == 0 {
          sections[section][item].version += 1
        } else {
          sections[section].insert(Row(key: nextKey, version: 0, reads: reads), at: item)
          nextKey += 1
        }
        if phase == 0 {
          await controller.apply(state())
        } else {
          let row = sections[section][item]
          try controller.performEdits { edit in
            if row.version > 0 {
              try edit.updateRows([FilterChangeCostTests.cell(row)])
            } else {
              try edit.insertRows([FilterChangeCostTests.cell(row)], at: ItemPath(item: item, section: section))
            }
          }
        }
        // A request of one to three rows, sometimes with an identity the list does not have.
        var ids = (0..<1 + random.below(3)).map { _ in
          ListIdentifier(sections[random.below(10)].randomElement(using: &random)!.key)
        }
        if random.below(4) == 0 { ids.append(ListIdentifier(-1 - random.below(5))) }
        let keys = Set(sections.joined().map(\.key))
        func isUnknown(_ id: ListIdentifier) -> Bool { !keys.contains { ListIdentifier($0) == id } }
        refreshed = []
        unknown = []
        let before = reads.value
        switch random.below(3) {
        case 0: engine.reconfigureRows(ids)
        case 1: engine.reloadRows(ids)
        default: try controller.performEdits { try $0.reconfigureRows(ids.filter { !isUnknown($0) }) }
        }
        run.reads.append(reads.value - before)
        // Every row with a named identity, in order; the unknown identities reported.
        var expected: [ItemPath] = []
        for (section, rows) in sections.enumerated() {
          for (item, row) in rows.enumerated() where ids.contains(ListIdentifier(row.key)) {
            expected.append(ItemPath(item: item, section: section))
          }
        }
        if refreshed.sorted() != expected {
          run.mismatches.append("phase \(phase) step \(step): \(refreshed.sorted()) for \(expected)")
        }
        if !unknown.isEmpty, Set(unknown) != Set(ids.filter(isUnknown)) {
          run.mismatches.append("phase \(phase) step \(step): \(unknown) reported unknown")
        }
      }
    }
    _ = engine
    return run
  }

  /// The most identities a request may read: a run of rows cut by told edits into pieces shorter than eight
  /// times the identities named reads its rows instead of looking the identities up (a few dozen), where a
  /// search of the list reads a section's 500 or 5,000.
  static let readsPerRequest = 64

  @Test("reconfiguring or reloading rows reads a few dozen identities at most, at 5,000 rows and at 50,000")
  func explicitUpdatesCostTheirRows() async throws {
    for seed in DeepPass.seeds(from: 0xE5C0, quick: 2, deep: 6) {
      for rows in [5_000, 50_000] {
        let run = try await Self.run(rows: rows, seed: seed)
        #expect(run.mismatches.isEmpty, "seed \(seed), \(rows) rows: \(run.mismatches)")
        #expect(run.reads.allSatisfy { $0 <= Self.readsPerRequest }, "seed \(seed), \(rows) rows: \(run.reads)")
      }
    }
  }
}
