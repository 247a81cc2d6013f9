import ListFlowDiff
import TestSupport
import Testing

/// Replay: applying every stage to the data before it, with `Array.applying(_:)` and with the independent
/// ``ReferenceApplier`` (which takes from a stage's data only what a view takes from it), gives that stage's
/// data, and the last stage gives the target. On medium-sized random cases, flat and sectioned.
@Suite("Replay")
struct ReplayTests {
  @Test("random flat pairs (2,000 in the deep pass) of up to 200 elements replay stage by stage to their target")
  func flatReplay() {
    let failures = fuzzFailures(
      count: DeepPass.cases(quick: 200, deep: 2_000),
      make: { generator -> (source: [Token], target: [Token]) in
        let size = generator.random.below(201)
        let alphabet: Int? = generator.random.oneIn(3) ? 1 + generator.random.below(20) : nil
        let source = generator.tokens(size, alphabet: alphabet)
        return (source, generator.edit(generator.edit(source, alphabet: alphabet), alphabet: alphabet))
      },
      checking: .replay)
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  @Test("random pairs (2,000 in the deep pass) of up to 10 sections of 20 replay stage by stage to their target")
  func sectionedReplay() {
    let failures = fuzzFailures(
      count: DeepPass.cases(quick: 200, deep: 2_000),
      make: { $0.sectionedPair(maximumSections: 10, maximumElements: 20) },
      checking: .replay)
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  @Test("the replay check fails on a stage whose positions do not give its data, so it can catch a wrong diff")
  func replayCheckCatchesWrongPositions() {
    let source = Token.list("a b")
    let wrong = Changeset(data: Token.list("b a"), elementMoved: [flatMove(0, 0)])  // valid, but gives "a b"
    let problems = DiffProperties.replayProblems(wrong, label: "wrong", before: source) { changeset, before throws in
      (try ReferenceApplier.apply(changeset, to: before), try before.applying(changeset))
    }
    #expect(problems.count == 2)  // both appliers give "a b", not the data
    let outOfRange = Changeset(data: Token.list("b a"), elementMoved: [flatMove(5, 0)])
    #expect(throws: ReplayError.self) { try ReferenceApplier.apply(outOfRange, to: source) }
  }
}
