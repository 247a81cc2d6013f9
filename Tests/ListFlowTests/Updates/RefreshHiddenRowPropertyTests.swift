import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases (60 seeds in the quick pass, 400 in the deep pass): random lists in random feeds (a controller
/// alone, a filter with a random query over a controller or a tree, a tree with random collapsed rows, composites
/// of these, nested or hidden), then random refresh requests naming rows shown, rows a feed holds but does not show
/// and identities no feed has, made through the engine (`reconfigureRows`, `reloadRows`) and through a
/// controller's edit (`ListEdit.reconfigureRows` and `reloadRows`, applied). The oracle is the test's own record of
/// the rows it gave each feed: exactly the identities no feed has are reported as `unknownRows`, the rows
/// refreshed are exactly the rows shown that the request named, and the list shown does not change (a refresh
/// does not filter again).
@MainActor
@Suite("A refresh of a row a feed holds but does not show reports nothing")
struct RefreshHiddenRowPropertyTests {
  typealias Named = FilteredFeedTests.Named
  typealias File = TreeFilterPropertyTests.File

  /// What the test built: the feeds, the controllers it can edit, and every identity a feed holds.
  struct Built {
    var controllers: [(controller: ListController<[CellBinder]>, ids: [ListIdentifier])] = []
    var filters: [FilteredFeed] = []
    var held: Set<ListIdentifier> = []
    var log: [String] = []
    /// The first identity of the next feed made, less one: 100 a feed, so that no two feeds share one.
    var nextBase = 10_000

    mutating func takeBase() -> Int {
      nextBase += 100
      return nextBase
    }
  }

  /// A controller with one or two sections of up to five rows, identities from `base` on.
  static func controller(
    base: Int, _ random: inout SeededRandom, into built: inout Built
  ) -> ListController<[CellBinder]> {
    let controller = ListController<[CellBinder]>()
    var next = base
    var ids: [ListIdentifier] = []
    let sections = (0..<1 + random.below(2)).map { section in
      let rows = (0..<random.below(6)).map { _ in
        next += 1
        ids.append(ListIdentifier(next))
        return FilteredFeedTests.binder(Named(id: next, title: FilteredFeedTests.word(&random, maxLength: 3)))
      }
      return ListSection(id: "s\(base)-\(section)", items: rows)
    }
    var edit = controller.makeEdit()
    try? edit.appendSections(sections)
    controller.apply(edit)
    built.controllers.append((controller, ids))
    built.held.formUnion(ids)
    built.log.append("controller \(base): \(ids.count) rows")
    return controller
  }

  /// A tree of up to 12 nodes, identities from `base` on, with a random half of its rows expanded.
  static func tree(base: Int, _ random: inout SeededRandom, into built: inout Built) -> OutlineFeed<File> {
    var next = base
    var ids: [ListIdentifier] = []
    var parents: [Int] = []
    func nodes(depth: Int) -> [Outline<File>.Node] {
      (0..<random.below(depth == 0 ? 4 : 3)).compactMap { _ in
        guard next < base + 12 else { return nil }
        next += 1
        ids.append(ListIdentifier(next))
        let file = File(id: next, name: FilteredFeedTests.word(&random, maxLength: 3))
        let children = depth < 3 ? nodes(depth: depth + 1) : []
        if !children.isEmpty { parents.append(file.id) }
        return Outline.Node(file, children: children)
      }
    }
    let roots = nodes(depth: 0)
    let expanded = Set(parents.filter { _ in random.oneIn(2) })
    built.held.formUnion(ids)
    built.log.append("tree \(base): \(next - base) nodes, expanded \(expanded.sorted())")
    return OutlineFeed(
      id: "tree \(base)", outline: Outline(roots, expanded: expanded), cell: TreeFilterPropertyTests.binder)
  }

  /// A filter over `source` with a random query.
  static func filter(
    _ source: any ListFeed<ListSectionSnapshot>, _ random: inout SeededRandom, into built: inout Built
  ) throws -> FilteredFeed {
    let filtered = try FilteredFeed(source, query: FilteredFeedTests.word(&random, maxLength: 2))
    built.filters.append(filtered)
    built.log.append("filter '\(filtered.query)'")
    return filtered
  }

  /// A random feed; composites hold feeds of their own.
  static func feed(
    depth: Int, _ random: inout SeededRandom, into built: inout Built
  ) throws -> any ListFeed<ListSectionSnapshot> {
    enum Kind { case controller, filteredController, tree, filteredTree, composite, filteredComposite }
    var options: [(String, weight: Int, Kind)] = [
      ("a controller", weight: 2, .controller),
      ("a filter over a controller", weight: 3, .filteredController),
      ("a tree", weight: 2, .tree),
      ("a filter over a tree", weight: 2, .filteredTree),
    ]
    if depth < 2 {
      options += [("a composite", weight: 2, .composite), ("a filter over a composite", weight: 1, .filteredComposite)]
    }
    let kind = WeightedChoice(options).pick(using: &random).value
    switch kind {
    case .controller: return controller(base: built.takeBase(), &random, into: &built)
    case .filteredController:
      return try filter(controller(base: built.takeBase(), &random, into: &built), &random, into: &built)
    case .tree: return tree(base: built.takeBase(), &random, into: &built)
    case .filteredTree: return try filter(tree(base: built.takeBase(), &random, into: &built), &random, into: &built)
    case .composite, .filteredComposite:
      let composite = ComposedFeed<ListSectionSnapshot>()
      built.log.append("composite {")
      for _ in 0..<1 + random.below(3) {
        try composite.append(feed(depth: depth + 1, &random, into: &built))
      }
      if depth > 0, random.oneIn(4) {
        composite.isHidden = true
        built.log.append("} hidden")
      } else {
        built.log.append("}")
      }
      guard kind == .filteredComposite else { return composite }
      return try filter(composite, &random, into: &built)
    }
  }

  /// The identities of the rows shown, in order.
  static func shown(_ engine: ListEngine) -> [ListIdentifier] {
    engine.snapshot.flatMap { section in section.elements.map(\.id) }
  }

  @Test("only identities no feed has are reported; the rows shown named are refreshed, and only they")
  func refreshReportsOnlyUnknownRows() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 60, deep: 400) {
      var random = SeededRandom(seed: seed)
      var built = Built()
      let top = try Self.feed(depth: 0, &random, into: &built)
      let view = RecordingListView()
      let engine = try ListEngine(view: view, showing: top)
      var reported: [ListFlowError] = []
      engine.delegate.didFail = { reported.append($0) }

      enum Entry { case reconfigure, reload, edit, editAndDelete, query }
      var options: [(String, weight: Int, Entry)] = [
        ("engine.reconfigureRows", weight: 3, .reconfigure), ("engine.reloadRows", weight: 2, .reload),
      ]
      if !built.controllers.isEmpty {
        options += [
          ("a controller's edit, reconfigured or reloaded", weight: 3, .edit),
          ("a controller's edit that marks a row, then deletes it", weight: 1, .editAndDelete),
        ]
      }
      if !built.filters.isEmpty { options.append(("a new query between requests", weight: 1, .query)) }
      let entries = WeightedChoice(options)
      var unknownID = 90_000
      for round in 0..<6 {
        let shownBefore = Self.shown(engine)
        let shownSet = Set(shownBefore)
        let hidden = built.held.subtracting(shownSet).sorted { "\($0)" < "\($1)" }
        /// One identity: shown, held but not shown, or no feed's.
        func draw(among own: [ListIdentifier]? = nil) -> ListIdentifier {
          if let own { return own[random.below(own.count)] }
          if !shownBefore.isEmpty, random.oneIn(3) { return shownBefore[random.below(shownBefore.count)] }
          if !hidden.isEmpty, !random.oneIn(3) { return hidden[random.below(hidden.count)] }
          unknownID += 1
          return ListIdentifier(unknownID)
        }
        let batches = view.updates.count
        let failuresBefore = reported.count
        var ids: [ListIdentifier] = []
        var reloading = false
        let entry = entries.pick(using: &random)
        switch entry.value {
        case .query:
          let filter = built.filters[random.below(built.filters.count)]
          filter.query = FilteredFeedTests.word(&random, maxLength: 2)
          built.log.append("round \(round): query '\(filter.query)'")
          continue
        case .reconfigure, .reload:
          ids = (0..<1 + random.below(4)).map { _ in draw() }
          reloading = entry.value == .reload
          if reloading { engine.reloadRows(ids) } else { engine.reconfigureRows(ids) }
        case .edit, .editAndDelete:
          let (controller, own) = built.controllers[random.below(built.controllers.count)]
          let alive = own.filter { built.held.contains($0) }
          guard !alive.isEmpty else { continue }
          ids = (0..<1 + random.below(3)).map { _ in draw(among: alive) }
          reloading = random.oneIn(2)
          var edit = controller.makeEdit()
          if reloading { try edit.reloadRows(ids) } else { try edit.reconfigureRows(ids) }
          if entry.value == .editAndDelete {
            try edit.deleteRows([ids[0]])
            built.held.remove(ids[0])
          }
          controller.apply(edit)
        }
        built.log.append("round \(round): \(entry.name) \(ids)")
        let context = "seed \(seed): \(built.log)"

        // The oracle: the test's own record of the rows it gave the feeds.
        var seen: Set<ListIdentifier> = []
        let unknown = ids.filter { !built.held.contains($0) && seen.insert($0).inserted }
        let told = Array(reported[failuresBefore...])
        let expectedErrors: [ListFlowError] = unknown.isEmpty ? [] : [.unknownRows(unknown)]
        if told != expectedErrors {
          failures.append("\(context): reported \(told), expected \(expectedErrors)")
        }
        let refreshes = view.updates[batches...].filter { !$0.reconfiguredRows.isEmpty || !$0.reloadedRows.isEmpty }
        let refreshed = refreshes.flatMap { update in
          (reloading ? update.reloadedRows : update.reconfiguredRows).map {
            update.changeset.data[$0.section].elements[$0.item].id
          }
        }
        let shownNamed = Set(ids).intersection(Self.shown(engine))
        if Set(refreshed) != shownNamed || refreshed.count != shownNamed.count || refreshes.count > 1 {
          failures.append("\(context): refreshed \(refreshed), expected \(shownNamed.sorted { "\($0)" < "\($1)" })")
        }
        if entry.value != .editAndDelete, Self.shown(engine) != shownBefore {
          failures.append("\(context): the rows shown changed")
        }
      }
      #expect(view.inconsistencies.isEmpty, "seed \(seed): \(built.log)")
      #expect(view.renderedLines == ListRendering.lines(of: engine.snapshot), "seed \(seed): \(built.log)")
    }
    #expect(failures.isEmpty, "\(failures.count) requests told wrongly; first: \(failures.first ?? "")")
  }
}
