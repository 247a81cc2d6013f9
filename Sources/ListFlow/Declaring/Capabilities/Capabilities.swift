/// A model that has a title.
///
/// A cell conforming to ``TitledConfigurable`` shows it automatically. Every ``CellBinder`` applies its model's
/// capabilities to a cell that can show them, before its own function and in this order: ``Titled``,
/// ``Subtitled``, ``Imaged``, ``Fonted``, ``Colored``; so a
/// mapper or a style can still override what a capability set.
public protocol Titled {
  /// The title, or `nil` for none. It depends only on the model's value: a filter keeps the title it read of a
  /// row for as long as the row keeps its content.
  var title: String? { get }
}

/// A model that has a subtitle, shown automatically by a ``SubtitledConfigurable`` cell.
public protocol Subtitled {
  /// The subtitle, or `nil` for none.
  var subtitle: String? { get }
}

/// A model that has an image, shown automatically by an ``ImagedConfigurable`` cell.
public protocol Imaged {
  /// The image, or `nil` for none.
  var image: ListImage? { get }
}

/// A model that chooses a font, applied automatically to a ``FontedConfigurable`` cell.
public protocol Fonted {
  /// The font, or `nil` to keep the cell's.
  var font: ListFont? { get }
}

/// A model that chooses a color, applied automatically to a ``ColoredConfigurable`` cell.
public protocol Colored {
  /// The color, or `nil` to keep the cell's.
  var color: ListColor? { get }
}
