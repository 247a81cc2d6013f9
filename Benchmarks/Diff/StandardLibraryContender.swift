/// The `stdlib` contender: `target.difference(from: source).inferringMoves()` (Myers' diff), on whole elements.
///
/// It compares elements with `==`, so an updated element is a removal plus an insertion, and it reports what it
/// finds honestly: ``changes`` counts unpaired removals and insertions, and each move (a removal and an
/// insertion associated by `inferringMoves()`) once.
enum StandardLibraryContender {
  /// Measures the standard library's diff with the context's runs when source and target hold at most
  /// `stdlibLimit` elements together. Myers' diff costs O((n + m)·d) time, seconds per run at 100,000 elements
  /// here, so up to `stdlibSingleRunLimit` elements it runs once (no warm-up; the note says `1 run`), and above
  /// that the row reads `> cap`.
  ///
  /// - Parameters:
  ///   - source: The source.
  ///   - target: The target.
  ///   - scenario: The scenario's name.
  ///   - context: The measuring context.
  ///   - flattened: Whether the arrays are sections flattened into one (said in the note).
  /// - Returns: The figures, or a skipped row.
  static func measure(
    _ source: [Item], _ target: [Item], scenario: String, context: BenchmarkContext, flattened: Bool = false
  ) -> BenchmarkResult {
    let total = source.count + target.count
    let what = flattened ? "sections flattened: " : ""
    guard total <= context.stdlibSingleRunLimit else {
      return .skipped(
        scenario: scenario, contender: "stdlib",
        reason: "> cap: not run, \(what)\(total) elements > --stdlib-single-run-limit \(context.stdlibSingleRunLimit)")
    }
    guard total <= context.stdlibLimit else {
      let clock = ContinuousClock()
      let start = clock.now
      let difference = target.difference(from: source).inferringMoves()
      let elapsed = BenchmarkContext.milliseconds(start.duration(to: clock.now))
      let breakdown = counts(difference)
      return BenchmarkResult(
        scenario: scenario, contender: "stdlib", timesMS: [elapsed], changes: breakdown.total,
        note: "1 run: \(what)\(total) elements > --stdlib-limit \(context.stdlibLimit)",
        extra: [
          "deletes": .int(breakdown.deletes), "inserts": .int(breakdown.inserts), "moves": .int(breakdown.moves),
        ])
    }
    var result = context.measure(scenario: scenario, contender: "stdlib", changes: { counts($0).total }) {
      target.difference(from: source).inferringMoves()
    }
    let breakdown = counts(target.difference(from: source).inferringMoves())
    result.extra = [
      "deletes": .int(breakdown.deletes), "inserts": .int(breakdown.inserts), "moves": .int(breakdown.moves),
    ]
    if flattened { result.note = "sections flattened" }
    return result
  }

  /// Unpaired removals (deletes), unpaired insertions (inserts) and associated pairs (moves).
  static func counts(_ difference: CollectionDifference<Item>) -> (deletes: Int, inserts: Int, moves: Int, total: Int) {
    var deletes = 0
    var inserts = 0
    var moves = 0
    for change in difference {
      switch change {
      case .remove(_, _, let associated): if associated == nil { deletes += 1 }
      case .insert(_, _, let associated): if associated == nil { inserts += 1 } else { moves += 1 }
      }
    }
    return (deletes, inserts, moves, deletes + inserts + moves)
  }
}
