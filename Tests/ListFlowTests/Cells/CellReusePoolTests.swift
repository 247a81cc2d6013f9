import ListFlow
import Testing

@Suite("Cells, reuse identifiers, registration and the reuse pool")
@MainActor
struct CellReusePoolTests {
  @Test("a reuse identifier is the cell type's full name")
  func reuseIdentifierFromTypeName() {
    #expect(ReviewCell.reuseIdentifier == "ListFlowTests.ReviewCell")
    #expect(TextCell.reuseIdentifier == "ListFlowTests.TextCell")
  }

  @Test("the first dequeue of a binder registers its cell type automatically")
  func automaticRegistration() throws {
    let pool = CellReusePool()
    _ = try pool.dequeue(for: ReviewCell.makeBinder(value: VenueFixtures.review1))
    _ = try pool.dequeue(for: ReviewCell.makeBinder(value: VenueFixtures.review2))
    #expect(pool.registrations.map(\.description) == ["ListFlowTests.ReviewCell -> ReviewCell (automatic)"])
    #expect(pool.createdCount == 2)
  }

  @Test("every dequeue makes a new cell; a cell given back gets prepareForReuse and is never handed out again")
  func everyDequeueIsNew() throws {
    let pool = CellReusePool()
    let binder = ReviewCell.makeBinder(value: VenueFixtures.review1)
    let first = try #require(try pool.dequeue(for: binder) as? ReviewCell)
    try binder.configure(first)
    #expect(first.textRepresentation == "Yosuke Ishikawa: Foo")
    pool.enqueue(first)
    #expect(first.releaseCount == 1)
    let second = try pool.dequeue(for: binder)
    #expect(second !== first)
    #expect(second.textRepresentation == "")
    #expect(pool.createdCount == 2)
  }

  @Test("with automatic registration off, an unregistered cell is a typed error")
  func unregistered() {
    let pool = CellReusePool(registersAutomatically: false)
    #expect(throws: ListFlowError.unregisteredCell(reuseIdentifier: "ListFlowTests.ReviewCell")) {
      try pool.dequeue(for: ReviewCell.makeBinder(value: VenueFixtures.review1))
    }
    pool.register(ReviewCell.self)
    #expect(throws: Never.self) { try pool.dequeue(for: ReviewCell.makeBinder(value: VenueFixtures.review1)) }
    #expect(pool.registrations.map(\.description) == ["ListFlowTests.ReviewCell -> ReviewCell"])
  }

  @Test("an automatic registration decides nothing: a binder of another type under its identifier gets its own type")
  func automaticRegistrationServesEachType() throws {
    let pool = CellReusePool()
    let review = ReviewCell.makeBinder(value: VenueFixtures.review1)
    let claiming = CellBinder(cell: TextCell.self, value: "x", id: "x", reuseIdentifier: ReviewCell.reuseIdentifier) {
      $0.title = $1
    }
    #expect(try pool.dequeue(for: claiming) is TextCell)
    #expect(try pool.dequeue(for: review) is ReviewCell)
    #expect(pool.registrations.map(\.description) == ["ListFlowTests.ReviewCell -> TextCell (automatic)"])
    pool.register(ReviewCell.self)
    #expect(try pool.dequeue(for: claiming) is ReviewCell)
  }

  @Test("a cell type registered under another type's reuse identifier is reported as mistyped, untouched")
  func mistyped() throws {
    let pool = CellReusePool()
    pool.register(TextCell.self, forReuseIdentifier: "ListFlowTests.ReviewCell")
    let binder = ReviewCell.makeBinder(value: VenueFixtures.review1)
    let cell = try pool.dequeue(for: binder)
    #expect(
      throws: ListFlowError.mistypedCell(
        reuseIdentifier: "ListFlowTests.ReviewCell", expected: "ReviewCell", found: "TextCell")
    ) {
      try binder.configure(cell)
    }
    #expect((cell as? TextCell)?.title == "")
  }

  @Test("a height declared on the item wins over the cell type's, which wins over the estimate")
  func heights() {
    let tall = CellBinder(cell: TallCell.self, value: "x", id: 1) { cell, text in cell.text = text }
    #expect(tall.height == nil)
    #expect(TallCell.preferredHeight == 3)
    #expect(tall.height(5).height == 5)
    #expect(TextCell.preferredHeight == nil)
    #expect(TextCell.estimatedHeight == 1)
  }

  @Test("binders compare content by value, cell type, height and tag")
  func binderContent() {
    let a = CellBinder(cell: TallCell.self, value: "x", id: 1) { cell, text in cell.text = text }
    let b = CellBinder(cell: TallCell.self, value: "y", id: 1) { cell, text in cell.text = text }
    let c = CellBinder(cell: TextCell.self, value: "x", id: 1) { cell, text in cell.title = text }
    #expect(a.isContentEqual(to: a))
    #expect(!a.isContentEqual(to: b))
    #expect(!a.isContentEqual(to: c))
    #expect(!a.hasSameCell(as: c))
    #expect(!a.isContentEqual(to: a.tagged("t")))
    #expect(!a.isContentEqual(to: a.height(2)))
    #expect(a.identified(by: "other").id == "other")
  }
}
