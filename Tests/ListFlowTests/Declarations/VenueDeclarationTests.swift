import ListFlow
import Testing

@Suite("DataSourceKit's venue example, as plain values")
struct VenueDeclarationTests {
  let venue = VenueFixtures.venue
  let review1 = VenueFixtures.review1
  let review2 = VenueFixtures.review2
  let relatedVenue = VenueFixtures.relatedVenue

  @Test("with no related venues the state declares the outline, the reviews header and the reviews")
  func emptyRelatedVenues() {
    let state = VenueDetailViewState(venue: venue, reviews: [review1, review2], relatedVenues: [])
    #expect(
      state.cellDeclarations == [.outline(venue), .sectionHeader("Reviews"), .review(review1), .review(review2)]
    )
  }

  @Test("with no reviews the state declares the outline and the related venues")
  func emptyReviews() {
    let state = VenueDetailViewState(venue: venue, reviews: [], relatedVenues: [relatedVenue])
    #expect(
      state.cellDeclarations == [.outline(venue), .sectionHeader("Related Venues"), .relatedVenue(relatedVenue)]
    )
  }

  @Test("with no reviews and no related venues only the outline is declared")
  func emptyData() {
    let state = VenueDetailViewState(venue: venue, reviews: [], relatedVenues: [])
    #expect(state.cellDeclarations == [.outline(venue)])
  }

  @Test("the full state declares every cell in order")
  func fullState() {
    let state = VenueDetailViewState(venue: venue, reviews: [review1], relatedVenues: [relatedVenue])
    #expect(
      state.cellDeclarations == [
        .outline(venue), .sectionHeader("Reviews"), .review(review1), .sectionHeader("Related Venues"),
        .relatedVenue(relatedVenue),
      ]
    )
  }

  @Test("each declaration maps to a binder of its own cell type, with no cast at the call site")
  func binders() {
    let state = VenueDetailViewState(venue: venue, reviews: [review1], relatedVenues: [relatedVenue])
    let names = state.cellDeclarations.map { VenueDetailViewState.binder($0).reuseIdentifier }
    #expect(
      names == [
        "ListFlowTests.VenueOutlineCell", "ListFlowTests.SectionHeaderCell", "ListFlowTests.ReviewCell",
        "ListFlowTests.SectionHeaderCell", "ListFlowTests.RelatedVenueCell",
      ])
  }

  @Test("the same venue shown as outline and as related venue has two distinct identities")
  func scopedIdentity() {
    let outline = VenueDetailViewState.binder(.outline(venue))
    let related = VenueDetailViewState.binder(.relatedVenue(venue))
    #expect(outline.id != related.id)
    #expect(outline.id == VenueDetailViewState.binder(.outline(venue)).id)
  }
}
