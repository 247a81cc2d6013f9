/// A ``CellsDeclarator`` that writes its cells with the ``DeclarationBuilder`` result builder.
///
/// Conform and write ``cells``; ``CellsDeclarator/declareCells(_:)`` and
/// ``CellsDeclarator/cellDeclarations`` come for free. Name the declaration type with a `typealias`, so the
/// compiler knows the builder's element type.
///
/// ```swift
/// struct Menu: DeclarativeCells {
///   typealias CellDeclaration = MenuCell   // names the builder's element type
///   var dishes: [String]
///   var isClosed: Bool
///
///   var cells: [MenuCell] {
///     MenuCell.title("Today")
///     if isClosed {
///       MenuCell.closed
///     } else {
///       for dish in dishes { MenuCell.dish(dish) }
///     }
///   }
/// }
/// ```
public protocol DeclarativeCells: CellsDeclarator {
  /// The cells of the list, in order.
  @DeclarationBuilder<CellDeclaration> var cells: [CellDeclaration] { get }
}

extension DeclarativeCells {
  /// Calls `cell` once for each element of ``cells``.
  ///
  /// - Parameter cell: The function that collects a declaration.
  public func declareCells(_ cell: (CellDeclaration) -> Void) {
    for declaration in cells { cell(declaration) }
  }
}
