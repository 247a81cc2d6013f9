import ListFlow
import ListFlowTesting
import TestSupport
import Testing

// The examples of ListFlow's DocC articles, compiled and run. `scripts/check-examples` checks that every swift
// block of an article appears here (or in another test) line for line; types an article declares live in a
// namespace of their own so that they do not clash with the fixtures of other tests.

/// The landing page's example.
enum LandingArticle {
  struct VenueDetailViewState: CellsDeclarator {
    var venue: Venue
    var reviews: [Review]

    enum CellDeclaration: Equatable, Sendable {
      case outline(Venue)
      case review(Review)
    }

    func declareCells(_ cell: (CellDeclaration) -> Void) {
      cell(.outline(venue))
      for review in reviews { cell(.review(review)) }
    }
  }

  @MainActor
  static func show(_ state: VenueDetailViewState, on view: RecordingListView) async throws {
    let controller = ListController<VenueDetailViewState> { declaration in
      switch declaration {
      case .outline(let venue): VenueOutlineCell.makeBinder(value: venue)
      case .review(let review): ReviewCell.makeBinder(value: review)
      }
    }
    let engine = try ListEngine(view: view, showing: controller)
    await controller.apply(state)
    withExtendedLifetime(engine) {}
  }
}

/// Getting started: a cell that binds one value.
enum GettingStartedArticle {
  final class ReviewCell: BindableCell {
    var line = ""
    func bind(_ review: Review) { line = "\(review.authorName): \(review.body)" }
    var textRepresentation: String { line }
  }
}

/// Paging: a backend that serves pages of posts.
enum PagingArticle {
  struct Post: Hashable, Identifiable, Sendable {
    var id: Int
    var title: String
  }

  final class PostCell: BindableCell {
    var text = ""
    func bind(_ post: Post) { text = post.title }
    var textRepresentation: String { text }
  }

  /// Twenty posts a page, three pages.
  struct Backend: Sendable {
    func posts(page: Int) async throws -> [Post] {
      let count = page < 3 ? 20 : 5
      return (0..<count).map { Post(id: (page - 1) * 20 + $0, title: "post \((page - 1) * 20 + $0)") }
    }
  }
}

@MainActor
@Suite("The ListFlow articles' examples", .timeLimit(.minutes(60)))
struct ListFlowArticleTests {
  @Test("landing page: a venue state declares its cells and the controller shows them")
  func landing() async throws {
    let view = RecordingListView()
    let state = LandingArticle.VenueDetailViewState(
      venue: VenueFixtures.venue,
      reviews: [Review(authorImage: nil, authorName: "Ann", body: "Lovely")]
    )
    try await LandingArticle.show(state, on: view)
    #expect(view.renderedLines == ["# Kaminarimon", "Ann: Lovely"])
  }

  @Test("getting started: declarations compare with ==, a bindable cell binds, styles compose")
  func gettingStartedParts() throws {
    #expect(Basket(fruits: []).cellDeclarations == [.title("Empty basket")])

    let review = Review(authorImage: nil, authorName: "Ann", body: "Lovely")
    typealias ReviewCell = GettingStartedArticle.ReviewCell
    let binder = ReviewCell.makeBinder(value: review)
    let cell = ReviewCell()
    try binder.configure(cell)
    #expect(cell.line == "Ann: Lovely")

    let item = CellBinder(data: Label(text: "apple"), mapper: LabelMapper.self, style: .heading + .ripe)
    let label = LabelCell()
    try item.configure(label)
    #expect(label.textRepresentation == "APPLE (green)")
  }

  @Test("getting started: a controller drives a recording view and reports selection")
  func gettingStartedController() async throws {
    var basket = Basket(fruits: [Fruit(name: "apple", isRipe: true)])
    let view = RecordingListView()  // from ListFlowTesting; a terminal or UI view in an app
    let controller = ListController<Basket>(cell: Basket.cell)
    let engine = try ListEngine(view: view, showing: controller)
    engine.delegate.didSelectRow = { path, row in
      print("picked", row.tag?.value(as: String.self) ?? "?")
    }

    await controller.apply(basket)  // the first state reloads the view
    basket.fruits.append(Fruit(name: "fig", isRipe: true))
    await controller.apply(basket)  // later ones arrive as batches

    #expect(view.renderedLines == ["BASKET", "apple (green)", "fig (green)"])
    #expect(view.inconsistencies.isEmpty)
    #expect(view.reloadCount == 1)
  }

  @Test("paging: a controller shows the paging sections and loads more through its delegate")
  func pagingOnAController() async throws {
    typealias Post = PagingArticle.Post
    typealias PostCell = PagingArticle.PostCell
    let view = RecordingListView()
    let backend = PagingArticle.Backend()
    let appearance = PagingAppearance(
      placeholderRows: [],
      emptyState: MessageCell.makeBinder(value: "Nothing yet"),
      loadingMore: MessageCell.makeBinder(value: "Loading"),
      failedFooter: MessageCell.makeBinder(value: "Retry"),
      endOfList: MessageCell.makeBinder(value: "The end")
    )
    let paging = PagingController(prefetchDistance: .init(rows: 10)) {
      (cursor: Int?) async throws -> Page<Post, Int> in
      let number = cursor ?? 1
      let posts = try await backend.posts(page: number)
      return Page(elements: posts, nextPage: posts.count < 20 ? nil : number + 1)
    }

    let feed = PagedFeed(id: "feed", paging: paging, appearance: appearance) { PostCell.makeBinder(value: $0) }
    let list = try ListEngine(view: view, showing: feed)

    await paging.refresh()
    // Rows on screen near the end ask for the next page, until the last one.
    #expect(await yieldUntil { view.renderedLines.last == "The end" }, "the pages never reached the end of the list")
    #expect(view.renderedLines.count == 46)  // 45 posts and the end of the list
    #expect(list.snapshot.first?.elements.count == 46)
    #expect(view.renderedLines.first == "post 0")
  }

  @Test("static lists: a controller shows the constructor's sections and hands selection back to it")
  func staticList() async throws {
    let view = RecordingListView()
    typealias SettingsScreen = StaticListsArticle.SettingsScreen
    let screen = SettingsScreen()
    let list = StaticList(screen)
    let engine = try ListEngine(view: view, showing: list)
    #expect(engine.snapshot.count == screen.sectionDeclarations.count)

    try view.selectRow(at: ItemPath(item: 1, section: 1))
    #expect(screen.opened == [.about])
  }
}
