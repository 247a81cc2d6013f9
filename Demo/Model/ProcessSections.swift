import ListFlowTerminal

/// The declaration of the process list: a pinned section (when something is pinned) and the paged list of
/// processes by CPU time, each row styled by what it is.
struct ProcessSections: DeclarativeSections {
  typealias CellDeclaration = ItemViewModel

  let state: DemoState

  @DeclarationBuilder<ListSection<ItemViewModel>>
  var sections: [ListSection<ItemViewModel>] {
    let shown = state.shownProcesses
    let pinned = state.pinned.compactMap { pid in shown.first { $0.pid == pid } }
    if !pinned.isEmpty {
      ListSection(id: "pinned", header: heading("Pinned · enter unpins"), items: pinned.map { row($0, rank: nil) })
    }
    ListSection(
      id: "processes",
      header: heading("Processes by CPU now · \(shown.count) running"),
      footer: heading("showing \(min(state.limit, shown.count)) of \(shown.count) · more load at the end"),
      items: shown.prefix(state.limit).enumerated().map { row($1, rank: $0) }
    )
  }

  /// One process row: the hottest three bold yellow, kernel threads dim, the Demo itself green.
  private func row(_ process: ProcessItem, rank: Int?) -> ItemViewModel {
    var style = ListItemStyle<TextCell>.accessory(.cyan)
    if let rank, rank < 3 { style += .bold + .foreground(.yellow) }
    if process.residentMB == 0 { style += .dimmed }
    if process.pid == state.ownPID { style += .foreground(.green) }
    return ItemViewModel(data: process, style: style)
  }

  private func heading(_ text: String) -> ItemViewModel {
    ItemViewModel(data: Heading(text: text), map: { (heading: Heading, cell: TextCell) in cell.title = heading.text })
  }
}

/// The text of a section header or footer.
struct Heading: ListItemDataModel, Hashable {
  var text: String
}
