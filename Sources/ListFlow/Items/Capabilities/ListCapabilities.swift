/// Applies a model's capabilities to a cell that can show them: every capability, automatically.
///
/// For each pair below, when the model has the capability and the cell can show it, the cell's
/// `configure(by:)` is called, in this order: ``Titled`` → ``TitledConfigurable``, ``Subtitled`` →
/// ``SubtitledConfigurable``, ``Imaged`` → ``ImagedConfigurable``, ``Fonted`` → ``FontedConfigurable``,
/// ``Colored`` → ``ColoredConfigurable``.
///
/// Every ``CellBinder`` does this before its own configuration, so a mapper or a style can still override what
/// a capability set. Static lists and custom hosts can call it directly:
///
/// ```swift
/// let applied = ListCapabilities.configure(cell, with: model)   // e.g. [.title, .color]
/// ```
public enum ListCapabilities {
  /// One capability.
  public enum Capability: String, Hashable, Sendable, CaseIterable {
    /// ``Titled`` / ``TitledConfigurable``.
    case title
    /// ``Subtitled`` / ``SubtitledConfigurable``.
    case subtitle
    /// ``Imaged`` / ``ImagedConfigurable``.
    case image
    /// ``Fonted`` / ``FontedConfigurable``.
    case font
    /// ``Colored`` / ``ColoredConfigurable``.
    case color
  }

  /// Applies every capability that `model` has and `cell` can show.
  ///
  /// - Parameters:
  ///   - cell: The cell to configure.
  ///   - model: The model, of any type.
  /// - Returns: The capabilities applied, in order.
  @MainActor
  @discardableResult
  public static func configure(_ cell: any ListCell, with model: Any) -> [Capability] {
    var applied: [Capability] = []
    if let titled = model as? any Titled, let cell = cell as? any TitledConfigurable {
      cell.configure(by: titled)
      applied.append(.title)
    }
    if let subtitled = model as? any Subtitled, let cell = cell as? any SubtitledConfigurable {
      cell.configure(by: subtitled)
      applied.append(.subtitle)
    }
    if let imaged = model as? any Imaged, let cell = cell as? any ImagedConfigurable {
      cell.configure(by: imaged)
      applied.append(.image)
    }
    if let fonted = model as? any Fonted, let cell = cell as? any FontedConfigurable {
      cell.configure(by: fonted)
      applied.append(.font)
    }
    if let colored = model as? any Colored, let cell = cell as? any ColoredConfigurable {
      cell.configure(by: colored)
      applied.append(.color)
    }
    return applied
  }
}
