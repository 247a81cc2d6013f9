import ListFlowDiff
import TestSupport
import Testing

/// Seeded random pairs, flat and sectioned, each checked for every documented property (see ``DiffProperties``):
/// replay stage by stage, stage order, minimal counts; on fewer cases duplicate policies and the single batch. A failure prints the
/// case's seed and a shrunk minimal input; `LISTFLOW_FUZZ_SEED` runs another set of cases. The quick pass runs a
/// tenth of the deep pass's cases (the first ones, so a quick failure replays in the deep pass).
@Suite("Random pairs (seeded fuzzing)")
struct FuzzTests {
  static let flatCases = DeepPass.cases(quick: 3_000, deep: 100_000)
  static let sectionedCases = DeepPass.cases(quick: 3_000, deep: 100_000)
  static let policyCases = DeepPass.cases(quick: 1_000, deep: 20_000)

  @Test("random flat pairs (100,000 in the deep pass) replay to their target with minimal changes")
  func randomFlatPairs() {
    let failures = fuzzFailures(
      count: Self.flatCases,
      make: { $0.flatPair() },
      checking: [.replay, .counts])
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  @Test(
    "random flat pairs (20,000 in the deep pass): both duplicate policies behave as documented, the single batch gives the target"
  )
  func randomFlatPairsUnderPoliciesAndInOneBatch() {
    let failures = fuzzFailures(
      count: Self.policyCases,
      make: { $0.flatPair() },
      checking: [.policies, .singleBatch, .counts])
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  @Test("random sectioned pairs (100,000 in the deep pass) replay to their target with minimal changes")
  func randomSectionedPairs() {
    let failures = fuzzFailures(
      count: Self.sectionedCases,
      make: { $0.sectionedPair() },
      checking: [.replay, .counts])
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  @Test(
    "random sectioned pairs (20,000 in the deep pass): both duplicate policies behave as documented, the single batch gives the target"
  )
  func randomSectionedPairsUnderPoliciesAndInOneBatch() {
    let failures = fuzzFailures(
      count: Self.policyCases,
      make: { $0.sectionedPair() },
      checking: [.policies, .singleBatch, .counts])
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }
}
