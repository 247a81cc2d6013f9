import ListFlowDiff
import TestSupport
import Testing

/// `Array.applying(_:)` on a changeset that does not fit the array throws `DiffError.positionOutOfRange`
/// instead of trapping.
@Suite("Applying a malformed changeset")
struct ApplyingErrorTests {
  /// A changeset that does not fit the array `[10, 20, 30]`.
  struct FlatCase: Sendable, CustomTestStringConvertible {
    var name: String
    var changeset: Changeset<[Int]>
    var testDescription: String { name }
  }

  static let flatCases: [FlatCase] = [
    FlatCase(name: "a delete past the end", changeset: Changeset(data: [10, 20], elementDeleted: flat(3))),
    FlatCase(name: "a negative delete", changeset: Changeset(data: [10, 20], elementDeleted: flat(-1))),
    FlatCase(
      name: "an insert past the end of the result",
      changeset: Changeset(data: [10, 20, 30, 40], elementInserted: flat(7))),
    FlatCase(name: "an update past the end", changeset: Changeset(data: [10, 20, 30], elementUpdated: flat(5))),
    FlatCase(
      name: "a move from past the end", changeset: Changeset(data: [10, 20, 30], elementMoved: [flatMove(9, 0)])),
    FlatCase(
      name: "a move to past the end", changeset: Changeset(data: [10, 20, 30], elementMoved: [flatMove(0, 9)])),
    FlatCase(name: "the same delete twice", changeset: Changeset(data: [10], elementDeleted: flat(1, 1))),
    FlatCase(name: "counts that do not add up", changeset: Changeset(data: [10, 20, 30, 40], elementDeleted: flat(0))),
    FlatCase(
      name: "a path in section 1 of a flat array", changeset: Changeset(data: [10, 20], elementDeleted: [path(1, 0)])),
    FlatCase(name: "a section change in a flat array", changeset: Changeset(data: [10, 20, 30], sectionDeleted: [0])),
  ]

  @Test("a flat changeset that does not fit throws positionOutOfRange", arguments: flatCases)
  func malformedFlat(_ malformed: FlatCase) {
    do {
      let result = try [10, 20, 30].applying(malformed.changeset)
      Issue.record("applying did not throw; it gave \(result)")
    } catch {
      guard case .positionOutOfRange(let message) = error else {
        Issue.record("threw \(error), not positionOutOfRange")
        return
      }
      #expect(!message.isEmpty)
    }
  }

  typealias Section = ArraySection<String, Int>

  /// A changeset that does not fit the sections `A: [1, 2] | B: [3]`.
  struct SectionedCase: Sendable, CustomTestStringConvertible {
    var name: String
    var changeset: Changeset<[ArraySection<String, Int>]>
    var testDescription: String { name }
  }

  static let source = [Section(model: "A", elements: [1, 2]), Section(model: "B", elements: [3])]

  static let sectionedCases: [SectionedCase] = [
    SectionedCase(
      name: "a section delete past the end",
      changeset: Changeset(data: [Section(model: "A", elements: [1, 2])], sectionDeleted: [4])),
    SectionedCase(name: "a section insert past the end", changeset: Changeset(data: source, sectionInserted: [5])),
    SectionedCase(
      name: "a section move from past the end",
      changeset: Changeset(data: source, sectionMoved: [Move(source: 7, target: 0)])),
    SectionedCase(
      name: "an element delete in a missing section", changeset: Changeset(data: source, elementDeleted: [path(5, 0)])),
    SectionedCase(
      name: "an element delete past the end of its section",
      changeset: Changeset(data: source, elementDeleted: [path(1, 4)])),
    SectionedCase(
      name: "an element delete in a deleted section",
      changeset: Changeset(
        data: [Section(model: "A", elements: [1, 2])], sectionDeleted: [1], elementDeleted: [path(1, 0)])),
    SectionedCase(
      name: "an element insert in a missing section", changeset: Changeset(data: source, elementInserted: [path(3, 0)])),
    SectionedCase(
      name: "an element move to past the end of its section",
      changeset: Changeset(data: source, elementMoved: [move(path(0, 0), path(1, 6))])),
    SectionedCase(
      name: "an element update in a missing section", changeset: Changeset(data: source, elementUpdated: [path(2, 0)])),
    SectionedCase(
      name: "element counts that do not add up",
      changeset: Changeset(data: [Section(model: "A", elements: [1, 2, 9]), Section(model: "B", elements: [3])])),
  ]

  @Test("a sectioned changeset that does not fit throws positionOutOfRange", arguments: sectionedCases)
  func malformedSectioned(_ malformed: SectionedCase) {
    do {
      let result = try Self.source.applying(malformed.changeset)
      Issue.record("applying did not throw; it gave \(result)")
    } catch {
      guard case .positionOutOfRange = error else {
        Issue.record("threw \(error), not positionOutOfRange")
        return
      }
    }
  }

  @Test("a flat changeset and the same changeset on one section are accepted or refused alike, with equal results")
  func flatAndSectionedAgree() {
    var random = SeededRandom(seed: 61)
    for round in 0..<DeepPass.cases(quick: 3_000, deep: 30_000) {
      let before = (0..<Int(random.next() % 6)).map { $0 * 10 }
      func position() -> Int { Int(random.next() % 8) - 1 }
      func some<T>(_ make: () -> T) -> [T] { (0..<Int(random.next() % 3)).map { _ in make() } }
      let deleted = some(position)
      let inserted = some(position)
      let updated = some(position)
      let moved = some { (position(), position()) }
      let count = before.count - deleted.count + inserted.count
      let after = (0..<max(0, count)).map { 100 + $0 }
      let flat = Changeset(
        data: after, elementDeleted: deleted.map { path(0, $0) }, elementInserted: inserted.map { path(0, $0) },
        elementUpdated: updated.map { path(0, $0) },
        elementMoved: moved.map { Move(source: path(0, $0.0), target: path(0, $0.1)) })
      let sectioned = Changeset(
        data: [Section(model: "A", elements: after)], elementDeleted: flat.elementDeleted,
        elementInserted: flat.elementInserted, elementUpdated: flat.elementUpdated, elementMoved: flat.elementMoved)
      let flatResult = try? before.applying(flat)
      let sectionedResult = try? [Section(model: "A", elements: before)].applying(sectioned)
      #expect(
        flatResult == sectionedResult.map { $0.first?.elements ?? [] },
        "round \(round): \(before) with \(flat): flat \(String(describing: flatResult)), sectioned \(String(describing: sectionedResult))"
      )
    }
  }
}
