import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases (40 seeds in the quick pass, 300 in the deep pass): the feed of `ListFeed`'s documentation (a
/// clock), shown by an engine alone or as a child of a composite, ticks random times, with a reload of the view now
/// and then. The oracle is the feed's own sections: after every tick the engine's list and, after a reload, the
/// view show the newest time, never the one before it.
@MainActor
@Suite("A feed of your own, written as the documentation shows, is shown up to its last change")
struct UserFeedSendOrderPropertyTests {
  /// The documentation's `ClockFeed`, with the test's cell.
  final class ClockFeed: ListFeed {
    let feedLink = FeedLink<ListSectionSnapshot>()
    private(set) var displayedSections: [ListSectionSnapshot] = []

    func tick(_ time: String) {
      let old = displayedSections
      displayedSections = [
        ListSection(id: "clock", items: [SectionHeaderCell.makeBinder(value: time, id: "now")]).snapshot
      ]
      feedLink.send(from: old, to: displayedSections)
    }
  }

  @Test("the engine and the view show the clock's last tick", .timeLimit(.minutes(60)))
  func lastTickIsShown() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 40, deep: 300) {
      var random = SeededRandom(seed: seed)
      let clock = ClockFeed()
      let view = RecordingListView()
      let composed = random.oneIn(2)
      let engine: ListEngine
      if composed {
        let composite = ComposedFeed<ListSectionSnapshot>()
        try composite.append(clock)
        engine = try ListEngine(view: view, showing: composite)
      } else {
        engine = try ListEngine(view: view, showing: clock)
      }
      var log: [String] = [composed ? "in a composite" : "alone"]
      for _ in 0..<1 + random.below(6) {
        let time = "\(random.below(24)):\(random.below(60))"
        log.append("tick \(time)")
        clock.tick(time)
        if random.oneIn(3) {
          log.append("reload")
          engine.reloadData()
        }
        let expected = ListRendering.lines(of: clock.displayedSections)
        if ListRendering.lines(of: engine.snapshot) != expected || view.renderedLines != expected {
          failures.append(
            "seed \(seed): \(log): engine \(ListRendering.lines(of: engine.snapshot)), view \(view.renderedLines)")
          break
        }
      }
    }
    #expect(failures.isEmpty, "\(failures.count) cases fail; first: \(failures.first ?? "")")
  }
}
