/// Follows positions through one changeset: where an element or a section that was at a path before the
/// changeset is once it is applied.
///
/// It reads a changeset as `Array.applying(_:)` applies it, in one batch: deletes and move sources are positions
/// before it, inserts and move targets positions after it (every stage of a ``StagedChangeset`` is such a batch,
/// as is a single-batch ``Changeset``). Updates move nothing. Deletes, inserts and moves of sections and elements
/// before a position shift it; its own delete or move decides it. A view uses it to keep its selection and scroll
/// anchor on the same element across an update.
///
/// ```swift
/// let mapper = PathMapper(stage)
/// switch mapper.map(selection) {
/// case .kept(let path): selection = path
/// case .removed(let place): selection = clamped(place)
/// }
/// ```
///
/// Built once per changeset in O(*c* log *c*) for *c* changes, it maps each path in O(log *c*). The changeset
/// should be consistent (as `Array.applying(_:)` checks it); through an inconsistent one, paths map to
/// unspecified paths, never to a trap.
public struct PathMapper: Sendable {
  private let deletedSections: [Int]
  private let movedSectionTargets: [Int: Int]
  /// Deleted or moved-away sections, sorted.
  private let leftSections: [Int]
  /// Inserted or moved-in sections, sorted.
  private let arrivedSections: [Int]
  /// Per source section (sorted by section): deleted items, sorted.
  private let deletedItems: [(section: Int, items: [Int])]
  /// The moves of elements, sorted by source.
  private let movedItems: [(source: ItemPath, target: ItemPath)]
  /// Per source section (sorted by section): deleted or moved-away items, sorted.
  private let leftItems: [(section: Int, items: [Int])]
  /// Per target section (sorted by section): inserted or moved-in items, sorted.
  private let arrivedItems: [(section: Int, items: [Int])]

  /// Prepares the mapping of one changeset.
  ///
  /// - Parameter changeset: The changeset.
  /// - Complexity: O(*c* log *c*) for *c* changes.
  public init<Data>(_ changeset: Changeset<Data>) {
    deletedSections = changeset.sectionDeleted.sorted()
    movedSectionTargets = Dictionary(changeset.sectionMoved.map { ($0.source, $0.target) }) { first, _ in first }
    leftSections = (changeset.sectionDeleted + changeset.sectionMoved.map(\.source)).sorted()
    arrivedSections = (changeset.sectionInserted + changeset.sectionMoved.map(\.target)).sorted()
    // Sorted arrays grouped by section, made by sorting the paths, found by a binary search on the section: hashing
    // every path into sets and grouping dictionaries cost several times more, for thousands of changes, and a
    // dictionary of sections hashed a section on every path mapped.
    deletedItems = Self.grouped(changeset.elementDeleted)
    movedItems = changeset.elementMoved.map { ($0.source, $0.target) }.sorted { $0.source < $1.source }
    leftItems = Self.grouped(changeset.elementDeleted + changeset.elementMoved.map(\.source))
    arrivedItems = Self.grouped(changeset.elementInserted + changeset.elementMoved.map(\.target))
  }

  /// The items of `paths`, sorted, by section, in the order of the sections.
  private static func grouped(_ paths: [ItemPath]) -> [(section: Int, items: [Int])] {
    let sorted = paths.sorted()
    var groups: [(section: Int, items: [Int])] = []
    var start = 0
    while start < sorted.count {
      let section = sorted[start].section
      var end = start + 1
      while end < sorted.count, sorted[end].section == section { end += 1 }
      groups.append((section, sorted[start..<end].map(\.item)))
      start = end
    }
    return groups
  }

  /// The items `groups` holds for `section`: none when it holds none.
  private static func items(_ groups: [(section: Int, items: [Int])], _ section: Int) -> [Int] {
    let index = groups.partitioningIndex { $0.section >= section }
    return index < groups.count && groups[index].section == section ? groups[index].items : []
  }

  /// Where an element is once the changeset is applied.
  ///
  /// - Parameter path: A path before the changeset.
  /// - Returns: ``MappedPath/kept(_:)`` with its new path, or ``MappedPath/removed(_:)`` with the path of the
  ///   place it left (see ``MappedPath/removed(_:)``).
  /// - Complexity: O(log *c*) for *c* changes.
  public func map(_ path: ItemPath) -> MappedPath {
    // Pass 1: the section.
    guard let section = mapSection(path.section) else {
      return .removed(ItemPath(item: 0, section: place(ofDeletedSection: path.section)))
    }
    // Pass 2: a move of the item itself.
    let move = movedItems.partitioningIndex { $0.source >= path }
    if move < movedItems.count, movedItems[move].source == path { return .kept(movedItems[move].target) }
    // Pass 3: take out what left before it in its section, then put back what arrived at or before it. A deleted
    // item is placed by the same count: the elements that stay after it number as many before them as it had, so
    // the first of them lands there (or the count lands past the section's end when none stays).
    let item = path.item &- Self.count(in: Self.items(leftItems, path.section), below: path.item)
    let place = ItemPath(
      item: Self.position(afterArrivals: Self.items(arrivedItems, section), of: item), section: section)
    return Self.contains(Self.items(deletedItems, path.section), path.item) ? .removed(place) : .kept(place)
  }

  /// Where a section is once the changeset is applied, or `nil` when it was deleted.
  ///
  /// - Parameter section: A section index before the changeset.
  /// - Returns: Its index after the changeset.
  /// - Complexity: O(log *c*) for *c* changes.
  public func mapSection(_ section: Int) -> Int? {
    // Wrapping arithmetic here and below: an inconsistent changeset, or a section or item near `Int.min` or
    // `Int.max`, maps to an unspecified place, never to a trap.
    if Self.count(in: deletedSections, below: section &+ 1) != Self.count(in: deletedSections, below: section) {
      return nil
    }
    if !movedSectionTargets.isEmpty, let target = movedSectionTargets[section] { return target }
    return Self.position(afterArrivals: arrivedSections, of: section &- Self.count(in: leftSections, below: section))
  }

  /// The place a deleted section left, once the changeset is applied: the index of the first section after it
  /// that stays (neither deleted nor moved), or the number of sections after the changeset when none after it
  /// stays. A section that stays is placed by the same count (what left before it, then what arrived), and the
  /// sections before the deleted one that stay number `section - left` of those below it.
  private func place(ofDeletedSection section: Int) -> Int {
    Self.position(afterArrivals: arrivedSections, of: section &- Self.count(in: leftSections, below: section))
  }

  /// Whether a sorted array holds `value` (binary search).
  private static func contains(_ sorted: [Int], _ value: Int) -> Bool {
    let index = count(in: sorted, below: value)
    return index < sorted.count && sorted[index] == value
  }

  /// How many values of a sorted array are below `value` (binary search).
  private static func count(in sorted: [Int], below value: Int) -> Int {
    sorted.partitioningIndex { $0 >= value }
  }

  /// The final index of the element at `index` among those that stayed, once `arrivals` (final indices,
  /// sorted) are put in: each arrival at or before its running position pushes it one further.
  private static func position(afterArrivals arrivals: [Int], of index: Int) -> Int {
    // The element lands at `index + k` for the number k of arrivals before it: arrival j (sorted, distinct) comes
    // before it when `arrivals[j] <= index + j`, and `arrivals[j] - j` never decreases: one binary search.
    index &+ arrivals.indices.partitioningIndex { arrivals[$0] &- $0 > index }
  }
}
