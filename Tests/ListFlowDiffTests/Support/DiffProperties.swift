import ListFlowDiff

/// Checks every documented property of a diff of one pair, and returns what is wrong (empty when all holds).
///
/// For a pair it checks: the stages' shape (no empty stage; updates, deletes, section inserts and moves, element
/// inserts and moves, in that order and never mixed; positions sorted), the replay (each stage applied to the
/// data before it, by `Array.applying(_:)` and by ``ReferenceApplier``, gives the stage's `data`; the last data
/// is the target), the counts of every kind against ``Reference`` (so moves are minimal), the single-batch
/// `Changeset(source:target:)` (applied in one go it gives the target, with the same counts), and both
/// duplicate policies (`.matchInOrder` gives the same stages, `.reject` throws exactly when an identifier
/// stands twice, naming it).
enum DiffProperties {
  /// Which properties to check.
  struct Aspects: OptionSet {
    let rawValue: Int
    /// Stage shape and replay stage by stage.
    static let replay = Aspects(rawValue: 1)
    /// Change counts against ``Reference`` (minimal moves), of the stages and of the single batch if checked.
    static let counts = Aspects(rawValue: 2)
    /// `.matchInOrder` and `.reject`.
    static let policies = Aspects(rawValue: 4)
    /// The single batch `Changeset(source:target:)`: sorted, applied in one go it gives the target.
    static let singleBatch = Aspects(rawValue: 8)
    static let all: Aspects = [.replay, .counts, .policies, .singleBatch]
  }

  /// The problems of the flat diff of `source` and `target`.
  static func problems<Element: Differentiable & Equatable>(
    source: [Element], target: [Element], checking aspects: Aspects = .all
  ) -> [String] {
    let changes = StagedChangeset(source: source, target: target)
    var problems = diffProblems(
      changes, batch: { Changeset(source: source, target: target) }, source: source, target: target,
      expected: Reference.expectedCounts(source: source, target: target), sectioned: false, checking: aspects
    ) { changeset, before throws in
      (try ReferenceApplier.apply(changeset, to: before), try before.applying(changeset))
    }
    guard aspects.contains(.policies) else { return problems }
    problems += policyProblems(
      changes, sourceIdentifiers: source.map(\.differenceIdentifier),
      targetIdentifiers: target.map(\.differenceIdentifier), sectionIdentifiers: nil
    ) { policy throws(DiffError) in try StagedChangeset(source: source, target: target, duplicates: policy) }
    return problems
  }

  /// The problems of the sectioned diff of `source` and `target`.
  static func problems<Model: Differentiable & Equatable, Element: Differentiable & Equatable>(
    source: [ArraySection<Model, Element>], target: [ArraySection<Model, Element>], checking aspects: Aspects = .all
  ) -> [String] {
    let changes = StagedChangeset(source: source, target: target)
    var problems = diffProblems(
      changes, batch: { Changeset(source: source, target: target) }, source: source, target: target,
      expected: Reference.expectedSectionedCounts(source: source, target: target), sectioned: true,
      checking: aspects
    ) { changeset, before throws in
      (try ReferenceApplier.apply(changeset, to: before), try before.applying(changeset))
    }

    func elementIdentifiers(_ sections: [ArraySection<Model, Element>]) -> [Element.DifferenceIdentifier] {
      sections.flatMap { $0.elements.map(\.differenceIdentifier) }
    }
    guard aspects.contains(.policies) else { return problems }
    problems += policyProblems(
      changes, sourceIdentifiers: elementIdentifiers(source), targetIdentifiers: elementIdentifiers(target),
      sectionIdentifiers: (
        source.map { AnyHashable($0.differenceIdentifier) }, target.map { AnyHashable($0.differenceIdentifier) }
      )
    ) { policy throws(DiffError) in try StagedChangeset(source: source, target: target, duplicates: policy) }
    return problems
  }

  /// The problems of a diff's stages and single batch, flat or sectioned alike: the stages' shape and replay, the
  /// last stage's data, the counts against `expected`, and the single batch `batch()` (sorted, its data, its
  /// replay and counts). `apply` applies a changeset by ``ReferenceApplier`` and by the library.
  private static func diffProblems<Data: Equatable>(
    _ changes: StagedChangeset<Data>, batch: () -> Changeset<Data>, source: Data, target: Data,
    expected: ChangeCounts, sectioned: Bool, checking aspects: Aspects,
    apply: (Changeset<Data>, Data) throws -> (reference: Data, library: Data)
  ) -> [String] {
    var problems: [String] = []
    if aspects.contains(.replay) { problems += shapeProblems(changes, sectioned: sectioned) }

    var current = aspects.contains(.replay) ? source : target
    for (index, stage) in changes.enumerated() where aspects.contains(.replay) {
      problems += replayProblems(stage, label: "stage \(index + 1)", before: current, apply: apply)
      current = stage.data
    }
    if current != target { problems.append("the last stage's data \(current) is not the target") }

    if aspects.contains(.counts), ChangeCounts(changes) != expected {
      problems.append("counts \(ChangeCounts(changes)), expected \(expected)")
    }

    guard aspects.contains(.singleBatch) else { return problems }
    let batch = batch()
    problems += sortingProblems(batch, label: "single batch")
    if batch.data != target { problems.append("single batch: data \(batch.data) is not the target") }
    problems += replayProblems(batch, label: "single batch", before: source, apply: apply)
    if aspects.contains(.counts), ChangeCounts(batch) != expected {
      problems.append("single batch: counts \(ChangeCounts(batch)), expected \(expected)")
    }
    return problems
  }

  /// Which of the four documented stages a changeset is, or `nil` when it mixes kinds.
  static func stageKind<Data>(_ stage: Changeset<Data>) -> Int? {
    let updates = stage.sectionUpdated.count + stage.elementUpdated.count
    let deletes = stage.sectionDeleted.count + stage.elementDeleted.count
    let sectionArrivals = stage.sectionInserted.count + stage.sectionMoved.count
    let elementArrivals = stage.elementInserted.count + stage.elementMoved.count
    let kinds = [updates, deletes, sectionArrivals, elementArrivals]
    guard kinds.filter({ $0 > 0 }).count == 1 else { return nil }
    return kinds.firstIndex { $0 > 0 }! + 1
  }

  static func shapeProblems<Data>(_ changes: StagedChangeset<Data>, sectioned: Bool) -> [String] {
    var problems: [String] = []
    var lastKind = 0
    for (index, stage) in changes.enumerated() {
      let label = "stage \(index + 1)"
      guard let kind = stageKind(stage) else {
        problems.append("\(label) is empty or mixes kinds of changes:\n\(stage)")
        continue
      }
      if kind <= lastKind { problems.append("\(label) (kind \(kind)) comes after a stage of kind \(lastKind)") }
      if !sectioned && kind == 3 { problems.append("\(label): a flat diff has section changes") }
      lastKind = kind
      problems += sortingProblems(stage, label: label)
    }
    return problems
  }

  static func sortingProblems<Data>(_ stage: Changeset<Data>, label: String) -> [String] {
    func ascending<T: Comparable>(_ values: [T]) -> Bool { zip(values, values.dropFirst()).allSatisfy { $0 < $1 } }
    var problems: [String] = []
    let lists: [(String, Bool)] = [
      ("sectionDeleted", ascending(stage.sectionDeleted)), ("sectionInserted", ascending(stage.sectionInserted)),
      ("sectionUpdated", ascending(stage.sectionUpdated)),
      ("sectionMoved", ascending(stage.sectionMoved.map(\.target))),
      ("elementDeleted", ascending(stage.elementDeleted)), ("elementInserted", ascending(stage.elementInserted)),
      ("elementUpdated", ascending(stage.elementUpdated)),
      ("elementMoved", ascending(stage.elementMoved.map(\.target))),
    ]
    for (name, isSorted) in lists where !isSorted { problems.append("\(label): \(name) is not in ascending order") }
    return problems
  }

  static func replayProblems<Data: Equatable>(
    _ stage: Changeset<Data>, label: String, before: Data,
    apply: (Changeset<Data>, Data) throws -> (reference: Data, library: Data)
  ) -> [String] {
    var problems: [String] = []
    do {
      let (reference, library) = try apply(stage, before)
      if reference != stage.data {
        problems.append("\(label): a view applying it to \(before) gets \(reference), not its data \(stage.data)")
      }
      if library != stage.data {
        problems.append("\(label): applying(_:) to \(before) gives \(library), not its data \(stage.data)")
      }
    } catch {
      problems.append("\(label): cannot be applied to \(before): \(error)\n\(stage)")
    }
    return problems
  }

  static func policyProblems<Data: Equatable, Identifier: Hashable>(
    _ changes: StagedChangeset<Data>, sourceIdentifiers: [Identifier], targetIdentifiers: [Identifier],
    sectionIdentifiers: (source: [AnyHashable], target: [AnyHashable])?,
    diff: (DuplicatePolicy) throws(DiffError) -> StagedChangeset<Data>
  ) -> [String] {
    var problems: [String] = []
    do {
      if try diff(.matchInOrder) != changes { problems.append(".matchInOrder gives other stages than the default") }
    } catch {
      problems.append(".matchInOrder threw \(error)")
    }
    let duplicated = [
      Reference.hasDuplicates(sourceIdentifiers), Reference.hasDuplicates(targetIdentifiers),
      sectionIdentifiers.map { Reference.hasDuplicates($0.source) } ?? false,
      sectionIdentifiers.map { Reference.hasDuplicates($0.target) } ?? false,
    ]
    do {
      let rejecting = try diff(.reject)
      if duplicated.contains(true) { problems.append(".reject did not throw though an identifier stands twice") }
      if rejecting != changes { problems.append(".reject gives other stages than the default") }
    } catch {
      guard case .duplicateIdentifier(let duplicate) = error else {
        problems.append(".reject threw \(error)")
        return problems
      }
      let index = (duplicate.isSection ? 2 : 0) + (duplicate.side == .source ? 0 : 1)
      if !duplicated[index] {
        problems.append(".reject threw \(error), but no such duplicate exists")
      } else if !duplicate.isSection {
        let identifiers = duplicate.side == .source ? sourceIdentifiers : targetIdentifiers
        let named = identifiers.filter { String(describing: $0) == duplicate.identifier }
        if named.count < 2 { problems.append(".reject names \(duplicate.identifier), which does not stand twice") }
      }
      if !(duplicate.first < duplicate.second) {
        problems.append(".reject names positions \(duplicate.first) and \(duplicate.second) out of order")
      }
    }
    return problems
  }
}
