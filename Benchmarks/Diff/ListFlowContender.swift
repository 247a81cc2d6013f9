import ListFlowDiff

/// The `listflow` contender: `StagedChangeset(source:target:)`, flat or of sections.
///
/// Besides its timings it reports, as extra keys, the changes by kind (`deletes`, `inserts`, `moves`,
/// `updates`, and `section_changes` for sections) and, from one more untimed run on elements whose identifier
/// counts its calls, the number of `hash(into:)` and `==` calls the diff made on identifiers (`hash_calls`,
/// `eq_calls`): repeatable counters, unlike times.
enum ListFlowContender {
  /// Measures the flat diff.
  static func measure(
    _ source: [Item], _ target: [Item], scenario: String, context: BenchmarkContext
  )
    -> BenchmarkResult
  {
    var result = context.measure(scenario: scenario, contender: "listflow", changes: { $0.changeCount }) {
      StagedChangeset(source: source, target: target)
    }
    result.extra = breakdown(StagedChangeset(source: source, target: target))
    let counted = CountedItem.counting {
      StagedChangeset(source: source.map(CountedItem.init), target: target.map(CountedItem.init)).changeCount
    }
    result.extra["hash_calls"] = .int(counted.hashes)
    result.extra["eq_calls"] = .int(counted.equalities)
    return result
  }

  /// Measures the sectioned diff.
  static func measure(
    _ source: [SectionedInputs.Section], _ target: [SectionedInputs.Section], scenario: String,
    context: BenchmarkContext
  ) -> BenchmarkResult {
    var result = context.measure(scenario: scenario, contender: "listflow", changes: { $0.changeCount }) {
      StagedChangeset(source: source, target: target)
    }
    result.extra = breakdown(StagedChangeset(source: source, target: target))
    func counting(_ sections: [SectionedInputs.Section]) -> [ArraySection<Int, CountedItem>] {
      sections.map { ArraySection(model: $0.model, elements: $0.elements.map(CountedItem.init)) }
    }
    let counted = CountedItem.counting {
      StagedChangeset(source: counting(source), target: counting(target)).changeCount
    }
    result.extra["hash_calls"] = .int(counted.hashes)
    result.extra["eq_calls"] = .int(counted.equalities)
    return result
  }

  /// The element changes by kind over all stages, and the section changes when there are any.
  private static func breakdown<Data>(_ changes: StagedChangeset<Data>) -> [String: BenchmarkValue] {
    var extra: [String: BenchmarkValue] = [
      "deletes": .int(changes.reduce(0) { $0 + $1.elementDeleted.count }),
      "inserts": .int(changes.reduce(0) { $0 + $1.elementInserted.count }),
      "moves": .int(changes.reduce(0) { $0 + $1.elementMoved.count }),
      "updates": .int(changes.reduce(0) { $0 + $1.elementUpdated.count }),
    ]
    let sections = changes.reduce(0) { $0 + $1.sectionChangeCount }
    if sections > 0 { extra["section_changes"] = .int(sections) }
    return extra
  }
}
