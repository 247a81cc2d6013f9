// `TerminalFixture --select`: a multi-select list of fruits behind a `/` filter, for the pseudo-terminal tests
// of space toggling and filtering. The status bar names the selected rows (`selected apple,cherry`).
import ListFlow
import ListFlowTerminal

@MainActor
func runSelection() async -> Int32 {
  let session: TerminalSession
  do {
    session = try TerminalSession()
  } catch {
    print("TerminalFixture: \(error)")
    return 1
  }
  defer { session.restore() }
  let size = session.size ?? TerminalSize(columns: 80, rows: 24)
  let view = TerminalListView(output: StandardOutput(), mode: .screen(size), title: "Fruit list")
  let rows = ["apple", "banana", "cherry", "mango", "peach"].map { name in
    CellBinder(cell: TextCell.self, value: name, id: ListIdentifier(name)) { cell, title in cell.title = title }
  }
  let source = SectionsFeed(sections: [ListSection(id: "fruits", items: rows).snapshot])
  guard let feed = try? FilteredFeed(source), let list = try? ListEngine(view: view, showing: feed) else { return 1 }
  list.selectionMode = .multiple
  list.delegate.didChangeSelection = { change in
    view.status = "selected " + change.selection.identifiers.map(\.description).joined(separator: ",")
  }
  view.onFilterChange = { feed.query = $0 }
  session.onResize { size in Task { @MainActor in view.resize(to: size) } }
  for await key in session.keys() where view.handle(key) == .quit {
    return 0
  }
  return 0
}
