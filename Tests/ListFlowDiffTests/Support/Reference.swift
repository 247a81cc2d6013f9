import ListFlowDiff

/// Simple, obviously correct reference algorithms the diff is checked against.
enum Reference {
  /// The length of a longest strictly increasing subsequence, by the O(n²) textbook recurrence.
  static func longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
    var lengths = [Int](repeating: 1, count: values.count)  // longest run ending at each index
    for i in values.indices {
      for j in 0..<i where values[j] < values[i] { lengths[i] = max(lengths[i], lengths[j] + 1) }
    }
    return lengths.max() ?? 0
  }

  /// For each target position, the source position of the same identifier, or -1: the k-th occurrence of an
  /// identifier in the target takes its k-th occurrence in the source (``DuplicatePolicy/matchInOrder``).
  static func matchInOrder<Identifier: Hashable>(source: [Identifier], target: [Identifier]) -> [Int] {
    var occurrences: [Identifier: [Int]] = [:]
    for (position, identifier) in source.enumerated() { occurrences[identifier, default: []].append(position) }
    var taken: [Identifier: Int] = [:]
    return target.map { identifier in
      let list = occurrences[identifier] ?? []
      let k = taken[identifier, default: 0]
      guard k < list.count else { return -1 }
      taken[identifier] = k + 1
      return list[k]
    }
  }

  /// Whether an identifier stands twice.
  static func hasDuplicates<Identifier: Hashable>(_ identifiers: [Identifier]) -> Bool {
    Set(identifiers).count != identifiers.count
  }

  /// The changes a minimal diff of two flat collections reports.
  ///
  /// Matching is ``matchInOrder(source:target:)``; unmatched source elements are deletes, unmatched target
  /// elements inserts, matched ones with other content updates, and the moves are the matched elements minus a
  /// longest increasing subsequence of their source positions in target order.
  static func expectedCounts<Element: Differentiable>(source: [Element], target: [Element]) -> ChangeCounts {
    let match = matchInOrder(
      source: source.map(\.differenceIdentifier), target: target.map(\.differenceIdentifier))
    let matchedSources = match.filter { $0 >= 0 }
    var counts = ChangeCounts()
    counts.elementDeleted = source.count - matchedSources.count
    counts.elementInserted = target.count - matchedSources.count
    counts.elementUpdated = zip(target, match).filter { $1 >= 0 && !$0.isContentEqual(to: source[$1]) }.count
    counts.elementMoved = matchedSources.count - longestIncreasingSubsequenceLength(matchedSources)
    return counts
  }

  /// The changes a minimal diff of two sectioned collections reports.
  ///
  /// Sections are matched in order of occurrence by identity; unmatched ones are section deletes and inserts,
  /// matched ones with another model content section updates, section moves are matched minus LIS. Elements are
  /// matched in order of occurrence among the elements of matched sections only (a deleted section takes its
  /// elements with it, an inserted one brings its own). Element moves: per target section, the elements that
  /// come from its own source section minus their LIS, plus every element that comes from another section.
  static func expectedSectionedCounts<Section: DifferentiableSection>(
    source: [Section], target: [Section]
  )
    -> ChangeCounts
  {
    let sectionMatch = matchInOrder(
      source: source.map(\.differenceIdentifier), target: target.map(\.differenceIdentifier))
    let matchedSections = sectionMatch.filter { $0 >= 0 }
    var counts = ChangeCounts()
    counts.sectionDeleted = source.count - matchedSections.count
    counts.sectionInserted = target.count - matchedSections.count
    counts.sectionUpdated = zip(target, sectionMatch).filter { $1 >= 0 && !$0.isContentEqual(to: source[$1]) }.count
    counts.sectionMoved = matchedSections.count - longestIncreasingSubsequenceLength(matchedSections)

    let kept = Set(matchedSections)
    let sourcePaths = source.indices.filter(kept.contains).flatMap { s in
      source[s].elements.indices.map { ItemPath(item: $0, section: s) }
    }
    let targetPaths = target.indices.filter { sectionMatch[$0] >= 0 }.flatMap { t in
      target[t].elements.indices.map { ItemPath(item: $0, section: t) }
    }
    func element(_ sections: [Section], _ path: ItemPath) -> Section.Elements.Element {
      sections[path.section].elements[path.item]
    }
    let match = matchInOrder(
      source: sourcePaths.map { element(source, $0).differenceIdentifier },
      target: targetPaths.map { element(target, $0).differenceIdentifier })
    let matchedCount = match.filter { $0 >= 0 }.count
    counts.elementDeleted = sourcePaths.count - matchedCount
    counts.elementInserted = targetPaths.count - matchedCount
    var sameSection: [Int: [Int]] = [:]  // target section -> source items of its own section, in target order
    for (targetPath, sourceIndex) in zip(targetPaths, match) where sourceIndex >= 0 {
      let sourcePath = sourcePaths[sourceIndex]
      if !element(target, targetPath).isContentEqual(to: element(source, sourcePath)) { counts.elementUpdated += 1 }
      if sourcePath.section == sectionMatch[targetPath.section] {
        sameSection[targetPath.section, default: []].append(sourcePath.item)
      } else {
        counts.elementMoved += 1
      }
    }
    for items in sameSection.values { counts.elementMoved += items.count - longestIncreasingSubsequenceLength(items) }
    return counts
  }
}
