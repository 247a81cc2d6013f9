/// Every small arrangement, for the exhaustive tests.
enum Arrangements {
  /// Every sequence of length `0...maximumLength` over `0..<alphabet`, shortest first.
  static func sequences(maximumLength: Int, alphabet: Int) -> [[Int]] {
    var all: [[Int]] = [[]]
    var previous: [[Int]] = [[]]
    for _ in 0..<maximumLength {
      previous = previous.flatMap { sequence in (0..<alphabet).map { sequence + [$0] } }
      all += previous
    }
    return all
  }

  /// Every sequence of distinct values of `0..<alphabet` of length `0...maximumLength`.
  static func partialPermutations(maximumLength: Int, alphabet: Int) -> [[Int]] {
    var all: [[Int]] = [[]]
    var previous: [[Int]] = [[]]
    for _ in 0..<maximumLength {
      previous = previous.flatMap { sequence in (0..<alphabet).filter { !sequence.contains($0) }.map { sequence + [$0] }
      }
      all += previous
    }
    return all
  }

  /// Whether values first appear in increasing order 0, 1, 2… (a restricted growth string): of the pairs that
  /// differ only by renaming identifiers, whose diffs are the same up to that renaming, only this one is kept.
  static func isCanonical(_ values: [Int]) -> Bool {
    var next = 0
    for value in values {
      if value > next { return false }
      if value == next { next += 1 }
    }
    return true
  }
}
