/// The first global section of each child of a composite, cached: global and local section positions map both
/// ways in O(log n) and O(1).
///
/// A composite shows its children one after another. Child `i` owns the global sections
/// `start(ofChild: i) ..< start(ofChild: i) + counts[i]`; a child with no section owns none.
///
/// ```swift
/// var offsets = SectionOffsets(counts: [2, 0, 3])
/// offsets.childSection(forSection: 3)   // (child: 2, section: 1)
/// offsets.section(forChild: 0, section: 1)   // 1
/// offsets.setCount(1, ofChild: 0)   // child 2 now starts at section 1
/// ```
///
/// The prefix sums are rebuilt only when a child's count really changes, and only from that child on.
struct SectionOffsets: Hashable, Sendable {
  /// The number of sections of each child, in order.
  private(set) var counts: [Int]
  /// `starts[i]` is the number of sections before child `i`; `starts[counts.count]` is the total.
  private var starts: [Int]
  /// How many times the prefix sums were recomputed (partly or fully): a test hook for the caching promise.
  internal private(set) var rebuilds = 0

  /// Creates offsets for children with these section counts.
  ///
  /// - Parameter counts: The number of sections of each child; negative counts are taken as 0.
  /// - Complexity: O(*n*) for *n* children.
  init(counts: [Int] = []) {
    self.counts = counts.map { max(0, $0) }
    starts = [0]
    starts.reserveCapacity(counts.count + 1)
    for count in self.counts { starts.append(starts[starts.count - 1] + count) }
  }

  /// The number of children.
  var childCount: Int { counts.count }

  /// The number of sections of all children together.
  var totalCount: Int { starts[starts.count - 1] }

  /// The global index of the first section of a child.
  ///
  /// - Parameter child: A child index; `childCount` gives the total.
  /// - Returns: The number of sections before the child.
  ///   A child outside `0...childCount` is clamped into it (never a trap).
  /// - Complexity: O(1).
  func start(ofChild child: Int) -> Int {
    let child = min(max(child, 0), childCount)
    return starts[child]
  }

  /// The global sections a child owns.
  ///
  /// - Parameter child: A child index.
  /// - Returns: `start ..< start + count`.
  ///   A child outside `0..<childCount` owns no section: the empty range at the clamped start.
  /// - Complexity: O(1).
  func sections(ofChild child: Int) -> Range<Int> {
    guard counts.indices.contains(child) else { return start(ofChild: child)..<start(ofChild: child) }
    return starts[child]..<starts[child + 1]
  }

  /// The child that owns a global section, and the section's index inside that child.
  ///
  /// - Parameter section: A global section index.
  /// - Returns: The child and local section, or `nil` when `section` is outside `0..<totalCount`.
  /// - Complexity: O(log *n*) for *n* children (a binary search over the cached starts).
  func childSection(forSection section: Int) -> (child: Int, section: Int)? {
    guard section >= 0, section < totalCount else { return nil }
    // The last child whose start is at or before `section`: children with no section share the start of the
    // next one, so the last of them is the one that owns sections.
    let low = starts.prefix(counts.count).partitioningIndex { $0 > section } - 1
    assert(counts[low] > 0 && section < starts[low + 1])
    return (low, section - starts[low])
  }

  /// The global index of a child's section.
  ///
  /// - Parameters:
  ///   - child: A child index.
  ///   - section: A section index inside that child.
  /// - Returns: The global section index, or `nil` when the child or its section does not exist.
  /// - Complexity: O(1).
  func section(forChild child: Int, section: Int) -> Int? {
    guard counts.indices.contains(child), section >= 0, section < counts[child] else { return nil }
    return starts[child] + section
  }

  /// Sets a child's section count, recomputing the starts after it only when the count changed.
  ///
  /// - Parameters:
  ///   - count: The child's number of sections; a negative count is taken as 0.
  ///   - child: A child index.
  ///   A child outside `0..<childCount` is ignored (a documented no-op).
  /// - Complexity: O(1) when the count is unchanged, O(*n* − `child`) otherwise.
  mutating func setCount(_ count: Int, ofChild child: Int) {
    guard counts.indices.contains(child) else { return }
    let count = max(0, count)
    guard counts[child] != count else { return }
    counts[child] = count
    rebuildStarts(from: child)
  }

  /// Inserts a child with a section count.
  ///
  /// - Parameters:
  ///   - count: The new child's number of sections; a negative count is taken as 0.
  ///   - child: Where the child goes.
  ///   A position outside `0...childCount` is clamped into it.
  /// - Complexity: O(*n*).
  mutating func insertChild(count: Int, at child: Int) {
    let child = min(max(child, 0), childCount)
    counts.insert(max(0, count), at: child)
    starts.insert(starts[child], at: child + 1)
    rebuildStarts(from: child)
  }

  /// Removes a child.
  ///
  /// - Parameter child: The child to remove.
  ///   A child outside `0..<childCount` is ignored (a documented no-op).
  /// - Complexity: O(*n*).
  mutating func removeChild(at child: Int) {
    guard counts.indices.contains(child) else { return }
    counts.remove(at: child)
    starts.remove(at: child + 1)
    rebuildStarts(from: child)
  }

  /// Recomputes `starts[child + 1 ...]` from `starts[child]`.
  private mutating func rebuildStarts(from child: Int) {
    rebuilds += 1
    for index in child..<counts.count { starts[index + 1] = starts[index] + counts[index] }
  }

  /// Equal when the counts are: the cache and its counter are not compared.
  static func == (lhs: SectionOffsets, rhs: SectionOffsets) -> Bool { lhs.counts == rhs.counts }

  /// Hashes the counts.
  func hash(into hasher: inout Hasher) { hasher.combine(counts) }
}
