import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlow

/// Finding a row by identity (`CellBinderList.firstIndex(ofIdentity:from:)`, which the engine's
/// `path(ofRowWithIdentity:)` and a view's reload use) gives the first position a plain scan of the identities
/// gives, on lists of pieces of binders, of rows and of rows a filter shows, with identities that repeat or not.
@Suite("CellBinderList: a row found by identity")
struct IdentitySearchTests {
  struct Row: Sendable, Titled {
    var id: Int
    var title: String? { "row \(id)" }
  }

  static func binder(_ row: Row) -> CellBinder {
    CellBinder(cell: TextCell.self, value: row.id, id: ListIdentifier(row.id)) { cell, id in cell.title = "\(id)" }
  }

  /// A list of rows with identities below `distinct`, as values (`identity:` given), or as rows whose binders
  /// say their identities.
  static func rows(_ ids: [Int], knownIdentities: Bool) -> CellBinderList {
    let rows = ids.map { Row(id: $0) }
    return knownIdentities
      ? CellBinderList(
        rows: rows, identity: { ListIdentifier($0[$1].id) }, identityHashes: { $0.map { ListIdentifier($0.id).hash } },
        cell: Self.binder)
      : CellBinderList(rows: rows, cell: Self.binder)
  }

  @Test("random lists of pieces, repeated identities or not: the first position a scan finds")
  func firstIndexIsTheScansFirst() {
    for seed in DeepPass.seeds(quick: 60, deep: 600) {
      var random = SeededRandom(seed: seed)
      let distinct = random.oneIn(2) ? 1_000 : 6
      func ids(_ count: Int) -> [Int] { (0..<count).map { _ in random.below(distinct) } }
      var list = Self.rows(ids(random.below(40)), knownIdentities: true)
      for _ in 0..<random.below(6) {
        let lower = random.below(list.count + 1)
        let upper = lower + random.below(list.count - lower + 1)
        switch random.below(3) {
        case 0: list.replaceSubrange(lower..<upper, with: ids(random.below(8)).map { Self.binder(Row(id: $0)) })
        case 1: list.replaceSubrange(lower..<upper, with: Self.rows(ids(random.below(30)), knownIdentities: true))
        default: list.replaceSubrange(lower..<upper, with: Self.rows(ids(random.below(8)), knownIdentities: false))
        }
      }
      // The rows a filter shows of it: a piece whose rows are some of the list's.
      let shownPositions = list.indices.filter { _ in random.oneIn(2) }
      let shown = CellBinderList(
        pieces: shownPositions.isEmpty
          ? []
          : [
            .rows(
              _TitleMatchedRows(
                base: list, positions: shownPositions,
                query: _RowQuery(pattern: FilteredFeed.Match.pattern(of: ""), text: nil)),
              0..<shownPositions.count)
          ])
      for (name, candidate) in [("list", list), ("shown", shown)] {
        let identities = candidate.indices.map { candidate.identity(at: $0) }
        for _ in 0..<20 {
          let id = ListIdentifier(random.below(distinct + 2))
          let from = random.below(candidate.count + 2)
          let expected = identities.indices.first { $0 >= from && identities[$0] == id }
          #expect(
            candidate.firstIndex(ofIdentity: id, from: from) == expected,
            "seed \(seed), \(name) of \(candidate.count) rows: \(id) from \(from)")
        }
      }
    }
  }

  @Test("the table of identity hashes reads a row's identity only for the row it finds")
  func identityReadOnlyForTheRowFound() {
    for seed in DeepPass.seeds(quick: 40, deep: 400) {
      var random = SeededRandom(seed: seed)
      // Distinct identities, about half as many as the table's slots: runs of probes form.
      var seen = Set<Int>()
      let ids = (0..<(1 + random.below(300))).map { _ in
        var value = random.below(1 << 40)
        while !seen.insert(value).inserted { value = random.below(1 << 40) }
        return ListIdentifier(value)
      }
      guard let table = _IdentityPositions(hashes: ids.map(\.hash), distinct: { ids[$0] == ids[$1] }) else {
        Issue.record("seed \(seed): no table of \(ids.count) distinct identities")
        continue
      }
      var reads = 0
      let identity = { (position: Int) -> ListIdentifier in
        reads += 1
        return ids[position]
      }
      for (position, id) in ids.enumerated() {
        reads = 0
        #expect(table.first(of: id, in: 0..<ids.count, identity: identity) == position, "seed \(seed): \(id)")
        #expect(reads == 1, "seed \(seed): \(reads) identities read to find \(id)")
      }
      for _ in 0..<50 {
        let value = random.below(1 << 40)
        guard !seen.contains(value) else { continue }
        reads = 0
        #expect(table.first(of: ListIdentifier(value), in: 0..<ids.count, identity: identity) == nil)
        #expect(reads == 0, "seed \(seed): \(reads) identities read for \(value), not in the table")
      }
    }
  }
}
