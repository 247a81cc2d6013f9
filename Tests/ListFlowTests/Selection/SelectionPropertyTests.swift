import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Selection is kept by identity across random updates: a deleted row leaves it, a moved or changed row keeps
/// it, and the positions read back always match the list shown, on a state feed and on a composite. The oracle
/// is ``SelectionModel``, a plain array of identities that shares no code with `ListSelection`.
@MainActor
@Suite("Selection follows identity")
struct SelectionPropertyTests {
  /// The positions of the rows of `snapshot` whose identity is in `ids`.
  static func paths(of ids: Set<ListIdentifier>, in snapshot: ListSnapshot) -> [ItemPath] {
    snapshot.enumerated().flatMap { section, content in
      content.elements.enumerated().compactMap { item, binder in
        ids.contains(binder.id) ? ItemPath(item: item, section: section) : nil
      }
    }
  }

  static func allPaths(_ snapshot: ListSnapshot) -> [ItemPath] {
    snapshot.enumerated().flatMap { section, content in
      content.elements.indices.map { ItemPath(item: $0, section: section) }
    }
  }

  /// Random selection calls on the list shown, mirrored on `expected`.
  static func randomSelectionCalls(
    _ random: inout SeededRandom,
    snapshot: ListSnapshot,
    expected: inout SelectionModel,
    select: (ItemPath) throws -> Void,
    deselect: (ListIdentifier) -> Void,
    selectAll: () -> Void,
    clear: () -> Void
  ) rethrows {
    let paths = allPaths(snapshot)
    for _ in 0..<Int(random.next() % 4) {
      switch random.next() % 10 {
      case 0:
        selectAll()
        for path in paths { expected.select(snapshot[path.section].elements[path.item].id) }
      case 1:
        clear()
        expected.clear()
      case 2, 3, 4:
        guard let id = expected.identifiers.randomElement(using: &random) else { continue }
        deselect(id)
        expected.deselect(id)
      default:
        guard let path = paths.randomElement(using: &random) else { continue }
        try select(path)
        expected.select(snapshot[path.section].elements[path.item].id)
      }
    }
  }

  @Test(
    "a state feed's selection keeps moved rows, drops deleted ones, and reads back as the list's paths",
    .timeLimit(.minutes(20)))
  func stateFeed() async throws {
    for seed in DeepPass.seeds(quick: 30, deep: 150) {
      var random = SeededRandom(seed: seed)
      let view = RecordingListView()
      var tracked: Set<ListIdentifier> = []
      var delegate = SyncDelegate()
      delegate.didChangeSelection = { change in
        tracked.formUnion(change.added)
        tracked.subtract(change.removed)
      }
      let controller = ListController<[ListSection<CellBinder>]>(
        configuration: ListControllerConfiguration(backgroundDiffThreshold: .max))
      let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
      let mode: ListSelection.Mode = seed % 3 == 0 ? .single : .multiple
      engine.selectionMode = mode
      var expected = SelectionModel(limit: mode == .single ? 1 : .max)
      for _ in 0..<8 {
        await controller.apply(RandomLists.sections(&random))
        expected.keepOnly(Set(engine.snapshot.flatMap { $0.elements.map(\.id) }))
        try Self.randomSelectionCalls(
          &random, snapshot: engine.snapshot, expected: &expected,
          select: { try engine.select(rowAt: $0) }, deselect: { engine.deselect($0) },
          selectAll: { engine.selectAll() }, clear: { engine.clearSelection() })
        let ids = Set(expected.identifiers)
        #expect(Set(engine.selection.identifiers) == ids, "seed \(seed)")
        #expect(engine.selection.identifiers == expected.identifiers, "seed \(seed): the order of selection")
        #expect(engine.selectedRows == Self.paths(of: ids, in: engine.snapshot), "seed \(seed)")
        #expect(view.selectedRows == engine.selectedRows, "seed \(seed)")
        #expect(tracked == ids, "seed \(seed)")
        #expect(view.inconsistencies.isEmpty, "seed \(seed)")
      }
    }
  }

  /// A child's random sections, with identities (rows and sections) prefixed by the child's name.
  static func childSections(_ name: String, _ random: inout SeededRandom) -> [ListSection<CellBinder>] {
    RandomLists.sections(&random).map { section in
      ListSection(
        id: "\(name)\(section.id)", header: section.header, footer: section.footer,
        items: section.items.map { $0.identified(by: "\(name)\($0.id)") })
    }
  }

  @Test(
    "a composite's selection follows identity, and each child hears of its own rows by local position",
    .timeLimit(.minutes(20)))
  func composite() async throws {
    for seed in DeepPass.seeds(quick: 20, deep: 100) {
      var random = SeededRandom(seed: seed)
      let view = RecordingListView()
      let composite = ComposedFeed<ListSectionSnapshot>()
      let config = ListControllerConfiguration(backgroundDiffThreshold: .max)
      let first = ListController<[ListSection<CellBinder>]>(configuration: config)
      let second = SectionsFeed<ListSectionSnapshot>()
      let third = ListController<[ListSection<CellBinder>]>(configuration: config)
      try composite.append(first)
      try composite.append(second)
      try composite.append(third)
      let list = try ListEngine(view: view, showing: composite)
      list.selectionMode = .multiple
      var localProblems: [String] = []
      var firstDelegate = SyncDelegate()
      firstDelegate.didChangeSelection = { change in
        for path in change.addedRows {
          guard let binder = try? first.row(at: path), change.added.contains(binder.id),
            change.selection.contains(binder.id)
          else {
            localProblems.append("first: \(path) not an added row of \(change)")
            continue
          }
        }
        for path in change.removedRows {
          guard let binder = try? first.row(at: path), change.removed.contains(binder.id) else {
            localProblems.append("first: \(path) not a removed row of \(change)")
            continue
          }
        }
      }
      first.delegate = firstDelegate
      var expected = SelectionModel(limit: .max)
      for _ in 0..<8 {
        switch random.next() % 3 {
        case 0: await first.apply(Self.childSections("a", &random))
        case 1: second.update(to: Self.childSections("b", &random).map(\.snapshot))
        default: await third.apply(Self.childSections("c", &random))
        }
        expected.keepOnly(Set(list.snapshot.flatMap { $0.elements.map(\.id) }))
        try Self.randomSelectionCalls(
          &random, snapshot: list.snapshot, expected: &expected,
          select: { try list.select(rowAt: $0) }, deselect: { list.deselect($0) },
          selectAll: { list.selectAll() }, clear: { list.clearSelection() })
        let ids = Set(expected.identifiers)
        #expect(Set(list.selection.identifiers) == ids, "seed \(seed)")
        #expect(list.selectedRows == Self.paths(of: ids, in: list.snapshot), "seed \(seed)")
        #expect(view.selectedRows == list.selectedRows, "seed \(seed)")
        #expect(view.inconsistencies.isEmpty, "seed \(seed)")
      }
      #expect(localProblems.isEmpty, "seed \(seed): \(localProblems)")
    }
  }
}

/// The oracle of ``SelectionPropertyTests``: a selection as a plain array of identities in the order they were
/// selected, written the obvious way and sharing no code with `ListSelection`. Selecting past `limit` drops the
/// oldest; a row that leaves the list leaves the selection.
struct SelectionModel {
  /// How many identities may be selected at once (1 in single mode).
  let limit: Int
  private(set) var identifiers: [ListIdentifier] = []

  mutating func select(_ id: ListIdentifier) {
    guard !identifiers.contains(id) else { return }
    identifiers.append(id)
    if identifiers.count > limit { identifiers.removeFirst(identifiers.count - limit) }
  }

  mutating func deselect(_ id: ListIdentifier) { identifiers.removeAll { $0 == id } }

  mutating func clear() { identifiers = [] }

  /// Drops the identities that are not in `shown`.
  mutating func keepOnly(_ shown: Set<ListIdentifier>) { identifiers.removeAll { !shown.contains($0) } }
}
