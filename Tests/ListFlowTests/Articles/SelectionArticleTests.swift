import ListFlow
import ListFlowTesting
import Testing

// The examples of the Selection and Filtering articles, compiled and run (see `scripts/check-examples`).
@MainActor
@Suite("Selection and Filtering articles")
struct SelectionArticleTests {
  @Test("the Selection article's list keeps moved rows selected and drops deleted ones")
  func selectionExample() async throws {
    final class NameCell: BindableCell {
      var name = ""
      func bind(_ value: String) { name = value }
      var textRepresentation: String { name }
    }

    let list = ListController<[String]> { names in
      [ListSection(id: "names", items: names.map { NameCell.makeBinder(value: $0, id: $0) })]
    }
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: list)
    engine.selectionMode = .multiple
    await list.apply(["ant", "bee", "cat"])
    engine.select("bee")
    try engine.select(rowAt: ItemPath(item: 2, section: 0))
    await list.apply(["cat", "dog", "bee"])  // bee and cat moved: still selected
    let moved = engine.selectedRows  // [0:0, 0:2]
    await list.apply(["dog"])  // both deleted: nothing is selected

    #expect(moved == [ItemPath(item: 0, section: 0), ItemPath(item: 2, section: 0)])
    #expect(engine.selection.isEmpty)
  }

  @Test("the Selection article's delegate counts the selected rows")
  func delegateExample() async throws {
    var delegate = SyncDelegate()
    var selectedCount = 0
    delegate.didChangeSelection = { change in selectedCount = change.selection.count }

    let list = ListController<[ListSection<CellBinder>]>()
    let view = RecordingListView()
    let engine = try ListEngine(view: view, showing: list, delegate: delegate)
    engine.selectionMode = .multiple
    await list.apply([ListSection(id: "main", items: [TestRow(id: 1, version: 0, isAlternate: false).cellBinder])])
    engine.selectAll()
    #expect(selectedCount == 1)
  }

  @Test("the Filtering article's feed shows the matching rows and the matcher gives offsets")
  func filteringExample() throws {
    final class NameCell: BindableCell {
      var name = ""
      func bind(_ value: String) { name = value }
      var textRepresentation: String { name }
    }

    let source = SectionsFeed<ListSectionSnapshot>(sections: [
      ListSection(id: "tools", items: ["grep", "git", "gzip"].map { NameCell.makeBinder(value: $0, id: $0) }).snapshot
    ])
    let filtered = try FilteredFeed(source)
    let screen = ComposedFeed<ListSectionSnapshot>()
    try screen.append(filtered)
    let view = RecordingListView()
    let list = try ListEngine(view: view, showing: screen)
    filtered.query = "gz"
    let shown = list.snapshot[0].elements.map(\.id)  // ["gzip"]
    #expect(shown == ["gzip"])

    let match = FilteredFeed.Match(query: "gz", in: "gzip")
    let offsets = match?.offsets  // [0, 1]
    #expect(offsets == [0, 1])
  }

  @Test("the Filtering article's tree filter keeps the match's ancestors and restores the expansion")
  func treeFilteringExample() throws {
    final class NameCell: BindableCell {
      var name = ""
      func bind(_ value: String) { name = value }
      var textRepresentation: String { name }
    }

    let folders = [
      Outline.Node("docs", children: [Outline.Node("guide.md"), Outline.Node("f0123.txt")]),
      Outline.Node("src", children: [Outline.Node("main.swift")]),
    ]
    let tree = OutlineFeed(id: "files", outline: Outline(folders)) { row in
      NameCell.makeBinder(value: row.element, id: row.element)
    }
    let files = try FilteredFeed(tree)
    files.query = "f0123"
    let rows = files.displayedSections[0].elements.map { "\($0.id)\($0.isFilterContext ? " (context)" : "")" }
    // ["docs (context)", "f0123.txt"]: docs was collapsed, and is expanded while the query is set
    files.query = ""
    let expanded = tree.outline.expanded  // []: docs is collapsed again

    #expect(rows == ["docs (context)", "f0123.txt"])
    #expect(expanded.isEmpty)
    #expect(files.displayedSections[0].elements.map(\.id) == ["docs", "src"])
  }
}
