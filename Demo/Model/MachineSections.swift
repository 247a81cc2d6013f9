import ListFlowTerminal

/// The static "This machine" section, made by a static-list constructor.
enum MachineSections {
  /// The machine's section for a state.
  @MainActor static func sections(_ state: DemoState) -> [ListSectionSnapshot] {
    MachineList(machine: state.machine, processCount: state.processes.count).sectionDeclarations.map(\.snapshot)
  }

  /// A heading row or header.
  nonisolated static func heading(_ text: String) -> CellBinder {
    CellBinder(data: Heading(text: text), map: { (heading: Heading, cell: TextCell) in cell.title = heading.text })
  }
}

/// The pinned processes: a `ListController` feed, diffed as the store changes.
enum PinnedSections {
  /// The pinned section of a state, or none when nothing is pinned.
  @Sendable static func sections(_ state: DemoState) -> [ListSection<CellBinder>] {
    let pinned = state.pinned.compactMap { pid in state.shownProcesses.first { $0.pid == pid } }
    guard !pinned.isEmpty else { return [] }
    return [
      ListSection(
        id: "pinned", header: MachineSections.heading("Pinned · enter unpins"),
        items: pinned.map { CellBinder(data: $0, mapper: ProcessMapper.self, style: .accessory(.cyan)) })
    ]
  }
}

/// A heading's text as a list item.
struct Heading: ListItemDataModel, Hashable {
  var text: String
}
