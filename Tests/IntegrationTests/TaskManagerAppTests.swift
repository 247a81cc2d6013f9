import ListFlow
import ListFlowTerminal
import ListFlowTesting
import TestSupport
import Testing

/// A task manager written as a new user would from the README and the articles: the tasks live in a `Store`, a
/// `ListController` follows it (sections by status, declared with `SectionsDeclarator`), a static "About" list
/// follows it in a `ComposedFeed`, and a `FilteredFeed` over the composite narrows both to a query. The user
/// marks tasks (multi-select), deletes one with its edit action, moves rows, and the app tells bulk changes
/// through `performEdits` as well as putting them in the store.
@MainActor
@Suite struct TaskManagerAppTests {
  enum Status: String, CaseIterable, Sendable { case todo, doing, done }

  struct TaskItem: Hashable, Sendable {
    var id: Int
    var title: String
    var status: Status
  }

  /// The store's state: the tasks, in the user's order.
  struct Board: SectionsDeclarator, Sendable {
    enum Row: Hashable, Sendable, Differentiable, Titled {
      case header(Status, count: Int)
      case task(TaskItem)

      var differenceIdentifier: String {
        switch self {
        case .header(let status, _): "h-\(status.rawValue)"
        case .task(let task): "t\(task.id)"
        }
      }

      var title: String? {
        switch self {
        case .header(let status, let count): "\(status.rawValue.uppercased()) (\(count))"
        case .task(let task): task.title
        }
      }
    }

    var tasks: [TaskItem] = []
    /// The marked tasks, kept in the state by the app (from `didChangeSelection`).
    var marked: Set<Int> = []
    var revision = 0

    func declareSections(_ section: (ListSection<Row>) -> Void) {
      for status in Status.allCases {
        let rows = tasks.filter { $0.status == status }
        section(ListSection(id: status.rawValue, header: .header(status, count: rows.count), items: rows.map(Row.task)))
      }
    }

    @Sendable static func cell(_ row: Row) -> CellBinder {
      CellBinder(cell: TextCell.self, value: row, id: ListIdentifier(row.differenceIdentifier)) { cell, row in
        cell.title = row.title ?? ""
      }
    }

    static func identity(of id: Int) -> ListIdentifier {
      ListIdentifier("t\(id)")  // a controller of rows identifies a row by its differenceIdentifier
    }
  }

  enum AboutItem: Equatable, Sendable, Titled {
    case version, help
    var title: String? {
      switch self {
      case .version: "ListFlow tasks 1.0"
      case .help: "press space to mark"
      }
    }
  }

  @MainActor final class AboutScreen: StaticListConstructor {
    var models: [AboutItem] { [.version, .help] }
    var opened: [AboutItem] = []
    func cellType(for model: AboutItem) -> any ListCell.Type { TextCell.self }
    func itemSelected(item: AboutItem) { opened.append(item) }
  }

  /// The app, wired as the articles teach.
  @MainActor final class App {
    let store = Store(Board())
    let controller = ListController<Board>(cell: Board.cell)
    let aboutScreen: AboutScreen
    let about: StaticList<AboutScreen>
    let screen = ComposedFeed<ListSectionSnapshot>()
    let filtered: FilteredFeed
    let view: any ListView
    let engine: ListEngine
    var running: Task<Void, Never>?
    /// The tasks the app counts as marked, from `didChangeSelection`.
    var marked: Set<Int> = []
    /// The tasks whose delete action the app committed.
    var deleted: [Int] = []
    /// Everything that went against the docs.
    var problems: [String] = []
    var errors: [ListFlowError] = []
    /// The errors met but the documented ones the users' steps may cause: a move refused, a row no state shows
    /// (yet).
    var unexpectedErrors: [ListFlowError] {
      errors.filter {
        switch $0 {
        case .rowNotMovable, .rowNotFound, .unknownRows: false
        default: true
        }
      }
    }
    /// Whether the terminal's filter takes the keys typed (after `/`, until Enter or Escape).
    var typing = false
    /// Whether the terminal's cursor follows the last row (after End).
    var following = false
    /// The tasks chosen (Enter), from the controller's `didSelectRow`.
    var chosen: [Int] = []
    /// The row the engine's delegate says is highlighted (the terminal's cursor).
    var highlighted: ListIdentifier?

    init(view: any ListView) throws {
      self.view = view
      aboutScreen = AboutScreen()
      about = StaticList(aboutScreen)
      try screen.append(controller)
      try screen.append(about)
      filtered = try FilteredFeed(screen)
      engine = try ListEngine(view: view, showing: filtered)
      engine.selectionMode = .multiple
      wire()
      // The engine showed the first list as it was made: a terminal's cursor is on a row of it already.
      highlighted = (view as? TerminalListView)?.selectedRow.flatMap { engine.identity(ofRowAt: $0) }
    }

    func start() { running = Task { [controller, store] in await controller.run(store.updates()) } }

    func stop() async {
      running?.cancel()
      await running?.value
    }

    static func task(of row: CellBinder) -> TaskItem? {
      if case .task(let task) = row.model(as: Board.Row.self) { return task }
      return nil
    }

    private func wire() {
      let store = store
      controller.delegate.editActions = { _, row in Self.task(of: row) == nil ? [] : [.delete] }
      controller.delegate.commitEdit = { [unowned self] action, path, row in
        guard let task = Self.task(of: row) else { return problems.append("edit action on a header \(row.id)") }
        if (try? controller.row(at: path))?.id != row.id {
          problems.append("commitEdit at \(path) names \(row.id), the controller has another row there")
        }
        deleted.append(task.id)
        store.update {
          $0.tasks.removeAll { $0.id == task.id }
          $0.revision += 1
        }
      }
      controller.delegate.didSelectRow = { [unowned self] path, row in
        guard let task = Self.task(of: row) else { return problems.append("chose a header \(row.id)") }
        if (try? controller.row(at: path))?.id != row.id { problems.append("didSelectRow at \(path) is not \(row.id)") }
        chosen.append(task.id)
      }
      controller.delegate.canMoveRow = { _, row in Self.task(of: row) != nil }
      controller.delegate.didMoveRow = { [unowned self] move, row in
        guard let task = Self.task(of: row) else { return problems.append("move of a header \(row.id)") }
        let sections = controller.displayedSections
        guard sections.indices.contains(move.target.section) else {
          return problems.append("move to section \(move.target.section) of \(sections.count)")
        }
        let ids = sections[move.target.section].elements.map(\.id)
        if ids.indices.contains(move.target.item), ids[move.target.item] != row.id {
          problems.append("didMoveRow: the controller does not show \(row.id) at \(move.target)")
        }
        let status = Status.allCases[move.target.section]
        let next = ids.dropFirst(move.target.item + 1).first
        let previous = move.target.item > 0 ? ids[move.target.item - 1] : nil
        store.update { state in
          state.tasks.removeAll { $0.id == task.id }
          var moved = task
          moved.status = status
          if let next, let index = state.tasks.firstIndex(where: { Board.identity(of: $0.id) == next }) {
            state.tasks.insert(moved, at: index)
          } else if let previous, let index = state.tasks.firstIndex(where: { Board.identity(of: $0.id) == previous }) {
            state.tasks.insert(moved, at: index + 1)
          } else {
            state.tasks.append(moved)
          }
          state.revision += 1
        }
      }
      controller.delegate.didChangeSelection = { [unowned self] change in
        for id in change.added {
          guard let task = known[id] else { continue }
          if !marked.insert(task).inserted { problems.append("selected twice: \(id)") }
        }
        for id in change.removed {
          guard let task = known[id] else { continue }
          if marked.remove(task) == nil { problems.append("deselected, never selected: \(id)") }
        }
        // The app keeps its marks in the store (a state published from a delegate closure, maybe mid-change).
        let marked = marked
        store.update {
          $0.marked = marked
          $0.revision += 1
        }
      }
      controller.delegate.willDisplayCell = { [unowned self] cell, path in
        guard let row = try? controller.row(at: path) else {
          return problems.append("willDisplay at \(path): the controller has no such row")
        }
        let shown = (cell as? TextCell)?.title
        if shown != row.model(as: Board.Row.self)?.title {
          problems.append("willDisplay at \(path): cell shows \(shown ?? "?"), row is \(row.id)")
        }
      }
      engine.delegate.didFail = { [unowned self] error in errors.append(error) }
      engine.delegate.didApply = { [unowned self] _ in
        // A row that left the list (deleted, or hidden by the query) gets no unhighlight, as the article says.
        if let highlighted, engine.path(ofRowWithIdentity: highlighted) == nil { self.highlighted = nil }
      }
      engine.delegate.didHighlightRow = { [unowned self] path, row in
        // A row that left the list (deleted, or hidden by the query) gets no unhighlight, as the article says.
        if let highlighted, highlighted != row.id, engine.path(ofRowWithIdentity: highlighted) != nil {
          problems.append("\(row.id) highlighted at \(path) while \(highlighted) is")
        }
        highlighted = row.id
      }
      engine.delegate.didUnhighlightRow = { [unowned self] path, row in
        if highlighted != row.id {
          problems.append("\(row.id) unhighlighted at \(path), \(highlighted.map { "\($0)" } ?? "none") is")
        }
        highlighted = nil
      }
    }

    /// Every identity ever used, to read back an id from a removed identity.
    var known: [ListIdentifier: Int] = [:]

    /// Lets the controller catch up with the store.
    func settle() async -> Bool {
      await yieldUntil {
        controller.state?.revision == store.state.revision && !controller.isApplying && !controller.hasPendingState
      }
    }
  }

  /// The plain model of the app.
  @MainActor struct Model {
    var tasks: [TaskItem] = []
    var selected: Set<Int> = []
    /// Whether the About list is the composite's first child.
    var aboutFirst = false
    /// The About rows selected (by "select all").
    var aboutSelected: Set<String> = []
    var query = ""
    var nextID = 1

    func matches(_ text: String) -> Bool { query.isEmpty || FilteredFeed.Match(query: query, in: text) != nil }

    /// The list shown, section by section: (section's identity label, rows' titles).
    var shown: [[String]] {
      var sections: [[String]] = []
      for status in Status.allCases {
        let rows = tasks.filter { $0.status == status && matches($0.title) }.map(\.title)
        let count = tasks.filter { $0.status == status }.count
        if query.isEmpty || !rows.isEmpty { sections.append(["\(status.rawValue.uppercased()) (\(count))"] + rows) }
      }
      let about = [AboutItem.version, .help].compactMap(\.title).filter(matches)
      if query.isEmpty || !about.isEmpty {
        if aboutFirst { sections.insert(about, at: 0) } else { sections.append(about) }
      }
      return sections
    }

    var shownTaskIDs: Set<Int> { Set(tasks.filter { matches($0.title) }.map(\.id)) }
  }

  static let words = ["buy", "milk", "write", "tests", "ship", "fix", "bug", "call", "bob", "plan", "sprint"]

  static func title(id: Int, using random: inout SeededRandom) -> String {
    "\(words.randomElement(using: &random)!) \(words.randomElement(using: &random)!) #\(id)"
  }

  static func query(using random: inout SeededRandom) -> String {
    if random.oneIn(3) { return "" }
    return String((0..<(1 + random.below(2))).map { _ in Array("abilmstu#1")[random.below(10)] })
  }

  /// What the engine shows, by the rows' titles.
  static func shown(_ app: App) -> [[String]] {
    app.engine.snapshot.map { section in
      (section.model.header.map { [$0.model(as: Board.Row.self)?.title ?? "?"] } ?? [])
        + section.elements.map { row in
          if let task = App.task(of: row) { return task.title }
          return row.model(as: AboutItem.self)?.title ?? "?\(row.id)"
        }
    }
  }

  /// Checks the app against the model; returns the first difference.
  static func mismatch(_ app: App, _ model: Model) -> String? {
    if shown(app) != model.shown { return "shows \(shown(app)), model \(model.shown)" }
    let selectedShown = Set(
      app.engine.selectedRows.compactMap { try? app.engine.row(at: $0) }.compactMap(App.task).map(\.id))
    if selectedShown != model.selected.intersection(model.shownTaskIDs) {
      return
        "selected rows \(selectedShown.sorted()), model \(model.selected.intersection(model.shownTaskIDs).sorted())"
    }
    if app.marked != model.selected {
      return "the app counts \(app.marked.sorted()) marked, model \(model.selected.sorted())"
    }
    if !app.problems.isEmpty { return "problems: \(app.problems)" }
    if let recording = app.view as? RecordingListView, !recording.inconsistencies.isEmpty {
      return "inconsistencies: \(recording.inconsistencies)"
    }
    return nil
  }

  /// One random step of a user at the terminal: the cursor moved by keys, then `/` typing a query, space
  /// marking the task under the cursor, or `d` deleting it; else a step of ``step(_:_:using:)``.
  /// Presses a key; the app keeps whether the cursor follows the last row (End) as the article says.
  static func press(_ app: App, _ view: TerminalListView, _ key: Key) {
    let command = view.handle(key)
    if command == .moveToBottom {
      app.following = true
    } else if command != nil {
      app.following = false
    }
  }

  /// What a user at the terminal does after moving the cursor.
  enum TerminalAction: Sendable { case query, space, delete, enter, end, step }

  static let terminalActions = WeightedChoice<TerminalAction>([
    ("Escape or a query typed after /", weight: 1, .query),
    ("space", weight: 2, .space),
    ("d", weight: 1, .delete),
    ("Enter", weight: 1, .enter),
    ("End", weight: 1, .end),
    ("a step not at the keyboard", weight: 2, .step),
  ])

  static func terminalStep(
    _ app: App, _ view: TerminalListView, _ model: inout Model, using random: inout SeededRandom
  ) async -> String {
    // The arrows move while the query is typed too; `j` would type.
    for _ in 0..<random.below(4) { press(app, view, random.oneIn(2) && !app.typing ? .character("j") : .up) }
    let action = terminalActions.pick(using: &random)
    return "\(action.name): \(await terminalStep(action.value, app, view, &model, using: &random))"
  }

  /// Does `action` at the terminal; returns what it did.
  static func terminalStep(
    _ action: TerminalAction, _ app: App, _ view: TerminalListView, _ model: inout Model,
    using random: inout SeededRandom
  ) async -> String {
    if app.typing, [.space, .delete, .enter, .end].contains(action) {
      // While the query is typed, space and `d` are text, and Enter stops typing and keeps the query.
      let key: Key = action == .enter || action == .end ? .enter : .character(action == .delete ? "d" : " ")
      press(app, view, key)
      if case .character(let character) = key { model.query.append(character) } else { app.typing = false }
      return "typing \(key)"
    }
    switch action {
    case .end:  // End: the cursor follows the last row as the list changes
      press(app, view, .end)
      return "end"
    case .enter:  // Enter chooses the task under the cursor; the marks stay as they are
      guard let path = view.selectedRow, let row = try? app.engine.row(at: path) else { return "enter on no row" }
      let opened = app.aboutScreen.opened
      press(app, view, .enter)
      guard let task = App.task(of: row) else {
        let item = row.model(as: AboutItem.self)
        if app.aboutScreen.opened != opened + [item].compactMap({ $0 }) {
          app.problems.append("Enter on \(path) opened \(app.aboutScreen.opened), before \(opened)")
        }
        return "enter on \(item.map { "\($0)" } ?? "?")"
      }
      if app.aboutScreen.opened != opened { app.problems.append("Enter on task \(task.id) opened an About item") }
      if app.chosen.last != task.id {
        app.problems.append("Enter at \(path) chose \(app.chosen.last ?? -1), not \(task.id)")
      }
      return "enter on \(task.id)"
    case .query:  // Escape clears the query; `/` types a new one, Enter keeps it
      if !model.query.isEmpty {
        press(app, view, .escape)
        model.query = ""
      } else if app.typing {
        press(app, view, .enter)
      }
      app.typing = false
      guard random.oneIn(2) else { return "clear the query" }
      press(app, view, .character("/"))
      let query = Self.query(using: &random)
      for character in query { press(app, view, .character(character)) }
      // Now and then the user leaves the query open: the next keys type into it.
      if random.oneIn(3) { app.typing = true } else { press(app, view, .enter) }
      model.query = query
      if view.filterQuery != query { app.problems.append("typed \(query), the view shows \(view.filterQuery)") }
      return "typed \(query)"
    case .space:  // space marks the task under the cursor
      guard let path = view.selectedRow, let row = try? app.engine.row(at: path) else { return "space on no row" }
      let opened = app.aboutScreen.opened.count
      press(app, view, .character(" "))
      if app.aboutScreen.opened.count != opened { app.problems.append("space on \(path) opened an About item") }
      guard let task = App.task(of: row) else {
        let title = row.model(as: AboutItem.self)?.title ?? "?"
        if !model.aboutSelected.insert(title).inserted { model.aboutSelected.remove(title) }
        return "space on \(title)"
      }
      if !model.selected.insert(task.id).inserted || !model.tasks.contains(where: { $0.id == task.id }) {
        model.selected.remove(task.id)
      }
      return "space on \(task.id) at \(path)"
    case .delete:  // `d` deletes the task under the cursor
      guard let path = view.selectedRow, let row = try? app.engine.row(at: path), let task = App.task(of: row) else {
        return "d on no task"
      }
      press(app, view, .character("d"))
      if app.deleted.last != task.id {
        app.problems.append("d at \(path) reached \(app.deleted.last ?? -1), not \(task.id)")
      }
      model.tasks.removeAll { $0.id == task.id }
      model.selected.remove(task.id)
      return "d on \(task.id)"
    case .step:
      return await step(app, &model, using: &random)
    }
  }

  /// What a step not at the keyboard does.
  enum Step: Sendable {
    case add, change, query, toggle, delete, move, clearDone, markedToDone, selectFromCode, moveOut, aboutFirst
    case refresh
  }

  static let steps = WeightedChoice<Step>([
    ("add a task through the store", weight: 2, .add),
    ("rename a task or change its status through the store", weight: 1, .change),
    ("change the query", weight: 1, .query),
    ("toggle a row", weight: 2, .toggle),
    ("the delete action", weight: 1, .delete),
    ("move a row", weight: 1, .move),
    ("clear the done tasks (performEdits)", weight: 1, .clearDone),
    ("move the marked tasks to done (performEdits)", weight: 1, .markedToDone),
    ("select from code", weight: 1, .selectFromCode),
    ("move a row into the About list", weight: 1, .moveOut),
    ("move the About list", weight: 1, .aboutFirst),
    ("refresh cells by identity", weight: 1, .refresh),
  ])

  /// How the query changes in a step.
  enum QueryEdit: Sendable { case new, append, dropLast }

  static let queryEdits = WeightedChoice<QueryEdit>([
    ("a new query", weight: 1, .new),
    ("one more character", weight: 1, .append),
    ("one character taken back", weight: 1, .dropLast),
  ])

  /// How code changes the selection.
  enum SelectionCall: Sendable { case select, deselect, selectAll, clear }

  static let selectionCalls = WeightedChoice<SelectionCall>([
    ("select", weight: 1, .select),
    ("deselect", weight: 1, .deselect),
    ("select all", weight: 1, .selectAll),
    ("clear the selection", weight: 1, .clear),
  ])

  /// One random step, applied to the app and to the model; returns what it did.
  static func step(_ app: App, _ model: inout Model, using random: inout SeededRandom) async -> String {
    let chosen = steps.pick(using: &random)
    return "\(chosen.name): \(await step(chosen.value, app, &model, using: &random))"
  }

  /// Applies `step` to the app and to the model; returns what it did.
  static func step(
    _ step: Step, _ app: App, _ model: inout Model, using random: inout SeededRandom
  ) async -> String {
    let snapshot = app.engine.snapshot
    let taskRows: [ItemPath] = snapshot.indices.flatMap { section in
      snapshot[section].elements.indices.compactMap { item in
        App.task(of: snapshot[section].elements[item]) != nil ? ItemPath(item: item, section: section) : nil
      }
    }
    switch step {
    case .aboutFirst:  // the About list moves above the tasks, or back below
      do { try app.screen.moveChild(from: 0, to: 1) } catch { return "moveChild threw \(error)" }
      model.aboutFirst.toggle()
      return "about first \(model.aboutFirst)"
    case .refresh:  // cells refreshed by identity: tasks shown, hidden, and one deleted
      var ids = model.tasks.shuffled(using: &random).prefix(3).map(\.id)
      let gone = random.oneIn(3) && model.nextID > 1 ? model.nextID - 1 : nil
      if let gone, !model.tasks.contains(where: { $0.id == gone }) { ids.append(gone) }
      guard !ids.isEmpty else { return "nothing to refresh" }
      let before = app.errors.count
      if random.oneIn(2) {
        app.engine.reconfigureRows(ids.map(Board.identity(of:)))
      } else {
        app.engine.reloadRows(ids.map(Board.identity(of:)), animated: false)
      }
      // A row removed by a state not shown yet is still known; one no feed has is reported.
      let unknown = ids.filter { app.controller.path(ofRow: Board.identity(of: $0)) == nil }.map(Board.identity(of:))
      let reported = app.errors.dropFirst(before).flatMap { error -> [ListIdentifier] in
        if case .unknownRows(let ids) = error { return ids }
        return []
      }
      if !app.controller.isApplying, Set(reported) != Set(unknown) {
        app.problems.append("refresh of \(ids) reported \(reported) unknown, expected \(unknown)")
      }
      return "refresh \(ids)"
    case .add:  // a task added through the store
      let task = TaskItem(
        id: model.nextID, title: title(id: model.nextID, using: &random),
        status: Status.allCases[random.below(3)])
      model.nextID += 1
      let at = random.below(model.tasks.count + 1)
      model.tasks.insert(task, at: at)
      app.known[Board.identity(of: task.id)] = task.id
      app.store.update {
        $0.tasks.insert(task, at: at)
        $0.revision += 1
      }
      return "add \(task.id) at \(at)"
    case .change:  // a task renamed or moved to another status through the store
      guard !model.tasks.isEmpty else { return "nothing to change" }
      let index = random.below(model.tasks.count)
      if random.oneIn(2) {
        model.tasks[index].title = title(id: model.tasks[index].id, using: &random)
      } else {
        model.tasks[index].status = Status.allCases[random.below(3)]
      }
      let task = model.tasks[index]
      app.store.update {
        $0.tasks[index] = task
        $0.revision += 1
      }
      return "change \(task)"
    case .query:  // the query typed anew, or a character typed after it (or one taken back)
      let edit = queryEdits.pick(using: &random)
      switch edit.value {
      case .new: model.query = query(using: &random)
      case .append: model.query += String(Array("abilmstu#1")[random.below(10)])
      case .dropLast: model.query = String(model.query.dropLast())
      }
      if let terminal = app.view as? TerminalListView {
        terminal.filterQuery = model.query  // the view shows it and hands it on, as the article says
        app.typing = false  // and it stops typing
      } else {
        app.filtered.query = model.query
      }
      return "\(edit.name): query \(model.query)"
    case .toggle:  // the user toggles a row
      guard let path = taskRows.randomElement(using: &random), let row = try? app.engine.row(at: path),
        let task = App.task(of: row)
      else { return "nothing to toggle" }
      do { try app.engine.toggleSelection(ofRowAt: path) } catch { return "toggle threw \(error)" }
      // A task deleted by a state not shown yet is toggled, then leaves the selection with its row.
      if !model.selected.insert(task.id).inserted || !model.tasks.contains(where: { $0.id == task.id }) {
        model.selected.remove(task.id)
      }
      return "toggle \(task.id) at \(path)"
    case .delete:  // the delete action
      guard let path = taskRows.randomElement(using: &random), let row = try? app.engine.row(at: path),
        let task = App.task(of: row)
      else { return "nothing to delete" }
      do { try app.engine.commitEdit(.delete, forRowAt: path) } catch { return "commit threw \(error)" }
      if app.deleted.last != task.id {
        app.problems.append("delete at \(path) reached \(app.deleted.last ?? -1), not \(task.id)")
      }
      model.tasks.removeAll { $0.id == task.id }
      model.selected.remove(task.id)
      return "delete \(task.id)"
    case .move:  // the user moves a row, within its controller's sections
      guard let path = taskRows.randomElement(using: &random), let row = try? app.engine.row(at: path),
        let task = App.task(of: row), let recording = app.view as? RecordingListView,
        app.controller.state?.revision == app.store.state.revision, !app.controller.hasPendingState
      else { return "nothing to move" }
      let targets = taskSections(app)
      let section = targets.randomElement(using: &random)!
      let count = snapshot[section].elements.count - (section == path.section ? 1 : 0)
      let target = ItemPath(item: random.below(count + 1), section: section)
      do {
        try recording.moveRow(Move(source: path, target: target))
      } catch {
        if model.query.isEmpty { app.problems.append("move \(path) -> \(target) threw \(error) with no query") }
        return "move refused under a query"
      }
      if !model.query.isEmpty { app.problems.append("a move under the query \(model.query) was taken") }
      // The model: the row lands where the user put it, among the rows shown.
      // With no query every status shows a section, in order: the controller's section is its place among them.
      let from = targets.firstIndex(of: path.section)!
      let to = targets.firstIndex(of: section)!
      var sections = model.shownTasks
      sections[from].removeAll { $0 == task.id }
      sections[to].insert(task.id, at: target.item)
      model.tasks = model.reordered(moving: task.id, to: Status.allCases[to], in: sections[to])
      return "move \(task.id) \(path) -> \(target)"
    case .clearDone:  // a bulk change told through performEdits and put in the store: clear the done tasks
      let done = model.tasks.filter { $0.status == .done }.map(\.id)
      guard !done.isEmpty else { return "nothing done" }
      do {
        try app.controller.performEdits { edit in try edit.deleteRows(done.map(Board.identity(of:))) }
      } catch {
        return "performEdits threw \(error)"
      }
      model.tasks.removeAll { $0.status == .done }
      model.selected.subtract(done)
      app.store.update {
        $0.tasks.removeAll { $0.status == .done }
        $0.revision += 1
      }
      return "clear done \(done)"
    case .markedToDone:  // a bulk change told: every marked task moves to done, at the end
      let marked = model.tasks.filter { model.selected.contains($0.id) && $0.status != .done }
      guard !marked.isEmpty else { return "nothing marked" }
      do {
        try app.controller.performEdits { edit in
          for task in marked {
            var moved = task
            moved.status = .done
            try edit.moveRow(
              Board.identity(of: task.id),
              to: ItemPath(item: try edit.rowIdentifiers(inSection: ListIdentifier("done")).count, section: 2))
            try edit.updateRows([Board.cell(.task(moved))])
          }
        }
      } catch {
        return "performEdits threw \(error)"
      }
      let ids = Set(marked.map(\.id))
      model.tasks.removeAll { ids.contains($0.id) }
      model.tasks += marked.map { TaskItem(id: $0.id, title: $0.title, status: .done) }
      let tasks = model.tasks
      app.store.update {
        $0.tasks = tasks
        $0.revision += 1
      }
      return "done \(ids.sorted())"
    case .selectFromCode:  // selection from code: by identity (shown or hidden), every row, or none
      switch selectionCalls.pick(using: &random).value {
      case .select:
        guard let task = model.tasks.randomElement(using: &random) else { return "nothing to select" }
        app.engine.select(Board.identity(of: task.id))
        // An identity the list does not hold yet (a state not shown yet adds it) is ignored.
        if app.controller.path(ofRow: Board.identity(of: task.id)) != nil { model.selected.insert(task.id) }
        return "select \(task.id)"
      case .deselect:
        guard let task = model.tasks.randomElement(using: &random) else { return "nothing to deselect" }
        app.engine.deselect(Board.identity(of: task.id))
        model.selected.remove(task.id)
        return "deselect \(task.id)"
      case .selectAll:
        app.engine.selectAll()
        let ids = Set(taskRows.compactMap { try? app.engine.row(at: $0) }.compactMap(App.task).map(\.id))
        model.selected.formUnion(ids.filter { id in model.tasks.contains { $0.id == id } })
        model.aboutSelected.formUnion(snapshot.flatMap(\.elements).compactMap { $0.model(as: AboutItem.self)?.title })
        return "select all"
      case .clear:
        app.engine.clearSelection()
        model.selected = []
        model.aboutSelected = []
        return "clear selection"
      }
    case .moveOut:  // the user moves a row into another child's section (the About list): refused
      guard let path = taskRows.randomElement(using: &random), let recording = app.view as? RecordingListView,
        let about = snapshot.indices.first(where: { !taskSections(app).contains($0) })
      else { return "nothing to move out" }
      let target = ItemPath(item: random.below(snapshot[about].elements.count + 1), section: about)
      do {
        try recording.moveRow(Move(source: path, target: target))
        app.problems.append("a move \(path) -> \(target) out of the controller was taken")
      } catch {}
      return "move out refused \(path) -> \(target)"
    }
  }

  /// The sections of the engine's list that are the controller's (by status), shown now.
  static func taskSections(_ app: App) -> [Int] {
    app.engine.snapshot.indices.filter { section in
      Status.allCases.map { ListIdentifier($0.rawValue) }.contains(app.engine.snapshot[section].model.id)
    }
  }

  @Test("the list, the selection and the events follow the store, the edits, the query and the user")
  func generatedSessions() async throws {
    try await Self.sessions(seeds: DeepPass.seeds(quick: 12, deep: 300), initialTasks: 0...0, steps: 20..<60)
  }

  @Test("the same with a long list: 1,000 tasks or more, shown and filtered as a long list is")
  func generatedLongSessions() async throws {
    try await Self.sessions(
      seeds: DeepPass.seeds(from: 2_000, quick: 2, deep: 20), initialTasks: 990...1_100, steps: 10..<30)
  }

  static func sessions(seeds: Range<UInt64>, initialTasks: ClosedRange<Int>, steps: Range<Int>) async throws {
    var failures: [String] = []
    for seed in seeds {
      var random = SeededRandom(seed: seed)
      let app = try App(view: RecordingListView(historyLimit: 4))
      var model = Model()
      for _ in 0..<Int.random(in: initialTasks, using: &random) {
        let task = TaskItem(
          id: model.nextID, title: title(id: model.nextID, using: &random), status: Status.allCases[random.below(3)])
        model.tasks.append(task)
        app.known[Board.identity(of: task.id)] = task.id
        model.nextID += 1
      }
      let tasks = model.tasks
      app.store.update {
        $0.tasks = tasks
        $0.revision += 1
      }
      // Now and then the engine reloads for all but the smallest changes.
      if random.oneIn(3) { app.engine.reloadThreshold = random.below(3) }
      app.start()
      var trace: [String] = []
      for _ in 0..<Int.random(in: steps, using: &random) {
        // Now and then a burst of steps that the controller follows only afterwards.
        for _ in 0..<(random.oneIn(3) ? 1 + random.below(3) : 1) {
          trace.append(await Self.step(app, &model, using: &random))
        }
        guard await app.settle() else {
          failures.append("seed \(seed): the controller never caught up after \(trace)")
          break
        }
        if let mismatch = Self.mismatch(app, model) {
          failures.append("seed \(seed): \(mismatch) after \(trace)")
          break
        }
      }
      let unexpected = app.unexpectedErrors
      if !unexpected.isEmpty { failures.append("seed \(seed): errors \(unexpected) after \(trace)") }
      await app.stop()
    }
    #expect(failures.isEmpty, "\(failures.count) failed: \(failures.first ?? "")")
  }

  @Test("the same app at a terminal: keys type the query, mark and delete the task under the cursor")
  func generatedTerminalSessions() async throws {
    var failures: [String] = []
    for seed in DeepPass.seeds(from: 1_000, quick: 12, deep: 300) {
      var random = SeededRandom(seed: seed)
      let output = CapturingOutput()
      let view = TerminalListView(output: output, mode: .screen(TerminalSize(columns: 60, rows: 12)))
      var shownCount = 0
      let app = try App(view: view)
      view.onFilterChange = { [filtered = app.filtered] query in filtered.query = query }
      var model = Model()
      // Now and then the engine reloads for all but the smallest changes.
      if random.oneIn(3) { app.engine.reloadThreshold = random.below(3) }
      app.start()
      var trace: [String] = []
      for _ in 0..<(20 + random.below(40)) {
        for _ in 0..<(random.oneIn(3) ? 1 + random.below(3) : 1) {
          trace.append(await Self.terminalStep(app, view, &model, using: &random))
        }
        guard await app.settle() else {
          failures.append("seed \(seed): the controller never caught up after \(trace)")
          break
        }
        if let mismatch = Self.mismatch(app, model) {
          failures.append("seed \(seed): \(mismatch) after \(trace)")
          break
        }
        let cursor = view.selectedRow.flatMap { app.engine.identity(ofRowAt: $0) }
        if let highlighted = app.highlighted, app.engine.path(ofRowWithIdentity: highlighted) == nil {
          app.highlighted = nil  // it left the list: no unhighlight comes
        }
        if cursor != app.highlighted {
          failures.append(
            "seed \(seed): the cursor is on \(cursor.map { "\($0)" } ?? "nothing"), highlighted \(app.highlighted.map { "\($0)" } ?? "nothing") after \(trace)"
          )
          break
        }
        let last = app.engine.snapshot.indices.last(where: { !app.engine.snapshot[$0].elements.isEmpty }).map {
          ItemPath(item: app.engine.snapshot[$0].elements.count - 1, section: $0)
        }
        if app.following, view.selectedRow != last {
          failures.append(
            "seed \(seed): following, the cursor is on \(view.selectedRow.map { "\($0)" } ?? "nothing"), the last row is \(last.map { "\($0)" } ?? "none") after \(trace)"
          )
          break
        }
        if view.isEditingFilter != app.typing {
          failures.append(
            "seed \(seed): the view types the query: \(view.isEditingFilter), model \(app.typing) after \(trace)")
          break
        }
        if view.filterQuery != model.query {
          failures.append(
            "seed \(seed): the view's query is \(view.filterQuery), the model's \(model.query) after \(trace)")
          break
        }
        let frames = String(decoding: output.takeBytes(), as: UTF8.self)
        let count = model.selected.count + model.aboutSelected.count
        if count != shownCount, count > 0, !frames.contains("\(count) selected") {
          failures.append("seed \(seed): the status bar does not say \(count) selected after \(trace)")
          break
        }
        shownCount = count
        if let error = view.lastError {
          failures.append("seed \(seed): the view's error \(error) after \(trace)")
          break
        }
      }
      let unexpected = app.unexpectedErrors
      if !unexpected.isEmpty { failures.append("seed \(seed): errors \(unexpected) after \(trace)") }
      await app.stop()
    }
    #expect(failures.isEmpty, "\(failures.count) failed: \(failures.first ?? "")")
  }
}

@MainActor extension TaskManagerAppTests.Model {
  /// The tasks shown, by the controller's sections (by status).
  var shownTasks: [[Int]] {
    TaskManagerAppTests.Status.allCases.map { status in
      tasks.filter { $0.status == status && matches($0.title) }.map(\.id)
    }
  }

  /// The tasks after the user put `id` in `status`'s section, where `order` is that section's rows as shown.
  func reordered(
    moving id: Int, to status: TaskManagerAppTests.Status, in order: [Int]
  ) -> [TaskManagerAppTests.TaskItem] {
    var tasks = self.tasks
    guard var task = tasks.first(where: { $0.id == id }) else { return tasks }
    tasks.removeAll { $0.id == id }
    task.status = status
    let place = order.firstIndex(of: id)!
    if place + 1 < order.count, let index = tasks.firstIndex(where: { $0.id == order[place + 1] }) {
      tasks.insert(task, at: index)
    } else if place > 0, let index = tasks.firstIndex(where: { $0.id == order[place - 1] }) {
      tasks.insert(task, at: index + 1)
    } else {
      tasks.append(task)
    }
    return tasks
  }
}
