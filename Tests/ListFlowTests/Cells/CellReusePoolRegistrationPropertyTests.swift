import ListFlow
import TestSupport
import Testing

/// Generated registrations of a reuse pool: binders of a few cell types dequeued under a few shared reuse
/// identifiers, explicit registrations among them. What the pool says is registered for an identifier is what a
/// model of the rule says: the type registered explicitly last, else the one type of the binders dequeued under it
/// automatically, and none when binders of several types used it.
@Suite("Cells: what a reuse pool says is registered, after generated registrations")
@MainActor
struct CellReusePoolRegistrationPropertyTests {
  final class RedCell: ListCell {}
  final class GreenCell: ListCell {}
  final class BlueCell: ListCell {}

  static let cellTypes: [any ListCell.Type] = [RedCell.self, GreenCell.self, BlueCell.self]
  static let identifiers = ["one", "two", "three"]
  /// Each type's own reuse identifier, in the order of ``cellTypes``.
  static let ownIdentifiers = [RedCell.reuseIdentifier, GreenCell.reuseIdentifier, BlueCell.reuseIdentifier]

  enum Action { case dequeue, register, registerUnderOwnName, dequeueByIdentifier }

  static let actions = WeightedChoice<Action>([
    ("a binder dequeued under an identifier", weight: 6, .dequeue),
    ("a type registered under an identifier", weight: 1, .register),
    ("a type registered under its own reuse identifier", weight: 1, .registerUnderOwnName),
    ("a cell dequeued by identifier alone", weight: 2, .dequeueByIdentifier),
  ])

  /// What is registered under an identifier, in the model.
  enum Registered {
    case explicit(Int)
    /// The indices of the types whose binders were dequeued under an automatic registration.
    case automatic(Set<Int>)

    /// The one type that the identifier names, if any.
    var type: Int? {
      switch self {
      case .explicit(let type): type
      case .automatic(let types): types.count == 1 ? types.first : nil
      }
    }
  }

  static func binder(_ type: Int, reuseIdentifier: String) -> CellBinder {
    switch type {
    case 0: CellBinder(cell: RedCell.self, value: type, id: "row", reuseIdentifier: reuseIdentifier) { _, _ in }
    case 1: CellBinder(cell: GreenCell.self, value: type, id: "row", reuseIdentifier: reuseIdentifier) { _, _ in }
    default: CellBinder(cell: BlueCell.self, value: type, id: "row", reuseIdentifier: reuseIdentifier) { _, _ in }
    }
  }

  /// The index of a cell's type among ``cellTypes``.
  static func index(ofCell cell: (any ListCell)?) -> Int? {
    switch cell {
    case is RedCell: 0
    case is GreenCell: 1
    case is BlueCell: 2
    default: nil
    }
  }

  /// The index of a type among ``cellTypes``.
  static func index(of type: (any ListCell.Type)?) -> Int? {
    guard let type else { return nil }
    return cellTypes.firstIndex { ObjectIdentifier($0) == ObjectIdentifier(type) }
  }

  @Test("an identifier names a type only when one type is registered for it, explicitly or by every binder")
  func registeredTypeFollowsTheRule() throws {
    var failures: [String] = []
    var failingSeeds = 0
    for seed in DeepPass.seeds(quick: 300, deep: 5_000) {
      if let failure = Self.run(seed: seed) {
        failingSeeds += 1
        if failures.count < 3 { failures.append("seed \(seed): \(failure)") }
      }
    }
    #expect(failingSeeds == 0, "\(failingSeeds) seeds failed; the first:\n\(failures.joined(separator: "\n\n"))")
  }

  static func run(seed: UInt64) -> String? {
    var random = SeededRandom(seed: seed)
    let pool = CellReusePool(registersAutomatically: !random.oneIn(4))
    var model: [String: Registered] = [:]
    var log: [String] = []
    for _ in 0..<(1 + random.below(12)) {
      let picked = actions.pick(using: &random)
      let type = random.below(cellTypes.count)
      var identifier = identifiers[random.below(identifiers.count)]
      switch picked.value {
      case .dequeue:
        let cell = try? pool.dequeue(for: binder(type, reuseIdentifier: identifier))
        switch model[identifier] {
        case .explicit: break
        case .automatic(let types): model[identifier] = .automatic(types.union([type]))
        case nil: if pool.registersAutomatically { model[identifier] = .automatic([type]) }
        }
        let made = index(ofCell: cell)
        var expected: Int?
        if case .explicit(let registered) = model[identifier] { expected = registered }
        if case .automatic = model[identifier] { expected = type }
        if made != expected {
          return
            "a binder of \(cellTypes[type]) under \(identifier) got \(String(describing: made)), the model says \(String(describing: expected))"
        }
      case .register:
        pool.register(cellTypes[type], forReuseIdentifier: identifier)
        model[identifier] = .explicit(type)
      case .registerUnderOwnName:
        identifier = ownIdentifiers[type]
        pool.register(cellTypes[type])
        model[identifier] = .explicit(type)
      case .dequeueByIdentifier:
        let expected = model[identifier]?.type
        do {
          let cell = try pool.dequeue(reuseIdentifier: identifier)
          if index(ofCell: cell) != expected {
            return
              "dequeue(reuseIdentifier: \(identifier)) made \(cell.textRepresentation), the model says \(String(describing: expected))\n  "
              + log.joined(separator: "\n  ")
          }
        } catch {
          if error != .unregisteredCell(reuseIdentifier: identifier) || expected != nil {
            return
              "dequeue(reuseIdentifier: \(identifier)) threw \(error), the model says \(String(describing: expected))\n  "
              + log.joined(separator: "\n  ")
          }
        }
      }
      log.append("\(picked.name): \(cellTypes[type]) under \(identifier)")
      for identifier in identifiers + ownIdentifiers {
        let told = index(of: pool.registeredType(forReuseIdentifier: identifier))
        let expected = model[identifier]?.type
        if told != expected {
          return
            "registeredType(\(identifier)) is \(String(describing: told)), the model says \(String(describing: expected))\n  "
            + log.joined(separator: "\n  ")
        }
      }
    }
    return nil
  }
}
