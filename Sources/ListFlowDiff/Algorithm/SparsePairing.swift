/// Pass 3 of the sparse plan (``_SectionedPlan/init(sparseSource:target:sourceHashes:targetHashes:alignment:)``):
/// pairs the elements the alignment left out by identity, in order: the k-th left-out source element of an
/// identity with the k-th left-out target element, across sections.
///
/// - Parameters:
///   - deleted: The source positions left out, ascending.
///   - inserted: The target positions left out, ascending.
///   - sourceHashes: The hash of every source element.
///   - targetHashes: The hash of every target element.
///   - sameIdentity: Whether the elements at `deleted[i]` and `inserted[j]`, given `i` and `j`, have the same
///     identity; asked only of elements with equal hashes.
/// - Returns: For each of `inserted`, the source position paired with it, or -1.
/// - Complexity: O(*d*) hashing, plus an identity comparison per left-out pair of equal hashes tried.
@usableFromInline
internal func _pairLeftOut(
  deleted: [Int],
  inserted: [Int],
  sourceHashes: [Int],
  targetHashes: [Int],
  sameIdentity: (_ deletedIndex: Int, _ insertedIndex: Int) -> Bool
) -> [Int] {
  var pairedSource = [Int](repeating: -1, count: inserted.count)
  guard !deleted.isEmpty && !inserted.isEmpty else { return pairedSource }
  var isPaired = [Bool](repeating: false, count: deleted.count)
  var byHash: [Int: [Int]] = [:]
  for (index, flat) in deleted.enumerated() { byHash[sourceHashes[flat], default: []].append(index) }
  for (index, flat) in inserted.enumerated() {
    guard let candidates = byHash[targetHashes[flat]] else { continue }
    for candidate in candidates where !isPaired[candidate] {
      if sameIdentity(candidate, index) {
        isPaired[candidate] = true
        pairedSource[index] = deleted[candidate]
        break
      }
    }
  }
  return pairedSource
}

/// The check that ends pass 3 of the sparse plan: whether an identity left out on one side (by its hash) also
/// stands among the aligned source elements, when the path must give up (the full plan would match it
/// otherwise).
///
/// - Parameters:
///   - sourceHashes: The hash of every source element.
///   - targetHashes: The hash of every target element.
///   - deleted: The source positions left out, ascending.
///   - inserted: The target positions left out, ascending.
/// - Returns: `true` when a hash left out stands at an aligned source position.
/// - Complexity: O(*n* + *d*) probes of a small hash set.
@usableFromInline
internal func _leftOutIdentityIsAligned(
  sourceHashes: [Int],
  targetHashes: [Int],
  deleted: [Int],
  inserted: [Int]
) -> Bool {
  var leftOut = _SparseHashSet(capacityFor: deleted.count + inserted.count)
  for flat in deleted { leftOut.insert(sourceHashes[flat]) }
  for flat in inserted { leftOut.insert(targetHashes[flat]) }
  return !leftOut.isEmpty
    && sourceHashes.withUnsafeBufferPointer { leftOut.containsAny(of: $0, skipping: deleted) }
}

/// A small set of hashes with open addressing, for checking many hashes against a few.
internal struct _SparseHashSet {
  var slots: [Int]
  var used: [Bool]
  var mask: Int
  var count = 0

  init(capacityFor count: Int) {
    var size = 8
    while size < count * 8 { size *= 2 }
    slots = [Int](repeating: 0, count: size)
    used = [Bool](repeating: false, count: size)
    mask = size - 1
  }

  var isEmpty: Bool { count == 0 }

  @inline(__always)
  func slot(_ hash: Int) -> Int {
    Int(truncatingIfNeeded: UInt(bitPattern: hash &* -7_046_029_254_386_353_131) >> 32) & mask
  }

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
