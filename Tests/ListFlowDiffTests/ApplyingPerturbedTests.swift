import ListFlowDiff
import TestSupport
import Testing

/// `Array.applying(_:)` on changesets a diff made and then spoiled in one place: it must throw
/// `positionOutOfRange` exactly when a batch-updating view (``ReferenceApplier``) refuses the changeset, and
/// otherwise give what the view shows. Never a trap.
@Suite("Applying a spoiled changeset: refused or applied as a view applies it")
struct ApplyingPerturbedTests {
  /// Which list of a changeset a spoiling touches.
  enum List: CaseIterable {
    case sectionDeleted, sectionInserted, sectionUpdated, sectionMovedSource, sectionMovedTarget
    case elementDeleted, elementInserted, elementUpdated, elementMovedSource, elementMovedTarget
  }

  /// How one position of a list is spoiled.
  enum Spoil { case plusOne, minusOne, repeatIt, dropIt, extreme, otherSection, copyToAnotherList }

  static let spoils = WeightedChoice<Spoil>([
    ("a position one further", weight: 3, .plusOne),
    ("a position one nearer", weight: 3, .minusOne),
    ("a position named twice", weight: 2, .repeatIt),
    ("a change dropped", weight: 2, .dropIt),
    ("a position at Int.min or Int.max", weight: 1, .extreme),
    ("a path moved to another section", weight: 2, .otherSection),
    ("a position also named by another list", weight: 2, .copyToAnotherList),
  ])

  static let lists = WeightedChoice<List>(List.allCases.map { ("\($0)", weight: 1, $0) })

  static func spoiled<Data>(
    _ changeset: Changeset<Data>, _ spoil: Spoil, list: List, other: List, using random: inout SeededRandom
  ) -> Changeset<Data> {
    var result = changeset
    func change(_ value: Int) -> Int {
      switch spoil {
      case .plusOne: value &+ 1
      case .minusOne: value &- 1
      case .extreme: random.oneIn(2) ? Int.min : Int.max
      default: value
      }
    }
    func changePath(_ path: ItemPath) -> ItemPath {
      spoil == .otherSection
        ? ItemPath(item: path.item, section: path.section &+ (random.oneIn(2) ? 1 : -1))
        : ItemPath(item: change(path.item), section: path.section)
    }
    func edit<T>(_ values: inout [T], _ transform: (T) -> T) {
      guard !values.isEmpty else { return }
      let index = random.below(values.count)
      switch spoil {
      case .repeatIt: values.insert(values[index], at: index)
      case .dropIt: values.remove(at: index)
      default: values[index] = transform(values[index])
      }
    }
    if spoil == .copyToAnotherList {
      // A source position also deleted, moved or updated; a target position also inserted or moved to.
      let sources: [List: [ItemPath]] = [
        .elementDeleted: changeset.elementDeleted, .elementUpdated: changeset.elementUpdated,
        .elementMovedSource: changeset.elementMoved.map(\.source),
      ]
      if let path = sources[list]?.first {
        switch other {
        case .elementDeleted: result.elementDeleted.append(path)
        case .elementUpdated: result.elementUpdated.append(path)
        default: result.elementMoved.append(Move(source: path, target: path))
        }
      }
      if list == .sectionDeleted, let section = changeset.sectionDeleted.first {
        result.sectionUpdated.append(section)
      }
      if list == .sectionInserted, let section = changeset.sectionInserted.first {
        result.sectionMoved.append(Move(source: 0, target: section))
      }
      return result
    }
    switch list {
    case .sectionDeleted: edit(&result.sectionDeleted, change)
    case .sectionInserted: edit(&result.sectionInserted, change)
    case .sectionUpdated: edit(&result.sectionUpdated, change)
    case .sectionMovedSource: edit(&result.sectionMoved) { Move(source: change($0.source), target: $0.target) }
    case .sectionMovedTarget: edit(&result.sectionMoved) { Move(source: $0.source, target: change($0.target)) }
    case .elementDeleted: edit(&result.elementDeleted, changePath)
    case .elementInserted: edit(&result.elementInserted, changePath)
    case .elementUpdated: edit(&result.elementUpdated, changePath)
    case .elementMovedSource: edit(&result.elementMoved) { Move(source: changePath($0.source), target: $0.target) }
    case .elementMovedTarget: edit(&result.elementMoved) { Move(source: $0.source, target: changePath($0.target)) }
    }
    return result
  }

  @Test(
    "spoiled sectioned changesets (stages and single batches; 20,000 in the deep pass): refused or applied as a view applies them"
  )
  func sectioned() {
    for index in 0..<DeepPass.cases(quick: 2_000, deep: 20_000) {
      let seed = caseSeed(index)
      var generator = CaseGenerator(seed: seed)
      let (source, target) = generator.sectionedPair()
      Self.checkSpoiled(
        source, stages: StagedChangeset(source: source, target: target),
        batch: Changeset(source: source, target: target), seed: seed,
        reference: { changeset, old in
          // The reference's sectioned layout lets an element be deleted twice, or deleted and moved: a view refuses
          // it.
          let leaving = changeset.elementDeleted + changeset.elementMoved.map(\.source)
          return Set(leaving).count < leaving.count
            ? .failure(ReplayError(description: "an element deleted or moved twice"))
            : Result { () throws(ReplayError) in try ReferenceApplier.apply(changeset, to: old) }
        },
        library: { changeset, old in Result { () throws(DiffError) in try old.applying(changeset) } })
    }
  }

  /// Spoils one of the changesets from `source` (a stage of `stages`, or `batch`, at random) and expects the
  /// library to refuse it exactly when a view does (`reference`), and else to give what the view gives.
  static func checkSpoiled<Data: Equatable>(
    _ source: Data, stages: StagedChangeset<Data>, batch: Changeset<Data>, seed: UInt64,
    reference: (Changeset<Data>, Data) -> Result<Data, ReplayError>,
    library: (Changeset<Data>, Data) -> Result<Data, DiffError>
  ) {
    var random = SeededRandom(seed: seed &+ 7)
    var befores: [(Data, Changeset<Data>)] = []
    var before = source
    for stage in stages {
      befores.append((before, stage))
      before = stage.data
    }
    befores.append((source, batch))
    let (old, changeset) = befores[random.below(befores.count)]
    let spoil = Self.spoils.pick(using: &random)
    let list = Self.lists.pick(using: &random)
    let other = Self.lists.pick(using: &random)
    let spoiledChangeset = Self.spoiled(changeset, spoil.value, list: list.value, other: other.value, using: &random)
    let label = "seed \(seed): \(spoil.name) in \(list.name) (\(other.name))\n\(old)\n\(spoiledChangeset)"
    Self.expectSameOutcome(reference(spoiledChangeset, old), library(spoiledChangeset, old), label)
  }

  /// Expects the library and the view to refuse the same changesets and agree on the others.
  static func expectSameOutcome<Data: Equatable>(
    _ reference: Result<Data, ReplayError>, _ library: Result<Data, DiffError>, _ label: String
  ) {
    switch (reference, library) {
    case (.success(let expected), .success(let got)): #expect(got == expected, "\(label)")
    case (.failure, .failure): break
    case (.success(let expected), .failure(let error)):
      Issue.record("\(label)\nrefused (\(error)), a view gives \(expected)")
    case (.failure(let error), .success(let got)): Issue.record("\(label)\ngives \(got), a view refuses: \(error)")
    }
  }

  @Test(
    "spoiled flat changesets (stages and single batches; 20,000 in the deep pass): refused or applied as a view applies them"
  )
  func flat() {
    for index in 0..<DeepPass.cases(quick: 2_000, deep: 20_000) {
      let seed = caseSeed(index)
      var generator = CaseGenerator(seed: seed)
      let (source, target) = generator.flatPair()
      Self.checkSpoiled(
        source, stages: StagedChangeset(source: source, target: target),
        batch: Changeset(source: source, target: target), seed: seed,
        reference: { changeset, old in
          Result { () throws(ReplayError) in try ReferenceApplier.apply(changeset, to: old) }
        },
        library: { changeset, old in Result { () throws(DiffError) in try old.applying(changeset) } })
    }
  }
}
