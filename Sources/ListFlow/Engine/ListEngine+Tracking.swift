extension ListEngine {
  /// Moves the remembered positions of the displayed cells through a stage; cells whose element the stage
  /// removes are forgotten (the view ends their display).
  ///
  /// - Complexity: O(*d* log *c*) for *d* displayed cells and *c* changes in the stage.
  func remapDisplayedCells(through stage: Changeset<ListSnapshot>) {
    guard !displayedCells.isEmpty, !stage.isEmpty else { return }
    let mapper = _StagePathMapper(stage)
    var remapped: [ObjectIdentifier: ListElement] = [:]
    remapped.reserveCapacity(displayedCells.count)
    for (cell, element) in displayedCells {
      switch element {
      case .row(let path):
        if case .kept(let target) = mapper.map(path) { remapped[cell] = .row(target) }
      case .header(let section):
        if let target = mapper.mapSection(section) { remapped[cell] = .header(section: target) }
      case .footer(let section):
        if let target = mapper.mapSection(section) { remapped[cell] = .footer(section: target) }
      }
    }
    displayedCells = remapped
  }
}

enum _StageMappedPath: Hashable, Sendable {
  /// The item is still there, at this path.
  case kept(ItemPath)
  /// The item (or its section) was deleted; this is the path that now takes its place, possibly out of range.
  case removed(ItemPath)
}

/// Follows positions through one stage of changes: deletes, inserts and moves of sections and items before a
/// position shift it; its own delete or move decides it.
///
/// Built once per stage, it maps each path in O(log *c*), *c* the number of changes.
struct _StagePathMapper {
  private let deletedSections: [Int]
  private let movedSectionTargets: [Int: Int]
  private let leftSections: [Int]  // deleted or moved-away sections, sorted
  private let arrivedSections: [Int]  // inserted or moved-in sections, sorted
  private let deletedItems: Set<ItemPath>
  private let movedItemTargets: [ItemPath: ItemPath]
  private let leftItems: [Int: [Int]]  // per source section: deleted or moved-away items, sorted
  private let arrivedItems: [Int: [Int]]  // per target section: inserted or moved-in items, sorted

  /// Prepares the mapping of one stage.
  ///
  /// - Parameter changeset: The stage.
  /// - Complexity: O(*c* log *c*).
  init<Data>(_ changeset: Changeset<Data>) {
    deletedSections = changeset.sectionDeleted.sorted()
    movedSectionTargets = Dictionary(changeset.sectionMoved.map { ($0.source, $0.target) }) { first, _ in first }
    leftSections = (changeset.sectionDeleted + changeset.sectionMoved.map(\.source)).sorted()
    arrivedSections = (changeset.sectionInserted + changeset.sectionMoved.map(\.target)).sorted()
    deletedItems = Set(changeset.elementDeleted)
    movedItemTargets = Dictionary(changeset.elementMoved.map { ($0.source, $0.target) }) { first, _ in first }
    leftItems = Dictionary(grouping: changeset.elementDeleted + changeset.elementMoved.map(\.source), by: \.section)
      .mapValues { $0.map(\.item).sorted() }
    arrivedItems = Dictionary(grouping: changeset.elementInserted + changeset.elementMoved.map(\.target), by: \.section)
      .mapValues { $0.map(\.item).sorted() }
  }

  /// Where an item is after the stage.
  ///
  /// - Parameter path: A path before the stage.
  /// - Returns: ``_StageMappedPath/kept(_:)`` with its new path, or ``_StageMappedPath/removed(_:)`` with the path of the
  ///   place it left.
  func map(_ path: ItemPath) -> _StageMappedPath {
    // Pass 1: the section.
    guard let section = mapSection(path.section) else { return .removed(ItemPath(item: 0, section: path.section)) }
    // Pass 2: the item itself deleted or moved.
    if deletedItems.contains(path) { return .removed(ItemPath(item: path.item, section: section)) }
    if let target = movedItemTargets[path] { return .kept(target) }
    // Pass 3: take out what left before it in its section, then put back what arrived at or before it.
    let item = path.item - Self.count(in: leftItems[path.section] ?? [], below: path.item)
    return .kept(ItemPath(item: Self.position(afterArrivals: arrivedItems[section] ?? [], of: item), section: section))
  }

  /// Where a section is after the stage, or `nil` when it was deleted.
  ///
  /// - Parameter section: A section index before the stage.
  /// - Returns: Its index after the stage.
  func mapSection(_ section: Int) -> Int? {
    if Self.count(in: deletedSections, below: section + 1) != Self.count(in: deletedSections, below: section) {
      return nil
    }
    if let target = movedSectionTargets[section] { return target }
    return Self.position(afterArrivals: arrivedSections, of: section - Self.count(in: leftSections, below: section))
  }

  /// How many values of a sorted array are below `value` (binary search).
  private static func count(in sorted: [Int], below value: Int) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The final index of the element at `index` among those that stayed, once `arrivals` (final indices,
  /// sorted) are put in: each arrival at or before its running position pushes it one further.
  private static func position(afterArrivals arrivals: [Int], of index: Int) -> Int {
    // The answer p is the smallest p with p - (arrivals ≤ p) == index and p not an arrival.
    var low = index
    var high = index + arrivals.count
    while low < high {
      let middle = (low + high) / 2
      if middle - count(in: arrivals, below: middle + 1) < index { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
