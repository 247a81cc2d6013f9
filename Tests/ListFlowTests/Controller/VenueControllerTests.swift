import ListFlow
import ListFlowTesting
import Testing

@Suite("The venue example driven through ListController")
@MainActor
struct VenueControllerTests {
  let venue = VenueFixtures.venue
  let review1 = VenueFixtures.review1
  let review2 = VenueFixtures.review2
  let related = VenueFixtures.relatedVenue

  @Test("the first state reloads the view, registers cell types on first use and renders every declaration")
  func firstState() async throws {
    let view = RecordingListView()
    let controller = ListController<VenueDetailViewState>(cell: VenueDetailViewState.binder)
    let engine = try ListEngine(view: view, showing: controller)
    await controller.apply(VenueDetailViewState(venue: venue, reviews: [review1], relatedVenues: [related]))
    #expect(view.reloadCount == 1)
    #expect(
      view.renderedLines == [
        "# Kaminarimon", "== Reviews ==", "Yosuke Ishikawa: Foo", "== Related Venues ==", "-> Senso-ji",
      ]
    )
    #expect(
      view.registrations.map(\.description) == [
        "ListFlowTests.VenueOutlineCell -> VenueOutlineCell (automatic)",
        "ListFlowTests.SectionHeaderCell -> SectionHeaderCell (automatic)",
        "ListFlowTests.ReviewCell -> ReviewCell (automatic)",
        "ListFlowTests.RelatedVenueCell -> RelatedVenueCell (automatic)",
      ]
    )
    withExtendedLifetime(engine) {}
  }

  @Test("a new review is inserted in one batch, and the removed related venues are deleted")
  func insertAndDelete() async throws {
    let view = RecordingListView()
    var transitions: [SyncDelegate.Transition] = []
    var delegate = SyncDelegate()
    delegate.didApply = { transitions.append($0) }
    let controller = ListController<VenueDetailViewState>(cell: VenueDetailViewState.binder)
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate)
    var state = VenueDetailViewState(venue: venue, reviews: [review1], relatedVenues: [related])
    await controller.apply(state)
    state.reviews.append(review2)
    state.relatedVenues = []
    await controller.apply(state)
    #expect(view.renderedLines == ["# Kaminarimon", "== Reviews ==", "Yosuke Ishikawa: Foo", "Masatake Yamoto: Bar"])
    #expect(view.reloadCount == 1)
    #expect(view.inconsistencies.isEmpty)
    let last = try #require(transitions.last)
    #expect(!last.isReload)
    #expect(
      last.changes.map(\.elementDeleted) == [[ItemPath(item: 3, section: 0), ItemPath(item: 4, section: 0)], []])
    #expect(last.changes.map(\.elementInserted) == [[], [ItemPath(item: 3, section: 0)]])
    withExtendedLifetime(engine) {}
  }

  @Test("new content with the same cell type is a reconfigured row, a new cell type a reloaded one; both get new cells")
  func reconfigureVersusReplace() async throws {
    let view = RecordingListView()
    let controller = ListController<[TestRow]>()
    let engine = try ListEngine(view: view, showing: controller)
    await controller.apply([
      TestRow(id: 1, version: 0, isAlternate: false), TestRow(id: 2, version: 0, isAlternate: false),
    ])
    let firstCell = try #require(view.cell(at: ItemPath(item: 0, section: 0)) as? RowCell)
    let secondCell = try #require(view.cell(at: ItemPath(item: 1, section: 0)))
    await controller.apply([
      TestRow(id: 1, version: 1, isAlternate: false), TestRow(id: 2, version: 0, isAlternate: true),
    ])
    let update = try #require(view.updates.last)
    #expect(update.reconfiguredRows == [ItemPath(item: 0, section: 0)])
    #expect(update.reloadedRows == [ItemPath(item: 1, section: 0)])
    let reconfigured = try #require(view.cell(at: ItemPath(item: 0, section: 0)) as? RowCell)
    #expect(reconfigured !== firstCell)
    #expect(firstCell.bindCount == 1)
    #expect(reconfigured.bindCount == 1)
    #expect(view.cell(at: ItemPath(item: 1, section: 0)) !== secondCell)
    #expect(view.renderedLines == ["r1 v1", "alt r2 v0"])
    withExtendedLifetime(engine) {}
  }

  @Test("sections with headers and footers: a changed header updates its section, headers are reused")
  func sectionsWithHeaders() async throws {
    let view = RecordingListView()
    let controller = ListController<[ListSection<CellBinder>]>()
    let engine = try ListEngine(view: view, showing: controller)
    func state(_ title: String) -> [ListSection<CellBinder>] {
      [
        ListSection(
          id: "reviews", header: SectionHeaderCell.makeBinder(value: title, id: "h"),
          items: [ReviewCell.makeBinder(value: review1)]),
        ListSection(
          id: "related", footer: SectionHeaderCell.makeBinder(value: "that's all", id: "f"),
          items: [RelatedVenueCell.makeBinder(value: related)]),
      ]
    }
    await controller.apply(state("Reviews"))
    await controller.apply(state("Reviews (1)"))
    #expect(view.updates.last?.changeset.sectionUpdated == [0])
    #expect(view.renderedLines == ["== Reviews (1) ==", "Yosuke Ishikawa: Foo", "-> Senso-ji", "== that's all =="])
    #expect(ListExpectations.mismatch(view, showing: state("Reviews (1)")) == nil)
    withExtendedLifetime(engine) {}
  }

  @Test("items in sections drive the controller, with per-item and per-type heights")
  func itemViewModelsAndHeights() async throws {
    let view = RecordingListView()
    let controller = ListController<[ListSection<CellBinder>]>()
    let engine = try ListEngine(view: view, showing: controller)
    let title = CellBinder(data: TextDataModel(text: "Product"), map: TitleCellMapper.map, style: .title)
    await controller.apply([ListSection(id: 0, items: [title])])
    #expect(view.renderedLines == ["Product {black, bold}"])
    #expect(engine.height(of: .row(ItemPath(item: 0, section: 0))) == .estimated(1))
    #expect(engine.height(of: .row(ItemPath(item: 9, section: 0))) == nil)
    let tall = CellBinder(cell: TallCell.self, value: "tall", id: "t") { cell, text in cell.text = text }
    let binders = ListController<[CellBinder]>()
    let bindersView = RecordingListView()
    let bindersEngine = try ListEngine(view: bindersView, showing: binders)
    await binders.apply([tall, tall.identified(by: "u").height(7)])
    #expect(bindersEngine.height(of: .row(ItemPath(item: 0, section: 0))) == .exact(3))
    #expect(bindersEngine.height(of: .row(ItemPath(item: 1, section: 0))) == .exact(7))
    #expect(bindersEngine.height(of: .header(section: 0)) == nil)
  }

  @Test("a view that is not visible is reloaded; so is a change above the threshold, or on request")
  func reloadFallbacks() async throws {
    let view = RecordingListView()
    var reasons: [SyncDelegate.Transition.ReloadReason?] = []
    var delegate = SyncDelegate()
    delegate.didApply = { reasons.append($0.reloadReason) }
    let controller = ListController<[TestRow]>()
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate, reloadThreshold: 2)
    let rows = (0..<5).map { TestRow(id: $0, version: 0, isAlternate: false) }
    await controller.apply(rows)
    await controller.apply(Array(rows.dropFirst()))
    await controller.apply(Array(rows.dropFirst(4)))
    view.isVisible = false
    await controller.apply(rows)
    view.isVisible = true
    await controller.apply(rows, reloading: true)
    await controller.apply(rows)
    // The empty list is the first shown (the reload when the engine was made); the first rows are a diff.
    #expect(reasons == [.initial, nil, nil, .threshold(changeCount: 3), .notVisible, .requested])
    #expect(view.renderedLines == rows.map { "r\($0.id) v0" })
    withExtendedLifetime(engine) {}
  }
}
