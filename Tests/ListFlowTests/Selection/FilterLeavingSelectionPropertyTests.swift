import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Filters in a composite (directly or in a nested composite) hide selected rows; filters are removed from their
/// composite and added back, the nested composite is hidden and shown, queries and sources change: after each
/// step the engine's selection is exactly the selected rows that the list shows or that a filter still in the list
/// hides. A row that left the list (its filter removed, or hidden with its composite) left the selection, as a
/// deleted row does, and does not come back with its filter.
@MainActor
@Suite struct FilterLeavingSelectionPropertyTests {
  typealias Named = FilteredFeedTests.Named

  /// A section of up to five rows with random names and new identities.
  static func rows(_ random: inout SeededRandom, next: inout Int) -> [CellBinder] {
    (0..<random.below(6)).map { _ in
      next += 1
      return FilteredFeedTests.binder(Named(id: next, title: FilteredFeedTests.word(&random, maxLength: 3)))
    }
  }

  static func identities(_ sections: [ListSectionSnapshot]) -> Set<ListIdentifier> {
    Set(sections.flatMap { $0.elements.map(\.id) })
  }

  @Test("the selection keeps only the rows shown or hidden by a filter still in the list", .timeLimit(.minutes(60)))
  func selectionFollowsFilters() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 120, deep: 600) {
      var random = SeededRandom(seed: seed)
      var next = 0
      let screen = ComposedFeed<ListSectionSnapshot>()
      let nested = ComposedFeed<ListSectionSnapshot>()
      // The filters, each over a source of its own, and a list with no filter.
      let sources = (0..<2 + random.below(3)).map { index in
        SectionsFeed<ListSectionSnapshot>(sections: [
          ListSection(id: "source \(index)", items: Self.rows(&random, next: &next)).snapshot
        ])
      }
      let filters = try sources.map { try FilteredFeed($0) }
      let plain = SectionsFeed<ListSectionSnapshot>(sections: [
        ListSection(id: "plain", items: Self.rows(&random, next: &next)).snapshot
      ])
      // The children of each composite, as the test put them there; what is in neither is detached.
      var top: [any ListFeed<ListSectionSnapshot>] = [plain, nested]
      var inner: [any ListFeed<ListSectionSnapshot>] = []
      try screen.append(plain)
      try screen.append(nested)
      for filter in filters {
        if random.oneIn(2) {
          top.append(filter)
          try screen.append(filter)
        } else {
          inner.append(filter)
          try nested.append(filter)
        }
      }
      let engine = try ListEngine(view: RecordingListView(), showing: screen)
      engine.selectionMode = .multiple
      var model: Set<ListIdentifier> = []

      /// The filters in the list: in the composite shown, or in the nested composite while it is in it and shown.
      func liveFilters() -> [FilteredFeed] {
        let nestedIsIn = top.contains { $0 === nested } && !nested.isHidden
        return filters.filter { filter in
          top.contains { $0 === filter } || (nestedIsIn && inner.contains { $0 === filter })
        }
      }
      /// The rows the list shows, and those a filter in the list hides.
      func known() -> Set<ListIdentifier> {
        var ids = Self.identities(engine.snapshot)
        for filter in liveFilters() {
          ids.formUnion(
            Self.identities(filter.source.displayedSections).subtracting(
              filter.displayedSections.flatMap {
                $0.elements.map(\.id)
              }))
        }
        return ids
      }
      var log: [String] = []
      steps: for step in 0..<12 {
        switch random.below(8) {
        case 0, 1:
          let filter = random.below(filters.count)
          filters[filter].query = FilteredFeedTests.word(&random, maxLength: 2).filter { $0 != " " }
          log.append("query \(filter) '\(filters[filter].query)'")
        case 2:
          // A child removed from either composite.
          if random.oneIn(2), !inner.isEmpty {
            let index = random.below(inner.count)
            inner.remove(at: index)
            try nested.removeChild(at: index)
            log.append("nested child \(index) removed")
          } else if !top.isEmpty {
            let index = random.below(top.count)
            top.remove(at: index)
            try screen.removeChild(at: index)
            log.append("child \(index) removed")
          }
        case 3:
          // A detached filter (or the nested composite) added back.
          let all: [any ListFeed<ListSectionSnapshot>] = [nested, plain] + filters
          let detached = all.filter { child in
            !top.contains { $0 === child } && !inner.contains { $0 === child }
          }
          guard !detached.isEmpty else { continue }
          let child = detached[random.below(detached.count)]
          if child !== nested, random.oneIn(2) {
            let index = random.below(inner.count + 1)
            inner.insert(child, at: index)
            try nested.insert(child, at: index)
            log.append("added to nested at \(index)")
          } else {
            let index = random.below(top.count + 1)
            top.insert(child, at: index)
            try screen.insert(child, at: index)
            log.append("added at \(index)")
          }
        case 4:
          nested.isHidden.toggle()
          log.append("nested hidden \(nested.isHidden)")
        case 5:
          // A row selected by its identity (ignored unless the list shows it or a filter in it hides it).
          guard next > 0 else { continue }
          let id = ListIdentifier(1 + random.below(next))
          if known().contains(id) { model.insert(id) }
          engine.select(id)
          log.append("select \(id)")
        case 6:
          engine.selectAll()
          model.formUnion(Self.identities(engine.snapshot))
          log.append("select all")
        default:
          // A source changes: some rows kept, others deleted, new ones added.
          let source = sources[random.below(sources.count)]
          let kept = source.displayedSections[0].elements.filter { _ in !random.oneIn(3) }
          source.update(to: [
            ListSection(id: source.displayedSections[0].model.id, items: kept + Self.rows(&random, next: &next))
              .snapshot
          ])
          log.append("source changed")
        }
        model.formIntersection(known())
        let selected = Set(engine.selection.identifiers)
        if selected != model {
          failures.append(
            "seed \(seed) step \(step) \(log): selected \(selected.sorted(by: { "\($0)" < "\($1)" })), "
              + "expected \(model.sorted(by: { "\($0)" < "\($1)" }))")
          break steps
        }
      }
      withExtendedLifetime(engine) {}
    }
    #expect(failures.isEmpty, "\(failures.count) seeds failed; first: \(failures.prefix(2))")
  }
}
