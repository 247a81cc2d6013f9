#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension _SectionedPlan {
  /// The plan of a change that keeps every section where it was and touches few elements, found without hashing
  /// every element: `nil` when the change is not of that kind, and the caller makes the full plan
  /// (``init(source:target:policy:sourceHashes:targetHashes:)``) instead.
  ///
  /// Each section is aligned with its target by Myers' greedy algorithm on identities (equal hashes, then
  /// ``Differentiable/hasSameIdentity(as:)``), which walks the long runs of unchanged elements by comparing
  /// neighbours and costs O(*n* + *d*²) for *d* differences. The elements the alignment leaves out are then
  /// paired by identity, across sections, into moves, in order (the k-th left-out source element of an identity
  /// with the k-th left-out target element). The result is the full plan's, with the policy
  /// ``DuplicatePolicy/matchInOrder``:
  ///
  /// - the same matching of elements: the path gives up when an identity left out on one side also stands among
  ///   the aligned elements, so every identity is either aligned in order on both sides or paired in order;
  /// - the same moves: a section with elements paired within it chooses them as the full plan does, by the same
  ///   longest increasing run of its matching, found over its aligned runs rather than its elements; in another
  ///   section every element that stays in it is aligned, so none of them moves;
  /// - hence the same stages, with the same changes and data.
  ///
  /// The passes, each documented where it is declared below. Each is always inlined here, but for pass 6's loop
  /// over one section, which is never inlined; the arrays are written once, never filled first (see
  /// CONTRIBUTING.md, Module boundaries, for the instructions each choice costs or saves):
  ///
  /// 1. ``_sparseSectionStarts(source:target:sourceTotal:targetTotal:sourceStart:targetStart:)``: the sections
  ///    keep their identities and places; where each one's elements start.
  /// 2. ``_alignSparseSections(sourceHashes:targetHashes:sourceStart:targetStart:deleted:inserted:)``: each
  ///    section aligned by hashes, unless the caller gives its own alignment; the positions left out.
  /// 3. ``_pairLeftOut(source:target:sourceStart:targetStart:sourceHashes:targetHashes:deleted:inserted:pairedSource:insertedSections:)``:
  ///    the left-out elements paired by identity; it gives up when an identity left out also stands aligned.
  /// 4. ``init(sparseSourceStart:targetStart:sourceCounts:targetCounts:)``: the plan's section arrays.
  /// 5. ``_matchSparse(sourceStart:targetStart:sourceTotal:targetTotal:deleted:inserted:pairedSource:sourceToTarget:runs:)``:
  ///    the element matching, with the aligned runs.
  /// 6. ``listSparseUpdatesAndDeletes(source:target:sourceStart:targetStart:runs:sourceToTarget:)``: updates and
  ///    deletes (the full plan's pass 5); it gives up when two aligned identities only had equal hashes.
  /// 7. ``listSparseInsertsAndMoves(inserted:insertedSections:pairedSource:runs:sourceToTarget:)``: inserts and
  ///    moves (the full plan's pass 6).
  ///
  /// - Parameters:
  ///   - oldSections: The source sections.
  ///   - newSections: The target sections, with the sources' identities in the same order.
  ///   - sourceHashes: The ``Differentiable/differenceHash`` of every source element, in order.
  ///   - targetHashes: The same for the target.
  ///   - alignment: The flat positions an alignment of each section by identity left out, ascending, when the
  ///     caller has made it (ListFlow does, to copy the hashes of the aligned rows); `nil` to align by hashes here.
  ///     Positions that are not ascending, not in range, or not an alignment of each section (a section whose
  ///     sides keep different numbers of elements) give `nil`; aligned elements are compared as those of the
  ///     plan's own alignment are. With them, `differing`: the source positions of the elements it kept whose
  ///     bits differ from the target element kept with them (ascending, each once; more will do), or `nil`. Only
  ///     those are compared: an element kept with the same bits is the same element (`_sameBits`), and one left
  ///     out of `differing` is trusted to be unchanged, not checked.
  /// - Complexity: O(*n* + *m* + *d*²) comparisons for *d* elements inserted, deleted or moved, with *d* at most
  ///   a bound that grows as the square root of the size (above it the path gives up after that much work).
  @inlinable
  package init?<Section: DifferentiableSection>(
    sparseSource oldSections: [Section],
    target newSections: [Section],
    sourceHashes: [Int],
    targetHashes: [Int],
    alignment: (deleted: [Int], inserted: [Int], differing: [Int]?)? = nil
  ) {
    // Pass 1: the sections stay in place; where each one's elements start.
    var oldStart: [Int] = []
    var newStart: [Int] = []
    guard
      _sparseSectionStarts(
        source: oldSections, target: newSections, sourceTotal: sourceHashes.count, targetTotal: targetHashes.count,
        sourceStart: &oldStart, targetStart: &newStart)
    else { return nil }

    // Pass 2: the flat positions an alignment of each section leaves out, ascending. Aligned pairs of equal
    // hashes have their identities compared in pass 6, which gives up on a pair that differs. A caller's
    // positions must be ascending and in range (pass 3 checks it, before it reads them), and they must be an
    // alignment of each section (pass 5 checks it): else the full plan decides.
    var deleted: [Int] = alignment?.deleted ?? []
    var inserted: [Int] = alignment?.inserted ?? []
    guard
      alignment != nil
        || _alignSparseSections(
          sourceHashes: sourceHashes, targetHashes: targetHashes, sourceStart: oldStart, targetStart: newStart,
          deleted: &deleted, inserted: &inserted)
    else { return nil }

    // Pass 3: the left-out elements paired by identity, in order.
    var pairedSource: [Int] = []
    var insertedSections: [Int] = []
    guard
      _pairLeftOut(
        source: oldSections, target: newSections, sourceStart: oldStart, targetStart: newStart,
        sourceHashes: sourceHashes, targetHashes: targetHashes, deleted: deleted, inserted: inserted,
        pairedSource: &pairedSource, insertedSections: &insertedSections)
    else { return nil }

    // Pass 4: the plan's section arrays, as the full plan fills them.
    self.init(
      sparseSourceStart: oldStart, targetStart: newStart, sourceCounts: oldSections.map(\.elements.count),
      targetCounts: newSections.map(\.elements.count))

    // Pass 5: the aligned elements matched in order, section by section, as runs; then the pairs.
    var sourceToTarget: [Int] = []
    var runs: [(target: Int, source: Int, count: Int)] = []
    guard
      _matchSparse(
        sourceStart: oldStart, targetStart: newStart, sourceTotal: sourceHashes.count,
        targetTotal: targetHashes.count, deleted: deleted, inserted: inserted, pairedSource: pairedSource,
        sourceToTarget: &sourceToTarget, runs: &runs)
    else { return nil }

    // Pass 6: updates and deletes, in source order; each kept element's entry becomes its position once the
    // deletes are applied.
    guard
      listSparseUpdatesAndDeletes(
        source: oldSections, target: newSections, sourceStart: oldStart, targetStart: newStart, runs: runs,
        differing: alignment?.differing, sourceToTarget: &sourceToTarget)
    else { return nil }
    // The sparse passes read the matching by source position and by aligned runs: no target-to-source array.
    var matching = _Matching(sourceCount: 0, targetCount: 0)
    matching.sourceToTarget = sourceToTarget
    elements = matching
    needsSurvivors = !elementDeleted.isEmpty

    // Pass 7: inserts and moves, by target.
    listSparseInsertsAndMoves(
      inserted: inserted, insertedSections: insertedSections, pairedSource: pairedSource, runs: runs,
      sourceToTarget: sourceToTarget)
    assert(
      sourceHashes.count - elementDeleted.count + elementInserted.count == targetHashes.count,
      "element counts of the sections must add up")
  }

  /// Pass 4 of the sparse plan: a plan with the section arrays the full plan fills for sections that all stay in
  /// place (each matched with itself, none updated yet), and no element matched yet.
  ///
  /// - Parameters:
  ///   - sourceStart: The flat position of each source section's first element.
  ///   - targetStart: The same for the target.
  ///   - sourceCounts: The number of elements of each source section.
  ///   - targetCounts: The same for the target.
  /// - Complexity: O(*s* + *n* + *m*) stores, each position written once.
  @usableFromInline @inline(__always)
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
    sectionRank = sectionIdentity.sourceToTarget
    modelUpdated = [Bool](repeating: false, count: sectionCount)
  }

  /// Pass 6 of the sparse plan (pass 5 of the full plan): the section and element updates and the element
  /// deletes, in source order, and each kept element's entry of `sourceToTarget` made its position once the
  /// deletes are applied. A section's source positions are its aligned runs (compared pairwise, in a tight loop)
  /// and the positions left out (deleted, or paired into a move).
  ///
  /// - Parameters:
  ///   - oldSections: The source sections.
  ///   - newSections: The target sections.
  ///   - sourceStart: The flat position of each source section's first element.
  ///   - targetStart: The same for the target.
  ///   - runs: The aligned runs, in order (pass 5).
  ///   - differing: The source positions of the aligned elements whose bits may differ from their target's,
  ///     ascending, when the caller's alignment noted them: the others are not compared. `nil`: all are.
  ///   - sourceToTarget: The target position of each source element, or -1 (pass 5); on return, the kept
  ///     position of each kept element.
  /// - Returns: `false` when two aligned elements only had equal hashes, not the same identity: the full plan
  ///   decides then.
  /// - Complexity: O(*n*) identity and content comparisons.
  @inlinable @inline(__always)
  mutating func listSparseUpdatesAndDeletes<Section: DifferentiableSection>(
    source oldSections: [Section],
    target newSections: [Section],
    sourceStart oldStart: [Int],
    targetStart newStart: [Int],
    runs: [(target: Int, source: Int, count: Int)],
    differing: [Int]? = nil,
    sourceToTarget: inout [Int]
  ) -> Bool {
    var nextRun = 0
    var nextDiffering = 0
    for section in 0..<oldStart.count {
      if !newSections[section].model.isContentEqual(to: oldSections[section].model) {
        sectionUpdated.append(section)
        modelUpdated[section] = true
      }
      let differs = sourceToTarget.withUnsafeMutableBufferPointer { sourceToTarget in
        listSparseUpdatesAndDeletes(
          section: section, old: oldSections[section].elements, target: newSections, sourceStart: oldStart,
          targetStart: newStart, runs: runs, nextRun: &nextRun, differing: differing, nextDiffering: &nextDiffering,
          sourceToTarget: sourceToTarget)
      }
      // Two identities with equal hashes were aligned: the full plan decides.
      if differs { return false }
    }
    return true
  }

  /// Pass 6 for one source section: its updates and deletes, and its kept elements' positions once the deletes
  /// are applied. A function of its own, never inlined: its tight loop over the aligned runs then keeps its
  /// values in registers (inlined into the plan's `init` it took 7 more instructions per element).
  ///
  /// - Parameters:
  ///   - section: The source section (the target section of the same index keeps it).
  ///   - old: The elements of the source section.
  ///   - newSections: The target sections.
  ///   - sourceStart: The flat position of each source section's first element.
  ///   - targetStart: The same for the target.
  ///   - runs: The aligned runs, in order (pass 5).
  ///   - nextRun: The first run of the section; on return, the first run of the next section.
  ///   - differing: The aligned source positions to compare, ascending, or `nil` to compare all of them.
  ///   - nextDiffering: The first of `differing` not before the section; on return, the same for the next one.
  ///   - sourceToTarget: The target position of each source element, or -1 (pass 5); on return, the kept
  ///     position of each kept element of the section.
  /// - Returns: Whether two aligned elements only had equal hashes, not the same identity.
  /// - Complexity: O(*k*) identity and content comparisons for *k* elements of the section.
  @inlinable @inline(never)
  mutating func listSparseUpdatesAndDeletes<Section: DifferentiableSection>(
    section: Int,
    old: Section.Elements,
    target newSections: [Section],
    sourceStart oldStart: [Int],
    targetStart newStart: [Int],
    runs: [(target: Int, source: Int, count: Int)],
    nextRun: inout Int,
    differing: [Int]?,
    nextDiffering: inout Int,
    sourceToTarget: UnsafeMutableBufferPointer<Int>
  ) -> Bool {
    var differs = false
    let start = oldStart[section]
    let end = start + sourceCounts[section]
    let targetStart = newStart[section]
    let new = newSections[section].elements
    var keptCount = 0
    var flat = start
    while flat < end {
      if nextRun < runs.count, runs[nextRun].source == flat {
        let run = runs[nextRun]
        nextRun += 1
        let item = flat - start
        let targetItem = run.target - targetStart
        if let differing {
          // Only the elements whose bits differ from their target's can have changed.
          while nextDiffering < differing.count, differing[nextDiffering] < flat { nextDiffering += 1 }
          while nextDiffering < differing.count, differing[nextDiffering] < flat + run.count {
            let offset = differing[nextDiffering] - flat
            compareRun(
              old, item + offset, new, targetItem + offset,
              run: (run.target + offset, run.source + offset, 1), section: section, differs: &differs)
            nextDiffering += 1
          }
        } else {
          // The run's elements are compared in place where both sides are contiguous (an array's): reading an
          // element of a collection copies it, which retains and releases what it holds (a row's strings).
          let compared: Bool? =
            old.withContiguousStorageIfAvailable { old in
              new.withContiguousStorageIfAvailable { new in
                compareRun(old, item, new, targetItem, run: run, section: section, differs: &differs)
                return true
              }
            } ?? nil
          if compared == nil {
            compareRun(old, item, new, targetItem, run: run, section: section, differs: &differs)
          }
        }
        // One store a position, with wrapping arithmetic, so that the loop is vectorised (see `_storeRun`).
        if let base = sourceToTarget.baseAddress {
          for offset in 0..<run.count { base[flat &+ offset] = keptCount &+ offset }
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
        let targetSection = _flatSection(targetFlat, sectionOf: targetSectionOf, starts: newStart)
        let element = newSections[targetSection].elements[targetFlat - newStart[targetSection]]
        if !element.isContentEqual(to: old[flat - start]) {
          elementUpdated.append(ItemPath(item: flat - start, section: section))
          updatedTargets.append(targetFlat)
        }
        sourceToTarget[flat] = keptCount
        keptCount += 1
      }
      flat += 1
    }
    return differs
  }

  /// Compares the elements of an aligned run of pass 6, pairwise, in place: records the updated ones, and sets
  /// `differs` when two of them only had equal hashes.
  ///
  /// - Parameters:
  ///   - old: The elements of the source section.
  ///   - item: The run's first position in `old`.
  ///   - new: The elements of the target section.
  ///   - targetItem: The run's first position in `new`.
  ///   - run: The run.
  ///   - section: The source section.
  ///   - differs: Set when two aligned elements do not have the same identity.
  @inlinable @inline(__always)
  mutating func compareRun<Element: Differentiable>(
    _ old: UnsafeBufferPointer<Element>, _ item: Int, _ new: UnsafeBufferPointer<Element>, _ targetItem: Int,
    run: (target: Int, source: Int, count: Int), section: Int, differs: inout Bool
  ) {
    guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return }
    for offset in 0..<run.count {
      let previous = oldBase + item + offset
      let element = newBase + targetItem + offset
      // The same bits (a row the app copied from the state before, sharing its strings' storage): the same
      // identity and content, as `Equatable` promises, with no copy of the row.
      if _sameBits(previous, element) { continue }
      if !element.pointee.hasSameIdentity(as: previous.pointee) { differs = true }
      if !element.pointee.isContentEqual(to: previous.pointee) {
        elementUpdated.append(ItemPath(item: item + offset, section: section))
        updatedTargets.append(run.target + offset)
      }
    }
  }

  /// ``compareRun(_:_:_:_:run:section:differs:)`` for collections that are not contiguous.
  @inlinable @inline(__always)
  mutating func compareRun<Old: RandomAccessCollection, New: RandomAccessCollection>(
    _ old: Old, _ item: Int, _ new: New, _ targetItem: Int, run: (target: Int, source: Int, count: Int),
    section: Int, differs: inout Bool
  ) where Old.Index == Int, New.Index == Int, Old.Element == New.Element, New.Element: Differentiable {
    for offset in 0..<run.count {
      let element = new[new.startIndex + targetItem + offset]
      let previous = old[old.startIndex + item + offset]
      if !element.hasSameIdentity(as: previous) { differs = true }
      if !element.isContentEqual(to: previous) {
        elementUpdated.append(ItemPath(item: item + offset, section: section))
        updatedTargets.append(run.target + offset)
      }
    }
  }

  /// Pass 7 of the sparse plan (pass 6 of the full plan): the element inserts and moves, by target.
  ///
  /// Only elements left out by the alignment are inserted or come from another section. In a section that also
  /// has elements paired within it, the moves are those the full plan's longest increasing run leaves, found run
  /// by run (``_stayingCounts(_:)``); in the others every element from the same section is aligned, so stays.
  ///
  /// - Parameters:
  ///   - inserted: The target positions the alignment left out, ascending.
  ///   - insertedSections: The section of each of them.
  ///   - pairedSource: The source position paired with each of them, or -1 (pass 3).
  ///   - runs: The aligned runs, in order (pass 5).
  ///   - sourceToTarget: The kept position of each kept source element (pass 6).
  /// - Complexity: O(*s* + *d*) for *s* sections and *d* positions left out, plus O(*p*²) in a section with *p*
  ///   pieces (aligned runs and left-out elements) that has elements paired within it.
  @usableFromInline @inline(__always)
  mutating func listSparseInsertsAndMoves(
    inserted: [Int],
    insertedSections: [Int],
    pairedSource: [Int],
    runs: [(target: Int, source: Int, count: Int)],
    sourceToTarget: [Int]
  ) {
    let sectionCount = targetStart.count
    var pairedWithin = [Bool](repeating: false, count: sectionCount)
    for (index, source) in pairedSource.enumerated() where source >= 0 {
      if _flatSection(source, sectionOf: sourceSectionOf, starts: sourceStart) == insertedSections[index] {
        pairedWithin[insertedSections[index]] = true
      }
    }
    var nextLeftOut = 0
    var nextRun = 0
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
              Move(
                source: ItemPath(
                  item: sourceToTarget[source],
                  section: _flatSection(source, sectionOf: sourceSectionOf, starts: sourceStart)), target: targetPath)
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
          pieces.append(
            _SparsePiece(
              leftOut: inserted[nextLeftOut], source: pairedSource[nextLeftOut], section: section,
              sourceSection: _flatSection(pairedSource[nextLeftOut], sectionOf: sourceSectionOf, starts: sourceStart),
              sourceToTarget: sourceToTarget))
          nextLeftOut += 1
        }
        pieces.append(
          _SparsePiece(target: run.target, value: sourceToTarget[run.source], count: run.count, source: run.source))
        nextRun += 1
      }
      while nextLeftOut < inserted.count, inserted[nextLeftOut] < end {
        pieces.append(
          _SparsePiece(
            leftOut: inserted[nextLeftOut], source: pairedSource[nextLeftOut], section: section,
            sourceSection: _flatSection(pairedSource[nextLeftOut], sectionOf: sourceSectionOf, starts: sourceStart),
            sourceToTarget: sourceToTarget))
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
                source: ItemPath(
                  item: sourceToTarget[piece.source],
                  section: _flatSection(piece.source, sectionOf: sourceSectionOf, starts: sourceStart)),
                target: targetPath))
          }
          continue
        }
        for offset in staying[index]..<piece.count {
          let source = piece.source + offset
          elementMoved.append(
            Move(
              source: ItemPath(
                item: sourceToTarget[source],
                section: _flatSection(source, sectionOf: sourceSectionOf, starts: sourceStart)),
              target: ItemPath(item: piece.target + offset - start, section: section)))
        }
      }
    }
  }
}

/// Pass 1 of the sparse plan: where each section's elements start, when the target keeps every section of the
/// source, in order (the same model identities), and the hashes cover every element.
///
/// - Parameters:
///   - oldSections: The source sections.
///   - newSections: The target sections.
///   - sourceTotal: The number of source hashes: it must be the number of source elements.
///   - targetTotal: The same for the target.
///   - sourceStart: Receives the flat position of each source section's first element.
///   - targetStart: The same for the target.
/// - Returns: `false` when the sections are not the same or the hashes do not cover the elements.
/// - Complexity: O(*s*) identity comparisons for *s* sections.
@inlinable @inline(__always)
internal func _sparseSectionStarts<Section: DifferentiableSection>(
  source oldSections: [Section],
  target newSections: [Section],
  sourceTotal: Int,
  targetTotal: Int,
  sourceStart oldStart: inout [Int],
  targetStart newStart: inout [Int]
) -> Bool {
  let sectionCount = oldSections.count
  guard newSections.count == sectionCount else { return false }
  oldStart.reserveCapacity(sectionCount)
  newStart.reserveCapacity(sectionCount)
  var oldTotal = 0
  var newTotal = 0
  for section in 0..<sectionCount {
    guard newSections[section].model.hasSameIdentity(as: oldSections[section].model) else { return false }
    oldStart.append(oldTotal)
    newStart.append(newTotal)
    oldTotal += oldSections[section].elements.count
    newTotal += newSections[section].elements.count
  }
  return sourceTotal == oldTotal && targetTotal == newTotal
}

/// Pass 2 of the sparse plan: aligns each section with its target by hashes
/// (``_alignSparse(_:_:sourceBase:targetBase:deleted:inserted:)``) and appends the flat positions left out.
///
/// - Parameters:
///   - sourceHashes: The hash of every source element, in order.
///   - targetHashes: The same for the target.
///   - sourceStart: The flat position of each source section's first element.
///   - targetStart: The same for the target.
///   - deleted: Receives the source positions left out, ascending.
///   - inserted: Receives the target positions left out, ascending.
/// - Returns: `false` when a section has more differences than the alignment's bound.
/// - Complexity: O(*n* + *m* + *d*²) comparisons for *d* positions left out.
@usableFromInline @inline(__always)
internal func _alignSparseSections(
  sourceHashes: [Int],
  targetHashes: [Int],
  sourceStart oldStart: [Int],
  targetStart newStart: [Int],
  deleted: inout [Int],
  inserted: inout [Int]
) -> Bool {
  let sectionCount = oldStart.count
  let oldTotal = sourceHashes.count
  let newTotal = targetHashes.count
  return sourceHashes.withUnsafeBufferPointer { sourceHashes in
    targetHashes.withUnsafeBufferPointer { targetHashes in
      for section in 0..<sectionCount {
        let sourceEnd = section + 1 < sectionCount ? oldStart[section + 1] : oldTotal
        let targetEnd = section + 1 < sectionCount ? newStart[section + 1] : newTotal
        guard
          _alignSparse(
            UnsafeBufferPointer(rebasing: sourceHashes[oldStart[section]..<sourceEnd]),
            UnsafeBufferPointer(rebasing: targetHashes[newStart[section]..<targetEnd]),
            sourceBase: oldStart[section], targetBase: newStart[section], deleted: &deleted, inserted: &inserted)
        else { return false }
      }
      return true
    }
  }
}

/// Pass 3 of the sparse plan: pairs the left-out elements by identity, in order (the k-th source element of an
/// identity with the k-th target element), and checks that no identity left out on one side stands among the
/// aligned elements (they are the same on both sides).
///
/// - Parameters:
///   - oldSections: The source sections.
///   - newSections: The target sections.
///   - sourceStart: The flat position of each source section's first element.
///   - targetStart: The same for the target.
///   - sourceHashes: The hash of every source element, in order.
///   - targetHashes: The same for the target.
///   - deleted: The source positions left out, ascending (pass 2).
///   - inserted: The target positions left out, ascending (pass 2).
///   - pairedSource: Receives, for each of `inserted`, the source position paired with it, or -1.
///   - insertedSections: Receives the section of each of `inserted`.
/// - Returns: `false` when an identity left out also stands aligned, or when `deleted` or `inserted` is not
///   ascending within its side (a caller's alignment that is wrong): the full plan decides then.
/// - Complexity: O(*d*) identity comparisons for *d* positions left out (more for colliding hashes), and O(*n*)
///   probes of a set of the left-out hashes.
@inlinable @inline(__always)
internal func _pairLeftOut<Section: DifferentiableSection>(
  source oldSections: [Section],
  target newSections: [Section],
  sourceStart oldStart: [Int],
  targetStart newStart: [Int],
  sourceHashes: [Int],
  targetHashes: [Int],
  deleted: [Int],
  inserted: [Int],
  pairedSource: inout [Int],
  insertedSections: inout [Int]
) -> Bool {
  // Positions read below must exist: strictly ascending, within their side.
  func isAscending(_ positions: [Int], below count: Int) -> Bool {
    var previous = -1
    for position in positions {
      guard position > previous, position < count else { return false }
      previous = position
    }
    return true
  }
  guard isAscending(deleted, below: sourceHashes.count), isAscending(inserted, below: targetHashes.count) else {
    return false
  }
  let deletedSections = deleted.map { flat in oldStart.partitioningIndex { $0 > flat } - 1 }
  insertedSections = inserted.map { flat in newStart.partitioningIndex { $0 > flat } - 1 }
  pairedSource = [Int](repeating: -1, count: inserted.count)
  var isPaired = [Bool](repeating: false, count: deleted.count)
  var leftOut = _SparseHashSet(capacityFor: deleted.count + inserted.count)
  if !deleted.isEmpty && !inserted.isEmpty {
    // The deleted positions sorted by hash, then in order: one sort, where a dictionary of arrays made an array
    // (and hashed its key) for each of them.
    let byHash = deleted.indices.map { (hash: sourceHashes[deleted[$0]], index: $0) }.sorted {
      $0.hash != $1.hash ? $0.hash < $1.hash : $0.index < $1.index
    }
    for (index, flat) in inserted.enumerated() {
      let hash = targetHashes[flat]
      let first = byHash.partitioningIndex { $0.hash >= hash }
      guard first < byHash.count, byHash[first].hash == hash else { continue }
      let targetSection = insertedSections[index]
      let element = newSections[targetSection].elements[flat - newStart[targetSection]]
      for candidate in byHash[first...].prefix(while: { $0.hash == hash }).lazy.map(\.index)
      where !isPaired[candidate] {
        let sourceFlat = deleted[candidate]
        let sourceSection = deletedSections[candidate]
        if oldSections[sourceSection].elements[sourceFlat - oldStart[sourceSection]].hasSameIdentity(as: element) {
          isPaired[candidate] = true
          pairedSource[index] = sourceFlat
          break
        }
      }
    }
  }
  // An identity left out on one side must not stand among the aligned elements (the same on both sides).
  for flat in deleted { leftOut.insert(sourceHashes[flat]) }
  for flat in inserted { leftOut.insert(targetHashes[flat]) }
  return leftOut.isEmpty
    || !sourceHashes.withUnsafeBufferPointer({ leftOut.containsAny(of: $0, skipping: deleted) })
}

/// Pass 5 of the sparse plan: matches the aligned elements in order, section by section
/// (``_matchAligned(sourceStart:targetStart:sourceTotal:targetTotal:deleted:inserted:sourceToTarget:runs:)``),
/// then the pairs of left-out elements.
///
/// - Parameters:
///   - sourceStart: The flat position of each source section's first element.
///   - targetStart: The same for the target.
///   - sourceTotal: The number of source elements.
///   - targetTotal: The number of target elements.
///   - deleted: The source positions left out, ascending (pass 2).
///   - inserted: The target positions left out, ascending (pass 2).
///   - pairedSource: The source position paired with each of `inserted`, or -1 (pass 3).
///   - sourceToTarget: Receives the target position of every source position, or -1.
///   - runs: Receives the aligned runs (consecutive on both sides, within a section), in order.
/// - Returns: `false` when the positions left out are not those of an alignment of each section (a caller's
///   alignment that does not add up): `sourceToTarget` then holds -1 everywhere.
/// - Complexity: O(*n*) stores, each source position written once, and O(*d*) for the rest.
@usableFromInline @inline(__always)
internal func _matchSparse(
  sourceStart oldStart: [Int],
  targetStart newStart: [Int],
  sourceTotal oldTotal: Int,
  targetTotal newTotal: Int,
  deleted: [Int],
  inserted: [Int],
  pairedSource: [Int],
  sourceToTarget: inout [Int],
  runs: inout [(target: Int, source: Int, count: Int)]
) -> Bool {
  var covered = false
  // Written once (no fill with -1 first: a fill of the whole array costs as much again). Made with room for one
  // element at least: made with none, it is the runtime's one shared empty array, whose count the initialiser
  // writes, a data race with every other thread that reads an empty array (two controllers diffing off the main
  // actor, say). The room past `oldTotal` is never counted.
  sourceToTarget = [Int](unsafeUninitializedCapacity: Swift.max(oldTotal, 1)) { sourceToTarget, sourceInitialized in
    covered = _matchAligned(
      sourceStart: oldStart, targetStart: newStart, sourceTotal: oldTotal, targetTotal: newTotal,
      deleted: deleted, inserted: inserted, sourceToTarget: sourceToTarget, runs: &runs)
    guard covered else {
      // Some positions were not written: write them all.
      sourceToTarget.initialize(repeating: -1)
      sourceInitialized = oldTotal
      return
    }
    for (index, source) in pairedSource.enumerated() where source >= 0 {
      sourceToTarget[source] = inserted[index]
    }
    sourceInitialized = oldTotal
  }
  return covered
}

/// Aligns a source section with its target by Myers' greedy algorithm on hashes, and appends the positions it
/// leaves out: source positions (plus `sourceBase`) to `deleted`, target positions (plus `targetBase`) to
/// `inserted`, both ascending.
///
/// - Parameters:
///   - source: The hashes of the source elements.
///   - target: The hashes of the target elements.
///   - sourceBase: Added to every source position appended.
///   - targetBase: Added to every target position appended.
///   - deleted: Receives the source positions left out.
///   - inserted: Receives the target positions left out.
/// - Returns: `false`, with nothing appended, when more than a bound of positions would be left out (the bound
///   grows as the square root of the sizes, at least 32 and at most 512) and the linear alignment
///   (``_alignGreedy(sourceCount:targetCount:sourceBase:targetBase:deleted:inserted:run:sourceHash:targetHash:)``)
///   does not apply either.
/// - Complexity: O(*n* + *m* + *d*²) comparisons for *d* positions left out, O(*n* + *m*) past the bound.
internal func _alignSparse(
  _ source: UnsafeBufferPointer<Int>,
  _ target: UnsafeBufferPointer<Int>,
  sourceBase: Int,
  targetBase: Int,
  deleted: inout [Int],
  inserted: inout [Int]
) -> Bool {
  _alignSection(
    sourceCount: source.count, targetCount: target.count, sourceBase: sourceBase, targetBase: targetBase,
    deleted: &deleted, inserted: &inserted,
    run: { sourcePosition, targetPosition, limit in
      var count = 0
      while count < limit, source[sourcePosition + count] == target[targetPosition + count] { count += 1 }
      return count
    }, sourceHash: { source[$0] }, targetHash: { target[$0] })
}

/// Aligns a source section with its target: by Myers' search
/// (``_alignSparse(sourceCount:targetCount:sourceBase:targetBase:deleted:inserted:run:)``), and past its bound
/// by the linear alignment
/// (``_alignGreedy(sourceCount:targetCount:sourceBase:targetBase:deleted:inserted:run:sourceHash:targetHash:)``).
/// A long section whose first and last elements both changed (a log that dropped its oldest lines and appended
/// new ones) tries the linear alignment first, as Myers' search would likely pass its bound after O(bound²)
/// work. Both give the same alignment where both succeed; the parameters are theirs.
///
/// Every pair of positions the alignment keeps was passed to `run`, which found it equal: a caller
/// can note, while they compare, what it needs to know of the pairs kept (ListFlow notes the rows whose bits
/// differ, the only ones whose content the plan then compares).
///
/// - Returns: `false`, with nothing appended, when neither applies.
/// - Complexity: O(*n* + *m* + *d*²) comparisons for *d* positions left out, O(*n* + *m*) past the bound.
@inlinable
package func _alignSection(
  sourceCount: Int,
  targetCount: Int,
  sourceBase: Int,
  targetBase: Int,
  deleted: inout [Int],
  inserted: inout [Int],
  run: (Int, Int, Int) -> Int,
  sourceHash: (Int) -> Int,
  targetHash: (Int) -> Int
) -> Bool {
  func equal(_ source: Int, _ target: Int) -> Bool { run(source, target, 1) == 1 }
  let shifted =
    sourceCount + targetCount >= 4_096 && sourceCount > 0 && targetCount > 0 && !equal(0, 0)
    && !equal(sourceCount - 1, targetCount - 1)
  func greedy() -> Bool {
    _alignGreedy(
      sourceCount: sourceCount, targetCount: targetCount, sourceBase: sourceBase, targetBase: targetBase,
      deleted: &deleted, inserted: &inserted, run: run, sourceHash: sourceHash, targetHash: targetHash)
  }
  if shifted, greedy() { return true }
  return _alignSparse(
    sourceCount: sourceCount, targetCount: targetCount, sourceBase: sourceBase, targetBase: targetBase,
    deleted: &deleted, inserted: &inserted, run: run) || (!shifted && greedy())
}

/// ``_alignSparse(_:_:sourceBase:targetBase:deleted:inserted:)`` for any equality of positions: `run(i, j, limit)`
/// says how many of the pairs `(i, j)`, `(i + 1, j + 1)`, ... can be aligned in a row, at most `limit` (one call
/// walks a long run of unchanged elements in the caller's own loop, where a call per element costs a call each;
/// `run(i, j, 1) == 1` says whether one pair can be aligned).
///
/// ListFlow aligns a state's rows with the rows shown by identity, to copy the hashes of the aligned rows rather
/// than hash every row again.
///
/// When it passes its bound, the callers try ``_alignGreedy(sourceCount:targetCount:sourceBase:targetBase:deleted:inserted:run:sourceHash:targetHash:)``
/// (a function of its own, so that this one stays small enough to be inlined and specialised for `run`).
@inlinable
package func _alignSparse(
  sourceCount: Int,
  targetCount: Int,
  sourceBase: Int,
  targetBase: Int,
  deleted: inout [Int],
  inserted: inout [Int],
  run: (Int, Int, Int) -> Int
) -> Bool {
  func equal(_ source: Int, _ target: Int) -> Bool { run(source, target, 1) == 1 }
  // The common start and end.
  let low = run(0, 0, min(sourceCount, targetCount))
  var sourceHigh = sourceCount
  var targetHigh = targetCount
  while sourceHigh > low, targetHigh > low, equal(sourceHigh - 1, targetHigh - 1) {
    sourceHigh -= 1
    targetHigh -= 1
  }
  let n = sourceHigh - low
  let m = targetHigh - low
  if n == 0 || m == 0 {
    deleted.append(contentsOf: (low..<sourceHigh).lazy.map { $0 + sourceBase })
    inserted.append(contentsOf: (low..<targetHigh).lazy.map { $0 + targetBase })
    return true
  }
  let bound = min(n + m, min(512, max(32, 2 * Int(Double(sourceCount + targetCount).squareRoot()))))
  // `trace` holds, for each d, the furthest x on each diagonal k in -d...d, at d * d + k + d.
  var trace: [Int] = []
  var furthest = [Int](repeating: 0, count: 2 * bound + 3)
  let offset = bound + 1
  var found = -1
  search: for d in 0...bound {
    for k in stride(from: -d, through: d, by: 2) {
      var x =
        k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1])
        ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1
      var y = x - k
      if x < n, y < m {
        let snake = run(low + x, low + y, min(n - x, m - y))
        x += snake
        y += snake
      }
      furthest[offset + k] = x
      if x >= n, y >= m {
        found = d
        trace.append(contentsOf: furthest[(offset - d)...(offset + d)])
        break search
      }
    }
    trace.append(contentsOf: furthest[(offset - d)...(offset + d)])
  }
  guard found >= 0 else { return false }
  // Back from the end: each step of d is one position left out.
  var removed: [Int] = []
  var added: [Int] = []
  var x = n
  var y = m
  var d = found
  while d > 0 {
    let k = x - y
    let base = (d - 1) * (d - 1) + d - 1
    let previousK = k == -d || (k != d && trace[base + k - 1] < trace[base + k + 1]) ? k + 1 : k - 1
    let previousX = trace[base + previousK]
    let previousY = previousX - previousK
    if previousK == k + 1 {
      added.append(low + previousY + targetBase)
    } else {
      removed.append(low + previousX + sourceBase)
    }
    x = previousX
    y = previousY
    d -= 1
  }
  deleted.append(contentsOf: removed.reversed())
  inserted.append(contentsOf: added.reversed())
  return true
}

/// The linear alignment of a section, for changes past the bound of `_alignSparse` (a log that drops its oldest
/// thousand lines and appends a thousand new ones): walks both sides in step, and where they differ looks ahead
/// on both sides, one step further each time, for the nearest element that lets them meet again (the elements
/// skipped on that side are left out); when none is found within a window, the two elements are left out as a
/// replacement. Appends the positions left out, ascending, as `_alignSparse` does.
///
/// The alignment is kept only when no position it leaves out on one side equals a position it leaves out on the
/// other (`sourceHash` and `targetHash` find the candidates): then every position that can be aligned is, and
/// for distinct elements it is the only longest alignment, the one Myers' search finds.
///
/// - Parameters:
///   - sourceCount: The number of source positions.
///   - targetCount: The number of target positions.
///   - sourceBase: Added to every source position appended.
///   - targetBase: Added to every target position appended.
///   - deleted: Receives the source positions left out.
///   - inserted: Receives the target positions left out.
///   - run: How many pairs from a source and a target position on can be aligned in a row, at most a limit
///     (`run(i, j, 1) == 1`: whether `i` and `j` can be aligned).
///   - sourceHash: A hash of a source position, equal for positions that `run` pairs.
///   - targetHash: The same for a target position.
/// - Returns: `false`, with nothing appended, when the search passed its budget of comparisons (about four per
///   position), or when a position left out equals one left out on the other side.
/// - Complexity: O(*n* + *m*) comparisons, and O(*d*) hashes for *d* positions left out.
@inlinable
package func _alignGreedy(
  sourceCount sourceEnd: Int,
  targetCount targetEnd: Int,
  sourceBase: Int,
  targetBase: Int,
  deleted: inout [Int],
  inserted: inout [Int],
  run: (Int, Int, Int) -> Int,
  sourceHash: (Int) -> Int,
  targetHash: (Int) -> Int
) -> Bool {
  func equal(_ source: Int, _ target: Int) -> Bool { run(source, target, 1) == 1 }
  let size = sourceEnd + targetEnd
  var budget = 4 * size + 1_024
  let window = max(64, size / 2)
  var removed: [Int] = []
  var added: [Int] = []
  var source = 0
  var target = 0
  while source < sourceEnd, target < targetEnd {
    let aligned = run(source, target, min(sourceEnd - source, targetEnd - target))
    if aligned > 0 {
      source += aligned
      target += aligned
      continue
    }
    var step = 1
    var met = false
    while step <= window {
      let sourceOpen = source + step < sourceEnd
      let targetOpen = target + step < targetEnd
      guard sourceOpen || targetOpen else { break }
      budget -= 2
      if sourceOpen, equal(source + step, target) {
        removed.append(contentsOf: source..<source + step)
        source += step
        met = true
        break
      }
      if targetOpen, equal(source, target + step) {
        added.append(contentsOf: target..<target + step)
        target += step
        met = true
        break
      }
      step += 1
    }
    guard budget >= 0 else { return false }
    if !met {
      removed.append(source)
      added.append(target)
      source += 1
      target += 1
    }
  }
  removed.append(contentsOf: source..<sourceEnd)
  added.append(contentsOf: target..<targetEnd)
  // Every position that could be aligned must be: none left out on one side may equal one left out on the other.
  if !removed.isEmpty, !added.isEmpty {
    // The removed positions sorted by hash: one sort, where a dictionary of arrays made an array for each.
    let byHash = removed.map { (hash: sourceHash($0), position: $0) }.sorted { $0.hash < $1.hash }
    for position in added {
      let hash = targetHash(position)
      var candidate = byHash.partitioningIndex { $0.hash >= hash }
      while candidate < byHash.count, byHash[candidate].hash == hash {
        if equal(byHash[candidate].position, position) { return false }
        candidate += 1
      }
    }
  }
  deleted.append(contentsOf: removed.lazy.map { $0 + sourceBase })
  inserted.append(contentsOf: added.lazy.map { $0 + targetBase })
  return true
}

/// Matches the elements an alignment kept, section by section, in order, and lists them as runs.
///
/// - Parameters:
///   - sourceStart: The flat position of each source section's first element.
///   - targetStart: The same for the target.
///   - sourceTotal: The number of source elements.
///   - targetTotal: The number of target elements.
///   - deleted: The source positions the alignment left out, ascending.
///   - inserted: The target positions it left out, ascending.
///   - sourceToTarget: Receives the target position of every aligned source position, and -1 at every position
///     left out (it may be uninitialized).
///   - runs: Receives the aligned runs (consecutive on both sides, within a section), in order.
/// - Returns: Whether the runs and the positions left out cover every position of both sides (so every entry of
///   `sourceToTarget` was written): so when the positions left out are those of an alignment of each section.
///   When they are not (positions that leave a section's sides of different lengths, or that are not
///   ascending), it returns `false` as soon as it sees it, with some entries not written.
/// - Complexity: O(*n*) stores, O(*d*) for the rest.
internal func _matchAligned(
  sourceStart: [Int],
  targetStart: [Int],
  sourceTotal: Int,
  targetTotal: Int,
  deleted: [Int],
  inserted: [Int],
  sourceToTarget: UnsafeMutableBufferPointer<Int>,
  runs: inout [(target: Int, source: Int, count: Int)]
) -> Bool {
  var nextDeleted = 0
  var nextInserted = 0
  var alignedCount = 0
  for section in sourceStart.indices {
    var source = sourceStart[section]
    var target = targetStart[section]
    let sourceEnd = section + 1 < sourceStart.count ? sourceStart[section + 1] : sourceTotal
    let targetEnd = section + 1 < targetStart.count ? targetStart[section + 1] : targetTotal
    while true {
      while source < sourceEnd, nextDeleted < deleted.count, deleted[nextDeleted] == source {
        sourceToTarget[source] = -1
        source += 1
        nextDeleted += 1
      }
      while target < targetEnd, nextInserted < inserted.count, inserted[nextInserted] == target {
        target += 1
        nextInserted += 1
      }
      guard source < sourceEnd, target < targetEnd else { break }
      let sourceStop = nextDeleted < deleted.count ? min(deleted[nextDeleted], sourceEnd) : sourceEnd
      let targetStop = nextInserted < inserted.count ? min(inserted[nextInserted], targetEnd) : targetEnd
      let count = min(sourceStop - source, targetStop - target)
      // A position left out behind the walk (one not ascending, or one the last section did not reach).
      guard count > 0 else { return false }
      runs.append((target, source, count))
      alignedCount += count
      _storeRun(sourceToTarget, at: source, from: target, count: count)
      source += count
      target += count
    }
    // One side of the section has positions neither aligned nor left out.
    guard source == sourceEnd, target == targetEnd else { return false }
  }
  return alignedCount + nextDeleted == sourceTotal && alignedCount + nextInserted == targetTotal
    && nextDeleted == deleted.count && nextInserted == inserted.count
}

/// Stores `first`, `first + 1`, ... at `count` positions of `buffer` from `position` on: one store a loop, with
/// wrapping arithmetic (positions are far below overflow), so that the loop is vectorised (a trapping `+`, or two
/// buffers that may overlap, keep it one element a step: about 7 instructions a position instead of 1).
///
/// - Precondition: `position..<position + count` lies within `buffer`.
@inline(__always)
internal func _storeRun(_ buffer: UnsafeMutableBufferPointer<Int>, at position: Int, from first: Int, count: Int) {
  guard count > 0, let base = buffer.baseAddress else { return }
  let start = base + position
  for offset in 0..<count { start[offset] = first &+ offset }
}

/// A piece of a target section for the sparse plan's moves: an aligned run, or one left-out element.
internal struct _SparsePiece {
  /// The flat target position of its first element.
  var target: Int
  /// The source position, once the deletes are applied, of its first element, when its elements come from the
  /// same section (they are in the sequence whose longest increasing run stays); -1 otherwise.
  var value: Int
  /// The number of elements; their values follow each other.
  var count: Int
  /// The flat source position of its first element, or -1 for an inserted element.
  var source: Int

  init(target: Int, value: Int, count: Int, source: Int) {
    self.target = target
    self.value = value
    self.count = count
    self.source = source
  }

  /// A left-out target element as a piece: in the section's sequence (with a value) when it is paired with a
  /// source element of the same section.
  ///
  /// - Parameters:
  ///   - target: The flat target position of the element.
  ///   - source: The flat source position paired with it, or -1.
  ///   - section: The target section.
  ///   - sourceSection: The section of `source` (any value when it is -1).
  ///   - sourceToTarget: The kept position of each kept source element.
  @inline(__always)
  init(leftOut target: Int, source: Int, section: Int, sourceSection: Int, sourceToTarget: [Int]) {
    let within = source >= 0 && sourceSection == section
    self.init(target: target, value: within ? sourceToTarget[source] : -1, count: 1, source: source)
  }
}

/// For each piece, how many of its first elements stay: the longest increasing run that
/// ``_longestIncreasingSubsequenceMask(_:)`` marks in the sequence of the pieces' values (pieces with a value of
/// -1 are not in it), found run by run instead of element by element.
///
/// Patience sorting places the elements of a piece, whose values follow each other, at consecutive places of
/// `tails` (each one above the one before it, and below the old tail after it, since values are distinct), and
/// links each to the one before it. So `tails` is kept as spans of pieces, each element after a piece's first is
/// linked to the one before it, and the walk back from the last tail keeps a first part of each piece it meets.
///
/// - Parameter pieces: The pieces in target order.
/// - Returns: For each piece, the number of its first elements that stay (all of a piece not in the sequence).
/// - Complexity: O(*p*²) for *p* pieces.
internal func _stayingCounts(_ pieces: [_SparsePiece]) -> [Int] {
  // Spans of `tails`: a piece and the first of its elements the span covers, and how many.
  var spans: [(piece: Int, offset: Int, count: Int)] = []
  // The element before each piece's first in its run: piece and offset, or -1.
  var previous = [(piece: Int, offset: Int)](repeating: (-1, 0), count: pieces.count)
  for (index, piece) in pieces.enumerated() where piece.value >= 0 {
    // The spans wholly below the piece's first value; the next span starts above it (values are distinct).
    var below = 0
    while below < spans.count,
      pieces[spans[below].piece].value + spans[below].offset + spans[below].count - 1 < piece.value
    {
      below += 1
    }
    if below > 0 {
      let span = spans[below - 1]
      previous[index] = (span.piece, span.offset + span.count - 1)
    }
    // The piece's elements replace the next `piece.count` places.
    var replaced = [(piece: Int, offset: Int, count: Int)](spans[..<below])
    replaced.append((index, 0, piece.count))
    var skip = piece.count
    var next = below
    while next < spans.count, skip > 0 {
      let span = spans[next]
      if span.count <= skip {
        skip -= span.count
        next += 1
      } else {
        replaced.append((span.piece, span.offset + skip, span.count - skip))
        skip = 0
        next += 1
      }
    }
    replaced.append(contentsOf: spans[next...])
    spans = replaced
  }
  var staying = pieces.map { $0.value >= 0 ? 0 : $0.count }
  guard let last = spans.last else { return staying }
  var piece = last.piece
  var offset = last.offset + last.count - 1
  while piece >= 0 {
    staying[piece] = offset + 1
    (piece, offset) = previous[piece]
  }
  return staying
}

/// A small set of hashes with open addressing, for checking many hashes against a few.
@usableFromInline
internal struct _SparseHashSet {
  var slots: [Int]
  var used: [Bool]
  var mask: Int
  var count = 0

  @usableFromInline
  init(capacityFor count: Int) {
    var size = 8
    while size < count * 8 { size *= 2 }
    slots = [Int](repeating: 0, count: size)
    used = [Bool](repeating: false, count: size)
    mask = size - 1
  }

  @usableFromInline var isEmpty: Bool { count == 0 }

  func slot(_ hash: Int) -> Int {
    Int(truncatingIfNeeded: UInt(bitPattern: hash &* -7_046_029_254_386_353_131) >> 32) & mask
  }

  @usableFromInline
  mutating func insert(_ hash: Int) {
    var slot = slot(hash)
    while used[slot] {
      if slots[slot] == hash { return }
      slot = (slot + 1) & mask
    }
    used[slot] = true
    slots[slot] = hash
    count += 1
  }

  /// Whether any of `hashes`, but those at the positions `skipping` (ascending), is in the set.
  ///
  /// - Complexity: O(*n*) probes, run over the buffers without bounds checks.
  @usableFromInline
  func containsAny(of hashes: UnsafeBufferPointer<Int>, skipping: [Int]) -> Bool {
    slots.withUnsafeBufferPointer { slots in
      used.withUnsafeBufferPointer { used in
        var next = 0
        var position = 0
        while position < hashes.count {
          let stop = next < skipping.count ? skipping[next] : hashes.count
          while position < stop {
            let hash = hashes[position]
            var slot = slot(hash)
            while used[slot] {
              if slots[slot] == hash { return true }
              slot = (slot + 1) & mask
            }
            position += 1
          }
          position = stop + 1
          next += 1
        }
        return false
      }
    }
  }

  func contains(_ hash: Int) -> Bool {
    var slot = slot(hash)
    while used[slot] {
      if slots[slot] == hash { return true }
      slot = (slot + 1) & mask
    }
    return false
  }
}

/// Whether two values have the same bits (padding included): then they are the same value, so equal to each
/// other wherever `==` is reflexive, which `Equatable` requires (a NaN apart).
///
/// - Complexity: O(*s*) in the size of `Value`, read eight bytes at a time.
@inlinable @inline(__always)
package func _sameBits<Value>(_ first: UnsafePointer<Value>, _ second: UnsafePointer<Value>) -> Bool {
  let size = MemoryLayout<Value>.size
  let left = UnsafeRawPointer(first)
  let right = UnsafeRawPointer(second)
  var offset = 0
  while offset + 8 <= size {
    if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    {
      return false
    }
    offset += 8
  }
  while offset < size {
    if left.load(fromByteOffset: offset, as: UInt8.self) != right.load(fromByteOffset: offset, as: UInt8.self) {
      return false
    }
    offset += 1
  }
  return true
}

/// How many of the elements at `first` and `second` (at most `limit`) lead with the same bits, found by comparing
/// memory (the C library's `memcmp`, many bytes an instruction): first in blocks of about a kilobyte, then by
/// halves of the block that differs down to ``_sameBitsPiece(of:)`` elements. The count is a lower bound, by less
/// than a piece, of the run of elements with the same bits, for a caller that then compares element by element
/// (``_sameBits(_:_:)``) from there.
///
/// It compares the padding between elements too, so elements with the same bits but other padding stop the count
/// early; it never counts past an element whose bits differ.
///
/// - Complexity: O(*n*) bytes compared for the *n* elements counted, plus O(log *b*) comparisons of at most a
///   block of *b* elements.
@inlinable @inline(__always)
package func _sameBitsPrefix<Value>(_ first: UnsafePointer<Value>, _ second: UnsafePointer<Value>, limit: Int) -> Int {
  let piece = _sameBitsPiece(of: Value.self)
  guard MemoryLayout<Value>.size > 0, limit >= piece else { return 0 }
  return _sameBytesPrefix(
    UnsafeRawPointer(first), UnsafeRawPointer(second), stride: MemoryLayout<Value>.stride, limit: limit,
    block: piece * 8, piece: piece)
}

/// How many of the elements that end at `first` and `second` (at most `limit`) trail with the same bits:
/// ``_sameBitsPrefix(_:_:limit:)`` from the ends (a lower bound, by less than a piece, of the run).
///
/// - Complexity: O(*n*) bytes compared for the *n* elements counted, plus O(log *b*) comparisons of at most a
///   block of *b* elements.
package func _sameBitsSuffix<Value>(
  endingAt first: UnsafePointer<Value>, _ second: UnsafePointer<Value>, limit: Int
) -> Int {
  let piece = _sameBitsPiece(of: Value.self)
  guard MemoryLayout<Value>.size > 0, limit >= piece else { return 0 }
  let stride = MemoryLayout<Value>.stride
  let (first, second) = (UnsafeRawPointer(first), UnsafeRawPointer(second))
  func same(_ count: Int, after trailing: Int) -> Bool {
    memcmp(first - (trailing + count) * stride, second - (trailing + count) * stride, count * stride) == 0
  }
  let block = piece * 8
  var trailing = 0
  while limit - trailing >= block, same(block, after: trailing) { trailing += block }
  var half = block / 2
  while half >= piece {
    if limit - trailing >= half, same(half, after: trailing) { trailing += half }
    half /= 2
  }
  return trailing
}

/// The fewest elements ``_sameBitsPrefix(_:_:limit:)`` compares as memory: about 128 bytes of them, at least one.
@inlinable @inline(__always)
package func _sameBitsPiece<Value>(of _: Value.Type) -> Int {
  Swift.max(1, 128 / Swift.max(1, MemoryLayout<Value>.stride))
}

/// ``_sameBitsPrefix(_:_:limit:)`` on memory: how many of `limit` elements of `stride` bytes lead with the same
/// bytes, in blocks of `block` elements, then halves down to `piece` elements.
@usableFromInline
package func _sameBytesPrefix(
  _ first: UnsafeRawPointer, _ second: UnsafeRawPointer, stride: Int, limit: Int, block: Int, piece: Int
) -> Int {
  var same = 0
  while limit - same >= block, memcmp(first + same * stride, second + same * stride, block * stride) == 0 {
    same += block
  }
  var half = block / 2
  while half >= piece {
    if limit - same >= half, memcmp(first + same * stride, second + same * stride, half * stride) == 0 {
      same += half
    }
    half /= 2
  }
  return same
}
