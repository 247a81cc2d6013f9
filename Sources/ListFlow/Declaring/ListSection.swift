/// A section of declarations: an identity, optional header and footer declarations, and its items.
///
/// The item type is whatever the list is declared with: an enum of cell declarations or ``CellBinder`` values. Header and footer are declared with the same type as the items, so one mapping
/// turns them all into cells; they are reused like cells.
///
/// ```swift
/// let section = ListSection(id: "reviews", header: .sectionHeader("Reviews"), items: reviews.map(VenueCell.review))
/// ```
///
/// Sections are diffed by ``id``: a section whose header or footer changed is reported as updated; its items
/// are diffed one by one, also across sections.
public struct ListSection<Item> {
  /// The section's identity, unique in a list.
  public var id: ListIdentifier
  /// The header's declaration, if the section has a header.
  public var header: Item?
  /// The footer's declaration, if the section has a footer.
  public var footer: Item?
  /// The items, in order.
  public var items: [Item]
  /// The section's title in an index of the list (a letter in a contacts list), or `nil` for none. It travels with
  /// the section: in a composite it names the section wherever the section lands.
  public var indexTitle: String?

  /// Creates a section.
  ///
  /// - Parameters:
  ///   - id: The section's identity, unique in a list.
  ///   - header: The header's declaration, or `nil`.
  ///   - footer: The footer's declaration, or `nil`.
  ///   - indexTitle: The section's title in an index of the list, or `nil`.
  ///   - items: The items, in order.
  public init<ID: Hashable & Sendable>(
    id: ID, header: Item? = nil, footer: Item? = nil, indexTitle: String? = nil, items: [Item]
  ) {
    self.id = ListIdentifier(id)
    self.header = header
    self.footer = footer
    self.indexTitle = indexTitle
    self.items = items
  }

  /// The same section with every declaration (header, footer and items) transformed.
  ///
  /// - Parameter transform: The function applied to each declaration.
  /// - Returns: A section with the same identity and the transformed declarations.
  /// - Throws: What `transform` throws.
  /// - Complexity: O(n) in the number of items.
  public func map<T, Failure: Error>(_ transform: (Item) throws(Failure) -> T) throws(Failure) -> ListSection<T> {
    var items: [T] = []
    items.reserveCapacity(self.items.count)
    for item in self.items { items.append(try transform(item)) }
    return ListSection<T>(
      id: id,
      header: try header.map(transform),
      footer: try footer.map(transform),
      indexTitle: indexTitle,
      items: items
    )
  }
}

extension ListSection: Equatable where Item: Equatable {}
extension ListSection: Hashable where Item: Hashable {}
extension ListSection: Sendable where Item: Sendable {}
