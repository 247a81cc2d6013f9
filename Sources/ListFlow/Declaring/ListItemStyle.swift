/// A value that decorates a cell: colors, fonts, insets. Composable with `+` and `+=`, applied after the mapper.
///
/// A style only changes how a cell looks, never what data it shows: it runs after the mapper, so the same
/// data with another style looks different and is the same data, and the same style on other data decorates it
/// the same way.
///
/// ```swift
/// extension ListItemStyle where Cell == TitleCell {
///   static var error: Self { ListItemStyle("error") { $0.color = .red; $0.font = .bold } }
///   static var muted: Self { ListItemStyle("muted") { $0.color = .gray } }
/// }
/// var style = ListItemStyle<TitleCell>.error + .muted   // muted wins where both set the same property
/// style += .plain
/// ```
///
/// Styles are compared by their names, which the diff uses to tell that a row's style changed. A style made
/// without a name is named after the place in the source where it was made; a style that captures values
/// (`ListItemStyle { $0.color = color }`) must name them (`ListItemStyle("tint \(color)") { … }`), or two
/// such styles compare equal.
public struct ListItemStyle<Cell: ListCell>: Sendable {
  /// The names of the composed styles, in the order they are applied; empty for ``plain``.
  public private(set) var names: [String]
  private var decorations: [@MainActor @Sendable (Cell) -> Void]

  /// Creates a style.
  ///
  /// - Parameters:
  ///   - name: The style's name; by default the source location of this call.
  ///   - fileID: The file of the call, used for the default name.
  ///   - line: The line of the call, used for the default name.
  ///   - column: The column of the call, used for the default name.
  ///   - decorate: The function that decorates a cell, on the main actor.
  public init(
    _ name: String? = nil,
    fileID: String = #fileID,
    line: Int = #line,
    column: Int = #column,
    decorate: @escaping @MainActor @Sendable (Cell) -> Void
  ) {
    names = [name ?? "\(fileID):\(line):\(column)"]
    decorations = [decorate]
  }

  @usableFromInline
  internal init(names: [String], decorations: [@MainActor @Sendable (Cell) -> Void]) {
    self.names = names
    self.decorations = decorations
  }

  /// The style that changes nothing.
  @inlinable
  public static var plain: ListItemStyle { ListItemStyle(names: [], decorations: []) }

  /// The style's name: the composed names joined by `+`, or `plain`.
  public var name: String { names.isEmpty ? "plain" : names.joined(separator: "+") }

  /// Decorates `cell`: each composed style in order, so a later one wins where two set the same property.
  ///
  /// - Parameter cell: The cell, already filled by its mapper.
  @MainActor
  public func apply(to cell: Cell) {
    for decorate in decorations { decorate(cell) }
  }

  /// A style that applies `lhs`, then `rhs`.
  ///
  /// - Parameters:
  ///   - lhs: The style applied first.
  ///   - rhs: The style applied second.
  /// - Returns: The composed style.
  public static func + (lhs: ListItemStyle, rhs: ListItemStyle) -> ListItemStyle {
    ListItemStyle(names: lhs.names + rhs.names, decorations: lhs.decorations + rhs.decorations)
  }

  /// Appends `rhs` to `lhs`: `rhs` is applied after the styles already in `lhs`.
  ///
  /// - Parameters:
  ///   - lhs: The style to extend.
  ///   - rhs: The style applied after it.
  public static func += (lhs: inout ListItemStyle, rhs: ListItemStyle) {
    lhs = lhs + rhs
  }
}

extension ListItemStyle: Equatable {
  /// Whether two styles compose the same named styles in the same order.
  ///
  /// - Parameters:
  ///   - lhs: A style.
  ///   - rhs: Another style.
  /// - Returns: `true` when their ``names`` are equal.
  public static func == (lhs: ListItemStyle, rhs: ListItemStyle) -> Bool { lhs.names == rhs.names }
}

extension ListItemStyle: CustomStringConvertible {
  /// The style's ``name``.
  public var description: String { name }
}
