import ListFlowTerminal

/// The static section about this machine: a `StaticListConstructor` whose rows are facts.
struct MachineList: StaticListConstructor {
  /// One row: a label and its value.
  struct Fact: Equatable, Sendable, Titled, Subtitled {
    var label: String
    var value: String
    var title: String? { label }
    var subtitle: String? { nil }
  }

  let machine: MachineInfo
  let processCount: Int

  var sections: [ListSection<Fact>] {
    [
      ListSection(
        id: "machine",
        header: Fact(label: "This machine", value: ""),
        items: [
          Fact(label: "host", value: machine.hostName),
          Fact(label: "kernel", value: machine.kernel),
          Fact(label: "up", value: machine.uptimeText),
          Fact(label: "load", value: machine.loadAverage),
          Fact(label: "memory", value: "\(machine.memoryAvailableMB) of \(machine.memoryTotalMB) MB free"),
        ])
    ]
  }

  func cellType(for model: Fact) -> any ListCell.Type { TextCell.self }

  func configure(cell: any ListCell, by model: Fact) {
    guard let cell = cell as? TextCell else { return }
    cell.accessory = model.value
    cell.accessoryStyle = .bold
  }
}
