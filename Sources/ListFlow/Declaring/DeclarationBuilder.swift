/// A result builder that collects declarations (cells, or sections) with `if`, `else`, `switch` and `for`.
///
/// ```swift
/// @DeclarationBuilder<Row> var rows: [Row] {
///   Row.title("Fruit")
///   if showsApples { Row.fruit("apple") } else { Row.empty }
///   for name in names { Row.fruit(name) }
/// }
/// ```
///
/// Each statement may be a single declaration, an optional one (left out when `nil`) or an array of them.
@resultBuilder
public enum DeclarationBuilder<Element> {
  /// Collects one declaration.
  ///
  /// - Parameter expression: The declaration.
  /// - Returns: An array holding it.
  public static func buildExpression(_ expression: Element) -> [Element] { [expression] }

  /// Collects an optional declaration: nothing when it is `nil`.
  ///
  /// - Parameter expression: The declaration or `nil`.
  /// - Returns: An array holding it, or an empty one.
  public static func buildExpression(_ expression: Element?) -> [Element] { expression.map { [$0] } ?? [] }

  /// Collects an array of declarations.
  ///
  /// - Parameter expression: The declarations.
  /// - Returns: The same declarations.
  public static func buildExpression(_ expression: [Element]) -> [Element] { expression }

  /// Joins the statements of a block.
  ///
  /// - Parameter components: The declarations of each statement.
  /// - Returns: All of them, in order.
  public static func buildBlock(_ components: [Element]...) -> [Element] { components.flatMap { $0 } }

  /// Handles an `if` without `else`.
  ///
  /// - Parameter component: The declarations of the branch, when it ran.
  /// - Returns: Those declarations, or none.
  public static func buildOptional(_ component: [Element]?) -> [Element] { component ?? [] }

  /// Handles the first branch of an `if`/`else` or `switch`.
  ///
  /// - Parameter component: The declarations of the branch.
  /// - Returns: The same declarations.
  public static func buildEither(first component: [Element]) -> [Element] { component }

  /// Handles the second branch of an `if`/`else` or `switch`.
  ///
  /// - Parameter component: The declarations of the branch.
  /// - Returns: The same declarations.
  public static func buildEither(second component: [Element]) -> [Element] { component }

  /// Handles a `for` loop.
  ///
  /// - Parameter components: The declarations of each iteration.
  /// - Returns: All of them, in order.
  public static func buildArray(_ components: [[Element]]) -> [Element] { components.flatMap { $0 } }

  /// Handles `if #available`.
  ///
  /// - Parameter component: The declarations of the branch.
  /// - Returns: The same declarations.
  public static func buildLimitedAvailability(_ component: [Element]) -> [Element] { component }
}
