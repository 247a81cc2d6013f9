import ListFlowTesting
import TestSupport
import Testing

@testable import ListFlow

/// Generated cases (80 seeds in the quick pass, 600 in the deep pass): every delegate that hears of a row's
/// event (a choice, a deselection, a highlight, a cell's action) is told where that row is when it is called,
/// although a callback before it changed the list: the owner's closure or a single-select list's
/// `didChangeSelection` moves the row, inserts or deletes rows around it, changes another child, or clears or sets
/// the query of a filter over the children. The oracle is the list itself at the time of each call: the row at the
/// position a delegate is told (in the owner's own sections, or the engine's list) carries the identity of the
/// binder it is told, whenever that list still holds the identity.
@MainActor
@Suite("Every delegate hears of a row's event where the row is when it is called")
struct EventPlacePropertyTests {
  /// The children's rows: per child, per section, the rows' names (unique in the whole list).
  struct Model {
    var sections: [[[String]]]
    var fresh = 0
  }

  static func sections(of rows: [[String]], child: Int) -> [ListSectionSnapshot] {
    rows.enumerated().map { index, names in
      ListSection(id: "c\(child)s\(index)", items: names.map { ButtonCell.makeBinder(value: $0, id: $0) }).snapshot
    }
  }

  /// The identity at a position of a list, or `nil`.
  static func identity(in list: [ListSectionSnapshot], at path: ItemPath) -> ListIdentifier? {
    list.identity(ofRowAt: path)
  }

  /// Whether a list holds a row of an identity.
  static func holds(_ list: [ListSectionSnapshot], _ id: ListIdentifier) -> Bool {
    list.path(ofRow: id) != nil
  }

  static func row(_ id: String) -> CellBinder { ButtonCell.makeBinder(value: id, id: id) }

  @Test("a row its feed's didSelectRow puts on top reaches the engine's delegate there")
  func rowPutOnTop() async throws {
    let controller = ListController<[CellBinder]>()
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: controller)
    var told: [String] = []
    engine.delegate.didSelectRow = { path, row in told.append("\(path) \(row.id)") }
    await controller.apply(["a", "b", "c", "d"].map(Self.row))
    controller.delegate.didSelectRow = { _, row in
      try? controller.performEdits { edit in try edit.moveRow(row.id, to: ItemPath(item: 0, section: 0)) }
    }
    try view.selectRow(at: ItemPath(item: 2, section: 0))
    #expect(view.renderedLines == ["[c]", "[a]", "[b]", "[d]"])
    #expect(told == ["0:0 \(Self.row("c").id)"])
  }

  @Test("choosing a search result that clears the search reaches the source's delegate at the row's place")
  func choiceClearsTheQuery() throws {
    let source = SectionsFeed<ListSectionSnapshot>(
      sections: [ListSection(id: "s", items: ["ant", "bee", "cat", "cow"].map(Self.row)).snapshot])
    let filtered = try FilteredFeed(source)
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: filtered)
    engine.selectionMode = .single
    var told: [String] = []
    source.delegate.didChangeSelection = { _ in filtered.query = "" }
    source.delegate.didSelectRow = { path, row in told.append("\(path) \(row.id)") }
    filtered.query = "c"
    try view.selectRow(at: ItemPath(item: 1, section: 0))
    #expect(view.renderedLines == ["[ant]", "[bee]", "[cat]", "[cow]"])
    #expect(told == ["0:3 \(Self.row("cow").id)"])
  }

  @Test("owners and the engine are told the row's position after the callbacks before them")
  func positionsFollowTheRow() throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 80, deep: 600) {
      var random = SeededRandom(seed: seed)
      let childCount = 1 + random.below(3)
      var model = Model(
        sections: (0..<childCount).map { child in
          (0..<1 + random.below(2)).map { section in
            (0..<1 + random.below(5)).map { row in "c\(child)s\(section) r\(row)" }
          }
        })
      let children = (0..<childCount).map { child in
        SectionsFeed<ListSectionSnapshot>(sections: Self.sections(of: model.sections[child], child: child))
      }
      let composite = ComposedFeed<ListSectionSnapshot>()
      for child in children { try composite.append(child) }
      let filtered: FilteredFeed? = random.oneIn(2) ? try FilteredFeed(composite) : nil
      let view = RecordingListView()
      let engine = try ListEngine(
        view: view, showing: filtered.map { $0 as any ListFeed<ListSectionSnapshot> } ?? composite)
      engine.selectionMode = [.none, .single, .multiple][random.below(3)]
      var log: [String] = []
      /// Changes left to the callbacks of the current event.
      var budget = 0

      func push(_ child: Int) { children[child].update(to: Self.sections(of: model.sections[child], child: child)) }

      /// A random change of the list from a callback about the row `id` of `child`.
      func change(about id: ListIdentifier, child: Int) {
        guard budget > 0, random.below(3) > 0 else { return }
        budget -= 1
        let name = model.sections[child].joined().first { ListIdentifier($0) == id }
        switch random.below(6) {
        case 0:
          // The row moves to a random place of its child.
          guard let name, let from = model.sections[child].firstIndex(where: { $0.contains(name) }) else { return }
          model.sections[child][from].removeAll { $0 == name }
          let to = random.below(model.sections[child].count)
          model.sections[child][to].insert(name, at: random.below(model.sections[child][to].count + 1))
          log.append("move \(name)")
          push(child)
        case 1:
          // Rows put in at the top of each of the child's sections.
          for section in model.sections[child].indices {
            model.fresh += 1
            model.sections[child][section].insert("c\(child)s\(section) new\(model.fresh)", at: 0)
          }
          log.append("insert in \(child)")
          push(child)
        case 2:
          // Another row of the child leaves.
          let others = model.sections[child].joined().filter { $0 != name }
          guard !others.isEmpty else { return }
          let gone = others[random.below(others.count)]
          for section in model.sections[child].indices { model.sections[child][section].removeAll { $0 == gone } }
          log.append("delete \(gone)")
          push(child)
        case 3:
          // Another child changes.
          let other = random.below(childCount)
          model.fresh += 1
          model.sections[other][0].insert("c\(other)s0 new\(model.fresh)", at: 0)
          log.append("insert in \(other)")
          push(other)
        case 4:
          guard let filtered else { return }
          filtered.query = ["", "", "r", "1", "s0", "new"][random.below(6)]
          log.append("query '\(filtered.query)'")
        default:
          // The row itself leaves (rarely).
          guard let name, random.oneIn(3) else { return }
          for section in model.sections[child].indices { model.sections[child][section].removeAll { $0 == name } }
          log.append("delete \(name) itself")
          push(child)
        }
      }

      /// Checks that the row at `path` of `list` is `id`'s, when the list holds `id`.
      func check(_ who: String, _ list: [ListSectionSnapshot], _ path: ItemPath, _ id: ListIdentifier) {
        guard Self.holds(list, id) else { return }
        let found = Self.identity(in: list, at: path)
        if found != id {
          failures.append(
            "seed \(seed): \(who) told \(path) for \(id), which holds \(found.map { "\($0)" } ?? "nothing"); \(log)")
        }
      }

      for child in children.indices {
        var delegate = SyncDelegate()
        delegate.deselectsAutomatically = random.oneIn(3)
        let owner: (String, ItemPath, CellBinder) -> Void = { event, path, row in
          check("child \(child) \(event)", children[child].sections, path, row.id)
          change(about: row.id, child: child)
        }
        delegate.didSelectRow = { owner("select", $0, $1) }
        delegate.didDeselectRow = { owner("deselect", $0, $1) }
        delegate.didHighlightRow = { owner("highlight", $0, $1) }
        delegate.didUnhighlightRow = { owner("unhighlight", $0, $1) }
        delegate.onAction(ButtonCell.Action.self) { _, path, row in owner("action", path, row) }
        delegate.didChangeSelection = { selectionChange in
          for id in selectionChange.added where budget > 0 {
            change(about: id, child: child)
          }
        }
        children[child].delegate = delegate
      }
      var engineDelegate = SyncDelegate()
      let global: (String, ItemPath, CellBinder) -> Void = { event, path, row in
        check("engine \(event)", engine.snapshot, path, row.id)
      }
      engineDelegate.didSelectRow = { global("select", $0, $1) }
      engineDelegate.didDeselectRow = { global("deselect", $0, $1) }
      engineDelegate.didHighlightRow = { global("highlight", $0, $1) }
      engineDelegate.didUnhighlightRow = { global("unhighlight", $0, $1) }
      engineDelegate.onAction(ButtonCell.Action.self) { _, path, row in global("action", path, row) }
      engine.delegate = engineDelegate

      for _ in 0..<8 {
        if let filtered, random.oneIn(4) {
          filtered.query = ["", "r", "1", "s0", "new"][random.below(5)]
          log.append("user query '\(filtered.query)'")
          continue
        }
        let rows = view.visibleRows
        guard !rows.isEmpty else { continue }
        let path = rows[random.below(rows.count)]
        budget = 2
        let event = random.below(5)
        log.append("event \(event) at \(path)")
        switch event {
        case 0: try engine.selectRow(at: path)
        case 1: try engine.deselectRow(at: path)
        case 2: try engine.highlightRow(at: path, isHighlighted: true)
        case 3: try engine.highlightRow(at: path, isHighlighted: false)
        default: (view.cell(at: path) as? ButtonCell)?.press()
        }
      }
      #expect(view.inconsistencies.isEmpty, "seed \(seed): \(log)")
      #expect(view.renderedLines == ListRendering.lines(of: engine.snapshot), "seed \(seed): \(log)")
    }
    #expect(failures.isEmpty, "\(failures.count) events told at another row's position; first: \(failures.first ?? "")")
  }
}
