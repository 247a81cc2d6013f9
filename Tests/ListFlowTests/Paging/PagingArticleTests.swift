import ListFlow
import Testing

/// The example of the Paging article, compiled and run.
@MainActor
@Suite("Paging article example", .timeLimit(.minutes(5)))
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
    var rendered: [(Int, PagingPresentation)] = []
    func render(_ rows: [Post], _ presentation: PagingPresentation) { rendered.append((rows.count, presentation)) }

    // The article's code:
    let paging = PagingController(prefetchDistance: PrefetchDistance(rows: 10)) {
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
}
