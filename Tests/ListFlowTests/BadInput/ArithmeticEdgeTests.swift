import ListFlow
import ListFlowTesting
import Testing

@Suite("Extreme and negative values: exact answers, clamps, no trap")
struct ArithmeticEdgeTests {
  static let extremes = [Int.min, Int.min + 1, -1_000, -1, 0, 1, 1_000, Int.max - 1, Int.max]

  @Test("SyncDelegate.ScrollPosition answers isAtTop and isAtEnd for any values, as exact arithmetic would")
  func scrollPositionExtremes() {
    for offset in Self.extremes {
      for viewportHeight in Self.extremes {
        for contentHeight in Self.extremes {
          let position = SyncDelegate.ScrollPosition(
            offset: offset, viewportHeight: viewportHeight, contentHeight: contentHeight)
          let exact = Self.exactSumIsAtLeast(offset, viewportHeight, contentHeight)
          #expect(position.isAtEnd == exact, "\(position)")
          #expect(position.isAtTop == (offset <= 0))
        }
      }
    }
  }

  /// Whether `a + b >= c` in exact arithmetic.
  static func exactSumIsAtLeast(_ a: Int, _ b: Int, _ c: Int) -> Bool {
    Int128(a) + Int128(b) >= Int128(c)
  }

  @Test("negative thresholds of a controller configuration are taken as 0", arguments: [Int.min, -1])
  func negativeThresholds(value: Int) {
    var configuration = ListControllerConfiguration(backgroundDiffThreshold: value)
    #expect(configuration.backgroundDiffThreshold == 0)
    configuration.backgroundDiffThreshold = value
    #expect(configuration == ListControllerConfiguration(backgroundDiffThreshold: 0))
  }

  @MainActor
  @Test("a displayed row at the ends of Int starts nothing and does not trap", .timeLimit(.minutes(60)))
  func rowDisplayedExtremes() async {
    let gate = PageGate<String>()
    let paging = PagingController(prefetchDistance: .init(rows: 0), load: gate.load)
    let first = Task { await paging.refresh() }
    await gate.nextCall().succeed(["a", "b"], nextPage: 2)
    _ = await first.value
    #expect(paging.rowDisplayed(Int.min) == false)
    let started = paging.rowDisplayed(Int.max)
    #expect(started)
    let call = await gate.nextCall()
    #expect(call.cursor == 2)
    call.succeed(["c"], nextPage: nil)
    _ = await paging.displayTriggeredLoad?.value
    #expect(paging.rows == ["a", "b", "c"])
  }
}
