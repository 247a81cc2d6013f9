/// A page of a paged list: the elements it holds and the cursor of the page after it.
///
/// A loader returns one `Pageable` value per request; ``nextPage`` tells whether more pages follow. When it is
/// `nil` the list has reached its last page and a ``PagingController`` stops asking for more (the state becomes
/// ``PagingController/State/populated``).
///
/// ```swift
/// struct FeedPage: Pageable {
///   var elements: [Post]
///   var nextPage: Int?  // the page number to ask for next, nil after the last page
/// }
/// ```
///
/// ``Page`` is a ready-made conformance.
public protocol Pageable {
  /// The type of the page's elements: the rows of the list.
  associatedtype Element
  /// What the loader needs to fetch the page after this one: a page number, an offset, an opaque token.
  associatedtype Cursor: Equatable & Sendable = Int

  /// The page's elements, in display order.
  var elements: [Element] { get }

  /// The cursor of the next page, or `nil` when this page is the last one.
  var nextPage: Cursor? { get }
}
