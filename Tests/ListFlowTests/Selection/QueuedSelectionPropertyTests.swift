import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Selection calls queued behind changes made from delegate closures: each call's identities are looked up
/// when it runs, so it reaches rows those changes add. Checked against a plain model, a set of identities that
/// takes the calls in order over the list each change leaves.
@MainActor
@Suite("Queued selection calls resolve identities when they run")
struct QueuedSelectionPropertyTests {
  /// A call made from a closure: a change of the list (its identities, and how to make it) or a selection call.
  enum Step {
    case change([ListIdentifier], () -> Void)
    case select(ListIdentifier)
    case deselect(ListIdentifier)
    case setSelection([ListIdentifier])
    case selectAll
    case clear
    /// A toggle of the row at a position of the list shown at the time of the call, whose identity is given.
    case toggle(ItemPath, ListIdentifier)
  }

  /// The model: the selection after `steps`, starting from `selected` over a list whose identities are `shown`.
  /// Changes queued one after another are shown as one list, so only the last of a run deletes rows; the first
  /// step (the change being applied when the closure ran) stands alone.
  static func model(
    _ steps: [Step], selected start: Set<ListIdentifier>, shown start0: [ListIdentifier]
  ) -> Set<ListIdentifier> {
    var selected = start
    var shown = Set(start0)
    for (index, step) in steps.enumerated() {
      switch step {
      case .change(let ids, _):
        shown = Set(ids)
        let nextIsChange: Bool
        if index > 0, index + 1 < steps.count, case .change = steps[index + 1] {
          nextIsChange = true
        } else {
          nextIsChange = false
        }
        if !nextIsChange { selected.formIntersection(shown) }
      case .select(let id): if shown.contains(id) { selected.insert(id) }
      case .deselect(let id): selected.remove(id)
      case .setSelection(let ids): selected = Set(ids).intersection(shown)
      case .selectAll: selected.formUnion(shown)
      case .clear: selected = []
      case .toggle(_, let id):
        guard shown.contains(id) else { continue }
        if selected.contains(id) { selected.remove(id) } else { selected.insert(id) }
      }
    }
    return selected
  }

  /// Random steps: changes from `makeChange` and selection calls naming identities of `pool` (rows that are,
  /// were, or will be shown, and some never shown), toggles at positions of `current`.
  static func randomSteps(
    _ random: inout SeededRandom, pool: [ListIdentifier], current: ListSnapshot,
    makeChange: (inout SeededRandom) -> Step
  ) -> [Step] {
    var steps: [Step] = []
    var pool = pool
    let paths = SelectionPropertyTests.allPaths(current)
    // Often a change first, then a call on a row it adds, as the issue has it: append a row, then select it.
    // (Changes are made in the order they are drawn: each one's identities follow from the ones before.)
    if random.next() % 2 == 0 {
      let change = makeChange(&random)
      steps.append(change)
      if case .change(let ids, _) = change, let id = ids.randomElement(using: &random) {
        pool += ids
        steps.append(.select(id))
      }
    }
    for _ in 0..<(1 + Int(random.next() % 7)) {
      switch stepKinds.pick(using: &random).value {
      case .change:
        let change = makeChange(&random)
        if case .change(let ids, _) = change { pool += ids }
        steps.append(change)
      case .select: steps.append(.select(pool.randomElement(using: &random) ?? "none"))
      case .deselect: steps.append(.deselect(pool.randomElement(using: &random) ?? "none"))
      case .setSelection:
        steps.append(.setSelection(pool.filter { _ in random.next() % 3 == 0 }))
      case .clearOrSelectAll: steps.append(random.next() % 3 == 0 ? .clear : .selectAll)
      case .toggle:
        guard let path = paths.randomElement(using: &random) else { continue }
        steps.append(.toggle(path, current[path.section].elements[path.item].id))
      }
    }
    return steps
  }

  /// The kinds of step a delegate closure makes, by weight.
  enum StepKind { case change, select, deselect, setSelection, clearOrSelectAll, toggle }

  /// The steps a generator draws (the weights of the cases of the switch this replaced, in the same order).
  static let stepKinds = WeightedChoice<StepKind>([
    ("change the list", weight: 2, .change),
    ("select an identity", weight: 2, .select),
    ("deselect an identity", weight: 1, .deselect),
    ("set the selection", weight: 1, .setSelection),
    ("clear or select all", weight: 1, .clearOrSelectAll),
    ("toggle a row", weight: 2, .toggle),
  ])

  /// Makes the calls of `steps` (from a delegate closure).
  static func perform(
    _ steps: [Step], select: (ListIdentifier) -> Void, deselect: (ListIdentifier) -> Void,
    setSelection: ([ListIdentifier]) -> Void, selectAll: () -> Void, clear: () -> Void,
    toggle: (ItemPath) throws -> Void
  ) {
    for step in steps {
      switch step {
      case .change(_, let make): make()
      case .select(let id): select(id)
      case .deselect(let id): deselect(id)
      case .setSelection(let ids): setSelection(ids)
      case .selectAll: selectAll()
      case .clear: clear()
      case .toggle(let path, _): try? toggle(path)
      }
    }
  }

  /// The steps, for a failure's message.
  static func describe(_ steps: [Step]) -> String {
    steps.map { step in
      switch step {
      case .change(let ids, _): "change to \(ids)"
      case .select(let id): "select \(id)"
      case .deselect(let id): "deselect \(id)"
      case .setSelection(let ids): "setSelection \(ids)"
      case .selectAll: "selectAll"
      case .clear: "clear"
      case .toggle(let path, let id): "toggle \(path) (\(id))"
      }
    }.joined(separator: "; ")
  }

  static func ids(_ snapshot: ListSnapshot) -> [ListIdentifier] {
    snapshot.flatMap { $0.elements.map(\.id) }
  }

  @Test(
    "on a list, selection calls queued behind changes from willApply or didApply match a set of identities",
    .timeLimit(.minutes(60)))
  func plainList() throws {
    for seed in DeepPass.seeds(quick: 40, deep: 200) {
      var random = SeededRandom(seed: seed)
      let view = RecordingListView()
      var hook: ((SyncDelegate.Transition) -> Void)?
      var hookInDidApply = true
      var delegate = SyncDelegate()
      delegate.willApply = { transition in
        guard !hookInDidApply, let run = hook else { return }
        hook = nil
        run(transition)
      }
      delegate.didApply = { transition in
        guard hookInDidApply, let run = hook else { return }
        hook = nil
        run(transition)
      }
      let controller = ListController<[ListSection<CellBinder>]>(
        configuration: ListControllerConfiguration(backgroundDiffThreshold: .max))
      let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
      engine.selectionMode = .multiple
      func change(_ random: inout SeededRandom) -> Step {
        let list = RandomLists.sections(&random).map(\.snapshot)
        return .change(Self.ids(list), { controller.apply(ListEdit(list)) })
      }
      controller.apply(ListEdit(RandomLists.sections(&random).map(\.snapshot)))
      for round in 0..<6 {
        hookInDidApply = random.next() % 3 != 0
        let trigger = change(&random)
        var steps: [Step] = []
        hook = { _ in
          steps = Self.randomSteps(
            &random, pool: Self.ids(engine.snapshot) + ["stranger"], current: engine.snapshot,
            makeChange: change)
          Self.perform(
            steps, select: { engine.select($0) }, deselect: { engine.deselect($0) },
            setSelection: { engine.setSelection(ListSelection(mode: .multiple, identifiers: $0)) },
            selectAll: { engine.selectAll() }, clear: { engine.clearSelection() },
            toggle: { try engine.toggleSelection(ofRowAt: $0) })
        }
        let before = Set(engine.selection.identifiers)
        let shownBefore = Self.ids(engine.snapshot)
        guard case .change(_, let make) = trigger else { continue }
        make()
        if hook != nil {
          // A change to an equal list applies nothing: no closure ran.
          hook = nil
          #expect(Self.ids(engine.snapshot) == shownBefore, "seed \(seed) round \(round)")
          continue
        }
        let expected = Self.model([trigger] + steps, selected: before, shown: shownBefore)
        #expect(
          Set(engine.selection.identifiers) == expected,
          "seed \(seed) round \(round): from \(before) over \(shownBefore), \(Self.describe([trigger] + steps))")
        #expect(view.selectedRows == engine.selectedRows, "seed \(seed) round \(round)")
        #expect(view.inconsistencies.isEmpty, "seed \(seed) round \(round)")
      }
    }
  }

  @Test(
    "in a composite, selection calls queued behind child updates from didApply match a set of identities",
    .timeLimit(.minutes(60)))
  func composite() throws {
    for seed in DeepPass.seeds(quick: 20, deep: 100) {
      var random = SeededRandom(seed: seed)
      let view = RecordingListView()
      let composite = ComposedFeed<ListSectionSnapshot>()
      let first = ListController<[ListSection<CellBinder>]>(
        configuration: ListControllerConfiguration(backgroundDiffThreshold: .max))
      let second = SectionsFeed<ListSectionSnapshot>()
      try composite.append(first)
      try composite.append(second)
      let list = try ListEngine(view: view, showing: composite)
      list.selectionMode = .multiple
      var hook: (() -> Void)?
      var delegate = SyncDelegate()
      delegate.didApply = { _ in
        guard let run = hook else { return }
        hook = nil
        run()
      }
      list.delegate = delegate
      // The children's lists as the calls leave them.
      var firstList: ListSnapshot = []
      var secondList: ListSnapshot = []
      let change: (inout SeededRandom) -> Step = { random in
        if random.next() % 2 == 0 {
          let sections = SelectionPropertyTests.childSections("a", &random).map(\.snapshot)
          firstList = sections
          return .change(Self.ids(sections + secondList), { first.apply(ListEdit(sections)) })
        }
        let sections = SelectionPropertyTests.childSections("b", &random).map(\.snapshot)
        secondList = sections
        return .change(Self.ids(firstList + sections), { second.update(to: sections) })
      }
      for round in 0..<6 {
        let trigger = change(&random)
        var steps: [Step] = []
        hook = {
          steps = Self.randomSteps(
            &random, pool: Self.ids(list.snapshot) + ["stranger"], current: list.snapshot, makeChange: change)
          Self.perform(
            steps, select: { list.select($0) }, deselect: { list.deselect($0) },
            setSelection: { list.setSelection(ListSelection(mode: .multiple, identifiers: $0)) },
            selectAll: { list.selectAll() }, clear: { list.clearSelection() },
            toggle: { try list.toggleSelection(ofRowAt: $0) })
        }
        let before = Set(list.selection.identifiers)
        let shownBefore = Self.ids(list.snapshot)
        guard case .change(_, let make) = trigger else { continue }
        make()
        if hook != nil {
          // A child update that changed nothing the list shows applies no change: no closure ran.
          hook = nil
          #expect(Self.ids(list.snapshot) == shownBefore, "seed \(seed) round \(round)")
          continue
        }
        let expected = Self.model([trigger] + steps, selected: before, shown: shownBefore)
        #expect(
          Set(list.selection.identifiers) == expected,
          "seed \(seed) round \(round): from \(before) over \(shownBefore), \(Self.describe([trigger] + steps))")
        #expect(view.selectedRows == list.selectedRows, "seed \(seed) round \(round)")
        #expect(view.inconsistencies.isEmpty, "seed \(seed) round \(round)")
      }
    }
  }

  @Test("the issue's cases: select, setSelection and selectAll after an append made in didApply")
  func appendThenSelect() throws {
    let view = RecordingListView()
    var hook: (() -> Void)?
    var delegate = SyncDelegate()
    delegate.didApply = { _ in
      let run = hook
      hook = nil
      run?()
    }
    let controller = ListController<[ListSection<CellBinder>]>(
      configuration: ListControllerConfiguration(backgroundDiffThreshold: .max))
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    engine.selectionMode = .multiple
    controller.apply(ListEdit(SelectionBehaviourTests.rows(Array(1...3)).map(\.snapshot)))
    func appendInDidApply(_ id: Int, then call: @escaping () -> Void) throws {
      hook = {
        try? controller.performEdits { edit in
          try edit.appendRows([TestRow(id: id, version: 0, isAlternate: false).cellBinder], toSection: "main")
        }
        call()
      }
      // The change whose didApply runs the hook: row 1 drawn anew (a new version).
      try controller.performEdits { edit in
        try edit.deleteRows([1])
        try edit.insertRows(
          [TestRow(id: 1, version: id, isAlternate: false).cellBinder], at: ItemPath(item: 0, section: 0))
      }
    }
    try appendInDidApply(50) { engine.select(50) }
    #expect(Set(engine.selection.identifiers) == [50])
    try appendInDidApply(60) { engine.setSelection(ListSelection(mode: .multiple, identifiers: [1, 60])) }
    #expect(Set(engine.selection.identifiers) == [1, 60])
    try appendInDidApply(70) { engine.selectAll() }
    #expect(Set(engine.selection.identifiers) == [1, 2, 3, 50, 60, 70])
    #expect(view.selectedRows == engine.selectedRows)
  }
}
