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
  /// - the same moves: a section with elements paired within it chooses them as the full plan does, by a longest
  ///   increasing run of its matching (one pass when the section mostly keeps its order); in another section
  ///   every element that stays in it is aligned, so none of them moves;
  /// - hence the same stages, with the same changes and data.
  ///
  /// - Parameters:
  ///   - oldSections: The source sections.
  ///   - newSections: The target sections, with the sources' identities in the same order.
  ///   - sourceHashes: The ``Differentiable/differenceHash`` of every source element, in order.
  ///   - targetHashes: The same for the target.
  /// - Complexity: O(*n* + *m* + *d*²) comparisons for *d* elements inserted, deleted or moved, with *d* at most
  ///   a bound that grows as the square root of the size (above it the path gives up after that much work); plus,
  ///   for a section with elements moved within it, the longest increasing run over the section (O(*k*) for *k*
  ///   elements that mostly keep their order).
  @inlinable
  package init?<Section: DifferentiableSection>(
    sparseSource oldSections: [Section],
    target newSections: [Section],
    sourceHashes: [Int],
    targetHashes: [Int]
  ) {
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
    guard sourceHashes.count == oldTotal, targetHashes.count == newTotal else { return nil }

    // Align each section by hashes; keep the flat positions left out, ascending. Aligned pairs of equal hashes
    // have their identities compared below (pass 5), and the path gives up on a pair that differs.
    var deleted: [Int] = []
    var inserted: [Int] = []
    let aligned = sourceHashes.withUnsafeBufferPointer { sourceHashes in
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
    guard aligned else { return nil }

    // Pair the left-out elements by identity, in order: the k-th source element of an identity with the k-th
    // target element. `pairedSource[i]` is the source of `inserted[i]`, or -1.
    func sourceElement(_ flat: Int, _ section: Int) -> Section.Elements.Element {
      oldSections[section].elements[flat - oldStart[section]]
    }
    func targetElement(_ flat: Int, _ section: Int) -> Section.Elements.Element {
      newSections[section].elements[flat - newStart[section]]
    }
    func section(ofFlat flat: Int, _ starts: [Int]) -> Int {
      // The last section starting at or before `flat` that is not empty.
      var low = 0
      var high = starts.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if starts[middle] <= flat { low = middle } else { high = middle - 1 }
      }
      return low
    }
    let deletedSections = deleted.map { section(ofFlat: $0, oldStart) }
    let insertedSections = inserted.map { section(ofFlat: $0, newStart) }
    var pairedSource = [Int](repeating: -1, count: inserted.count)
    var isPaired = [Bool](repeating: false, count: deleted.count)
    var leftOut = _SparseHashSet(capacityFor: deleted.count + inserted.count)
    if !deleted.isEmpty && !inserted.isEmpty {
      var byHash: [Int: [Int]] = [:]
      for (index, flat) in deleted.enumerated() { byHash[sourceHashes[flat], default: []].append(index) }
      for (index, flat) in inserted.enumerated() {
        guard let candidates = byHash[targetHashes[flat]] else { continue }
        let element = targetElement(flat, insertedSections[index])
        for candidate in candidates where !isPaired[candidate] {
          if sourceElement(deleted[candidate], deletedSections[candidate]).hasSameIdentity(as: element) {
            isPaired[candidate] = true
            pairedSource[index] = deleted[candidate]
            break
          }
        }
      }
    }
    // An identity left out on one side must not stand among the aligned elements (the same on both sides).
    for flat in deleted { leftOut.insert(sourceHashes[flat]) }
    for flat in inserted { leftOut.insert(targetHashes[flat]) }
    if !leftOut.isEmpty {
      var next = 0
      for flat in 0..<oldTotal {
        if next < deleted.count, deleted[next] == flat {
          next += 1
          continue
        }
        if leftOut.contains(sourceHashes[flat]) { return nil }
      }
    }

    // The plan's arrays, as the full plan fills them.
    var sectionIdentity = _Matching(sourceCount: 0, targetCount: 0)
    sectionIdentity.sourceToTarget = Array(0..<sectionCount)
    sectionIdentity.targetToSource = sectionIdentity.sourceToTarget
    sections = sectionIdentity
    elements = _Matching(sourceCount: 0, targetCount: 0)
    sourceStart = oldStart
    targetStart = newStart
    sourceCounts = oldSections.map(\.elements.count)
    targetCounts = newSections.map(\.elements.count)
    sourceSectionOf = [Int](repeating: 0, count: oldTotal)
    targetSectionOf = [Int](repeating: 0, count: newTotal)
    for section in 1..<max(1, sectionCount) {
      let sourceEnd = oldStart[section] + sourceCounts[section]
      let targetEnd = newStart[section] + targetCounts[section]
      sourceSectionOf.withUnsafeMutableBufferPointer { of in
        for flat in oldStart[section]..<sourceEnd { of[flat] = section }
      }
      targetSectionOf.withUnsafeMutableBufferPointer { of in
        for flat in newStart[section]..<targetEnd { of[flat] = section }
      }
    }
    sectionRank = sectionIdentity.sourceToTarget
    modelUpdated = [Bool](repeating: false, count: sectionCount)
    hasDeletes = [Bool](repeating: false, count: sectionCount)

    // The aligned elements, in order, section by section; then the pairs.
    var sourceToTarget = [Int](repeating: -1, count: oldTotal)
    var targetToSource = [Int](repeating: -1, count: newTotal)
    var isUpdated = [Bool](repeating: false, count: oldTotal)
    sourceToTarget.withUnsafeMutableBufferPointer { sourceToTarget in
      targetToSource.withUnsafeMutableBufferPointer { targetToSource in
        var nextDeleted = 0
        var nextInserted = 0
        for section in 0..<sectionCount {
          var source = oldStart[section]
          var target = newStart[section]
          let sourceEnd = source + sourceCounts[section]
          let targetEnd = target + targetCounts[section]
          while true {
            while source < sourceEnd, nextDeleted < deleted.count, deleted[nextDeleted] == source {
              source += 1
              nextDeleted += 1
            }
            while target < targetEnd, nextInserted < inserted.count, inserted[nextInserted] == target {
              target += 1
              nextInserted += 1
            }
            guard source < sourceEnd, target < targetEnd else { break }
            sourceToTarget[source] = target
            targetToSource[target] = source
            source += 1
            target += 1
          }
        }
        for (index, source) in pairedSource.enumerated() where source >= 0 {
          sourceToTarget[source] = inserted[index]
          targetToSource[inserted[index]] = source
        }
      }
    }

    // Pass 5 of the full plan: section and element updates and deletes, in source order; each kept element's
    // entry becomes its position once the deletes are applied.
    var differs = false
    for section in 0..<sectionCount {
      if !newSections[section].model.isContentEqual(to: oldSections[section].model) {
        sectionUpdated.append(section)
        modelUpdated[section] = true
      }
      let start = oldStart[section]
      let targetStart = newStart[section]
      let targetEnd = targetStart + targetCounts[section]
      let old = oldSections[section].elements
      let new = newSections[section].elements
      var keptCount = 0
      sourceToTarget.withUnsafeMutableBufferPointer { sourceToTarget in
        isUpdated.withUnsafeMutableBufferPointer { isUpdated in
          for item in 0..<old.count {
            let targetFlat = sourceToTarget[start + item]
            if targetFlat < 0 {
              elementDeleted.append(ItemPath(item: item, section: section))
              hasDeletes[section] = true
              continue
            }
            let isSame: Bool
            if targetFlat >= targetStart, targetFlat < targetEnd {
              let element = new[targetFlat - targetStart]
              if !element.hasSameIdentity(as: old[item]) { differs = true }
              isSame = element.isContentEqual(to: old[item])
            } else {
              isSame = targetElement(targetFlat, targetSectionOf[targetFlat]).isContentEqual(to: old[item])
            }
            if !isSame {
              elementUpdated.append(ItemPath(item: item, section: section))
              updatedTargets.append(targetFlat)
              isUpdated[start + item] = true
            }
            sourceToTarget[start + item] = keptCount
            keptCount += 1
          }
        }
      }
      // Two identities with equal hashes were aligned: the full plan decides.
      if differs { return nil }
    }
    var matching = _Matching(sourceCount: 0, targetCount: 0)
    matching.sourceToTarget = sourceToTarget
    matching.targetToSource = targetToSource
    elements = matching
    updated = isUpdated
    needsSurvivors = !elementDeleted.isEmpty

    // Pass 6 of the full plan: inserts and moves, by target. Only elements left out by the alignment are
    // inserted or come from another section. In a section that also has elements paired within it, the moves
    // are chosen as the full plan chooses them, by its longest increasing run over the section; in the others
    // every element from the same section is aligned, so stays.
    var pairedWithin = [Bool](repeating: false, count: sectionCount)
    for (index, source) in pairedSource.enumerated() where source >= 0 {
      if sourceSectionOf[source] == insertedSections[index] { pairedWithin[insertedSections[index]] = true }
    }
    var nextLeftOut = 0
    var sameSection: [Int] = []
    for section in 0..<sectionCount {
      let start = newStart[section]
      let end = start + targetCounts[section]
      guard pairedWithin[section] else {
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
      while nextLeftOut < inserted.count, inserted[nextLeftOut] < end { nextLeftOut += 1 }
      sameSection.removeAll(keepingCapacity: true)
      for flat in start..<end {
        let source = targetToSource[flat]
        if source >= 0, sourceSectionOf[source] == section { sameSection.append(sourceToTarget[source]) }
      }
      let staying = _longestIncreasingSubsequenceMask(sameSection)
      var sameRank = 0
      for flat in start..<end {
        let targetPath = ItemPath(item: flat - start, section: section)
        let source = targetToSource[flat]
        if source < 0 {
          elementInserted.append(targetPath)
          continue
        }
        let sourceSection = sourceSectionOf[source]
        if sourceSection == section {
          defer { sameRank += 1 }
          guard let staying, !staying[sameRank] else { continue }
        }
        elementMoved.append(
          Move(source: ItemPath(item: sourceToTarget[source], section: sourceSection), target: targetPath))
      }
    }
    assert(
      oldTotal - elementDeleted.count + elementInserted.count == newTotal,
      "element counts of the sections must add up")
  }
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
///   grows as the square root of the sizes, at least 32 and at most 512).
/// - Complexity: O(*n* + *m* + *d*²) comparisons for *d* positions left out.
@inlinable
internal func _alignSparse(
  _ source: UnsafeBufferPointer<Int>,
  _ target: UnsafeBufferPointer<Int>,
  sourceBase: Int,
  targetBase: Int,
  deleted: inout [Int],
  inserted: inout [Int]
) -> Bool {
  let sourceCount = source.count
  let targetCount = target.count
  // The common start and end.
  var low = 0
  while low < sourceCount, low < targetCount, source[low] == target[low] { low += 1 }
  var sourceHigh = sourceCount
  var targetHigh = targetCount
  while sourceHigh > low, targetHigh > low, source[sourceHigh - 1] == target[targetHigh - 1] {
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
      while x < n, y < m, source[low + x] == target[low + y] {
        x += 1
        y += 1
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

/// A small set of hashes with open addressing, for checking many hashes against a few.
@usableFromInline
internal struct _SparseHashSet {
  @usableFromInline var slots: [Int]
  @usableFromInline var used: [Bool]
  @usableFromInline var mask: Int
  @usableFromInline var count = 0

  @inlinable
  init(capacityFor count: Int) {
    var size = 8
    while size < count * 8 { size *= 2 }
    slots = [Int](repeating: 0, count: size)
    used = [Bool](repeating: false, count: size)
    mask = size - 1
  }

  @inlinable var isEmpty: Bool { count == 0 }

  @inlinable
  func slot(_ hash: Int) -> Int {
    Int(truncatingIfNeeded: UInt(bitPattern: hash &* -7_046_029_254_386_353_131) >> 32) & mask
  }

  @inlinable
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

  @inlinable
  func contains(_ hash: Int) -> Bool {
    var slot = slot(hash)
    while used[slot] {
      if slots[slot] == hash { return true }
      slot = (slot + 1) & mask
    }
    return false
  }
}
