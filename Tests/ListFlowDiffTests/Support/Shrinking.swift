import ListFlowDiff

/// Makes a failing case smaller while it keeps failing: greedy removal of one element (or section) at a time and
/// resetting contents, so that a report shows a minimal input.
enum Shrinking {
  static func shrink(
    _ pair: (source: [Token], target: [Token]), failing: ([Token], [Token]) -> Bool
  ) -> (source: [Token], target: [Token]) {
    var current = pair
    var progress = true
    while progress {
      progress = false
      for candidate in smaller(current) where failing(candidate.source, candidate.target) {
        current = candidate
        progress = true
        break
      }
    }
    return current
  }

  static func shrink(
    _ pair: (source: [TokenSection], target: [TokenSection]), failing: ([TokenSection], [TokenSection]) -> Bool
  ) -> (source: [TokenSection], target: [TokenSection]) {
    var current = pair
    var progress = true
    while progress {
      progress = false
      for candidate in smaller(current) where failing(candidate.source, candidate.target) {
        current = candidate
        progress = true
        break
      }
    }
    return current
  }

  private static func smaller<T>(_ list: [T]) -> [[T]] {
    list.indices.map { index in
      var copy = list
      copy.remove(at: index)
      return copy
    }
  }

  private static func smaller(_ pair: (source: [Token], target: [Token])) -> [(source: [Token], target: [Token])] {
    smaller(pair.source).map { ($0, pair.target) } + smaller(pair.target).map { (pair.source, $0) }
  }

  private static func smaller(
    _ pair: (source: [TokenSection], target: [TokenSection])
  ) -> [(source: [TokenSection], target: [TokenSection])] {
    func elementRemovals(_ sections: [TokenSection]) -> [[TokenSection]] {
      sections.indices.flatMap { s in
        smaller(sections[s].elements).map { elements in
          var copy = sections
          copy[s].elements = elements
          return copy
        }
      }
    }
    return smaller(pair.source).map { ($0, pair.target) } + smaller(pair.target).map { (pair.source, $0) }
      + elementRemovals(pair.source).map { ($0, pair.target) } + elementRemovals(pair.target).map { (pair.source, $0) }
  }
}

/// Runs the property checks on `count` random cases and describes the first failures, shrunk, with their seeds.
func fuzzFailures<Pair>(
  count: Int, limit: Int = 3, make: (inout CaseGenerator) -> Pair, problems: (Pair) -> [String],
  shrink: (Pair) -> Pair, show: (Pair) -> String
) -> [String] {
  var failures: [String] = []
  for index in 0..<count {
    let seed = caseSeed(index)
    var generator = CaseGenerator(seed: seed)
    let pair = make(&generator)
    guard !problems(pair).isEmpty else { continue }
    let small = shrink(pair)
    failures.append(
      """
      case \(index), seed 0x\(String(seed, radix: 16)) (LISTFLOW_FUZZ_SEED=0x\(String(fuzzBaseSeed, radix: 16))):
        original: \(show(pair))
        minimal: \(show(small))
        \(problems(small).joined(separator: "\n    "))
      """)
    if failures.count >= limit { break }
  }
  return failures
}
