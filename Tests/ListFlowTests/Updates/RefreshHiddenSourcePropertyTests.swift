import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases (40 seeds in the quick pass, 300 in the deep pass): sources (`SectionsFeed`) in composites, each
/// shown or hidden at random and hidden or shown again between requests, with the composites hidden too at times;
/// then random refresh requests (`reconfigureRows`, `reloadRows`) naming rows shown, rows of a hidden source and
/// identities no feed has. The oracle is the test's own record of the rows it gave each source: exactly the
/// identities no source has are reported as `unknownRows`, and only the rows shown named are refreshed.
@MainActor
@Suite("A refresh of a row of a hidden source reports nothing")
struct RefreshHiddenSourcePropertyTests {
  /// A source's sections: one or two of up to four rows, identities from `base` on.
  static func sections(base: Int, _ random: inout SeededRandom) -> [ListSectionSnapshot] {
    var next = base
    return (0..<1 + random.below(2)).map { section in
      let rows = (0..<random.below(5)).map { _ in
        next += 1
        return SectionHeaderCell.makeBinder(value: "row \(next)", id: next)
      }
      return ListSection(id: "s\(base)-\(section)", items: rows).snapshot
    }
  }

  /// The identities of the rows of some sections.
  static func ids(_ sections: [ListSectionSnapshot]) -> [ListIdentifier] {
    sections.flatMap { $0.elements.map(\.id) }
  }

  @Test("only identities no source has are reported; the rows shown named are refreshed, and only they")
  func hiddenSourceRowsAreHeld() throws {
    var failures: [String] = []
    var failingSeeds: Set<UInt64> = []
    for seed in DeepPass.seeds(quick: 40, deep: 300) {
      var random = SeededRandom(seed: seed)
      var log: [String] = []
      var sources: [SectionsFeed<ListSectionSnapshot>] = []
      var composites: [ComposedFeed<ListSectionSnapshot>] = []
      var nextBase = 0
      func source() -> SectionsFeed<ListSectionSnapshot> {
        nextBase += 100
        let source = SectionsFeed(sections: Self.sections(base: nextBase, &random))
        source.isHidden = random.oneIn(3)
        sources.append(source)
        log.append("source \(nextBase)\(source.isHidden ? " hidden" : "")")
        return source
      }
      let top = ComposedFeed<ListSectionSnapshot>()
      for _ in 0..<1 + random.below(3) {
        if random.oneIn(3) {
          let inner = ComposedFeed<ListSectionSnapshot>()
          log.append("composite {")
          for _ in 0..<1 + random.below(2) { try inner.append(source()) }
          log.append("}")
          composites.append(inner)
          try top.append(inner)
        } else {
          try top.append(source())
        }
      }
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: top)
      var reported: [ListFlowError] = []
      engine.delegate.didFail = { reported.append($0) }
      let held = Set(sources.flatMap { Self.ids($0.sections) })

      enum Step { case reconfigure, reload, toggleSource, toggleComposite }
      var options: [(String, weight: Int, Step)] = [
        ("reconfigure", weight: 3, .reconfigure), ("reload", weight: 2, .reload),
        ("hide or show a source", weight: 2, .toggleSource),
      ]
      if !composites.isEmpty { options.append(("hide or show a composite", weight: 1, .toggleComposite)) }
      let steps = WeightedChoice(options)
      var unknownID = 90_000
      for round in 0..<8 {
        let step = steps.pick(using: &random)
        switch step.value {
        case .toggleSource:
          let index = random.below(sources.count)
          sources[index].isHidden.toggle()
          log.append("round \(round): source \(index) hidden \(sources[index].isHidden)")
          continue
        case .toggleComposite:
          let index = random.below(composites.count)
          composites[index].isHidden.toggle()
          log.append("round \(round): composite \(index) hidden \(composites[index].isHidden)")
          continue
        case .reconfigure, .reload:
          let shown = Self.ids(engine.snapshot)
          let all = held.sorted { "\($0)" < "\($1)" }
          let ids: [ListIdentifier] = (0..<1 + random.below(4)).map { _ in
            if !shown.isEmpty, random.oneIn(3) { return shown[random.below(shown.count)] }
            if !all.isEmpty, !random.oneIn(4) { return all[random.below(all.count)] }
            unknownID += 1
            return ListIdentifier(unknownID)
          }
          let reloading = step.value == .reload
          log.append("round \(round): \(step.name) \(ids)")
          let batches = view.updates.count
          let failuresBefore = reported.count
          if reloading { engine.reloadRows(ids) } else { engine.reconfigureRows(ids) }
          let context = "seed \(seed): \(log)"
          var seen: Set<ListIdentifier> = []
          let unknown = ids.filter { !held.contains($0) && seen.insert($0).inserted }
          let told = Array(reported[failuresBefore...])
          let expected: [ListFlowError] = unknown.isEmpty ? [] : [.unknownRows(unknown)]
          if told != expected {
            failingSeeds.insert(seed)
            failures.append("\(context): reported \(told), expected \(expected)")
          }
          let refreshed = view.updates[batches...].flatMap { update in
            (reloading ? update.reloadedRows : update.reconfiguredRows).map {
              update.changeset.data[$0.section].elements[$0.item].id
            }
          }
          if Set(refreshed) != Set(ids).intersection(shown) {
            failingSeeds.insert(seed)
            failures.append("\(context): refreshed \(refreshed)")
          }
        }
      }
      #expect(view.inconsistencies.isEmpty, "seed \(seed): \(log)")
      #expect(view.renderedLines == ListRendering.lines(of: top.displayedSections), "seed \(seed): \(log)")
    }
    #expect(
      failures.isEmpty,
      "\(failures.count) requests told wrongly in \(failingSeeds.count) cases; first: \(failures.first ?? "")")
  }
}
