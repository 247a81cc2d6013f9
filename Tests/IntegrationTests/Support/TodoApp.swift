import ListFlow
import ListFlowTesting

/// A to-do item: identity `id`, content `title` and `isDone`.
struct Todo: Hashable, Sendable, Identifiable {
  var id: Int
  var title: String
  var isDone = false
}

/// The app's state: the to-dos and a revision the app bumps on every change, shown in the first header so that
/// every state changes what the list shows.
struct TodoState: Hashable, Sendable {
  var revision = 0
  var todos: [Todo]

  /// Three open to-dos, revision 0.
  static let initial = TodoState(todos: [
    Todo(id: 1, title: "buy milk"), Todo(id: 2, title: "write tests"), Todo(id: 3, title: "ship"),
  ])

  /// Applies `change` and bumps the revision.
  mutating func revise(_ change: (inout [Todo]) -> Void) {
    change(&todos)
    revision += 1
  }
}

/// A row: `[ ] title` or `[x] title`.
final class TodoCell: BindableCell {
  var text = ""
  func bind(_ todo: Todo) { text = "[\(todo.isDone ? "x" : " ")] \(todo.title)" }
  var textRepresentation: String { text }
}

/// A section header.
final class TodoHeaderCell: BindableCell {
  var text = ""
  func bind(_ title: String) { text = "== \(title) ==" }
  var textRepresentation: String { text }
}

/// The whole app as it would be written: a store, a controller over a recording view, and a delegate whose
/// closures change the store (selecting a row toggles it, the delete action removes it).
@MainActor
final class TodoApp {
  let store: Store<TodoState>
  let view = RecordingListView()
  let controller: ListController<TodoState>
  let engine: ListEngine
  /// The states the controller showed, in order.
  let applied = AppliedStates<TodoState>()

  /// The list of a state: open to-dos, then done ones, each section with a header.
  nonisolated static func sections(_ state: TodoState) -> [ListSection<CellBinder>] {
    let open = state.todos.filter { !$0.isDone }
    let done = state.todos.filter(\.isDone)
    return [
      ListSection(
        id: "open",
        header: TodoHeaderCell.makeBinder(value: "Open (\(open.count)) r\(state.revision)", id: "open.header"),
        items: open.map { TodoCell.makeBinder(value: $0) }
      ),
      ListSection(
        id: "done",
        header: TodoHeaderCell.makeBinder(value: "Done (\(done.count))", id: "done.header"),
        items: done.map { TodoCell.makeBinder(value: $0) }
      ),
    ]
  }

  /// Creates the app.
  ///
  /// - Parameters:
  ///   - state: The store's first state.
  ///   - configuration: The controller's configuration.
  ///   - hook: Runs actions while chosen states are diffed, or `nil`.
  init(
    _ state: TodoState = .initial,
    configuration: ListControllerConfiguration = ListControllerConfiguration(),
    hook: DiffHook? = nil
  ) throws {
    let store = Store(state)
    self.store = store
    controller = ListController(configuration: configuration) { state in
      hook?.pass(state)
      return TodoApp.sections(state)
    }
    var delegate = SyncDelegate()
    delegate.didSelectRow = { _, row in
      guard let todo = row.model as? Todo else { return }
      store.update { state in
        state.revise { todos in
          if let index = todos.firstIndex(where: { $0.id == todo.id }) { todos[index].isDone.toggle() }
        }
      }
    }
    delegate.editActions = { _, row in row.model is Todo ? [.delete] : [] }
    delegate.commitEdit = { action, _, row in
      guard action == .delete, let todo = row.model as? Todo else { return }
      store.update { state in state.revise { $0.removeAll { $0.id == todo.id } } }
    }
    delegate.didApply = { [applied, weak controller] _ in applied.record(controller?.state) }
    engine = try ListEngine(view: view, showing: controller, delegate: delegate)
  }

  /// Starts consuming the store's updates; the stream is made now, so it starts with the current state.
  func start(bufferingNewest: Int = 1) -> Task<Void, Never> {
    let states = store.updates(bufferingNewest: bufferingNewest)
    return Task { await controller.run(states) }
  }

  /// How the view differs from what `state` should show, or `nil` when it shows exactly that.
  func mismatch(showing state: TodoState) -> String? {
    ListExpectations.mismatch(view, showing: Self.sections(state))
  }
}
