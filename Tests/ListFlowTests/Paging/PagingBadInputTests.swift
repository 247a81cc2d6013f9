import ListFlow
import ListFlowTesting
import TestSupport
import Testing

@Suite("Paging: extreme and negative inputs never trap", .timeLimit(.minutes(60)))
struct PagingBadInputTests {
  /// Values near the ends of `Int`, and small ones.
  static let extremes = [Int.min, Int.min + 1, -1_000, -1, 0, 1, 1_000, Int.max - 1, Int.max]

  @Test("isNearEnd answers for any covered area and row count, as the exact difference would")
  func nearEndExtremes() {
    var random = SeededRandom(seed: 0x5EED)
    for _ in 0..<2_000 {
      let lower = Self.extremes.randomElement(using: &random) ?? 0
      let upper = max(lower, Self.extremes.randomElement(using: &random) ?? 0)
      let rowCount = Self.extremes.randomElement(using: &random) ?? 0
      let distance = IntPaging.PrefetchDistance(rows: Self.extremes.randomElement(using: &random) ?? 0)
      // The exact answer, in a type wide enough for the difference.
      let exact = Int128(rowCount) - Int128(upper) <= Int128(distance.rows)
      let answer = distance.isNearEnd(coveredRows: lower..<upper, rowCount: rowCount)
      #expect(answer == exact, "\(lower)..<\(upper), rows \(rowCount), distance \(distance.rows)")
    }
  }

  @Test("a negative prefetch distance is taken as 0", arguments: [Int.min, -5, -1])
  func negativeDistance(rows: Int) {
    #expect(IntPaging.PrefetchDistance(rows: rows) == IntPaging.PrefetchDistance(rows: 0))
  }

  @MainActor
  @Test("visible rows with an Int.max viewport or at the ends of Int do not trap")
  func visibleRowsExtremes() async {
    let gate = PageGate<String>()
    let paging = PagingController(prefetchDistance: .init(rows: 2), load: gate.load)
    #expect(await paging.visibleRowsChanged(5..<6, viewportCapacity: Int.max) == .ignored(.nothingLoaded))
    #expect(await paging.visibleRowsChanged(Int.max..<Int.max, viewportCapacity: Int.max) == .ignored(.nothingLoaded))
    #expect(await paging.visibleRowsChanged(Int.min..<Int.min, viewportCapacity: Int.min) == .ignored(.notNearEnd))
    #expect(gate.cursors.isEmpty)
  }
}
