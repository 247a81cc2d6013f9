import ListFlowDiff

/// The two floors every diff scenario prints: what no O(n) diff can beat by much.
enum FloorContenders {
  /// `floor-hash`: a `Dictionary` built from the identifiers of both arrays, one insertion per element, its
  /// capacity reserved up front.
  static func hash(
    _ source: [Item], _ target: [Item], scenario: String, context: BenchmarkContext
  )
    -> BenchmarkResult
  {
    context.measure(scenario: scenario, contender: "floor-hash") {
      var table = [Int: Int](minimumCapacity: source.count + target.count)
      for (offset, item) in source.enumerated() { table[item.id] = offset }
      for (offset, item) in target.enumerated() { table[item.id] = offset }
      return table
    }
  }

  /// `floor-hash` of a sectioned scenario: one insertion per element of every section of both sides.
  static func hash(
    _ source: [SectionedInputs.Section], _ target: [SectionedInputs.Section], scenario: String,
    context: BenchmarkContext
  ) -> BenchmarkResult {
    let count = (source + target).reduce(0) { $0 + $1.elements.count }
    return context.measure(scenario: scenario, contender: "floor-hash") {
      var table = [Int: Int](minimumCapacity: count)
      for sections in [source, target] {
        for (index, section) in sections.enumerated() {
          for item in section.elements { table[item.id] = index }
        }
      }
      return table
    }
  }

  /// `floor-copy`: copying both arrays into fresh storage.
  static func copy(
    _ source: [Item], _ target: [Item], scenario: String, context: BenchmarkContext
  )
    -> BenchmarkResult
  {
    context.measure(scenario: scenario, contender: "floor-copy") {
      (freshCopy(source), freshCopy(target))
    }
  }

  /// `floor-copy` of a sectioned scenario: every section's elements are copied, not only the outer arrays.
  static func copy(
    _ source: [SectionedInputs.Section], _ target: [SectionedInputs.Section], scenario: String,
    context: BenchmarkContext
  ) -> BenchmarkResult {
    context.measure(scenario: scenario, contender: "floor-copy") {
      (deepCopy(source), deepCopy(target))
    }
  }

  /// A copy in new storage (`Array(array)` would share the buffer and copy nothing).
  static func freshCopy<Element>(_ array: [Element]) -> [Element] {
    var copy: [Element] = []
    copy.reserveCapacity(array.count)
    copy.append(contentsOf: array)
    return copy
  }

  private static func deepCopy(_ sections: [SectionedInputs.Section]) -> [SectionedInputs.Section] {
    var copy: [SectionedInputs.Section] = []
    copy.reserveCapacity(sections.count)
    for section in sections {
      copy.append(SectionedInputs.Section(source: section, elements: freshCopy(section.elements)))
    }
    return copy
  }
}
