import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases (40 seeds in the quick pass, 300 in the deep pass): a source shown by an engine alone, in a
/// composite or in a composite in a composite, observed through its link's `didSend`, whose closure updates the
/// source again now and then (an observer that keeps a derived row up to date, say). The oracle is the source's
/// own sections: the view shows them at the end and matches the engine after every batch, with no inconsistency.
@MainActor
@Suite("A change made from a feed link's didSend comes after the change sent")
struct DidSendReentrancyPropertyTests {
  static func sections(_ random: inout SeededRandom) -> [ListSectionSnapshot] {
    (0..<1 + random.below(2)).map { section in
      let rows = (0..<random.below(5)).map { row in
        SectionHeaderCell.makeBinder(value: "s\(section)r\(row) v\(random.below(3))", id: "s\(section)r\(row)")
      }
      return ListSection(id: "s\(section)", items: rows).snapshot
    }
  }

  @Test("the view ends on the source's sections", .timeLimit(.minutes(60)))
  func changeFromDidSendIsShown() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 40, deep: 300) {
      var random = SeededRandom(seed: seed)
      let source = SectionsFeed<ListSectionSnapshot>(sections: Self.sections(&random))
      let nesting = random.below(3)
      var top: any ListFeed<ListSectionSnapshot> = source
      for _ in 0..<nesting {
        let composite = ComposedFeed<ListSectionSnapshot>()
        try composite.append(top)
        top = composite
      }
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: top)
      var stageFailures: [String] = []
      view.didApplyBatch = { view, _ in
        if let failure = ReentrancyPropertyTests.mismatch(view, engine) { stageFailures.append(failure) }
      }
      var log = ["nesting \(nesting)"]
      var budget = 6
      source.feedLink.didSend = { _ in
        guard budget > 0, random.oneIn(2) else { return }
        budget -= 1
        log.append("didSend: update")
        source.update(to: Self.sections(&random))
      }
      for _ in 0..<4 {
        log.append("update")
        source.update(to: Self.sections(&random))
      }
      let expected = ListRendering.lines(of: source.displayedSections)
      if let failure = stageFailures.first {
        failures.append("seed \(seed): \(log): \(failure)")
      } else if !view.inconsistencies.isEmpty {
        failures.append("seed \(seed): \(log): \(view.inconsistencies)")
      } else if ListRendering.lines(of: engine.snapshot) != expected || view.renderedLines != expected {
        failures.append("seed \(seed): \(log): view \(view.renderedLines), source \(expected)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) cases fail; first: \(failures.first ?? "")")
  }

  @Test("the changes didSend reports lead, in order, to the source's sections, when an engine's callback changes it")
  func didSendReportsInOrder() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 40, deep: 300) {
      var random = SeededRandom(seed: seed &+ 0xD1D5)
      let source = SectionsFeed<ListSectionSnapshot>(sections: Self.sections(&random))
      let nesting = random.below(3)
      var top: any ListFeed<ListSectionSnapshot> = source
      for _ in 0..<nesting {
        let composite = ComposedFeed<ListSectionSnapshot>()
        try composite.append(top)
        top = composite
      }
      var budget = 6
      var log = ["nesting \(nesting)"]
      // An engine's callbacks, called while a change of the source is sent on, change the source again.
      var delegate = SyncDelegate()
      let changeAgain = { (callback: String) in
        guard budget > 0, random.oneIn(2) else { return }
        budget -= 1
        log.append("\(callback): update")
        source.update(to: Self.sections(&random))
      }
      delegate.didInsertRows = { _ in changeAgain("didInsertRows") }
      delegate.didDeleteRows = { _ in changeAgain("didDeleteRows") }
      delegate.didReconfigureRows = { _ in changeAgain("didReconfigureRows") }
      let engine = try ListEngine(view: RecordingListView(), showing: top, delegate: delegate)
      var mirror = source.displayedSections
      var reported: [String] = []
      source.feedLink.didSend = { changes in
        for stage in changes {
          do {
            mirror = try mirror.applying(stage)
          } catch {
            reported.append("a stage does not fit the sections reported before it: \(error)")
            mirror = stage.data
          }
        }
      }
      for _ in 0..<4 {
        log.append("update")
        source.update(to: Self.sections(&random))
      }
      if let first = reported.first {
        failures.append("seed \(seed): \(log): \(first)")
      } else if ListRendering.lines(of: mirror) != ListRendering.lines(of: source.displayedSections) {
        failures.append("seed \(seed): \(log): the changes reported lead elsewhere")
      }
      withExtendedLifetime(engine) {}
    }
    #expect(failures.isEmpty, "\(failures.count) cases fail; first: \(failures.first ?? "")")
  }
}
