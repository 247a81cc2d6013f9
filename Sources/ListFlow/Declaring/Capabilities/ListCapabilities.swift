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

    /// The capability's bit in a set of them.
    var bit: UInt8 {
      switch self {
      case .title: 1
      case .subtitle: 2
      case .image: 4
      case .font: 8
      case .color: 16
      }
    }
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
    // types, so that the common case costs a look-up and the casts of the pairs that apply, not five or ten
    // casts that fail.
    let pairs = _CapabilityCache.shared.pairs(model: type(of: model), cell: type(of: cell))
    guard pairs != 0 else { return [] }
    var applied: [Capability] = []
    if pairs & Capability.title.bit != 0, let titled = model as? any Titled,
      let cell = cell as? any TitledConfigurable
    {
      cell.configure(by: titled)
      applied.append(.title)
    }
    if pairs & Capability.subtitle.bit != 0, let subtitled = model as? any Subtitled,
      let cell = cell as? any SubtitledConfigurable
    {
      cell.configure(by: subtitled)
      applied.append(.subtitle)
    }
    if pairs & Capability.image.bit != 0, let imaged = model as? any Imaged, let cell = cell as? any ImagedConfigurable
    {
      cell.configure(by: imaged)
      applied.append(.image)
    }
    if pairs & Capability.font.bit != 0, let fonted = model as? any Fonted, let cell = cell as? any FontedConfigurable {
      cell.configure(by: fonted)
      applied.append(.font)
    }
    if pairs & Capability.color.bit != 0, let colored = model as? any Colored,
      let cell = cell as? any ColoredConfigurable
    {
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

  private let answers = Mutex<[Pair: UInt8]>([:])

  /// The capabilities (``ListCapabilities/Capability/bit``) that a model of type `model` may have and a cell
  /// of type `cell` can show.
  ///
  /// An optional model is always answered with every capability the cell can show: whether it has one depends
  /// on whether it holds a value, so ``ListCapabilities/configure(_:with:)`` must try its casts.
  func pairs(model: Any.Type, cell: any ListCell.Type) -> UInt8 {
    let pair = Pair(model: ObjectIdentifier(model), cell: ObjectIdentifier(cell))
    if let answer = answers.withSanitizedLock({ $0[pair] }) { return answer }
    let anyModel = model is any _OptionalModel.Type || model == AnyHashable.self
    var answer: UInt8 = 0
    if (anyModel || model is any Titled.Type) && cell is any TitledConfigurable.Type {
      answer |= ListCapabilities.Capability.title.bit
    }
    if (anyModel || model is any Subtitled.Type) && cell is any SubtitledConfigurable.Type {
      answer |= ListCapabilities.Capability.subtitle.bit
    }
    if (anyModel || model is any Imaged.Type) && cell is any ImagedConfigurable.Type {
      answer |= ListCapabilities.Capability.image.bit
    }
    if (anyModel || model is any Fonted.Type) && cell is any FontedConfigurable.Type {
      answer |= ListCapabilities.Capability.font.bit
    }
    if (anyModel || model is any Colored.Type) && cell is any ColoredConfigurable.Type {
      answer |= ListCapabilities.Capability.color.bit
    }
    answers.withSanitizedLock { $0[pair] = answer }
    return answer
  }
}

/// Marks `Optional`, whose capabilities depend on the value it holds.
internal protocol _OptionalModel {}
extension Optional: _OptionalModel {}
