import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// A cell showing a `Double` by its bits, so that `0.0` and `-0.0`, and NaNs of other payloads, print apart.
final class DoubleBitsCell: BindableCell {
  var text = ""
  func bind(_ value: Double) { text = FloatingPointBinderPropertyTests.bits(value) }
  var textRepresentation: String { text }
}

/// A cell showing a `Float` by its bits.
final class FloatBitsCell: BindableCell {
  var text = ""
  func bind(_ value: Float) { text = FloatingPointBinderPropertyTests.bits(value) }
  var textRepresentation: String { text }
}

/// A value holding a floating-point value, as an app's row often does; its `==` is the one Swift writes, so a NaN
/// in it makes it unequal to itself.
struct Reading: Hashable, Sendable {
  var name: String
  var value: Double?
}

/// A cell showing a ``Reading``'s value by its bits (`none` for no value).
final class ReadingCell: BindableCell {
  var text = ""
  func bind(_ value: Reading) { text = value.value.map(FloatingPointBinderPropertyTests.bits) ?? "none" }
  var textRepresentation: String { text }
}

/// A cell filled by a binder's function.
final class BitsTextCell: ListCell {
  var text = ""
  var textRepresentation: String { text }
}

/// Floating-point values shown through binders are identified and compared by their bits, as ListFlowDiff's
/// ``FloatingPointIdentifier`` promises and the row path does: a list of values behaves as the list of distinct
/// tokens (one per bit pattern) it stands for. A row that turns from `0.0` to `-0.0` shows the new sign, and an
/// unchanged NaN is no change.
@MainActor
@Suite("Floating-point values through binders: identity and content by bits")
struct FloatingPointBinderPropertyTests {
  nonisolated static func bits(_ value: Double) -> String { "d" + String(value.bitPattern, radix: 16) }
  nonisolated static func bits(_ value: Float) -> String { "f" + String(value.bitPattern, radix: 16) }

  /// Doubles of distinct bits: NaNs of both signs, other payloads and a signalling one, both zeros, both
  /// infinities, the smallest subnormals, ordinary values.
  static let doubles: [Double] = [
    0.0, -0.0, .nan, -.nan, Double(nan: 1, signaling: false), Double(nan: 2, signaling: false),
    Double(bitPattern: 0x7FF0_0000_0000_0001), .infinity, -.infinity, 1.0, -1.0, .leastNonzeroMagnitude,
    -.leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1,
  ]

  /// Floats of distinct bits, as ``doubles``.
  static let floats: [Float] = [
    0.0, -0.0, .nan, -.nan, Float(nan: 1, signaling: false), .infinity, -.infinity, 1.0, .leastNonzeroMagnitude,
  ]

  /// A row of fixed identity whose content is a value of the pool.
  struct Slot: Differentiable, Hashable, Sendable {
    var id: Int
    var value: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Slot) -> Bool { value == source.value }
  }

  /// Counts the changes of the transitions the view receives.
  final class ChangeCounter {
    var changes = 0
  }

  /// The next list of pool indices: edited (inserts, deletes, moves, a value turned into its neighbour in the
  /// pool: `0.0` into `-0.0`, a NaN into another) or drawn anew; values repeat.
  static func next(_ list: [Int], pool: Int, _ random: inout SeededRandom) -> [Int] {
    guard !random.oneIn(4) else { return (0..<random.below(9)).map { _ in random.below(pool) } }
    var list = list
    for _ in 0..<(1 + random.below(3)) {
      switch random.below(4) {
      case 0: list.insert(random.below(pool), at: random.below(list.count + 1))
      case 1 where !list.isEmpty: list.remove(at: random.below(list.count))
      case 2 where !list.isEmpty:
        let value = list.remove(at: random.below(list.count))
        list.insert(value, at: random.below(list.count + 1))
      default:
        if !list.isEmpty {
          let index = random.below(list.count)
          list[index] = (list[index] + 1) % pool
        }
      }
    }
    return list
  }

  /// Shows `lists` one after another through a controller whose binders `binder` makes of the keys; returns what
  /// went wrong: the view must show `text` of each key, and each state must make as many changes as the diff of
  /// the keys themselves (distinct tokens).
  static func run<Key: Differentiable & Sendable>(
    _ lists: [[Key]], binder: @escaping @Sendable (Key) -> CellBinder, text: (Key) -> String
  ) async throws -> [String] {
    let view = RecordingListView()
    let counter = ChangeCounter()
    var delegate = SyncDelegate()
    delegate.didApply = { counter.changes += $0.changes.changeCount }
    let controller = ListController<[CellBinder]>()
    let engine = try ListEngine(view: view, showing: controller, delegate: delegate, reloadThreshold: .max)
    defer { withExtendedLifetime(engine) {} }
    var problems: [String] = []
    var previous: [Key]?
    for list in lists {
      counter.changes = 0
      await controller.apply(list.map(binder))
      let shown = view.sections.flatMap { $0.rows.map(\.textRepresentation) }
      if shown != list.map(text) { problems.append("shows \(shown), the state is \(list.map(text))") }
      problems += view.inconsistencies
      if let previous {
        let expected = StagedChangeset(
          source: [ArraySection(model: 0, elements: previous)], target: [ArraySection(model: 0, elements: list)]
        ).changeCount
        if counter.changes != expected {
          problems.append(
            "\(previous.map(text)) -> \(list.map(text)): \(counter.changes) changes, \(expected) expected")
        }
      }
      if !problems.isEmpty { return problems }
      previous = list
    }
    return problems
  }

  @Test("random lists of doubles and floats through binders diff as the lists of tokens they stand for")
  func valuesBehaveAsTokens() async throws {
    var failingSeeds = 0
    var failures: [String] = []
    for seed in DeepPass.seeds(quick: 20, deep: 400) {
      var random = SeededRandom(seed: seed)
      func lists(pool: Int) -> [[Int]] {
        var list = (0..<random.below(6)).map { _ in random.below(pool) }
        return (0..<10).map { _ in
          defer { list = Self.next(list, pool: pool, &random) }
          return list
        }
      }
      let doubles = Self.doubles
      let floats = Self.floats
      var problems: [(String, [String])] = []
      // A BindableCell's binder identified by its value (scoped by the cell).
      problems.append(
        (
          "makeBinder(value:) of Double",
          try await Self.run(
            lists(pool: doubles.count), binder: { DoubleBitsCell.makeBinder(value: doubles[$0]) },
            text: { Self.bits(doubles[$0]) })
        ))
      problems.append(
        (
          "makeBinder(value:) of Float",
          try await Self.run(
            lists(pool: floats.count), binder: { FloatBitsCell.makeBinder(value: floats[$0]) },
            text: { Self.bits(floats[$0]) })
        ))
      // A binder made with a function, identified by `ListIdentifier(value)`.
      problems.append(
        (
          "CellBinder(cell:value:id:) of Double",
          try await Self.run(
            lists(pool: doubles.count),
            binder: { index in
              CellBinder(cell: BitsTextCell.self, value: doubles[index], id: ListIdentifier(doubles[index])) {
                cell, value in cell.text = Self.bits(value)
              }
            }, text: { Self.bits(doubles[$0]) })
        ))
      // Rows of fixed identities whose content is a value: a change of bits is an update, the same bits none.
      let slotLists = lists(pool: doubles.count).map { values in
        var ids = Array(0..<values.count)
        ids.shuffle(using: &random)
        return zip(ids, values).map { Slot(id: $0, value: $1) }
      }
      let valuesAsSlots = slotLists.indices.map { index -> [Slot] in
        // The same identities from one list to the next, with values changing: each list keeps the identities of
        // the one before where it can.
        slotLists[index].enumerated().map { Slot(id: $0.offset, value: $0.element.value) }
      }
      for (name, lists) in [("content of Double, identity given", valuesAsSlots), ("shuffled identities", slotLists)] {
        problems.append(
          (
            name,
            try await Self.run(
              lists,
              binder: { slot in DoubleBitsCell.makeBinder(value: doubles[slot.value], id: slot.id) },
              text: { Self.bits(doubles[$0.value]) })
          ))
        problems.append(
          (
            name + " (CellBinder)",
            try await Self.run(
              lists,
              binder: { slot in
                CellBinder(cell: BitsTextCell.self, value: doubles[slot.value], id: ListIdentifier(slot.id)) {
                  cell, value in cell.text = Self.bits(value)
                }
              }, text: { Self.bits(doubles[$0.value]) })
          ))
      }
      let failed = problems.filter { !$0.1.isEmpty }
      if !failed.isEmpty {
        failingSeeds += 1
        if failures.count < 4 {
          failures.append(
            "seed \(seed): " + failed.map { "\($0.0): \($0.1.joined(separator: "; "))" }.joined(separator: "\n  "))
        }
      }
    }
    #expect(failingSeeds == 0, "\(failingSeeds) seeds failed; the first:\n\(failures.joined(separator: "\n"))")
  }

  @Test(
    "values holding a double (a struct, an Optional) through binders, as content or identity: the same bits are no change, a NaN too"
  )
  func valuesHoldingDoublesKeepTheirBits() async throws {
    // Every double but `-0.0` (a struct's `==` calls it equal to `0.0`, as the app wrote it), and no value.
    let pool: [Double?] = Self.doubles.filter { $0.bitPattern != (-0.0).bitPattern } + [nil]
    func text(_ index: Int) -> String { pool[index].map(Self.bits) ?? "none" }
    var failingSeeds = 0
    var failures: [String] = []
    for seed in DeepPass.seeds(from: 0xB175, quick: 20, deep: 400) {
      var random = SeededRandom(seed: seed)
      var list = (0..<(1 + random.below(6))).map { _ in random.below(pool.count) }
      // Rows of fixed identities whose values change (a NaN into another NaN, a value into none) or stay.
      let lists = (0..<10).map { _ in
        defer { list = Self.next(list, pool: pool.count, &random) }
        return list.enumerated().map { Slot(id: $0.offset, value: $0.element) }
      }
      var problems = try await Self.run(
        lists,
        binder: { slot in ReadingCell.makeBinder(value: Reading(name: "r", value: pool[slot.value]), id: slot.id) },
        text: { text($0.value) })
      problems += try await Self.run(
        lists,
        binder: { slot in
          CellBinder(
            cell: BitsTextCell.self, value: Reading(name: "r", value: pool[slot.value]), id: ListIdentifier(slot.id)
          ) {
            cell, value in cell.text = value.value.map(Self.bits) ?? "none"
          }
        }, text: { text($0.value) })
      // The value its own identity (a Reading is Hashable): a NaN in it is the same row while its bits stay.
      var keys = (0..<random.below(6)).map { _ in random.below(pool.count) }
      let keyLists = (0..<10).map { _ in
        defer { keys = Self.next(keys, pool: pool.count, &random) }
        return keys
      }
      problems += try await Self.run(
        keyLists, binder: { ReadingCell.makeBinder(value: Reading(name: "r", value: pool[$0])) }, text: text)
      if !problems.isEmpty {
        failingSeeds += 1
        if failures.count < 4 { failures.append("seed \(seed): " + problems.joined(separator: "; ")) }
      }
    }
    #expect(failingSeeds == 0, "\(failingSeeds) seeds failed; the first:\n\(failures.joined(separator: "\n"))")
  }

  @Test("ListIdentifier compares and hashes floating-point values by their bits, other values by ==")
  func identifiersOfFloatingPointValues() {
    var random = SeededRandom(seed: 5)
    for _ in 0..<DeepPass.cases(quick: 2_000, deep: 20_000) {
      let left = Self.doubles[random.below(Self.doubles.count)]
      let right = Self.doubles[random.below(Self.doubles.count)]
      let scope: String? = random.oneIn(2) ? nil : "cell"
      let same = left.bitPattern == right.bitPattern
      #expect((ListIdentifier(left, scope: scope) == ListIdentifier(right, scope: scope)) == same, "\(left) \(right)")
      if same {
        #expect(ListIdentifier(left, scope: scope).hashValue == ListIdentifier(right, scope: scope).hashValue)
      }
      #expect(ListIdentifier(left).value(as: Double.self)?.bitPattern == left.bitPattern)
      let leftFloat = Self.floats[random.below(Self.floats.count)]
      let rightFloat = Self.floats[random.below(Self.floats.count)]
      #expect(
        (ListIdentifier(leftFloat) == ListIdentifier(rightFloat)) == (leftFloat.bitPattern == rightFloat.bitPattern))
      // A Double and a Float of equal value, or a value and its FloatingPointIdentifier, are other types.
      #expect(ListIdentifier(1.0) != ListIdentifier(Float(1.0)))
      #expect(ListIdentifier(left) != ListIdentifier(FloatingPointIdentifier(left)))
    }
    #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
    #expect(ListIdentifier(Float16.nan) == ListIdentifier(Float16.nan))
    #expect(ListIdentifier(Float16(0)) != ListIdentifier(-Float16(0)))
    #endif
    #if (arch(i386) || arch(x86_64)) && !(os(Windows) || os(Android))
    #expect(ListIdentifier(Float80.nan) == ListIdentifier(Float80.nan))
    #expect(ListIdentifier(Float80(0)) != ListIdentifier(-Float80(0)))
    #endif
  }
}
