import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// Generated cases (60 and 40 seeds in the quick pass, 2,000 and 1,000 in the deep pass): a composite of sectioned
/// sources and of a nested composite of two more, shown by an engine on a recording view (or, in the variants, on a
/// hidden view or a viewport, in single selection, with rows deselected at once), driven by random sequences of child
/// updates, hides and shows, child moves, sources removed and added back, and the user's selections, toggles,
/// highlights, row moves and delete actions; the engine's change dispatch and the children's own callbacks change
/// the children, or make a gesture, now and then, while the engine applies a change. Checked against a
/// plain model (the children's lists as the test set them, their order and visibility):
/// - the view and the engine show the concatenation of the visible children's lists, sections re-indexed;
/// - every event the user makes reaches the child that owns the row under the finger, with a local position that
///   names that row in the child;
/// - selection follows identity: the selected rows are rows shown, and each child was told of exactly the selected
///   rows it shows;
/// - the staged changes each feed reports (`didUpdate`), applied in order, lead to the sections it displays.
///
/// Composition.md: "sends selection, highlight, display, edit actions, moves, expansion and cell actions to the
/// ``ListFeed/delegate`` of the child that owns the row, with positions local to that child"; SectionsFeed and
/// ComposedFeed: `didUpdate` is "called with the staged changes of displayedSections after every" change.
@MainActor
@Suite("Composed feeds against a model of the user's actions")
struct ComposedUserActionModelTests {
  /// A source of the composite, with the model of its list: its sections' rows, by identity, and each row's version.
  @MainActor
  final class Leaf {
    let name: String
    let feed = SectionsFeed<ListSectionSnapshot>()
    var model: [(id: String, rows: [String])] = []
    var versions: [String: Int] = [:]
    var hidden = false
    /// The selected rows this source was told of (`didChangeSelection`).
    var told: Set<ListIdentifier> = []
    /// The source's displayed sections, rebuilt from the changes it reported (`didUpdate`), in order.
    var mirror: ListSnapshot = []

    init(name: String) { self.name = name }

    var sections: ListSnapshot {
      model.map { section in
        ListSection(
          id: section.id,
          items: section.rows.map { SectionHeaderCell.makeBinder(value: "\($0) v\(versions[$0, default: 0])", id: $0) }
        ).snapshot
      }
    }
    var expected: ListSnapshot { hidden ? [] : sections }
  }

  /// A child of the root composite.
  enum Child: Equatable {
    case leaf(Int)
    case nested
  }

  enum Step {
    case update, hideOrShow, hideOrShowNested, moveChild, moveNestedChild, detachOrAttach
    case select, toggle, highlight, delete, moveRow
  }

  /// What the test does between two checks; the user's gestures are made only while the engine applies nothing.
  static let steps = WeightedChoice<Step>([
    ("update a source", weight: 4, .update),
    ("hide or show a source", weight: 2, .hideOrShow),
    ("hide or show the nested composite", weight: 1, .hideOrShowNested),
    ("move a child of the root", weight: 1, .moveChild),
    ("move a child of the nested composite", weight: 1, .moveNestedChild),
    ("remove a source from its composite, or add one back", weight: 2, .detachOrAttach),
    ("the user chooses a row", weight: 3, .select),
    ("the user toggles a row's selection", weight: 3, .toggle),
    ("the user highlights a row", weight: 1, .highlight),
    ("the user deletes a row with its edit action", weight: 3, .delete),
    ("the user drags a row inside its source", weight: 2, .moveRow),
  ])

  /// What a callback does to the children while the engine applies a change.
  static let reentrantSteps = WeightedChoice<Step>([
    ("update a source", weight: 4, .update),
    ("hide or show a source", weight: 2, .hideOrShow),
    ("hide or show the nested composite", weight: 1, .hideOrShowNested),
    ("move a child of the root", weight: 1, .moveChild),
    ("remove a source from its composite, or add one back", weight: 1, .detachOrAttach),
    ("the user chooses a row", weight: 1, .select),
    ("the user toggles a row's selection", weight: 1, .toggle),
    ("the user deletes a row with its edit action", weight: 1, .delete),
  ])

  @MainActor
  final class World {
    var random: SeededRandom
    /// The view: a recording view, or a viewport of a few rows (`nil` for the recording one).
    let recording: RecordingListView?
    let viewport: ViewportListView?
    let view: any ListView
    /// The selection mode of the list, and whether the sources deselect a row chosen at once.
    let mode: ListSelection.Mode
    let deselects: Bool
    let root = ComposedFeed<ListSectionSnapshot>()
    let nested = ComposedFeed<ListSectionSnapshot>()
    var leaves: [Leaf] = []
    var rootOrder: [Child] = []
    var nestedOrder: [Int] = []
    var nestedHidden = false
    var rootMirror: ListSnapshot = []
    var nestedMirror: ListSnapshot = []
    var shownBy: ListEngine?
    /// The engine, once made.
    var engine: ListEngine { shownBy! }
    var nextRow = 0
    var nextSection = 0
    var budget = 12
    var log: [String] = []
    var failures: [String] = []
    /// The row the user acts on now, by identity, and the events its source heard of it.
    var finger: ListIdentifier?
    /// The row move the user makes now, in its source's positions.
    var localMove: Move<ItemPath>?
    var heard: [String] = []

    init(seed: UInt64, variant: Bool) {
      random = SeededRandom(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 11)
      guard variant else {
        recording = RecordingListView()
        viewport = nil
        view = recording!
        mode = .multiple
        deselects = false
        return
      }
      switch random.below(3) {
      case 0:
        recording = RecordingListView(isVisible: false)
        viewport = nil
        view = recording!
      case 1:
        recording = nil
        viewport = ViewportListView(rowCount: 3)
        view = viewport!
      default:
        recording = RecordingListView()
        viewport = nil
        view = recording!
      }
      mode = random.oneIn(2) ? .single : .multiple
      deselects = random.oneIn(3)
    }

    func pick(_ n: Int) -> Int { random.below(max(1, n)) }

    func fail(_ text: String) { failures.append("\(text); steps \(log)") }

    func freshRow(_ leaf: Leaf) -> String {
      nextRow += 1
      return "\(leaf.name)r\(nextRow)"
    }

    func freshSections(_ leaf: Leaf) -> [(id: String, rows: [String])] {
      (0..<pick(3)).map { _ in
        nextSection += 1
        return ("\(leaf.name)s\(nextSection)", (0..<pick(4)).map { _ in freshRow(leaf) })
      }
    }

    /// The list the view must show: the visible children's lists, one after another.
    var expected: ListSnapshot {
      rootOrder.flatMap { child -> ListSnapshot in
        switch child {
        case .leaf(let index): return leaves[index].expected
        case .nested: return nestedHidden ? [] : nestedOrder.flatMap { leaves[$0].expected }
        }
      }
    }

    /// The leaf whose rows a section shows, in the model, and the section's index in it.
    var owners: [(leaf: Leaf, section: Int)] {
      rootOrder.flatMap { child -> [(leaf: Leaf, section: Int)] in
        switch child {
        case .leaf(let index): return leaves[index].expected.indices.map { (leaves[index], $0) }
        case .nested:
          return nestedHidden ? [] : nestedOrder.flatMap { i in leaves[i].expected.indices.map { (leaves[i], $0) } }
        }
      }
    }

    // MARK: The sources

    func makeLeaf(_ index: Int) -> Leaf {
      let leaf = Leaf(name: "L\(index)")
      leaf.model = freshSections(leaf)
      leaf.feed.update(to: leaf.sections)
      leaf.mirror = leaf.feed.displayedSections
      var delegate = SyncDelegate()
      delegate.didSelectRow = { [unowned self, unowned leaf] path, binder in
        heardEvent(leaf, "didSelectRow", path, binder.id)
        maybeAct("\(leaf.name).didSelectRow", anytime: true)
      }
      delegate.didHighlightRow = { [unowned self, unowned leaf] path, binder in
        heardEvent(leaf, "didHighlightRow", path, binder.id)
      }
      delegate.editActions = { [unowned self, unowned leaf] path, binder in
        heardEvent(leaf, "editActions", path, binder.id)
        return [.delete]
      }
      delegate.commitEdit = { [unowned self, unowned leaf] action, path, binder in
        heardEvent(leaf, "commitEdit", path, binder.id)
        guard action == .delete else { return }
        log.append("\(leaf.name) deletes \(binder.id)")
        let id = "\(binder.id)"
        for index in leaf.model.indices { leaf.model[index].rows.removeAll { $0 == id } }
        leaf.feed.update(to: leaf.sections)
        maybeAct("\(leaf.name).commitEdit", anytime: true)
      }
      delegate.canMoveRow = { _, _ in true }
      delegate.deselectsAutomatically = deselects
      delegate.didMoveRow = { [unowned self, unowned leaf] move, binder in
        // Told once the source took the move (and maybe changed again from its `didUpdate`): the move is the
        // user's, in the source's positions.
        heard.append("\(leaf.name) didMoveRow \(binder.id)")
        if let finger, finger != binder.id { fail("\(leaf.name) didMoveRow of \(binder.id), the user moved \(finger)") }
        if move != localMove { fail("\(leaf.name) didMoveRow \(move), the user made \(String(describing: localMove))") }
      }
      delegate.didChangeSelection = { [unowned self, unowned leaf] change in
        for id in change.added {
          if !"\(id)".hasPrefix(leaf.name + "r") { fail("\(leaf.name) told of the selection of \(id)") }
          leaf.told.insert(id)
        }
        for id in change.removed { leaf.told.remove(id) }
        maybeAct("\(leaf.name).didChangeSelection")
      }
      delegate.willDisplayCell = { [unowned self, unowned leaf] cell, path in
        if !cell.textRepresentation.hasPrefix("== \(leaf.name)r") {
          fail("\(leaf.name) told of the display of \(cell.textRepresentation) at \(path)")
        }
        maybeAct("\(leaf.name).willDisplayCell")
      }
      leaf.feed.delegate = delegate
      leaf.feed.didUpdate = { [unowned self, unowned leaf] changes in
        leaf.mirror = apply(changes, to: leaf.mirror, "\(leaf.name).didUpdate")
        maybeAct("\(leaf.name).didUpdate")
      }
      return leaf
    }

    /// An event of a source's row: it must be the row under the user's finger, at that local position in the
    /// source (which takes it before anything changes it again).
    func heardEvent(_ leaf: Leaf, _ event: String, _ path: ItemPath, _ id: ListIdentifier) {
      heard.append("\(leaf.name) \(event) \(id)")
      if let finger, finger != id { fail("\(leaf.name) \(event) of \(id), the user acted on \(finger)") }
      // While a change is applied, the source may be ahead of the list shown.
      guard !engine.isApplying else { return }
      // A callback before this one (a single-select list's didChangeSelection) may have removed the row: the
      // source is told where it was.
      guard engine.snapshot.contains(where: { $0.elements.contains { $0.id == id } }) else { return }
      let shown = leaf.feed.displayedSections
      guard shown.indices.contains(path.section), shown[path.section].elements.indices.contains(path.item),
        shown[path.section].elements[path.item].id == id
      else { return fail("\(leaf.name) \(event) of \(id) at \(path), which it does not show there") }
    }

    func apply(_ changes: StagedChangeset<ListSnapshot>, to mirror: ListSnapshot, _ name: String) -> ListSnapshot {
      var mirror = mirror
      for stage in changes {
        do {
          mirror = try mirror.applying(stage)
        } catch {
          fail("\(name): a stage does not fit the sections reported before it: \(error)")
          return stage.data
        }
      }
      return mirror
    }

    func update(_ leaf: Leaf) {
      var model = leaf.model.map { section in
        (id: section.id, rows: section.rows.filter { _ in pick(4) > 0 })
      }
      for index in model.indices {
        for _ in 0..<pick(3) { model[index].rows.insert(freshRow(leaf), at: pick(model[index].rows.count + 1)) }
        if model[index].rows.count > 1, pick(3) == 0 { model[index].rows.swapAt(0, model[index].rows.count - 1) }
      }
      if !model.isEmpty, pick(4) == 0 { model.remove(at: pick(model.count)) }
      if pick(4) == 0 { model.insert(contentsOf: freshSections(leaf), at: pick(model.count + 1)) }
      if model.count > 1, pick(4) == 0 { model.swapAt(0, model.count - 1) }
      if model.count > 1, pick(3) == 0 {
        let (from, to) = (pick(model.count), pick(model.count))
        if let row = model[from].rows.popLast() { model[to].rows.insert(row, at: 0) }
      }
      for row in model.flatMap(\.rows) where pick(4) == 0 { leaf.versions[row, default: 0] += 1 }
      leaf.model = model
      leaf.feed.update(to: leaf.sections)
    }

    func act(_ step: Step, _ from: String) {
      switch step {
      case .update:
        let leaf = leaves[pick(leaves.count)]
        log.append("\(from): update \(leaf.name)")
        update(leaf)
      case .hideOrShow:
        let leaf = leaves[pick(leaves.count)]
        log.append("\(from): \(leaf.hidden ? "show" : "hide") \(leaf.name)")
        leaf.hidden.toggle()
        leaf.feed.isHidden = leaf.hidden
      case .hideOrShowNested:
        log.append("\(from): \(nestedHidden ? "show" : "hide") the nested composite")
        nestedHidden.toggle()
        nested.isHidden = nestedHidden
      case .moveChild:
        let (from2, to) = (pick(rootOrder.count), pick(rootOrder.count))
        log.append("\(from): move root child \(from2) to \(to)")
        rootOrder.insert(rootOrder.remove(at: from2), at: to)
        try? root.moveChild(from: from2, to: to)
      case .moveNestedChild:
        guard !nestedOrder.isEmpty else { return }
        let (from2, to) = (pick(nestedOrder.count), pick(nestedOrder.count))
        log.append("\(from): move nested child \(from2) to \(to)")
        nestedOrder.insert(nestedOrder.remove(at: from2), at: to)
        try? nested.moveChild(from: from2, to: to)
      case .detachOrAttach:
        let index = pick(leaves.count)
        if let place = rootOrder.firstIndex(of: .leaf(index)) {
          log.append("\(from): remove \(leaves[index].name), root child \(place)")
          rootOrder.remove(at: place)
          try? root.removeChild(at: place)
        } else if let place = nestedOrder.firstIndex(of: index) {
          log.append("\(from): remove \(leaves[index].name), nested child \(place)")
          nestedOrder.remove(at: place)
          try? nested.removeChild(at: place)
        } else if pick(2) == 0 {
          let place = pick(rootOrder.count + 1)
          log.append("\(from): add \(leaves[index].name) as root child \(place)")
          rootOrder.insert(.leaf(index), at: place)
          do { try root.insert(leaves[index].feed, at: place) } catch { fail("adding: \(error)") }
        } else {
          let place = pick(nestedOrder.count + 1)
          log.append("\(from): add \(leaves[index].name) as nested child \(place)")
          nestedOrder.insert(index, at: place)
          do { try nested.insert(leaves[index].feed, at: place) } catch { fail("adding: \(error)") }
        }
      case .select, .toggle, .highlight, .delete, .moveRow:
        gesture(step, from)
      }
    }

    /// Now and then, a change of the children or a gesture of the user from a callback: while a change is applied,
    /// or, with `anytime`, from a callback of the user's gesture.
    func maybeAct(_ from: String, anytime: Bool = false) {
      guard shownBy != nil, anytime || engine.isApplying, budget > 0, pick(3) == 0 else { return }
      budget -= 1
      act(ComposedUserActionModelTests.reentrantSteps.pick(using: &random).value, from)
    }

    // MARK: The user

    func gesture(_ step: Step, _ from: String) {
      let rows = engine.snapshot.enumerated().flatMap { section, content in
        content.elements.indices.map { ItemPath(item: $0, section: section) }
      }
      guard !rows.isEmpty else { return }
      let path = rows[pick(rows.count)]
      guard let id = engine.identity(ofRowAt: path),
        let owner = leaves.first(where: { "\(id)".hasPrefix($0.name + "r") })
      else { return fail("no row at \(path)") }
      // While a change is applied the feeds may be ahead of the list shown: a drag is made only outside of one.
      if step == .moveRow, recording == nil || engine.isApplying || describe(expected) != describe(engine.snapshot) {
        return
      }
      log.append("\(from): \(step) \(id) at \(path)")
      let saved = (finger, heard)
      finger = id
      heard = []
      defer { (finger, heard) = saved }
      switch step {
      case .select:
        try? engine.selectRow(at: path)
        if deselects {
          // Deselected at once, where the callbacks left the row, if they left it.
          if heard.first != "\(owner.name) didSelectRow \(id)" { fail("the choice of \(id) reached \(heard)") }
        } else {
          expectHeard(["\(owner.name) didSelectRow \(id)"], path)
        }
      case .toggle:
        try? engine.toggleSelection(ofRowAt: path)
      case .highlight:
        try? engine.highlightRow(at: path, isHighlighted: true)
        expectHeard(["\(owner.name) didHighlightRow \(id)"], path)
      case .delete:
        let actions = (try? engine.editActions(forRowAt: path)) ?? []
        if actions != [.delete] { fail("the row \(id) at \(path) offers \(actions)") }
        try? engine.commitEdit(.delete, forRowAt: path)
        expectHeard(
          ["\(owner.name) editActions \(id)", "\(owner.name) editActions \(id)", "\(owner.name) commitEdit \(id)"],
          path)
      case .moveRow:
        // A target in a section of the same source.
        let targets = owners.indices.filter { owners[$0].leaf === owner }
        let section = targets[pick(targets.count)]
        let count = engine.snapshot[section].elements.count - (section == path.section ? 1 : 0)
        let target = ItemPath(item: pick(count + 1), section: section)
        log.append("  to \(target)")
        let local = (owners[path.section].section, owners[section].section)
        localMove = Move(
          source: ItemPath(item: path.item, section: local.0), target: ItemPath(item: target.item, section: local.1))
        defer { localMove = nil }
        var model = owner.model
        let row = model[local.0].rows.remove(at: path.item)
        model[local.1].rows.insert(row, at: target.item)
        owner.model = model
        do {
          try recording?.moveRow(Move(source: path, target: target))
        } catch {
          fail("the move of \(id) to \(target) was refused: \(error)")
        }
        expectHeard(["\(owner.name) didMoveRow \(id)"], path)
      default:
        break
      }
    }

    func expectHeard(_ events: [String], _ path: ItemPath) {
      if heard != events { fail("the gesture at \(path) reached \(heard), not \(events)") }
    }

    // MARK: Checking

    func describe(_ list: ListSnapshot) -> [String] {
      list.map { "\($0.model.id): " + ListRendering.lines(of: [$0]).joined(separator: ", ") }
    }

    func check() {
      guard failures.isEmpty else { return }
      let expected = describe(self.expected)
      if describe(root.displayedSections) != expected {
        return fail("the composite shows \(describe(root.displayedSections)), the model \(expected)")
      }
      if describe(engine.snapshot) != expected {
        return fail("the engine shows \(describe(engine.snapshot)), the model \(expected)")
      }
      if let recording, recording.isVisible, recording.renderedLines != ListRendering.lines(of: engine.snapshot) {
        return fail("the view shows \(recording.renderedLines)")
      }
      if let viewport {
        let top = engine.snapshot.first.map { Array(ListRendering.lines(of: [$0]).prefix(3)) } ?? []
        if viewport.renderedLines != top { return fail("the viewport shows \(viewport.renderedLines), not \(top)") }
      }
      for (name, mirror, feed) in [
        ("root", rootMirror, root.displayedSections), ("nested", nestedMirror, nested.displayedSections),
      ]
        + leaves.map({ ($0.name, $0.mirror, $0.feed.displayedSections) })
      where describe(mirror) != describe(feed) {
        return fail("\(name)'s reported changes lead to \(describe(mirror)), it shows \(describe(feed))")
      }
      let shown = Set(engine.snapshot.flatMap { $0.elements.map(\.id) })
      let selected = Set(engine.selection.identifiers)
      if !selected.isSubset(of: shown) { return fail("selected \(selected.subtracting(shown)), not shown") }
      // The rows each source shows in the list, by the model.
      var shownBy: [ObjectIdentifier: Set<ListIdentifier>] = [:]
      for (section, owner) in zip(self.expected, owners) {
        shownBy[ObjectIdentifier(owner.leaf), default: []].formUnion(section.elements.map(\.id))
      }
      for leaf in leaves {
        let mine = selected.intersection(shownBy[ObjectIdentifier(leaf)] ?? [])
        if leaf.told != mine { return fail("\(leaf.name) was told of \(leaf.told), it shows \(mine) selected") }
      }
    }
  }

  static func run(seed: UInt64, stepCount: Int, variant: Bool = false) throws -> World {
    let world = World(seed: seed, variant: variant)
    world.leaves = (0..<5).map { world.makeLeaf($0) }
    world.rootOrder = [.leaf(0), .nested, .leaf(1), .leaf(2)]
    world.nestedOrder = [3, 4]
    for index in world.nestedOrder { try world.nested.append(world.leaves[index].feed) }
    for child in world.rootOrder {
      switch child {
      case .leaf(let index): try world.root.append(world.leaves[index].feed)
      case .nested: try world.root.append(world.nested)
      }
    }
    world.rootMirror = world.root.displayedSections
    world.nestedMirror = world.nested.displayedSections
    world.root.didUpdate = { [unowned world] changes in
      world.rootMirror = world.apply(changes, to: world.rootMirror, "root.didUpdate")
      world.maybeAct("root.didUpdate")
    }
    world.nested.didUpdate = { [unowned world] changes in
      world.nestedMirror = world.apply(changes, to: world.nestedMirror, "nested.didUpdate")
    }
    var delegate = SyncDelegate()
    delegate.willApply = { [unowned world] _ in world.maybeAct("willApply") }
    delegate.didApply = { [unowned world] _ in world.maybeAct("didApply") }
    delegate.didInsertRows = { [unowned world] _ in world.maybeAct("didInsertRows") }
    delegate.didDeleteRows = { [unowned world] _ in world.maybeAct("didDeleteRows") }
    delegate.didDeleteSections = { [unowned world] _ in world.maybeAct("didDeleteSections") }
    world.shownBy = try ListEngine(view: world.view, showing: world.root, delegate: delegate)
    world.engine.selectionMode = world.mode
    world.check()
    for step in 0..<stepCount {
      world.act(Self.steps.pick(using: &world.random).value, "step \(step)")
      world.check()
      if !world.failures.isEmpty { break }
    }
    return world
  }

  @Test("children, the user and re-entrant callbacks: the list, the events, the selection and the reports agree")
  func modelHolds() throws {
    var failing: [UInt64] = []
    var first: String?
    for seed in DeepPass.seeds(quick: 60, deep: 2000) {
      let world = try Self.run(seed: seed, stepCount: 16)
      if !world.failures.isEmpty {
        failing.append(seed)
        if first == nil { first = "seed \(seed): \(world.failures[0])" }
      }
    }
    #expect(failing.isEmpty, "first: \(first ?? ""); \(failing.count) seeds fail")
  }
}

extension ComposedUserActionModelTests {
  @Test("the same on a hidden view, on a viewport, in single selection and with rows deselected at once")
  func modelHoldsInVariants() throws {
    var failing: [UInt64] = []
    var first: String?
    for seed in DeepPass.seeds(quick: 40, deep: 1000) {
      let world = try Self.run(seed: seed, stepCount: 16, variant: true)
      if !world.failures.isEmpty {
        failing.append(seed)
        if first == nil {
          first =
            "seed \(seed) (\(world.mode), deselects \(world.deselects), \(type(of: world.view))): \(world.failures[0])"
        }
      }
    }
    #expect(failing.isEmpty, "first: \(first ?? ""); \(failing.count) seeds fail")
  }
}
