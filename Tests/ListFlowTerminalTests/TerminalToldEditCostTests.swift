import ListFlowTerminal
import ListFlowTesting
import TestSupport
import Testing

/// The README's rows path (`ListController(rows:cell:)`) shown on a `TerminalListView`, changed by told edits
/// (`ListController.apply(_: ListEdit)`: updates, deletes, inserts, moves), states of a few changes, cursor moves
/// and, beside the list in a `ComposedFeed`, an `OutlineFeed` tree expanded and collapsed. Each step reads the
/// identities of the rows it changes and of the rows on screen, and makes their binders, at N rows and at 10 N
/// alike: never a read per row of the list. The terminal asks the engine about the cursor's row at every frame
/// (`isRowExpanded(at:)`, `depth(ofRowAt:)`, for its help line), also at a change's last stage: an answer that
/// walked the row's section there cost every change its whole section.
@MainActor
@Suite(.serialized) struct TerminalToldEditCostTests {
  /// The identity reads of every ``Label``, from any thread (a state of 20,000 rows is diffed off the main actor).
  nonisolated static let identityReads = CallCounter()

  /// A row of the list, as the README declares one: a data model whose title the terminal's `TextCell` shows;
  /// its identity is read through a counter.
  struct Label: Identifiable, Equatable, Sendable, ListItemDataModel, Titled, Differentiable {
    var id: Int
    var version: Int

    var differenceIdentifier: Int {
      TerminalToldEditCostTests.identityReads.add()
      return id
    }

    func isContentEqual(to source: Label) -> Bool { self == source }
    var title: String? { "label \(id) v\(version)" }
  }

  /// Fills a `TextCell` from a ``Label``: its title is the row's `Titled` capability.
  enum LabelMapper: Mapper {
    static func map(data: Label, cell: TextCell) {}
  }

  /// The binder an app tells a `ListEdit` about: the one `cell` makes, with the identity the rows path gives, so
  /// that a state after told edits reads the rows back (see `ListController(rows:cell:)`).
  nonisolated static func toldBinder(_ label: Label) -> CellBinder {
    var binder = CellBinder(data: label, mapper: LabelMapper.self)
    binder.id = ListIdentifier(label.id)
    return binder
  }

  /// A node of the tree beside the list (its identities are apart from the list's, and not counted).
  struct Entry: Hashable, Sendable, Differentiable {
    var id: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Entry) -> Bool { self == source }
  }

  static func treeCell(_ row: Outline<Entry>.Row) -> CellBinder {
    CellBinder(cell: TextCell.self, value: row.element.id, id: ListIdentifier(row.element.id)) { cell, id in
      cell.title = "node \(id)"
    }
  }

  /// A forest of 12 roots of three children each, each child with two of its own; ids from 1,000,000.
  static func forest() -> [Outline<Entry>.Node] {
    var next = 1_000_000
    func node(_ children: [Outline<Entry>.Node]) -> Outline<Entry>.Node {
      next += 1
      return Outline.Node(Entry(id: next), children: children)
    }
    return (0..<12).map { _ in node((0..<3).map { _ in node((0..<2).map { _ in node([]) }) }) }
  }

  /// Where the list is shown: alone, or in a composite before a tree.
  enum Placement: CaseIterable, CustomStringConvertible {
    case alone, besideATree
    var description: String { self == .alone ? "alone" : "beside a tree" }
  }

  /// What a step does.
  enum Step { case tell, state, cursor, toggle }

  static let steps = WeightedChoice<Step>([
    ("tell a few row edits (ListEdit)", weight: 6, .tell),
    ("apply a state of a few row changes", weight: 2, .state),
    ("move the cursor", weight: 1, .cursor),
    ("expand or collapse a node of the tree", weight: 1, .toggle),
  ])

  /// Where the user moves the cursor: mostly within the list, whose section a slow answer about the cursor's row
  /// would walk (End, beside a tree, puts it on the tree's last row).
  enum Cursor { case pageDown, pageUp, home, end, toRow }

  static let cursorMoves = WeightedChoice<Cursor>([
    ("page down", weight: 2, .pageDown),
    ("page up", weight: 1, .pageUp),
    ("Home", weight: 1, .home),
    ("End", weight: 1, .end),
    ("the cursor to a row of the list", weight: 3, .toRow),
  ])

  /// One edit an app tells.
  enum Told { case update, replace, delete, insert, move }

  static let told = WeightedChoice<Told>([
    ("update a row with updateRows", weight: 3, .update),
    ("update a row: delete it and insert its next version", weight: 2, .replace),
    ("delete a row", weight: 1, .delete),
    ("insert a new row", weight: 1, .insert),
    ("move a row", weight: 1, .move),
  ])

  /// The list the app keeps: the rows' identities in order, and their versions.
  struct Model {
    var ids: [Int]
    var versions: [Int: Int] = [:]
    var nextID: Int

    init(rows: Int) {
      ids = Array(0..<rows)
      nextID = rows
    }

    func label(_ id: Int) -> Label { Label(id: id, version: versions[id] ?? 0) }
    var state: [ListSection<Label>] { [ListSection(id: "labels", items: ids.map(label))] }

    /// A position of a row (or, with `end`, one past the last): on the first screens half of the time.
    func position(end: Bool = false, using random: inout SeededRandom) -> Int {
      let count = ids.count + (end ? 1 : 0)
      return random.oneIn(2) ? random.below(min(40, count)) : random.below(count)
    }

    mutating func newID() -> Int {
      defer { nextID += 1 }
      return nextID
    }
  }

  /// Tells one edit, and makes it in the model too.
  static func tell(
    _ told: Told, _ edit: inout ListEdit, _ model: inout Model, using random: inout SeededRandom
  ) throws {
    let index = model.position(using: &random)
    switch told {
    case .update:
      let id = model.ids[index]
      model.versions[id, default: 0] += 1
      try edit.updateRows([toldBinder(model.label(id))])
    case .replace:
      let id = model.ids[index]
      model.versions[id, default: 0] += 1
      try edit.deleteRows([ListIdentifier(id)])
      try edit.insertRows([toldBinder(model.label(id))], at: ItemPath(item: index, section: 0))
    case .delete:
      try edit.deleteRows([ListIdentifier(model.ids.remove(at: index))])
    case .insert:
      let id = model.newID()
      try edit.insertRows([toldBinder(model.label(id))], at: ItemPath(item: index, section: 0))
      model.ids.insert(id, at: index)
    case .move:
      let id = model.ids.remove(at: index)
      let target = model.position(end: true, using: &random)
      try edit.moveRow(ListIdentifier(id), to: ItemPath(item: target, section: 0))
      model.ids.insert(id, at: target)
    }
  }

  /// Makes one change of a state in the model.
  static func change(_ edit: RowEdit, _ model: inout Model, using random: inout SeededRandom) {
    let index = model.position(using: &random)
    switch edit {
    case .insert: model.ids.insert(model.newID(), at: index)
    case .delete: model.ids.remove(at: index)
    case .move:
      let id = model.ids.remove(at: index)
      model.ids.insert(id, at: model.position(end: true, using: &random))
    case .update: model.versions[model.ids[index], default: 0] += 1
    }
  }

  /// What a step may read or make beyond its changes and the rows on screen before and after it: the cursor's
  /// row, a header, a row scrolled into view.
  static let slack = 16

  /// Runs `count` random steps on a list of `rows` rows; returns the failures, one line each.
  static func run(rows: Int, placement: Placement, seed: UInt64, steps count: Int) async throws -> [String] {
    var random = SeededRandom(seed: seed)
    let cells = CallCounter()
    let controller = ListController<[ListSection<Label>]>(rows: { $0 }) { label in
      cells.add()
      return CellBinder(data: label, mapper: LabelMapper.self)
    }
    let tree = OutlineFeed(id: "tree", outline: Outline(forest()), cell: treeCell)
    let shown: any ListFeed<ListSectionSnapshot>
    switch placement {
    case .alone: shown = controller
    case .besideATree:
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(controller)
      try composite.append(tree)
      shown = composite
    }
    let view = TerminalListView(
      output: CapturingOutput(), mode: .screen(TerminalSize(columns: 40, rows: 12)), title: "Labels")
    let engine = try ListEngine(view: view, showing: shown)
    var model = Model(rows: rows)
    await controller.apply(model.state)
    // The first told edit makes the index of the list's rows (a read of every identity, once): not counted.
    try controller.performEdits { edit in try tell(.update, &edit, &model, using: &random) }
    // The cursor on the list's first row (beside a tree, the tree was shown first and has it).
    view.handle(.home)
    var failures: [String] = []
    var drawn: [String] = []
    // The rows told since the last state: a state reads back each binder an edit put in (one `cell` call each).
    var toldSinceState = 0
    _ = identityReads.take()
    _ = cells.take()
    for _ in 0..<count {
      let screenBefore = view.visibleRows.count
      let step = steps.pick(using: &random)
      var changes = 0
      switch step.value {
      case .toggle where placement == .besideATree:
        drawn.append(step.name)
        let before = tree.rows.count
        _ = tree.toggleRow(at: random.below(before))
        changes = abs(tree.rows.count - before)
      case .cursor:
        let move = cursorMoves.pick(using: &random)
        drawn.append("\(step.name): \(move.name)")
        switch move.value {
        case .pageDown: view.handle(.pageDown)
        case .pageUp: view.handle(.pageUp)
        case .home: view.handle(.home)
        case .end: view.handle(.end)
        case .toRow:
          view.scrollToRow(at: ItemPath(item: model.position(using: &random), section: 0), alignment: .center)
        }
      case .state:
        var names: [String] = []
        for _ in 0..<(1 + random.below(6)) {
          let edit = RowEdit.weighted.pick(using: &random)
          names.append(edit.name)
          change(edit.value, &model, using: &random)
        }
        drawn.append("\(step.name): \(names)")
        changes = names.count + toldSinceState
        toldSinceState = 0
        await controller.apply(model.state)
      case .tell, .toggle:
        var edit = controller.makeEdit()
        var names: [String] = []
        for _ in 0..<(1 + random.below(8)) {
          let told = told.pick(using: &random)
          names.append(told.name)
          try tell(told.value, &edit, &model, using: &random)
        }
        drawn.append("tell \(names)")
        changes = names.count
        toldSinceState += names.count
        controller.apply(edit)
      }
      let reads = identityReads.take()
      let made = cells.take()
      let context = "\(rows) rows \(placement), seed \(seed), steps \(drawn)"
      let screen = screenBefore + view.visibleRows.count
      let bound = 10 * changes + 3 * screen + slack
      if reads > bound { failures.append("\(reads) identities read, more than \(bound): \(context)") }
      if made > bound { failures.append("\(made) binders made, more than \(bound): \(context)") }
      // The list shown is the model's: its length and the rows on screen.
      let section = engine.snapshot[0].elements
      if section.count != model.ids.count { failures.append("\(section.count) rows shown: \(context)") }
      for path in view.visibleRows where path.section == 0 {
        let id = engine.identity(ofRowAt: path)
        if id != ListIdentifier(model.ids[path.item]) {
          failures.append("\(String(describing: id)) at \(path): \(context)")
        }
      }
      if !failures.isEmpty { return failures }
      _ = identityReads.take()
      _ = cells.take()
    }
    withExtendedLifetime(engine) {}
    return failures
  }

  @Test(
    "told edits, states, cursor moves and a tree beside read the identities of the changes and the screen, at N and 10 N",
    arguments: Placement.allCases)
  func stepsReadTheirChangesAndTheScreen(placement: Placement) async throws {
    for seed in DeepPass.seeds(quick: 4, deep: 16) {
      for rows in [2_000, 20_000] {
        let failures = try await Self.run(
          rows: rows, placement: placement, seed: seed, steps: DeepPass.cases(quick: 20, deep: 60))
        #expect(failures.isEmpty, "\(failures.first ?? "")")
      }
    }
  }
}
