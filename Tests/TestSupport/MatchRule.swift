/// The filter's matching rule as its DocC states it, written out apart from the matcher, as the oracle of the
/// matching suites: the query's characters in order, each equal to a text character ignoring case, and the
/// placement scored by its characters, word starts and gaps. The weights are the matcher's published constants
/// (this target links no ListFlow module).
public struct MatchRule: Sendable {
  /// What each matched character scores.
  public var characterScore: Int
  /// What a matched character at a word's start adds.
  public var wordStartBonus: Int
  /// What a matched character right after the one before adds (a gap costs one a character instead).
  public var consecutiveBonus: Int

  /// A rule of the given weights.
  public init(characterScore: Int, wordStartBonus: Int, consecutiveBonus: Int) {
    self.characterScore = characterScore
    self.wordStartBonus = wordStartBonus
    self.consecutiveBonus = consecutiveBonus
  }

  /// The score of a placement of the query's characters at `offsets` of `text`.
  public func score(_ offsets: [Int], in text: [Character]) -> Int {
    var total = 0
    for (index, offset) in offsets.enumerated() {
      total += characterScore
      let previous = offset > 0 ? text[offset - 1] : nil
      let isWordStart =
        previous.map { !($0.isLetter || $0.isNumber) || ($0.isLowercase && text[offset].isUppercase) } ?? true
      if isWordStart { total += wordStartBonus }
      if index > 0 {
        let gap = offset - offsets[index - 1] - 1
        total += gap == 0 ? consecutiveBonus : -gap
      }
    }
    return total
  }

  /// Every placement of `query` in `text` from `start`, each character equal ignoring case, by brute force.
  public static func placements(
    of query: some Collection<Character>, in text: [Character], from start: Int = 0
  ) -> [[Int]] {
    guard let first = query.first else { return [[]] }
    var result: [[Int]] = []
    for offset in start..<max(text.count, start) where text[offset].lowercased() == first.lowercased() {
      for rest in placements(of: query.dropFirst(), in: text, from: offset + 1) { result.append([offset] + rest) }
    }
    return result
  }
}
