/// Capabilities of your own: register how a model protocol configures the cells that can show it, and every
/// ``CellBinder`` (so every static list, declaration and item view model) applies it automatically, after the
/// built-in ``Titled``, ``Subtitled``, ``Imaged``, ``Fonted`` and ``Colored``.
///
/// ```swift
/// protocol Badged { var badge: Int { get } }
/// protocol BadgeConfigurable: ListCell { func showBadge(_ badge: Int) }
///
/// CapabilityRegistry.register((any Badged).self, on: (any BadgeConfigurable).self) { model, cell in
///   cell.showBadge(model.badge)
/// }
/// ```
///
/// A registered capability is applied to a cell when the model can be cast to `Capability` and the cell to
/// `Cell`, in the order of registration. Registering the same pair again replaces its closure. As for the
/// built-in capabilities, the closure writes onto a new cell every time (see ``CellReusePool``): nothing it sets
/// needs undoing.
///
/// Registrations are global to the process and made on the main actor, usually once at start-up.
@MainActor
public enum CapabilityRegistry {
  /// One registration: its key (the two types), a readable name, and the closure that tries it.
  private struct Entry {
    var capability: ObjectIdentifier
    var cell: ObjectIdentifier
    var name: String
    var apply: @MainActor (Any, any ListCell) -> Bool
  }

  private static var entries: [Entry] = []

  /// Registers how a capability configures cells of a type (often a protocol, `(any BadgeConfigurable).self`).
  ///
  /// - Parameters:
  ///   - capability: The model's capability: a protocol's existential type, such as `(any Badged).self`, or
  ///     a concrete model type.
  ///   - cell: The cells that can show it: a protocol's existential type or a concrete cell type.
  ///   - configure: Shows the capability on the cell.
  public static func register<Capability, Cell>(
    _ capability: Capability.Type,
    on cell: Cell.Type,
    configure: @escaping @MainActor (Capability, Cell) -> Void
  ) {
    let entry = Entry(
      capability: ObjectIdentifier(capability), cell: ObjectIdentifier(cell),
      name: "\(Capability.self) → \(Cell.self)"
    ) { model, cell in
      guard let model = model as? Capability, let cell = cell as? Cell else { return false }
      configure(model, cell)
      return true
    }
    if let index = entries.firstIndex(where: { $0.capability == entry.capability && $0.cell == entry.cell }) {
      entries[index] = entry
    } else {
      entries.append(entry)
    }
  }

  /// Removes the registration of a capability for a cell type; does nothing when there is none.
  ///
  /// - Parameters:
  ///   - capability: The capability given to ``register(_:on:configure:)``.
  ///   - cell: The cell type given to ``register(_:on:configure:)``.
  public static func unregister<Capability, Cell>(_ capability: Capability.Type, on cell: Cell.Type) {
    entries.removeAll { $0.capability == ObjectIdentifier(capability) && $0.cell == ObjectIdentifier(cell) }
  }

  /// The registrations, in order, as `Capability → Cell`.
  public static var registrations: [String] { entries.map(\.name) }

  /// Applies every registered capability that `model` has and `cell` can show, in the order of registration.
  ///
  /// Every ``CellBinder`` calls it after the built-in capabilities.
  ///
  /// - Parameters:
  ///   - cell: The cell to configure.
  ///   - model: The model, of any type.
  /// - Returns: The names of the registrations applied, as in ``registrations``.
  /// - Complexity: O(*r*) casts for *r* registrations; nothing when there are none.
  @discardableResult
  public static func configure(_ cell: any ListCell, with model: Any) -> [String] {
    guard !entries.isEmpty else { return [] }
    var applied: [String] = []
    for entry in entries where entry.apply(model, cell) { applied.append(entry.name) }
    return applied
  }
}
