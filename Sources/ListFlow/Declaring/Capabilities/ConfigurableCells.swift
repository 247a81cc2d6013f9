/// A cell that can show a ``Titled`` model's title.
public protocol TitledConfigurable: ListCell {
  /// Shows the model's title.
  ///
  /// - Parameter model: The model.
  func configure(by model: any Titled)
}

/// A cell that can show a ``Subtitled`` model's subtitle.
public protocol SubtitledConfigurable: ListCell {
  /// Shows the model's subtitle.
  ///
  /// - Parameter model: The model.
  func configure(by model: any Subtitled)
}

/// A cell that can show an ``Imaged`` model's image.
public protocol ImagedConfigurable: ListCell {
  /// Shows the model's image.
  ///
  /// - Parameter model: The model.
  func configure(by model: any Imaged)
}

/// A cell that can take a ``Fonted`` model's font.
public protocol FontedConfigurable: ListCell {
  /// Applies the model's font.
  ///
  /// - Parameter model: The model.
  func configure(by model: any Fonted)
}

/// A cell that can take a ``Colored`` model's color.
public protocol ColoredConfigurable: ListCell {
  /// Applies the model's color.
  ///
  /// - Parameter model: The model.
  func configure(by model: any Colored)
}
