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
      for step in 0..<DeepPass.cases(quick: 10, deep: 24) {
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
        // A request of one to three rows, sometimes with an identity the list does not have (a negative key).
        var named = (0..<1 + random.below(3)).map { _ in sections[random.below(10)].randomElement(using: &random)!.key }
        if random.below(4) == 0 { named.append(-1 - random.below(5)) }
        let ids = named.map { ListIdentifier($0) }
        refreshed = []
        unknown = []
        let before = reads.value
        let told = random.below(3) == 0
        if told {
          let known = named.filter { $0 >= 0 }.map { ListIdentifier($0) }
          try controller.performEdits { try $0.reconfigureRows(known) }
        } else if random.below(2) == 0 {
          engine.reconfigureRows(ids)
        } else {
          engine.reloadRows(ids)
        }
        run.reads.append(reads.value - before)
        // Every row with a named identity, in order; the unknown identities reported (a told edit names none).
        let wanted = Set(named)
        var expected: [ItemPath] = []
        for (section, rows) in sections.enumerated() {
          for (item, row) in rows.enumerated() where wanted.contains(row.key) {
            expected.append(ItemPath(item: item, section: section))
          }
        }
        if refreshed.sorted() != expected {
          run.mismatches.append("phase \(phase) step \(step): \(refreshed.sorted()) for \(expected)")
        }
        let unknownIDs = told ? [] : Set(named.filter { $0 < 0 }.map { ListIdentifier($0) })
        if Set(unknown) != unknownIDs {
          run.mismatches.append("phase \(phase) step \(step): \(unknown) reported unknown, not \(unknownIDs)")
        }
      }
    }
    _ = engine
    return run
  }

  /// The identities the requests of a run at 50,000 rows may read beyond those at 5,000: a run of rows that told
  /// edits cut shorter than eight times the identities named reads its rows instead of looking them up, which
  /// happens about as often at both sizes (more often at 5,000, whose sections are shorter).
  static let slack = 64

  @Test("reconfiguring or reloading rows reads no more identities at 50,000 rows than at 5,000")
  func explicitUpdatesCostTheirRows() async throws {
    for seed in DeepPass.seeds(from: 0xE5C0, quick: 1, deep: 4) {
      let small = try await Self.run(rows: 5_000, seed: seed)
      let large = try await Self.run(rows: 50_000, seed: seed)
      #expect(small.mismatches.isEmpty, "seed \(seed), 5,000 rows: \(small.mismatches)")
      #expect(large.mismatches.isEmpty, "seed \(seed), 50,000 rows: \(large.mismatches)")
      #expect(
        large.reads.reduce(0, +) <= small.reads.reduce(0, +) + Self.slack,
        "seed \(seed): \(small.reads) and \(large.reads)")
    }
  }
}
