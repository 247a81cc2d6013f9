import ListFlowDiff

/// Makes a failing case smaller while it keeps failing: greedy removal of one element (or section) at a time and
/// resetting contents, so that a report shows a minimal input.
enum Shrinking {
  static func shrink(
    _ pair: (source: [Token], target: [Token]), failing: ((source: [Token], target: [Token])) -> Bool
  ) -> (source: [Token], target: [Token]) {
    greedy(pair, smaller: smaller, failing: failing)
  }

  static func shrink(
    _ pair: (source: [TokenSection], target: [TokenSection]),
    failing: ((source: [TokenSection], target: [TokenSection])) -> Bool
  ) -> (source: [TokenSection], target: [TokenSection]) {
    greedy(pair, smaller: smaller, failing: failing)
  }

  /// Takes the first smaller candidate that still fails, again and again, until none does.
  private static func greedy<Case>(_ start: Case, smaller: (Case) -> [Case], failing: (Case) -> Bool) -> Case {
    var current = start
    while let next = smaller(current).first(where: failing) { current = next }
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

/// Checks the flat diff of `count` random pairs for `aspects`, and describes the first failures, shrunk.
func fuzzFailures(
  count: Int, make: (inout CaseGenerator) -> (source: [Token], target: [Token]),
  checking aspects: DiffProperties.Aspects
) -> [String] {
  fuzzFailures(
    count: count, make: make,
    problems: { DiffProperties.problems(source: $0.source, target: $0.target, checking: aspects) },
    shrink: Shrinking.shrink, show: { "source \($0.source), target \($0.target)" })
}

/// Checks the sectioned diff of `count` random pairs for `aspects`, and describes the first failures, shrunk.
func fuzzFailures(
  count: Int, make: (inout CaseGenerator) -> (source: [TokenSection], target: [TokenSection]),
  checking aspects: DiffProperties.Aspects
) -> [String] {
  fuzzFailures(
    count: count, make: make,
    problems: { DiffProperties.problems(source: $0.source, target: $0.target, checking: aspects) },
    shrink: Shrinking.shrink, show: { "source \($0.source), target \($0.target)" })
}

/// Runs the property checks on `count` random cases and describes the first failures, shrunk, with their seeds.
func fuzzFailures<Pair>(
  count: Int, limit: Int = 3, make: (inout CaseGenerator) -> Pair, problems: (Pair) -> [String],
  shrink: (Pair, (Pair) -> Bool) -> Pair, show: (Pair) -> String
) -> [String] {
  var failures: [String] = []
  for index in 0..<count {
    let seed = caseSeed(index)
    var generator = CaseGenerator(seed: seed)
    let pair = make(&generator)
    guard !problems(pair).isEmpty else { continue }
    let small = withoutActuallyEscaping(problems) { problems in shrink(pair) { !problems($0).isEmpty } }
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
