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

  /// A selection call, with the pick that chooses its row among those it can take when it runs.
  enum Call: CustomStringConvertible {
    case selectAll
    case clear
    case deselect(pick: Int)
    case select(pick: Int)

    var description: String {
      switch self {
      case .selectAll: "select all"
      case .clear: "clear"
      case .deselect(let pick): "deselect #\(pick)"
      case .select(let pick): "select #\(pick)"
      }
    }
  }

  /// The selection calls a generator draws, by weight.
  static let calls = WeightedChoice<(inout SeededRandom) -> Call>([
    ("select all", weight: 1, { _ in .selectAll }),
    ("clear the selection", weight: 1, { _ in .clear }),
    ("deselect a selected row", weight: 3, { .deselect(pick: $0.below(1_000)) }),
    ("select a row", weight: 5, { .select(pick: $0.below(1_000)) }),
  ])

  /// Up to three random selection calls.
  static func randomCalls(_ random: inout SeededRandom) -> [Call] {
    (0..<random.below(4)).map { _ in calls.pick(using: &random).value(&random) }
  }

  /// Makes `call` on the list shown, and on `expected`.
  static func perform(
    _ call: Call,
    snapshot: ListSnapshot,
    expected: inout SelectionModel,
    select: (ItemPath) throws -> Void,
    deselect: (ListIdentifier) -> Void,
    selectAll: () -> Void,
    clear: () -> Void
  ) rethrows {
    let paths = allPaths(snapshot)
    switch call {
    case .selectAll:
      selectAll()
      for path in paths { expected.select(snapshot[path.section].elements[path.item].id) }
    case .clear:
      clear()
      expected.clear()
    case .deselect(let pick):
      guard !expected.identifiers.isEmpty else { return }
      let id = expected.identifiers[pick % expected.identifiers.count]
      deselect(id)
      expected.deselect(id)
    case .select(let pick):
      guard !paths.isEmpty else { return }
      let path = paths[pick % paths.count]
      try select(path)
      expected.select(snapshot[path.section].elements[path.item].id)
    }
  }

  /// One step of ``stateFeed()``: a new state, or a selection call.
  enum Step: CustomStringConvertible {
    case apply([ListSection<CellBinder>])
    case call(Call)

    var description: String {
      switch self {
      case .apply(let sections): "apply \(sections.map { "\($0.id):\($0.items.map(\.id))" })"
      case .call(let call): "\(call)"
      }
    }
  }

  /// Eight states, each followed by up to three selection calls.
  static func steps(seed: UInt64) -> [Step] {
    var random = SeededRandom(seed: seed)
    return (0..<8).flatMap { _ in [Step.apply(RandomLists.sections(&random))] + randomCalls(&random).map(Step.call) }
  }

  /// Runs `steps` on a fresh state feed and returns the first mismatch with ``SelectionModel``, if any.
  static func run(_ steps: [Step], mode: ListSelection.Mode) async throws -> String? {
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
    engine.selectionMode = mode
    var expected = SelectionModel(limit: mode == .single ? 1 : .max)
    for (index, step) in steps.enumerated() {
      switch step {
      case .apply(let sections):
        await controller.apply(sections)
        expected.keepOnly(Set(engine.snapshot.flatMap { $0.elements.map(\.id) }))
      case .call(let call):
        try perform(
          call, snapshot: engine.snapshot, expected: &expected,
          select: { try engine.select(rowAt: $0) }, deselect: { engine.deselect($0) },
          selectAll: { engine.selectAll() }, clear: { engine.clearSelection() })
      }
      let ids = Set(expected.identifiers)
      let problems = [
        (engine.selection.identifiers == expected.identifiers, "the selection \(engine.selection.identifiers)"),
        (engine.selectedRows == paths(of: ids, in: engine.snapshot), "the selected rows \(engine.selectedRows)"),
        (view.selectedRows == engine.selectedRows, "the view's selected rows \(view.selectedRows)"),
        (tracked == ids, "the delegate heard of \(tracked)"),
        (view.inconsistencies.isEmpty, "the view's inconsistencies \(view.inconsistencies)"),
      ].filter { !$0.0 }.map(\.1)
      if !problems.isEmpty {
        return
          "after step \(index) (\(step)): \(problems.joined(separator: "; ")), the model has \(expected.identifiers)"
      }
    }
    return nil
  }

  @Test(
    "a state feed's selection keeps moved rows, drops deleted ones, and reads back as the list's paths",
    .timeLimit(.minutes(60)))
  func stateFeed() async throws {
    for seed in DeepPass.seeds(quick: 30, deep: 150) {
      let mode: ListSelection.Mode = seed % 3 == 0 ? .single : .multiple
      let steps = Self.steps(seed: seed)
      guard let failure = try await Self.run(steps, mode: mode) else { continue }
      let shortest = try await shortestFailing(steps) { try await Self.run($0, mode: mode) != nil }
      let sequence = shortest.map { "  \($0)" }.joined(separator: "\n")
      Issue.record(
        "seed \(seed) (\(mode)): \(failure)\nshortest failing sequence, \(shortest.count) of \(steps.count) steps:\n\(sequence)"
      )
      return
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

  /// The child of ``composite()`` that gets a new state, by weight.
  static let children = WeightedChoice([
    ("a new state for the first child (a state feed)", weight: 1, 0),
    ("new sections for the second child (a sections feed)", weight: 1, 1),
    ("a new state for the third child (a state feed)", weight: 1, 2),
  ])

  @Test(
    "a composite's selection follows identity, and each child hears of its own rows by local position",
    .timeLimit(.minutes(60)))
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
        switch Self.children.pick(using: &random).value {
        case 0: await first.apply(Self.childSections("a", &random))
        case 1: second.update(to: Self.childSections("b", &random).map(\.snapshot))
        default: await third.apply(Self.childSections("c", &random))
        }
        expected.keepOnly(Set(list.snapshot.flatMap { $0.elements.map(\.id) }))
        for call in Self.randomCalls(&random) {
          try Self.perform(
            call, snapshot: list.snapshot, expected: &expected,
            select: { try list.select(rowAt: $0) }, deselect: { list.deselect($0) },
            selectAll: { list.selectAll() }, clear: { list.clearSelection() })
        }
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
