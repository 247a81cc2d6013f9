/// A page of elements and the cursor of the page after it: the plain ``Pageable`` value.
///
/// ```swift
/// let paging = PagingController { (cursor: Int?) async throws -> Page<String, Int> in
///   let number = cursor ?? 1
///   let titles = try await api.titles(page: number)
///   return Page(elements: titles, nextPage: titles.isEmpty ? nil : number + 1)
/// }
/// ```
public struct Page<Element, Cursor: Equatable & Sendable>: Pageable {
  /// The page's elements, in display order.
  public var elements: [Element]
  /// The cursor of the next page, or `nil` when this page is the last one.
  public var nextPage: Cursor?

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - elements: The page's elements, in display order.
  ///   - nextPage: The cursor of the next page, or `nil` when this page is the last one.
  public init(elements: [Element], nextPage: Cursor?) {
    self.elements = elements
    self.nextPage = nextPage
  }
}

extension Page: Equatable where Element: Equatable {}
extension Page: Hashable where Element: Hashable, Cursor: Hashable {}
extension Page: Sendable where Element: Sendable {}
