import ListFlow
import ListFlowTesting
import TestSupport
import Testing

// The examples of the Trees article, compiled and run (see `scripts/check-examples`).

/// The types the Trees article declares.
enum TreesArticle {
  struct Entry: Hashable, Sendable, Identifiable, Differentiable {
    var id: String
    var name: String
  }

  final class EntryCell: BindableCell {
    var text = ""
    func bind(_ value: String) { text = value }
    var textRepresentation: String { text }
  }
}

@MainActor
@Suite("The Trees article's examples")
struct TreesArticleTests {
  typealias Entry = TreesArticle.Entry
  typealias EntryCell = TreesArticle.EntryCell

  @Test("a tree shows its nodes as rows that expand and collapse, by position or identity, with their own identities")
  func treeExample() async throws {
    let view = RecordingListView()

    // The article's code:
    let roots = [
      Outline.Node(
        Entry(id: "/docs", name: "docs"),
        children: [Outline.Node(Entry(id: "/docs/guide.md", name: "guide.md"))]),
      Outline.Node(Entry(id: "/todo.txt", name: "todo.txt")),
    ]
    let tree = OutlineFeed(id: "files", outline: Outline(roots)) { row in
      let disclosure = row.isExpandable ? (row.isExpanded ? "- " : "+ ") : "  "
      return EntryCell.makeBinder(value: String(repeating: "  ", count: row.depth) + disclosure + row.element.name)
    }
    let engine = try ListEngine(view: view, showing: tree)

    #expect(view.renderedLines == ["+ docs", "  todo.txt"])
    #expect(engine.snapshot[0].elements.map(\.id) == [ListIdentifier("/docs"), ListIdentifier("/todo.txt")])

    // The article's code:
    tree.setExpanded(true, forRowAt: ItemPath(item: 0, section: 0))  // docs: guide.md is inserted under it
    let names = tree.rows.map(\.element.name)  // ["docs", "guide.md", "todo.txt"]

    #expect(names == ["docs", "guide.md", "todo.txt"])
    #expect(view.renderedLines == ["- docs", "    guide.md", "  todo.txt"])
    #expect(view.updates.last?.changeset.elementInserted == [ItemPath(item: 1, section: 0)])

    // The article's code:
    tree.outline.collapse("/docs")
    tree.outline.expandAll()

    #expect(tree.rows.map(\.element.name) == ["docs", "guide.md", "todo.txt"])
    tree.outline.collapse("/docs")
    #expect(view.renderedLines == ["+ docs", "  todo.txt"])
  }

  @Test("a tree follows a store, keeping the rows the user expanded open")
  func followingExample() async throws {
    let view = RecordingListView()
    let tree = OutlineFeed(id: "files", outline: Outline<Entry>([])) { row in
      EntryCell.makeBinder(value: String(repeating: "  ", count: row.depth) + row.element.name)
    }
    let engine = try ListEngine(view: view, showing: tree)

    // The article's code:
    let store = Store([Outline.Node(Entry(id: "/todo.txt", name: "todo.txt"))])
    let following = Task { await tree.run(store.updates()) { $0 } }

    #expect(await yieldUntil { tree.rows.count == 1 })
    let docs = Outline.Node(
      Entry(id: "/docs", name: "docs"), children: [Outline.Node(Entry(id: "/docs/guide.md", name: "guide.md"))])
    store.update { $0.insert(docs, at: 0) }
    #expect(await yieldUntil { tree.rows.count == 2 })
    tree.setExpanded(true, forRowAt: ItemPath(item: 0, section: 0))
    store.update { $0[0].children.append(Outline.Node(Entry(id: "/docs/api.md", name: "api.md"))) }
    #expect(await yieldUntil { tree.rows.count == 4 })
    #expect(view.renderedLines == ["docs", "  guide.md", "  api.md", "todo.txt"])
    following.cancel()
    store.finish()
    withExtendedLifetime(engine) {}
  }
}
