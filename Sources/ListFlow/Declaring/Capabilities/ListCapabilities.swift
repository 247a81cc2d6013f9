import Synchronization

/// Applies a model's capabilities to a cell that can show them: every capability, automatically.
///
/// For each pair below, when the model has the capability and the cell can show it, the cell's
/// `configure(by:)` is called, in this order: ``Titled`` → ``TitledConfigurable``, ``Subtitled`` →
/// ``SubtitledConfigurable``, ``Imaged`` → ``ImagedConfigurable``, ``Fonted`` → ``FontedConfigurable``,
/// ``Colored`` → ``ColoredConfigurable``.
///
/// Every ``CellBinder`` does this before its own configuration, so a mapper or a style can still override what
/// a capability set, and show capabilities of the app's own.
///
/// ```swift
/// let applied = ListCapabilities.configure(cell, with: model)   // e.g. [.title, .color]
/// ```
enum ListCapabilities {
  /// One capability.
  enum Capability: String, Hashable, Sendable, CaseIterable {
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
  static func configure(_ cell: any ListCell, with model: Any) -> [Capability] {
    // Which pairs can apply depends only on the two types (except for optional models): asked once per pair of
    // types, so that the common case, no capability at all, costs a look-up instead of five failed casts.
    guard _CapabilityCache.shared.mayApply(model: type(of: model), cell: type(of: cell)) else { return [] }
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

/// Whether any capability can apply to a pair of model and cell types, remembered per pair.
internal final class _CapabilityCache: Sendable {
  /// The cache every configuration shares.
  static let shared = _CapabilityCache()

  private struct Pair: Hashable {
    var model: ObjectIdentifier
    var cell: ObjectIdentifier
  }

  private let answers = Mutex<[Pair: Bool]>([:])

  /// Whether a model of type `model` may have a capability that a cell of type `cell` can show.
  ///
  /// An optional model is always answered `true`: whether it has a capability depends on whether it holds a
  /// value, so ``ListCapabilities/configure(_:with:)`` must try its casts.
  func mayApply(model: Any.Type, cell: any ListCell.Type) -> Bool {
    if model is any _OptionalModel.Type || model == AnyHashable.self { return true }
    let pair = Pair(model: ObjectIdentifier(model), cell: ObjectIdentifier(cell))
    if let answer = answers.withSanitizedLock({ $0[pair] }) { return answer }
    let answer =
      (model is any Titled.Type && cell is any TitledConfigurable.Type)
      || (model is any Subtitled.Type && cell is any SubtitledConfigurable.Type)
      || (model is any Imaged.Type && cell is any ImagedConfigurable.Type)
      || (model is any Fonted.Type && cell is any FontedConfigurable.Type)
      || (model is any Colored.Type && cell is any ColoredConfigurable.Type)
    answers.withSanitizedLock { $0[pair] = answer }
    return answer
  }
}

/// Marks `Optional`, whose capabilities depend on the value it holds.
internal protocol _OptionalModel {}
extension Optional: _OptionalModel {}
