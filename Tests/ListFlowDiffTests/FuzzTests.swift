import ListFlowDiff
import Testing

/// Seeded random pairs, flat and sectioned, each checked for every documented property (see ``DiffProperties``):
/// replay stage by stage, stage order, minimal counts; on fewer cases duplicate policies and the single batch. A failure prints the
/// case's seed and a shrunk minimal input; `LISTFLOW_FUZZ_SEED` runs another set of cases.
@Suite("Random pairs (seeded fuzzing)")
struct FuzzTests {
  static let flatCases = 100_000
  static let sectionedCases = 100_000

  @Test("100,000 random flat pairs replay to their target with minimal changes")
  func randomFlatPairs() {
    let failures = fuzzFailures(
      count: Self.flatCases,
      make: { $0.flatPair() },
      checking: [.replay, .counts])
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  @Test("20,000 random flat pairs: both duplicate policies behave as documented, the single batch gives the target")
  func randomFlatPairsUnderPoliciesAndInOneBatch() {
    let failures = fuzzFailures(
      count: 20_000,
      make: { $0.flatPair() },
      checking: [.policies, .singleBatch, .counts])
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  @Test("100,000 random sectioned pairs replay to their target with minimal changes")
  func randomSectionedPairs() {
    let failures = fuzzFailures(
      count: Self.sectionedCases,
      make: { $0.sectionedPair() },
      checking: [.replay, .counts])
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  @Test(
    "20,000 random sectioned pairs: both duplicate policies behave as documented, the single batch gives the target")
  func randomSectionedPairsUnderPoliciesAndInOneBatch() {
    let failures = fuzzFailures(
      count: 20_000,
      make: { $0.sectionedPair() },
      checking: [.policies, .singleBatch, .counts])
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }
}
