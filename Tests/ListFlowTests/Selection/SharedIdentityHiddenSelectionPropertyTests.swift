import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlow

/// Selection follows identity: selecting an identity selects every row that carries it, shown or hidden by a
/// filter. So when lists hold rows of one identity, and a filter hides the copy of one list while another list
/// shows its own, each list hears of the identity's selection and of its deselection, once, as it would with no
/// other list holding a copy (``HiddenSelectionAddPropertyTests`` keeps identities apart).
///
/// Generated: two lists (a filtered one beside a plain one in a composite, two filtered lists with a query each,
/// a filter over a composite of both, or a filter over a composite of a filtered list and a plain one), or one
/// filtered list with a copy in each of two sections; some identities are held by rows of several lists (or
/// sections), each copy with its own text, so that a query may hide one copy and show another. Random selections
/// by identity (of shared identities more often than not), selections restored with `setSelection`, toggles of
/// rows shown, selections of every row shown, deselections by identity and of every row, queries, and changes of
/// the lists that delete and insert rows whose identity no other row carries. The oracle is a model of the
/// selection that reads nothing of the engine's routing: after every step, each list must have heard (adding what
/// it was told was added, taking out what it was told was removed) exactly the selected identities of its own
/// rows, shown or hidden; never an identity its rows do not carry, never told twice that an identity was added,
/// nor that one it had not heard of was removed.
@MainActor
@Suite("A row hidden by one feed and shown by another is told to both")
struct SharedIdentityHiddenSelectionPropertyTests {
  /// How the lists are shown.
  enum Layout: CaseIterable {
    case filteredList, compositeWithFilteredChild, twoFilteredChildren, filteredComposite, nestedFilters
  }

  static let words = ["ant", "bee", "cat", "dog"]
  static let queries = ["", "ant", "bee", "cat", "dog", "at", "zz"]

  /// The first step whose lists did not hear what the model says, with its problems; empty when none.
  static func run(seed: UInt64) throws -> [String] {
    var random = SeededRandom(seed: seed)
    let layout = Layout.allCases[random.below(Layout.allCases.count)]
    let leafCount = layout == .filteredList ? 1 : 2
    var nextRow = 0
    /// Each list's rows, by section: an identity and its text. `s<n>` identities are shared (a copy in each list,
    /// or in each section of the one list); `c<leaf> r<n>` ones are held by one row, never used again.
    var models = [[[(id: String, text: String)]]](repeating: [], count: leafCount)
    var selected: Set<String> = []
    /// What each list heard is selected.
    var heard = [Set<String>](repeating: [], count: leafCount)
    var problems: [String] = []
    func word() -> String { words[random.below(words.count)] }
    func newRow(_ leaf: Int) -> (id: String, text: String) {
      nextRow += 1
      return ("c\(leaf) r\(nextRow)", "c\(leaf) r\(nextRow) \(word())")
    }
    func snapshot(_ leaf: Int) -> [ListSectionSnapshot] {
      models[leaf].enumerated().map { index, rows in
        ListSection(id: "c\(leaf)s\(index)", items: rows.map { MessageCell.makeBinder(value: $0.text, id: $0.id) })
          .snapshot
      }
    }
    func rows(of leaf: Int) -> Set<String> { Set(models[leaf].flatMap { $0.map(\.id) }) }
    /// How many rows carry each identity, in every list.
    func copies() -> [String: Int] {
      models.flatMap { $0.flatMap { $0.map(\.id) } }.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }
    for leaf in 0..<leafCount {
      let sections = layout == .filteredList ? 2 : 1 + random.below(2)
      models[leaf] = (0..<sections).map { _ in (0..<1 + random.below(3)).map { _ in newRow(leaf) } }
    }
    // The shared identities: a copy in each list (in each section of the one list), anywhere, with its own text.
    for shared in 0..<2 + random.below(3) {
      for leaf in 0..<leafCount {
        let sections = leafCount == 1 ? Array(models[leaf].indices) : [random.below(models[leaf].count)]
        for section in sections {
          let row = (id: "s\(shared)", text: "s\(shared) \(word())")
          models[leaf][section].insert(row, at: random.below(models[leaf][section].count + 1))
        }
      }
    }
    var leaves: [SectionsFeed<ListSectionSnapshot>] = []
    for leaf in 0..<leafCount {
      let feed = SectionsFeed<ListSectionSnapshot>(sections: snapshot(leaf))
      feed.delegate.didChangeSelection = { change in
        noteHeard(change, byList: leaf, heard: &heard[leaf], problems: &problems, owns: { rows(of: leaf).contains($0) })
      }
      leaves.append(feed)
    }
    /// The filters whose query the steps change.
    var filters: [FilteredFeed] = []
    let shown: any ListFeed<ListSectionSnapshot>
    switch layout {
    case .filteredList:
      filters = [try FilteredFeed(leaves[0])]
      shown = filters[0]
    case .compositeWithFilteredChild:
      filters = [try FilteredFeed(leaves[0])]
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(filters[0])
      try composite.append(leaves[1])
      shown = composite
    case .twoFilteredChildren:
      filters = [try FilteredFeed(leaves[0]), try FilteredFeed(leaves[1])]
      let composite = ComposedFeed<ListSectionSnapshot>()
      for filter in filters { try composite.append(filter) }
      shown = composite
    case .filteredComposite:
      let composite = ComposedFeed<ListSectionSnapshot>()
      for leaf in leaves { try composite.append(leaf) }
      filters = [try FilteredFeed(composite)]
      shown = filters[0]
    case .nestedFilters:
      let under = try FilteredFeed(leaves[0])
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(under)
      try composite.append(leaves[1])
      filters = [try FilteredFeed(composite), under]
      shown = filters[0]
    }
    // Queries set before the engine shows the lists, so that some copies start hidden.
    for filter in filters where random.oneIn(2) { filter.query = queries[random.below(queries.count)] }
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: shown, reloadThreshold: random.oneIn(2) ? nil : random.below(4))
    engine.selectionMode = .multiple
    var log: [String] = []
    for step in 0..<24 {
      let all = Set((0..<leafCount).flatMap { rows(of: $0) }).sorted()
      let shownIDs = Set(engine.snapshot.flatMap(\.elements.identities).map(\.description))
      let kind = random.below(12)
      switch kind {
      case 0, 1, 2:
        // Shared identities more often than not.
        let shared = all.filter { $0.hasPrefix("s") }
        let pool = !shared.isEmpty && !random.oneIn(3) ? shared : all
        guard let id = pool.randomElement(using: &random) else { continue }
        engine.select(ListIdentifier(id))
        selected.insert(id)
        log.append("selected \(id)\(shownIDs.contains(id) ? "" : " (hidden)")")
      case 3, 4, 5:
        try log.append(
          selectionStep(kind - 3, of: engine, rows: all, shown: shownIDs, selected: &selected, &random))
      case 6:
        // Rows no other row shares an identity with are deleted; new ones are inserted.
        let leaf = random.below(leafCount)
        let count = copies()
        for section in models[leaf].indices {
          for _ in 0..<random.below(3) {
            let single = models[leaf][section].indices.filter { count[models[leaf][section][$0].id] == 1 }
            guard let index = single.randomElement(using: &random) else { break }
            selected.remove(models[leaf][section].remove(at: index).id)
          }
          for _ in 0..<random.below(3) {
            models[leaf][section].insert(newRow(leaf), at: random.below(models[leaf][section].count + 1))
          }
        }
        leaves[leaf].update(to: snapshot(leaf))
        log.append("list \(leaf) changed")
      case 7, 8, 9:
        let filter = random.below(filters.count)
        filters[filter].query = queries[random.below(queries.count)]
        log.append("query \(filter) '\(filters[filter].query)'")
      default:
        if random.oneIn(4) {
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

  @Test("each feed hears once of the selection of its rows of an identity another feed shows or hides")
  func sharedIdentitiesAreToldToEachFeed() throws {
    try recordFailingSeeds(DeepPass.seeds(quick: 60, deep: 1_500)) { try Self.run(seed: $0) }
  }
}
