/// The passes of the sparse plan (``_SectionedPlan/init(sparseSource:target:sourceHashes:targetHashes:alignment:)``)
/// that read or fill the plan: the sections' layout, the plan's section arrays, the element changes.
extension _SectionedPlan {
  /// Pass 1 of the sparse plan: where each section's elements start, when the target keeps every section of the
  /// source, in order (the same model identities) and the hashes cover every element.
  ///
  /// - Parameters:
  ///   - oldSections: The source sections.
  ///   - newSections: The target sections.
  ///   - sourceTotal: The number of source hashes: it must be the number of source elements.
  ///   - targetTotal: The same for the target.
  /// - Returns: The flat position of each section's first element on each side, or `nil` when the sections are
  ///   not the same or the hashes do not cover the elements.
  /// - Complexity: O(*s*) identity comparisons for *s* sections.
  @inlinable
  static func sparseSectionStarts<Section: DifferentiableSection>(
    source oldSections: [Section],
    target newSections: [Section],
    sourceTotal: Int,
    targetTotal: Int
  ) -> (source: [Int], target: [Int])? {
    let sectionCount = oldSections.count
    guard newSections.count == sectionCount else { return nil }
    var oldStart: [Int] = []
    var newStart: [Int] = []
    oldStart.reserveCapacity(sectionCount)
    newStart.reserveCapacity(sectionCount)
    var oldTotal = 0
    var newTotal = 0
    for section in 0..<sectionCount {
      guard newSections[section].model.hasSameIdentity(as: oldSections[section].model) else { return nil }
      oldStart.append(oldTotal)
      newStart.append(newTotal)
      oldTotal += oldSections[section].elements.count
      newTotal += newSections[section].elements.count
    }
    guard sourceTotal == oldTotal, targetTotal == newTotal else { return nil }
    return (oldStart, newStart)
  }

  /// Pass 4 of the sparse plan: a plan with the section arrays the full plan fills for sections that all stay in
  /// place (each matched with itself, none updated yet), and no element matched yet.
  ///
  /// - Parameters:
  ///   - sourceStart: The flat position of each source section's first element.
  ///   - targetStart: The same for the target.
  ///   - sourceCounts: The number of elements of each source section.
  ///   - targetCounts: The same for the target.
  /// - Complexity: O(*s* + *n* + *m*) stores.
  @inlinable
  init(sparseSourceStart sourceStart: [Int], targetStart: [Int], sourceCounts: [Int], targetCounts: [Int]) {
    let sectionCount = sourceStart.count
    var sectionIdentity = _Matching(sourceCount: 0, targetCount: 0)
    sectionIdentity.sourceToTarget = Array(0..<sectionCount)
    sectionIdentity.targetToSource = sectionIdentity.sourceToTarget
    sections = sectionIdentity
    elements = _Matching(sourceCount: 0, targetCount: 0)
    self.sourceStart = sourceStart
    self.targetStart = targetStart
    self.sourceCounts = sourceCounts
    self.targetCounts = targetCounts
    sourceSectionOf = _sparseSectionOf(starts: sourceStart, counts: sourceCounts)
    targetSectionOf = _sparseSectionOf(starts: targetStart, counts: targetCounts)
    sectionRank = sectionIdentity.sourceToTarget
    modelUpdated = [Bool](repeating: false, count: sectionCount)
  }

  /// Pass 6 of the sparse plan (pass 5 of the full plan): the section and element updates and the element deletes,
  /// in source order, and each kept element's entry of `sourceToTarget` made its position once the deletes are
  /// applied. A section's source positions are its aligned runs (compared pairwise, in a tight loop) and the
  /// positions left out (deleted, or paired into a move).
  ///
  /// - Parameters:
  ///   - oldSections: The source sections.
  ///   - newSections: The target sections.
  ///   - runs: The aligned runs, in order (pass 5).
  ///   - sourceToTarget: The target position of each source element, or -1 (pass 5); on return, the kept
  ///     position of each kept element.
  /// - Returns: `false` when two aligned elements only had equal hashes, not the same identity: the full plan
  ///   decides then.
  /// - Complexity: O(*n*) identity and content comparisons.
  @inlinable
  mutating func listSparseUpdatesAndDeletes<Section: DifferentiableSection>(
    source oldSections: [Section],
    target newSections: [Section],
    runs: [(target: Int, source: Int, count: Int)],
    sourceToTarget: inout [Int]
  ) -> Bool {
    // The loop works on local arrays, given back on return: stores through `sourceToTarget` cannot then alias
    // the plan, and the compiler keeps the element loop tight.
    var elementUpdated = self.elementUpdated
    var updatedTargets = self.updatedTargets
    var elementDeleted = self.elementDeleted
    self.elementUpdated = []
    self.updatedTargets = []
    self.elementDeleted = []
    defer {
      self.elementUpdated = elementUpdated
      self.updatedTargets = updatedTargets
      self.elementDeleted = elementDeleted
    }
    let sourceStart = self.sourceStart
    let sourceCounts = self.sourceCounts
    let targetStart = self.targetStart
    let targetSectionOf = self.targetSectionOf
    var differs = false
    var nextRun = 0
    for section in oldSections.indices {
      if !newSections[section].model.isContentEqual(to: oldSections[section].model) {
        sectionUpdated.append(section)
        modelUpdated[section] = true
      }
      let start = sourceStart[section]
      let end = start + sourceCounts[section]
      let targetBase = targetStart[section]
      let old = oldSections[section].elements
      let new = newSections[section].elements
      var keptCount = 0
      sourceToTarget.withUnsafeMutableBufferPointer { sourceToTarget in
        var flat = start
        while flat < end {
          if nextRun < runs.count, runs[nextRun].source == flat {
            let run = runs[nextRun]
            nextRun += 1
            let item = flat - start
            let targetItem = run.target - targetBase
            for offset in 0..<run.count {
              let element = new[targetItem + offset]
              let previous = old[item + offset]
              if !element.hasSameIdentity(as: previous) { differs = true }
              if !element.isContentEqual(to: previous) {
                elementUpdated.append(ItemPath(item: item + offset, section: section))
                updatedTargets.append(run.target + offset)
              }
              sourceToTarget[flat + offset] = keptCount + offset
            }
            keptCount += run.count
            flat += run.count
            continue
          }
          // A position left out: deleted, or paired with a target element (here or in another section).
          let targetFlat = sourceToTarget[flat]
          if targetFlat < 0 {
            elementDeleted.append(ItemPath(item: flat - start, section: section))
          } else {
            let targetSection = targetSectionOf[targetFlat]
            let element = newSections[targetSection].elements[targetFlat - targetStart[targetSection]]
            if !element.isContentEqual(to: old[flat - start]) {
              elementUpdated.append(ItemPath(item: flat - start, section: section))
              updatedTargets.append(targetFlat)
            }
            sourceToTarget[flat] = keptCount
            keptCount += 1
          }
          flat += 1
        }
      }
      // Two identities with equal hashes were aligned: the full plan decides.
      if differs { return false }
    }
    return true
  }

  /// Pass 7 of the sparse plan (pass 6 of the full plan): the element inserts and moves, by target.
  ///
  /// Only elements left out by the alignment are inserted or come from another section. In a section that also
  /// has elements paired within it, the moves are those the full plan's longest increasing run leaves, found run
  /// by run (``_stayingCounts(_:)``); in the others every element from the same section is aligned, so stays.
  /// It reads the kept positions that pass 6 left in ``elements``.
  ///
  /// - Parameters:
  ///   - inserted: The target positions the alignment left out, ascending.
  ///   - insertedSections: The section of each of them.
  ///   - pairedSource: The source position paired with each of them, or -1 (pass 3).
  ///   - runs: The aligned runs, in order (pass 5).
  /// - Complexity: O(*s* + *d*) for *s* sections and *d* positions left out, plus O(*p*²) in a section with *p*
  ///   pieces (aligned runs and left-out elements) that has elements paired within it.
  @usableFromInline
  mutating func listSparseInsertsAndMoves(
    inserted: [Int],
    insertedSections: [Int],
    pairedSource: [Int],
    runs: [(target: Int, source: Int, count: Int)]
  ) {
    let sectionCount = targetStart.count
    let sourceToTarget = elements.sourceToTarget
    var pairedWithin = [Bool](repeating: false, count: sectionCount)
    for (index, source) in pairedSource.enumerated() where source >= 0 {
      if sourceSectionOf[source] == insertedSections[index] { pairedWithin[insertedSections[index]] = true }
    }
    var nextLeftOut = 0
    var nextRun = 0
    // A left-out target element as a piece: in the section's sequence when paired within the section.
    func leftOutPiece(_ index: Int, _ section: Int) -> _SparsePiece {
      let source = pairedSource[index]
      let within = source >= 0 && sourceSectionOf[source] == section
      return _SparsePiece(
        target: inserted[index], value: within ? sourceToTarget[source] : -1, count: 1, source: source)
    }
    for section in 0..<sectionCount {
      let start = targetStart[section]
      let end = start + targetCounts[section]
      guard pairedWithin[section] else {
        while nextRun < runs.count, runs[nextRun].target < end { nextRun += 1 }
        while nextLeftOut < inserted.count, inserted[nextLeftOut] < end {
          let flat = inserted[nextLeftOut]
          let targetPath = ItemPath(item: flat - start, section: section)
          let source = pairedSource[nextLeftOut]
          if source < 0 {
            elementInserted.append(targetPath)
          } else {
            elementMoved.append(
              Move(source: ItemPath(item: sourceToTarget[source], section: sourceSectionOf[source]), target: targetPath)
            )
          }
          nextLeftOut += 1
        }
        continue
      }
      // The section's pieces in target order: its aligned runs and its left-out elements. The full plan's
      // longest increasing run goes over the source positions (once the deletes are applied) of the elements
      // from this section: the aligned runs and the left-out elements paired within it.
      var pieces: [_SparsePiece] = []
      while nextRun < runs.count, runs[nextRun].target < end {
        let run = runs[nextRun]
        while nextLeftOut < inserted.count, inserted[nextLeftOut] < run.target {
          pieces.append(leftOutPiece(nextLeftOut, section))
          nextLeftOut += 1
        }
        pieces.append(
          _SparsePiece(target: run.target, value: sourceToTarget[run.source], count: run.count, source: run.source))
        nextRun += 1
      }
      while nextLeftOut < inserted.count, inserted[nextLeftOut] < end {
        pieces.append(leftOutPiece(nextLeftOut, section))
        nextLeftOut += 1
      }
      let staying = _stayingCounts(pieces)
      for (index, piece) in pieces.enumerated() {
        if piece.value < 0 {
          let targetPath = ItemPath(item: piece.target - start, section: section)
          if piece.source < 0 {
            elementInserted.append(targetPath)
          } else {
            elementMoved.append(
              Move(
                source: ItemPath(item: sourceToTarget[piece.source], section: sourceSectionOf[piece.source]),
                target: targetPath))
          }
          continue
        }
        for offset in staying[index]..<piece.count {
          let source = piece.source + offset
          elementMoved.append(
            Move(
              source: ItemPath(item: sourceToTarget[source], section: sourceSectionOf[source]),
              target: ItemPath(item: piece.target + offset - start, section: section)))
        }
      }
    }
  }
}

/// The section of each flat position, for sections that start at `starts` and hold `counts` elements, written
/// once (no fill first: a fill of the whole array costs as much again).
///
/// - Parameters:
///   - starts: The flat position of each section's first element, ascending.
///   - counts: The number of elements of each section.
/// - Returns: For each flat position, its section.
/// - Complexity: O(*s* + *n*) stores.
@usableFromInline
internal func _sparseSectionOf(starts: [Int], counts: [Int]) -> [Int] {
  let total = counts.reduce(0, +)
  return [Int](unsafeUninitializedCapacity: total) { of, initialized in
    for section in starts.indices {
      let start = starts[section]
      (of.baseAddress! + start).initialize(repeating: section, count: counts[section])
    }
    initialized = total
  }
}
