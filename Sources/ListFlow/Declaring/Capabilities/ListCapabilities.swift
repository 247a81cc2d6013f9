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
    // What applies depends only on the two types: found once per pair of types, with a function that applies it
    // to those two types, so that a configuration costs a look-up and a comparison of the model's type, not two
    // casts to a protocol a capability. An optional model is the value it holds, as is an `AnyHashable`'s.
    let pair = recentPair(model: type(of: model), cell: type(of: cell))
    if pair.unwraps {
      guard let value = (model as? any _WrappingModel)?.wrappedModel else { return 0 }
      return configure(cell, with: value)
    }
    return pair.apply?(cell, model) ?? 0
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
    /// Applies the capabilities that a model of the type has and a cell of the type can show (made for the two
    /// types); `nil` when there is none.
    var apply: Apply?
    /// Whether the model type holds the model to configure with (an optional, or `AnyHashable`): what applies
    /// then depends on the type of the value it holds.
    var unwraps = false
  }

  private struct Key: Hashable {
    var model: ObjectIdentifier
    var cell: ObjectIdentifier
  }

  private let answers = Mutex<[Key: Pair]>([:])

  /// What can apply to a model of type `model` and a cell of type `cell`.
  func pair(model: Any.Type, cell: any ListCell.Type) -> Pair {
    let key = Key(model: ObjectIdentifier(model), cell: ObjectIdentifier(cell))
    if let answer = answers.withSanitizedLock({ $0[key] }) { return answer }
    let answer = Self.answer(model: model, cell: cell)
    answers.withSanitizedLock { $0[key] = answer }
    return answer
  }

  private static func answer(model: Any.Type, cell: any ListCell.Type) -> Pair {
    if model is any _WrappingModel.Type { return Pair(apply: nil, unwraps: true) }
    let parts = parts(model: model, cell: cell)
    guard !parts.isEmpty else { return Pair(apply: nil) }
    let bits = parts.reduce(0) { $0 | $1.bit }
    let applies = parts.map(\.apply)
    return Pair(apply: { cell, model in
      for apply in applies { apply(cell, model) }
      return bits
    })
  }

  /// One capability applied to a pair of types: its bit, and the function that applies it.
  private typealias Part = (bit: UInt8, apply: @MainActor @Sendable (any ListCell, Any) -> Void)

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

  /// The capabilities that a model of type `model` has and a cell of type `cell` can show, in order, each with
  /// the function that applies it: a block a capability, which opens the two types as the generic parameters of a
  /// function made for them (the model and the cell are then taken as their own types, see `applying`).
  private static func parts(model: Any.Type, cell: any ListCell.Type) -> [Part] {
    typealias Capability = ListCapabilities.Capability
    var parts: [Part] = []
    if let model = model as? any Titled.Type, let cell = cell as? any TitledConfigurable.Type {
      func part<Model: Titled, Cell: TitledConfigurable>(_: Model.Type, _: Cell.Type) -> Part {
        (Capability.title.bit, { applying($0, $1, as: Model.self, Cell.self) { $0.configure(by: $1) } })
      }
      parts.append(part(model, cell))
    }
    if let model = model as? any Subtitled.Type, let cell = cell as? any SubtitledConfigurable.Type {
      func part<Model: Subtitled, Cell: SubtitledConfigurable>(_: Model.Type, _: Cell.Type) -> Part {
        (Capability.subtitle.bit, { applying($0, $1, as: Model.self, Cell.self) { $0.configure(by: $1) } })
      }
      parts.append(part(model, cell))
    }
    if let model = model as? any Imaged.Type, let cell = cell as? any ImagedConfigurable.Type {
      func part<Model: Imaged, Cell: ImagedConfigurable>(_: Model.Type, _: Cell.Type) -> Part {
        (Capability.image.bit, { applying($0, $1, as: Model.self, Cell.self) { $0.configure(by: $1) } })
      }
      parts.append(part(model, cell))
    }
    if let model = model as? any Fonted.Type, let cell = cell as? any FontedConfigurable.Type {
      func part<Model: Fonted, Cell: FontedConfigurable>(_: Model.Type, _: Cell.Type) -> Part {
        (Capability.font.bit, { applying($0, $1, as: Model.self, Cell.self) { $0.configure(by: $1) } })
      }
      parts.append(part(model, cell))
    }
    if let model = model as? any Colored.Type, let cell = cell as? any ColoredConfigurable.Type {
      func part<Model: Colored, Cell: ColoredConfigurable>(_: Model.Type, _: Cell.Type) -> Part {
        (Capability.color.bit, { applying($0, $1, as: Model.self, Cell.self) { $0.configure(by: $1) } })
      }
      parts.append(part(model, cell))
    }
    return parts
  }
}

/// A model that holds the model to configure with: an optional (its value, or none), or an `AnyHashable` (its
/// base).
internal protocol _WrappingModel {
  var wrappedModel: Any? { get }
}

extension Optional: _WrappingModel {
  var wrappedModel: Any? { map { $0 as Any } }
}

extension AnyHashable: _WrappingModel {
  var wrappedModel: Any? { base }
}
