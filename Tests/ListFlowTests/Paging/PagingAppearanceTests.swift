import ListFlow
import Testing

/// A row that shows a string, for placeholders, messages and content.
final class MessageCell: BindableCell {
  var text = ""
  func bind(_ value: String) { text = value }
  var textRepresentation: String { text }
}

/// A skeleton row.
final class SkeletonCell: ListCell {
  var textRepresentation: String { "░░░░" }
}

@MainActor
@Suite("Paging appearance", .timeLimit(.minutes(60)))
struct PagingAppearanceTests {
  /// What a paged list of strings shows; an appearance takes the presentation of any paging controller.
  typealias Presentation = PagingController<Page<String, Int>>.Presentation

  let appearance = PagingAppearance(
    placeholderRows: PagingAppearance.placeholderRows(SkeletonCell.self, count: 3),
    emptyState: MessageCell.makeBinder(value: "Nothing here yet"),
    failure: MessageCell.makeBinder(value: "Could not load"),
    loadingMore: MessageCell.makeBinder(value: "Loading…"),
    failedFooter: MessageCell.makeBinder(value: "Retry"),
    endOfList: MessageCell.makeBinder(value: "The end")
  )
  let content = ["a", "b"].map { MessageCell.makeBinder(value: $0) }

  func texts(_ rows: [CellBinder]) throws -> [String] {
    try rows.map { binder in
      let cell = binder.cellType.init()
      try binder.configure(cell)
      return cell.textRepresentation
    }
  }

  @Test("each presentation shows its rows")
  func rowsPerPresentation() throws {
    #expect(
      try texts(appearance.rows(for: Presentation.loadingPlaceholder, contentRows: content)) == [
        "░░░░", "░░░░", "░░░░",
      ])
    #expect(try texts(appearance.rows(for: Presentation.empty, contentRows: [])) == ["Nothing here yet"])
    #expect(try texts(appearance.rows(for: Presentation.failure, contentRows: [])) == ["Could not load"])
    #expect(try texts(appearance.rows(for: Presentation.rows(.none), contentRows: content)) == ["a", "b"])
    #expect(
      try texts(appearance.rows(for: Presentation.rows(.loadingMore), contentRows: content)) == ["a", "b", "Loading…"])
    #expect(try texts(appearance.rows(for: Presentation.rows(.failed), contentRows: content)) == ["a", "b", "Retry"])
    #expect(
      try texts(appearance.rows(for: Presentation.rows(.endReached), contentRows: content)) == ["a", "b", "The end"])
    #expect(PagingAppearance().rows(for: Presentation.rows(.loadingMore), contentRows: content) == content)
    #expect(PagingAppearance.placeholderRows(SkeletonCell.self, count: -1).isEmpty)
  }

  @Test("placeholder rows are replaced by the first page as deletes and inserts, footers come and go as rows")
  func diffedLikeRows() throws {
    let placeholder = appearance.rows(for: Presentation.loadingPlaceholder, contentRows: [])
    let loaded = appearance.rows(for: Presentation.rows(.none), contentRows: content)
    let changes = StagedChangeset(source: placeholder, target: loaded)
    #expect(changes.flatMap(\.elementDeleted).count == 3)
    #expect(changes.flatMap(\.elementInserted).count == 2)
    let loading = appearance.rows(for: Presentation.rows(.loadingMore), contentRows: content)
    let more = appearance.rows(
      for: Presentation.rows(.none), contentRows: content + [MessageCell.makeBinder(value: "c")])
    let footerChanges = StagedChangeset(source: loading, target: more)
    #expect(footerChanges.flatMap(\.elementDeleted) == [ItemPath(item: 2, section: 0)])
    #expect(footerChanges.flatMap(\.elementInserted) == [ItemPath(item: 2, section: 0)])
    #expect(footerChanges.flatMap(\.elementUpdated).isEmpty)
  }

  @Test("a paged feed's section follows the paging controller's presentation")
  func feedSections() async {
    let gate = PageGate<String>()
    let paging = PagingController(load: gate.load)
    let feed = PagedFeed(id: "feed", paging: paging, appearance: appearance) { MessageCell.makeBinder(value: $0) }
    #expect(feed.displayedSections[0].elements.count == 3)
    let task = Task { await paging.refresh() }
    await gate.nextCall().succeed(["x", "y"], nextPage: nil)
    _ = await task.value
    let section = feed.displayedSections[0]
    #expect(section.differenceIdentifier == ListIdentifier("feed"))
    #expect(section.elements.map(\.id) == ["x", "y", "The end"].map { MessageCell.makeBinder(value: $0).id })
  }
}
