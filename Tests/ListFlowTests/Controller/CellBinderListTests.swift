import ListFlow
import ListFlowTesting
import Synchronization
import TestSupport
import Testing

/// `CellBinderList` against a plain array of the same binders: every edit, splice and read agrees.
@Suite("CellBinderList: pieces read and change like an array")
struct CellBinderListTests {
  struct Value: Sendable, Equatable {
    var id: Int
    var version: Int
  }

  final class ValueCell: BindableCell {
    private(set) var text = ""
    func bind(_ value: Value) { text = "\(value.id).\(value.version)" }
    var textRepresentation: String { text }
  }

  static func binder(_ value: Value) -> CellBinder { ValueCell.makeBinder(value: value, id: value.id) }

  /// The line that identifies a binder's row and content.
  static func key(_ binder: CellBinder) -> String {
    "\(binder.id) \(binder.model(as: Value.self).map { "\($0.version)" } ?? "?")"
  }

  /// An edit or a read of the list.
  enum Operation { case set, replaceSubrange, remove, append, updateStage, deleteStage, readSlice, rebuild }

  /// The operations of a random sequence, by weight.
  static let operations = WeightedChoice<Operation>([
    ("set a row", weight: 1, .set),
    ("replace a range of rows", weight: 1, .replaceSubrange),
    ("remove a row", weight: 1, .remove),
    ("append a row", weight: 1, .append),
    ("a stage of updates", weight: 1, .updateStage),
    ("a stage of deletes", weight: 1, .deleteStage),
    ("read a slice", weight: 1, .readSlice),
    ("rebuild the list from its binders", weight: 1, .rebuild),
  ])

  /// One step of a sequence: an operation and the seed of the numbers it draws.
  struct Step: Sendable, CustomStringConvertible {
    var name: String
    var operation: Operation
    var seed: UInt64
    var description: String { "\(name) (seed \(seed))" }
  }

  /// Runs `steps` on a list of `rowCount` rows and on an array of the same binders; says what differs first, or
  /// `nil` when nothing does.
  static func problem(rowCount: Int, steps: [Step]) -> String? {
    var next = 0
    func fresh(_ count: Int) -> [Value] {
      defer { next += count }
      return (next..<next + count).map { Value(id: $0, version: 0) }
    }
    let rows = fresh(rowCount)
    var list = CellBinderList(rows: rows, cell: Self.binder)
    var model = rows.map(Self.binder)
    let section = ListSectionSnapshot.Model(id: "s")
    for (index, step) in steps.enumerated() {
      var random = SeededRandom(seed: step.seed)
      let where_ = "after step \(index) (\(step))"
      let count = model.count
      switch step.operation {
      case .set where count > 0:
        let position = random.below(count)
        let binder = Self.binder(Value(id: model[position].id.hashValue, version: index))
        list[position] = binder
        model[position] = binder
      case .replaceSubrange:
        let lower = random.below(count + 1)
        let upper = lower + random.below(count - lower + 1)
        let inserted = fresh(random.below(6))
        if random.below(2) == 0 {
          list.replaceSubrange(lower..<upper, with: inserted.map(Self.binder))
        } else {
          list.replaceSubrange(lower..<upper, with: CellBinderList(rows: inserted, cell: Self.binder))
        }
        model.replaceSubrange(lower..<upper, with: inserted.map(Self.binder))
      case .remove where count > 0:
        let position = random.below(count)
        list.remove(at: position)
        model.remove(at: position)
      case .append:
        let value = fresh(1)[0]
        list.append(Self.binder(value))
        model.append(Self.binder(value))
      case .updateStage where count > 0:
        // A stage of updates: a few ascending positions replaced.
        let positions = Set((0..<1 + random.below(5)).map { _ in random.below(count) }).sorted()
        let replacements = positions.map {
          (position: $0, element: Self.binder(Value(id: 900_000 + $0, version: index)))
        }
        list =
          ListSectionSnapshot(model: section, elements: list)._replacingElements(
            replacements.enumerated().map { ($1.position, $0, 0) },
            from: replacements.map { ListSectionSnapshot(model: section, elements: [$0.element]) }
          ).elements
        for (position, element) in replacements { model[position] = element }
      case .deleteStage where count > 0:
        // A stage of deletes: a few ascending positions removed.
        let positions = Set((0..<1 + random.below(5)).map { _ in random.below(count) }).sorted()
        list = ListSectionSnapshot(model: section, elements: list)._removingElements(at: positions).elements
        for position in positions.reversed() { model.remove(at: position) }
      case .readSlice where count > 1:
        let lower = random.below(count)
        let upper = lower + random.below(count - lower)
        if Array(list[lower..<upper]).map(key) != model[lower..<upper].map(key) {
          return "\(where_): the slice \(lower)..<\(upper) differs from the array's"
        }
      case .set, .remove, .updateStage, .deleteStage, .readSlice, .rebuild:
        // (an operation that needs rows, drawn for too few, rebuilds the list instead)
        list = CellBinderList(Array(list))
      }
      if list.count != model.count { return "\(where_): \(list.count) rows, the array has \(model.count)" }
      if index % 16 == 0 || index == steps.count - 1, list.map(key) != model.map(key) {
        return "\(where_): the rows differ from the array's"
      }
      if !model.isEmpty {
        let position = random.below(model.count)
        if key(list[position]) != key(model[position]) {
          return "\(where_): row \(position) is \(key(list[position])), the array's \(key(model[position]))"
        }
      }
    }
    return list == CellBinderList(model) ? nil : "at the end: the list is not equal to one made of the array's binders"
  }

  @Test("random edits, splices and reads give the array's binders", arguments: 0..<6)
  func matchesArray(index: Int) async {
    let seed = UInt64(0xB1DE_0000 + index)
    var random = SeededRandom(seed: seed)
    let rowCount = 40 + random.below(200)
    let steps = (0..<400).map { _ in
      let operation = Self.operations.pick(using: &random)
      return Step(name: operation.name, operation: operation.value, seed: random.next())
    }
    guard let problem = Self.problem(rowCount: rowCount, steps: steps) else { return }
    let shortest = await shortestFailing(steps) { Self.problem(rowCount: rowCount, steps: $0) != nil }
    let sequence = shortest.map { "  \($0)" }.joined(separator: "\n")
    Issue.record(
      "seed \(seed) (case \(index)), \(rowCount) rows: \(problem)\nshortest failing sequence, \(shortest.count) of \(steps.count) steps:\n\(sequence)"
    )
  }

  @Test("thousands of edits with no rebuild: the list compacts without making a binder, and reads as the array")
  func compactionKeepsRowsLazy() {
    for seed in DeepPass.seeds(quick: 4, deep: 40) {
      var random = SeededRandom(seed: seed)
      let calls = Mutex(0)
      let cell: @Sendable (Value) -> CellBinder = { value in
        calls.withLock { $0 += 1 }
        return Self.binder(value)
      }
      var next = 0
      func fresh(_ count: Int) -> [Value] {
        defer { next += count }
        return (next..<next + count).map { Value(id: $0, version: 0) }
      }
      let first = fresh(200 + random.below(1_800))
      var list = CellBinderList(rows: first, cell: cell)
      var model = first
      for step in 0..<(1_000 + random.below(2_000)) {
        // One row replaced, removed or inserted, by rows or by a binder made here (not counted).
        let position = random.below(model.count + 1)
        let upper = position < model.count && random.oneIn(2) ? position + 1 : position
        let inserted = fresh(random.below(3))
        if random.oneIn(4) {
          list.replaceSubrange(position..<upper, with: inserted.map(Self.binder))
        } else {
          list.replaceSubrange(position..<upper, with: CellBinderList(rows: inserted, cell: cell))
        }
        model.replaceSubrange(position..<upper, with: inserted)
        #expect(calls.withLock { $0 } == 0, "seed \(seed), step \(step): an edit made a binder")
        if step % 250 == 0, !model.isEmpty {
          let read = random.below(model.count)
          #expect(Self.key(list[read]) == "\(model[read].id) 0", "seed \(seed), step \(step), row \(read)")
          calls.withLock { $0 = 0 }
        }
      }
      #expect(list.map(Self.key) == model.map { "\($0.id) 0" }, "seed \(seed): the rows differ from the array's")
    }
  }

  @Test("a list made from rows calls cell only for the rows read")
  func rowsAreReadLazily() {
    let calls = Mutex(0)
    let list = CellBinderList(rows: (0..<100_000).map { Value(id: $0, version: 0) }) { value in
      calls.withLock { $0 += 1 }
      return Self.binder(value)
    }
    #expect(list.count == 100_000)
    #expect(calls.withLock { $0 } == 0)
    #expect(Self.key(list[73_512]) == "73512 0")
    #expect(calls.withLock { $0 } == 1)
  }
}
