import ListFlow
import ListFlowTesting
import TestSupport
import Testing

/// The fuzzy matcher, by generated cases: every offset it reports matches, it matches exactly the texts that
/// hold the query in order, its score is the best of every placement, and tighter matches rank higher.
@Suite("Fuzzy matching")
struct FuzzyMatchTests {
  static let alphabet: [Character] = ["a", "b", "A", "B", "c", " ", "-", "é", "É", "日", "x"]

  static func text(_ random: inout SeededRandom, length: Int) -> String {
    String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
  }

  /// The documented rule, the oracle (TestSupport's `MatchRule`, written apart from the matcher).
  static let rule = MatchRule(
    characterScore: FilteredFeed.Match.characterScore, wordStartBonus: FilteredFeed.Match.wordStartBonus,
    consecutiveBonus: FilteredFeed.Match.consecutiveBonus)

  @Test("every reported offset matches its query character, ascending, and the score is the best placement's")
  func offsetsAndOptimality() {
    for seed in DeepPass.seeds(quick: 300, deep: 1_500) {
      var random = SeededRandom(seed: seed)
      let text = Self.text(&random, length: Int(random.next() % 10))
      let query = Self.text(&random, length: Int(random.next() % 4))
      let characters = Array(text)
      let all = MatchRule.placements(of: query, in: characters)
      let match = FilteredFeed.Match(query: query, in: text)
      #expect((match != nil) == !all.isEmpty, "seed \(seed): \(query) in \(text)")
      guard let match else { continue }
      #expect(match.offsets.count == query.count, "seed \(seed)")
      #expect(
        match.offsets == match.offsets.sorted() && Set(match.offsets).count == match.offsets.count, "seed \(seed)")
      for (character, offset) in zip(query, match.offsets) {
        #expect(characters[offset].lowercased() == character.lowercased(), "seed \(seed): \(query) in \(text)")
      }
      #expect(match.score == Self.rule.score(match.offsets, in: characters), "seed \(seed)")
      #expect(match.score == all.map { Self.rule.score($0, in: characters) }.max(), "seed \(seed): \(query) in \(text)")
    }
  }

  @Test("an empty query matches every text with no offsets")
  func emptyQuery() {
    for seed in DeepPass.seeds(quick: 40, deep: 200) {
      var random = SeededRandom(seed: seed)
      let text = Self.text(&random, length: Int(random.next() % 12))
      #expect(FilteredFeed.Match(query: "", in: text) == FilteredFeed.Match(score: 0, offsets: []), "seed \(seed)")
    }
  }

  @Test("a query found whole at a word start outranks the same query scattered through noise")
  func ordering() {
    let letters: [Character] = Array("abcdefghij")
    for seed in DeepPass.seeds(quick: 60, deep: 300) {
      var random = SeededRandom(seed: seed)
      let query = String((0..<Int(2 + random.next() % 4)).map { _ in letters[Int(random.next() % 10)] })
      let noise = String(repeating: "z", count: Int(random.next() % 4))
      let whole = noise + " " + query + noise
      let scattered = query.map { "zz" + String($0) }.joined()
      let wholeScore = FilteredFeed.Match(query: query, in: whole)?.score ?? .min
      let scatteredScore = FilteredFeed.Match(query: query, in: scattered)?.score ?? .min
      #expect(wholeScore > scatteredScore, "seed \(seed): \(query)")
      // Case does not matter.
      #expect(
        FilteredFeed.Match(query: query.uppercased(), in: whole)?.offsets
          == FilteredFeed.Match(query: query, in: whole)?.offsets)
    }
  }
}
