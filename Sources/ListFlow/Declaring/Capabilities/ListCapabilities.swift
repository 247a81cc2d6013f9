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
/// let applied = ListCapabilities.configure(cell, with: model)
/// ListCapabilities.capabilities(in: applied)   // e.g. [.title, .color]
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
  /// - Returns: The capabilities applied, as their ``Capability/bit``s (see ``capabilities(in:)``): no array
  ///   made for a configuration that drops them.
  @MainActor
  @discardableResult
  static func configure(_ cell: any ListCell, with model: Any) -> UInt8 {
    // What applies depends only on the two types (except for optional models): found once per pair of types,
    // with a function that applies it to those two types, so that the common case costs a look-up and a cast of
    // the model and the cell to their own types, not two casts to a protocol a capability.
    let pair = recentPair(model: type(of: model), cell: type(of: cell))
    guard pair.bits != 0 else { return 0 }
    if let apply = pair.apply { return apply(cell, model) }
    var applied: UInt8 = 0
    if pair.bits & Capability.title.bit != 0, let titled = model as? any Titled,
      let cell = cell as? any TitledConfigurable
    {
      cell.configure(by: titled)
      applied |= Capability.title.bit
    }
    if pair.bits & Capability.subtitle.bit != 0, let subtitled = model as? any Subtitled,
      let cell = cell as? any SubtitledConfigurable
    {
      cell.configure(by: subtitled)
      applied |= Capability.subtitle.bit
    }
    if pair.bits & Capability.image.bit != 0, let imaged = model as? any Imaged,
      let cell = cell as? any ImagedConfigurable
    {
      cell.configure(by: imaged)
      applied |= Capability.image.bit
    }
    if pair.bits & Capability.font.bit != 0, let fonted = model as? any Fonted,
      let cell = cell as? any FontedConfigurable
    {
      cell.configure(by: fonted)
      applied |= Capability.font.bit
    }
    if pair.bits & Capability.color.bit != 0, let colored = model as? any Colored,
      let cell = cell as? any ColoredConfigurable
    {
      cell.configure(by: colored)
      applied |= Capability.color.bit
    }
    return applied
  }

  /// The pair of types configured last, and what applies to it: most configurations are of the pair before.
  @MainActor private static var recent: (model: ObjectIdentifier, cell: ObjectIdentifier, pair: _CapabilityCache.Pair)?

  /// What applies to a pair of types: ``recent``, else from the shared cache.
  @MainActor
  private static func recentPair(model: Any.Type, cell: any ListCell.Type) -> _CapabilityCache.Pair {
    let (modelID, cellID) = (ObjectIdentifier(model), ObjectIdentifier(cell))
    if let recent, recent.model == modelID, recent.cell == cellID { return recent.pair }
    let pair = _CapabilityCache.shared.pair(model: model, cell: cell)
    recent = (modelID, cellID, pair)
    return pair
  }

  /// The capabilities whose bits are set in `bits`, in order.
  static func capabilities(in bits: UInt8) -> [Capability] {
    Capability.allCases.filter { bits & $0.bit != 0 }
  }
}

/// What can apply to a pair of model and cell types, remembered per pair.
internal final class _CapabilityCache: Sendable {
  /// The cache every configuration shares.
  static let shared = _CapabilityCache()

  /// Applies capabilities to a cell and a model of a pair's types, and returns their bits.
  typealias Apply = @MainActor @Sendable (_ cell: any ListCell, _ model: Any) -> UInt8

  /// What can apply to a pair of types.
  struct Pair: Sendable {
    /// The capabilities (``ListCapabilities/Capability/bit``) that a model of the type may have and a cell of the
    /// type can show.
    var bits: UInt8
    /// Applies them, for a model type that has them whatever its value (made for the two types); `nil` for an
    /// optional model, whose value is looked at each time.
    var apply: Apply?
  }

  private struct Key: Hashable {
    var model: ObjectIdentifier
    var cell: ObjectIdentifier
  }

  private let answers = Mutex<[Key: Pair]>([:])

  /// What can apply to a model of type `model` and a cell of type `cell`.
  ///
  /// An optional model is always answered with every capability the cell can show, and no function: whether it
  /// has one depends on whether it holds a value, so ``ListCapabilities/configure(_:with:)`` must try its casts.
  func pair(model: Any.Type, cell: any ListCell.Type) -> Pair {
    let key = Key(model: ObjectIdentifier(model), cell: ObjectIdentifier(cell))
    if let answer = answers.withSanitizedLock({ $0[key] }) { return answer }
    let answer = Self.answer(model: model, cell: cell)
    answers.withSanitizedLock { $0[key] = answer }
    return answer
  }

  private static func answer(model: Any.Type, cell: any ListCell.Type) -> Pair {
    if model is any _OptionalModel.Type || model == AnyHashable.self {
      var bits: UInt8 = 0
      if cell is any TitledConfigurable.Type { bits |= ListCapabilities.Capability.title.bit }
      if cell is any SubtitledConfigurable.Type { bits |= ListCapabilities.Capability.subtitle.bit }
      if cell is any ImagedConfigurable.Type { bits |= ListCapabilities.Capability.image.bit }
      if cell is any FontedConfigurable.Type { bits |= ListCapabilities.Capability.font.bit }
      if cell is any ColoredConfigurable.Type { bits |= ListCapabilities.Capability.color.bit }
      return Pair(bits: bits, apply: nil)
    }
    let parts = [
      titled(model, cell), subtitled(model, cell), imaged(model, cell), fonted(model, cell), colored(model, cell),
    ].compactMap { $0 }
    let bits = parts.reduce(0) { $0 | $1.bit }
    guard !parts.isEmpty else { return Pair(bits: 0, apply: nil) }
    let applies = parts.map(\.apply)
    return Pair(
      bits: bits,
      apply: { cell, model in
        for apply in applies { apply(cell, model) }
        return bits
      })
  }

  /// One capability applied to a pair of types: its bit, and the function that applies it.
  private typealias Part = (bit: UInt8, apply: @MainActor @Sendable (any ListCell, Any) -> Void)

  // One function a capability, each opening the two types as generic parameters: the function it makes takes the
  // model and the cell as their own types (see `applying`), not cast to the capability's protocols.

  /// Calls `body` with `cell` as a `Cell` and `model` as a `Model`, when they are of those types (the pair's,
  /// always): the model's type is compared with `Model`, where a cast to it would look up and make metadata each
  /// time.
  @MainActor
  private static func applying<Model, Cell: ListCell>(
    _ cell: any ListCell, _ model: Any, as _: Model.Type, _: Cell.Type, _ body: (Cell, Model) -> Void
  ) {
    guard let cell = cell as? Cell else { return }
    func open<Value>(_ value: Value) {
      guard Value.self == Model.self else { return }
      body(cell, unsafeBitCast(value, to: Model.self))
    }
    _openExistential(model, do: open)
  }

  private static func titled(_ model: Any.Type, _ cell: any ListCell.Type) -> Part? {
    guard let model = model as? any Titled.Type, let cell = cell as? any TitledConfigurable.Type else { return nil }
    func part<Model: Titled, Cell: TitledConfigurable>(_: Model.Type, _: Cell.Type) -> Part {
      (
        ListCapabilities.Capability.title.bit,
        { applying($0, $1, as: Model.self, Cell.self) { $0.configure(by: $1) } }
      )
    }
    return part(model, cell)
  }

  private static func subtitled(_ model: Any.Type, _ cell: any ListCell.Type) -> Part? {
    guard let model = model as? any Subtitled.Type, let cell = cell as? any SubtitledConfigurable.Type else {
      return nil
    }
    func part<Model: Subtitled, Cell: SubtitledConfigurable>(_: Model.Type, _: Cell.Type) -> Part {
      (
        ListCapabilities.Capability.subtitle.bit,
        { applying($0, $1, as: Model.self, Cell.self) { $0.configure(by: $1) } }
      )
    }
    return part(model, cell)
  }

  private static func imaged(_ model: Any.Type, _ cell: any ListCell.Type) -> Part? {
    guard let model = model as? any Imaged.Type, let cell = cell as? any ImagedConfigurable.Type else { return nil }
    func part<Model: Imaged, Cell: ImagedConfigurable>(_: Model.Type, _: Cell.Type) -> Part {
      (
        ListCapabilities.Capability.image.bit,
        { applying($0, $1, as: Model.self, Cell.self) { $0.configure(by: $1) } }
      )
    }
    return part(model, cell)
  }

  private static func fonted(_ model: Any.Type, _ cell: any ListCell.Type) -> Part? {
    guard let model = model as? any Fonted.Type, let cell = cell as? any FontedConfigurable.Type else { return nil }
    func part<Model: Fonted, Cell: FontedConfigurable>(_: Model.Type, _: Cell.Type) -> Part {
      (
        ListCapabilities.Capability.font.bit,
        { applying($0, $1, as: Model.self, Cell.self) { $0.configure(by: $1) } }
      )
    }
    return part(model, cell)
  }

  private static func colored(_ model: Any.Type, _ cell: any ListCell.Type) -> Part? {
    guard let model = model as? any Colored.Type, let cell = cell as? any ColoredConfigurable.Type else { return nil }
    func part<Model: Colored, Cell: ColoredConfigurable>(_: Model.Type, _: Cell.Type) -> Part {
      (
        ListCapabilities.Capability.color.bit,
        { applying($0, $1, as: Model.self, Cell.self) { $0.configure(by: $1) } }
      )
    }
    return part(model, cell)
  }
}

/// Marks `Optional`, whose capabilities depend on the value it holds.
internal protocol _OptionalModel {}
extension Optional: _OptionalModel {}
