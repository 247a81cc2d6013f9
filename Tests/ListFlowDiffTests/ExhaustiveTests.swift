import ListFlowDiff
import TestSupport
import Testing

/// Every pair of small arrangements, with inserts, deletes, moves and duplicates, checked for replay and for
/// minimal counts (see ``DiffProperties``). Pairs that differ only by renaming identifiers have the same diff up
/// to that renaming, so one pair per renaming class is checked. The quick pass stops one size short of the deep
/// pass, and checks every fifth sectioned pair.
@Suite("Exhaustive small inputs")
struct ExhaustiveTests {
  /// The largest flat size: 5 in the deep pass, 4 in the quick pass.
  static let maximumLength = DeepPass.cases(quick: 4, deep: 5)

  /// Runs the checks over pairs and describes the first failures.
  private func failures<Element>(
    _ pairs: [([Element], [Element])], check: ([Element], [Element]) -> [String]
  ) -> [String] {
    var failures: [String] = []
    for (source, target) in pairs {
      let problems = check(source, target)
      if !problems.isEmpty {
        failures.append("source \(source), target \(target):\n  " + problems.joined(separator: "\n  "))
      }
      if failures.count == 3 { break }
    }
    return failures
  }

  @Test(
    "every pair of sequences up to size 5 (4 quick) over 3 identifiers (duplicates, inserts, deletes, moves) replays minimally"
  )
  func everyPairOverThreeIdentifiers() {
    let sequences = Arrangements.sequences(maximumLength: Self.maximumLength, alphabet: 3)
    var pairs: [([Token], [Token])] = []
    for source in sequences {
      for target in sequences where Arrangements.isCanonical(source + target) {
        pairs.append((source.map { Token($0) }, target.map { Token($0) }))
      }
    }
    #expect(pairs.count > (DeepPass.isOn ? 20_000 : 1_000))
    let found = failures(pairs) {
      DiffProperties.problems(source: $0, target: $1, checking: [.replay, .counts, .singleBatch])
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  @Test("every arrangement of up to 5 (4 quick) distinct identifiers, from 0 to 5 (4) in order, replays minimally")
  func everyPartialPermutation() {
    let targets = Arrangements.partialPermutations(maximumLength: Self.maximumLength, alphabet: 7)
    var pairs: [([Token], [Token])] = []
    for length in 0...Self.maximumLength {
      let source = (0..<length).map { Token($0) }
      // Every second matched element of the target gets new content, so updates mix with the moves.
      pairs += targets.map { target in (source, target.map { Token($0, $0 % 2) }) }
    }
    #expect(pairs.count == (Self.maximumLength + 1) * targets.count)
    let found = failures(pairs) {
      DiffProperties.problems(source: $0, target: $1, checking: [.replay, .counts, .singleBatch])
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }

  @Test(
    "every pair of up to 2 sections (2 identifiers) of up to 2 elements (2 identifiers) replays minimally (every fifth pair quick)"
  )
  func everySectionedPair() {
    let elementLists = Arrangements.sequences(maximumLength: 2, alphabet: 2)
    let shapes = Arrangements.sequences(maximumLength: 2, alphabet: 2 * elementLists.count)  // (model, elements)
    func sections(_ shape: [Int]) -> (sections: [TokenSection], models: [Int], elements: [Int]) {
      let models = shape.map { $0 % 2 }
      let lists = shape.map { elementLists[$0 / 2] }
      let built = zip(models, lists).map { TokenSection(model: Token(26 + $0), elements: $1.map { Token($0) }) }
      return (built, models, lists.flatMap { $0 })
    }
    var pairs: [([TokenSection], [TokenSection])] = []
    for sourceShape in shapes {
      let source = sections(sourceShape)
      for targetShape in shapes {
        let target = sections(targetShape)
        guard Arrangements.isCanonical(source.models + target.models),
          Arrangements.isCanonical(source.elements + target.elements)
        else { continue }
        pairs.append((source.sections, target.sections))
      }
    }
    #expect(pairs.count > 5_000)
    // The quick pass checks every fifth pair, spread over the whole enumeration; the deep pass checks them all.
    let checked = DeepPass.isOn ? pairs : stride(from: 0, to: pairs.count, by: 5).map { pairs[$0] }
    let found = failures(checked) {
      DiffProperties.problems(source: $0, target: $1, checking: [.replay, .counts, .singleBatch])
    }
    #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
  }
}
