import ListFlow

/// The venue detail screen of DataSourceKit's README, as plain values.
struct Venue: Hashable, Sendable {
  var photo: String?
  var name: String
}

struct Review: Hashable, Sendable {
  var authorImage: String?
  var authorName: String
  var body: String
}

struct VenueDetailViewState: CellsDeclarator, Sendable {
  var venue: Venue
  var reviews: [Review]
  var relatedVenues: [Venue]

  enum CellDeclaration: Equatable, Sendable {
    case outline(Venue)
    case sectionHeader(String)
    case review(Review)
    case relatedVenue(Venue)
  }

  func declareCells(_ cell: (CellDeclaration) -> Void) {
    cell(.outline(venue))
    if !reviews.isEmpty {
      cell(.sectionHeader("Reviews"))
      for review in reviews { cell(.review(review)) }
    }
    if !relatedVenues.isEmpty {
      cell(.sectionHeader("Related Venues"))
      for relatedVenue in relatedVenues { cell(.relatedVenue(relatedVenue)) }
    }
  }

  /// The mapping from declarations to cells, as the view controller of the README writes it.
  @Sendable
  static func binder(_ declaration: CellDeclaration) -> CellBinder {
    switch declaration {
    case .outline(let venue): VenueOutlineCell.makeBinder(value: venue)
    case .sectionHeader(let title): SectionHeaderCell.makeBinder(value: title)
    case .review(let review): ReviewCell.makeBinder(value: review)
    case .relatedVenue(let venue): RelatedVenueCell.makeBinder(value: venue)
    }
  }
}

final class VenueOutlineCell: BindableCell {
  var text = ""
  func bind(_ venue: Venue) { text = "# \(venue.name)" }
  var textRepresentation: String { text }
}

final class SectionHeaderCell: BindableCell {
  var text = ""
  func bind(_ title: String) { text = "== \(title) ==" }
  var textRepresentation: String { text }
}

final class ReviewCell: BindableCell {
  var text = ""
  /// How many times the pool said the cell is done (a cell that held a resource would let it go then).
  var releaseCount = 0
  func bind(_ review: Review) { text = "\(review.authorName): \(review.body)" }
  func prepareForReuse() { releaseCount += 1 }
  var textRepresentation: String { text }
}

final class RelatedVenueCell: BindableCell {
  var text = ""
  func bind(_ venue: Venue) { text = "-> \(venue.name)" }
  var textRepresentation: String { text }
}

enum VenueFixtures {
  static let venue = Venue(photo: nil, name: "Kaminarimon")
  static let review1 = Review(authorImage: nil, authorName: "Yosuke Ishikawa", body: "Foo")
  static let review2 = Review(authorImage: nil, authorName: "Masatake Yamoto", body: "Bar")
  static let relatedVenue = Venue(photo: nil, name: "Senso-ji")
}
