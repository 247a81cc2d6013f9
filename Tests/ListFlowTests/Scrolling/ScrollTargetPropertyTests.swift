import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases: a list of titled rows (a ``ListController`` on the rows path, under a ``FilteredFeed``) goes
/// through new states, told edits (rows inserted, deleted, moved and updated), queries, reloads and explicit
/// updates, with scrolls by identity and by position asked for outside a change and from delegate closures while
/// one is applied, mixed with edits and reloads asked for from the same closures. A plain model of the rows and the
/// query says where each scroll must land: the first row shown with the identity in the list shown when the scroll
/// gets its turn (the change under way done, and every call queued before it), the position as asked, or the
/// documented error (``ListFlowError/rowNotFound(_:)`` reported to ``SyncDelegate/didFail`` for a row a change
/// deleted or a query hides). The same runs check the change dispatch (each change between one
/// ``SyncDelegate/willApply`` and one ``SyncDelegate/didApply``, never nested, every batch and reload of the view
/// inside one, the stage closures naming the stages the view applied, the target the list shown) and that the
/// engine's list header and footer stay shown through every change.
@MainActor
@Suite struct ScrollTargetPropertyTests {
  typealias State = [ListSection<TitledLine>]

  /// The binder of a line: its model is the line, so that the rows an edit put in are read back as rows.
  @Sendable nonisolated static func cell(_ line: TitledLine) -> CellBinder {
    CellBinder(cell: TextCell.self, value: line, id: ListIdentifier(line.id)) { cell, line in
      cell.title = line.title ?? ""
    }
  }

  /// The plain model: the controller's sections of lines, and the filter's query.
  struct Model {
    var sections: [(id: Int, rows: [TitledLine])] = []
    var query = ""

    var state: State { sections.map { ListSection(id: $0.id, items: $0.rows) } }

    /// The lines the engine shows, section by section: every section as it is for an empty query; else the
    /// matching lines, sections with none left out.
    var shown: [[TitledLine]] {
      sections.compactMap { section in
        let rows = section.rows.filter {
          query.isEmpty || FilteredFeed.Match(query: query, in: $0.title ?? "") != nil
        }
        return rows.isEmpty && !query.isEmpty ? nil : rows
      }
    }

    /// The first row shown with an identity.
    func firstShownPath(of id: Int) -> ItemPath? {
      for (section, rows) in shown.enumerated() {
        if let item = rows.firstIndex(where: { $0.id == id }) { return ItemPath(item: item, section: section) }
      }
      return nil
    }

    /// The positions of the rows of an identity in the controller's list.
    func paths(of id: Int) -> [ItemPath] {
      sections.enumerated().flatMap { section, content in
        content.rows.indices.filter { content.rows[$0].id == id }.map { ItemPath(item: $0, section: section) }
      }
    }

    var allIDs: [Int] { sections.flatMap { $0.rows.map(\.id) } }
  }

  static let texts = ["ab", "b", "a", "ba", ""]
  static let queries = ["", "", "a", "b", "#1", "ab", "zz"]

  /// A random state: up to 4 sections of up to 5 lines, now and then a line shown in two sections (a pinned copy).
  static func randomState(_ random: inout SeededRandom) -> [(id: Int, rows: [TitledLine])] {
    let sectionIDs = Array((0..<5).shuffled(using: &random).prefix(random.below(5)))
    var rowIDs = Array((0..<14).shuffled(using: &random))
    var sections = sectionIDs.map { id -> (id: Int, rows: [TitledLine]) in
      let rows = (0..<random.below(6)).compactMap { _ in rowIDs.popLast() }.map {
        TitledLine(id: $0, text: texts[random.below(texts.count)])
      }
      return (id, rows)
    }
    if sections.count > 1, random.oneIn(4), let copied = sections[1...].flatMap(\.rows).first {
      sections[0].rows.insert(copied, at: random.below(sections[0].rows.count + 1))
    }
    return sections
  }

  /// What a top-level step does.
  enum Step: Sendable {
    case newState, edit, query, scrollNow, callback, reload, reconfigure, visibility, listHeader
  }

  static let steps = WeightedChoice<Step>([
    ("apply a new state", weight: 2, .newState),
    ("apply a told edit", weight: 3, .edit),
    ("change the query", weight: 2, .query),
    ("scroll to a row by identity", weight: 2, .scrollNow),
    ("a change whose delegate closure makes calls", weight: 5, .callback),
    ("reloadData", weight: 1, .reload),
    ("reconfigure rows", weight: 1, .reconfigure),
    ("show or hide the view", weight: 1, .visibility),
    ("set the list header or footer", weight: 1, .listHeader),
  ])

  /// A call a delegate closure makes while a change is applied.
  enum Call: Sendable { case edit, scrollByIdentity, scrollByPath, reload, reconfigure }

  static let calls = WeightedChoice<Call>([
    ("a told edit", weight: 3, .edit),
    ("scrollToRow(withIdentity:)", weight: 4, .scrollByIdentity),
    ("scrollToRow(at:)", weight: 2, .scrollByPath),
    ("reloadData", weight: 1, .reload),
    ("reconfigureRows", weight: 1, .reconfigure),
  ])

  /// The delegate closures a call may come from.
  enum Site: String, CaseIterable, Sendable {
    case willApply, didApply, didInsertRows, didDeleteRows, didMoveRows, didReconfigureRows, willDisplayCell
  }

  /// The kinds of told edit.
  enum EditKind: Sendable { case insert, delete, move, update }

  static let edits = WeightedChoice<EditKind>([
    ("insert a line", weight: 2, .insert),
    ("delete a line", weight: 2, .delete),
    ("move a line", weight: 3, .move),
    ("update a line's text", weight: 1, .update),
  ])

  /// The state of one run shared with the delegate closures.
  @MainActor final class Run {
    var random: SeededRandom
    var model = Model()
    var expected: [ScrollOutcome] = []
    /// The scroll requests and failures heard, in the order they came.
    var actual: [ScrollOutcome] = []
    /// How many of the view's scroll requests ``actual`` holds.
    var requestsHeard = 0
    var failures: [String] = []
    var armed: Site?
    var actions: [String] = []
    var header: String?
    var footer: String?
    /// The transition under way, with the view's batch and reload counts when it began, and the stage closures'
    /// arguments heard since.
    var transition: (SyncDelegate.Transition, batches: Int, reloads: Int)?
    var dispatched: [String] = []
    /// The view's batch and reload counts at the end of the last transition.
    var settled: (batches: Int, reloads: Int) = (0, 0)

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// Takes the view's scroll requests made since the last time into ``actual``.
    func hearRequests(of view: RecordingListView) {
      actual += view.scrollRequests[requestsHeard...].map { .scroll($0) }
      requestsHeard = view.scrollRequests.count
    }

    func fail(_ message: String) { failures.append("after \(actions.joined(separator: ", ")): \(message)") }
  }

  /// A random told edit, made on the controller and on the model alike; `nil` when none can be made.
  static func edit(_ controller: ListController<State>, _ run: Run) -> String? {
    let kind = edits.pick(using: &run.random)
    var model = run.model
    let ids = model.allIDs
    // Lines named by identity appear once: an edit finds a row by its identity.
    let single = ids.filter { id in ids.count(where: { $0 == id }) == 1 }
    var edit = controller.makeEdit()
    do throws(ListFlowError) {
      switch kind.value {
      case .insert:
        guard !model.sections.isEmpty, let id = (0..<16).filter({ !ids.contains($0) }).randomElement(using: &run.random)
        else { return nil }
        let section = run.random.below(model.sections.count)
        let item = run.random.below(model.sections[section].rows.count + 1)
        let line = TitledLine(id: id, text: texts[run.random.below(texts.count)])
        try edit.insertRows([cell(line)], at: ItemPath(item: item, section: section))
        model.sections[section].rows.insert(line, at: item)
      case .delete:
        guard let id = single.randomElement(using: &run.random) else { return nil }
        try edit.deleteRows([ListIdentifier(id)])
        let path = model.paths(of: id)[0]
        model.sections[path.section].rows.remove(at: path.item)
      case .move:
        guard let id = single.randomElement(using: &run.random) else { return nil }
        let source = model.paths(of: id)[0]
        let line = model.sections[source.section].rows.remove(at: source.item)
        let section = run.random.below(model.sections.count)
        let item = run.random.below(model.sections[section].rows.count + 1)
        try edit.moveRow(ListIdentifier(id), to: ItemPath(item: item, section: section))
        model.sections[section].rows.insert(line, at: item)
      case .update:
        guard let id = single.randomElement(using: &run.random) else { return nil }
        let path = model.paths(of: id)[0]
        let line = TitledLine(id: id, text: texts[run.random.below(texts.count)])
        try edit.updateRows([cell(line)])
        model.sections[path.section].rows[path.item] = line
      }
    } catch {
      run.fail("the edit (\(kind.name)) threw \(error)")
      return nil
    }
    run.model = model
    controller.apply(edit, animated: run.random.oneIn(2))
    return kind.name
  }

  /// An identity to scroll to: mostly one shown, else one the controller has (perhaps hidden), now and then one
  /// it has not.
  static func randomID(_ run: Run) -> Int {
    let shown = run.model.shown.flatMap { $0 }.map(\.id)
    let all = run.model.allIDs
    if !shown.isEmpty, !run.random.oneIn(3) { return shown[run.random.below(shown.count)] }
    return all.isEmpty || run.random.oneIn(3) ? 20 + run.random.below(3) : all[run.random.below(all.count)]
  }

  /// A position to scroll to: mostly one the list shown has, now and then one it has not.
  static func randomPath(_ run: Run) -> ItemPath {
    let shown = run.model.shown
    let paths = shown.indices.flatMap { section in shown[section].indices.map { ItemPath(item: $0, section: section) } }
    if !paths.isEmpty, !run.random.oneIn(4) { return paths[run.random.below(paths.count)] }
    return ItemPath(item: run.random.below(6) - 1, section: run.random.below(4) - 1)
  }

  /// What scrolling to an identity does when the list shown is the model's.
  static func expectedScroll(to id: Int, _ alignment: ListEngine.ScrollAlignment, _ run: Run) -> ScrollOutcome {
    guard let path = run.model.firstShownPath(of: id) else { return .failure(.rowNotFound(ListIdentifier(id))) }
    return .scroll(.init(path: path, alignment: alignment))
  }

  /// What scrolling to a position does when the list shown is the model's.
  static func expectedScroll(to path: ItemPath, _ alignment: ListEngine.ScrollAlignment, _ run: Run) -> ScrollOutcome {
    let shown = run.model.shown
    guard shown.indices.contains(path.section) else {
      return .failure(.sectionOutOfRange(section: path.section, sectionCount: shown.count))
    }
    guard shown[path.section].indices.contains(path.item) else {
      return .failure(.rowOutOfRange(path: path, rowCount: shown[path.section].count))
    }
    return .scroll(.init(path: path, alignment: alignment))
  }

  /// The calls a delegate closure makes while a change is applied: each is queued, and the model follows them in
  /// the order they are queued in.
  static func makeCalls(
    from site: Site, _ engine: ListEngine, _ controller: ListController<State>, _ run: Run
  ) {
    var names: [String] = []
    for _ in 0..<(1 + run.random.below(3)) {
      let call = calls.pick(using: &run.random)
      let alignment = ListEngine.ScrollAlignment.allCases[run.random.below(4)]
      switch call.value {
      case .edit:
        names.append(edit(controller, run) ?? "no edit")
      case .scrollByIdentity:
        let id = randomID(run)
        names.append("scroll to #\(id)")
        run.expected.append(expectedScroll(to: id, alignment, run))
        do {
          try engine.scrollToRow(withIdentity: ListIdentifier(id), alignment: alignment)
        } catch {
          run.fail("a scroll asked during a change threw \(error)")
        }
      case .scrollByPath:
        let path = randomPath(run)
        names.append("scroll to \(path)")
        run.expected.append(expectedScroll(to: path, alignment, run))
        do {
          try engine.scrollToRow(at: path, alignment: alignment)
        } catch {
          run.fail("a scroll asked during a change threw \(error)")
        }
      case .reload:
        names.append("reloadData")
        engine.reloadData()
      case .reconfigure:
        let ids = run.model.shown.flatMap { $0 }.map(\.id)
        guard let id = ids.randomElement(using: &run.random) else { continue }
        names.append("reconfigure #\(id)")
        engine.reconfigureRows([ListIdentifier(id)])
      }
    }
    run.actions.append("from \(site.rawValue): [\(names.joined(separator: ", "))]")
  }

  /// The identities of a list, section by section.
  static func identities(_ list: ListSnapshot) -> [[ListIdentifier]] {
    list.map { section in section.elements.map(\.id) }
  }

  /// The stage closures' arguments a stage calls for, in the order of ``SyncDelegate``'s dispatch.
  static func dispatchLines(_ stage: Changeset<ListSnapshot>) -> [String] {
    var lines: [String] = []
    if !stage.sectionDeleted.isEmpty { lines.append("deleteSections \(stage.sectionDeleted)") }
    if !stage.sectionInserted.isEmpty { lines.append("insertSections \(stage.sectionInserted)") }
    if !stage.sectionMoved.isEmpty { lines.append("moveSections \(stage.sectionMoved)") }
    if !stage.sectionUpdated.isEmpty { lines.append("updateSections \(stage.sectionUpdated)") }
    if !stage.elementDeleted.isEmpty { lines.append("deleteRows \(stage.elementDeleted)") }
    if !stage.elementInserted.isEmpty { lines.append("insertRows \(stage.elementInserted)") }
    if !stage.elementMoved.isEmpty { lines.append("moveRows \(stage.elementMoved)") }
    return lines
  }

  /// Sets the engine's delegate: the transition checks, and the closure armed to make calls.
  static func installDelegate(
    _ engine: ListEngine, _ view: RecordingListView, _ controller: ListController<State>, _ run: Run
  ) {
    func fire(_ site: Site) {
      guard run.armed == site else { return }
      run.armed = nil
      if !engine.isApplying { run.fail("\(site.rawValue) came while no change was applied") }
      makeCalls(from: site, engine, controller, run)
    }
    var delegate = SyncDelegate()
    delegate.willApply = { transition in
      if run.transition != nil { run.fail("willApply (\(transition)) inside another transition") }
      if (view.updates.count, view.reloadCount) != run.settled {
        run.fail("the view changed outside a transition")
      }
      run.transition = (transition, view.updates.count, view.reloadCount)
      run.dispatched = []
      fire(.willApply)
    }
    delegate.didApply = { transition in
      if let (began, batches, reloads) = run.transition {
        let (newBatches, newReloads) = (view.updates.count - batches, view.reloadCount - reloads)
        if began.description != transition.description || began.reloadReason != transition.reloadReason {
          run.fail("didApply (\(transition)) ends another transition (\(began))")
        }
        if transition.isReload {
          if (newBatches, newReloads) != (0, 1) {
            run.fail("a reload (\(transition)) sent \(newBatches) batches and \(newReloads) reloads")
          }
        } else {
          let stages = Array(transition.changes)
          if (newBatches, newReloads) != (stages.count, 0) {
            run.fail("\(transition) sent \(newBatches) batches and \(newReloads) reloads")
          }
          let sent = view.updates.suffix(newBatches).map(\.changeset)
          for (stage, update) in zip(stages, sent) where dispatchLines(stage) != dispatchLines(update) {
            run.fail("the view applied \(dispatchLines(update)), the transition says \(dispatchLines(stage))")
          }
          let expectedLines = stages.flatMap(dispatchLines)
          if run.dispatched != expectedLines {
            run.fail("the stage closures heard \(run.dispatched), the stages were \(expectedLines)")
          }
        }
        if identities(transition.target) != identities(engine.snapshot) {
          run.fail("didApply's target is not the list shown")
        }
      } else {
        run.fail("didApply (\(transition)) with no willApply")
      }
      run.transition = nil
      run.settled = (view.updates.count, view.reloadCount)
      fire(.didApply)
    }
    delegate.didDeleteSections = { run.dispatched.append("deleteSections \($0)") }
    delegate.didInsertSections = { run.dispatched.append("insertSections \($0)") }
    delegate.didMoveSections = { run.dispatched.append("moveSections \($0)") }
    delegate.didUpdateSections = { run.dispatched.append("updateSections \($0)") }
    delegate.didDeleteRows = {
      run.dispatched.append("deleteRows \($0)")
      fire(.didDeleteRows)
    }
    delegate.didInsertRows = {
      run.dispatched.append("insertRows \($0)")
      fire(.didInsertRows)
    }
    delegate.didMoveRows = {
      run.dispatched.append("moveRows \($0)")
      fire(.didMoveRows)
    }
    delegate.didReconfigureRows = { _ in fire(.didReconfigureRows) }
    delegate.willDisplayCell = { _, _ in fire(.willDisplayCell) }
    delegate.didFail = {
      run.hearRequests(of: view)
      run.actual.append(.failure($0))
    }
    engine.delegate = delegate
  }

  /// Runs one case; returns the failures found.
  static func run(seed: UInt64, steps stepCount: Int) async throws -> [String] {
    let run = Run(seed: seed)
    let controller = ListController<State>(rows: { $0 }, cell: cell)
    let feed = try FilteredFeed(controller)
    let view = RecordingListView()
    let threshold = [nil, 0, Int.max][run.random.below(3)]
    let engine = try ListEngine(view: view, showing: feed, reloadThreshold: threshold)
    installDelegate(engine, view, controller, run)
    run.settled = (view.updates.count, view.reloadCount)
    for _ in 0..<stepCount {
      let step = steps.pick(using: &run.random)
      run.actions.append(step.name)
      run.actual = []
      run.expected = []
      switch step.value {
      case .newState:
        run.model.sections = randomState(&run.random)
        await controller.apply(run.model.state)
      case .edit:
        if let name = edit(controller, run) { run.actions[run.actions.count - 1] += " (\(name))" }
      case .query:
        run.model.query = queries[run.random.below(queries.count)]
        feed.query = run.model.query
      case .scrollNow:
        let id = randomID(run)
        let alignment = ListEngine.ScrollAlignment.allCases[run.random.below(4)]
        run.expected.append(expectedScroll(to: id, alignment, run))
        do {
          try engine.scrollToRow(withIdentity: ListIdentifier(id), alignment: alignment)
        } catch {
          run.hearRequests(of: view)
          run.actual.append(.failure(error))
        }
      case .callback:
        run.armed = Site.allCases[run.random.below(Site.allCases.count)]
        run.actions[run.actions.count - 1] += " (\(run.armed?.rawValue ?? ""))"
        switch run.random.below(3) {
        case 0:
          run.model.sections = randomState(&run.random)
          await controller.apply(run.model.state)
        case 1:
          _ = edit(controller, run)
        default:
          run.model.query = queries[run.random.below(queries.count)]
          feed.query = run.model.query
        }
        run.armed = nil
      case .reload:
        engine.reloadData()
      case .reconfigure:
        let ids = run.model.allIDs
        if let id = ids.randomElement(using: &run.random) { engine.reconfigureRows([ListIdentifier(id)]) }
      case .visibility:
        view.isVisible.toggle()
      case .listHeader:
        let text = run.random.oneIn(3) ? nil : "list \(run.random.below(3))"
        let binder = text.map { SectionHeaderCell.makeBinder(value: $0, id: "list-supplementary") }
        if run.random.oneIn(2) {
          run.header = text
          engine.listHeader = binder
        } else {
          run.footer = text
          engine.listFooter = binder
        }
      }
      run.hearRequests(of: view)
      if run.actual != run.expected { run.fail("expected \(run.expected), got \(run.actual)") }
      let lines = view.sections.map { $0.rows.map(\.textRepresentation) }
      let expectedLines = run.model.shown.map { $0.map { $0.title ?? "" } }
      if lines != expectedLines { run.fail("the view shows \(lines), the model \(expectedLines)") }
      if let inconsistency = view.inconsistencies.first { run.fail(inconsistency) }
      let supplementaries = [view.listHeader, view.listFooter].map { $0?.textRepresentation }
      if supplementaries != [run.header, run.footer].map({ $0.map { "== \($0) ==" } }) {
        run.fail("the list header and footer show \(supplementaries), set \([run.header, run.footer])")
      }
      if !run.failures.isEmpty { break }
    }
    withExtendedLifetime(engine) {}
    return run.failures.map { "seed \(seed): \($0)" }
  }

  @Test(
    "a scroll lands on the row it names through every change; each change is one transition", .timeLimit(.minutes(60)))
  func scrollsLandOnTheirRows() async throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 40, deep: 400) {
      failures += try await Self.run(seed: seed, steps: DeepPass.cases(quick: 30, deep: 60))
    }
    #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.prefix(3))")
  }
}
