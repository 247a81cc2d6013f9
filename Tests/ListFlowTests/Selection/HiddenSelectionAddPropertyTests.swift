import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlow

/// A row that a ``FilteredFeed``'s query hides can be selected by a call (``ListEngine/select(_:)``,
/// ``ListEngine/setSelection(_:)``): the feed that owns it under the filter hears of it as it would unfiltered,
/// its identity in ``ListSelection/Change/added`` with no position, so that it later hears of its deselection
/// too, and its count of selected rows stays true.
///
/// Generated: a filter over one list, over a composite of two, a composite of a filtered list and a list, or a
/// filter over such a composite;
/// random selections by identity of rows shown or hidden, selections restored with `setSelection`, toggles of
/// rows shown, selections of every row shown, deselections by identity and of every row, queries, and changes of
/// the lists that delete and insert rows. The oracle is a model of the selection: after every step, each list
/// must have heard (adding what it was told was added, taking out what it was told was removed) exactly the
/// selected identities of its own rows, never told twice that a row was added, nor that a row it had not heard
/// of was removed.
@MainActor
@Suite("A row selected while a filter hides it is told to its feed")
struct HiddenSelectionAddPropertyTests {
  /// How the lists are shown.
  enum Layout: CaseIterable { case filteredList, filteredComposite, compositeWithFilteredChild, nestedFilters }

  static let words = ["ant", "bee", "cat", "dog"]
  static let queries = ["", "ant", "bee", "cat", "dog", "at", "zz"]

  static func run(seed: UInt64) throws -> [String] {
    var random = SeededRandom(seed: seed)
    let layout = Layout.allCases[random.below(Layout.allCases.count)]
    let leafCount = layout == .filteredList ? 1 : 2
    var nextRow = 0
    /// Each list's rows, by section: an identity (`c<leaf> r<n>`, never used again) and its text.
    var models = [[[(id: String, text: String)]]](repeating: [], count: leafCount)
    var selected: Set<String> = []
    /// What each list heard is selected.
    var heard = [Set<String>](repeating: [], count: leafCount)
    var problems: [String] = []
    func newRow(_ leaf: Int) -> (id: String, text: String) {
      nextRow += 1
      return ("c\(leaf) r\(nextRow)", "c\(leaf) r\(nextRow) \(words[random.below(words.count)])")
    }
    func snapshot(_ leaf: Int) -> [ListSectionSnapshot] {
      models[leaf].enumerated().map { index, rows in
        ListSection(id: "c\(leaf)s\(index)", items: rows.map { MessageCell.makeBinder(value: $0.text, id: $0.id) })
          .snapshot
      }
    }
    func rows(of leaf: Int) -> Set<String> { Set(models[leaf].flatMap { $0.map(\.id) }) }
    var leaves: [SectionsFeed<ListSectionSnapshot>] = []
    for leaf in 0..<leafCount {
      models[leaf] = (0..<1 + random.below(2)).map { _ in (0..<2 + random.below(4)).map { _ in newRow(leaf) } }
      let feed = SectionsFeed<ListSectionSnapshot>(sections: snapshot(leaf))
      feed.delegate.didChangeSelection = { change in
        noteHeard(change, byList: leaf, heard: &heard[leaf], problems: &problems, owns: { $0.hasPrefix("c\(leaf) ") })
      }
      leaves.append(feed)
    }
    let filtered: FilteredFeed
    // A filter under `filtered`'s source, with its own query.
    var inner: FilteredFeed?
    let shown: any ListFeed<ListSectionSnapshot>
    switch layout {
    case .filteredList:
      filtered = try FilteredFeed(leaves[0])
      shown = filtered
    case .filteredComposite:
      let composite = ComposedFeed<ListSectionSnapshot>()
      for leaf in leaves { try composite.append(leaf) }
      filtered = try FilteredFeed(composite)
      shown = filtered
    case .compositeWithFilteredChild:
      filtered = try FilteredFeed(leaves[0])
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(filtered)
      try composite.append(leaves[1])
      shown = composite
    case .nestedFilters:
      let under = try FilteredFeed(leaves[0])
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(under)
      try composite.append(leaves[1])
      filtered = try FilteredFeed(composite)
      inner = under
      shown = filtered
    }
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: shown, reloadThreshold: random.oneIn(2) ? nil : random.below(4))
    engine.selectionMode = .multiple
    var log: [String] = []
    for step in 0..<20 {
      let all = (0..<leafCount).flatMap { rows(of: $0).sorted() }
      let shownIDs = engine.snapshot.flatMap(\.elements.identities).map(\.description)
      let kind = random.below(12)
      switch kind {
      case 0, 1, 2:
        // Rows hidden more often than not.
        let hidden = all.filter { !shownIDs.contains($0) }
        let pool = !hidden.isEmpty && !random.oneIn(3) ? hidden : all
        guard let id = pool.randomElement(using: &random) else { continue }
        engine.select(ListIdentifier(id))
        selected.insert(id)
        log.append("selected \(id)\(shownIDs.contains(id) ? "" : " (hidden)")")
      case 3, 4, 5:
        try log.append(
          selectionStep(kind - 3, of: engine, rows: all, shown: shownIDs, selected: &selected, &random))
      case 6, 7:
        let leaf = random.below(leafCount)
        for section in models[leaf].indices {
          for _ in 0..<random.below(3) where !models[leaf][section].isEmpty {
            let row = models[leaf][section].remove(at: random.below(models[leaf][section].count))
            selected.remove(row.id)
          }
          for _ in 0..<random.below(3) {
            models[leaf][section].insert(newRow(leaf), at: random.below(models[leaf][section].count + 1))
          }
        }
        leaves[leaf].update(to: snapshot(leaf))
        log.append("list \(leaf) changed")
      case 8, 9:
        if let inner, random.oneIn(2) {
          inner.query = queries[random.below(queries.count)]
          log.append("inner query '\(inner.query)'")
        } else {
          filtered.query = queries[random.below(queries.count)]
          log.append("query '\(filtered.query)'")
        }
      default:
        if random.oneIn(3) {
          engine.clearSelection()
          selected = []
          log.append("none")
        } else if let id = selected.sorted().randomElement(using: &random) {
          engine.deselect(ListIdentifier(id))
          selected.remove(id)
          log.append("deselected \(id)")
        }
      }
      let context = "seed \(seed) \(layout) step \(step): \(log.suffix(6))"
      problems += selectionHeardProblems(engine: engine, selected: selected, heard: heard) { rows(of: $0) }
      if !problems.isEmpty { return ["\(context): \(problems.prefix(3))"] }
    }
    withExtendedLifetime(engine) {}
    return []
  }

  @Test("each feed hears of the selection of its rows, hidden or shown, and of their deselection")
  func hiddenRowsSelectedAreTold() throws {
    try recordFailingSeeds(DeepPass.seeds(quick: 60, deep: 1_500)) { try Self.run(seed: $0) }
  }
}
