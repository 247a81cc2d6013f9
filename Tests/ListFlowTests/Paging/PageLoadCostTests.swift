import ListFlowTesting
import Synchronization
import TestSupport
import Testing

@testable import ListFlow

/// A page loaded after many costs its page: the rows loaded before are not compared again. Counted in
/// comparisons of row identities. A row's identity hashes to the same value as seven others' (a bucket of eight
/// neighbours), so that a diff that goes over every row loaded compares identities (its look-up by hash meets the
/// other seven), where identities that never collide would be told apart by their hashes alone.
@MainActor
@Suite struct PageLoadCostTests {
  /// Counts the comparisons of identities, from any thread.
  final class Comparisons: Sendable {
    let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
  }

  /// A row's identity: compared by value (each comparison counted), hashed by its bucket of eight.
  struct Key: Hashable, Sendable {
    let value: Int
    let comparisons: Comparisons
    static func == (left: Key, right: Key) -> Bool {
      left.comparisons.count.add(1, ordering: .relaxed)
      return left.value == right.value
    }
    func hash(into hasher: inout Hasher) { hasher.combine(value / 8) }
  }

  struct Post: Sendable {
    var id: Int
  }

  /// A server whose first page holds `first` posts and every later one `pageSize`, without end; a load fails
  /// when told to.
  final class Server: Sendable {
    struct Failure: Error {}
    let first: Int
    let pageSize: Int
    private let failNext = Mutex(false)

    init(first: Int, pageSize: Int) {
      self.first = first
      self.pageSize = pageSize
    }

    func failNextLoad() { failNext.withLock { $0 = true } }

    func page(_ start: Int) throws -> Page<Post, Int> {
      let fails = failNext.withLock { fail in
        defer { fail = false }
        return fail
      }
      if fails { throw Failure() }
      let end = start + (start == 0 ? first : pageSize)
      return Page(elements: (start..<end).map { Post(id: $0) }, nextPage: end)
    }
  }

  static func footer(_ text: String) -> CellBinder {
    CellBinder(cell: TextCell.self, value: text, id: ListIdentifier(text, scope: "footer")) { $0.title = $1 }
  }

  /// The identity comparisons of each of a run of random loads (more pages, some failing, and the retries), after
  /// a first page of `loaded` rows, of a paged feed shown alone or after a sibling; checks the rows shown after
  /// each load against the rows loaded.
  static func comparisons(loaded: Int, seed: UInt64, composed: Bool) async throws -> [Int] {
    var random = SeededRandom(seed: seed)
    let comparisons = Comparisons()
    let server = Server(first: loaded, pageSize: 1 + random.below(12))
    let paging = PagingController { (cursor: Int?) in try server.page(cursor ?? 0) }
    let appearance = PagingAppearance(
      loadingMore: footer("loading"), failedFooter: footer("failed"), endOfList: footer("end"))
    let feed = PagedFeed(id: "posts", paging: paging, appearance: appearance) { post in
      CellBinder(
        cell: TextCell.self, value: "post \(post.id)",
        id: ListIdentifier(Key(value: post.id, comparisons: comparisons))
      ) { $0.title = $1 }
    }
    let shown: any ListFeed<ListSectionSnapshot>
    if composed {
      let composite = ComposedFeed<ListSectionSnapshot>()
      try composite.append(SectionsFeed(sections: [ListSection(id: "sibling", items: [footer("sibling")]).snapshot]))
      try composite.append(feed)
      shown = composite
    } else {
      shown = feed
    }
    let view = RecordingListView(historyLimit: 2)
    let engine = try ListEngine(view: view, showing: shown)
    await paging.refresh()
    var counts: [Int] = []
    for step in 0..<DeepPass.cases(quick: 6, deep: 12) {
      let before = comparisons.value
      if random.below(4) == 0 { server.failNextLoad() }
      await paging.loadMore()
      counts.append(comparisons.value - before)
      // The rows loaded, then the failed footer after a failure; the view shows the same.
      let failed = paging.lastError != nil
      let rows = feed.displayedSections[0].elements
      let context = "seed \(seed), step \(step)"
      #expect(rows.count == paging.rows.count + (failed ? 1 : 0), "\(context)")
      #expect(!failed || rows.last?.id == ListIdentifier("failed", scope: "footer"), "\(context)")
      let section = view.sections[composed ? 1 : 0].rows
      #expect(section.count == rows.count, "\(context)")
      for _ in 0..<4 {
        let item = random.below(paging.rows.count)
        #expect(section[item].textRepresentation == "post \(paging.rows[item].id)", "\(context), row \(item)")
      }
      if failed { #expect(section.last?.textRepresentation == "failed", "\(context)") }
      #expect(view.inconsistencies.isEmpty, "\(context)")
    }
    _ = engine
    return counts
  }

  @Test("a page loaded compares as many identities after 2,000 rows as after 8,000 (20,000 deep): alone or composed")
  func pageLoadCostsItsPage() async throws {
    for seed in DeepPass.seeds(from: 0x9A6F, quick: 2, deep: 4) {
      for composed in [false, true] {
        let small = try await Self.comparisons(loaded: 2_000, seed: seed, composed: composed)
        let large = try await Self.comparisons(
          loaded: DeepPass.cases(quick: 8_000, deep: 20_000), seed: seed, composed: composed)
        #expect(small == large, "seed \(seed), composed \(composed): \(small) and \(large)")
      }
    }
  }
}
