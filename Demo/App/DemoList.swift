import ListFlowTerminal

/// The Demo's list: a composite of two children, the static machine section and the process sections, driven
/// by a `ComposedListController` into a `TerminalListView`; events go back to the store through `SyncDelegate`.
@MainActor
final class DemoList {
  let view: TerminalListView
  let store: Store<DemoState>
  private let machineSource = SectionedDataSource<ListSectionSnapshot>()
  private let processSource = SectionedDataSource<ListSectionSnapshot>()
  private let controller: ComposedListController
  private let changes = ChangeCounter()
  /// Changes applied by the last state, for the status bar.
  var lastChangeCount: Int { changes.count }

  /// Shows the store's current state, then follows the user's events.
  init(view: TerminalListView, store: Store<DemoState>) throws {
    self.view = view
    self.store = store
    let composite = ComposedDataSource<ListSectionSnapshot>()
    try composite.append(machineSource)
    try composite.append(processSource)
    Self.update(machineSource, processSource, to: store.state)

    // The whole list: paging when the end is on screen, and the change count for the status bar. Set before
    // the controller's first load, which may already show the end.
    var list = SyncDelegate()
    list.didReachEnd = { store.update { $0.loadMore() } }
    list.didApply = { [changes] transition in changes.count += transition.changes.changeCount }
    controller = ComposedListController(view: view, composite: composite, delegate: list)

    // Events of the process rows, with paths local to the process child.
    var processes = SyncDelegate()
    processes.didSelectRow = { _, row in
      guard let process = row.model(as: ProcessItem.self) else { return }
      store.update { $0.togglePin(process.pid) }
    }
    processes.editActions = { _, row in row.model(as: ProcessItem.self) == nil ? [] : [.delete] }
    processes.commitEdit = { action, _, row in
      guard action == .delete, let pid = row.tag?.value(as: Int.self) else { return }
      store.update { $0.hide(pid) }
    }
    controller.setDelegate(processes, for: processSource)
  }

  /// Shows a state: each child diffs its own sections and the composite shifts the changes into place.
  func show(_ state: DemoState) {
    changes.count = 0
    Self.update(machineSource, processSource, to: state)
  }

  private static func update(
    _ machineSource: SectionedDataSource<ListSectionSnapshot>,
    _ processSource: SectionedDataSource<ListSectionSnapshot>,
    to state: DemoState
  ) {
    let machine = MachineList(machine: state.machine, processCount: state.processes.count)
    machineSource.update(to: machine.sectionDeclarations.map(\.snapshot))
    processSource.update(to: ProcessSections(state: state).sectionDeclarations.map(\.snapshot))
  }
}

/// Counts the changes the list applied, for the status bar.
@MainActor
final class ChangeCounter {
  var count = 0
}
