/// A value that declares the cells of a list, one after another.
///
/// A declarator is the plain-value description of a screen: it says *which* cells to show and in what order,
/// and nothing about how they look. Its declarations are usually an `Equatable` enum with associated values, so a
/// test compares them with no view at all:
///
/// ```swift
/// struct VenueDetailViewState: CellsDeclarator {
///   var venue: Venue
///   var reviews: [Review]
///
///   enum CellDeclaration: Equatable {
///     case outline(Venue)
///     case sectionHeader(String)
///     case review(Review)
///   }
///
///   func declareCells(_ cell: (CellDeclaration) -> Void) {
///     cell(.outline(venue))
///     if !reviews.isEmpty {
///       cell(.sectionHeader("Reviews"))
///       for review in reviews { cell(.review(review)) }
///     }
///   }
/// }
///
/// #expect(state.cellDeclarations == [.outline(venue)])
/// ```
///
/// A ``ListController`` turns each declaration into a ``CellBinder`` and shows the cells in one section. For
/// several sections with headers and footers, see ``SectionsDeclarator``.
public protocol CellsDeclarator {
  /// The type of one cell's declaration, usually an enum.
  associatedtype CellDeclaration

  /// Calls `cell` once for every cell of the list, in order.
  ///
  /// - Parameter cell: The function that collects a declaration.
  func declareCells(_ cell: (CellDeclaration) -> Void)
}

extension CellsDeclarator {
  /// The declarations, in the order ``declareCells(_:)`` made them.
  ///
  /// - Complexity: O(n) in the number of declarations; computed afresh on every access.
  public var cellDeclarations: [CellDeclaration] {
    var declarations: [CellDeclaration] = []
    declareCells { declarations.append($0) }
    return declarations
  }
}
