import ListFlow
import Testing

/// The example of the Paging article, compiled and run.
@MainActor
@Suite("Paging article example", .timeLimit(.minutes(60)))
struct PagingArticleTests {
  struct Post: Equatable, Sendable {
    var id: Int
    var title: String
  }

  /// A backend of 45 posts, 20 per page.
  struct Backend: Sendable {
    func posts(page: Int) async throws -> [Post] {
      let start = (page - 1) * 20
      return (start..<min(start + 20, 45)).map { Post(id: $0, title: "post \($0)") }
    }
  }

  @Test("the article's example loads the first page, then the next when near the end")
  func example() async {
    let backend = Backend()
    typealias Presentation = PagingController<Page<Post, Int>>.Presentation
    var rendered: [(Int, Presentation)] = []
    func render(_ rows: [Post], _ presentation: Presentation) { rendered.append((rows.count, presentation)) }

    // The article's code:
    let paging = PagingController(prefetchDistance: .init(rows: 10)) {
      (cursor: Int?) async throws -> Page<Post, Int> in
      let number = cursor ?? 1
      let posts = try await backend.posts(page: number)
      return Page(elements: posts, nextPage: posts.count < 20 ? nil : number + 1)
    }
    paging.didChange = { render(paging.rows, paging.presentation) }

    await paging.refresh()  // the first page
    await paging.visibleRowsChanged(0..<20, viewportCapacity: 20)  // the next one, when near the end

    #expect(paging.rows.count == 40)
    #expect(paging.state == .paginated)
    #expect(rendered.map(\.0) == [0, 20, 20, 40])
    #expect(rendered.first?.1 == .loadingPlaceholder)
    #expect(rendered.last?.1 == .rows(.none))
  }

  /// The cell of a post, for the article's feed.
  final class PostCell: BindableCell {
    var text = ""
    func bind(_ post: Post) { text = post.title }
    var textRepresentation: String { text }
  }

  /// Posts that change between two loads: pages of 3 by offset.
  @MainActor
  final class LivePosts {
    var posts = (0..<7).map { Post(id: $0, title: "post \($0)") }
    func page(_ offset: Int?) -> Page<Post, Int> {
      let start = min(offset ?? 0, posts.count)
      let end = min(start + 3, posts.count)
      return Page(elements: Array(posts[start..<end]), nextPage: end < posts.count ? end : nil)
    }
  }

  @Test("the article's live feed: refreshing the loaded pages shows what the server has now, each post once")
  func liveFeed() async throws {
    let live = LivePosts()
    let paging = PagingController(prefetchDistance: .init(rows: 0)) {
      @MainActor (offset: Int?) async throws -> Page<Post, Int> in live.page(offset)
    }
    let appearance = PagingAppearance()
    let (ticks, tick) = AsyncStream.makeStream(of: Int.self)

    let feed = PagedFeed(id: "posts", paging: paging, appearance: appearance) { post in
      PostCell.makeBinder(value: post, id: post.id)
    }
    await paging.refresh()
    await paging.loadMore()
    #expect(paging.rows.map(\.id) == [0, 1, 2, 3, 4, 5])
    // Post 1 goes and post 9 comes first: the two pages loaded now hold 9, 0, 2 and 3, 4, 5.
    live.posts.remove(at: 1)
    live.posts.insert(Post(id: 9, title: "post 9"), at: 0)
    tick.yield(1)
    tick.finish()
    // The article's code:
    for await _ in ticks {
      await paging.refreshLoadedPages()  // the loaded pages, asked again and diffed
    }
    #expect(paging.rows.map(\.id) == [9, 0, 2, 3, 4, 5])
    #expect(feed.displayedSections.first?.elements.count == 6)

    // Without a refresh, a next page that repeats rows already loaded adds only the new ones.
    live.posts.insert(Post(id: 10, title: "post 10"), at: 0)
    #expect(await paging.loadMore() == .appended(6..<7))
    #expect(paging.rows.map(\.id) == [9, 0, 2, 3, 4, 5, 6])
  }
}
