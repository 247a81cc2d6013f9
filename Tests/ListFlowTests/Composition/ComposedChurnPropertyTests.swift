import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases: a composite of sectioned sources (and a state controller) whose children are inserted,
/// removed, moved, hidden and updated from inside delegate callbacks (the engine's change dispatch, `willApply`,
/// `didApply`, `willDisplayCell`, `didSelectRow`, and the children's own), mixed with engine calls (reload,
/// reconfigure, scroll, select). Checked against a plain model: the view shows the composite's current sections
/// once things settle and matches the engine after every batch; every display and selection event of a row reaches
/// the delegate of the child that owns the row (each row's text starts with its child's name).
///
/// Composition.md: "sends selection, highlight, display, edit actions, moves, expansion and cell actions to the
/// ``ListFeed/delegate`` of the child that owns the row, with positions local to that child"; ListEngine:
/// "Anything that changes the list while a change is being applied ... is queued and applied, in order, once the
/// current change is done: never lost, never interleaved with the stages under way".
@MainActor
@Suite("Children changed from callbacks")
struct ComposedChurnPropertyTests {
  @MainActor
  final class World {
    var random: SeededRandom
    let view = RecordingListView()
    let composite = ComposedFeed<ListSectionSnapshot>()
    /// Every leaf, attached or not, by name.
    var leaves: [(name: String, feed: SectionsFeed<ListSectionSnapshot>)] = []
    var engine: ListEngine?
    var log: [String] = []
    /// Events that reached a delegate other than their row's child's.
    var misrouted: [String] = []
    var stageFailures: [String] = []
    var budget = 30
    var version = 0
    /// Whether to check routing (the routing check is separate from the list check).
    let checksRouting: Bool

    init(seed: UInt64, checksRouting: Bool) {
      random = SeededRandom(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 7)
      self.checksRouting = checksRouting
    }

    func pick(_ n: Int) -> Int { random.below(max(1, n)) }

    func sections(for name: String) -> [ListSectionSnapshot] {
      version += 1
      let count = pick(3)
      return (0..<count).map { s in
        let rows = (0..<pick(4)).map { r in
          SectionHeaderCell.makeBinder(value: "\(name)s\(s)r\(r) v\(version % 3)", id: "\(name)s\(s)r\(r)")
        }
        return ListSection(id: "\(name)-\(s)", items: rows).snapshot
      }
    }

    func owned(_ name: String, _ event: String, _ path: ItemPath, _ text: String) {
      guard checksRouting else { return }
      // A row's text is "== <leaf name>s…": the leaf named must be the one told.
      let row = text.hasPrefix("== ") ? String(text.dropFirst(3)) : text
      if !(row.hasPrefix(name + "s")) {
        misrouted.append("\(name) \(event) \(path.section):\(path.item) \(text)")
      }
    }

    func makeLeaf(_ index: Int) -> SectionsFeed<ListSectionSnapshot> {
      let name = "L\(index)"
      let feed = SectionsFeed<ListSectionSnapshot>(sections: sections(for: name))
      feed.delegate.willDisplayCell = { [unowned self] cell, path in
        owned(name, "willDisplay", path, cell.textRepresentation)
        maybeAct("\(name).willDisplay")
      }
      feed.delegate.didEndDisplayingCell = { [unowned self] cell, path in
        owned(name, "didEnd", path, cell.textRepresentation)
      }
      feed.delegate.didSelectRow = { [unowned self] path, binder in
        owned(name, "didSelect", path, "== \(binder.id)")
        maybeAct("\(name).didSelectRow")
      }
      feed.delegate.didChangeSelection = { [unowned self] change in
        for (path, id) in zip(change.addedRows, change.added) where change.added.count == change.addedRows.count {
          owned(name, "selected", path, "== \(id)")
        }
      }
      feed.didUpdate = { [unowned self] _ in maybeAct("\(name).didUpdate") }
      return feed
    }

    var attached: [SectionsFeed<ListSectionSnapshot>] {
      leaves.map(\.feed).filter { $0.feedLink.isConnected }
    }

    func act(_ from: String) {
      guard let engine else { return }
      let allRows = engine.snapshot.flatMap { $0.elements.map(\.id) }
      switch pick(11) {
      case 0, 1:
        let leaves = attached
        guard !leaves.isEmpty else { return }
        let leaf = leaves[pick(leaves.count)]
        let name = self.leaves.first { $0.feed === leaf }!.name
        log.append("\(from): update \(name)")
        leaf.update(to: sections(for: name))
      case 2:
        let detached = leaves.filter { !$0.feed.feedLink.isConnected }
        let index = pick(composite.childCount + 1)
        if let leaf = detached.first, pick(2) == 0 {
          log.append("\(from): insert \(leaf.name) at \(index)")
          try? composite.insert(leaf.feed, at: index)
        } else {
          let leaf = makeLeaf(leaves.count)
          leaves.append(("L\(leaves.count)", leaf))
          log.append("\(from): insert new L\(leaves.count - 1) at \(index)")
          try? composite.insert(leaf, at: index)
        }
      case 3:
        guard composite.childCount > 0 else { return }
        let index = pick(composite.childCount)
        log.append("\(from): remove child \(index)")
        try? composite.removeChild(at: index)
      case 4:
        guard composite.childCount > 1 else { return }
        let (a, b) = (pick(composite.childCount), pick(composite.childCount))
        log.append("\(from): move child \(a) to \(b)")
        try? composite.moveChild(from: a, to: b)
      case 5:
        let leaves = attached
        guard !leaves.isEmpty else { return }
        let leaf = leaves[pick(leaves.count)]
        log.append("\(from): toggle hidden of \(self.leaves.first { $0.feed === leaf }!.name)")
        leaf.isHidden.toggle()
      case 6:
        log.append("\(from): reloadData")
        engine.reloadData()
      case 7:
        let ids = allRows.filter { _ in pick(3) == 0 }
        log.append("\(from): reconfigure \(ids)")
        engine.reconfigureRows(ids)
      case 8:
        guard let id = allRows.isEmpty ? nil : allRows[pick(allRows.count)] else { return }
        log.append("\(from): scroll to \(id)")
        try? engine.scrollToRow(withIdentity: id)
      case 9:
        guard let id = allRows.isEmpty ? nil : allRows[pick(allRows.count)] else { return }
        log.append("\(from): select \(id)")
        engine.select(id)
      default:
        let ids = allRows.filter { _ in pick(4) == 0 }
        log.append("\(from): reload rows \(ids)")
        engine.reloadRows(ids)
      }
    }

    func maybeAct(_ from: String) {
      guard engine != nil, budget > 0, pick(4) == 0 else { return }
      budget -= 1
      act(from)
    }

    func delegate() -> SyncDelegate {
      var delegate = SyncDelegate()
      delegate.willApply = { [unowned self] _ in maybeAct("willApply") }
      delegate.didApply = { [unowned self] _ in maybeAct("didApply") }
      delegate.didDeleteSections = { [unowned self] _ in maybeAct("didDeleteSections") }
      delegate.didInsertSections = { [unowned self] _ in maybeAct("didInsertSections") }
      delegate.didMoveSections = { [unowned self] _ in maybeAct("didMoveSections") }
      delegate.didDeleteRows = { [unowned self] _ in maybeAct("didDeleteRows") }
      delegate.didInsertRows = { [unowned self] _ in maybeAct("didInsertRows") }
      delegate.didMoveRows = { [unowned self] _ in maybeAct("didMoveRows") }
      delegate.didReconfigureRows = { [unowned self] _ in maybeAct("didReconfigureRows") }
      delegate.didSelectRow = { [unowned self] _, _ in maybeAct("engine.didSelectRow") }
      delegate.didChangeSelection = { [unowned self] _ in maybeAct("didChangeSelection") }
      return delegate
    }

    func mismatch() -> String? {
      guard let engine else { return nil }
      if let mismatch = view.countMismatch(with: engine) { return mismatch }
      let expected = ListRendering.lines(of: engine.snapshot)
      return view.renderedLines == expected ? nil : "view \(view.renderedLines) != engine \(expected)"
    }
  }

  static func run(seed: UInt64, checksRouting: Bool) throws -> World {
    let world = World(seed: seed, checksRouting: checksRouting)
    for index in 0..<3 {
      let leaf = world.makeLeaf(index)
      world.leaves.append(("L\(index)", leaf))
      try world.composite.append(leaf)
    }
    let engine = try ListEngine(view: world.view, showing: world.composite, delegate: world.delegate())
    world.engine = engine
    engine.selectionMode = .multiple
    world.view.didApplyBatch = { [unowned world] _, _ in
      if let failure = world.mismatch() { world.stageFailures.append(failure) }
    }
    for step in 0..<8 {
      world.act("step \(step)")
      // The user chooses a row: its child's didSelectRow may change the children.
      let rows = engine.snapshot.enumerated().flatMap { section, content in
        content.elements.indices.map { ItemPath(item: $0, section: section) }
      }
      if !rows.isEmpty {
        let path = rows[world.pick(rows.count)]
        world.log.append("step \(step): user selects \(path)")
        try? world.view.selectRow(at: path)
      }
    }
    return world
  }

  @Test("children changed from callbacks: the view ends on the composite's list and matches the engine throughout")
  func listStaysRight() throws {
    for seed in DeepPass.seeds(from: 0, quick: 150, deep: 1500) {
      let world = try Self.run(seed: seed, checksRouting: false)
      let context = "seed \(seed): \(world.log)"
      #expect(world.stageFailures.isEmpty, "\(world.stageFailures.first ?? "") \(context)")
      #expect(world.view.inconsistencies.isEmpty, "\(world.view.inconsistencies) \(context)")
      #expect(
        ListRendering.lines(of: world.engine?.snapshot ?? [])
          == ListRendering.lines(of: world.composite.displayedSections),
        "\(context)")
      #expect(world.view.renderedLines == ListRendering.lines(of: world.engine?.snapshot ?? []), "\(context)")
      #expect(world.view.selectedRows == world.engine?.selectedRows, "\(context)")
      if !world.stageFailures.isEmpty || !world.view.inconsistencies.isEmpty { return }
    }
  }

  @Test("children changed from callbacks: every display and selection event reaches the row's own child")
  func eventsReachTheirChild() throws {
    var failing: [UInt64] = []
    var first: String?
    for seed in DeepPass.seeds(from: 0, quick: 150, deep: 1500) {
      let world = try Self.run(seed: seed, checksRouting: true)
      if !world.misrouted.isEmpty {
        failing.append(seed)
        if first == nil { first = "seed \(seed): misrouted \(world.misrouted); actions \(world.log)" }
      }
    }
    #expect(failing.isEmpty, "\(failing.count) seeds misroute events; first: \(first ?? "")")
  }
}
