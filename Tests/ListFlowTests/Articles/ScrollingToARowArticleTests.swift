import ListFlow
import ListFlowTesting
import Testing

/// The examples of the "Scrolling to a row" article, compiled and run.
@MainActor
@Suite("The Scrolling to a row article's examples")
struct ScrollingToARowArticleTests {
  struct Order: Hashable, Sendable {
    var id: Int
    var title: String
  }

  static func sections(_ orders: [Order]) -> [ListSection<CellBinder>] {
    [
      ListSection(
        id: "orders",
        items: orders.map { order in
          CellBinder(cell: TallCell.self, value: order, id: ListIdentifier(order.id)) { $0.text = $1.title }
        })
    ]
  }

  @Test("scrolling by position and by identity reaches the view with the alignment")
  func scrollByPositionAndIdentity() async throws {
    let view = RecordingListView()
    let controller = ListController<[ListSection<CellBinder>]> { $0 }
    let engine = try ListEngine(view: view, showing: controller)
    await controller.apply(Self.sections((0..<50).map { Order(id: 100 + $0, title: "order \($0)") }))
    let order = Order(id: 120, title: "order 20")

    // The article's code:
    try engine.scrollToRow(at: ItemPath(item: 40, section: 0), alignment: .center)
    try engine.scrollToRow(withIdentity: ListIdentifier(order.id), alignment: .top)

    #expect(
      view.scrollRequests == [
        .init(path: ItemPath(item: 40, section: 0), alignment: .center),
        .init(path: ItemPath(item: 20, section: 0), alignment: .top),
      ])
  }

  @Test("a test checks the requests a recording view received")
  func recordedRequests() async throws {
    let sections = Self.sections([Order(id: 5, title: "five"), Order(id: 7, title: "seven")])

    // The article's code:
    let view = RecordingListView()
    let controller = ListController<[ListSection<CellBinder>]> { $0 }
    let engine = try ListEngine(view: view, showing: controller)
    await controller.apply(sections)
    try engine.scrollToRow(withIdentity: ListIdentifier(7), alignment: .top)
    #expect(view.scrollRequests == [.init(path: ItemPath(item: 1, section: 0), alignment: .top)])
  }
}
